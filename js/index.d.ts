/**
 * posenc: the sinusoidal positional encodings of "Attention Is All You Need" and their
 * structure, computed in WebAssembly.
 *
 *   PE(pos, 2i) = sin(pos·ω_i),  PE(pos, 2i+1) = cos(pos·ω_i),  ω_i = base^(−2i/dModel)
 *
 * Every result is a JS-owned typed array: nothing to `.delete()`, nothing leaks.
 * Bad arguments throw `TypeError` (wrong type, unknown option) or `RangeError` (a value
 * outside its rule, or a result over the size cap), with a message naming the parameter,
 * e.g. `dModel must be an even integer between 2 and 65536, got 7`.
 * @packageDocumentation
 */

/** A row-major matrix: element (r, c) is `data[r * cols + c]`. */
export interface Matrix<D extends Float32Array | Float64Array = Float32Array | Float64Array> {
  rows: number;
  cols: number;
  data: D;
}

/** Numeric element type of a result. */
export type DType = 'float32' | 'float64';
/** How the frequencies are spaced (js/choices.js holds every choice list once). */
export type Spacing = 'paper' | 'tensor2tensor';
/** Which columns hold pair i. */
export type Layout = 'interleaved' | 'concatenated';
/** Sine or cosine first in each pair. */
export type Order = 'sin-cos' | 'cos-sin';
/** How dotMatrix fills the matrix. */
export type Method = 'toeplitz' | 'direct';
/** encoding2d's and dotMatrix2d's `convention`: whose code computes the grid's positions. */
export type GridConvention = 'mae' | 'diffusers';
/** encoding3d's `convention`. */
export type VideoConvention = 'cogvideox';

/** A vector or matrix data argument: a plain array of numbers or a numeric typed array. */
export type Numbers = ArrayLike<number>;

/** Which encoding: accepted by every function. */
export interface SchemeOptions {
  /**
   * The base of the wavelengths' geometric progression: ω_i = base^(−2i/dModel).
   * A finite number > 1.
   * @defaultValue 10000
   */
  base?: number;
  /**
   * How frequencies are spaced: `'paper'`, ω_i = base^(−2i/dModel), or `'tensor2tensor'`,
   * ω_i = base^(−i/(dModel/2 − 1)) as in tensor2tensor and code derived from it (the last
   * wavelength is exactly 2π·base). At dModel = 512, dot(1, 2) is ≈ 249.102 vs ≈ 249.128.
   * @defaultValue 'paper'
   */
  spacing?: Spacing;
  /**
   * Where each pair's sine and cosine sit in a row: `'interleaved'` (the paper: columns 2i and
   * 2i+1) or `'concatenated'` (tensor2tensor: all sines, then all cosines: columns i and
   * i + dModel/2). Accepted by every function so one options object fits all calls; it does
   * not change frequencies, periods or dot products.
   * @defaultValue 'interleaved'
   */
  layout?: Layout;
  /**
   * Which function of each pair comes first: `'sin-cos'` (the paper) or `'cos-sin'`
   * (guided-diffusion, diffusers `flip_sin_to_cos=True`, MLX `cos_first`). With the
   * concatenated layout it swaps the two blocks. Rotations follow it; dot products ignore it.
   * @defaultValue 'sin-cos'
   */
  order?: Order;
  /**
   * Angle = angleScale·pos·ω_i: diffusers' `scale` (1000 in AuraFlow), MLX `full_turns` (2π),
   * a framework's `min_timescale`/`max_freq` factor. `frequencies` and `periods` include it.
   * A finite number > 0.
   * @defaultValue 1
   */
  angleScale?: number;
  /**
   * Every value times this; dot products times amplitude². MLX's default is √(2/dModel)
   * (convention `'mlx'` sets it per call). Any finite number.
   * @defaultValue 1, or the convention's
   */
  amplitude?: number;
  /**
   * A named preset equal to another codebase's encoding: it sets spacing, layout, order,
   * amplitude and what an odd dModel means; options given explicitly override it. Without a
   * convention (or with `'mlx'`) dModel must be even. `posenc.conventions` describes each one
   * (formula, the framework calls it equals, odd-dModel rule); docs/conventions.md maps each
   * framework call onto options.
   *
   * An odd dModel's extra sine column (`'paper'`, `'tf-tutorial'`) has no cosine partner:
   * `rotation`, `shift`, `dotKernel` and Toeplitz `dotMatrix` refuse it (dotMatrix method
   * `'direct'` works); a zero column (the others) keeps every identity.
   * @defaultValue none: the paper's options above
   */
  convention?: ConventionName;
}

/** Options of `dotKernel`. */
export interface DotKernelOptions extends SchemeOptions {
  /** The first offset: an integer from 0 to maxOffset. @defaultValue 0 */
  start?: number;
}

/** The named presets of `SchemeOptions.convention`. */
export type ConventionName = 'paper' | 'tensor2tensor' | 'fairseq' | 'tf-tutorial' | 'diffusers'
  | 'stable-diffusion' | 'guided-diffusion' | 'dit' | 'mlx';

/** A preset, as listed in `posenc.conventions`. */
export interface Convention {
  name: ConventionName;
  title: string;
  /** The encoding as a formula, with the framework's parameter names. */
  formula: string;
  /** The options it sets. */
  options: Readonly<{ spacing: Spacing; layout: Layout; order: Order }>;
  /** A number, or `'sqrt(2 / dModel)'` (MLX), evaluated per call. */
  amplitude: number | 'sqrt(2 / dModel)';
  /** What an odd dModel means: an extra sine column, a zero column, or a RangeError. */
  oddDModel: 'extra-sine' | 'zero-column' | 'error';
  oddNote: string;
  /** The framework calls it equals, with their files (repository and path). */
  equals: ReadonlyArray<Readonly<{ call: string; file: string }>>;
}

export interface EncodingOptions<T extends DType = DType> extends SchemeOptions {
  /**
   * Position of the first row: row r is position `start + r` (with a positions list, row r is
   * `start + positions[r]`). Any finite number. @defaultValue 0
   */
  start?: number;
  /** Element type of `data`. @defaultValue 'float32' */
  dtype?: T;
  /**
   * Write into this array (length·dModel values) instead of allocating one; it is returned as
   * `data`. Its type sets `dtype` (a `dtype` given too must agree). Redraw loops that pass the
   * same array allocate nothing.
   */
  out?: T extends 'float64' ? Float64Array : Float32Array;
}

export interface DotMatrixOptions<T extends DType = DType> extends SchemeOptions {
  /** Element type of `data`. @defaultValue 'float32' */
  dtype?: T;
  /**
   * `'toeplitz'` fills every row from the kernel D(Δ) in O(length·dModel + length²);
   * `'direct'` multiplies the encoding by its transpose in O(length²·dModel), the reference,
   * limited to length²·dModel ≤ `limits.maxDirectWork`.
   * @defaultValue 'toeplitz'
   */
  method?: Method;
  /** Write into this array (length² values) instead of allocating one; see EncodingOptions.out. */
  out?: T extends 'float64' ? Float64Array : Float32Array;
}

