// A Hugging Face config.json `rope_scaling` object, taken as it is (snake_case keys, `rope_type`
// or the older `type`) and checked for types here; value ranges and required keys are the
// core's rules (src/arguments.cpp), thrown as RangeError by the caller.
//
// Unknown keys are ignored, as transformers does (rope_config_validation only logs them):
// pasted configs carry extra ones (`finetuned`, ...). JSON null counts
// as unset, like Python's `rope_scaling.get(key)` returning None.

const ROPE_TYPES = Object.freeze(['default', 'linear', 'dynamic', 'yarn', 'llama3', 'longrope']);

// longrope's per-pair factor lists -> the binding's fields.
const LIST_KEYS = Object.freeze({ short_factor: 'shortFactor', long_factor: 'longFactor' });

// snake_case key -> the binding's camelCase field.
const NUMBER_KEYS = Object.freeze({
  factor: 'factor',
  original_max_position_embeddings: 'originalMaxPositionEmbeddings',
  max_position_embeddings: 'maxPositionEmbeddings',
  low_freq_factor: 'lowFreqFactor',
  high_freq_factor: 'highFreqFactor',
  beta_fast: 'betaFast',
  beta_slow: 'betaSlow',
  attention_factor: 'attentionFactor',
  mscale: 'mscale',
  mscale_all_dim: 'mscaleAllDim',
});

const set = (value) => value !== undefined && value !== null;

/**
 * The binding's Scaling struct ({ type, factor, ..., truncate }, every field present, undefined
 * where unset) from a rope_scaling object; none (undefined or null) is { type: 'default' }.
 * describe() prints a value in a message.
 */
export function ropeScaling(scaling, describe) {
  const parsed = { type: 'default', truncate: true };
  for (const field of [...Object.values(NUMBER_KEYS), ...Object.values(LIST_KEYS)]) parsed[field] = undefined;
  if (!set(scaling)) return parsed;
  if (typeof scaling !== 'object' || Array.isArray(scaling))
    throw new TypeError(`scaling must be a rope_scaling object (config.json) or null, got ${describe(scaling)}`);
  // transformers: rope_scaling.get("rope_type", rope_scaling.get("type", "default"))
  // (null counts as unset, like a missing key)
  const typeKey = set(scaling.rope_type) || !set(scaling.type) ? 'rope_type' : 'type';
  const type = set(scaling[typeKey]) ? scaling[typeKey] : 'default';
  if (typeof type !== 'string')
    throw new TypeError(`scaling.${typeKey} must be a string, got ${describe(type)}`);
  if (!ROPE_TYPES.includes(type))
    throw new RangeError(`scaling.${typeKey} must be one of ${ROPE_TYPES.map((t) => `'${t}'`).join(', ')}, got ${describe(type)}`);
  parsed.type = type;
  for (const [key, field] of Object.entries(NUMBER_KEYS)) {
    const value = scaling[key];
    if (!set(value)) continue;
    if (typeof value !== 'number') throw new TypeError(`scaling.${key} must be a number, got ${describe(value)}`);
    parsed[field] = value;
  }
  for (const [key, field] of Object.entries(LIST_KEYS)) {
    const list = scaling[key];
    if (!set(list)) continue;
    if (!Array.isArray(list) || !list.every((v) => typeof v === 'number'))
      throw new TypeError(`scaling.${key} must be an array of numbers, got ${describe(list)}`);
    parsed[field] = list;
  }
  if (set(scaling.truncate)) {
    if (typeof scaling.truncate !== 'boolean')
      throw new TypeError(`scaling.truncate must be a boolean, got ${describe(scaling.truncate)}`);
    parsed.truncate = scaling.truncate;
  }
  return parsed;
}
