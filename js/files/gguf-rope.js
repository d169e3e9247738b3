// What a GGUF tells llama.cpp about positions: the {arch}.rope.* keys read as llama.cpp reads
// them (src/llama-model.cpp, load_hparams: its defaults included), the pair layout from its
// per-architecture table, and the position tensors. The frequencies are computed by the core
// (api.ropeFrequencies) from the same parameters in transformers' terms.
import { ropeTypeOf } from './rope-types.js';

const LAYOUTS = { NORM: 'interleaved', NEOX: 'concatenated', MROPE: 'concatenated', IMROPE: 'concatenated', VISION: 'concatenated' };

/** GGUF metadata value that may be a per-layer array: its first entry. */
const scalar = (v) => (Array.isArray(v) ? v[0] : v);

/**
 * { architecture, ropeType, layout, headDim, rotaryDims, base, context, scaling, sections,
 *   slidingWindow?, sliding: { base, rotaryDims }?, tensors: { freqs, long, short, table } } from a
 * parsed GGUF (gguf.js); ropeType comes from llama.cpp's table (undefined for an unknown
 * architecture, 'NONE' when it does not rotate).
 */
export function ggufRope(gguf) {
  const m = gguf.metadata;
  const architecture = m['general.architecture'];
  const key = (k) => scalar(m[`${architecture}.${k}`]);
  const heads = key('attention.head_count'), embedding = key('embedding_length');
  const headDim = key('attention.key_length') ?? (embedding && heads ? embedding / heads : undefined);
  const context = key('context_length');
  // llama.cpp: rope_scaling defaults to "linear"; factor 0 (absent) means 1; the old key
  // rope.scale_linear when rope.scaling.factor is absent.
  const type = key('rope.scaling.type') ?? 'linear';
  const factor = key('rope.scaling.factor') ?? key('rope.scale_linear') ?? 0;
  const scaling = { kind: type === 'linear' && (factor === 0 || factor === 1) ? 'none' : type };
  if (factor) scaling.factor = factor;
  const original = key('rope.scaling.original_context_length');
  if (type === 'yarn' || type === 'longrope') scaling.originalContext = original ?? context;
  else if (original !== undefined) scaling.originalContext = original;
  for (const [k, name] of [['rope.scaling.attn_factor', 'attnFactor'], ['rope.scaling.yarn_beta_fast', 'betaFast'],
    ['rope.scaling.yarn_beta_slow', 'betaSlow'], ['rope.scaling.yarn_ext_factor', 'extFactor'],
    ['rope.scaling.yarn_attn_factor', 'yarnAttnFactor'], ['rope.scaling.yarn_log_multiplier', 'yarnLogMultiplier']])
    if (key(k) !== undefined) scaling[name] = key(k);

  const tensor = (name) => gguf.tensors.find((t) => t.name === name);
  const tensors = {
    freqs: tensor('rope_freqs.weight'), long: tensor('rope_factors_long.weight'),
    short: tensor('rope_factors_short.weight'), table: tensor('position_embd.weight'),
  };
  const ropeType = architecture === undefined ? undefined : ropeTypeOf(architecture, m);
  const rope = {
    architecture, ropeType, layout: LAYOUTS[ropeType], headDim, rotaryDims: key('rope.dimension_count') ?? headDim,
    base: key('rope.freq_base') ?? 10000, context, scaling, tensors,
  };
  const sections = m[`${architecture}.rope.dimension_sections`];
  if (Array.isArray(sections)) rope.sections = sections;
  const window = key('attention.sliding_window');
  if (window !== undefined) rope.slidingWindow = window;
  // Sliding-window layers that turn otherwise (Gemma 3: base 10,000 there, unscaled).
  if (key('rope.freq_base_swa') !== undefined || key('rope.dimension_count_swa') !== undefined)
    rope.sliding = { base: key('rope.freq_base_swa') ?? rope.base, rotaryDims: key('rope.dimension_count_swa') ?? rope.rotaryDims };
  return rope;
}