export interface AddToOptions extends SchemeOptions {
  /** Position of the first row. @defaultValue 0 */
  start?: number;
  /** Factor on the embeddings: result = scale·matrix + PE (√dModel in the paper). @defaultValue 1 */
  scale?: number;
}

/** The grid options of encoding2d and dotMatrix2d with `convention: 'mae'` (the default). */
export interface MaeGridOptions {
  /**
   * `'mae'`: facebookresearch/mae `util/pos_embed.py` get_2d_sincos_pos_embed (DiT's copy;
   * AudioMAE's get_2d_sincos_pos_embed_flexible for height ≠ width): patch (i, j) is at row
   * position i and column position j. docs/vision.md.
   * @defaultValue 'mae'
   */
  convention?: 'mae';
  /** ω_k = base^(−k/(dModel/4)) (10000 in every framework's code). A finite number > 1. @defaultValue 10000 */
  base?: number;
  /** diffusers only: a TypeError with `'mae'`. */
  baseSize?: never;
  /** diffusers only: a TypeError with `'mae'`. */
  interpolationScale?: never;
  /** diffusers only: a TypeError with `'mae'`. */
  posEmbedMaxSize?: never;
}

/** The grid options of encoding2d and dotMatrix2d with `convention: 'diffusers'`. */
export interface DiffusersGridOptions {
  /**
   * `'diffusers'`: get_2d_sincos_pos_embed in diffusers' `models/embeddings.py` (PixArt, SD3,
   * …): row position i / (height / baseSize) / interpolationScale, column position
   * j / (width / baseSize) / interpolationScale, each division in float32 as numpy and torch do.
   */
  convention: 'diffusers';
  /** ω_k = base^(−k/(dModel/4)). A finite number > 1. @defaultValue 10000 */
  base?: number;
  /**
   * `base_size`: each axis spans baseSize / interpolationScale positions whatever its length
   * (PatchEmbed passes height // patch_size; SD3: sample_size // patch_size = 64). A finite
   * number > 0; side / baseSize within float32's normal range.
   * @defaultValue 16
   */
  baseSize?: number;
  /** `interpolation_scale`: positions divided by it (in float32). Within float32's normal range. @defaultValue 1 */
  interpolationScale?: number;
  /**
   * SD3's `pos_embed_max_size`: the table of a posEmbedMaxSize × posEmbedMaxSize grid (positions
   * k / (posEmbedMaxSize / baseSize) / interpolationScale), of which PatchEmbed.cropped_pos_embed
   * takes the centred height × width window, top = (max − height) // 2, left = (max − width) // 2
   * (height and width in patches, ≤ posEmbedMaxSize). An integer ≥ 1.
   * @defaultValue none: no crop
   */
  posEmbedMaxSize?: number;
}

export type Grid2dOptions = MaeGridOptions | DiffusersGridOptions;

export type Encoding2dOptions<T extends DType = DType> = Grid2dOptions & {
  /** One zero row first, for the class token (MAE's `cls_token=True`; DiT and diffusers' `extra_tokens=1`). @defaultValue false */
  clsToken?: boolean;
  /** Element type of `data`. @defaultValue 'float32' */
  dtype?: T;
  /** Write into this array ((clsToken ? 1 : 0) + height·width rows of dModel values); its type sets `dtype`. */
  out?: T extends 'float64' ? Float64Array : Float32Array;
};

export type DotMatrix2dOptions = Grid2dOptions & {
  /** Write into this array ((height·width)² values) instead of allocating one. */
  out?: Float64Array;
};

export interface Encoding3dOptions<T extends DType = DType> {
  /** diffusers' get_3d_sincos_pos_embed as CogVideoXPatchEmbed calls it, the only one. @defaultValue 'cogvideox' */
  convention?: VideoConvention;
  /** ω_k = base^(−k/n) per block. A finite number > 1. @defaultValue 10000 */
  base?: number;
  /** `spatial_interpolation_scale`: row and column indices divided by it (float32). CogVideoX passes 1.875. @defaultValue 1 (the function's default) */
  spatialInterpolationScale?: number;
  /** `temporal_interpolation_scale`: frame indices divided by it (float32). CogVideoX passes 1. @defaultValue 1 */
  temporalInterpolationScale?: number;
  /**
   * The first frame's index: rows for frames start … start + frames − 1, so a table over
   * `limits.maxElements` (CogVideoX's 13 × 30 × 45 × 1920) comes a few frames at a time. An
   * integer ≥ 0. @defaultValue 0
   */
  start?: number;
  /** Element type of `data`. @defaultValue 'float32' */
  dtype?: T;
  /** Write into this array (frames·height·width·dModel values); its type sets `dtype`. */
  out?: T extends 'float64' ? Float64Array : Float32Array;
}

/**
 * A Hugging Face config.json `rope_scaling` object, pasted as it is: snake_case keys, the type
 * in `rope_type` (or `type` in older configs). Keys a type does not use, keys posenc does not
 * know (`finetuned`, …) and JSON `null` values are ignored, as transformers does. Formulas and
 * real configs: docs/rope.md.
 */
export interface RopeScaling {
  /** Which rescaling (transformers' ROPE_INIT_FUNCTIONS); others are refused. @defaultValue 'default' */
  rope_type?: RopeType | null;
  /** Older configs' name for `rope_type`; `rope_type` wins when both are given. */
  type?: RopeType | null;
  /** The context extension; required (a finite number > 0) by every type but `default` (`longrope`: or max_position_embeddings / original). */
  factor?: number | null;
  /** The pre-training context: `yarn` (else `max_position_embeddings`), `llama3` and `longrope` (required). */
  original_max_position_embeddings?: number | null;
  /**
   * `config.max_position_embeddings`, which is not part of rope_scaling: add it for `dynamic`
   * (required: dynamic NTK's original length) and for a `yarn` config without
   * `original_max_position_embeddings`.
   */
  max_position_embeddings?: number | null;
  /** `llama3`: wavelengths above original / low_freq_factor are divided by factor (required). */
  low_freq_factor?: number | null;
  /** `llama3`: wavelengths below original / high_freq_factor stay (required, ≥ low_freq_factor; equal: no band). */
  high_freq_factor?: number | null;
  /** `yarn`: pairs turning more often than this over the original context keep their frequency; 0 = unset. @defaultValue 32 */
  beta_fast?: number | null;
  /** `yarn`: pairs turning less often than this are divided by factor; 0 = unset. @defaultValue 1 */
  beta_slow?: number | null;
  /** `yarn`, `longrope`: the factor on cos and sin, overriding the default (yarn 0.1·ln(factor) + 1, longrope √(1 + ln factor / ln original)). */
  attention_factor?: number | null;
  /** `yarn`: with `mscale_all_dim` (both non-zero) the attention factor is get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim). */
  mscale?: number | null;
  /** `yarn`: see `mscale`. */
  mscale_all_dim?: number | null;
  /** `yarn`: floor/ceil the correction range to whole dimensions. @defaultValue true */
  truncate?: boolean | null;
  /** `longrope` (Phi-3): one number > 0 per rotary pair dividing its frequency, up to the original context (required). */
  short_factor?: number[] | null;
  /** `longrope`: the same, for sequences longer than `original_max_position_embeddings` (required). */
  long_factor?: number[] | null;
  /** Other keys are ignored. */
  [key: string]: unknown;
}

