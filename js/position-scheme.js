// Which positions a model uses, read from its config.json as transformers' modeling code uses
// them (docs/family.md names each file): rotary (everything ropeFromConfig reads), ALiBi (BLOOM,
// MPT, Falcon with `alibi`), T5's relative buckets (T5, mT5, LongT5, UMT5), learned absolute
// tables (GPT-2, BERT, RoBERTa, OPT, BART, Whisper's decoder), BERT's learned relative-distance
// embeddings (position_embedding_type relative_key or relative_key_query), sinusoidal tables (Whisper's
// encoder, Marian, M2M100/NLLB) or none (Llama 4's and Command R7B's NoPE layers). An
// encoder-decoder lists `encoder` and `decoder`. A model type whose positions its config does
// not tell (Baichuan) is refused, never guessed.

import { isObject, show } from './describe.js';

const has = (c, key) => Object.hasOwn(c, key) && c[key] !== null && c[key] !== undefined;

/** c[key] (the first of `keys` present), a whole number in [min, max], or its default; RangeError naming the key. */
function whole(c, keys, def, { min = 1, max = 2 ** 31 - 1 } = {}) {
  const key = [keys].flat().find((k) => has(c, k));
  if (key === undefined) {
    if (def === undefined) throw new RangeError(`config.${[keys].flat().join(' or config.')} is missing`);
    return def;
  }
  const v = c[key];
  if (!(Number.isInteger(v) && v >= min && v <= max))
    throw new RangeError(`config.${key} must be a whole number from ${min} to ${max}, got ${show(v)}`);
  return v;
}

// T5's bucket rule, checked as pe.relativePositionBuckets checks it (the encoder's even number of
// buckets, a maxDistance past the exact ones); UMT5 keeps a table in every layer, the others share layer 0's.
function buckets(c, type, bidirectional, api) {
  const numBuckets = whole(c, 'relative_attention_num_buckets', 32, { min: 2, max: 65536 });
  const maxDistance = whole(c, 'relative_attention_max_distance', 128);
  try {
    api.relativePositionBuckets([0], { numBuckets, maxDistance, bidirectional });
  } catch (error) {
    const key = error.message.startsWith('numBuckets') ? 'relative_attention_num_buckets' : 'relative_attention_max_distance';
    throw new RangeError(`config.${key} (the ${bidirectional ? 'encoder' : 'decoder'}'s rule): ${error.message}`);
  }
  return { kind: 'relative-buckets', numHeads: whole(c, 'num_heads', 8), bidirectional, numBuckets, maxDistance,
    tables: type === 'umt5' ? 'every layer' : 'first layer, shared' };
}

const learned = (maxPositions, start = 0) => ({ kind: 'learned', maxPositions, start });
// A sinusoidal table in a posenc convention: row `start + i` is token i's (pe.encode(start + i, dModel, { convention })).
const sinusoidal = (dModel, maxPositions, convention, start = 0) => ({ kind: 'sinusoidal', dModel, maxPositions, convention, start });

