// A model's config.json read the way Hugging Face transformers v5 reads its rotary settings
// (modeling_rope_utils.py's RotaryEmbeddingConfigMixin and each model's configuration_*.py, at
// commit decba1d2): the text config, the head and rotary dimensions, the layer kinds and which
// of them rotate, and for one kind the standardized rope parameters that the core turns into
// frequencies. Legacy (`rope_theta` + `rope_scaling`) and v5 (`rope_parameters`, flat or per
// layer kind) configs read alike. What the file leaves out is filled as transformers fills it
// for the model type (MODEL_TYPES: one entry per type), and said in `filled`; everything
// transformers would warn about, and every guess, is said in `warnings`. Never silent.
//
// The numbers (inv_freq, attention_scaling) are the core's (src/rope_frequencies.cpp); this
// module only walks the JSON. The config is never mutated.

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const set = (v) => v !== undefined && v !== null;
const show = (v) => (v === undefined ? 'nothing' : JSON.stringify(v));

// Layer kinds: every `(i + 1) % n` layer is `other`, the rest `kind` (Gemma 2/3, Cohere2).
const everyNth = (n, kind, other) => (count) => Array.from({ length: count }, (_, i) => ((i + 1) % n ? kind : other));

/**
 * What transformers v5 does per model type where config.json is silent or has keys of its own:
 * theta: the default base (or per layer kind); headDim: 'head_dim' (the key, else `default`, else
 * hidden_size / num_attention_heads) or 'hidden' (always hidden_size / num_attention_heads);
 * partial: the key and default of the rotary fraction, and whether the plain (`default`) type
 * honours it (Llama's does not); layers(config, count): the default layer kinds; noRope: the
 * kinds without rotary embedding; layout: which columns pair up ('concatenated': rotate_half);
 * maxPositions: the class default of max_position_embeddings;
 * rename: legacy rope_type names; convert: the model's own convert_rope_params_to_dict.
 */
