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
  def: number | string;
}

/** Options of every widget's `create`. */
export interface CreateOptions {
  /** Prefix of the parts' ids (`${id}-canvas`, `${id}-summary`, …); none by default. */
  id?: string;
  /** The name a coercion message gives a value (elements pass the attribute's name). @defaultValue the rule's label */
  name?: (key: string, rule: Rule) => string;
}

export type Spacing = 'paper' | 'tensor2tensor';
export type Layout = 'interleaved' | 'concatenated';

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

/** A widget module: its values' rules and its constructor. */
export interface WidgetModule<V, W = Widget<V>> {
  readonly rules: { readonly [K in keyof V]-?: Rule };
  create(root: HTMLElement, posenc: PosEnc, options?: CreateOptions): W;
}

/** The encoding matrix as a heatmap; the readout shows a cell's exact float64 value. */
export declare const encoding: WidgetModule<SchemeValues & {
  /** Positions, 1 … 4096. @defaultValue 50 */ length?: number | string;
  /** Even, 2 … 1024. @defaultValue 128 */ dModel?: number | string;
  /** First position, ±1e9. @defaultValue 0 */ start?: number | string;
}>;

/** PE·PEᵀ (Toeplitz) as a heatmap drawn from its kernel row, beside a plot of the kernel D(Δ). */
export declare const dots: WidgetModule<Omit<SchemeValues, 'layout'> & {
  /** Positions, 1 … 4096. @defaultValue 8 */ length?: number | string;
  /** Even, 2 … 1024. @defaultValue 512 */ dModel?: number | string;
}>;

/** Chosen dimensions over positions (float32 curves, float64 readout). */
export declare const lines: WidgetModule<SchemeValues & {
  /** Even, 2 … 1024. @defaultValue 20 */ dModel?: number | string;
  /** Positions, 2 … 4096. @defaultValue 100 */ length?: number | string;
  /** Comma-separated dimensions, up to 10; those ≥ dModel are left out with a message. @defaultValue '4,5,6,7' */ dims?: string;
}>;

/** The worked example as tables: denominators, angles θ = pos·ω, sin and cos. */
export declare const steps: WidgetModule<SchemeValues & {
  /** Even, 2 … 16. @defaultValue 4 */ dModel?: number | string;
  /** Positions, 1 … 20. @defaultValue 5 */ length?: number | string;
}>;

/** Each (sin, cos) pair as a clock hand: PE(pos), R(k)·PE(pos) and PE(pos + k). */
export declare const clock: WidgetModule<SchemeValues & {
  /** Even, 2 … 64. @defaultValue 16 */ dModel?: number | string;
  /** Offset, ±1e6, fractional and negative too. @defaultValue 3 */ k?: number | string;
  /** Position, ±1e6. @defaultValue 0 */ pos?: number | string;
}>;

/** Frequencies and periods 2π/ω_i in a virtual table, the longest highlighted. */
export declare const periods: WidgetModule<SchemeValues & {
  /** Even, 2 … 1024. @defaultValue 512 */ dModel?: number | string;
}>;

/** The sources' claims checked now: a table and "N passed, M failed" (data-done="true" when finished). */
export declare const verify: WidgetModule<{}, Widget<{}> & {
  /** Runs the checks again (once at a time); resolves with the results. The first update() runs them. */
  run(): Promise<CheckResult[]>;
}>;

/** The paper's encoding beside tensor2tensor's, and a table of what changes. */
export declare const variants: WidgetModule<{
  /** Even, 2 … 512. @defaultValue 64 */ dModel?: number | string;
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

/** The allowed value nearest to `raw` under `rule`, and a message naming it (`name`) when it had to change. */
export declare function coerce(rule: Rule, raw: unknown, name?: string): { value: number | string; message?: string };

/** The default palette (`--bg`, `--panel`, `--fg`, `--muted`, `--grid`, `--accent`, `--accent-2`, `--highlight`, `--pass`, `--fail`), light and dark. */
export declare const PALETTE: { readonly light: Readonly<Record<string, string>>; readonly dark: Readonly<Record<string, string>> };
/** The palette as a page's custom properties on :root, light and dark (`prefers-color-scheme`). */
export declare const PAGE_CSS: string;
/** The widgets' styles (colours from the custom properties, falling back to {@link PALETTE}). */
export declare const WIDGET_CSS: string;

/** The ropeScaling widget's presets: real config.json files (docs/rope.md). */
export type RopePreset = 'llama-2-7b' | 'llama-3.1-8b' | 'yarn-llama-2-7b-64k' | 'qwen2.5-7b-yarn' | 'gpt-neox-20b';

/**
 * Rotary embeddings: a query and a key as clock hands (drag a hand, or "random q, k"), q turned
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
 * The wavelengths 2π/θ_i per rotary pair of a model's config (thick) beside default, linear,
 * dynamic NTK, YaRN and Llama 3 scaling at the same factor (4 when the config has none), on a
 * log axis with the original and extended context lengths; the config as JSON in a textarea
 * (edit it to draw your own; an error names the config key in the message line). The note
 * carries `data-attention-factor` and `data-pairs`.
 */
export declare const ropeScaling: WidgetModule<{
  /** A real config, or 'custom' (the textarea's). @defaultValue 'llama-3.1-8b' */ preset?: RopePreset | 'custom';
}>;
