/**
 * `posenc/charts`: posenc's charts as widgets (the demo page and `posenc/elements` are built on
 * them). A widget fills a root element with its canvas(es), value readout, legend, notes and
 * save buttons (PNG, CSV, JSON); `update(values)` redraws it; it redraws itself when its chart
 * boxes are resized or its colours change; `destroy()` releases its listeners and observers and
 * empties the root. Add {@link WIDGET_CSS} to the document (or shadow root) the widget lives in.
 *
 * ```js
 * import { init } from 'posenc';
 * import { encoding, WIDGET_CSS } from 'posenc/charts';
 * const sheet = new CSSStyleSheet();
 * sheet.replaceSync(WIDGET_CSS);
 * document.adoptedStyleSheets.push(sheet);
 * const chart = encoding.create(document.querySelector('#chart'), await init());
 * chart.update({ length: 64, dModel: 128 });
 * ```
 * @packageDocumentation
 */
import type { PosEnc } from './index.js';

/** A value's rule: a range, a set of choices or a list of dimensions, and its default. */
export interface Rule {
  /** The name coercion messages use. */
  label?: string;
  min?: number;
  max?: number;
  /** Whole numbers only (rounded). */
  integer?: boolean;
  /** Even whole numbers only (rounded up). */
  even?: boolean;
  /** One of these strings. */
  choices?: readonly string[];
  /** A comma-separated list of whole numbers ≥ 0, at most `max` of them. */
  list?: boolean;
  /** Free text: its words (split at white space), at most `max` of them. */
  text?: boolean;
  def: number | string;
}

/** Options of every widget's `create`. */
export interface CreateOptions {
  /** Prefix of the parts' ids (`${id}-canvas`, `${id}-summary`, …); none by default. */
  id?: string;
  /** The name a coercion message gives a value (elements pass the attribute's name). @defaultValue the rule's label */
  name?: (key: string, rule: Rule) => string;
  /**
   * Whether widgets with controls of their own (`shift`'s k slider, `base`'s log base slider)
   * show them; a page that builds its own controls passes false. @defaultValue true
   */
  controls?: boolean;
  /**
   * Whether the charts are live (a page where they can be hovered and dragged) or drawn for a
   * still image (posenc/render's figures pass false): a still one draws no hint of what only a
   * live chart does, e.g. `rope`'s "drag an arrow". @defaultValue true
   */
  interactive?: boolean;
}

export type { Layout, Spacing } from './index.js';
import type { Layout, Spacing } from './index.js';

/** The frequency scheme most widgets take. */
export interface SchemeValues {
  /** 1.01 … 1e9. @defaultValue 10000 */ base?: number | string;
  /** @defaultValue 'paper' */ spacing?: Spacing;
  /** @defaultValue 'interleaved' */ layout?: Layout;
}

/**
 * A widget. `update` coerces each value to its rule (the nearest allowed value; a message
 * line inside the widget says what changed), redraws synchronously and returns the values used.
 * Values may be numbers or strings (attribute text); absent ones take their defaults.
 */
export interface Widget<V> {
  update(values?: Partial<V>): Required<V>;
  destroy(): void;
}

/**
 * A widget's size, declared once (the elements read it): it fills a box of `height`, or it sizes
 * to its content with charts `chart` (or `pairChart`, side by side) tall and a tall scroll region
 * of `scroll`; CSS lengths.
 */
export interface WidgetSize {
  readonly height?: string;
  readonly chart?: string;
  readonly pairChart?: string;
  readonly scroll?: string;
}

/** A widget module: its values' rules, its size and its constructor. */
export interface WidgetModule<V, W = Widget<V>> {
  readonly rules: { readonly [K in keyof V]-?: Rule };
  readonly size: WidgetSize;
  /** True where its drawing ends in later tasks (verify's checks): print keeps its fallback. */
  readonly finishesLater?: boolean;
  create(root: HTMLElement, posenc: PosEnc, options?: CreateOptions): W;
}

