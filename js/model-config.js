// A model's config.json read the way Hugging Face transformers v5 reads its rotary settings
// (modeling_rope_utils.py's RotaryEmbeddingConfigMixin and each model's configuration_*.py, at
// commit decba1d2): the text config, the head and rotary dimensions, the layer kinds and which
// of them rotate, and for one kind the standardized rope parameters that the core turns into
// frequencies. Legacy (`rope_theta` + `rope_scaling`) and v5 (`rope_parameters`) configs read
// alike. What the file leaves out is filled as transformers fills it for the model type
// (MODEL_TYPES: one entry per type) and said in `filled`; everything transformers would warn
// about, and every guess, is said in `warnings`. Never silent.
//
// The numbers (inv_freq, attention_scaling) are the core's (src/rope_frequencies.cpp); this
// module only walks the JSON. The config is never mutated.

import { isObject, show } from './describe.js';
import { modelTypeOf, NOT_ROTARY, UNTELLABLE } from './position-scheme.js';

const set = (v) => v !== undefined && v !== null;
// A key of one of the tables below (never an inherited property such as 'constructor').
const own = (table, key) => (typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined);

// Python's dict.update: every key of `from` becomes a key of `into`, "__proto__" too (a JSON key
// like any other; Object.assign would set the prototype instead and hide the key).
function update(into, from) {
  for (const [k, v] of Object.entries(from)) Object.defineProperty(into, k, { value: v, enumerable: true, writable: true, configurable: true });
  return into;
}

// More layers than any model has: refused before an array of their kinds is built.
const MAX_LAYERS = 100000;

// Layer kinds: every `(i + 1) % n` layer is `kind`, the others `other` (Gemma 2/3, Cohere2, OLMo 3).
const everyNth = (n, kind, other) => (count) => Array.from({ length: count }, (_, i) => ((i + 1) % n ? kind : other));
const SLIDING_FULL = (n) => everyNth(n, 'sliding_attention', 'full_attention');

/**
 * What transformers v5 does per model type where config.json is silent or has keys of its own:
 * - theta: the default base (`default_theta`), or per layer kind;
 * - head: 'head_dim' (the key, else headDefault, else hidden_size / num_attention_heads),
 *   'hidden' (hidden_size / num_attention_heads, whatever head_dim says: Cohere2, Falcon) or
 *   another key (DeepSeek's qk_rope_head_dim);
 * - partial: the key and default of the rotary fraction, and `plain`: the model's default RoPE
 *   honours it (Phi, GPT-NeoX; Llama's plain RoPE turns every column);
 * - layers(config): the default layer kinds for a layer count; noRope: kinds without RoPE;
 * - layout: which columns pair up (default 'concatenated': rotate_half); maxPositions: the
 *   default max_position_embeddings; rename: legacy rope_type names; types: the only types the
 *   model takes; text: the type of its text config; mrope: its rope dict's mrope_section is read
 *   (true: the sections in blocks, Qwen2-VL; 'interleaved': pair by pair, Qwen3-VL);
 * - perKind: its own convert_rope_params_to_dict, one rope dict per layer kind with a theta key
 *   each (null: none, the default), rope_scaling applied to the kinds `scaled`;
 * - thetaKey: the key of the base (GPT-NeoX's rotary_emb_base); defaultScaling: GPT-OSS's.
 */
