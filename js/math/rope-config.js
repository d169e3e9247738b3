// A model's config.json, read the way transformers reads its rotary settings: the head dimension
// (head_dim, else hidden_size / num_attention_heads), the rotary part of it
// (partial_rotary_factor, GPT-NeoX's rotary_pct), the base (rope_theta, GPT-NeoX's
// rotary_emb_base) and rope_scaling as it is; plus the original and extended context lengths
// the wavelengths are compared with. Presets: the real configs of docs/rope.md.

/** Real configs (the keys that matter for RoPE), as their config.json files write them. */
export const ROPE_PRESETS = Object.freeze({
  'llama-2-7b': { name: 'Llama 2 7B', config: { hidden_size: 4096, num_attention_heads: 32, max_position_embeddings: 4096, rope_theta: 10000.0, rope_scaling: null } },
  'llama-3.1-8b': { name: 'Llama 3.1 8B', config: { hidden_size: 4096, num_attention_heads: 32, max_position_embeddings: 131072, rope_theta: 500000.0,
    rope_scaling: { factor: 8.0, low_freq_factor: 1.0, high_freq_factor: 4.0, original_max_position_embeddings: 8192, rope_type: 'llama3' } } },
  'yarn-llama-2-7b-64k': { name: 'NousResearch/Yarn-Llama-2-7b-64k', config: { hidden_size: 4096, num_attention_heads: 32, rope_theta: 10000.0,
    rope_scaling: { factor: 16.0, original_max_position_embeddings: 4096, type: 'yarn', finetuned: true } } },
  'qwen2.5-7b-yarn': { name: 'Qwen2.5 7B, YaRN ×4 (its long-context setting)', config: { hidden_size: 3584, num_attention_heads: 28, max_position_embeddings: 32768, rope_theta: 1000000.0,
    rope_scaling: { factor: 4.0, original_max_position_embeddings: 32768, type: 'yarn' } } },
  'gpt-neox-20b': { name: 'GPT-NeoX 20B (partial rotary)', config: { hidden_size: 6144, num_attention_heads: 64, max_position_embeddings: 2048, rotary_pct: 0.25, rotary_emb_base: 10000 } },
});

/** The comparison's factor when the config has no scaling: what a 4× extension would do. */
export const COMPARISON_FACTOR = 4;

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

function positive(config, key, integer = false) {
  const v = config[key];
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || (integer && !Number.isInteger(v)))
    throw new RangeError(`config.${key} must be a ${integer ? 'whole ' : ''}number > 0, got ${JSON.stringify(v) ?? 'nothing'}`);
  return v;
}

/** The first of `keys` the config has (not null), or undefined. */
const first = (config, keys) => keys.find((key) => config[key] !== undefined && config[key] !== null);

/**
 * { headDim, rotaryDims, base, scaling, original, extended, factor } from a config object
 * (parsed JSON). Errors name the config key; rope_scaling's own keys are checked by the package.
 */
export function readRopeConfig(config) {
  if (!isObject(config)) throw new TypeError('the config must be a JSON object ({"rope_theta": …, "rope_scaling": …})');
  const headKey = first(config, ['head_dim']);
  const headDim = headKey ? positive(config, headKey, true)
    : positive(config, 'hidden_size', true) / positive(config, 'num_attention_heads', true);
  if (!Number.isInteger(headDim))
    throw new RangeError(`config.hidden_size / config.num_attention_heads must be a whole number, got ${headDim}`);
  const fractionKey = first(config, ['partial_rotary_factor', 'rotary_pct']);
  const fraction = fractionKey ? positive(config, fractionKey) : 1;
  // transformers: dim = int(head_dim * partial_rotary_factor)
  const rotaryDims = Math.trunc(headDim * fraction);
  const baseKey = first(config, ['rope_theta', 'rotary_emb_base']);
  const base = baseKey ? positive(config, baseKey) : 10000;
  const scaling = config.rope_scaling ?? null;
  if (scaling !== null && !isObject(scaling)) throw new TypeError('config.rope_scaling must be an object or null');
  const factor = typeof scaling?.factor === 'number' ? scaling.factor : 1;
  const maxKey = first(config, ['max_position_embeddings']);
  const max = maxKey ? positive(config, maxKey, true) : undefined;
  const hasOriginal = typeof scaling?.original_max_position_embeddings === 'number';
  const original = hasOriginal ? scaling.original_max_position_embeddings : max ?? 2048;
  // The context the scaling aims at: max_position_embeddings when larger, else factor × original.
  const extended = max !== undefined && max > original ? max : Math.round(original * factor);
  return { headDim, rotaryDims, base, scaling, original, extended, factor, max };
}

/**
 * The options of pe.ropeFrequencies for a read config: dynamic NTK needs the config's
 * max_position_embeddings inside rope_scaling and a sequence length (the extended one).
 */
export function frequencyOptions({ base, scaling, rotaryDims, extended, max, original }) {
  const type = scaling?.rope_type ?? scaling?.type;
  if (type !== 'dynamic') return { base, scaling, rotaryDims };
  return { base, rotaryDims, length: extended, scaling: { max_position_embeddings: max ?? original, ...scaling } };
}

/**
 * The five scalings with the same factor s and original length L (s = COMPARISON_FACTOR when
 * the config has none), as pe.ropeFrequencies options: [{ type, options }].
 */
export function scalingFamily({ base, rotaryDims, original, factor }) {
  const s = factor > 1 ? factor : COMPARISON_FACTOR, L = original;
  return [
    { type: 'default', options: { base, rotaryDims } },
    { type: 'linear', options: { base, rotaryDims, scaling: { rope_type: 'linear', factor: s } } },
    { type: 'dynamic', options: { base, rotaryDims, length: s * L, scaling: { rope_type: 'dynamic', factor: s, max_position_embeddings: L } } },
    { type: 'yarn', options: { base, rotaryDims, scaling: { rope_type: 'yarn', factor: s, original_max_position_embeddings: L } } },
    { type: 'llama3', options: { base, rotaryDims, scaling: { rope_type: 'llama3', factor: s, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: L } } },
  ].map((entry) => ({ ...entry, factor: s }));
}

/** Wavelengths 2π/θ_i from frequencies. */
export const wavelengths = (frequencies) => Float64Array.from(frequencies, (theta) => (2 * Math.PI) / theta);
