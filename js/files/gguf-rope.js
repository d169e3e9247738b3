// What a GGUF tells llama.cpp about positions: the {arch}.rope.* keys read as llama.cpp reads
// them (src/llama-model.cpp, load_hparams: its defaults included), the pair layout from its
// per-architecture table, and the position tensors. The frequencies are computed by the core
// (api.ropeFrequencies) from the same parameters in transformers' terms.
import { ropeTypeOf } from './rope-types.js';
import { ModelFileError } from './source.js';

const LAYOUTS = { NORM: 'interleaved', NEOX: 'concatenated', MROPE: 'concatenated', IMROPE: 'concatenated', VISION: 'concatenated' };

// Which layers slide when the file does not say (no attention.sliding_window_pattern): the
// periods llama.cpp's load_hparams hard-codes (set_swa_pattern(n): every n-th layer full), and
// Gemma 3's sliding base, which it sets to 10,000 whatever the file holds. Cohere 2's full
// layers turn nothing (its graph ropes the sliding layers only, as transformers does).
const SWA_DEFAULTS = { gemma2: { period: 2 }, gemma3: { period: 6, base: 10000 }, cohere2: { period: 4, noRope: ['full_attention'] } };
// Architectures whose period counts the full layer first (set_swa_pattern(n, dense_first = true)).
const DENSE_FIRST = new Set(['cohere2moe', 'modern-bert']);

/** GGUF metadata value that may be a per-layer array: its first entry. */
const scalar = (v) => (Array.isArray(v) ? v[0] : v);

/**
 * { architecture, ropeType, layout, headDim, rotaryDims, base, context, scaling, sections,
 *   slidingWindow?, sliding: { base, rotaryDims }?, layers?: string[], layersFrom?, kindsWithoutRope?,
 *   tensors: { freqs, long, short, table } } from a
 * parsed GGUF (gguf.js); ropeType comes from llama.cpp's table (undefined for an unknown
 * architecture, 'NONE' when it does not rotate).
 */
export function ggufRope(gguf) {
  const m = gguf.metadata;
  const architecture = m['general.architecture'];
  const key = (k) => scalar(m[`${architecture}.${k}`]);
  const heads = key('attention.head_count'), embedding = key('embedding_length');
  // llama.cpp: n_embd / n_head in integers, unless key_length says.
  const headDim = key('attention.key_length') ?? (embedding && heads ? Math.floor(embedding / heads) : undefined);
  const context = key('context_length');
  // llama.cpp: rope_scaling defaults to "linear"; factor 0 (absent) means 1; the old key
  // rope.scale_linear when rope.scaling.factor is absent.
  const type = key('rope.scaling.type') ?? 'linear';
  const factor = key('rope.scaling.factor') ?? key('rope.scale_linear') ?? 0;
  const scaling = { kind: type === 'linear' && (factor === 0 || factor === 1) ? 'none' : type };
  if (factor && scaling.kind !== 'none') scaling.factor = factor;  // a factor with type none: not applied
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
  const swa = SWA_DEFAULTS[architecture];
  if (key('rope.freq_base_swa') !== undefined || key('rope.dimension_count_swa') !== undefined || swa?.base)
    rope.sliding = { base: key('rope.freq_base_swa') ?? swa?.base ?? rope.base, rotaryDims: key('rope.dimension_count_swa') ?? rope.rotaryDims,
      from: key('rope.freq_base_swa') !== undefined ? 'rope.freq_base_swa' : swa?.base ? `llama.cpp's default for ${architecture}` : 'rope.freq_base' };
  Object.assign(rope, layerKinds(gguf, architecture, key('block_count'), swa));
  if (ropeType !== 'NONE') checked(gguf, architecture, rope);
  return rope;
}