export const MODEL_TYPES = Object.freeze({
  llama: { maxPositions: 2048, theta: 1e4, head: 'head_dim' },
  mistral: { maxPositions: 131072, theta: 1e4, head: 'head_dim' },
  mixtral: { theta: 1e6, head: 'head_dim' },
  qwen2: { maxPositions: 32768, theta: 1e4, head: 'head_dim' },
  qwen3: { maxPositions: 32768, theta: 1e4, head: 'head_dim', headDefault: 128 },
  qwen2_vl: { text: 'qwen2_vl_text' },
  qwen2_5_vl: { text: 'qwen2_5_vl_text' },
  qwen2_vl_text: { maxPositions: 32768, theta: 1e6, head: 'head_dim', rename: { mrope: 'default' }, mrope: true },
  qwen2_5_vl_text: { maxPositions: 32768, theta: 1e6, head: 'head_dim', rename: { mrope: 'default' }, mrope: true },
  // Qwen3-VL (configuration_qwen3_vl.py at 000c33fd): its sections interleave (modeling_qwen3_vl.py's
  // apply_interleaved_mrope, whatever mrope_interleaved says).
  qwen3_vl: { text: 'qwen3_vl_text' },
  qwen3_vl_text: { maxPositions: 128000, theta: 5e5, head: 'head_dim', headDefault: 128, mrope: 'interleaved' },
  gemma: { theta: 1e4, head: 'head_dim', headDefault: 256 },
  gemma2: { maxPositions: 8192, theta: 1e4, head: 'head_dim', headDefault: 256, layers: () => SLIDING_FULL(2) },
  gemma3: { text: 'gemma3_text' },
  gemma3_text: {
    maxPositions: 131072, theta: { full_attention: 1e6, sliding_attention: 1e4 }, head: 'head_dim', headDefault: 256,
    layers: (c) => SLIDING_FULL(c.sliding_window_pattern ?? 6),
    perKind: { full_attention: 'rope_theta', sliding_attention: 'rope_local_base_freq' }, scaled: ['full_attention'],
  },
  llama4: { text: 'llama4_text' },
  llama4_text: {
    maxPositions: 131072, theta: 5e5, head: 'head_dim', headDefault: 128, layout: 'interleaved', noRope: ['full_attention'],
    // no_rope_layers: 1 where the layer has RoPE (chunked attention); every 4th has none.
    layers: (c) => (count) => Array.from({ length: count }, (_, i) =>
      ((c.no_rope_layers?.[i] ?? Number((i + 1) % (c.no_rope_layer_interval ?? 4) !== 0)) ? 'chunked_attention' : 'full_attention')),
  },
  phi3: {
    maxPositions: 4096, theta: 1e4, head: 'head_dim', partial: { key: 'partial_rotary_factor', def: 1, plain: true },
    rename: { su: 'longrope', yarn: 'longrope' }, originalDefault: 4096, types: ['default', 'longrope'],
  },
  phi: { maxPositions: 2048, theta: 1e4, head: 'head_dim', partial: { key: 'partial_rotary_factor', def: 0.5, plain: true } },
  gpt_neox: { maxPositions: 2048, theta: 1e4, head: 'head_dim', partial: { key: 'rotary_pct', def: 0.25, plain: true }, thetaKey: 'rotary_emb_base' },
  gptj: { maxPositions: 2048, fixed: true, layout: 'interleaved' },
  deepseek_v3: { maxPositions: 4096, theta: 1e4, head: 'qk_rope_head_dim', headDefault: 64, layout: 'interleaved' },
  gpt_oss: {
    maxPositions: 131072, theta: 1.5e5, head: 'head_dim', headDefault: 64, layers: () => SLIDING_FULL(2),
    defaultScaling: { rope_type: 'yarn', factor: 32.0, beta_fast: 32.0, beta_slow: 1.0, truncate: false, original_max_position_embeddings: 4096 },
  },
  modernbert: {
    maxPositions: 8192, theta: { full_attention: 160000, sliding_attention: 1e4 }, head: 'head_dim',
    layers: (c) => (count) => Array.from({ length: count }, (_, i) => (i % (c.global_attn_every_n_layers ?? 3) ? 'sliding_attention' : 'full_attention')),
    perKind: { full_attention: 'global_rope_theta', sliding_attention: 'local_rope_theta' }, scaled: ['full_attention', 'sliding_attention'],
  },
  falcon: { maxPositions: 2048, theta: 1e4, head: 'hidden', alibi: true },
  olmo2: { maxPositions: 2048, theta: 1e4, head: 'head_dim' },
  olmo3: {
    theta: 5e5, head: 'head_dim', layers: () => SLIDING_FULL(4),
    // transformers pops rope_theta for full_attention only: the sliding kind gets the default.
    perKind: { full_attention: 'rope_theta', sliding_attention: null }, scaled: ['full_attention'],
  },
  cohere2: { maxPositions: 8192, theta: 1e4, head: 'hidden', layout: 'interleaved', noRope: ['full_attention'], layers: (c) => SLIDING_FULL(c.sliding_window_pattern ?? 4) },
  cohere: { theta: 5e5, head: 'head_dim', layout: 'interleaved' },
  starcoder2: { theta: 1e4, head: 'head_dim' },
  granite: { theta: 1e4, head: 'head_dim' },
});

