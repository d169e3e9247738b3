// The public API over the raw WebAssembly module. This layer checks JavaScript types and
// option objects (TypeError/RangeError naming the parameter), fills in defaults in one place
// and shapes results; numeric rules (even dModel, size caps, ...) are checked by the binding,
// which takes every option as one typed object and answers { data, error }: this layer throws
// a non-empty error as a RangeError.
import createPosenc from '../dist/posenc-wasm.js';
import { ropeScaling } from './rope-scaling.js';
import { readModelConfig } from './model-config.js';
import { positionScheme } from './position-scheme.js';
import { CONVENTIONS, ODD_RULES, presetAmplitude } from './conventions.js';
import { describe, named, number } from './describe.js';
import { BINDING_NAMES, CHOICES as NAMED, DEFAULT_CHOICES, ENUMS } from './choices.js';
import { warmUp } from './warm-up.js';

const DEFAULTS = Object.freeze({
  base: 10000,
  ...DEFAULT_CHOICES,
  angleScale: 1,
  amplitude: 1,
  start: 0,
  scale: 1,
  out: undefined,
  // rope: no scaling, rotaryDims = the head dimension (filled in by the function), length and
  // positions unset.
  scaling: undefined,
  rotaryDims: undefined,
  length: undefined,
  positions: undefined,
  // The relative family: ALiBi (BLOOM's and MPT's 8, causal) and T5's bucket rule.
  maxBias: 8,
  causal: true,
  numBuckets: 32,
  maxDistance: 128,
  bidirectional: true,
});

const BOOLEANS = new Set(['causal', 'bidirectional']);

// Which encoding: every function takes these, so one options object fits all calls (layout
// and order do not change frequencies, periods or dot products).
const SCHEME = ['base', 'spacing', 'layout', 'order', 'angleScale', 'amplitude', 'convention'];

const CHOICES = Object.freeze({ ...NAMED, convention: Object.keys(CONVENTIONS) });

// Options without a default value: undefined stays undefined, anything else is parsed.
const OPTIONAL = Object.freeze({
  scaling: (value) => ropeScaling(value, describe),
  positions: (value) => value === undefined ? undefined : numbers('positions', value),
  length: (value) => value === undefined ? undefined : number('length', value),
  rotaryDims: (value) => value === undefined ? undefined : number('rotaryDims', value),
});

function choice(key, value) {
  if (typeof value !== 'string' || !CHOICES[key].includes(value)) {
    const Kind = typeof value === 'string' ? RangeError : TypeError;
    throw new Kind(`${key} must be ${CHOICES[key].map((c) => `'${c}'`).join(' or ')}, got ${describe(value)}`);
  }
  return value;
}

// options merged over the convention's (if any), then the defaults; only the named options are
// allowed. The result holds every option (the binding's Options struct has a field for each),
// the defaults where not allowed; `amplitude` may still be a convention's formula (see typed()).
function options(fn, given, allowed) {
  if (given === undefined) given = {};
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    throw new TypeError(`${fn} options must be an object, got ${describe(given)}`);
  const merged = { ...DEFAULTS };
  for (const key of Object.keys(given))
    if (!allowed.includes(key))
      throw new TypeError(`${fn} has no option "${key}" (options: ${allowed.join(', ')})`);
  const preset = given.convention === undefined ? undefined : CONVENTIONS[choice('convention', given.convention)];
  merged.odd = preset ? ODD_RULES[preset.oddDModel] : 'none';
  for (const key of allowed) {
    if (key === 'convention') continue;
    if (key === 'amplitude' && given.amplitude === undefined && preset) {
      merged.amplitude = preset.amplitude;
      continue;
    }
    const value = given[key] === undefined ? (preset?.options[key] ?? DEFAULTS[key]) : given[key];
    if (key in OPTIONAL) {
      merged[key] = OPTIONAL[key](value);
    } else if (key === 'out') {
      merged.out = value;
      if (value !== undefined) merged.dtype = outType(value, given.dtype);
    } else if (key in CHOICES) {
      merged[key] = choice(key, value);
    } else if (BOOLEANS.has(key)) {
      if (typeof value !== 'boolean') throw new TypeError(`${key} must be true or false, got ${describe(value)}`);
      merged[key] = value;
    } else {
      merged[key] = number(key, value);
    }
  }
  return merged;
}

// The binding's answer, { data, error }: error is a broken rule's message, or empty.
function result({ data, error }) {
  if (error) throw new RangeError(error);
  return data;
}

