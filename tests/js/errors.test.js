// Every bad argument gets a TypeError or RangeError naming the parameter and the rule, never an
// abort, a bare number or a wasm trap; the module keeps working after each one.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { assertErrors } from './helpers.js';

const pe = await init();
const DMODEL = 'dModel must be an even integer between 2 and 65536, got';
const SCHEME = 'base, spacing, layout, order, angleScale, amplitude, convention';
const matrix = (rows, cols, data = new Float64Array(rows * cols)) => ({ rows, cols, data });
const detached = (Type) => {
  const array = new Type(4);
  structuredClone(array.buffer, { transfer: [array.buffer] });
  return array;
};

// [call, error class, exact message]
const cases = [
  // dModel, for every function that takes it
  ...['frequencies', 'periods'].flatMap((fn) => [
    [() => pe[fn](), TypeError, 'dModel must be a number, got undefined'],
    [() => pe[fn](null), TypeError, 'dModel must be a number, got null'],
    [() => pe[fn]('512'), TypeError, 'dModel must be a number, got "512"'],
    [() => pe[fn](512n), TypeError, 'dModel must be a number, got 512n'],
    [() => pe[fn](7), RangeError, `${DMODEL} 7`],
    [() => pe[fn](0), RangeError, `${DMODEL} 0`],
    [() => pe[fn](-4), RangeError, `${DMODEL} -4`],
    [() => pe[fn](4.5), RangeError, `${DMODEL} 4.5`],
    [() => pe[fn](NaN), RangeError, `${DMODEL} NaN`],
    [() => pe[fn](Infinity), RangeError, `${DMODEL} Infinity`],
    [() => pe[fn](65538), RangeError, `${DMODEL} 65538`],
  ]),
  [() => pe.encoding(4, 3), RangeError, `${DMODEL} 3`],
  [() => pe.encode(1, -Infinity), RangeError, `${DMODEL} -Infinity`],
  [() => pe.rotation(1, 1), RangeError, `${DMODEL} 1`],
  [() => pe.dotKernel(1, 2.5), RangeError, `${DMODEL} 2.5`],
  [() => pe.dotMatrix(1, '8'), TypeError, 'dModel must be a number, got "8"'],
  // base, and options in general
  [() => pe.frequencies(4, { base: 1 }), RangeError, 'base must be a finite number > 1, got 1'],
  [() => pe.encoding(2, 4, { base: 0.5 }), RangeError, 'base must be a finite number > 1, got 0.5'],
  [() => pe.encode(2, 4, { base: -10 }), RangeError, 'base must be a finite number > 1, got -10'],
  [() => pe.rotation(2, 4, { base: NaN }), RangeError, 'base must be a finite number > 1, got NaN'],
  [() => pe.shift([1, 0], 2, { base: Infinity }), RangeError, 'base must be a finite number > 1, got Infinity'],
  [() => pe.dotKernel(2, 4, { base: '10' }), TypeError, 'base must be a number, got "10"'],
  [() => pe.dotMatrix(2, 4, { base: null }), TypeError, 'base must be a number, got null'],
  [() => pe.periods(4, { bsae: 5 }), TypeError, `periods has no option "bsae" (options: ${SCHEME})`],
  [() => pe.encoding(2, 4, { scale: 2 }), TypeError, `encoding has no option "scale" (options: ${SCHEME}, start, dtype, out)`],
  [() => pe.frequencies(4, 10000), TypeError, 'frequencies options must be an object, got 10000'],
  [() => pe.encode(0, 4, null), TypeError, 'encode options must be an object, got null'],
  [() => pe.rotation(0, 4, [1]), TypeError, 'rotation options must be an object, got an array'],
  [() => pe.encoding(2, 4, { dtype: 'float16' }), RangeError, "dtype must be 'float32' or 'float64', got \"float16\""],
  [() => pe.encoding(2, 4, { dtype: Float64Array }), TypeError, "dtype must be 'float32' or 'float64', got a function"],
  [() => pe.dotMatrix(2, 4, { method: 'fast' }), RangeError, "method must be 'toeplitz' or 'direct', got \"fast\""],
  [() => pe.encode(2, 4, { layout: 'concat' }), RangeError, "layout must be 'interleaved' or 'concatenated', got \"concat\""],
  [() => pe.frequencies(4, { spacing: 't2t' }), RangeError, "spacing must be 'paper' or 'tensor2tensor', got \"t2t\""],
  [() => pe.shift([1, 0], 1, { layout: 1 }), TypeError, "layout must be 'interleaved' or 'concatenated', got 1"],
  [() => pe.dotKernel(2, 4, { dtype: 'float64' }), TypeError, `dotKernel has no option "dtype" (options: ${SCHEME}, start)`],
  [() => pe.dotKernel(7, 4, { start: 8 }), RangeError, 'start must be an integer from 0 to maxOffset (7), got 8'],
  [() => pe.dotKernel(7, 4, { start: -0.5 }), RangeError, 'start must be an integer from 0 to maxOffset (7), got -0.5'],
  [() => pe.dotKernel(7, 4, { start: '1' }), TypeError, 'start must be a number, got "1"'],
  [() => pe.dotMatrix(2, 4, { start: 1 }), TypeError, `dotMatrix has no option "start" (options: ${SCHEME}, dtype, method, out)`],
  // counts, positions, offsets
  [() => pe.encoding(-1, 4), RangeError, 'length must be an integer >= 0, got -1'],
  [() => pe.encoding(2.5, 4), RangeError, 'length must be an integer >= 0, got 2.5'],
  [() => pe.encoding(NaN, 4), RangeError, 'length must be an integer >= 0, got NaN'],
  [() => pe.encoding(undefined, 4), TypeError, 'length must be a number, got undefined'],
  [() => pe.encoding(2, 4, { start: Infinity }), RangeError, 'start must be a finite number, got Infinity'],
  [() => pe.encoding(2, 4, { start: '3' }), TypeError, 'start must be a number, got "3"'],
  [() => pe.encode(NaN, 4), RangeError, 'pos must be a finite number, got NaN'],
  [() => pe.encode('1', 4), TypeError, 'pos must be a number, got "1"'],
  [() => pe.rotation(undefined, 4), TypeError, 'k must be a number, got undefined'],
  [() => pe.rotation(-Infinity, 4), RangeError, 'k must be a finite number, got -Infinity'],
  [() => pe.shift([1, 0], NaN), RangeError, 'k must be a finite number, got NaN'],
  [() => pe.dotKernel(-1, 4), RangeError, 'maxOffset must be an integer >= 0, got -1'],
  [() => pe.dotKernel(1.5, 4), RangeError, 'maxOffset must be an integer >= 0, got 1.5'],
  [() => pe.dotMatrix(-2, 4), RangeError, 'length must be an integer >= 0, got -2'],
  // vectors
  [() => pe.shift([1, 2, 3], 1), RangeError, 'vector.length must be an even integer between 2 and 65536, got 3'],
  [() => pe.shift([], 1), RangeError, 'vector.length must be an even integer between 2 and 65536, got 0'],
  [() => pe.shift([1, '2'], 1), TypeError, 'vector[1] must be a number, got "2"'],
  [() => pe.shift([1, null], 1), TypeError, 'vector[1] must be a number, got null'],
  [() => pe.shift('ab', 1), TypeError, 'vector must be an array or typed array of numbers, got "ab"'],
  [() => pe.shift(new BigInt64Array(2), 1), TypeError, 'vector must be an array or typed array of numbers, got a BigInt64Array'],
  [() => pe.shift(undefined, 1), TypeError, 'vector must be an array or typed array of numbers, got undefined'],
  // matrices
  [() => pe.addTo(null), TypeError, 'matrix must be an object { rows, cols, data }, got null'],
  [() => pe.addTo(), TypeError, 'matrix must be an object { rows, cols, data }, got undefined'],
  [() => pe.addTo({ rows: '2', cols: 4, data: [] }), TypeError, 'matrix.rows must be a number, got "2"'],
  [() => pe.addTo({ rows: 2, cols: 4 }), TypeError, 'matrix.data must be an array or typed array of numbers, got undefined'],
  [() => pe.addTo(matrix(2, 4, new Float32Array(7))), RangeError, 'matrix.data.length must equal matrix.rows × matrix.cols = 8, got 7'],
  [() => pe.addTo(matrix(2, 3)), RangeError, 'matrix.cols must be an even integer between 2 and 65536, got 3'],
  [() => pe.addTo(matrix(-1, 4, [])), RangeError, 'matrix.rows must be an integer >= 0, got -1'],
  [() => pe.addTo(matrix(1, 2, [1, 'x'])), TypeError, 'matrix.data[1] must be a number, got "x"'],
  [() => pe.addTo(matrix(1, 2), { scale: NaN }), RangeError, 'scale must be a finite number, got NaN'],
  [() => pe.addTo(matrix(1, 2), { start: -Infinity }), RangeError, 'start must be a finite number, got -Infinity'],
  // out
  [() => pe.encoding(2, 4, { out: [0, 0, 0, 0, 0, 0, 0, 0] }), TypeError, 'out must be a Float32Array or Float64Array, got an array'],
  [() => pe.encoding(2, 4, { out: new Float64Array(8), dtype: 'float32' }), TypeError, 'out is a Float64Array but dtype is "float32"'],
  // typed arrays whose buffer went to a worker (postMessage, structuredClone): refused, not read as empty
  [() => pe.encoding(0, 4, { out: detached(Float32Array) }), TypeError, 'out is a Float32Array whose buffer was detached (transferred)'],
  [() => pe.encoding(detached(Float64Array), 4), TypeError, 'positions is a Float64Array whose buffer was detached (transferred)'],
  [() => pe.shift(detached(Float64Array), 1), TypeError, 'vector is a Float64Array whose buffer was detached (transferred)'],
  [() => pe.rope(matrix(0, 4, detached(Float32Array))), TypeError, 'matrix.data is a Float32Array whose buffer was detached (transferred)'],
  [() => pe.relativePositionBuckets(detached(Int32Array)), TypeError, 'relativePositions is an Int32Array whose buffer was detached (transferred)'],
  [() => pe.encoding(2, 4, { out: new Float32Array(9) }), RangeError, 'out.length must equal length × dModel = 8, got 9'],
  [() => pe.dotMatrix(3, 4, { out: new Float32Array(8) }), RangeError, 'out.length must equal length × length = 9, got 8'],
  [() => pe.dotMatrix(-3, 4, { out: new Float32Array(8) }), RangeError, 'length must be an integer >= 0, got -3'],
  [() => pe.encode(1, 4, { out: new Float64Array(4) }), TypeError, `encode has no option "out" (options: ${SCHEME})`],
  // the size cap (2^24 values) and the direct method's work cap
  [() => pe.encoding(40000, 512), RangeError, 'length × dModel must be at most 16777216 values (the size cap), got 40000 × 512 = 20480000'],
  [() => pe.rotation(1, 8192), RangeError, 'dModel × dModel must be at most 16777216 values (the size cap), got 8192 × 8192 = 67108864'],
  [() => pe.dotMatrix(5000, 4), RangeError, 'length × length must be at most 16777216 values (the size cap), got 5000 × 5000 = 25000000'],
  [() => pe.dotKernel(16777216, 4), RangeError, 'maxOffset must be at most 16777215 (the size cap), got 16777216'],
  [() => pe.dotMatrix(3000, 1024, { method: 'direct' }), RangeError,
    "length² × dModel must be at most 4294967296 for method 'direct' (method 'toeplitz' has no such limit), got 3000² × 1024 = 9216000000"],
  [() => pe.addTo(matrix(1e9, 2, [])), RangeError, 'matrix.rows × matrix.cols must be at most 16777216 values (the size cap), got 1000000000 × 2 = 2000000000'],
];

