// Named conventions: the options that make posenc equal another codebase's sinusoidal
// encoding, each checked against that codebase's source (docs/conventions.md has the table of
// framework functions, each backed by a golden-data test: tests/js/conventions.test.js).
// `options` are plain posenc options; `oddDModel` is the rule for an odd dModel (only a
// convention sets it); `amplitude` is a number or 'sqrt(2 / dModel)' (MLX's default scale).

const PAPER_FORMULA = 'PE(p, 2i) = sin(p·ω_i), PE(p, 2i+1) = cos(p·ω_i), ω_i = base^(−2i/d)';

const freeze = (value) => {
  for (const inner of Object.values(value)) if (inner && typeof inner === 'object') freeze(inner);
  return Object.freeze(value);
};

export const CONVENTIONS = freeze({
  paper: {
    name: 'paper',
    title: 'Attention Is All You Need',
    formula: PAPER_FORMULA,
    options: { spacing: 'paper', layout: 'interleaved', order: 'sin-cos' },
    amplitude: 1,
    oddDModel: 'extra-sine',
    oddNote: 'odd d: ⌈d/2⌉ frequencies base^(−2i/d) with the odd d, the last column a sine without its cosine (HF DistilBERT/XLM, keras-hub)',
    equals: [
      { call: 'PositionalEncoding(d_model)', file: 'pytorch/examples word_language_model/model.py' },
      { call: 'create_sinusoidal_embeddings(n_pos, dim, out)', file: 'huggingface/transformers src/transformers/models/distilbert/modeling_distilbert.py' },
      { call: 'SinePositionEncoding(max_wavelength=base)(inputs, start_index)', file: 'keras-team/keras-hub keras_hub/src/layers/modeling/sine_position_encoding.py' },
    ],
  },
  tensor2tensor: {
    name: 'tensor2tensor',
    title: 'tensor2tensor, Whisper, flax',
    formula: 'row = [sin(p·ω_0) … sin(p·ω_{h−1}), cos(p·ω_0) … cos(p·ω_{h−1})], ω_i = base^(−i/max(h−1, 1)), h = ⌊d/2⌋',
    options: { spacing: 'tensor2tensor', layout: 'concatenated', order: 'sin-cos' },
    amplitude: 1,
    oddDModel: 'zero-column',
    oddNote: 'odd d: the d − 1 encoding, then a zero column (tf.pad)',
    equals: [
      { call: 'get_timing_signal_1d(length, channels, min_timescale=1, max_timescale=base, start_index)', file: 'tensorflow/tensor2tensor tensor2tensor/layers/common_attention.py' },
      { call: 'sinusoids(length, channels, max_timescale=base)', file: 'openai/whisper whisper/model.py' },
      { call: 'sinusoidal_init(max_len, min_scale=1, max_scale=base)', file: 'google/flax examples/wmt/models.py (and lm1b)' },
    ],
  },
  fairseq: {
    name: 'fairseq',
    title: 'fairseq (HF FSMT, M2M100, Speech2Text)',
    formula: 'tensor2tensor\'s, with tokens at positions padding_idx + 1, … : pass start = padding_idx + 1',
    options: { spacing: 'tensor2tensor', layout: 'concatenated', order: 'sin-cos' },
    amplitude: 1,
    oddDModel: 'zero-column',
    oddNote: 'odd d: a zero column; the table row padding_idx is zeroed too, but no token sits there',
    equals: [
      { call: 'SinusoidalPositionalEmbedding.get_embedding(num_embeddings, embedding_dim, padding_idx)', file: 'facebookresearch/fairseq fairseq/modules/sinusoidal_positional_embedding.py' },
      { call: 'SinusoidalPositionalEmbedding.get_embedding(…)', file: 'huggingface/transformers src/transformers/models/fsmt/modeling_fsmt.py' },
    ],
  },
  'tf-tutorial': {
    name: 'tf-tutorial',
    title: 'TensorFlow transformer tutorial, HF Marian',
    formula: 'row = [sin(p·ω_0) …, cos(p·ω_0) …], ω_i = base^(−2i/d)',
    options: { spacing: 'paper', layout: 'concatenated', order: 'sin-cos' },
    amplitude: 1,
    oddDModel: 'extra-sine',
    oddNote: 'odd d: ⌈d/2⌉ sines, then ⌊d/2⌋ cosines (HF Marian); the TF tutorial itself returns d + 1 columns for an odd d',
    equals: [
      { call: 'positional_encoding(length, depth)', file: 'tensorflow/text docs/tutorials/transformer.ipynb' },
      { call: 'MarianSinusoidalPositionalEmbedding._init_weight', file: 'huggingface/transformers src/transformers/models/marian/modeling_marian.py' },
      { call: 'get_1d_sincos_pos_embed_from_grid(embed_dim, pos)', file: 'huggingface/diffusers src/diffusers/models/embeddings.py' },
    ],
  },
  diffusers: {
    name: 'diffusers',
    title: 'diffusers get_timestep_embedding, defaults',
    formula: 'row = [sin(s·t·ω_i) …, cos(s·t·ω_i) …], ω_i = exp(−ln(max_period)·i/(h − 1)): pass base = max_period, angleScale = s',
    options: { spacing: 'tensor2tensor', layout: 'concatenated', order: 'sin-cos' },
    amplitude: 1,
    oddDModel: 'zero-column',
    oddNote: 'odd d: a zero column (F.pad)',
    equals: [
      { call: 'get_timestep_embedding(timesteps, embedding_dim) (flip_sin_to_cos=False, downscale_freq_shift=1)', file: 'huggingface/diffusers src/diffusers/models/embeddings.py' },
    ],
  },
  'stable-diffusion': {
    name: 'stable-diffusion',
    title: 'Stable Diffusion UNet time projection',
    formula: 'row = [cos(t·ω_i) …, sin(t·ω_i) …], ω_i = exp(−ln(max_period)·i/h)',
    options: { spacing: 'paper', layout: 'concatenated', order: 'cos-sin' },
    amplitude: 1,
    oddDModel: 'zero-column',
    oddNote: 'odd d: a zero column (F.pad)',
    equals: [
      { call: 'Timesteps(num_channels, flip_sin_to_cos=True, downscale_freq_shift=0) → get_timestep_embedding', file: 'huggingface/diffusers src/diffusers/models/embeddings.py (UNet2DConditionModel defaults)' },
    ],
  },
  'guided-diffusion': {
    name: 'guided-diffusion',
    title: 'OpenAI guided-/improved-diffusion',
    formula: 'row = [cos(t·ω_i) …, sin(t·ω_i) …], ω_i = exp(−ln(max_period)·i/h)',
    options: { spacing: 'paper', layout: 'concatenated', order: 'cos-sin' },
    amplitude: 1,
    oddDModel: 'zero-column',
    oddNote: 'odd d: a zero column',
    equals: [
      { call: 'timestep_embedding(timesteps, dim, max_period=base)', file: 'openai/guided-diffusion guided_diffusion/nn.py' },
    ],
  },
  dit: {
    name: 'dit',
    title: 'diffusers DiT / PixArt time projection',
    formula: 'row = [cos(t·ω_i) …, sin(t·ω_i) …], ω_i = exp(−ln(max_period)·i/(h − 1))',
    options: { spacing: 'tensor2tensor', layout: 'concatenated', order: 'cos-sin' },
    amplitude: 1,
    oddDModel: 'zero-column',
    oddNote: 'odd d: a zero column (F.pad)',
    equals: [
      { call: 'Timesteps(256, flip_sin_to_cos=True, downscale_freq_shift=1) → get_timestep_embedding', file: 'huggingface/diffusers src/diffusers/models/embeddings.py (CombinedTimestepLabelEmbeddings)' },
    ],
  },
  mlx: {
    name: 'mlx',
    title: 'MLX nn.SinusoidalPositionalEncoding',
    formula: 'row = √(2/d)·[sin(x·σ_i) …, cos(x·σ_i) …], σ_i = max_freq·(max_freq/min_freq)^(−i/(h − 1)): base = max_freq/min_freq, angleScale = max_freq (×2π for full_turns)',
    options: { spacing: 'tensor2tensor', layout: 'concatenated', order: 'sin-cos' },
    amplitude: 'sqrt(2 / dModel)',
    oddDModel: 'error',
    oddNote: 'odd d: MLX returns d − 1 columns, which no dModel describes: a RangeError',
    equals: [
      { call: 'SinusoidalPositionalEncoding(dims) (min_freq=1e-4, max_freq=1, cos_first=False, full_turns=False)', file: 'ml-explore/mlx python/mlx/nn/layers/positional_encoding.py' },
    ],
  },
});

// The binding's odd-d rule per convention ('error' and no convention: none).
export const ODD_RULES = Object.freeze({ 'extra-sine': 'extraSine', 'zero-column': 'zeroColumn', error: 'none' });

/** An amplitude (a number, or a convention's 'sqrt(2 / dModel)') for this dModel. */
export function presetAmplitude({ amplitude }, dModel) {
  return amplitude === 'sqrt(2 / dModel)' ? Math.sqrt(2 / dModel) : amplitude;
}