// GPT-J's attribute_map, and the keys old configs use for the common sizes.
const ALIASES = Object.freeze({
  hidden_size: ['hidden_size', 'n_embd', 'n_embed', 'd_model'],
  num_attention_heads: ['num_attention_heads', 'n_head'],
  num_hidden_layers: ['num_hidden_layers', 'n_layer'],
  max_position_embeddings: ['max_position_embeddings', 'n_positions'],
});
const aliasOf = (c, key) => (own(ALIASES, key) ?? [key]).find((k) => set(c[k])) ?? key;

// Keys each rope_type reads (transformers' _validate_*_rope_parameters), and which are numbers.
const KNOWN_KEYS = Object.freeze({
  default: [],
  linear: ['factor'],
  dynamic: ['factor'],
  yarn: ['factor', 'original_max_position_embeddings', 'attention_factor', 'beta_fast', 'beta_slow', 'mscale', 'mscale_all_dim', 'truncate'],
  longrope: ['short_factor', 'long_factor', 'original_max_position_embeddings', 'attention_factor', 'factor'],
  llama3: ['factor', 'original_max_position_embeddings', 'low_freq_factor', 'high_freq_factor'],
});
const COMMON_KEYS = ['rope_type', 'type', 'rope_theta', 'partial_rotary_factor', 'mrope_section', 'mrope_interleaved'];
const NUMBER_KEYS = ['factor', 'original_max_position_embeddings', 'attention_factor', 'beta_fast', 'beta_slow', 'mscale', 'mscale_all_dim', 'low_freq_factor', 'high_freq_factor'];
const SCALED = ['llama3', 'yarn', 'longrope'];  // the types that compare with the pretraining context

/**
 * Reads `config` (a parsed config.json) for one layer kind. Returns { modelType, headDim,
 * maxPositions, rotaryDims, layout, layers, layerTypes, kindsWithoutRope, layerType, ropeType,
 * base, scaling, paths, mropeSection, warnings, filled }: `scaling` is the standardized rope dict
 * (snake_case, with max_position_embeddings) the core takes, `paths` where its keys live in the
 * config (for messages). Throws an Error naming the key for what transformers cannot read, or
 * would read into NaN or wrong numbers.
 */
