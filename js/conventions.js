// Named conventions: the options that make posenc equal another codebase's sinusoidal
// encoding, each checked against that codebase's source (docs/conventions.md has the table of
// framework functions, each backed by a golden-data test: tests/js/conventions.test.js).
// `options` are plain posenc options; `oddDModel` is the rule for an odd dModel (only a
// convention sets it); `amplitude` is a number or 'sqrt(2 / dModel)' (MLX's default scale).

const PAPER_FORMULA = 'PE(p, 2i) = sin(p·ωᵢ), PE(p, 2i+1) = cos(p·ωᵢ), ωᵢ = base^(−2i/dModel)';

const freeze = (value) => {
  for (const inner of Object.values(value)) if (inner && typeof inner === 'object') freeze(inner);
  return Object.freeze(value);
};

// [spacing, layout, order] as posenc options.
const PAPER = ['paper', 'interleaved', 'sin-cos'];
const T2T = ['tensor2tensor', 'concatenated', 'sin-cos'];
const PAPER_CONCAT = ['paper', 'concatenated', 'sin-cos'];
const COS_FIRST = ['paper', 'concatenated', 'cos-sin'];
const T2T_COS_FIRST = ['tensor2tensor', 'concatenated', 'cos-sin'];
const ZERO = ['zero-column', 'odd dModel: the dModel − 1 encoding, then a zero column'];
const DIFFUSERS = 'huggingface/diffusers src/diffusers/models/embeddings.py';

function preset(name, title, formula, [spacing, layout, order], [oddDModel, oddNote], equals, amplitude = 1) {
  return { name, title, formula, options: { spacing, layout, order }, amplitude, oddDModel, oddNote,
    equals: equals.map(([call, file]) => ({ call, file })) };
}