/**
 * The encoding matrix as a heatmap, computing only the cells the screen shows; the readout
 * names pos, dim, sin or cos, i, ω_i and the angle, and shows the value (x: exact float64).
 */
export declare const encoding: WidgetModule<SchemeValues & {
  /** Positions, 1 … 131072. @defaultValue 50 */ length?: number | string;
  /** Even, 2 … 8192. @defaultValue 512 */ dModel?: number | string;
  /** First position, ±1e9. @defaultValue 0 */ start?: number | string;
}>;

/**
 * PE·PEᵀ (Toeplitz) as a heatmap drawn from its kernel row, beside a plot of the kernel D(Δ);
 * readouts add the cosine similarity D(Δ)/D(0). Beyond N·d/2 = 2²³ cosine terms a strided
 * preview draws at once (the canvases aria-busy) and the full kernel follows in `dotKernel`
 * windows across tasks (131072 × 8192: about half a second).
 */
export declare const dots: WidgetModule<Omit<SchemeValues, 'layout'> & {
  /** Positions, 1 … 131072. @defaultValue 8 */ length?: number | string;
  /** Even, 2 … 8192. @defaultValue 512 */ dModel?: number | string;
}>;

/** Chosen dimensions over positions (float32 curves, float64 readout). */
export declare const lines: WidgetModule<SchemeValues & {
  /** Even, 2 … 8192. @defaultValue 512 */ dModel?: number | string;
  /** Positions, 2 … 131072. @defaultValue 100 */ length?: number | string;
  /** Comma-separated dimensions, up to 10; those ≥ dModel are left out with a message. @defaultValue '0,64,256,510' */ dims?: string;
}>;

/** The worked example as two stacked tables: denominators, then angles pos·ω, sin and cos. */
export declare const steps: WidgetModule<SchemeValues & {
  /** Even, 2 … 16. @defaultValue 4 */ dModel?: number | string;
  /** Positions, 1 … 20. @defaultValue 5 */ length?: number | string;
}>;

/** Each (sin, cos) pair as a point on a clock: PE(pos), R(k)·PE(pos) and PE(pos + k). */
export declare const clock: WidgetModule<SchemeValues & {
  /** Even, 2 … 512 (labels shorten, then go, so they never overlap). @defaultValue 16 */ dModel?: number | string;
  /** Offset, ±1e6, fractional and negative too. @defaultValue 3 */ k?: number | string;
  /** Position, ±1e6. @defaultValue 0 */ pos?: number | string;
}>;

/** Periods 2π/ω_i as a log-scale plot beside a virtual table of frequencies and periods; the longest named above. */
export declare const periods: WidgetModule<SchemeValues & {
  /** Even, 2 … 8192. @defaultValue 512 */ dModel?: number | string;
}>;

/** The sources' claims checked now: a table and "N passed, M failed" (data-done="true" when finished). */
export declare const verify: WidgetModule<{}, Widget<{}> & {
  /** Runs the checks again (once at a time); resolves with the results. The first update() runs them. */
  run(): Promise<CheckResult[]>;
}>;

/** The paper's encoding beside tensor2tensor's, and a table of what changes. */
export declare const variants: WidgetModule<{
  /** Even, 2 … 512. @defaultValue 512 */ dModel?: number | string;
  /** Positions, 1 … 256. @defaultValue 100 */ length?: number | string;
  /** 1.01 … 1e9. @defaultValue 10000 */ base?: number | string;
}>;

/** One verification check's outcome. */
export interface CheckResult {
  claim: string;
  computed: string;
  expected: string;
  pass: boolean;
  /** Time the check took. */
  ms: number;
}

/** Runs every verification check, yielding each result (and to the event loop between them). */
export declare function runChecks(posenc: PosEnc): AsyncGenerator<CheckResult>;