/** The schemes of one model type: { scheme } or { encoder, decoder }, from the config `c`. */
const SCHEMES = {
  bloom: (c, api) => ({ scheme: alibi(whole(c, ['n_head', 'num_attention_heads'], undefined, { max: 65536 }), api, { biasScale: 1 }) }),
  // transformers' MptModel always uses ALiBi with 8, whatever attn_config says (MosaicML's code
  // reads it). A value MosaicML's slopes could not be made from (≤ 0: slopes of 1 or more, that
  // grow; not a number) is refused, naming the key: the file is broken whichever code reads it.
  mpt: (c, api) => {
    const scheme = alibi(whole(c, ['n_heads', 'num_attention_heads'], undefined, { max: 65536 }), api, { biasScale: 1 });
    const attn = isObject(c.attn_config) ? c.attn_config : {};
    if (attn.alibi === false) scheme.warnings.push('attn_config.alibi is false, but transformers\' MptModel adds ALiBi anyway');
    if (has(attn, 'alibi_bias_max')) {
      const max = attn.alibi_bias_max;
      if (!(typeof max === 'number' && Number.isFinite(max) && max > 0))
        throw new RangeError(`config.attn_config.alibi_bias_max must be a number > 0, got ${show(max)}`);
      if (max !== 8)
        scheme.warnings.push(`attn_config.alibi_bias_max is ${show(max)}, but transformers' MptModel uses 8 (MosaicML's own code would use it)`);
    }
    scheme.maxPositions = whole(c, 'max_seq_len', 2048);
    return { scheme };
  },
  falcon: (c, api) => {
    if (c.alibi !== true) return null;  // rotary: ropeFromConfig reads it
    const heads = whole(c, ['num_attention_heads', 'n_head'], 71, { max: 65536 }), hidden = whole(c, ['hidden_size', 'n_embed'], 4544);
    if (hidden % heads) throw new RangeError(`config.hidden_size must be divisible by the ${heads} heads, got ${hidden}`);
    return { scheme: { ...alibi(heads, api, { biasScale: 1 / Math.sqrt(hidden / heads) }), slopeRounding: 'bfloat16' } };
  },
  t5: (c, api, type) => ({ encoder: buckets(c, type, true, api), decoder: buckets(c, type, false, api) }),
  gpt2: (c) => ({ scheme: learned(whole(c, ['n_positions', 'max_position_embeddings'], 1024)) }),
  // BERT's relative_key / relative_key_query (Huang et al., 2020; BertSelfAttention): no table of
  // positions is added to the tokens; each layer learns one vector per distance i − j, 2·max − 1
  // of them (row i − j + max − 1, |i − j| ≤ max − 1 since no text is longer: never clipped), and
  // adds its dot product with the query (relative_key), or with the query and with the key
  // (relative_key_query), to the score.
  bert: (c) => {
    const kind = c.position_embedding_type ?? 'absolute', max = whole(c, 'max_position_embeddings', 512);
    if (kind === 'absolute') return { scheme: learned(max) };
    if (kind === 'relative_key' || kind === 'relative_key_query')
      return { scheme: { kind: 'relative-learned', variant: kind, maxPositions: max, maxDistance: max - 1, distances: 2 * max - 1,
        dottedWith: kind === 'relative_key' ? ['query'] : ['query', 'key'] } };
    throw new RangeError(`config.position_embedding_type must be 'absolute', 'relative_key' or 'relative_key_query', got ${show(kind)}`);
  },
  // Rows from padding_idx + 1 (fairseq's make_positions).
  roberta: (c) => ({ scheme: learned(whole(c, 'max_position_embeddings', 512), whole(c, 'pad_token_id', 1, { min: 0 }) + 1) }),
  // OPT's and BART's tables are offset by 2.
  opt: (c) => ({ scheme: learned(whole(c, 'max_position_embeddings', 2048), 2) }),
  bart: (c) => {
    const max = whole(c, 'max_position_embeddings', 1024);
    return { encoder: learned(max, 2), decoder: learned(max, 2) };
  },
  whisper: (c) => ({
    encoder: sinusoidal(whole(c, 'd_model', 384, { min: 4 }), whole(c, 'max_source_positions', 1500), 'tensor2tensor'),
    decoder: learned(whole(c, 'max_target_positions', 448)),
  }),
  marian: (c) => {
    const table = sinusoidal(whole(c, 'd_model', 1024, { min: 2 }), whole(c, 'max_position_embeddings', 1024), 'tf-tutorial');
    return { encoder: table, decoder: { ...table } };
  },
  m2m_100: (c) => {
    const table = sinusoidal(whole(c, 'd_model', 1024, { min: 4 }), whole(c, 'max_position_embeddings', 1024), 'fairseq',
      whole(c, 'pad_token_id', 1, { min: 0 }) + 1);
    return { encoder: table, decoder: { ...table } };
  },
};
for (const type of ['mt5', 'longt5', 'umt5']) SCHEMES[type] = SCHEMES.t5;
for (const type of ['xlm-roberta', 'camembert']) SCHEMES[type] = SCHEMES.roberta;
SCHEMES.mbart = SCHEMES.bart;

/** The model types without rotary embeddings (Falcon has them unless `alibi`), each with what it uses instead. */
export const NOT_ROTARY = Object.freeze(Object.fromEntries(Object.keys(SCHEMES).filter((type) => type !== 'falcon').map((type) => [type,
  ['bloom', 'mpt'].includes(type) ? 'ALiBi' : ['t5', 'mt5', 'longt5', 'umt5'].includes(type) ? "T5's relative buckets"
    : ['whisper', 'marian', 'm2m_100'].includes(type) ? 'sinusoidal tables' : 'a learned table'])));

