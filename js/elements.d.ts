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

import type { PosEnc } from './index.js';

/**
 * The posenc API the elements compute with: the page's one WebAssembly instance (started without
 * init's warm-up), for a post that computes numbers of its own beside the elements, or reads
 * `memory()`. The same promise every call.
 */
export declare function posenc(): Promise<PosEnc>;

type Spacing = 'paper' | 'tensor2tensor';
type Layout = 'interleaved' | 'concatenated';

/** Every posenc element: when it first draws. */
declare class PosencLoading extends HTMLElement {
  /** 'eager': draws at once, wherever it is (a figure at the top of a post, a screenshot tool);
   * 'lazy': when it nears the viewport. Reflects the `loading` attribute. @defaultValue 'lazy' */
  loading: 'eager' | 'lazy';
}

/** What the elements of the sinusoid have. */
declare class PosencElement extends PosencLoading {
  /** 1.01 … 1e9. @defaultValue 10000 */ base: number;
  /** @defaultValue 'paper' */ spacing: Spacing;
}

/** `<posenc-encoding length="50" d-model="128">`: the encoding, positions down, dimensions across. */
export declare class PosencEncoding extends PosencElement {
  /** Positions, 1 … 131072. @defaultValue 50 */ length: number;
  /** Even, 2 … 8192. @defaultValue 512 */ dModel: number;
  /** @defaultValue 'interleaved' */ layout: Layout;
  /** First position, ±1e9. @defaultValue 0 */ start: number;
}

/** `<posenc-heatmap>`: the first name of {@link PosencEncoding}, kept for posts that use it. */
export declare class PosencHeatmap extends PosencEncoding {}

/** `<posenc-dots length="8" d-model="512">`: PE·PEᵀ (Toeplitz; hover lights up a diagonal) beside its kernel D(Δ). */
export declare class PosencDots extends PosencElement {
  /** Positions, 1 … 131072. @defaultValue 8 */ length: number;
  /** Even, 2 … 8192. @defaultValue 512 */ dModel: number;
}

/** `<posenc-lines dims="0,64,256,510">`: chosen dimensions over positions. */
export declare class PosencLines extends PosencElement {
  /** Even, 2 … 8192. @defaultValue 512 */ dModel: number;
  /** Positions, 2 … 131072. @defaultValue 100 */ length: number;
  /** Comma-separated dimensions, up to 10 (those ≥ dModel are left out, with a message). @defaultValue '0,64,256,510' */ dims: string;
  /** @defaultValue 'interleaved' */ layout: Layout;
}

/** `<posenc-steps d-model="4" length="5">`: the worked example, step by step, as tables. */
export declare class PosencSteps extends PosencElement {
  /** Even, 2 … 16. @defaultValue 4 */ dModel: number;
  /** Positions, 1 … 20. @defaultValue 5 */ length: number;
  /** @defaultValue 'interleaved' */ layout: Layout;
}

/** `<posenc-clock d-model="16" k="3">`: each (sin, cos) pair a point on a clock, turned by R(k). */
export declare class PosencClock extends PosencElement {
  /** Even, 2 … 512. @defaultValue 16 */ dModel: number;
  /** Any offset in ±1e6, negative and fractional too. @defaultValue 3 */ k: number;
  /** Position, ±1e6. @defaultValue 0 */ pos: number;
  /** @defaultValue 'interleaved' */ layout: Layout;
}

/** `<posenc-periods d-model="512">`: frequencies and periods, the longest highlighted. */
export declare class PosencPeriods extends PosencElement {
  /** Even, 2 … 8192. @defaultValue 512 */ dModel: number;
  /** @defaultValue 'interleaved' */ layout: Layout;
}

/** `<posenc-verify>`: the sources' claims recomputed, with "N passed, M failed"; `data-done="true"` when finished. */
export declare class PosencVerify extends PosencLoading {}