test(`${cases.length} bad calls throw the right error and leave the module working`, () => {
  // The next valid call returns correct values.
  assertErrors(cases, () => assert.equal(pe.encode(1, 4)[0], Math.sin(1)));
});

test('init rejects bad options with a TypeError', async () => {
  await assert.rejects(init(5), { name: 'TypeError', message: 'init options must be an object, got 5' });
  await assert.rejects(init({ wasm: 1 }), { name: 'TypeError', message: 'init has no option "wasm" (options: wasmBinary, warmUp)' });
  await assert.rejects(init({ warmUp: 'no' }), { name: 'TypeError', message: 'warmUp must be true or false, got "no"' });
  await assert.rejects(init({ wasmBinary: 'x' }), { name: 'TypeError', message: 'wasmBinary must be an ArrayBuffer or Uint8Array, got "x"' });
  assert.equal(await init(), pe);
});

test('NaN inside data propagates instead of failing', () => {
  const out = pe.shift([NaN, 1, 0, 1], 1);
  assert.ok(Number.isNaN(out[0]) && Number.isNaN(out[1]));
  assert.equal(out[2], Math.sin(0.01));
});

// Every class of bad argument, for every parameter of every function, generated: non-numbers
// give a TypeError and out-of-rule numbers a RangeError, each message starting with the
// parameter's name; after each, a valid call still returns correct values.
const NON_NUMBERS = [undefined, null, '7', '', true, {}, [], [7], 7n, Symbol('7'), () => 7];
const BAD_NUMBERS = {
  dModel: [NaN, Infinity, -Infinity, -2, 0, 1, 3, 2.5, 65538, 1e9],
  count: [NaN, Infinity, -Infinity, -1, 2.5, -0.5],
  finite: [NaN, Infinity, -Infinity],
  base: [NaN, Infinity, -Infinity, 1, 0.999, 0.5, 0, -10],
  positive: [NaN, Infinity, -Infinity, 0, -1e-300, -2],
  offset: [NaN, Infinity, -Infinity, -1, 2.5, 8],  // dotKernel(7, …)'s start: 0 … 7
};
const SIGNATURES = {  // valid arguments, then [parameter, argument index, kind]
  frequencies: [[512], [['dModel', 0, 'dModel']]],
  periods: [[512], [['dModel', 0, 'dModel']]],
  encoding: [[8, 16], [['length', 0, 'count'], ['dModel', 1, 'dModel']]],
  encode: [[3, 16], [['pos', 0, 'finite'], ['dModel', 1, 'dModel']]],
  rotation: [[2, 16], [['k', 0, 'finite'], ['dModel', 1, 'dModel']]],
  shift: [[[1, 0, 0, 1], 2], [['k', 1, 'finite']]],
  dotKernel: [[7, 16], [['maxOffset', 0, 'count'], ['dModel', 1, 'dModel']]],
  dotMatrix: [[7, 16], [['length', 0, 'count'], ['dModel', 1, 'dModel']]],
  addTo: [[{ rows: 2, cols: 4, data: new Float64Array(8) }], []],
};
const OPTIONS = { base: 'base', angleScale: 'positive', amplitude: 'finite', start: 'finite', scale: 'finite' };
const SCHEME_NUMBERS = ['base', 'angleScale', 'amplitude'];
const OPTIONS_OF = { encoding: [...SCHEME_NUMBERS, 'start'], addTo: [...SCHEME_NUMBERS, 'start', 'scale'],
  dotKernel: [...SCHEME_NUMBERS, 'start'] };
