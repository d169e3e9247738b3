/**
 * `posenc/elements`: importing this module (or loading it with
 * `<script type="module" src=".../posenc/dist/elements.js">`) defines the custom elements below,
 * one per view of the demo page, each a thin adapter over its `posenc/charts` widget: the
 * attributes are the widget's values. One self-contained file with the WebAssembly inlined: no
 * second request, no eval (works under `script-src 'self' 'wasm-unsafe-eval'; style-src 'self'`),
 * everything inside open shadow roots; every element on a page shares one wasm instance.
 *
 * - Attributes are reflected as properties (`el.dModel = 64` sets `d-model="64"`); reading a
 *   property gives the value in use (the attribute coerced by its rule) and has no side effect.
 * - Values outside their rule draw the nearest allowed one, and a message inside the element
 *   says so ("d-model must be even: using 8").
 * - Any number of attribute or property changes in one task redraw once (next animation frame);
 *   `data-rendered` counts the redraws.
 * - Hover, focus + arrow keys, or touch (tap; drag sideways to scrub) show the exact value in a
 *   readout beside the pointer, inside the viewport.
 * - Colours come from the custom properties `--panel`, `--fg`, `--muted`, `--grid`, `--accent`,
 *   `--accent-2`, `--highlight`, `--pass`, `--fail` on the element or any ancestor (defaults follow
 *   `prefers-color-scheme`); changing them, or the scheme, recolours at once.
 * - Removing an element releases its observers and listeners; adding it again draws it again.
 * Size them with CSS (`height`, default 320px; the table views size to their content).
 * @packageDocumentation
 */

type Spacing = 'paper' | 'tensor2tensor';
type Layout = 'interleaved' | 'concatenated';

/** What every posenc element has. */
declare class PosencElement extends HTMLElement {
  /** 1.01 … 1e9. @defaultValue 10000 */ base: number;
  /** @defaultValue 'paper' */ spacing: Spacing;
}

/** `<posenc-encoding length="50" d-model="128">`: the encoding, positions down, dimensions across. */
export declare class PosencEncoding extends PosencElement {
  /** Positions, 1 … 4096. @defaultValue 50 */ length: number;
  /** Even, 2 … 1024. @defaultValue 128 */ dModel: number;
  /** @defaultValue 'interleaved' */ layout: Layout;
  /** First position, ±1e9. @defaultValue 0 */ start: number;
}

/** `<posenc-heatmap>`: the first name of {@link PosencEncoding}, kept for posts that use it. */
export declare class PosencHeatmap extends PosencEncoding {}

/** `<posenc-dots length="8" d-model="512">`: PE·PEᵀ (Toeplitz; hover lights up a diagonal) beside its kernel D(Δ). */
export declare class PosencDots extends PosencElement {
  /** Positions, 1 … 4096. @defaultValue 8 */ length: number;
  /** Even, 2 … 1024. @defaultValue 512 */ dModel: number;
}

/** `<posenc-lines d-model="20" dims="4,5,6,7">`: chosen dimensions over positions. */
export declare class PosencLines extends PosencElement {
  /** Even, 2 … 1024. @defaultValue 20 */ dModel: number;
  /** Positions, 2 … 4096. @defaultValue 100 */ length: number;
  /** Comma-separated dimensions, up to 10 (those ≥ dModel are left out, with a message). @defaultValue '4,5,6,7' */ dims: string;
  /** @defaultValue 'interleaved' */ layout: Layout;
}

/** `<posenc-steps d-model="4" length="5">`: the worked example, step by step, as tables. */
export declare class PosencSteps extends PosencElement {
  /** Even, 2 … 16. @defaultValue 4 */ dModel: number;
  /** Positions, 1 … 20. @defaultValue 5 */ length: number;
  /** @defaultValue 'interleaved' */ layout: Layout;
}

/** `<posenc-clock d-model="16" k="3">`: each (sin, cos) pair a clock hand, turned by R(k). */
export declare class PosencClock extends PosencElement {
  /** Even, 2 … 64. @defaultValue 16 */ dModel: number;
  /** Any offset in ±1e6, negative and fractional too. @defaultValue 3 */ k: number;
  /** Position, ±1e6. @defaultValue 0 */ pos: number;
  /** @defaultValue 'interleaved' */ layout: Layout;
}

/** `<posenc-periods d-model="512">`: frequencies and periods, the longest highlighted. */
export declare class PosencPeriods extends PosencElement {
  /** Even, 2 … 1024. @defaultValue 512 */ dModel: number;
  /** @defaultValue 'interleaved' */ layout: Layout;
}

/** `<posenc-verify>`: the sources' claims recomputed, with "N passed, M failed"; `data-done="true"` when finished. */
export declare class PosencVerify extends HTMLElement {}

/** `<posenc-variants d-model="64" length="100">`: the paper's encoding beside tensor2tensor's. */
export declare class PosencVariants extends HTMLElement {
  /** Even, 2 … 512. @defaultValue 64 */ dModel: number;
  /** Positions, 1 … 256. @defaultValue 100 */ length: number;
  /** 1.01 … 1e9. @defaultValue 10000 */ base: number;
}

declare global {
  interface HTMLElementTagNameMap {
    'posenc-encoding': PosencEncoding;
    'posenc-heatmap': PosencHeatmap;
    'posenc-dots': PosencDots;
    'posenc-lines': PosencLines;
    'posenc-steps': PosencSteps;
    'posenc-clock': PosencClock;
    'posenc-periods': PosencPeriods;
    'posenc-verify': PosencVerify;
    'posenc-variants': PosencVariants;
  }
}

/** `<posenc-rope head-dim="16" m="5" n="2">`: q and k as clock hands turned by pe.rope, the Toeplitz score heatmap, RoFormer's decay. */
export declare class PosencRope extends HTMLElement {
  /** Even, 2 … 128. @defaultValue 16 */ headDim: number;
  /** rope_theta, 1.01 … 1e9. @defaultValue 10000 */ base: number;
  /** The query's position, 0 … 1e6. @defaultValue 5 */ m: number;
  /** The key's position, 0 … 1e6. @defaultValue 2 */ n: number;
  /** Positions in the score heatmap, 2 … 512. @defaultValue 48 */ length: number;
  /** Seed of q (k: seed + 1), 1 … 2147483645. @defaultValue 1 */ seed: number;
}

/** `<posenc-rope-scaling preset="llama-3.1-8b">`: wavelengths per rotary pair under a real config and the five scalings. */
export declare class PosencRopeScaling extends HTMLElement {
  /** @defaultValue 'llama-3.1-8b' */ preset: 'llama-2-7b' | 'llama-3.1-8b' | 'yarn-llama-2-7b-64k' | 'qwen2.5-7b-yarn' | 'gpt-neox-20b' | 'custom';
}

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope': PosencRope;
    'posenc-rope-scaling': PosencRopeScaling;
  }
}