/** transformers' rope types (ROPE_INIT_FUNCTIONS). */
export type RopeType = 'default' | 'linear' | 'dynamic' | 'yarn' | 'llama3' | 'longrope';

/** A model's config.json as shipped (legacy or transformers v5 form; nested text_config too). */
export type ModelConfig = Record<string, unknown>;

/** ropeFrequencies' and ropeFromConfig's `dtype`: the type of `frequencies`. */
export interface RopeFrequencyDType<T extends DType = DType> {
  /**
   * `'float64'`: the frequencies in double precision. `'float32'`: what transformers' torch code
   * computes in float32 on the CPU, bit for bit (`model.model.rotary_emb.inv_freq`; for dynamic
   * at a `length`, what a forward over that many positions leaves there), every tensor operation
   * replayed as torch rounds it, its pow included (Debian's torch 1.13 at its AVX2 capability;
   * another torch build may differ in the last bit: docs/rope.md). The attention factor stays a
   * double either way, as transformers computes it in Python.
   * @defaultValue 'float64'
   */
  dtype?: T;
}

export interface RopeFromConfigOptions<T extends DType = DType> extends RopeFrequencyDType<T> {
  /**
   * The layer kind (a value of the config's `layer_types`, e.g. 'sliding_attention'). A kind the
   * model does not have, or one without rotary embedding (Llama 4's and Cohere2's
   * `full_attention`), throws an Error naming it.
   * @defaultValue 'full_attention' when it rotates, else the first kind that does
   */
  layerType?: string;
  /** The sequence length, for `dynamic` (a larger base beyond max_position_embeddings) and `longrope` (long factors beyond the original context). @defaultValue none: what transformers computes at init */
  length?: number;
}

/** What ropeFromConfig read, for one layer kind. */
export interface RopeFromConfig<F extends Float32Array | Float64Array = Float64Array> {
  /** The text model's `model_type` (e.g. 'gemma3_text' inside a gemma3 config). */
  modelType: string;
  /** The attention head dimension the model rotates in. */
  headDim: number;
  /** max_position_embeddings (or the model type's default, said in `filled`). */
  maxPositions: number | undefined;
  /** How many leading columns turn: int(headDim × partial rotary factor), GPT-J's rotary_dim, … */
  rotaryDims: number;
  /** Which columns pair up in the model's own code. */
  layout: Layout;
  /** Every layer's kind, in order (layer_types, or the model type's default pattern; empty without num_hidden_layers). */
  layers: string[];
  /** The kinds of layers the model has, in order of first appearance. */
  layerTypes: string[];
  /** The kinds without rotary embedding (no positions at all). */
  kindsWithoutRope: string[];
  /** The kind read. */
  layerType: string;
  ropeType: RopeType;
  /** rope_theta of this kind. */
  base: number;
  /** This kind's rope parameters as transformers v5 stores them after reading (rope_type, rope_theta, factor, …). */
  parameters: RopeScaling & { rope_type: RopeType; rope_theta: number };
  /** transformers' inv_freq for this kind, rotaryDims / 2 values: in float64, or with dtype 'float32' transformers' own float32 values. */
  frequencies: F;
  /** transformers' attention_scaling (yarn's mscale, longrope's factor; else 1). */
  attentionFactor: number;
  /** Qwen2-VL / Qwen2.5-VL / Qwen3-VL: how many pairs turn by time, height and width. */
  mropeSection: number[] | undefined;
  /** Qwen3-VL: the sections interleave (pair j: h when j % 3 = 1, w when j % 3 = 2, while each lasts; t the rest); Qwen2-VL's run in blocks. */
  mropeInterleaved: boolean;
  /** Everything transformers would warn about, defaults that were guessed, keys that were not read. */
  warnings: string[];
  /** What the file left out and was filled as transformers fills it for the model type. */
  filled: { key: string; value: unknown; why: string }[];
}

export interface RopeFrequencyOptions {
  /** `config.rope_theta`: θ_i = base^(−2i/rotaryDims) before scaling. A finite number > 1. @defaultValue 10000 */
  base?: number;
  /** `config.rope_scaling` as it is; null or absent: plain RoPE. */
  scaling?: RopeScaling | null;
  /**
   * The sequence length `dynamic` scaling sees (transformers: the largest position id + 1,
   * cached at its largest). A finite number ≥ 0. Other types ignore it.
   * @defaultValue ropeFrequencies: the original length (the default frequencies); rope: the largest position + 1
   */
  length?: number;
  /**
   * How many leading dimensions turn (GPT-J `rotary_dim`, GPT-NeoX head_dim·`rotary_pct`,
   * head_dim·`partial_rotary_factor`): an even integer from 2 to the head dimension; the
   * frequencies are over rotaryDims, not the head dimension.
   * @defaultValue the head dimension
   */
  rotaryDims?: number;
}

export interface RopeOptions<T extends DType = DType> extends RopeFrequencyOptions {
  /** Position of the first row: row r is at `start + r`. Any finite number; not with `positions`. @defaultValue 0 */
  start?: number;
  /** One position per row (any finite numbers: position ids, a packed batch, …), instead of `start`. */
  positions?: Numbers;
  /**
   * Which columns form pair i: `'interleaved'` (2i, 2i + 1) as RoFormer, GPT-J and Meta's LLaMA
   * code; `'concatenated'` (i, i + rotaryDims/2) as Hugging Face LLaMA's `rotate_half` and GPT-NeoX.
   * @defaultValue 'interleaved'
   */
  layout?: Layout;
  /** Element type of the result; `matrix.data` is read as this type. @defaultValue 'float32' */
  dtype?: T;
  /** Write into this array (rows·cols values; it may be `matrix.data`); its type sets `dtype`. */
  out?: T extends 'float64' ? Float64Array : Float32Array;
  /**
   * A model's config.json: its base, scaling, rotary dimensions and layout (unless `layout` is
   * given), read as ropeFromConfig reads them; `matrix.cols` must be its head dimension. Not
   * with `base`, `scaling` or `rotaryDims`.
   */
  config?: ModelConfig;
  /** With `config`: the layer kind (see ropeFromConfig). */
  layerType?: string;
}