/**
 * Runs `update` (a widget's `update(values)`, say) with every chart's painting held back and
 * returns the held paints: each paints one chart, with its latest data, when called. A page
 * spreads a widget's first drawing over tasks this way: the computation in one task, each
 * chart's painting in its own (code that has never run is slow: a first drawing took 20–45 ms
 * where a redraw takes 2–15). Paints not called leave their charts as they were.
 */
export declare function deferPaints(update: () => void): Array<() => void>;

/**
 * A widget's drawing spread over tasks: `update` runs with the charts' painting held back
 * (`deferPaints`), then each chart is painted in a task of its own (the next queued with a
 * MessageChannel message). With `later`, `update` itself runs in the first of those tasks.
 * `done` resolves once every chart is painted (or rejects with what `update` or a painting
 * threw); after `cancel()` nothing more runs and `done` never settles; `finish()` runs what is
 * left at once, in the caller's task (for print: nothing runs between beforeprint and printing).
 */
export declare function paintApart(update: () => void, options?: { later?: boolean }): { done: Promise<void>; cancel(): void; finish(): void };

/**
 * Sets whether charts draw for print (at 4 device pixels per CSS pixel). Every widget sets it on
 * `beforeprint` and clears it on `afterprint`; a page that creates a widget inside its own
 * `beforeprint` listener, registered before the widgets' (a widget's listener added during the
 * event does not run for it), sets it first, so the new widget draws for print too.
 */
export declare function printing(on: boolean): void;

/** The allowed value nearest to `raw` under `rule`, and a message naming it (`name`) when it had to change. */
export declare function coerce(rule: Rule, raw: unknown, name?: string): { value: number | string; message?: string };

/**
 * A number as every text of the charts prints it: `digits` significant digits (default 6) but
 * never fewer than the whole units (20473564 → "20,473,564"), commas from 10,000 on, a minus
 * sign (U+2212), powers of ten below 10⁻⁴ and from 10¹⁵ ("5.7 × 10⁻¹⁴"), "0" for ±0.
 */
export declare function number(value: number, digits?: number): string;
/** The number a `number()` text stands for (its commas, minus sign and power of ten read back). */
export declare function parseNumber(text: string): number;

/** The default palette (`--bg`, `--panel`, `--fg`, `--muted`, `--grid`, `--accent`, `--accent-2`, `--highlight`, `--pass`, `--fail`), light and dark. */
export declare const PALETTE: { readonly light: Readonly<Record<string, string>>; readonly dark: Readonly<Record<string, string>> };
/** The palette as a page's custom properties on :root, light and dark (`prefers-color-scheme`). */
export declare const PAGE_CSS: string;

/**
 * A log (or symmetric log) scale for a slider: t ∈ [0, 1] (or [−1, 1]) ↔ a value, snapped to
 * what the control accepts. `position(v)` is the inverse of `value(t)`.
 */
export interface SliderScale {
  readonly min: number;
  readonly max: number;
  value(t: number): number;
  position(v: number): number;
  snap(v: number): number;
}
/** A log scale over [min, max] (0 < min < max). */
export declare function logScale(options: { min: number; max: number; snap?: 'integer' | 'even' | 'none'; digits?: number }): SliderScale;
/** A symmetric log scale over [−max, max], linear within ±linear. */
export declare function symlogScale(options: { max: number; linear?: number; snap?: 'integer' | 'even' | 'none'; digits?: number }): SliderScale;
/** Positions of a log slider: 0 … STEPS (−STEPS … STEPS when symmetric). */
export declare const STEPS: number;
/** The numeric part of a {@link Rule}: what a slider needs. */
export interface NumericRule {
  min: number;
  max: number;
  integer?: boolean;
  even?: boolean;
  /** A linear slider's step. @defaultValue 2 when even, 1 when integer, else 'any' */
  step?: number;
}
/** The slider scale of a numeric rule: log over wide ranges, symmetric log for ±max, else null (linear). */
export declare function sliderScale(rule: NumericRule): (SliderScale & { kind: 'log' | 'symlog' }) | null;
/** The range input for a numeric rule (the page's and the widgets' one slider). */
export declare function slider(rule: NumericRule, ariaLabel: string): HTMLInputElement & {
  /** Where a value sits on the slider. */
  positionOf(value: number): number;
  /** The value the slider's position stands for. */
  valueAt(): number;
  /** Moves the slider to a value (and says it to assistive technology). */
  show(value: number): void;
};
/** The widgets' styles (colours from the custom properties, falling back to {@link PALETTE}). */
export declare const WIDGET_CSS: string;