export const CONVENTIONS = freeze(Object.fromEntries([
  preset('paper', 'Attention Is All You Need', PAPER_FORMULA, PAPER,
    ['extra-sine', 'odd dModel: ⌈dModel/2⌉ frequencies base^(−2i/dModel) with the odd dModel, the last column a sine without its cosine (HF DistilBERT/XLM, keras-hub)'], [
      ['PositionalEncoding(d_model)', 'pytorch/examples word_language_model/model.py'],
      ['create_sinusoidal_embeddings(n_pos, dim, out)', 'huggingface/transformers src/transformers/models/distilbert/modeling_distilbert.py'],
      ['SinePositionEncoding(max_wavelength=base)(inputs, start_index)', 'keras-team/keras-hub keras_hub/src/layers/modeling/sine_position_encoding.py'],
    ]),
  preset('tensor2tensor', 'tensor2tensor, Whisper, flax',
    'row = [sin(p·ω₀) … sin(p·ωₕ₋₁), cos(p·ω₀) … cos(p·ωₕ₋₁)], ωᵢ = base^(−i/max(h−1, 1)), h = ⌊dModel/2⌋', T2T, ZERO, [
      ['get_timing_signal_1d(length, channels, min_timescale=1, max_timescale=base, start_index)', 'tensorflow/tensor2tensor tensor2tensor/layers/common_attention.py'],
      ['sinusoids(length, channels, max_timescale=base)', 'openai/whisper whisper/model.py'],
      ['sinusoidal_init(max_len, min_scale=1, max_scale=base)', 'google/flax examples/wmt/models.py (and lm1b)'],
    ]),
  preset('fairseq', 'fairseq (HF FSMT, M2M100, Speech2Text)',
    "tensor2tensor's, with tokens at positions padding_idx + 1, … : pass start = padding_idx + 1", T2T,
    ['zero-column', 'odd dModel: a zero column; the table row padding_idx is zeroed too, but no token sits there'], [
      ['SinusoidalPositionalEmbedding.get_embedding(num_embeddings, embedding_dim, padding_idx)', 'facebookresearch/fairseq fairseq/modules/sinusoidal_positional_embedding.py'],
      ['SinusoidalPositionalEmbedding.get_embedding(…)', 'huggingface/transformers src/transformers/models/fsmt/modeling_fsmt.py'],
    ]),
  preset('tf-tutorial', 'TensorFlow transformer tutorial, HF Marian', 'row = [sin(p·ω₀) …, cos(p·ω₀) …], ωᵢ = base^(−2i/dModel)', PAPER_CONCAT,
    ['extra-sine', 'odd dModel: ⌈dModel/2⌉ sines, then ⌊dModel/2⌋ cosines (HF Marian); the TF tutorial itself returns dModel + 1 columns for an odd dModel'], [
      ['positional_encoding(length, depth)', 'tensorflow/text docs/tutorials/transformer.ipynb'],
      ['MarianSinusoidalPositionalEmbedding._init_weight', 'huggingface/transformers src/transformers/models/marian/modeling_marian.py'],
      ['get_1d_sincos_pos_embed_from_grid(embed_dim, pos)', DIFFUSERS],
    ]),
  preset('diffusers', 'diffusers get_timestep_embedding, defaults',
    'row = [sin(s·t·ωᵢ) …, cos(s·t·ωᵢ) …], ωᵢ = exp(−ln(max_period)·i/(h − 1)): pass base = max_period, angleScale = s', T2T, ZERO, [
      ['get_timestep_embedding(timesteps, embedding_dim) (flip_sin_to_cos=False, downscale_freq_shift=1)', DIFFUSERS],
    ]),
  preset('stable-diffusion', 'Stable Diffusion UNet time projection',
    'row = [cos(t·ωᵢ) …, sin(t·ωᵢ) …], ωᵢ = exp(−ln(max_period)·i/h)', COS_FIRST, ZERO, [
      ['Timesteps(num_channels, flip_sin_to_cos=True, downscale_freq_shift=0) → get_timestep_embedding', `${DIFFUSERS} (UNet2DConditionModel defaults)`],
    ]),
  preset('guided-diffusion', 'OpenAI guided-/improved-diffusion',
    'row = [cos(t·ωᵢ) …, sin(t·ωᵢ) …], ωᵢ = exp(−ln(max_period)·i/h)', COS_FIRST, ZERO, [
      ['timestep_embedding(timesteps, dim, max_period=base)', 'openai/guided-diffusion guided_diffusion/nn.py'],
    ]),
  preset('dit', 'diffusers DiT / PixArt time projection',
    'row = [cos(t·ωᵢ) …, sin(t·ωᵢ) …], ωᵢ = exp(−ln(max_period)·i/(h − 1))', T2T_COS_FIRST, ZERO, [
      ['Timesteps(256, flip_sin_to_cos=True, downscale_freq_shift=1) → get_timestep_embedding', `${DIFFUSERS} (CombinedTimestepLabelEmbeddings)`],
    ]),
  preset('mlx', 'MLX nn.SinusoidalPositionalEncoding',
    'row = √(2/dModel)·[sin(x·σ_i) …, cos(x·σ_i) …], σ_i = max_freq·(max_freq/min_freq)^(−i/(h − 1)): base = max_freq/min_freq, angleScale = max_freq (×2π for full_turns)', T2T,
    ['error', 'odd dModel: MLX returns dModel − 1 columns, which no dModel describes: a RangeError'], [
      ['SinusoidalPositionalEncoding(dims) (min_freq=1e-4, max_freq=1, cos_first=False, full_turns=False)', 'ml-explore/mlx python/mlx/nn/layers/positional_encoding.py'],
    ], 'sqrt(2 / dModel)'),
].map((p) => [p.name, p])));

// The binding's odd-d rule per convention ('error' and no convention: none).
export const ODD_RULES = Object.freeze({ 'extra-sine': 'extraSine', 'zero-column': 'zeroColumn', error: 'none' });

/** An amplitude (a number, or a convention's 'sqrt(2 / dModel)') for this dModel. */
export function presetAmplitude({ amplitude }, dModel) {
  return amplitude === 'sqrt(2 / dModel)' ? Math.sqrt(2 / dModel) : amplitude;
}
