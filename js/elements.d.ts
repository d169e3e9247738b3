/**
 * `posenc/elements`: importing this module (or loading it with
 * `<script type="module" src=".../posenc/dist/elements.js">`) defines the custom elements below.
 * One self-contained file with the WebAssembly inlined: no second request, no eval (works under
 * `script-src 'self' 'wasm-unsafe-eval'; style-src 'self'`), everything inside shadow roots.
 * Attributes are reflected as properties (`el.dModel = 64` sets `d-model="64"`); values outside
 * their rule are clamped to the nearest allowed one and a message says so inside the element.
 * Every element on a page shares one wasm instance. Size them with CSS (`height`, default 320px).
 * @packageDocumentation
 */

type Spacing = 'paper' | 'tensor2tensor';
type Layout = 'interleaved' | 'concatenated';

/** `<posenc-heatmap length="50" d-model="128">`: the encoding, positions down, dimensions across. */
export declare class PosencHeatmap extends HTMLElement {
  /** Positions, 1 … 4096. @defaultValue 50 */ length: number;
  /** Even, 2 … 1024. @defaultValue 128 */ dModel: number;
  /** 1.01 … 1e9. @defaultValue 10000 */ base: number;
  spacing: Spacing;
  layout: Layout;
  /** First position. @defaultValue 0 */ start: number;
}

/** `<posenc-dots length="8" d-model="512">`: PE·PEᵀ (Toeplitz), hover lights up a diagonal. */
export declare class PosencDots extends HTMLElement {
  /** Positions, 1 … 4096. @defaultValue 8 */ length: number;
  /** @defaultValue 512 */ dModel: number;
  base: number;
  spacing: Spacing;
}

/** `<posenc-lines d-model="20" dims="4,5,6,7">`: chosen dimensions over positions. */
export declare class PosencLines extends HTMLElement {
  /** @defaultValue 20 */ dModel: number;
  /** Positions, 2 … 4096. @defaultValue 100 */ length: number;
  /** Comma-separated dimensions, up to 10. @defaultValue '4,5,6,7' */ dims: string;
  base: number;
  spacing: Spacing;
  layout: Layout;
}

/** `<posenc-clock d-model="16" k="3">`: each (sin, cos) pair a clock hand, turned by R(k). */
export declare class PosencClock extends HTMLElement {
  /** Even, 2 … 64. @defaultValue 16 */ dModel: number;
  /** Any offset in ±1e6, negative and fractional too. @defaultValue 3 */ k: number;
  /** @defaultValue 0 */ pos: number;
  base: number;
  spacing: Spacing;
  layout: Layout;
}

/** `<posenc-verify>`: the sources' claims recomputed, with "N passed, M failed". */
export declare class PosencVerify extends HTMLElement {}

declare global {
  interface HTMLElementTagNameMap {
    'posenc-heatmap': PosencHeatmap;
    'posenc-dots': PosencDots;
    'posenc-lines': PosencLines;
    'posenc-clock': PosencClock;
    'posenc-verify': PosencVerify;
  }
}