/** One close return of the near-repeat finder: the offset and |PE(a) − PE(a + offset)|. */
export interface NearReturn {
  offset: number;
  distance: number;
}

/**
 * The near-repeat finder: |PE(a) − PE(a + Δ)| = √(2(D(0) − D(Δ))) against the offset Δ (log
 * scale), the closest returns beyond the trivial rise marked and listed (a click or Enter on one
 * shows PE(0), PE(Δ) and their difference), computed in slices of a few ms across frames.
 * The summary has `data-done="true"` when the search has finished.
 */
export interface NearRepeatValues extends Omit<SchemeValues, 'layout'> {
  /** Even, 2 … 8192. @defaultValue 512 */ dModel?: number | string;
  /** The largest offset searched, 8 … 131072. @defaultValue 131072 */ maxOffset?: number | string;
  /** How many returns to list, 1 … 20. @defaultValue 8 */ count?: number | string;
}
export declare const nearRepeats: WidgetModule<NearRepeatValues, Widget<NearRepeatValues> & {
  /** The running (or last) search: resolves when it finishes (never, if a newer update replaced it). */
  result(): Promise<{ distance: Float64Array; trivialEnd: number; returns: NearReturn[]; floor: number } | null>;
  /** Shows the encodings PE(0) and PE(offset) side by side, with their difference. */
  choose(offset: number): void;
}>;

/** The trade-off of one base (js/story/base.js `baseTradeoff`). */
export interface BaseTradeoff {
  base: number;
  /** |PE(p + 1) − PE(p)|, the same at every p. */
  resolution: number;
  /** 2π/ω_min. */
  longestPeriod: number;
  /** The first far offset as close as a neighbour, or null up to maxOffset. */
  range: number | null;
  rangeDistance: number | null;
  /** The first offset with D(Δ) ≤ 0, or null up to maxOffset. */
  horizon: number | null;
}

/**
 * Why base 10000: a base slider (log scale) and number box; neighbour distance, longest period and
 * horizon against the base, the current base and the paper's 10000 marked; the encoding at the
 * chosen base. The summary has `data-done="true"` when the current base's search has finished.
 */
export interface BaseValues {
  /** Even, 2 … 1024. @defaultValue 512 */ dModel?: number | string;
  /** The base first shown (the slider then moves it), 2 … 1e9. @defaultValue 10000 */ base?: number | string;
  /** Offsets searched for the horizon, 64 … 131072. @defaultValue 16384 */ maxOffset?: number | string;
  /** @defaultValue 'paper' */ spacing?: Spacing;
}
export declare const base: WidgetModule<BaseValues, Widget<BaseValues> & {
  /** The trade-off at the current base once its search finished, else null. */
  current(): BaseTradeoff | null;
}>;

/**
 * The float32 story of seed 000: dot(a, b) and dot(a + shift, b + shift) of the tutorial's
 * float32 encoding, taken apart stage by stage (frequencies, angles, sin/cos, the summation)
 * beside the exact value, posenc's float32 value and, at dModel 512 and base 10000, what
 * PyTorch printed; the contributions as bars in float32 ulps; the sum in each order.
 */
export declare const float32: WidgetModule<{
  /** Even, 2 … 8192. @defaultValue 512 */ dModel?: number | string;
  /** 1.01 … 1e9. @defaultValue 10000 */ base?: number | string;
  /** First position of the first pair, 0 … 511. @defaultValue 1 */ a?: number | string;
  /** Second position of the first pair, 0 … 511. @defaultValue 2 */ b?: number | string;
  /** The second pair is (a + shift, b + shift), at most 511 (a larger shift is reduced, with a message). @defaultValue 79 */ shift?: number | string;
}>;