// options.out: a typed array to write the result into (its length is checked by the binding).
// Its type is the dtype; a dtype given too must agree.
function outType(out, dtype) {
  if (!(out instanceof Float32Array || out instanceof Float64Array))
    throw new TypeError(`out must be a Float32Array or Float64Array, got ${describe(out)}`);
  detached('out', out);
  const type = out instanceof Float64Array ? 'float64' : 'float32';
  if (dtype !== undefined && dtype !== type)
    throw new TypeError(`out is ${named(out.constructor.name)} but dtype is ${describe(dtype)}`);
  return type;
}

// The Toeplitz matrix M[i][j] = D(|i - j|) from its kernel row: lay the kernel out mirrored,
// D(n-1) .. D(1) D(0) D(1) .. D(n-1); row i is then the n values starting at n-1-i, one bulk
// copy per row into the JS-owned result. This is the only place a Toeplitz matrix is filled
// (the C++ core gives the kernel, dot.hpp): filled in C++ it would be written in the wasm heap
// and copied out once more, measured 30% slower with `out` at N = 2048 (npm run bench).
function toeplitz(kernel, n, { dtype, out }) {
  const Values = dtype === 'float64' ? Float64Array : Float32Array;
  const matrix = out ?? new Values(n * n);
  const mirrored = new Values(Math.max(0, 2 * n - 1));
  for (let delta = 0; delta < n; delta++) mirrored[n - 1 - delta] = mirrored[n - 1 + delta] = kernel[delta];
  for (let i = 0; i < n; i++) matrix.set(mirrored.subarray(n - 1 - i, 2 * n - 1 - i), i * n);
  return matrix;
}

// A size the binding accepted, as the result's rows or cols: -0 (an integer >= 0) reads as 0.
const count = (n) => n + 0;

const NUMERIC_VIEWS = [Float64Array, Float32Array, Int8Array, Uint8Array, Uint8ClampedArray,
  Int16Array, Uint16Array, Int32Array, Uint32Array];

// An array of numbers or a numeric typed array, passed to the binding as it is.
function numbers(name, value) {
  if (NUMERIC_VIEWS.some((View) => value instanceof View)) return detached(name, value);
  if (!Array.isArray(value))
    throw new TypeError(`${name} must be an array or typed array of numbers, got ${describe(value)}`);
  value.forEach((v, i) => number(`${name}[${i}]`, v));
  return value;
}

// A typed array whose buffer was transferred (postMessage, structuredClone) reads as empty and
// takes no writes: refused, rather than read as no values. (Node 20 has no buffer.detached.)
function detached(name, view) {
  const { buffer } = view;
  let gone = buffer.detached;
  if (gone === undefined && buffer.byteLength === 0) {
    try { new Uint8Array(buffer); } catch { gone = true; }
  }
  if (gone) throw new TypeError(`${name} is ${named(view.constructor.name)} whose buffer was detached (transferred)`);
  return view;
}

function matrixArgument(value) {
  if (value === null || typeof value !== 'object')
    throw new TypeError(`matrix must be an object { rows, cols, data }, got ${describe(value)}`);
  return {
    rows: count(number('matrix.rows', value.rows)),
    cols: count(number('matrix.cols', value.cols)),
    data: numbers('matrix.data', value.data),
  };
}

const ROPE = ['base', 'scaling', 'length', 'rotaryDims'];

// ropeFromConfig's options, and what rope takes with `config` (there dtype is the matrix's).
const FROM_CONFIG = ['layerType', 'length', 'dtype'];

// ropeFrequencies' and ropeFromConfig's options: their dtype is the frequencies' own, 'float64'
// unless given ('float32': transformers' float32 inv_freq, bit for bit), where rope's dtype is its
// matrix's, 'float32' by default.
function frequencyOptions(fn, given) {
  const o = options(fn, given, [...ROPE, 'dtype']);
  if (given?.dtype === undefined) o.dtype = 'float64';
  return o;
}

function configOptions(fn, given, allowed = FROM_CONFIG) {
  if (given === undefined) return {};
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    throw new TypeError(`${fn} options must be an object, got ${describe(given)}`);
  for (const key of Object.keys(given))
    if (!allowed.includes(key)) throw new TypeError(`${fn} has no option "${key}" (options: ${allowed.join(', ')})`);
  return given;
}

// rope with `config`: the model's base, scaling, rotary dimensions and layout, for its head.
function fromConfig(given, cols) {
  const { config, layerType, ...rest } = given;
  for (const key of ['base', 'scaling', 'rotaryDims'])
    if (rest[key] !== undefined) throw new TypeError(`rope takes config or ${key}, not both (the config sets it)`);
  const read = readModelConfig(config, { layerType });
  if (cols !== read.headDim)
    throw new RangeError(`matrix.cols must equal the model's head dimension ${read.headDim} (config: ${read.modelType}), got ${cols}`);
  return { read, given: { ...rest, base: read.base, scaling: read.scaling, rotaryDims: read.rotaryDims, layout: rest.layout ?? read.layout } };
}