/**
 * Axial RoPE: one list of positions per axis. Pair p = 0 … R/2 − 1 (R = Σ axes) runs over the
 * axes in order, axis k owning axes[k]/2 consecutive pairs; its i-th pair turns by
 * positions[k][row]·base^(−2i/axes[k]). Columns past R are copied. FLUX: axes [16, 56, 56],
 * positions [zeros, row ids, column ids] (text ids all 0), interleaved; EVA-02: [D/2, D/2] with
 * positions row·pt/ft and column·pt/ft, interleaved; Qwen2-VL's vision tower: [D/2, D/2] with the
 * (row, column) ids in merge-block order, concatenated. docs/vision.md.
 */
export interface AxialRopeOptions<T extends DType = DType> {
  /** positions[k][r]: axis k's position of row r (any finite numbers); one list per axis, each matrix.rows long. */
  positions: Numbers[];
  /** The columns of each axis: even integers > 0 summing to at most matrix.cols. */
  axes: Numbers;
  /** θ of axis k's i-th pair = base^(−2i/axes[k]). A finite number > 1. @defaultValue 10000 */
  base?: number;
  /**
   * Which columns form pair p: `'interleaved'` (2p, 2p + 1), so each axis is a block of columns
   * (FLUX, EVA-02); `'concatenated'` (p, p + R/2), rotate_half over the whole rotary width
   * (Qwen2-VL's vision tower).
   * @defaultValue 'interleaved'
   */
  layout?: Layout;
  /** Element type of the result; `matrix.data` is read as this type. @defaultValue 'float32' */
  dtype?: T;
  /** Write into this array (rows·cols values; it may be `matrix.data`); its type sets `dtype`. */
  out?: T extends 'float64' ? Float64Array : Float32Array;
}

/**
 * Multimodal RoPE (Qwen2-VL, Qwen2.5-VL: transformers' apply_multimodal_rotary_pos_emb): the
 * config's frequencies θ_j (as ropeFromConfig computes them), pairs (j, j + R/2), half-pair j
 * turned by t for j < mrope_section[0], by h for the next mrope_section[1], by w for the last
 * mrope_section[2]. Legacy (`rope_scaling`) and v5 (`rope_parameters`) configs alike; a config
 * without mrope_section throws a RangeError naming it; Qwen3-VL's interleaved M-RoPE
 * (`mrope_interleaved`) is refused.
 */
export interface MultimodalRopeOptions<T extends DType = DType> {
  /** A config.json with mrope_section (model_type qwen2_vl or qwen2_5_vl); `matrix.cols` must be its head dimension. */
  config: ModelConfig;
  /** [t, h, w]: the three position ids of each row, e.g. mropePositions(config, segments).positions. */
  positions: [Numbers, Numbers, Numbers];
  /** The layer kind (see ropeFromConfig). */
  layerType?: string;
  /** The sequence length `dynamic` scaling sees. @defaultValue the original length (transformers' Qwen2-VL computes its frequencies once) */
  length?: number;
  /** Element type of the result; `matrix.data` is read as this type. @defaultValue 'float32' */
  dtype?: T;
  /** Write into this array (rows·cols values; it may be `matrix.data`); its type sets `dtype`. */
  out?: T extends 'float64' ? Float64Array : Float32Array;
}

/** rope's options with one list of positions per axis. */
export type AxesRopeOptions<T extends DType = DType> = AxialRopeOptions<T> | MultimodalRopeOptions<T>;

/**
 * One run of a Qwen2-VL prompt for mropePositions: `text` tokens (every text token, the
 * <|vision_start|> and <|vision_end|> tokens included), or an image's or video's pad tokens
 * given by its grid [t, h, w] before the spatial merge (as image_grid_thw / video_grid_thw:
 * t·h·w / merge² tokens; h and w multiples of vision_config.spatial_merge_size).
 */
export type MropeSegment =
  | { text: number }
  | { image: [number, number, number] }
  | {
      video: [number, number, number];
      /**
       * Qwen2.5-VL: seconds per temporal grid step (second_per_grid_ts = temporal_patch_size / fps);
       * frame k's t is int(k · (tokens_per_second · secondsPerGrid)) in float32, as transformers
       * main since PR #48669 (0.5 at 2 tokens per second: 0, 1, 2, 3). Not read for Qwen2-VL. A
       * finite number ≥ 0. @defaultValue 1
       */
      secondsPerGrid?: number;
    };

export interface MropeOptions {
  /**
   * Where text resumes after an image or video: `'max+1'`, one past the largest id so far (the
   * Qwen2-VL paper, Qwen's training code, vLLM, transformers ≤ 5.2), or `'start+side'`, the
   * block's first id plus its larger merged side (transformers ≥ 5.3). They differ only after a
   * video whose t ids reach past its larger merged side. @defaultValue 'max+1'
   */
  textStart?: 'max+1' | 'start+side';
}

/** mropePositions' result. */
export interface MropePositions {
  /** [t, h, w]: the position ids of each token, ready for rope's `positions` with the config. */
  positions: [Float64Array, Float64Array, Float64Array];
  /** transformers' mrope_position_deltas: largest id + 1 − tokens; generated token n (n ≥ the prompt's length) is at n + ropeDelta on all three axes. */
  ropeDelta: number;
}

export interface AlibiOptions {
  /** B in the slopes 2^(−B·h/P), > 0 and ≤ 1000: 8 in BLOOM, MPT (`attn_config.alibi_bias_max`) and Falcon. @defaultValue 8 */
  maxBias?: number;
}

export interface AlibiBiasOptions extends AlibiOptions {
  /** −Infinity where the key comes after the query (j > i), as a decoder masks it. @defaultValue true */
  causal?: boolean;
}

export interface BucketOptions {
  /** T5's `relative_attention_num_buckets`: an integer ≥ 2 (even, ≥ 4 when bidirectional). @defaultValue 32 */
  numBuckets?: number;
  /** T5's `relative_attention_max_distance`: from here on, one bucket; greater than the exact buckets. @defaultValue 128 */
  maxDistance?: number;
  /** The encoder's rule (keys after the query get buckets of their own); decoders use false. @defaultValue true */
  bidirectional?: boolean;
}

/** Where a model's positions come from: what positionScheme read from its config.json. */
export type PositionScheme =
  | ({ kind: 'rope' } & RopeFromConfig)
  | (SchemeCommon & { kind: 'alibi'; numHeads: number; maxBias: number; slopes: Float64Array;
      /** What the bias is multiplied by before the softmax: 1 (BLOOM, MPT), 1/√head_dim (Falcon). */
      biasScale: number; slopeRounding?: 'bfloat16'; maxPositions?: number })
  | (SchemeCommon & { kind: 'relative-buckets'; numHeads: number; numBuckets: number; maxDistance: number;
      bidirectional: boolean; tables: 'first layer, shared' | 'every layer' })
  | (SchemeCommon & { kind: 'learned'; maxPositions: number;
      /** The table row of token 0 (OPT and BART: 2; RoBERTa: pad_token_id + 1). */
      start?: number })
  /**
   * BERT's `position_embedding_type` relative_key / relative_key_query: no position vector is
   * added to the tokens; each layer learns one vector per distance i − j (`distances` = 2·maxPositions − 1,
   * |i − j| ≤ maxDistance = maxPositions − 1) and adds its dot product with the query (and with the key) to the score.
   */
  | (SchemeCommon & { kind: 'relative-learned'; variant: 'relative_key' | 'relative_key_query'; maxPositions: number;
      maxDistance: number; distances: number; dottedWith: ['query'] | ['query', 'key'] })
  | (SchemeCommon & { kind: 'sinusoidal'; dModel: number; maxPositions: number; convention: ConventionName;
      /** pe.encode(start + i, dModel, { convention }) is token i's row (M2M100/NLLB: pad_token_id + 1). */
      start: number })
  | (SchemeCommon & { kind: 'none'; layers: string[]; kindsWithoutRope: string[] });