/** A rule of its own kind (merged into {@link Rule}): `coerce` replaces the built-in coercion. */
export interface Rule {
  /** The allowed value nearest to `raw`, and a message naming it (`name`) when it had to change. */
  coerce?: (raw: unknown, name?: string) => { value: number | string; message?: string };
  /** Free text (a page shows a text field), e.g. a list of positions. */
  text?: boolean;
  /** A text a page shows in a field as wide as its default (a phone: the whole row), e.g. a prompt. */
  wide?: boolean;
}

import type { ConventionName } from './index.js';

/**
 * "Your framework": one of `posenc.conventions` beside the paper. Its formula, the framework
 * calls it equals (with files), heatmaps of the paper, the convention and the change of values
 * (convention − the paper laid out in the convention's column order: 0 when the convention only
 * permutes the paper's columns), a table of numbers (PE(1)'s first values, dot(PE(1), PE(2)),
 * the longest period, max |difference| both ways; each cell's title holds the exact value) and
 * a snippet to copy that prints those numbers with posenc. Parts: `${id}-summary`, `${id}-table`,
 * `${id}-snippet`, `${id}-copy`, `${id}-paper-canvas`, `${id}-convention-canvas`, `${id}-difference-canvas`.
 */
export declare const conventions: WidgetModule<{
  /** A name of `posenc.conventions`. @defaultValue 'tensor2tensor' */ convention?: ConventionName;
  /**
   * Whole, 2 … 1024; odd only where the convention defines an odd d (all but 'mlx', where an
   * odd value becomes the next even one, with a message). @defaultValue 512
   */
  dModel?: number | string;
  /**
   * Positions (rows): finite numbers and whole ranges `a..b`, separated by commas or spaces,
   * at most 256 in all (e.g. "0, 250.5, 999" for diffusion timesteps). @defaultValue '0..63'
   */
  positions?: string;
  /** 1.01 … 1e9 (diffusion: max_period). @defaultValue 10000 */ base?: number | string;
}>;

// The story's first steps and its extrapolation (issue 13).

/** A sentence's words: the repeated one at two positions. */
export interface SentenceValues {
  /** A sentence, split at white space; at most 12 words (`input`: 8). @defaultValue 'the cat saw the dog' */ text?: string;
}

/**
 * Step 1: attention weights softmax(x·xᵀ/√dModel) of a sentence (deterministic embeddings, identity
 * projections) without positions and with PE added, side by side; the repeated word's rows are
 * equal without positions, and the note says by how much they differ with them.
 */
export declare const tokens: WidgetModule<SchemeValues & SentenceValues & {
  /** Even, 2 … 512. @defaultValue 16 */ dModel?: number | string;
}>;

/** Step 2: Input = Embedding + PE (pe.addTo): three heatmaps on one colour scale, tokens down, dimensions across. */
export declare const input: WidgetModule<SchemeValues & SentenceValues & {
  /** Even, 2 … 64. @defaultValue 16 */ dModel?: number | string;
  /** The embedding's factor: `'sqrt'` (√dModel, the paper) or `'1'`. @defaultValue 'sqrt' */ scale?: 'sqrt' | '1';
}>;

/**
 * Step 4: for one pair and offset k, the value at pos + k predicted from pos against the actual
 * one: M_k for (sin, cos) (on y = x), the best factor for sines only (off it; two positions with
 * the same sine linked). `create(root, posenc, { controls: false })` hides the widget's own k slider.
 */