// A core message about rope_scaling's keys, naming them where the config has them.
function renamed(error, paths) {
  if (!paths?.scaling || !(error instanceof RangeError || error instanceof TypeError)) return error;
  const Kind = error.constructor;
  return new Kind(error.message.replace(/\bscaling\.max_position_embeddings\b/g, paths.max).replace(/\bscaling\./g, `${paths.scaling}.`));
}

// rope's options: start or positions, not both; rotaryDims defaults to the head dimension.
function ropeOptions(given, cols) {
  const o = options('rope', given, [...ROPE, 'start', 'positions', 'layout', 'dtype', 'out']);
  if (given?.start !== undefined && o.positions !== undefined)
    throw new TypeError('rope takes start or positions, not both');
  o.rotaryDims ??= cols;
  return o;
}

const isList = (value) => Array.isArray(value) || NUMERIC_VIEWS.some((View) => value instanceof View);

/** The public API over an instantiated module; see index.d.ts for the documentation. */
export function createApi(module) {
  const limits = Object.freeze(module.limits());
  // The binding's Options struct: the merged options with each choice as the module's enum
  // value, and a convention's amplitude formula evaluated for this call's dModel.
  const enums = { odd: module.OddRule };
  for (const [key, name] of Object.entries(ENUMS))
    enums[key] = Object.fromEntries(NAMED[key].map((c) => [c, module[name][BINDING_NAMES[key]?.[c] ?? c]]));
  const typed = (o, dModel) => {
    const struct = { ...o, amplitude: presetAmplitude(o, dModel) };
    for (const key in enums) struct[key] = enums[key][o[key]];
    struct.scaling = { ...(o.scaling ?? ropeScaling(undefined)) };
    struct.scaling.type = module.RopeType[struct.scaling.type];
    struct.rotaryDims ??= 0;
    return struct;
  };
  // Row r = PE(start + positions[r]): exact sin/cos per value, whatever the positions.
  const encodingAt = (positions, dModel, o) => {
    const at = o.start === 0 ? positions : Array.from(positions, (p) => p + o.start);
    const data = result(module.encodingAt(at, dModel, typed(o, dModel)));
    return { rows: positions.length, cols: dModel, data };
  };

  const api = Object.freeze({
    limits,
    conventions: CONVENTIONS,

    frequencies(dModel, opts) {
      const o = options('frequencies', opts, SCHEME);
      return result(module.frequencies(number('dModel', dModel), typed(o, dModel)));
    },

    periods(dModel, opts) {
      const o = options('periods', opts, SCHEME);
      return result(module.periods(number('dModel', dModel), typed(o, dModel)));
    },

    encoding(length, dModel, opts) {
      const o = options('encoding', opts, [...SCHEME, 'start', 'dtype', 'out']);
      if (isList(length)) return encodingAt(numbers('positions', length), number('dModel', dModel), o);
      const data = result(module.encoding(number('length', length), number('dModel', dModel), typed(o, dModel)));
      return { rows: count(length), cols: dModel, data };
    },

    encode(pos, dModel, opts) {
      const o = options('encode', opts, SCHEME);
      return result(module.encode(number('pos', pos), number('dModel', dModel), typed(o, dModel)));
    },

    rotation(k, dModel, opts) {
      const o = options('rotation', opts, SCHEME);
      const data = result(module.rotation(number('k', k), number('dModel', dModel), typed(o, dModel)));
      return { rows: dModel, cols: dModel, data };
    },

    shift(vector, k, opts) {
      const o = options('shift', opts, SCHEME);
      return result(module.shift(numbers('vector', vector), number('k', k), typed(o, vector.length)));
    },

    dotKernel(maxOffset, dModel, opts) {
      const o = options('dotKernel', opts, [...SCHEME, 'start']);
      return result(module.dotKernel(number('maxOffset', maxOffset), number('dModel', dModel), typed(o, dModel)));
    },

    dotMatrix(length, dModel, opts) {
      const o = options('dotMatrix', opts, [...SCHEME, 'dtype', 'method', 'out']);
      const data = result(module.dotMatrix(number('length', length), number('dModel', dModel), typed(o, dModel)));
      return { rows: count(length), cols: count(length), data: o.method === 'toeplitz' ? toeplitz(data, length, o) : data };
    },

    addTo(matrix, opts) {
      const o = options('addTo', opts, [...SCHEME, 'start', 'scale']);
      const { rows, cols, data } = matrixArgument(matrix);
      return { rows, cols, data: result(module.addTo(data, rows, cols, typed(o, cols))) };
    },

    ropeFrequencies(headDim, opts) {
      const o = frequencyOptions('ropeFrequencies', opts);
      o.rotaryDims ??= number('headDim', headDim);
      return result(module.ropeFrequencies(number('headDim', headDim), typed(o, headDim)));
    },

    rope(matrix, opts) {
      const { rows, cols, data } = matrixArgument(matrix);
      const model = opts?.config !== undefined ? fromConfig(opts, cols) : null;
      const o = ropeOptions(model ? model.given : opts, cols);
      // The binding reads typed arrays a block of rows at a time (subarray).
      const values = Array.isArray(data) ? Float64Array.from(data) : data;
      try {
        return { rows, cols, data: result(module.rope(values, rows, cols, typed(o, cols))) };
      } catch (error) {
        throw renamed(error, model?.read.paths);
      }
    },

    ropeFromConfig(config, opts) {
      const { layerType, length, dtype } = configOptions('ropeFromConfig', opts);
      const { scaling, paths, ...read } = readModelConfig(config, { layerType });
      try {
        const o = frequencyOptions('ropeFromConfig', { base: read.base, scaling, rotaryDims: read.rotaryDims, length, dtype });
        const { frequencies, attentionFactor } = result(module.ropeFrequencies(read.headDim, typed(o, read.headDim)));
        const { max_position_embeddings: _, ...parameters } = scaling;
        return { ...read, parameters, frequencies, attentionFactor };
      } catch (error) {
        throw renamed(error, paths);
      }
    },

    alibiSlopes(numHeads, opts) {
      const o = options('alibiSlopes', opts, ['maxBias']);
      return result(module.alibiSlopes(number('numHeads', numHeads), typed(o)));
    },

    alibiBias(length, numHeads, opts) {
      const o = options('alibiBias', opts, ['maxBias', 'causal']);
      const data = result(module.alibiBias(number('length', length), number('numHeads', numHeads), typed(o)));
      return { rows: count(numHeads * length), cols: count(length), data };
    },

    relativePositionBuckets(relativePositions, opts) {
      const o = options('relativePositionBuckets', opts, ['numBuckets', 'maxDistance', 'bidirectional']);
      return result(module.relativePositionBuckets(numbers('relativePositions', relativePositions), typed(o)));
    },

    positionScheme(config, opts) {
      const { layerType } = configOptions('positionScheme', opts, ['layerType']);
      if (layerType !== undefined && typeof layerType !== 'string')
        throw new TypeError(`layerType must be a string, got ${describe(layerType)}`);
      return positionScheme(api, config, { layerType });
    },

    memory() {
      return { heapBytes: module.HEAP8.buffer.byteLength, allocatedBytes: module.allocatedBytes() };
    },
  });
  return api;
}