interface SchemeCommon {
  modelType: string;
  /** The layer kind read: 'encoder' or 'decoder' for an encoder-decoder, a rotary model's kind, or null. */
  layerType: string | null;
  layerTypes: string[];
  /** Keys read other than transformers would, or guessed (a missing model_type). */
  warnings: string[];
  /** An encoder-decoder's two sides. */
  encoder?: PositionScheme;
  decoder?: PositionScheme;
}

/** The hard limits every call is checked against. */
export interface Limits {
  /** Largest dModel: 65536. */
  maxDModel: number;
  /** Largest result, in values: 2^24 (128 MiB as float64), so no call can exhaust a tab's memory. */
  maxElements: number;
  /** Largest length²·dModel for `dotMatrix(..., { method: 'direct' })`: 2^32. */
  maxDirectWork: number;
}

export interface PosEnc {
  /** The size caps. */
  readonly limits: Readonly<Limits>;

  /** The named conventions, by name: what each sets and which framework calls it equals. */
  readonly conventions: Readonly<Record<ConventionName, Readonly<Convention>>>;

  /**
   * ω_i = base^(−2i/dModel) for i = 0 … dModel/2 − 1, computed in log space (within 2 ulp).
   * @param dModel even integer, 2 … 65536
   */
  frequencies(dModel: number, options?: SchemeOptions): Float64Array;

  /** The periods 2π/ω_i: from 2π up to 2π·base^((dModel−2)/dModel) (≈ 60611.477 for 512). */
  periods(dModel: number, options?: SchemeOptions): Float64Array;

  /**
   * The length × dModel encoding matrix; row r is PE(start + r).
   * @param length number of positions, an integer ≥ 0
   * @param dModel integer, 2 … 65536, even unless the convention defines odd;
   * length·dModel ≤ `limits.maxElements`
   */
  encoding(length: number, dModel: number, options: EncodingOptions & { out: Float64Array }): Matrix<Float64Array>;
  encoding(length: number, dModel: number, options?: EncodingOptions<'float32'>): Matrix<Float32Array>;
  encoding(length: number, dModel: number, options: EncodingOptions<'float64'>): Matrix<Float64Array>;
  encoding(length: number, dModel: number, options?: EncodingOptions): Matrix;
  /**
   * Row r is PE(start + positions[r]) for any finite positions (diffusion timesteps,
   * left-padded batches), each value an exact sin/cos; an empty list gives a 0-row matrix.
   * @param positions finite numbers; positions.length·dModel ≤ `limits.maxElements`
   */
  encoding(positions: Numbers, dModel: number, options: EncodingOptions & { out: Float64Array }): Matrix<Float64Array>;
  encoding(positions: Numbers, dModel: number, options?: EncodingOptions<'float32'>): Matrix<Float32Array>;
  encoding(positions: Numbers, dModel: number, options: EncodingOptions<'float64'>): Matrix<Float64Array>;
  encoding(positions: Numbers, dModel: number, options?: EncodingOptions): Matrix;

  /** PE(pos) for any finite pos: fractional, negative or far beyond a training length. */
  encode(pos: number, dModel: number, options?: SchemeOptions): Float64Array;

  /**
   * The dModel × dModel rotation R(k) with PE(pos + k) = R(k)·PE(pos): block-diagonal with
   * blocks [[cos kω_i, sin kω_i], [−sin kω_i, cos kω_i]]; R(−k) = R(k)ᵀ.
   * @param k any finite offset
   */
  rotation(k: number, dModel: number, options?: SchemeOptions): Matrix<Float64Array>;

  /** R(k)·vector in O(dModel), without building R; dModel = vector.length (even). */
  shift(vector: Numbers, k: number, options?: SchemeOptions): Float64Array;

  /**
   * D(Δ) = PE(p)·PE(p + Δ) = amplitude²·Σ_i cos(Δ·ω_i) for Δ = start … maxOffset (start 0
   * by default), over the sine-cosine pairs; D(0) = amplitude²·⌊dModel/2⌋. A window
   * (`start` > 0) lets a long kernel come in slices: 131072 offsets at dModel 8192 are
   * 5·10⁸ cosine terms, ~0.4 s.
   * @param maxOffset integer ≥ 0
   */
  dotKernel(maxOffset: number, dModel: number, options?: DotKernelOptions): Float64Array;

  /**
   * The length × length matrix PE·PEᵀ of positions 0 … length − 1. It is Toeplitz:
   * entry (i, j) is D(|i − j|). length² ≤ `limits.maxElements` (length ≤ 4096).
   */
  dotMatrix(length: number, dModel: number, options: DotMatrixOptions & { out: Float64Array }): Matrix<Float64Array>;
  dotMatrix(length: number, dModel: number, options?: DotMatrixOptions<'float32'>): Matrix<Float32Array>;
  dotMatrix(length: number, dModel: number, options: DotMatrixOptions<'float64'>): Matrix<Float64Array>;
  dotMatrix(length: number, dModel: number, options?: DotMatrixOptions): Matrix;

  /**
   * The 2D sin-cos table of an image's height × width patches as MAE, DiT, AudioMAE and diffusers
   * compute it: row r = i·width + j for patch (i, j) (row i, column j; after one zero row with
   * `clsToken`), dModel columns = [sin(x·ω_k) k < n, cos(x·ω_k) k < n, sin(y·ω_k), cos(y·ω_k)],
   * n = dModel/4, ω_k = base^(−k/n), x the column's position and y the row's: the first half
   * encodes the COLUMN (the half MAE's code names `emb_h`). Positions per `convention`.
   * docs/vision.md.
   * @param height rows of patches, an integer 0 … 2^24 (likewise width)
   * @param dModel a multiple of 4, 4 … 65536; rows·dModel ≤ `limits.maxElements`
   */
  encoding2d(height: number, width: number, dModel: number, options: Encoding2dOptions & { out: Float64Array }): Matrix<Float64Array>;
  encoding2d(height: number, width: number, dModel: number, options?: Encoding2dOptions<'float32'>): Matrix<Float32Array>;
  encoding2d(height: number, width: number, dModel: number, options: Encoding2dOptions<'float64'>): Matrix<Float64Array>;
  encoding2d(height: number, width: number, dModel: number, options?: Encoding2dOptions): Matrix;