export function readModelConfig(config, { layerType } = {}) {
  if (!isObject(config)) throw new TypeError(`config must be a config.json object, got ${show(config)}`);
  const warnings = [], filled = [];
  const fill = (key, value, why) => { filled.push({ key, value, why }); return value; };

  // The text model: a nested text_config (Llama 4, Gemma 3, Qwen2.5-VL) or the config itself.
  let c = config, prefix = '', type = config.model_type;
  if (set(config.text_config)) {
    if (!isObject(config.text_config)) throw new TypeError(`config.text_config must be an object, got ${show(config.text_config)}`);
    c = config.text_config;
    prefix = 'text_config.';
    type = c.model_type ?? own(MODEL_TYPES, type)?.text ?? type;
  }
  const key = (k) => `config.${prefix}${k}`;
  // A model type known to have no rotary embedding is not read as a Llama (BLOOM would be).
  // (Without model_type, its architectures[0] tells: BloomForCausalLM is not a Llama either.)
  const known = type ?? (prefix ? undefined : modelTypeOf(config).type), instead = own(NOT_ROTARY, known);
  if (instead) throw new Error(`this ${known} model has no rotary embedding (${instead}: pe.positionScheme reads it)`);
  if (own(UNTELLABLE, known)) throw new RangeError(`config.model_type '${known}' does not tell its positions: ${UNTELLABLE[known]}`);
  let entry = own(MODEL_TYPES, type);
  if (entry?.text) [type, entry] = [entry.text, MODEL_TYPES[entry.text]];  // Qwen2.5-VL's flat layout
  if (typeof type !== 'string') {
    warnings.push(`${key('model_type')} is missing: read as a Llama-style model (head_dim or hidden_size / num_attention_heads, base 10000)`);
    [type, entry] = ['llama', MODEL_TYPES.llama];
  } else if (!entry) {
    warnings.push(`model_type '${type}' is not one posenc knows: read as a Llama-style model (head_dim or hidden_size / num_attention_heads, base 10000 unless rope_theta says)`);
    entry = MODEL_TYPES.llama;
  }
  const number = (k, v, { integer = false, above = 0 } = {}) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= above || (integer && !Number.isInteger(v)))
      throw new RangeError(`${key(k)} must be a ${integer ? 'whole ' : ''}number > ${above}, got ${show(v)}`);
    return v;
  };

  // Layer kinds: layer_types, else the model type's pattern; none without a layer count.
  const count = c[aliasOf(c, 'num_hidden_layers')];
  if (set(count) && !(Number.isInteger(count) && count >= 1 && count <= MAX_LAYERS))
    throw new RangeError(`${key(aliasOf(c, 'num_hidden_layers'))} must be a whole number from 1 to ${MAX_LAYERS}, got ${show(count)}`);
  let layers = [];
  if (set(c.layer_types)) {
    if (!Array.isArray(c.layer_types) || !c.layer_types.every((t) => typeof t === 'string'))
      throw new TypeError(`${key('layer_types')} must be an array of strings, got ${show(c.layer_types)}`);
    layers = c.layer_types.slice();
  } else if (Number.isInteger(count) && count > 0) {
    layers = entry.layers ? fill(`${prefix}layer_types`, entry.layers(c)(count), `the ${type} pattern over num_hidden_layers = ${count}`)
      : Array.from({ length: count }, () => 'full_attention');
  }
  const layerTypes = layers.length ? [...new Set(layers)] : ['full_attention'];
  const noRope = new Set((entry.noRope ?? []).filter((k) => layerTypes.includes(k)));
  if (entry.alibi && c.alibi === true) for (const k of layerTypes) noRope.add(k);

  // The kind asked for: full_attention when it rotates, else the first kind that does.
  const withRope = layerTypes.filter((k) => !noRope.has(k));
  if (withRope.length === 0)
    throw new Error(`this ${type} model has no rotary embedding${entry.alibi ? ' (alibi: true, positions by ALiBi)' : ''}`);
  if (layerType !== undefined) {
    if (typeof layerType !== 'string') throw new TypeError(`layerType must be a string, got ${show(layerType)}`);
    if (!layerTypes.includes(layerType))
      throw new Error(`layerType '${layerType}' is not a layer kind of this model (it has ${layerTypes.map((k) => `'${k}'`).join(', ')})`);
    if (noRope.has(layerType)) throw new Error(`layerType '${layerType}' has no rotary embedding in this ${type} model (no positions at all: NoPE)`);
  }
  const kind = layerType ?? (withRope.includes('full_attention') ? 'full_attention' : withRope[0]);

  // The head. transformers' rotary code reads config.head_dim (any key of the JSON is an
  // attribute), else the model's default, else hidden_size // num_attention_heads.
  const hidden = () => {
    const h = number(aliasOf(c, 'hidden_size'), c[aliasOf(c, 'hidden_size')], { integer: true });
    const n = number(aliasOf(c, 'num_attention_heads'), c[aliasOf(c, 'num_attention_heads')], { integer: true });
    if (h % n) throw new RangeError(`${key('hidden_size')} / ${key('num_attention_heads')} must be a whole number, got ${h} / ${n}`);
    return h / n;
  };
  let headDim;
  const headKey = entry.fixed || entry.head === 'hidden' ? null : entry.head;
  if (headKey && set(c[headKey])) headDim = number(headKey, c[headKey], { integer: true });
  else if (headKey && entry.headDefault) headDim = fill(`${prefix}${headKey}`, entry.headDefault, `${type}'s default ${headKey}`);
  else headDim = hidden();
  if (headDim % 2 || headDim > 65536) {
    const from = headKey && set(c[headKey]) ? key(headKey) : `${key('hidden_size')} / ${key('num_attention_heads')}`;
    throw new RangeError(`${from} must give an even head dimension up to 65536, got ${headDim}`);
  }
  if (entry.head === 'hidden' && set(c.head_dim) && c.head_dim !== headDim)
    warnings.push(`${key('head_dim')} = ${c.head_dim} is not read: ${type} rotates hidden_size / num_attention_heads = ${headDim} columns, as transformers does`);
  const layout = entry.layout === 'interleaved' && c.rope_interleave === false ? 'concatenated' : entry.layout ?? 'concatenated';

  let max = c[aliasOf(c, 'max_position_embeddings')];
  if (set(max)) number(aliasOf(c, 'max_position_embeddings'), max, { integer: true });
  else if (entry.maxPositions) max = fill(`${prefix}max_position_embeddings`, entry.maxPositions, `${type}'s default`);
  const paths = { max: key(aliasOf(c, 'max_position_embeddings')) };
  const done = (result) => ({
    modelType: type, headDim, maxPositions: max, layout, layers, layerTypes, kindsWithoutRope: [...noRope], layerType: kind,
    mropeSection: undefined, mropeInterleaved: entry.mrope === 'interleaved', ...result, paths: { ...paths, ...result.paths }, warnings, filled,
  });

  // GPT-J: base 10000, no scaling, the first rotary_dim columns.
  if (entry.fixed) {
    const rotaryDims = set(c.rotary_dim) ? number('rotary_dim', c.rotary_dim, { integer: true }) : headDim;
    if (!set(c.rotary_dim)) fill(`${prefix}rotary_dim`, headDim, 'unset: every column rotates');
    return done({ base: fill('rope_theta', 1e4, "GPT-J's base is fixed"), scaling: { rope_type: 'default' }, rotaryDims, ropeType: 'default', paths: {} });
  }

  const { dict, path, thetaPath, originalPath } = ropeDict();
  const rename = own(entry.rename ?? {}, dict.rope_type);
  if (rename) {
    // transformers v5 renames after standardizing, so a legacy 'su' dict without its own
    // original_max_position_embeddings fails to load there (KeyError); earlier versions read it.
    const refused = dict.rope_type === 'su' && !set(c.rope_scaling?.original_max_position_embeddings);
    warnings.push(`${path}.rope_type '${dict.rope_type}' is read as '${rename}', as transformers does for ${type}`
      + (refused ? ` (transformers v5 itself fails to load this config: its rope_scaling lacks original_max_position_embeddings; read with ${key('original_max_position_embeddings')} = ${dict.original_max_position_embeddings}, as transformers 4 did)` : ''));
    dict.rope_type = rename;
  }
  const ropeType = dict.rope_type;
  if (!own(KNOWN_KEYS, ropeType))
    throw new RangeError(`${path}.rope_type must be one of ${Object.keys(KNOWN_KEYS).map((t) => `'${t}'`).join(', ')}, got ${show(ropeType)}`);
  if (entry.types && !entry.types.includes(ropeType))
    throw new RangeError(`${path}.rope_type must be ${entry.types.map((t) => `'${t}'`).join(' or ')} for ${type} (transformers refuses others), got '${ropeType}'`);
  if (typeof dict.rope_theta !== 'number' || !Number.isFinite(dict.rope_theta) || dict.rope_theta <= 1)
    throw new RangeError(`${thetaPath} must be a number > 1, got ${show(dict.rope_theta)}`);
  const unknown = Object.keys(dict).filter((k) => !KNOWN_KEYS[ropeType].includes(k) && !COMMON_KEYS.includes(k));
  if (unknown.length) warnings.push(`${path} has keys that rope_type '${ropeType}' does not read: ${unknown.join(', ')} (transformers warns and ignores them)`);

  // The rotary part: int(head_dim × partial_rotary_factor). transformers writes a top-level
  // partial_rotary_factor into the dict again when it builds the model: it wins.
  const partialKey = entry.partial?.key ?? 'partial_rotary_factor';
  const top = c.partial_rotary_factor ?? (partialKey !== 'partial_rotary_factor' ? c[partialKey] : undefined);
  let fraction = top ?? dict.partial_rotary_factor, fractionKey = set(top) ? key(set(c.partial_rotary_factor) ? 'partial_rotary_factor' : partialKey) : `${path}.partial_rotary_factor`;
  if (set(top) && set(dict.partial_rotary_factor) && top !== dict.partial_rotary_factor)
    warnings.push(`${fractionKey} = ${top} replaces ${path}.partial_rotary_factor = ${dict.partial_rotary_factor}, as transformers does when it builds the model`);
  if (!set(fraction) && entry.partial) fraction = fill(`${prefix}${partialKey}`, entry.partial.def, `${type}'s default`);
  if (set(fraction) && !(typeof fraction === 'number' && fraction > 0 && fraction <= 1))
    throw new RangeError(`${fractionKey} must be a number in (0, 1], got ${show(fraction)}`);
  let rotaryDims = set(fraction) ? Math.trunc(headDim * fraction) : headDim;
  if (ropeType === 'default' && set(fraction) && fraction < 1 && !entry.partial?.plain) {
    warnings.push(`${fractionKey} = ${fraction} is not applied: ${type}'s plain RoPE turns all ${headDim} columns (transformers ignores it there)`);
    rotaryDims = headDim;
  }
  if (rotaryDims < 2 || rotaryDims % 2)
    throw new RangeError(`the rotary dimensions int(head_dim × ${fractionKey.replace(/^config\./, '')}) = int(${headDim} × ${fraction}) = ${rotaryDims} must be even and at least 2`);

  const scaling = { ...dict, max_position_embeddings: set(max) ? max : undefined };
  delete scaling.type;
  typeChecks(scaling, path, rotaryDims);
  let mropeSection;
  if (entry.mrope && set(dict.mrope_section)) {
    mropeSection = dict.mrope_section;
    if (!Array.isArray(mropeSection) || !mropeSection.every((v) => Number.isInteger(v) && v > 0))
      throw new TypeError(`${path}.mrope_section must be an array of whole numbers > 0, got ${show(mropeSection)}`);
    const sum = mropeSection.reduce((a, b) => a + b, 0);
    if (sum !== rotaryDims / 2) warnings.push(`${path}.mrope_section sums to ${sum}, not rotaryDims / 2 = ${rotaryDims / 2} (transformers does not check)`);
  }
  return done({ base: dict.rope_theta, scaling, rotaryDims, ropeType, paths: { scaling: path }, mropeSection });

  // The rope dict of this kind: transformers' convert_rope_params_to_dict, then
  // standardize_rope_params. A non-empty rope_scaling wins over rope_parameters; a rope_theta
  // inside the dict over the top level.
  function ropeDict() {
    for (const k of ['rope_scaling', 'rope_parameters'])
      if (set(c[k]) && !isObject(c[k])) throw new TypeError(`${key(k)} must be an object or null, got ${show(c[k])}`);
    const legacy = isObject(c.rope_scaling) && Object.keys(c.rope_scaling).length ? c.rope_scaling : null;
    const params = isObject(c.rope_parameters) && Object.keys(c.rope_parameters).length ? c.rope_parameters : null;
    const theta = (k) => (isObject(entry.theta) ? entry.theta[k] ?? entry.theta.full_attention : entry.theta);
    let dict, path, thetaPath, originalPath;
    if (entry.perKind) {
      // Gemma 3, ModernBERT, OLMo 3: one dict per kind ({rope_type: 'default'} where absent),
      // updated with rope_scaling for the kinds it scales; each kind's theta from its own key.
      if (params && !Object.keys(params).every((k) => k in entry.perKind))
        throw new RangeError(`${key('rope_parameters')} must hold one dict per layer kind for ${type} (${Object.keys(entry.perKind).join(', ')}), got keys ${Object.keys(params).join(', ')}`);
      const given = params?.[kind];
      if (set(given) && !isObject(given)) throw new TypeError(`${key(`rope_parameters.${kind}`)} must be an object or null, got ${show(given)}`);
      dict = isObject(given) ? structuredClone(given) : { rope_type: 'default' };
      if (params && !set(given) && !(legacy && entry.scaled.includes(kind)))
        fill(`${prefix}rope_parameters.${kind}`, { rope_type: 'default' }, `missing: transformers' ${type} gives ${kind} layers plain RoPE`);
      path = key(`rope_parameters.${kind}`);
      if (legacy && entry.scaled.includes(kind)) {
        update(dict, structuredClone(legacy));
        path = key('rope_scaling');
        if (!set(legacy.rope_type) && set(legacy.type) && legacy.type !== 'default')
          warnings.push(`${key('rope_scaling')}.type '${legacy.type}' is not applied to ${kind} layers: transformers' ${type} reads rope_type only there, so they use plain RoPE`);
      }
      const thetaKey = entry.perKind[kind];
      thetaPath = `${path}.rope_theta`;
      if (!set(dict.rope_theta)) {
        thetaPath = key(thetaKey ?? 'rope_theta');
        if (thetaKey && set(c[thetaKey])) dict.rope_theta = c[thetaKey];
        else dict.rope_theta = fill(thetaKey ? `${prefix}${thetaKey}` : `${prefix}rope_theta (${kind})`, theta(kind),
          thetaKey ? `${type}'s default for ${kind} layers` : `${type}: transformers gives ${kind} layers the default base, whatever rope_theta says`);
      }
    } else {
      // One dict for every layer. A dict of layer kinds is not read per kind by this model type
      // in transformers (its base converter adds a top-level rope_theta first, so it reads as
      // one plain dict whose keys it ignores): said.
      const perKindGiven = !legacy && params && Object.keys(params).every((k) => layerTypes.includes(k) || k.endsWith('_attention'));
      // Keyed by layer kind but missing one of the model's kinds: the file's author meant one dict
      // per kind, and transformers would give every layer plain RoPE instead (it logs
      // "Unrecognized keys" only). Refused, naming the missing key.
      const missing = perKindGiven ? withRope.filter((k) => !Object.hasOwn(params, k)) : [];  // kinds without RoPE need none
      if (missing.length)
        throw new RangeError(`${key(`rope_parameters.${missing[0]}`)} is missing: ${key('rope_parameters')} is keyed by layer kind (${Object.keys(params).join(', ')}) `
          + `but this ${type} model also has ${missing.join(', ')} layers (layer_types). transformers does not read a dict per kind for ${type}: `
          + `it would ignore these keys and give every layer plain RoPE. Give one dict for all layers (rope_type, rope_theta, …).`);
      if (perKindGiven)
        warnings.push(`${key('rope_parameters')} is per layer kind (${Object.keys(params).join(', ')}), which transformers does not read for ${type}: its keys are ignored and plain RoPE is used`);
      const source = legacy ?? (perKindGiven ? {} : params) ?? (entry.defaultScaling ? fill(`${prefix}rope_scaling`, structuredClone(entry.defaultScaling), `${type}'s default`) : {});
      dict = structuredClone(source);
      path = key(legacy ? 'rope_scaling' : params ? 'rope_parameters' : 'rope_scaling');
      if (legacy && params) warnings.push(`${key('rope_scaling')} wins over ${key('rope_parameters')}, as transformers reads them`);
      thetaPath = `${path}.rope_theta`;
      if (!set(dict.rope_theta)) {
        const thetaKey = entry.thetaKey && set(c[entry.thetaKey]) ? entry.thetaKey : 'rope_theta';
        thetaPath = key(thetaKey);
        dict.rope_theta = set(c[thetaKey]) ? c[thetaKey] : fill(`${prefix}rope_theta`, theta(kind), `${type}'s default base`);
      }
    }
    dict.rope_type ??= dict.type ?? 'default';
    // The scaled types compare with the pretraining context. For one dict, a top-level
    // original_max_position_embeddings (Phi-3's default 4096) wins at model init; per kind,
    // the dict's, else max_position_embeddings.
    if (SCALED.includes(own(entry.rename ?? {}, dict.rope_type) ?? dict.rope_type)) {
      const top = entry.perKind ? undefined : c.original_max_position_embeddings ?? entry.originalDefault;
      if (set(top)) {
        number('original_max_position_embeddings', top);
        if (set(dict.original_max_position_embeddings) && dict.original_max_position_embeddings !== top)
          warnings.push(`${key('original_max_position_embeddings')} = ${top} replaces ${path}.original_max_position_embeddings = ${dict.original_max_position_embeddings}, as transformers does when it builds the model`);
        if (!set(c.original_max_position_embeddings)) fill(`${prefix}original_max_position_embeddings`, top, `${type}'s default`);
        dict.original_max_position_embeddings = top;
        originalPath = key('original_max_position_embeddings');
      } else if (!set(dict.original_max_position_embeddings)) {
        if (!set(max)) throw new RangeError(`${path}.original_max_position_embeddings is required for rope_type '${dict.rope_type}' (or ${key('max_position_embeddings')})`);
        dict.original_max_position_embeddings = fill(`${path.slice('config.'.length)}.original_max_position_embeddings`, max, 'from max_position_embeddings, as transformers fills it');
      }
    }
    return { dict, path, thetaPath, originalPath: originalPath ?? `${path}.original_max_position_embeddings` };
  }

  // What transformers warns about, and what it would compute wrongly (posenc refuses those).
  function typeChecks(s, path, dims) {
    const t = s.rope_type;
    if (t === 'default') return;
    for (const k of NUMBER_KEYS)
      if (set(s[k]) && (typeof s[k] !== 'number' || !Number.isFinite(s[k])))
        throw new TypeError(`${path}.${k} must be a number, got ${show(s[k])}`);
    const required = (k) => { if (!set(s[k])) throw new RangeError(`${path}.${k} is required for rope_type '${t}'`); };
    if (t !== 'longrope' || !set(max)) required('factor');
    if (set(s.factor) && !(s.factor > 0)) throw new RangeError(`${path}.factor must be a number > 0, got ${show(s.factor)}`);
    if (set(s.factor) && s.factor < 1) warnings.push(`${path}.factor = ${s.factor} is below 1 (transformers warns: a factor shortens the context)`);
    if (t === 'dynamic' && !set(max)) throw new RangeError(`${paths.max} is required for rope_type 'dynamic' (its original context), and ${type} has no default`);
    if (t === 'llama3') {
      required('low_freq_factor');
      required('high_freq_factor');
      if (s.high_freq_factor <= s.low_freq_factor)
        warnings.push(`${path}.high_freq_factor (${s.high_freq_factor}) is not greater than low_freq_factor (${s.low_freq_factor}): no band is smoothed (transformers warns)`);
      if (!Number.isInteger(s.original_max_position_embeddings)) warnings.push(`${path}.original_max_position_embeddings must be a whole number (transformers warns), got ${s.original_max_position_embeddings}`);
      if (set(max) && s.original_max_position_embeddings >= max)
        warnings.push(`${path}.original_max_position_embeddings (${s.original_max_position_embeddings}) is not below max_position_embeddings (${max}) (transformers warns)`);
    }
    if (t === 'yarn') {
      if (set(max) && set(s.factor)) {
        const implicit = max / s.original_max_position_embeddings;
        if (implicit !== s.factor && implicit !== 1)
          warnings.push(`${path}.factor = ${s.factor} differs from max_position_embeddings / original_max_position_embeddings = ${implicit}; the factor is used (transformers warns)`);
      }
      if ((s.beta_fast || 32) < (s.beta_slow || 1)) warnings.push(`${path}.beta_fast is below beta_slow (transformers warns)`);
    }
    if (t === 'longrope') {
      for (const k of ['short_factor', 'long_factor']) {
        if (!Array.isArray(s[k])) throw new TypeError(`${path}.${k} must be an array of numbers (one per rotary pair), got ${show(s[k])}`);
        if (s[k].length !== dims / 2) throw new RangeError(`${path}.${k} must have rotaryDims / 2 = ${dims / 2} numbers, got ${s[k].length}`);
      }
      if (!set(s.factor)) warnings.push(`${path} has no factor: max_position_embeddings / original_max_position_embeddings = ${max} / ${s.original_max_position_embeddings} is used (transformers warns and recommends a factor)`);
    }
    if (t === 'longrope' && !set(s.attention_factor) && !(s.original_max_position_embeddings > 1))
      throw new RangeError(`${originalPath} must be a number > 1 (the attention factor divides by its logarithm), got ${show(s.original_max_position_embeddings)}`);
  }
}