export const MODEL_TYPES = Object.freeze({
  llama: { maxPositions: 2048, theta: 1e4, headDim: 'head_dim' },
  mistral: { maxPositions: 131072, theta: 1e4, headDim: 'head_dim' },
  mixtral: { theta: 1e6, headDim: 'head_dim' },
  qwen2: { maxPositions: 32768, theta: 1e4, headDim: 'hidden' },
  qwen3: { maxPositions: 32768, theta: 1e4, headDim: 'head_dim', headDimDefault: 128 },
  qwen2_vl: { maxPositions: 32768, theta: 1e6, headDim: 'hidden', rename: { mrope: 'default' }, mrope: true, text: 'qwen2_vl_text' },
  qwen2_5_vl: { maxPositions: 32768, theta: 1e6, headDim: 'hidden', rename: { mrope: 'default' }, mrope: true, text: 'qwen2_5_vl_text' },
  qwen2_vl_text: { maxPositions: 32768, theta: 1e6, headDim: 'hidden', rename: { mrope: 'default' }, mrope: true },
  qwen2_5_vl_text: { maxPositions: 32768, theta: 1e6, headDim: 'hidden', rename: { mrope: 'default' }, mrope: true },
  gemma: { theta: 1e4, headDim: 'head_dim', headDimDefault: 256 },
  gemma2: { maxPositions: 8192, theta: 1e4, headDim: 'head_dim', headDimDefault: 256, layers: () => everyNth(2, 'sliding_attention', 'full_attention') },
  gemma3_text: {
    maxPositions: 131072, theta: { full_attention: 1e6, sliding_attention: 1e4 }, headDim: 'head_dim', headDimDefault: 256,
    layers: (c) => everyNth(c.sliding_window_pattern ?? 6, 'sliding_attention', 'full_attention'),
    convert: perKind({ full_attention: 'rope_theta', sliding_attention: 'rope_local_base_freq' }, ['full_attention']),
  },
  gemma3: { text: 'gemma3_text' },
  llama4_text: {
    maxPositions: 131072, theta: 5e5, headDim: 'head_dim', headDimDefault: 128, layout: 'interleaved', noRope: ['full_attention'],
    // no_rope_layers: 1 where the layer has RoPE (every 4th has none); those are chunked.
    layers: (c) => (count) => Array.from({ length: count }, (_, i) => ((c.no_rope_layers?.[i] ?? Number((i + 1) % (c.no_rope_layer_interval ?? 4) !== 0)) ? 'chunked_attention' : 'full_attention')),
  },
  llama4: { text: 'llama4_text' },
  phi3: {
    maxPositions: 4096, theta: 1e4, headDim: 'hidden', partial: { key: 'partial_rotary_factor', def: 1, plain: true },
    rename: { su: 'longrope', yarn: 'longrope' }, originalDefault: 4096, types: ['default', 'longrope'],
  },
  phi: { maxPositions: 2048, theta: 1e4, headDim: 'hidden', partial: { key: 'partial_rotary_factor', def: 0.5, plain: true } },
  gpt_neox: {
    maxPositions: 2048, theta: 1e4, headDim: 'hidden', partial: { key: 'rotary_pct', def: 0.25, plain: true },
    convert: (c) => ({ rope_theta: c.rotary_emb_base ?? undefined, thetaKey: 'rotary_emb_base' }),
  },
  gptj: { maxPositions: 2048, fixed: true, layout: 'interleaved' },
  deepseek_v3: { maxPositions: 4096, theta: 1e4, headDim: 'qk_rope_head_dim', layout: 'interleaved' },
  gpt_oss: {
    maxPositions: 131072, theta: 1.5e5, headDim: 'head_dim', headDimDefault: 64, layers: () => everyNth(2, 'sliding_attention', 'full_attention'),
    defaultScaling: { rope_type: 'yarn', factor: 32.0, beta_fast: 32.0, beta_slow: 1.0, truncate: false, original_max_position_embeddings: 4096 },
  },
  modernbert: {
    maxPositions: 8192, theta: { full_attention: 160000, sliding_attention: 1e4 }, headDim: 'hidden',
    layers: (c) => (count) => Array.from({ length: count }, (_, i) => (i % (c.global_attn_every_n_layers ?? 3) ? 'sliding_attention' : 'full_attention')),
    convert: perKind({ full_attention: 'global_rope_theta', sliding_attention: 'local_rope_theta' }, ['full_attention', 'sliding_attention']),
  },
  falcon: { maxPositions: 2048, theta: 1e4, headDim: 'hidden', alibi: true },
  olmo2: { maxPositions: 2048, theta: 1e4, headDim: 'hidden' },
  olmo3: {
    theta: 5e5, headDim: 'hidden', layers: () => everyNth(4, 'sliding_attention', 'full_attention'),
    // transformers pops rope_theta for full_attention only: the sliding kind gets the default.
    convert: perKind({ full_attention: 'rope_theta', sliding_attention: null }, ['full_attention']),
  },
  cohere2: {
    maxPositions: 8192, theta: 1e4, headDim: 'hidden', layout: 'interleaved', noRope: ['full_attention'],
    layers: (c) => everyNth(c.sliding_window_pattern ?? 4, 'sliding_attention', 'full_attention'),
  },
  cohere: { theta: 5e5, headDim: 'hidden', layout: 'interleaved' },
  starcoder2: { theta: 1e4, headDim: 'hidden' },
  granite: { theta: 1e4, headDim: 'hidden' },
});

// Gemma 3, ModernBERT, OLMo 3: a rope dict per layer kind, each with its own theta key; the
// legacy rope_scaling goes to the kinds `scaled`.
function perKind(thetaKeys, scaled) {
  return (c, entry) => ({ perKind: thetaKeys, scaled });
}

// GPT-J's attribute_map, and the keys old configs use for the common sizes.
const ALIASES = Object.freeze({
  hidden_size: ['hidden_size', 'n_embd', 'n_embed', 'd_model'],
  num_attention_heads: ['num_attention_heads', 'n_head'],
  num_hidden_layers: ['num_hidden_layers', 'n_layer'],
  max_position_embeddings: ['max_position_embeddings', 'n_positions'],
});
const read = (c, key) => (ALIASES[key] ?? [key]).map((k) => c[k]).find(set);

// Keys each rope_type reads (transformers' _validate_*_rope_parameters): others are reported.
const KNOWN_KEYS = Object.freeze({
  default: [],
  linear: ['factor'],
  dynamic: ['factor'],
  yarn: ['factor', 'original_max_position_embeddings', 'attention_factor', 'beta_fast', 'beta_slow', 'mscale', 'mscale_all_dim', 'truncate'],
  longrope: ['short_factor', 'long_factor', 'original_max_position_embeddings', 'attention_factor', 'factor'],
  llama3: ['factor', 'original_max_position_embeddings', 'low_freq_factor', 'high_freq_factor'],
});
const COMMON_KEYS = ['rope_type', 'type', 'rope_theta', 'partial_rotary_factor', 'mrope_section', 'mrope_interleaved'];

