// The public API over the raw WebAssembly module. This layer checks JavaScript types and
// option objects (TypeError/RangeError naming the parameter), fills in defaults in one place
// and shapes results; numeric rules (even dModel, size caps, ...) are checked by the binding,
// which takes every option as one typed object and answers { data, error }: this layer throws
// a non-empty error as a RangeError.
import createPosenc from '../dist/posenc-wasm.js';
import { ropeScaling } from './rope-scaling.js';
import { readModelConfig } from './model-config.js';
import { mropePositions } from './mrope-positions.js';
import { positionScheme } from './position-scheme.js';
import { CONVENTIONS, ODD_RULES, presetAmplitude } from './conventions.js';
import { describe, named, number } from './describe.js';
import { BINDING_NAMES, CHOICES as NAMED, DEFAULT_CHOICES, ENUMS, GRID_CONVENTIONS } from './choices.js';
import { warmUp } from './warm-up.js';
import { inspectModelFile } from './files/inspect.js';

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
  // Grids (encoding2d, encoding3d, dotMatrix2d): the binding's GridConvention (set from the
  // `convention` option by gridOptions), MAE's cls row, diffusers' base_size,
  // interpolation_scale and SD3's pos_embed_max_size (none), CogVideoX's scales.
  gridConvention: GRID_CONVENTIONS.encoding2d[0],
  clsToken: false,
  baseSize: 16,
  interpolationScale: 1,
  posEmbedMaxSize: undefined,
  spatialInterpolationScale: 1,
  temporalInterpolationScale: 1,
});

const BOOLEANS = new Set(['causal', 'bidirectional', 'clsToken']);

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
  posEmbedMaxSize: (value) => value === undefined ? undefined : number('posEmbedMaxSize', value),
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