  /**
   * A video's frames × height × width table as diffusers' get_3d_sincos_pos_embed computes it
   * for CogVideoX: row (t·height + i)·width + j = [time block (dModel/4) | column block
   * (3·dModel/8) | row block (3·dModel/8)], each [sin … | cos …] with n = dModel/8 (time) and
   * 3·dModel/16 (space) frequencies base^(−k/n). CogVideoXPatchEmbed passes
   * spatial_size = (width, height) in patches: posenc's (frames, height, width) is that
   * table's (temporal_size, spatial_size[1], spatial_size[0]).
   * @param dModel a multiple of 16, 16 … 65536; frames·height·width·dModel ≤ `limits.maxElements`
   */
  encoding3d(frames: number, height: number, width: number, dModel: number, options: Encoding3dOptions & { out: Float64Array }): Matrix<Float64Array>;
  encoding3d(frames: number, height: number, width: number, dModel: number, options?: Encoding3dOptions<'float32'>): Matrix<Float32Array>;
  encoding3d(frames: number, height: number, width: number, dModel: number, options: Encoding3dOptions<'float64'>): Matrix<Float64Array>;
  encoding3d(frames: number, height: number, width: number, dModel: number, options?: Encoding3dOptions): Matrix;

  /**
   * The (height·width)² Gram matrix of encoding2d's rows (no cls row), in float64:
   * entry ((i, j), (i′, j′)) = Dx(j, j′) + Dy(i, i′), D(p, p′) = Σ_k cos((p − p′)·ω_k), built
   * from the two axes' kernels. Where an axis's positions are evenly spaced (MAE) its kernel
   * depends on the offset only, and the matrix is block-Toeplitz with Toeplitz blocks: the
   * similarity of two patches depends only on (Δy, Δx). (height·width)² ≤ `limits.maxElements`
   * (64 × 64 patches).
   */
  dotMatrix2d(height: number, width: number, dModel: number, options?: DotMatrix2dOptions): Matrix<Float64Array>;

  /**
   * The Transformer's input: a new matrix scale·matrix + PE, row r at position start + r.
   * `matrix.cols` is dModel; `matrix.data.length` must be rows·cols. The result is a
   * Float32Array when `matrix.data` is one, a Float64Array otherwise. NaN in data propagates.
   */
  addTo(matrix: { rows: number; cols: number; data: Float32Array }, options?: AddToOptions): Matrix<Float32Array>;
  addTo(matrix: { rows: number; cols: number; data: Numbers }, options?: AddToOptions): Matrix;

  /**
   * Rotary embedding frequencies θ_i (radians per position) for i < rotaryDims/2 and the factor
   * on cos and sin, as the model computes them from `rope_theta` and `rope_scaling`
   * (transformers' modeling_rope_utils.py), in float64; with `dtype: 'float32'`, transformers'
   * own float32 inv_freq, bit for bit (see RopeFrequencyDType). The wavelengths are 2π/θ_i.
   * @param headDim the attention head dimension, even, 2 … 65536
   * @example pe.ropeFrequencies(128, { base: config.rope_theta, scaling: config.rope_scaling })
   */
  ropeFrequencies(headDim: number, options: RopeFrequencyOptions & RopeFrequencyDType<'float32'> & { dtype: 'float32' }): { frequencies: Float32Array; attentionFactor: number };
  ropeFrequencies(headDim: number, options?: RopeFrequencyOptions & RopeFrequencyDType<'float64'>): { frequencies: Float64Array; attentionFactor: number };
  ropeFrequencies(headDim: number, options?: RopeFrequencyOptions & RopeFrequencyDType): { frequencies: Float32Array | Float64Array; attentionFactor: number };

  /**
   * A model's rotary settings read from its config.json exactly as Hugging Face transformers v5
   * reads them (legacy `rope_theta` + `rope_scaling` or v5 `rope_parameters`, per layer kind,
   * nested `text_config`; keys the file leaves out filled as transformers fills them for the
   * model type, said in `filled`), for one layer kind. Never silent: `warnings` says what
   * transformers warns about and every guess; what it would compute wrongly throws an Error
   * naming the key. The config is not changed. Models and keys: docs/rope.md.
   * @example pe.ropeFromConfig(JSON.parse(configJson), { layerType: 'sliding_attention' })
   */
  ropeFromConfig(config: ModelConfig, options: RopeFromConfigOptions<'float32'> & { dtype: 'float32' }): RopeFromConfig<Float32Array>;
  ropeFromConfig(config: ModelConfig, options?: RopeFromConfigOptions<'float64'>): RopeFromConfig;
  ropeFromConfig(config: ModelConfig, options?: RopeFromConfigOptions): RopeFromConfig<Float32Array | Float64Array>;

  /**
   * Rotary position embeddings: row r of `matrix` (a query or key; `cols` is the head
   * dimension, even) at position p = start + r (or positions[r]) has each pair (x1, x2) of its
   * first rotaryDims columns turned counter-clockwise by p·θ_i and scaled by attentionFactor:
   * (x1·cos − x2·sin, x1·sin + x2·cos)·attentionFactor; the other columns are copied. Then
   * q(m)·k(n) depends only on m − n. float32 at consecutive positions uses the rotation
   * recurrence; float64 and position lists take sin/cos of each double angle.
   */
  rope(matrix: { rows: number; cols: number; data: Numbers }, options: RopeOptions & { out: Float64Array }): Matrix<Float64Array>;
  rope(matrix: { rows: number; cols: number; data: Numbers }, options?: RopeOptions<'float32'>): Matrix<Float32Array>;
  rope(matrix: { rows: number; cols: number; data: Numbers }, options: RopeOptions<'float64'>): Matrix<Float64Array>;
  rope(matrix: { rows: number; cols: number; data: Numbers }, options?: RopeOptions): Matrix;
  /**
   * RoPE over several axes: axial RoPE (`positions` one list per axis, `axes`: FLUX, EVA-02,
   * Qwen2-VL's vision tower) or multimodal RoPE (`config` with mrope_section, `positions`
   * [t, h, w]: Qwen2-VL and Qwen2.5-VL's language model). Each pair turns by its axis's
   * position times its θ; computed in double, rounded once to the result's type. Then q·k
   * depends only on the offsets, axis by axis. docs/vision.md.
   * @example pe.rope(q, { positions: [zeros, rows, cols], axes: [16, 56, 56] })  // FLUX
   * @example pe.rope(q, { config, positions: pe.mropePositions(config, segments).positions })
   */
  rope(matrix: { rows: number; cols: number; data: Numbers }, options: AxesRopeOptions & { out: Float64Array }): Matrix<Float64Array>;
  rope(matrix: { rows: number; cols: number; data: Numbers }, options: AxesRopeOptions<'float32'>): Matrix<Float32Array>;
  rope(matrix: { rows: number; cols: number; data: Numbers }, options: AxesRopeOptions<'float64'>): Matrix<Float64Array>;
  rope(matrix: { rows: number; cols: number; data: Numbers }, options: AxesRopeOptions): Matrix;