/**
 * Reads `config` (a parsed config.json) for one layer kind. Returns { modelType, headDim,
 * rotaryDims, layout, layers, layerTypes, layerType, ropeType, base, scaling, path, mropeSection,
 * warnings, filled }: `scaling` is the standardized rope dict (snake_case, with
 * max_position_embeddings) the core takes, `path` where it lives in the config (for messages).
 * Throws an Error naming the key for what transformers cannot read or would read wrongly.
 */
export function readModelConfig(config, { layerType } = {}) {
  if (!isObject(config)) throw new TypeError(`config must be a config.json object, got ${show(config)}`);
  const warnings = [], filled = [];
  const fill = (key, value, why) => { filled.push({ key, value, why }); return value; };

  // The text model: a nested text_config (Llama 4, Gemma 3, Qwen2.5-VL) or the config itself.
  let c = config, prefix = '', type = config.model_type;
  if (config.text_config !== undefined && config.text_config !== null) {
    if (!isObject(config.text_config)) throw new TypeError(`config.text_config must be an object, got ${show(config.text_config)}`);
    c = config.text_config;
    prefix = 'text_config.';
    type = c.model_type ?? MODEL_TYPES[type]?.text ?? type;
  }
  let entry = MODEL_TYPES[type];
  // A multimodal config without text_config (Qwen2.5-VL's flat layout) is its own text config.
  if (entry?.text) [type, entry] = [entry.text, MODEL_TYPES[entry.text]];
  if (typeof type !== 'string') {
    warnings.push(`config.${prefix}model_type is missing: read as a Llama-style model (head_dim or hidden_size / num_attention_heads, base 10000)`);
    entry = MODEL_TYPES.llama;
    type = 'llama';
  } else if (!entry) {
    warnings.push(`model_type '${type}' is not one posenc knows: read as a Llama-style model (head_dim or hidden_size / num_attention_heads, base 10000 unless rope_theta says)`);
    entry = MODEL_TYPES.llama;
  }
  const key = (k) => `config.${prefix}${k}`;
  const positive = (k, v, integer) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || (integer && !Number.isInteger(v)))
      throw new RangeError(`${key(k)} must be a ${integer ? 'whole ' : ''}number > 0, got ${show(v)}`);
    return v;
  };

  // Layer kinds: layer_types, else the model type's pattern.
  const count = read(c, 'num_hidden_layers');
  let layers;
  if (set(c.layer_types)) {
    if (!Array.isArray(c.layer_types) || !c.layer_types.every((t) => typeof t === 'string'))
      throw new TypeError(`${key('layer_types')} must be an array of strings, got ${show(c.layer_types)}`);
    layers = c.layer_types.slice();
  } else if (entry.layers && Number.isInteger(count) && count > 0) {
    layers = fill(`${prefix}layer_types`, entry.layers(c)(count), `the ${type} pattern over num_hidden_layers = ${count}`);
  } else layers = Number.isInteger(count) && count > 0 ? Array.from({ length: count }, () => 'full_attention') : [];
  const layerTypes = layers.length ? [...new Set(layers)] : ['full_attention'];
  const noRope = new Set(entry.noRope ?? []);
  if (entry.alibi && c.alibi === true) for (const kind of layerTypes) noRope.add(kind);

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

  // The head: head_dim, else the model type's default, else hidden_size / num_attention_heads.
  const hidden = () => {
    const h = positive(ALIASES.hidden_size.find((k) => set(c[k])) ?? 'hidden_size', read(c, 'hidden_size'), true);
    const n = positive(ALIASES.num_attention_heads.find((k) => set(c[k])) ?? 'num_attention_heads', read(c, 'num_attention_heads'), true);
    if (h % n) throw new RangeError(`${key('hidden_size')} / ${key('num_attention_heads')} must be a whole number, got ${h} / ${n}`);
    return h / n;
  };
  let headDim;
  if (entry.fixed) headDim = hidden();
  else if (entry.headDim === 'hidden') headDim = hidden();
  else if (set(c[entry.headDim])) headDim = positive(entry.headDim, c[entry.headDim], true);
  else if (entry.headDimDefault) headDim = fill(`${prefix}head_dim`, entry.headDimDefault, `${type}'s default head_dim`);
  else headDim = hidden();

  let max = read(c, 'max_position_embeddings');
  if (set(max)) positive('max_position_embeddings', max, true);
  else if (entry.maxPositions) max = fill(`${prefix}max_position_embeddings`, entry.maxPositions, `${type}'s default`);

  // GPT-J: base 10000, no scaling, the first rotary_dim columns.
  if (entry.fixed) {
    const rotaryDims = set(c.rotary_dim) ? positive('rotary_dim', c.rotary_dim, true) : headDim;
    if (!set(c.rotary_dim)) fill(`${prefix}rotary_dim`, headDim, 'unset: every column rotates');
    return done({ base: fill('rope_theta', 1e4, 'GPT-J\'s base is fixed'), scaling: { rope_type: 'default' }, rotaryDims, ropeType: 'default', path: null });
  }

  // The rope dict of this kind (transformers' convert_rope_params_to_dict + standardize_rope_params).
  const { dict, path, thetaPath } = ropeDict();
  const rename = entry.rename?.[dict.rope_type];
  if (rename) {
    // transformers v5 renames after standardizing, so a legacy 'su' dict without its own
    // original_max_position_embeddings fails to load there (KeyError); earlier versions read it.
    const refused = dict.rope_type === 'su' && !set(c.rope_scaling?.original_max_position_embeddings);
    warnings.push(`${path}.rope_type '${dict.rope_type}' is read as '${rename}', as transformers does for ${type}`
      + (refused ? ` (transformers v5 itself fails to load this config: its rope_scaling lacks original_max_position_embeddings; read with ${key('original_max_position_embeddings')} = ${dict.original_max_position_embeddings}, as transformers 4 did)` : ''));
    dict.rope_type = rename;
  }
  const ropeType = dict.rope_type;
  if (!(ropeType in KNOWN_KEYS))
    throw new RangeError(`${path}.rope_type must be one of ${Object.keys(KNOWN_KEYS).map((t) => `'${t}'`).join(', ')}, got ${show(ropeType)}`);
  if (entry.types && !entry.types.includes(ropeType))
    throw new RangeError(`${path}.rope_type must be ${entry.types.map((t) => `'${t}'`).join(' or ')} for ${type} (transformers refuses others), got '${ropeType}'`);
  if (typeof dict.rope_theta !== 'number' || !Number.isFinite(dict.rope_theta) || dict.rope_theta <= 1)
    throw new RangeError(`${thetaPath} must be a number > 1, got ${show(dict.rope_theta)}`);
  const unknown = Object.keys(dict).filter((k) => !KNOWN_KEYS[ropeType].includes(k) && !COMMON_KEYS.includes(k) && !(entry.mrope && k === 'mrope_section'));
  if (unknown.length) warnings.push(`${path} has keys that rope_type '${ropeType}' does not read: ${unknown.join(', ')} (transformers warns and ignores them)`);

  // The rotary part: int(head_dim × partial_rotary_factor); Llama-style plain RoPE turns all.
  const partialKey = entry.partial?.key ?? 'partial_rotary_factor';
  let fraction = dict.partial_rotary_factor;
  if (!set(fraction) && set(c[partialKey])) fraction = c[partialKey];
  if (!set(fraction) && entry.partial) fraction = fill(`${prefix}${partialKey}`, entry.partial.def, `${type}'s default`);
  if (set(fraction) && !(typeof fraction === 'number' && fraction > 0 && fraction <= 1))
    throw new RangeError(`${key(partialKey)} must be a number in (0, 1], got ${show(fraction)}`);
  let rotaryDims = set(fraction) ? Math.trunc(headDim * fraction) : headDim;
  if (ropeType === 'default' && set(fraction) && fraction < 1 && !entry.partial?.plain) {
    warnings.push(`${key(partialKey)} = ${fraction} is not applied: ${type}'s plain RoPE turns all ${headDim} columns (transformers ignores it there)`);
    rotaryDims = headDim;
  }
  if (rotaryDims < 2 || rotaryDims % 2)
    throw new RangeError(`the rotary dimensions int(head_dim × ${partialKey}) = int(${headDim} × ${fraction}) = ${rotaryDims} must be even and at least 2`);

  const scaling = { ...dict, max_position_embeddings: set(max) ? max : undefined };
  delete scaling.type;
  typeChecks(scaling, path, rotaryDims, max);
  const mropeSection = entry.mrope ? dict.mrope_section ?? c.rope_scaling?.mrope_section : undefined;
  if (mropeSection !== undefined) {
    if (!Array.isArray(mropeSection) || !mropeSection.every((v) => Number.isInteger(v) && v > 0))
      throw new TypeError(`${path}.mrope_section must be an array of whole numbers > 0, got ${show(mropeSection)}`);
    const sum = mropeSection.reduce((a, b) => a + b, 0);
    if (sum !== rotaryDims / 2) warnings.push(`${path}.mrope_section sums to ${sum}, not rotaryDims / 2 = ${rotaryDims / 2} (transformers does not check)`);
  }
  return done({ base: dict.rope_theta, scaling, rotaryDims, ropeType, path, mropeSection });

  function done(result) {
    return {
      modelType: type, headDim, maxPositions: max, layout: entry.layout ?? 'concatenated', layers, layerTypes, layerType: kind,
      kindsWithoutRope: [...noRope], mropeSection: undefined, ...result, warnings, filled,
    };
  }

  // transformers: a non-empty rope_scaling wins over rope_parameters; rope_theta inside wins over
  // the top level; per layer kind when every key of rope_parameters is a layer kind.
  function ropeDict() {
    const converted = entry.convert?.(c, entry) ?? {};
    const legacy = isObject(c.rope_scaling) && Object.keys(c.rope_scaling).length ? c.rope_scaling : null;
    if (set(c.rope_scaling) && !isObject(c.rope_scaling)) throw new TypeError(`${key('rope_scaling')} must be an object or null, got ${show(c.rope_scaling)}`);
    if (set(c.rope_parameters) && !isObject(c.rope_parameters)) throw new TypeError(`${key('rope_parameters')} must be an object or null, got ${show(c.rope_parameters)}`);
    const params = c.rope_parameters;
    const nested = isObject(params) && Object.keys(params).length > 0 && Object.keys(params).every((k) => layerTypes.includes(k) || (entry.theta && isObject(entry.theta) && k in entry.theta));
    const theta = (k) => (isObject(entry.theta) ? entry.theta[k] ?? entry.theta.full_attention : entry.theta);
    let dict, path, thetaPath;
    if (nested) {
      if (!set(params[kind])) throw new Error(`${key('rope_parameters')} has no entry for layerType '${kind}' (it has ${Object.keys(params).map((k) => `'${k}'`).join(', ')})`);
      if (!isObject(params[kind])) throw new TypeError(`${key(`rope_parameters.${kind}`)} must be an object, got ${show(params[kind])}`);
      dict = structuredClone(params[kind]);
      path = key(`rope_parameters.${kind}`);
      if (legacy && (!converted.scaled || converted.scaled.includes(kind))) {
        Object.assign(dict, structuredClone(legacy));
        warnings.push(`${key('rope_scaling')} is applied over ${path}, as transformers does`);
      }
    } else if (converted.perKind) {
      // Gemma 3, ModernBERT, OLMo 3: their legacy keys, one theta per kind.
      // transformers updates {rope_type: 'default'} with rope_scaling: an old `type` alone changes nothing.
      dict = legacy && converted.scaled.includes(kind) ? { rope_type: 'default', ...structuredClone(legacy) } : isObject(params) && !nested && Object.keys(params).length ? structuredClone(params) : {};
      if (legacy && converted.scaled.includes(kind) && !set(legacy.rope_type) && set(legacy.type) && legacy.type !== 'default')
        warnings.push(`${key('rope_scaling')}.type '${legacy.type}' is not applied to ${kind} layers: transformers' ${type} reads rope_type only there, so they use plain RoPE`);
      path = legacy && converted.scaled.includes(kind) ? key('rope_scaling') : key('rope_parameters');
      const thetaKey = converted.perKind[kind];
      if (!set(dict.rope_theta)) {
        thetaPath = key(thetaKey ?? 'rope_theta');
        if (thetaKey && set(c[thetaKey])) dict.rope_theta = c[thetaKey];
        else dict.rope_theta = fill(thetaKey ? `${prefix}${thetaKey}` : `${prefix}rope_theta (${kind})`, theta(kind), thetaKey ? `${type}'s default for ${kind} layers` : `${type}: transformers gives ${kind} layers the default base, whatever rope_theta says`);
      }
      dict.rope_type ??= dict.type ?? 'default';
    } else {
      dict = structuredClone(legacy ?? (isObject(params) ? params : null) ?? (entry.defaultScaling ? fill(`${prefix}rope_scaling`, structuredClone(entry.defaultScaling), `${type}'s default`) : {}));
      path = legacy ? key('rope_scaling') : isObject(params) && Object.keys(params).length ? key('rope_parameters') : key('rope_scaling');
      if (legacy && isObject(params) && Object.keys(params).length) warnings.push(`${key('rope_scaling')} wins over ${key('rope_parameters')}, as transformers reads them`);
      dict.rope_type ??= dict.type ?? 'default';
    }
    dict.rope_type ??= dict.type ?? 'default';
    thetaPath ??= `${path}.rope_theta`;
    if (!set(dict.rope_theta)) {
      const thetaKey = converted.thetaKey && set(c[converted.thetaKey]) ? converted.thetaKey : 'rope_theta';
      thetaPath = key(thetaKey);
      if (set(c[thetaKey])) dict.rope_theta = c[thetaKey];
      else dict.rope_theta = fill(`${prefix}rope_theta`, theta(kind), `${type}'s default base`);
    }
    // Scaled types compare with the pretraining context: a top-level original_max_position_embeddings
    // (Phi-3's default 4096) wins at model init, else the dict's, else max_position_embeddings.
    if (['llama3', 'yarn', 'longrope'].includes(entry.rename?.[dict.rope_type] ?? dict.rope_type)) {
      const top = c.original_max_position_embeddings ?? (nested ? undefined : entry.originalDefault);
      if (set(top) && !nested) {
        if (set(dict.original_max_position_embeddings) && dict.original_max_position_embeddings !== top)
          warnings.push(`${key('original_max_position_embeddings')} = ${top} replaces ${path}.original_max_position_embeddings = ${dict.original_max_position_embeddings}, as transformers does at model init`);
        if (!set(c.original_max_position_embeddings)) fill(`${prefix}original_max_position_embeddings`, top, `${type}'s default`);
        dict.original_max_position_embeddings = top;
      } else if (!set(dict.original_max_position_embeddings)) {
        if (!set(max)) throw new RangeError(`${path}.original_max_position_embeddings is required for rope_type '${dict.rope_type}' (or ${key('max_position_embeddings')})`);
        dict.original_max_position_embeddings = fill(`${path.slice(7)}.original_max_position_embeddings`, max, 'from max_position_embeddings, as transformers fills it');
      }
    }
    return { dict, path, thetaPath };
  }

  // What transformers warns about, and what it would compute wrongly (posenc refuses those).
  function typeChecks(s, path, dims, maxPositions) {
    const number = (k, { required = false, min = 0 } = {}) => {
      const v = s[k];
      if (!set(v)) {
        if (required) throw new RangeError(`${path}.${k} is required for rope_type '${s.rope_type}'`);
        return;
      }
      if (typeof v !== 'number' || !Number.isFinite(v) || v <= min) throw new RangeError(`${path}.${k} must be a number > ${min}, got ${show(v)}`);
    };
    const t = s.rope_type;
    if (t === 'default') return;
    if (t === 'dynamic' && !set(maxPositions)) throw new RangeError(`${key('max_position_embeddings')} is required for rope_type 'dynamic' (its original context), and ${type} has no default`);
    number('factor', { required: t !== 'longrope' || !set(maxPositions) });
    if (set(s.factor) && s.factor < 1) warnings.push(`${path}.factor = ${s.factor} is below 1 (transformers warns: a factor shortens the context)`);
    if (t === 'llama3') {
      number('low_freq_factor', { required: true });
      number('high_freq_factor', { required: true });
      if (s.high_freq_factor <= s.low_freq_factor)
        warnings.push(`${path}.high_freq_factor (${s.high_freq_factor}) is not greater than low_freq_factor (${s.low_freq_factor}): no band is smoothed (transformers warns)`);
      if (!Number.isInteger(s.original_max_position_embeddings)) warnings.push(`${path}.original_max_position_embeddings must be a whole number (transformers warns), got ${s.original_max_position_embeddings}`);
      if (set(maxPositions) && s.original_max_position_embeddings >= maxPositions)
        warnings.push(`${path}.original_max_position_embeddings (${s.original_max_position_embeddings}) is not below max_position_embeddings (${maxPositions}) (transformers warns)`);
    }
    if (t === 'yarn') {
      if (set(maxPositions) && set(s.factor)) {
        const implicit = maxPositions / s.original_max_position_embeddings;
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
      if (!set(s.factor)) warnings.push(`${path} has no factor: max_position_embeddings / original_max_position_embeddings = ${maxPositions} / ${s.original_max_position_embeddings} is used (transformers warns and recommends a factor)`);
    }
  }
}