/** `<posenc-variants d-model="64" length="100">`: the paper's encoding beside tensor2tensor's. */
export declare class PosencVariants extends PosencLoading {
  /** Even, 2 … 512. @defaultValue 512 */ dModel: number;
  /** Positions, 1 … 256. @defaultValue 100 */ length: number;
  /** 1.01 … 1e9. @defaultValue 10000 */ base: number;
}

/** `<posenc-tokens text="the cat saw the dog">`: attention without and with positions; the repeated word's rows. */
export declare class PosencTokens extends PosencElement {
  /** A sentence, at most 12 words. @defaultValue 'the cat saw the dog' */ text: string;
  /** Even, 2 … 512. @defaultValue 16 */ dModel: number;
  /** @defaultValue 'interleaved' */ layout: Layout;
}

/** `<posenc-input text="the cat saw the dog" d-model="16">`: embedding × √dModel, PE and their sum. */
export declare class PosencInput extends PosencElement {
  /** A sentence, at most 8 words. @defaultValue 'the cat saw the dog' */ text: string;
  /** Even, 2 … 64. @defaultValue 16 */ dModel: number;
  /** The embedding's factor, `'sqrt'` (√dModel) or `'1'`. @defaultValue 'sqrt' */ scale: 'sqrt' | '1';
  /** @defaultValue 'interleaved' */ layout: Layout;
}

/** `<posenc-shift pair="1" k="3">`: (sin, cos) shift linearly by M_k, sines alone cannot; a slider drags k. */
export declare class PosencShift extends PosencElement {
  /** Even, 2 … 8192. @defaultValue 16 */ dModel: number;
  /** Pair i, 0 … dModel/2 − 1. @defaultValue 1 */ pair: number;
  /** Offset, ±1000. @defaultValue 3 */ k: number;
  /** Positions plotted, 2 … 512. @defaultValue 40 */ length: number;
}

/** `<posenc-extrapolation trained="100" probes="300">`: positions beyond the trained length. */
export declare class PosencExtrapolation extends PosencElement {
  /** Even, 2 … 1024. @defaultValue 512 */ dModel: number;
  /** The trained length L, 1 … 8192. @defaultValue 512 */ trained: number;
  /** Positions beyond L shown, 1 … 8192. @defaultValue 1000 */ probes: number;
}

/** `<posenc-near-repeats d-model="64" max-offset="4096">`: how close PE(a) comes to PE(a + Δ), the closest returns listed; choose one to compare the two encodings. */
export declare class PosencNearRepeats extends PosencElement {
  /** Even, 2 … 8192. @defaultValue 512 */ dModel: number;
  /** The largest offset searched, 8 … 131072. @defaultValue 131072 */ maxOffset: number;
  /** Returns listed, 1 … 20. @defaultValue 8 */ count: number;
}

/** `<posenc-base d-model="512" base="10000">`: why base 10000, with a log base slider. */
export declare class PosencBase extends PosencElement {
  /** Even, 2 … 1024. @defaultValue 512 */ dModel: number;
  /** Offsets searched for the horizon, 64 … 131072. @defaultValue 16384 */ maxOffset: number;
}

/** `<posenc-float32 a="1" b="2" shift="79">`: why equal dot products print differently in float32 (the dot products PyTorch printed in “The Hidden Beauty of Sinusoidal Positional Encodings”). */
export declare class PosencFloat32 extends PosencLoading {
  /** Even, 2 … 8192. @defaultValue 512 */ dModel: number;
  /** 1.01 … 1e9. @defaultValue 10000 */ base: number;
  /** 0 … 511. @defaultValue 1 */ a: number;
  /** 0 … 511. @defaultValue 2 */ b: number;
  /** The second pair is (a + shift, b + shift). @defaultValue 79 */ shift: number;
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
    'posenc-tokens': PosencTokens;
    'posenc-input': PosencInput;
    'posenc-shift': PosencShift;
    'posenc-extrapolation': PosencExtrapolation;
    'posenc-near-repeats': PosencNearRepeats;
    'posenc-base': PosencBase;
    'posenc-float32': PosencFloat32;
  }
}

import type { ConventionName } from './index.js';