// Each layer's kind ('sliding_attention' or 'full_attention'), as llama.cpp decides it:
// attention.sliding_window_pattern is a bool per layer (true: sliding) or a period n (layer i
// is full where i % n == n - 1, or i % n == 0 for the dense-first architectures; 0: all
// sliding); without it, the architecture's hard-coded period. Nothing when neither says
// (other layer kinds, e.g. Llama 4's layers without RoPE, are not read from a GGUF).
function layerKinds(gguf, architecture, blocks, swa) {
  const name = `${architecture}.attention.sliding_window_pattern`, pattern = gguf.metadata[name];
  if (!Number.isInteger(blocks) || blocks < 1 || (pattern === undefined && !swa)) return {};
  if (blocks > 65536) throw new ModelFileError('GGUF', `${architecture}.block_count`, gguf.offsets[`${architecture}.block_count`] ?? 0, `is ${blocks}; a model has at most 65536 layers here`);
  const kind = (sliding) => (sliding ? 'sliding_attention' : 'full_attention');
  if (Array.isArray(pattern)) {
    if (pattern.length !== blocks || !pattern.every((b) => typeof b === 'boolean'))
      throw new ModelFileError('GGUF', name, gguf.offsets[name] ?? 0, `holds ${pattern.length} values${pattern.length === blocks ? ', not all bools' : ''}; block_count is ${blocks}, one bool per layer`);
    return { layers: pattern.map(kind), kindsWithoutRope: swa?.noRope ?? [], layersFrom: name };
  }
  const period = pattern ?? swa.period;
  if (!Number.isInteger(period) || period < 0) throw new ModelFileError('GGUF', name, gguf.offsets[name] ?? 0, `is ${String(period)}; a period is a whole number ≥ 0`);
  const denseFirst = DENSE_FIRST.has(architecture);
  const layers = Array.from({ length: blocks }, (_, i) => kind(period === 0 || (denseFirst ? i % period !== 0 : i % period < period - 1)));
  return { layers, kindsWithoutRope: swa?.noRope ?? [], layersFrom: pattern === undefined ? `llama.cpp's default for ${architecture}: one full layer in every ${period}` : `${name} (period ${period})` };
}

// Values llama.cpp could not turn by are a damaged file: an error naming the key and its offset
// (the core would refuse them too, but without saying where they came from).
function checked(gguf, architecture, rope) {
  const fail = (k, why) => {
    const key = gguf.offsets[`${architecture}.${k}`] === undefined ? k : `${architecture}.${k}`;
    const value = gguf.metadata[key];
    return new ModelFileError('GGUF', key, gguf.offsets[key] ?? 0, `is ${Array.isArray(value) ? JSON.stringify(value) : String(value)}; ${why}`);
  };
  const integer = (v, low, high) => Number.isInteger(v) && v >= low && v <= high;
  const given = (k) => gguf.metadata[`${architecture}.${k}`] !== undefined;
  if (rope.rotaryDims !== undefined && !(integer(rope.rotaryDims, 2, 65536) && rope.rotaryDims % 2 === 0))
    throw fail(given('rope.dimension_count') ? 'rope.dimension_count' : given('attention.key_length') ? 'attention.key_length' : 'embedding_length',
      `the rotary dimensions must be an even integer from 2 to 65536 (here ${rope.rotaryDims})`);
  if (!(Number.isFinite(rope.base) && rope.base > 1)) throw fail('rope.freq_base', 'a base must be a finite number > 1');
  if (rope.sliding && !(Number.isFinite(rope.sliding.base) && rope.sliding.base > 1)) throw fail('rope.freq_base_swa', 'a base must be a finite number > 1');
  if (rope.sliding && !(integer(rope.sliding.rotaryDims, 2, 65536) && rope.sliding.rotaryDims % 2 === 0))
    throw fail('rope.dimension_count_swa', 'the rotary dimensions must be an even integer from 2 to 65536');
  const s = rope.scaling;
  if (!['none', 'linear', 'yarn', 'longrope'].includes(s.kind))
    throw fail('rope.scaling.type', 'llama.cpp knows "none", "linear", "yarn" and "longrope" (and refuses to load others)');
  if (s.factor !== undefined && !(Number.isFinite(s.factor) && s.factor > 0))
    throw fail(given('rope.scaling.factor') ? 'rope.scaling.factor' : 'rope.scale_linear', 'a factor must be a finite number > 0');
  if ((s.kind === 'yarn' || s.kind === 'longrope') && s.originalContext === undefined)
    throw fail('context_length', `${s.kind} needs the original context: the file has neither rope.scaling.original_context_length nor context_length`);
  if (s.originalContext !== undefined && !integer(s.originalContext, 1, 2 ** 31))
    throw fail(given('rope.scaling.original_context_length') ? 'rope.scaling.original_context_length' : 'context_length', 'a context must be a whole number of positions from 1 to 2³¹');
  for (const [k, name] of [['rope.scaling.yarn_beta_fast', 'betaFast'], ['rope.scaling.yarn_beta_slow', 'betaSlow']])
    if (s[name] !== undefined && !(Number.isFinite(s[name]) && s[name] >= 0)) throw fail(k, 'a beta must be a finite number ≥ 0');
  if (rope.sections && !(rope.sections.every((v) => integer(v, 0, 65536)) && rope.sections.reduce((a, b) => a + b, 0) <= (rope.rotaryDims ?? 0) / 2))
    throw fail('rope.dimension_sections', `sections are whole numbers of pairs summing to at most ${(rope.rotaryDims ?? 0) / 2}`);
}
