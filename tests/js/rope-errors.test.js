// Every bad argument of ropeFrequencies and rope: a TypeError (wrong type) or RangeError (broken
// rule) naming the parameter or the rope_scaling key, the module working afterwards.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { assertErrors } from './helpers.js';

const pe = await init();
const matrix = (rows, cols, data = new Float32Array(rows * cols)) => ({ rows, cols, data });
const LLAMA3 = { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 };
const TYPES = "'default', 'linear', 'dynamic', 'yarn', 'llama3', 'longrope'";
const pairs48 = (v = 1) => new Array(48).fill(v);
const LONGROPE = { rope_type: 'longrope', short_factor: pairs48(), long_factor: pairs48(2), original_max_position_embeddings: 4096, max_position_embeddings: 131072 };
const rf = (scaling, more) => () => pe.ropeFrequencies(128, { scaling, ...more });

// [call, error class, exact message]
const cases = [
  // headDim, rotaryDims, base, length
  [() => pe.ropeFrequencies(), TypeError, 'headDim must be a number, got undefined'],
  [() => pe.ropeFrequencies(7), RangeError, 'headDim must be an even integer between 2 and 65536, got 7'],
  [() => pe.ropeFrequencies(128, { rotaryDims: 63 }), RangeError, 'rotaryDims must be an even integer between 2 and headDim = 128, got 63'],
  [() => pe.ropeFrequencies(128, { rotaryDims: 256 }), RangeError, 'rotaryDims must be an even integer between 2 and headDim = 128, got 256'],
  [() => pe.ropeFrequencies(128, { rotaryDims: '64' }), TypeError, 'rotaryDims must be a number, got "64"'],
  [() => pe.ropeFrequencies(128, { base: 1 }), RangeError, 'base must be a finite number > 1, got 1'],
  [() => pe.ropeFrequencies(128, { length: -1 }), RangeError, 'length must be a finite number >= 0, got -1'],
  [() => pe.ropeFrequencies(128, { length: null }), TypeError, 'length must be a number, got null'],
  [() => pe.ropeFrequencies(128, { start: 1 }), TypeError, 'ropeFrequencies has no option "start" (options: base, scaling, length, rotaryDims, dtype)'],
  // scaling: its type, rope_type, and each key
  [rf(8), TypeError, 'scaling must be a rope_scaling object (config.json) or null, got 8'],
  [rf([LLAMA3]), TypeError, 'scaling must be a rope_scaling object (config.json) or null, got an array'],
  [rf({ rope_type: 'su', factor: 2 }), RangeError, `scaling.rope_type must be one of ${TYPES}, got "su"`],
  // longrope: both lists, one number > 0 per rotary pair; a factor or max_position_embeddings
  [rf({ rope_type: 'longrope', factor: 2 }), RangeError, "scaling.original_max_position_embeddings is required for rope_type 'longrope'"],
  [rf(LONGROPE, { rotaryDims: 64 }), RangeError, 'scaling.short_factor must have rotaryDims / 2 = 32 numbers (one per rotary pair), got 48'],
  [rf({ ...LONGROPE, long_factor: pairs48().slice(1) }, { rotaryDims: 96 }), RangeError, 'scaling.long_factor must have rotaryDims / 2 = 48 numbers (one per rotary pair), got 47'],
  [rf({ ...LONGROPE, short_factor: [...pairs48().slice(1), 0] }, { rotaryDims: 96 }), RangeError, 'scaling.short_factor[47] must be a finite number > 0, got 0'],
  [rf({ ...LONGROPE, long_factor: 'x' }, { rotaryDims: 96 }), TypeError, 'scaling.long_factor must be an array of numbers, got "x"'],
  [rf({ ...LONGROPE, long_factor: [...pairs48().slice(1), '1'] }, { rotaryDims: 96 }), TypeError, 'scaling.long_factor must be an array of numbers, got an array'],
  [rf({ ...LONGROPE, max_position_embeddings: undefined }, { rotaryDims: 96 }), RangeError, "scaling.factor is required for rope_type 'longrope' (or config.max_position_embeddings, to divide by scaling.original_max_position_embeddings)"],
  [rf({ ...LONGROPE, factor: -1 }, { rotaryDims: 96 }), RangeError, 'scaling.factor must be a finite number > 0, got -1'],
  [rf({ ...LONGROPE, attention_factor: 0 }, { rotaryDims: 96 }), RangeError, 'scaling.attention_factor must be a finite number > 0, got 0'],
  [rf({ type: 'ntk', factor: 2 }), RangeError, `scaling.type must be one of ${TYPES}, got "ntk"`],
  [rf({ type: 3 }), TypeError, 'scaling.type must be a string, got 3'],
  [rf({ type: 'linear' }), RangeError, "scaling.factor is required for rope_type 'linear'"],
  [rf({ type: 'linear', factor: 0 }), RangeError, 'scaling.factor must be a finite number > 0, got 0'],
  [rf({ type: 'linear', factor: -1 }), RangeError, 'scaling.factor must be a finite number > 0, got -1'],
  [rf({ type: 'linear', factor: '8' }), TypeError, 'scaling.factor must be a number, got "8"'],
  [rf({ type: 'dynamic', factor: 2 }), RangeError, "scaling.max_position_embeddings is required for rope_type 'dynamic' (transformers reads config.max_position_embeddings: add that key)"],
  [rf({ type: 'dynamic', factor: 2, max_position_embeddings: 2048 }, { rotaryDims: 2 }), RangeError, "rotaryDims must be at least 4 for rope_type 'dynamic', got 2"],
  [rf({ type: 'yarn', factor: 4 }), RangeError, "scaling.original_max_position_embeddings is required for rope_type 'yarn' (or scaling.max_position_embeddings, config.max_position_embeddings)"],
  [rf({ type: 'yarn', factor: 4, original_max_position_embeddings: 4096, attention_factor: -1 }), RangeError, 'scaling.attention_factor must be a finite number > 0, got -1'],
  [rf({ type: 'yarn', factor: 4, original_max_position_embeddings: 4096, beta_fast: NaN }), RangeError, 'scaling.beta_fast must be a finite number >= 0, got NaN'],
  [rf({ type: 'yarn', factor: 4, original_max_position_embeddings: 4096, truncate: 'no' }), TypeError, 'scaling.truncate must be a boolean, got "no"'],
  [rf({ ...LLAMA3, low_freq_factor: undefined }), RangeError, "scaling.low_freq_factor is required for rope_type 'llama3'"],
  [rf({ ...LLAMA3, high_freq_factor: 0.5 }), RangeError, 'scaling.high_freq_factor must be a finite number >= scaling.low_freq_factor = 1, got 0.5'],
  [rf({ ...LLAMA3, original_max_position_embeddings: 0 }), RangeError, 'scaling.original_max_position_embeddings must be a finite number > 0, got 0'],
  // rope: the matrix, positions, start, out
  [() => pe.rope(), TypeError, 'matrix must be an object { rows, cols, data }, got undefined'],
  [() => pe.rope(matrix(2, 5)), RangeError, 'matrix.cols must be an even integer between 2 and 65536, got 5'],
  [() => pe.rope(matrix(2, 4, new Float32Array(7))), RangeError, 'matrix.data.length must equal matrix.rows × matrix.cols = 8, got 7'],
  [() => pe.rope(matrix(2, 4, 'abcdefgh')), TypeError, 'matrix.data must be an array or typed array of numbers, got "abcdefgh"'],
  [() => pe.rope(matrix(2, 4), { rotaryDims: 6 }), RangeError, 'rotaryDims must be an even integer between 2 and matrix.cols = 4, got 6'],
  [() => pe.rope(matrix(2, 4), { rotaryDims: 3 }), RangeError, 'rotaryDims must be an even integer between 2 and matrix.cols = 4, got 3'],
  [() => pe.rope(matrix(2, 4), { start: NaN }), RangeError, 'start must be a finite number, got NaN'],
  [() => pe.rope(matrix(2, 4), { positions: [1, Infinity] }), RangeError, 'positions[1] must be a finite number, got Infinity'],
  [() => pe.rope(matrix(2, 4), { positions: [1, '2'] }), TypeError, 'positions[1] must be a number, got "2"'],
  [() => pe.rope(matrix(2, 4), { positions: [1] }), RangeError, 'positions.length must equal matrix.rows = 2, got 1'],
  [() => pe.rope(matrix(2, 4), { positions: 3 }), TypeError, 'positions must be an array or typed array of numbers, got 3'],
  [() => pe.rope(matrix(2, 4), { positions: [1, 2], start: 1 }), TypeError, 'rope takes start or positions, not both'],
  [() => pe.rope(matrix(2, 4), { scaling: { type: 'linear', factor: 0 } }), RangeError, 'scaling.factor must be a finite number > 0, got 0'],
  [() => pe.rope(matrix(2, 4), { out: new Float32Array(7) }), RangeError, 'out.length must equal matrix.rows × matrix.cols = 8, got 7'],
  [() => pe.rope(matrix(2, 4), { out: [0, 0] }), TypeError, 'out must be a Float32Array or Float64Array, got an array'],
  [() => pe.rope(matrix(2, 4), { out: new Float32Array(8), dtype: 'float64' }), TypeError, 'out is a Float32Array but dtype is "float64"'],
  [() => pe.rope(matrix(2, 4), { layout: 'halves' }), RangeError, "layout must be 'interleaved' or 'concatenated', got \"halves\""],
  [() => pe.rope(matrix(1 << 20, 64, [])), RangeError, 'matrix.rows × matrix.cols must be at most 16777216 values (the size cap), got 1048576 × 64 = 67108864'],
];

test(`${cases.length} bad rope calls throw the right error and leave the module working`, () => {
  // The next valid call returns correct values.
  assertErrors(cases, () => assert.equal(pe.rope(matrix(1, 2, [1, 0]), { start: 1, dtype: 'float64' }).data[1], Math.sin(1)));
});

test('unknown rope_scaling keys and JSON nulls are ignored, as transformers does', () => {
  const plain = pe.ropeFrequencies(128, { base: 500000, scaling: LLAMA3 });
  const extra = pe.ropeFrequencies(128, { base: 500000, scaling: { ...LLAMA3, finetuned: true, beta_fast: null } });
  assert.deepEqual(extra, plain);
  assert.deepEqual(pe.ropeFrequencies(8, { scaling: null }), pe.ropeFrequencies(8, { scaling: { rope_type: 'default' } }));
  // rope_type wins over the older type, as rope_scaling.get("rope_type", rope_scaling.get("type"))
  assert.deepEqual(pe.ropeFrequencies(8, { scaling: { rope_type: 'linear', type: 'dynamic', factor: 2 } }),
    pe.ropeFrequencies(8, { scaling: { type: 'linear', factor: 2 } }));
});