/**
 * `<posenc-conventions convention="stable-diffusion" d-model="512" positions="0, 250.5, 999">`:
 * "Your framework": a convention's formula, the framework calls it equals, its difference from the
 * paper (heatmaps and numbers) and a snippet to copy that reproduces it with posenc.
 */
export declare class PosencConventions extends PosencLoading {
  /** A name of `posenc.conventions`. @defaultValue 'tensor2tensor' */ convention: ConventionName;
  /** Whole, 2 … 1024; odd where the convention defines it (not 'mlx'). @defaultValue 512 */ dModel: number;
  /** Finite numbers and whole ranges `a..b`, at most 256 in all, normalised ("0,250.5,999"). @defaultValue '0..63' */ positions: string;
  /** 1.01 … 1e9. @defaultValue 10000 */ base: number;
}

declare global {
  interface HTMLElementTagNameMap {
    'posenc-conventions': PosencConventions;
  }
}

/** `<posenc-rope head-dim="16" m="5" n="2">`: q and k as clock arrows turned by pe.rope, the Toeplitz score heatmap, RoFormer's decay. */
export declare class PosencRope extends PosencLoading {
  /** Even, 2 … 128. @defaultValue 16 */ headDim: number;
  /** rope_theta, 1.01 … 1e9. @defaultValue 10000 */ base: number;
  /** The query's position, 0 … 1e6. @defaultValue 5 */ m: number;
  /** The key's position, 0 … 1e6. @defaultValue 2 */ n: number;
  /** Positions in the score heatmap, 2 … 512. @defaultValue 48 */ length: number;
  /** Seed of q (k: seed + 1), 1 … 2147483645. @defaultValue 1 */ seed: number;
}

/** `<posenc-rope-scaling preset="llama-3.1-8b">`: wavelengths per rotary pair under a real config and the five scalings. */
/** The rotary scaling view's models (js/story/models.js), 'custom', and a name of earlier releases. */
export type RopePreset = 'llama-2-7b' | 'llama-3.1-8b' | 'llama-3.2-1b-instruct' | 'llama-3.2-3b-instruct' | 'mistral-7b-instruct-v0.3' | 'qwen2.5-7b' | 'qwen2.5-72b-yarn' | 'qwen3-8b' | 'qwen2.5-vl-7b-instruct' | 'gemma-2-9b-it' | 'gemma-3-1b-it' | 'gemma-3-4b-it' | 'gemma-3-27b-it' | 'phi-3.5-mini-instruct' | 'phi-3-mini-128k-instruct' | 'deepseek-v3' | 'gpt-oss-120b' | 'gpt-j-6b' | 'gpt-neox-20b' | 'modernbert-base' | 'falcon-7b-instruct' | 'olmo-2-7b-instruct' | 'olmo-3.1-32b-instruct' | 'command-r7b' | 'yarn-llama-2-7b-64k' | 'custom' | 'qwen2.5-7b-yarn';

export declare class PosencRopeScaling extends PosencLoading {
  /** A real model (docs/rope.md), 'custom' (then `config`), or an earlier release's name. @defaultValue 'llama-3.1-8b' */ preset: RopePreset;
  /** A second model drawn beside it, or 'none'. @defaultValue 'none' */ compare: Exclude<RopePreset, 'custom' | 'qwen2.5-7b-yarn'> | 'none';
  /** The config.json read when preset is 'custom'. @defaultValue '' */ config: string;
  /** The head dimension of a config that has none, even, 2 … 1024. @defaultValue 128 */ headDim: number;
  /** Your context length, drawn as a line; 0: none. @defaultValue 0 */ context: number;
  /** The sequence length for dynamic NTK and LongRoPE; 0: the model's max positions. @defaultValue 0 */ length: number;
}

/**
 * `<posenc-family preset="bloom-560m">`: the relative family beside the sinusoid, for generic
 * settings or a real model read from its config.json: how much distance counts for the sinusoid,
 * RoPE and ALiBi, T5's bucket staircase, and the ALiBi bias and T5 bucket matrices with the
 * causal mask (docs/family.md).
 */