  /**
   * The (t, h, w) position ids of a Qwen2-VL or Qwen2.5-VL prompt (config.model_type
   * 'qwen2_vl' or 'qwen2_5_vl'; spatial_merge_size and tokens_per_second from its
   * vision_config, else the config classes' defaults 2 and 4), as get_rope_index computes them:
   * text tokens t = h = w consecutive; a vision block starting at s gets h = s + row,
   * w = s + column on the merged grid and t = s + frame (a Qwen2.5-VL video:
   * s + int(frame·(tokens_per_second·secondsPerGrid)), transformers PR #48669). The text after
   * it starts, by default, one past the largest id so far: the rule the checkpoints were
   * trained with (Qwen2-VL paper §2.1, Qwen's rope2d.py, vLLM, transformers ≤ 5.2);
   * `textStart: 'start+side'` gives transformers ≥ 5.3's s + max(H', W') instead, which after a
   * long video reuses ids of its last frames. docs/vision.md.
   * Errors name the segment (`segments[2].image[1] must be …`); two images (or videos) with no
   * text between are refused (transformers would read them as one).
   * @example pe.mropePositions(config, [{ text: 5 }, { image: [1, 28, 28] }, { text: 9 }])
   */
  mropePositions(config: ModelConfig, segments: MropeSegment[], options?: MropeOptions): MropePositions;

  /**
   * ALiBi's head slopes as BLOOM's `build_alibi_tensor` and MPT's `gen_slopes` compute them,
   * in float64: with P = 2^⌊log2 numHeads⌋, head h < P gets 2^(−maxBias·(h+1)/P), head h ≥ P
   * gets 2^(−maxBias·(2(h−P)+1)/(2P)) (BLOOM-176B's 112 heads: 64, then 48 odd powers of 128).
   * The models compute them in float32 (BLOOM's differ from these by up to numHeads float32
   * ulps, MPT's by one; Falcon rounds them to bfloat16): docs/family.md.
   * @param numHeads an integer, 1 … 65536
   */
  alibiSlopes(numHeads: number, options?: AlibiOptions): Float64Array;

  /**
   * ALiBi's bias for every head: row h·length + i, column j is −slope_h·|i − j| (0 on the
   * diagonal), −Infinity where j > i when causal. Each head's block is Toeplitz. BLOOM adds
   * slope_h·j and MPT slope_h·(j − length + 1) instead: the same after the softmax (they differ
   * by a constant per row); Falcon divides the bias by √head_dim too.
   * @param length positions, an integer ≥ 0 (numHeads·length² ≤ 2^24)
   */
  alibiBias(length: number, numHeads: number, options?: AlibiBiasOptions): Matrix<Float64Array>;

  /**
   * T5's `_relative_position_bucket` for each relative position (key − query), exactly,
   * float32 logarithm included (also mT5, LongT5, UMT5, Pix2Struct). Rules on which T5's code
   * would return nonsense throw: odd numBuckets when bidirectional, maxDistance at or below the
   * exact buckets, positions that are not integers.
   */
  relativePositionBuckets(relativePositions: Numbers, options?: BucketOptions): Int32Array;

  /**
   * Which positions a model uses, from its config.json, as transformers' modeling code uses them:
   * 'rope' (everything ropeFromConfig reads), 'alibi' (BLOOM, MPT, Falcon with `alibi`),
   * 'relative-buckets' (T5, mT5, LongT5, UMT5), 'learned' (GPT-2, BERT, RoBERTa, OPT, BART,
   * Whisper's decoder), 'relative-learned' (BERT's relative_key and relative_key_query), 'sinusoidal' (Whisper's encoder, Marian, M2M100/NLLB: in a posenc
   * convention) or 'none' (a layer kind without RoPE: Llama 4, Command R7B). Encoder-decoders
   * list `encoder` and `decoder`; `layerType` picks one ('encoder' by default). A model type whose
   * config does not tell (Baichuan) throws naming model_type; bad keys throw naming the key.
   */
  positionScheme(config: object, options?: { layerType?: string }): PositionScheme;

  /**
   * Diagnostics: the wasm heap's size and the bytes allocated in it right now (which stays
   * flat across calls: results are copied out and freed before each call returns).
   */
  memory(): { heapBytes: number; allocatedBytes: number };

  /**
   * How far a table of position vectors (row p = position p: a learned table such as GPT-2's
   * wpe) is from offset-only dot products. Its Gram matrix G = T·Tᵀ is compared with the nearest
   * Toeplitz matrix, which keeps each diagonal's mean: `kernel[Δ]` is the mean of diagonal Δ =
   * j − i (Δ = 0 … rows − 1), `distance` = ‖G − Toeplitz(G)‖_F / ‖G‖_F (0 for a sinusoid's table,
   * whose kernel is dotKernel's). O(rows² · cols) work: rows² · cols / 2 at most 2³².
   */
  nearestToeplitz(matrix: { rows: number; cols: number; data: Numbers }): { kernel: Float64Array; distance: number };

  /**
   * What positions a model file will produce, read from the bytes that say so: the header and the
   * few small position tensors, never the weights (a 20 GB GGUF costs its header; `bytesRead`
   * says how much). GGUF (versions 1–3, either byte order), safetensors and NumPy .npy.
   * With `config` (its config.json), the frequencies are compared with transformers' and every
   * difference is a finding (docs/model-files.md lists the codes). A damaged file rejects with a
   * ModelFileError naming the field and its byte offset; what is no model file, a TypeError.
   * `source`: a File/Blob, ArrayBuffer or Uint8Array, or in Node a path (read by ranges).
   */
  inspectModelFile(source: Blob | ArrayBuffer | Uint8Array | string | URL, options?: { config?: ModelConfig }): Promise<ModelFileReport>;
}

/** A finding of inspectModelFile: a stable code, how bad, and the key or tensor with both values. */
export interface ModelFileFinding {
  code: 'rope-freqs-missing' | 'rope-freqs-differ' | 'factor-differs' | 'base-differs' | 'dims-differ'
    | 'layout-unknown-architecture' | 'longrope-factors-differ' | 'yarn-differs' | 'frequencies-differ'
    | 'table-not-sinusoidal' | 'frequencies-low-precision' | 'values-not-finite' | 'layers-differ';
  /** 'error': positions will be wrong; 'warning': they may be. */
  severity: 'error' | 'warning';
  message: string;
}

/** A tensor of a model file; `role` is set for the tensors that hold positions. */
export interface ModelFileTensor {
  name: string;
  /** GGUF's type name (F32, Q4_K, …), safetensors' dtype, or .npy's as F32/F64/F16/I32/… */
  dtype: string;
  /** PyTorch order (GGUF lists its axes the other way round). */
  shape: number[];
  role?: 'rope-frequency-factors' | 'longrope-long-factors' | 'longrope-short-factors' | 'inv-freq'
    | 'position-table' | 'relative-bias' | 'cos-cache' | 'sin-cache';
}