export interface ShiftValues {
  /** 1.01 … 1e9. @defaultValue 10000 */ base?: number | string;
  /** @defaultValue 'paper' */ spacing?: Spacing;
  /** Even, 2 … 8192. @defaultValue 16 */ dModel?: number | string;
  /** The pair i (frequency ω_i), 0 … dModel/2 − 1 (larger: the last, with a message). @defaultValue 1 */ pair?: number | string;
  /** Offset, ±1000, fractional too. @defaultValue 3 */ k?: number | string;
  /** Positions plotted, 2 … 512. @defaultValue 40 */ length?: number | string;
}
export declare const shift: {
  readonly rules: WidgetModule<ShiftValues>['rules'];
  readonly size: WidgetSize;
  create(root: HTMLElement, posenc: PosEnc, options?: CreateOptions & {
    /** Show the widget's own k slider (a page with its own control passes false). @defaultValue true */ controls?: boolean;
  }): Widget<ShiftValues>;
};

/**
 * Step 8: over positions 0 … trained + probes − 1, the trained length L marked: the distance
 * from PE(p) to the nearest trained encoding (with the neighbour distance and √dModel for scale), and the
 * share of pairs at angles training never saw.
 */
export declare const extrapolation: WidgetModule<Omit<SchemeValues, 'layout'> & {
  /** Even, 2 … 1024. @defaultValue 512 */ dModel?: number | string;
  /** The trained length L, 1 … 8192. @defaultValue 512 */ trained?: number | string;
  /** Positions shown beyond it, 1 … 8192. @defaultValue 1000 */ probes?: number | string;
}>;

/** The later-models view's presets: real config.json files (docs/family.md). */
export type FamilyPreset = 'bloom-560m' | 'bloomchat-176b-v1' | 'mpt-7b-instruct' | 'falcon-rw-1b' | 't5-small' | 'mt5-small'
  | 'flan-t5-large' | 'gpt2' | 'bert-base-uncased' | 'opt-125m' | 'whisper-small';

/**
 * The relative family beside the sinusoid, for generic settings or a real model read from its
 * config.json: distance curves (sinusoid, RoPE, an ALiBi fan), T5's staircase, the ALiBi and T5
 * matrices with the causal mask; a model shows the charts it has.
 */
export declare const family: WidgetModule<{
  /** A real model, the generic settings below, or `custom` (reads `config`). @defaultValue 'generic' */ preset?: 'generic' | FamilyPreset | 'custom';
  /** A config.json's text, read when preset is 'custom' (at most 65536 characters). @defaultValue '' */ config?: string;
  /** The largest distance drawn, 16 … 131072. @defaultValue 4096 */ maxOffset?: number | string;
  /** The sinusoid's dModel, even, 2 … 1024. @defaultValue 512 */ dModel?: number | string;
  /** Generic ALiBi heads, 1 … 128. @defaultValue 8 */ numHeads?: number | string;
  /** The ALiBi head drawn, 0 … 127 (below the heads). @defaultValue 0 */ head?: number | string;
  /** Generic T5 relative_attention_num_buckets, even, 4 … 256. @defaultValue 32 */ numBuckets?: number | string;
  /** Generic T5 relative_attention_max_distance, 9 … 65536. @defaultValue 128 */ maxDistance?: number | string;
  /** T5's encoder or decoder rule; an encoder-decoder's layers. @defaultValue 'encoder' */ side?: 'encoder' | 'decoder';
  /** Positions in the matrices, 2 … 256. @defaultValue 32 */ length?: number | string;
  /** The causal mask a decoder applies, on the ALiBi matrix and T5's decoder matrix. @defaultValue 'on' */ mask?: 'on' | 'off';
}>;

/** The ropeScaling widget's presets: real config.json files (docs/rope.md). */
export type RopePreset = 'llama-2-7b' | 'llama-3.1-8b' | 'yarn-llama-2-7b-64k' | 'qwen2.5-7b-yarn' | 'gpt-neox-20b';

/**
 * Rotary embeddings: a query and a key as clock arrows (drag an arrow, or "random q, k"), q turned
 * by pe.rope to position m and k to n; the scores q(m)·k(n) over (m, n) as a Toeplitz heatmap
 * (the cursor lights up its diagonal); the score against the offset m − n (log axis) under
 * RoFormer's relative upper bound. The note's `data-score` is q(m)·k(n).
 */