/**
 * init() for one environment: loadWasm() fetches the module's bytes. The first successful
 * call instantiates; later calls return the same API. A failed load may be retried.
 */
export function makeInit(loadWasm) {
  let ready;
  return function init(opts) {
    try {
      initOptions(opts);
    } catch (error) {
      return Promise.reject(error);
    }
    ready ??= (async () => {
      const api = createApi(await createPosenc({
        wasmBinary: opts?.wasmBinary ?? (await loadWasm()),
        // The glue never fetches (it has the bytes); with locateFile it also skips computing
        // new URL('posenc-wasm.wasm', import.meta.url), which fails in classic-script bundles.
        locateFile: (file) => file,
      }));
      if (opts?.warmUp !== false) await warmUp(api);
      return api;
    })();
    ready.catch(() => { ready = undefined; });
    return ready;
  };
}

function initOptions(opts) {
  if (opts === undefined) return;
  if (opts === null || typeof opts !== 'object')
    throw new TypeError(`init options must be an object, got ${describe(opts)}`);
  for (const key of Object.keys(opts))
    if (key !== 'wasmBinary' && key !== 'warmUp') throw new TypeError(`init has no option "${key}" (options: wasmBinary, warmUp)`);
  const { wasmBinary, warmUp } = opts;
  if (warmUp !== undefined && typeof warmUp !== 'boolean')
    throw new TypeError(`warmUp must be true or false, got ${describe(warmUp)}`);
  if (wasmBinary !== undefined && !(wasmBinary instanceof ArrayBuffer || wasmBinary instanceof Uint8Array))
    throw new TypeError(`wasmBinary must be an ArrayBuffer or Uint8Array, got ${describe(wasmBinary)}`);
}