/** How a GGUF rescales its frequencies, as llama.cpp reads its keys. */
export interface ModelFileScaling {
  /** rope.scaling.type ('linear' with factor 1 is 'none'); 'longrope' when the file has rope_factors_long. */
  kind: 'none' | 'linear' | 'yarn' | 'longrope' | string;
  factor?: number;
  /** rope.scaling.original_context_length (YaRN and LongRoPE: else context_length, as llama.cpp). */
  originalContext?: number;
  attnFactor?: number;
  betaFast?: number;
  betaSlow?: number;
  extFactor?: number;
  yarnAttnFactor?: number;
  yarnLogMultiplier?: number;
  /** rope_freqs.weight: per pair, the divisor of its frequency (Llama 3.x's llama3 scaling). */
  frequencyFactors?: Float32Array;
  longFactors?: Float32Array;
  shortFactors?: Float32Array;
}

export interface ModelFileReport {
  format: 'gguf' | 'safetensors' | 'npy';
  /** GGUF: 1, 2 or 3; .npy: '1.0', '2.0' or '3.0'. */
  version?: number | string;
  littleEndian?: boolean;
  /** GGUF's general.architecture. */
  architecture?: string;
  /** Bytes read from the source, and its size. */
  bytesRead: number;
  fileBytes: number;
  /** GGUF: the rotary embedding llama.cpp will apply (absent for an architecture without RoPE). */
  rope?: {
    /** From llama.cpp's table of architectures (NORM: interleaved, NEOX: concatenated). */
    layout: Layout | undefined;
    ropeType: 'NORM' | 'NEOX' | 'MROPE' | 'IMROPE' | undefined;
    base: number;
    rotaryDims: number;
    headDim: number | undefined;
    context: number | undefined;
    scaling: ModelFileScaling;
    /** Per pair, factors applied (LongRoPE: the long factors, which llama.cpp takes past the original context). */
    frequencies: Float64Array;
    /** LongRoPE: per pair with the short factors (a run's context up to the original one). */
    shortFrequencies?: Float64Array;
    /** M-RoPE: pairs per axis (t, h, w, and a fourth), rope.dimension_sections. */
    sections?: number[];
    /** attention.sliding_window: how far back a sliding-window layer sees. */
    slidingWindow?: number;
    /** Sliding-window layers that turn otherwise (rope.freq_base_swa, rope.dimension_count_swa: Gemma 3's base 10,000). */
    sliding?: { base: number; rotaryDims: number; frequencies: Float64Array; /** the key the base came from, or llama.cpp's default (Gemma 3) */ from: string };
    /** Each layer's kind, as llama.cpp decides it: attention.sliding_window_pattern (a bool per layer or a period), else the architecture's default (Gemma 2, Gemma 3, Cohere 2); absent when neither says. */
    layers?: Array<'sliding_attention' | 'full_attention'>;
    /** Where layers came from: the key, or "llama.cpp's default for ARCH: one full layer in every n". */
    layersFrom?: string;
    /** With layers: the kinds llama.cpp does not rotate (Cohere 2's full layers). */
    kindsWithoutRope?: string[];
  };
  tensors: ModelFileTensor[];
  /** safetensors, .npy and a GGUF's position_embd: what each position tensor's numbers are. */
  numbers?: ModelFileNumbers[];
  /** With a config: transformers' frequencies for it, and which layer kind they are. */
  reference?: { frequencies: Float64Array; source: string };
  findings: ModelFileFinding[];
  /** safetensors: its __metadata__. */
  metadata?: Record<string, string>;
}

/** What identification says of a frequency vector (see docs/model-files.md). */
export interface IdentifiedFrequencies {
  /** A named rescaling that reproduces every pair within the type's tolerance, 'per-pair' (none does: `divisors` over `base`), or 'unknown'. */
  convention: 'default' | 'linear' | 'llama3' | 'yarn' | 'per-pair' | 'unknown';
  base?: number;
  rotaryDims?: number;
  factor?: number;
  originalContext?: number;
  lowFreqFactor?: number;
  highFreqFactor?: number;
  betaFast?: number;
  betaSlow?: number;
  /** 'per-pair': plain frequencies over `base` divided by the file's. */
  divisors?: Float64Array;
  /** Every pair recomputed within the tolerance (false for 'per-pair' and 'unknown'). */
  matches: boolean;
  maxRelativeError?: number;
  /** The largest error of a frequency: its angle is a whole turn off by position 2π / maxAbsError. */
  maxAbsError?: number;
  unmatchedPairs?: number[];
  note?: string;
}

/** One position tensor's numbers, by kind. */
export type ModelFileNumbers =
  | { name: string; kind: 'frequencies'; dtype: string; values: Float64Array; identified: IdentifiedFrequencies;
      /** With a dynamic config: the sequence length whose recomputed inv_freq this is. */ length?: number }
  | { name: string; kind: 'cos-sin-cache' | 'cos-cache'; layout: 'concatenated' | 'interleaved' | 'half'; amplitude: number; offset: number;
      frequencies: Float64Array; pairsRead: number; identified: IdentifiedFrequencies; length?: number }
  | { name: string; kind: 'sinusoid-table' | 'table'; rows: number; cols: number; sinusoid: boolean; zeroRows: number[];
      closest: { convention: string | undefined; offset: number; matchingRows: number; firstDifferentRow?: number; maxAbsError: number };
      /** nearestToeplitz of the table (every `step` rows past its work cap). */
      toeplitz: { distance: number; kernel: Float64Array; step: number } }
  | { name: string; kind: 'relative-bias'; buckets: number; heads: number }
  | { name: string; kind: 'not-finite'; element: number; value: number }
  | { name: string; kind: 'not-read'; why: string }
  | { name: string; kind: 'empty'; shape: number[] };

/** A model file that is damaged or claims more than it holds. */
export class ModelFileError extends Error {
  name: 'ModelFileError';
  /** 'GGUF', 'safetensors' or '.npy'. */
  format: string;
  /** The field that is wrong (a key, a tensor's name, a length). */
  field: string;
  /** Its byte offset in the file. */
  offset: number;
}

export interface InitOptions {
  /** The bytes of `posenc-wasm.wasm`, when the default loading (next to the module) does not fit. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /**
   * Run each float32 kernel a few times at small sizes before resolving (default `true`), so that
   * V8 (Node, Chromium) has optimized it before the first real call: a large first call would
   * otherwise run in V8's baseline tier, several times slower. It adds about 20 ms to `init` in a
   * fresh Node process, spread over tasks of a few ms. Only the first `init` call's options count.
   */
  warmUp?: boolean;
}

/**
 * Loads and instantiates the WebAssembly module once; later calls return the same API.
 * In Node it reads `dist/posenc-wasm.wasm` from disk; in browsers and bundlers it fetches it
 * from next to the module (`new URL(..., import.meta.url)`).
 */
export function init(options?: InitOptions): Promise<PosEnc>;