const KIND_OF = { dotKernel: { start: 'offset' } };  // where an option's rule differs
// encoding's first argument may also be a list of positions (conventions.test.js tests those).
const isPositions = (fn, at, bad) => fn === 'encoding' && at === 0 && Array.isArray(bad);

function generated() {
  const out = [];
  for (const [fn, [args, params]] of Object.entries(SIGNATURES)) {
    for (const [name, at, kind] of params) {
      for (const bad of NON_NUMBERS.filter((v) => !isPositions(fn, at, v))) out.push([fn, args.with(at, bad), undefined, TypeError, name]);
      for (const bad of BAD_NUMBERS[kind]) out.push([fn, args.with(at, bad), undefined, RangeError, name]);
    }
    for (const option of OPTIONS_OF[fn] ?? SCHEME_NUMBERS) {
      for (const bad of NON_NUMBERS.filter((v) => v !== undefined)) out.push([fn, args, { [option]: bad }, TypeError, option]);
      for (const bad of BAD_NUMBERS[KIND_OF[fn]?.[option] ?? OPTIONS[option]]) out.push([fn, args, { [option]: bad }, RangeError, option]);
    }
  }
  // Vectors and matrices: wrong containers, non-numeric entries, wrong lengths.
  for (const bad of [undefined, null, 'abcd', 4, {}, new BigInt64Array(4), new DataView(new ArrayBuffer(8))])
    out.push(['shift', [bad, 1], undefined, TypeError, 'vector']);
  for (const bad of [[1, '0'], [1, null], [1, undefined], [{}, 1], [1n, 1]])
    out.push(['shift', [bad, 1], undefined, TypeError, 'vector[']);
  for (const length of [0, 1, 3, 65538]) out.push(['shift', [new Float64Array(length), 1], undefined, RangeError, 'vector.length']);
  for (const bad of [undefined, null, 5, 'm']) out.push(['addTo', [bad], undefined, TypeError, 'matrix']);
  for (const [field, bad, Kind] of [['rows', '2', TypeError], ['rows', -1, RangeError], ['rows', 1.5, RangeError],
    ['cols', null, TypeError], ['cols', 3, RangeError], ['cols', 0, RangeError], ['data', 'x', TypeError],
    ['data', [1, 'x'], TypeError], ['data', new Float32Array(7), RangeError], ['data', new Float64Array(9), RangeError]])
    out.push(['addTo', [{ rows: 2, cols: 4, data: new Float64Array(8), [field]: bad }], undefined, Kind, field === 'data' && Kind === RangeError ? 'matrix.data.length' : `matrix.${field}`]);
  return out;
}

test('generated: every class of bad argument for every parameter', () => {
  const cases = generated();
  for (const [fn, args, options, ErrorClass, name] of cases) {
    const call = () => (options ? pe[fn](...args, options) : pe[fn](...args));
    const show = (a) => { try { return JSON.stringify(a) ?? String(a); } catch { return String(a); } };
    const what = `${fn}(${args.map(show).join(', ')}${options ? `, ${Object.keys(options)}: ${show(Object.values(options)[0])}` : ''})`;
    assert.throws(call, (error) => {
      assert.equal(error.constructor, ErrorClass, `${what}: ${error}`);
      assert.ok(error.message.startsWith(name), `${what}: "${error.message}" does not start with ${name}`);
      assert.match(error.message, / must | has no option /, what);
      return true;
    }, what);
    assert.equal(pe.encode(1, 4)[0], Math.sin(1));
  }
  console.log(`# ${cases.length} generated bad calls (and the hand-written table above)`);
  assert.ok(cases.length > 300, `${cases.length} cases`);
});