export declare class PosencFamily extends PosencLoading {
  /** A real model, 'generic' or 'custom' (reads `config`). @defaultValue 'generic' */
  preset: 'generic' | 'bloom-560m' | 'bloomchat-176b-v1' | 'mpt-7b-instruct' | 'falcon-rw-1b' | 't5-small' | 'mt5-small'
    | 'flan-t5-large' | 'gpt2' | 'bert-base-uncased' | 'opt-125m' | 'whisper-small' | 'custom';
  /** A config.json's text, read when preset is 'custom'. @defaultValue '' */ config: string;
  /** The largest distance drawn, 16 … 131072. @defaultValue 4096 */ maxOffset: number;
  /** The sinusoid's dModel, even, 2 … 1024. @defaultValue 512 */ dModel: number;
  /** Generic ALiBi heads, 1 … 128. @defaultValue 8 */ numHeads: number;
  /** The ALiBi head drawn, 0 … 127 (below the heads). @defaultValue 0 */ head: number;
  /** Generic T5 relative_attention_num_buckets, even, 4 … 256. @defaultValue 32 */ numBuckets: number;
  /** Generic T5 relative_attention_max_distance, 9 … 65536. @defaultValue 128 */ maxDistance: number;
  /** T5's encoder (both ways) or decoder (looking back); an encoder-decoder's layers. @defaultValue 'encoder' */ side: 'encoder' | 'decoder';
  /** Positions in the matrices, 2 … 256. @defaultValue 32 */ length: number;
  /** The causal mask a decoder applies. @defaultValue 'on' */ mask: 'on' | 'off';
}

/**
 * `<posenc-grid grid-height="8" grid-width="12">`: positions on a grid of patches, images and video:
 * the 2D sin-cos encoding as an image per dimension (the column half, MAE's `emb_h`, and the row
 * half), its dot products as one map per patch with a patch's map enlarged beside the axis kernel,
 * EVA-02's 2D rotary scores as one map per query patch, a video's 3D encoding frame by frame, and
 * the M-RoPE position ids t, h, w of a prompt of text, images and video for a Qwen2-VL or
 * Qwen2.5-VL config.json, picked or pasted.
 */
export declare class PosencGrid extends PosencLoading {
  /** Rows of patches H, 1 … 16. @defaultValue 8 */ gridHeight: number;
  /** Columns of patches W, 1 … 16. @defaultValue 12 */ gridWidth: number;
  /** A multiple of 16, 16 … 4096. @defaultValue 768 */ dModel: number;
  /** The pairs i drawn as images, up to 8, each below dModel/4. @defaultValue '0,8,16,32,64' */ pairs: string;
  /** The enlarged patch's row, 0 … 15. @defaultValue 3 */ patchY: number;
  /** The enlarged patch's column, 0 … 15. @defaultValue 5 */ patchX: number;
  /** The seed of the rotary scores' q and k. @defaultValue 1 */ seed: number;
  /** The video's frames, 1 … 16. @defaultValue 4 */ frames: number;
  /** The pair i of the video's dimensions, below dModel/8. @defaultValue 0 */ videoPair: number;
  /** Which views show: all, or one. @defaultValue 'all' */ show: 'all' | 'encoding' | 'dots' | 'rope' | 'video' | 'mrope';
  /** A real model or 'custom' (reads `config`). @defaultValue 'qwen2.5-vl-7b-instruct' */ preset: 'qwen2-vl-7b-instruct' | 'qwen2.5-vl-7b-instruct' | 'custom';
  /** A config.json's text, read when preset is 'custom'. @defaultValue '' */ config: string;
  /** The prompt: `text N`, `image TxHxW`, `video TxHxW s=S`, by commas. @defaultValue 'text 4, image 1x8x12, text 3, video 6x8x8, text 3' */ prompt: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope': PosencRope;
    'posenc-rope-scaling': PosencRopeScaling;
    'posenc-family': PosencFamily;
    'posenc-grid': PosencGrid;
  }
}