// dotMatrix2d's matrix from the binding's blocks (src/grid.hpp, Gram2d::blocksInto): for column
// j, 2·height − 1 segments of `width` values; row (i, j) is the height·width values from
// segment height − 1 − i on, one bulk copy per row into the JS-owned result, as toeplitz().
function blockToeplitz(blocks, height, width, out) {
  const n = height * width, span = (2 * height - 1) * width;
  const matrix = out ?? new Float64Array(n * n);
  for (let i = 0, r = 0; i < height; i++)
    for (let j = 0; j < width; j++, r++) {
      const from = j * span + (height - 1 - i) * width;
      matrix.set(blocks.subarray(from, from + n), r * n);
    }
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

// The grids' options. `convention` names the grid code (GRID_CONVENTIONS), not a 1D preset;
// diffusers' options with another convention are refused, naming the option.
const GRID_2D = ['convention', 'base', 'baseSize', 'interpolationScale', 'posEmbedMaxSize'];
const GRID_3D = ['convention', 'base', 'spatialInterpolationScale', 'temporalInterpolationScale', 'start'];
const DIFFUSERS_ONLY = ['baseSize', 'interpolationScale', 'posEmbedMaxSize'];

function gridOptions(fn, given, conventions, allowed) {
  if (given === undefined) given = {};
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    throw new TypeError(`${fn} options must be an object, got ${describe(given)}`);
  const { convention = conventions[0], ...rest } = given;
  const o = options(fn, rest, allowed);
  if (typeof convention !== 'string' || !conventions.includes(convention)) {
    const Kind = typeof convention === 'string' ? RangeError : TypeError;
    throw new Kind(`convention must be ${conventions.map((c) => `'${c}'`).join(' or ')}, got ${describe(convention)}`);
  }
  for (const key of DIFFUSERS_ONLY)
    if (convention !== 'diffusers' && rest[key] !== undefined)
      throw new TypeError(`${key} is an option of convention 'diffusers' (diffusers' get_2d_sincos_pos_embed), not of '${convention}'`);
  if (conventions === GRID_CONVENTIONS.encoding2d) o.gridConvention = convention;
  return o;
}

const isList = (value) => Array.isArray(value) || NUMERIC_VIEWS.some((View) => value instanceof View);

// rope over several axes: `positions` one list per axis (positions[k][row]), with `axes` (axial
// RoPE: FLUX, EVA-02, Qwen2-VL's vision tower) or a config with mrope_section (Qwen2-VL's M-RoPE).
const AXIAL = ['positions', 'axes', 'base', 'layout', 'dtype', 'out'];
const MULTIMODAL = ['config', 'positions', 'layerType', 'length', 'dtype', 'out'];

// The first entry decides (a long 1D list is not scanned twice): an object there (a list, or
// something that is no list: refused naming positions[0]) means one list per axis.
const listOfLists = (positions) => Array.isArray(positions) && positions[0] !== null && typeof positions[0] === 'object';
const perAxis = (opts) => opts !== null && typeof opts === 'object' && !Array.isArray(opts)
  && (opts.axes !== undefined || listOfLists(opts.positions));

function onlyKeys(given, allowed, what) {
  for (const key of Object.keys(given))
    if (!allowed.includes(key)) throw new TypeError(`rope has no option "${key}" ${what} (options: ${allowed.join(', ')})`);
}

function axisLists(value) {
  if (!Array.isArray(value))
    throw new TypeError(`positions must be an array of position lists (one per axis), got ${describe(value)}`);
  return value.map((list, k) => {
    if (!isList(list))
      throw new TypeError(`positions[${k}] must be an array or typed array of numbers (the positions of axis ${k}: one list per axis), got ${describe(list)}`);
    return numbers(`positions[${k}]`, list);
  });
}

// The config's M-RoPE: its mrope_section (Qwen2-VL, Qwen2.5-VL: in blocks; Qwen3-VL: interleaved),
// or a RangeError saying why not.
function mropeSectionOf(read, lists) {
  const path = `${read.paths.scaling ?? 'config.rope_scaling'}.mrope_section`;
  if (read.mropeSection) {
    // Counted here, before the binding copies it (the core's rule, the same words).
    if (read.mropeSection.length !== 3)
      throw new RangeError(`${path} must have 3 entries (the t, h and w pairs), got ${read.mropeSection.length}`);
    return read.mropeSection;
  }
  if (read.scaling.mrope_section !== undefined && read.scaling.mrope_section !== null)
    throw new RangeError(`${path} is read for Qwen2-VL and Qwen2.5-VL (model_type qwen2_vl, qwen2_5_vl), not for model_type '${read.modelType}': `
      + 'its RoPE turns one position per token (give positions as one list)');
  throw new RangeError(`positions has ${lists.length} list${lists.length === 1 ? '' : 's'} (one per axis) but the config has no mrope_section (${path}): multimodal RoPE `
    + `needs Qwen2-VL's mrope_section to split the frequencies between t, h and w; this ${read.modelType} model takes positions as one list`);
}

/** The public API over an instantiated module; see index.d.ts for the documentation. */
export function createApi(module, { openPath } = {}) {
  const limits = Object.freeze(module.limits());
  // The binding's Options struct: the merged options with each choice as the module's enum
  // value, and a convention's amplitude formula evaluated for this call's dModel.
  const enums = { odd: module.OddRule, gridConvention: Object.fromEntries(GRID_CONVENTIONS.encoding2d.map((c) => [c, module.GridConvention[c]])) };
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

  // rope with one list of positions per axis: axial RoPE (axes), or M-RoPE (config).
  const ropeAxes = (rows, cols, data, given) => {
    const values = Array.isArray(data) ? Float64Array.from(data) : data;
    if (given.config !== undefined) {
      onlyKeys(given, MULTIMODAL, 'with config and one list of positions per axis (multimodal RoPE)');
      const { config, layerType, positions, ...rest } = given;
      const read = readModelConfig(config, { layerType });
      const lists = axisLists(positions);
      const section = mropeSectionOf(read, lists);
      const interleaved = read.mropeInterleaved;
      if (cols !== read.headDim)
        throw new RangeError(`matrix.cols must equal the model's head dimension ${read.headDim} (config: ${read.modelType}), got ${cols}`);
      const o = options('rope', { base: read.base, scaling: read.scaling, rotaryDims: read.rotaryDims, ...rest }, [...ROPE, 'dtype', 'out']);
      try {
        return { rows, cols, data: result(module.ropeMultimodal(values, rows, cols, lists, section, interleaved, typed(o, cols))) };
      } catch (error) {
        const thrown = renamed(error, read.paths);
        if (!(thrown instanceof RangeError)) throw thrown;
        throw new RangeError(thrown.message.replace(/(^|[^.\w])mrope_section\b/g, `$1${read.paths.scaling}.mrope_section`));
      }
    }
    onlyKeys(given, AXIAL, 'with one list of positions per axis (axial RoPE)');
    const { positions, axes, ...rest } = given;
    if (axes === undefined)
      throw new TypeError('positions is one list per axis: give axes too (the columns of each axis: axial RoPE), or config (with mrope_section: multimodal RoPE)');
    if (positions === undefined || (isList(positions) && positions.length > 0 && !listOfLists(positions)))
      throw new TypeError(`axes needs positions as one list per axis (positions[k][row]), got ${positions === undefined ? 'undefined' : 'one list of numbers'}`);
    const lists = axisLists(positions);
    const o = options('rope', rest, ['base', 'layout', 'dtype', 'out']);
    // Counted before the binding copies the list into the wasm heap: each axis turns a pair at least.
    const widths = numbers('axes', axes);
    if (widths.length > Math.max(1, Math.floor(cols / 2)))
      throw new RangeError(`axes must have at most matrix.cols / 2 = ${Math.max(1, Math.floor(cols / 2))} entries (each axis turns at least one pair), got ${widths.length}`);
    return { rows, cols, data: result(module.ropeAxial(values, rows, cols, lists, widths, typed(o, cols))) };
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

    nearestToeplitz(matrix) {
      const { rows, cols, data } = matrixArgument(matrix);
      return result(module.nearestToeplitz(data, rows, cols));
    },

    ropeFrequencies(headDim, opts) {
      const o = frequencyOptions('ropeFrequencies', opts);
      o.rotaryDims ??= number('headDim', headDim);
      return result(module.ropeFrequencies(number('headDim', headDim), typed(o, headDim)));
    },

    rope(matrix, opts) {
      const { rows, cols, data } = matrixArgument(matrix);
      if (perAxis(opts)) return ropeAxes(rows, cols, data, opts);
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

    mropePositions(config, segments, opts) {
      const { textStart } = configOptions('mropePositions', opts, ['textStart']);
      return mropePositions(config, segments, { maxTokens: limits.maxElements, textStart });
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

    encoding2d(height, width, dModel, opts) {
      const o = gridOptions('encoding2d', opts, GRID_CONVENTIONS.encoding2d, [...GRID_2D, 'clsToken', 'dtype', 'out']);
      const data = result(module.encoding2d(number('height', height), number('width', width), number('dModel', dModel), typed(o, dModel)));
      return { rows: count((o.clsToken ? 1 : 0) + height * width), cols: dModel, data };
    },

    encoding3d(frames, height, width, dModel, opts) {
      const o = gridOptions('encoding3d', opts, GRID_CONVENTIONS.encoding3d, [...GRID_3D, 'dtype', 'out']);
      const data = result(module.encoding3d(number('frames', frames), number('height', height), number('width', width),
        number('dModel', dModel), typed(o, dModel)));
      return { rows: count(frames * height * width), cols: dModel, data };
    },

    dotMatrix2d(height, width, dModel, opts) {
      // float64 only: an `out` of another type is refused here, before the generic check.
      const out = opts?.out;
      if (out !== undefined && !(out instanceof Float64Array))
        throw new TypeError(`out must be a Float64Array (dotMatrix2d's values are float64), got ${describe(out)}`);
      const o = gridOptions('dotMatrix2d', opts, GRID_CONVENTIONS.encoding2d, [...GRID_2D, 'out']);
      o.dtype = 'float64';
      const data = result(module.dotMatrix2d(number('height', height), number('width', width), number('dModel', dModel), typed(o, dModel)));
      const n = count(height * width);
      return { rows: n, cols: n, data: data instanceof Float64Array ? data : blockToeplitz(data.blocks, height, width, o.out) };
    },

    positionScheme(config, opts) {
      const { layerType } = configOptions('positionScheme', opts, ['layerType']);
      if (layerType !== undefined && typeof layerType !== 'string')
        throw new TypeError(`layerType must be a string, got ${describe(layerType)}`);
      return positionScheme(api, config, { layerType });
    },

    inspectModelFile(source, opts) {
      return inspectModelFile(api, source, opts, openPath);
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
export function makeInit(loadWasm, environment) {
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
      }), environment);
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