// ALiBi for numHeads heads; the slopes are pe.alibiSlopes' (maxBias 8 in all three).
function alibi(numHeads, api, { biasScale }) {
  return { kind: 'alibi', numHeads, maxBias: 8, slopes: api.alibiSlopes(numHeads), biasScale, warnings: [] };
}

// The model type of an architecture class (a config without model_type names its class).
const ARCHITECTURES = [['UMT5', 'umt5'], ['MT5', 'mt5'], ['LongT5', 'longt5'], ['T5', 't5'], ['Bloom', 'bloom'], ['Mpt', 'mpt'],
  ['MPT', 'mpt'], ['Falcon', 'falcon'], ['GPT2', 'gpt2'], ['XLMRoberta', 'xlm-roberta'], ['Roberta', 'roberta'], ['Bert', 'bert'],
  ['OPT', 'opt'], ['MBart', 'mbart'], ['Bart', 'bart'], ['Whisper', 'whisper'], ['Marian', 'marian'], ['M2M100', 'm2m_100']];

// Model types whose configs do not say which positions they use.
export const UNTELLABLE = { baichuan: 'Baichuan 2 uses rotary embeddings at 7B and ALiBi at 13B under the same keys' };

/** A config's model type: model_type, else the one its architectures[0] names ({ type, warning }). */
export function modelTypeOf(config) {
  const type = config.model_type;
  if (type !== undefined || !Array.isArray(config.architectures) || typeof config.architectures[0] !== 'string') return { type };
  const found = ARCHITECTURES.find(([prefix]) => config.architectures[0].startsWith(prefix));
  return found ? { type: found[1], warning: `config.model_type is missing: read as '${found[1]}' from architectures[0] '${config.architectures[0]}'` } : { type };
}

/**
 * The positions of `config` (a parsed config.json) for one layer kind (`layerType`: a rotary
 * model's kind, or 'encoder' / 'decoder'): { kind, modelType, layerType, layerTypes, … }.
 */
export function positionScheme(api, config, { layerType } = {}) {
  if (!isObject(config)) throw new TypeError(`config must be a config.json object, got ${show(config)}`);
  const { type, warning } = modelTypeOf(config), warnings = warning ? [warning] : [];
  if (typeof type === 'string' && Object.hasOwn(UNTELLABLE, type))
    throw new RangeError(`config.model_type '${type}' does not tell its positions: ${UNTELLABLE[type]}`);
  const read = typeof type === 'string' && Object.hasOwn(SCHEMES, type) ? SCHEMES[type](config, api, type) : null;
  // A rotary model whose type came from its architectures is read as that type.
  if (!read) return rotaryOrNone(api, warning ? { ...config, model_type: type } : config, layerType, warnings);
  const with_ = (scheme) => ({ ...scheme, warnings: [...warnings, ...(scheme.warnings ?? [])] });
  if (read.scheme) {
    if (layerType !== undefined) throw new RangeError(`layerType ${show(layerType)}: this ${type} model has one kind of layer`);
    return { ...with_(read.scheme), modelType: type, layerType: null, layerTypes: [] };
  }
  const kind = layerType ?? 'encoder';
  if (kind !== 'encoder' && kind !== 'decoder')
    throw new RangeError(`layerType must be 'encoder' or 'decoder' for this ${type} model, got ${show(layerType)}`);
  return { ...with_(read[kind]), modelType: type, layerType: kind, layerTypes: ['encoder', 'decoder'],
    encoder: with_(read.encoder), decoder: with_(read.decoder) };
}

// Everything else is read by ropeFromConfig; a layer kind without RoPE (its kindsWithoutRope)
// has no positions at all.
function rotaryOrNone(api, config, layerType, warnings) {
  const rotary = api.ropeFromConfig(config);  // the kind that rotates first
  if (rotary.kindsWithoutRope.includes(layerType))
    return { kind: 'none', modelType: rotary.modelType, layerType, layerTypes: rotary.layerTypes, layers: rotary.layers,
      kindsWithoutRope: rotary.kindsWithoutRope, warnings: [...warnings, ...rotary.warnings] };
  const read = layerType === undefined || layerType === rotary.layerType ? rotary : api.ropeFromConfig(config, { layerType });
  return { kind: 'rope', ...read, warnings: [...warnings, ...read.warnings] };
}