export declare const rope: WidgetModule<{
  /** The head dimension: even, 2 … 128 (the first 8 pairs are drawn as clocks). @defaultValue 16 */ headDim?: number | string;
  /** rope_theta: 1.01 … 1e9. @defaultValue 10000 */ base?: number | string;
  /** The query's position: whole, 0 … 1e6. @defaultValue 5 */ m?: number | string;
  /** The key's position: whole, 0 … 1e6. @defaultValue 2 */ n?: number | string;
  /** Positions in the score heatmap, 2 … 512. @defaultValue 48 */ length?: number | string;
  /** q and k are drawn from this seed (k from seed + 1): whole, 1 … 2147483645. @defaultValue 1 */ seed?: number | string;
}>;

/**
 * The wavelengths 2π/ω_i per rotary pair of a model's config (thick) beside default, linear,
 * dynamic NTK, YaRN and Llama 3 scaling at the same factor (4 when the config has none), on a
 * log axis with the original and extended context lengths; the config as JSON in a textarea
 * (edit it to draw your own; an error names the config key in the message line). The note
 * carries `data-attention-factor` and `data-pairs`.
 */
export declare const ropeScaling: WidgetModule<{
  /** A real config, or 'custom' (the textarea's). @defaultValue 'llama-3.1-8b' */ preset?: RopePreset | 'custom';
}>;

/** The grid view's vision-language models: real config.json files (tests/fixtures/configs). */
export type VisionPreset = 'qwen2-vl-7b-instruct' | 'qwen2.5-vl-7b-instruct';

/**
 * Positions on a grid (images and video), each view drawn from the public API: the 2D sin-cos
 * table (pe.encoding2d, MAE's layout) as an image per dimension; its Gram matrix
 * (pe.dotMatrix2d) as one map per patch, a patch's map enlarged beside the axis kernel
 * (pe.dotKernel at dModel/2); EVA-02's axial 2D RoPE scores (pe.rope with axes [32, 32]) as one
 * map per query patch; a video's 3D table (pe.encoding3d, CogVideoX's layout) frame by frame; and
 * the M-RoPE position ids t, h, w of a prompt (pe.mropePositions) for a picked or pasted config.
 */
export declare const grid: WidgetModule<{
  /** Rows of patches H, 1 … 16. @defaultValue 8 */ gridHeight?: number | string;
  /** Columns of patches W, 1 … 16. @defaultValue 12 */ gridWidth?: number | string;
  /** A multiple of 16, 16 … 4096. @defaultValue 768 */ dModel?: number | string;
  /** The pairs i drawn as images, up to 8, each below dModel/4. @defaultValue '0,8,16,32,64' */ pairs?: string;
  /** The patch whose map is enlarged: its row, 0 … 15 (below the grid's height). @defaultValue 3 */ patchY?: number | string;
  /** … and its column, 0 … 15 (below the grid's width). @defaultValue 5 */ patchX?: number | string;
  /** q and k of the rotary scores are drawn from this seed (k from seed + 1). @defaultValue 1 */ seed?: number | string;
  /** The video's frames, 1 … 16. @defaultValue 4 */ frames?: number | string;
  /** The pair i of the video's dimensions, below dModel/8. @defaultValue 0 */ videoPair?: number | string;
  /** Which views show: all, or one. @defaultValue 'all' */ show?: 'all' | 'encoding' | 'dots' | 'rope' | 'video' | 'mrope';
  /** A real config, or 'custom' (the textarea's). @defaultValue 'qwen2.5-vl-7b-instruct' */ preset?: VisionPreset | 'custom';
  /** A config.json's text, read when preset is 'custom'. @defaultValue '' */ config?: string;
  /** The prompt: `text N`, `image TxHxW`, `video TxHxW s=S`, by commas. @defaultValue 'text 4, image 1x8x12, text 3, video 6x8x8, text 3' */ prompt?: string;
}>;
