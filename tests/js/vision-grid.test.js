// Images and video: encoding2d, encoding3d and dotMatrix2d against the frameworks' own numbers
// (tests/golden/vision.json from scripts/golden/vision.py: MAE, AudioMAE, DiT re-implemented,
// diffusers run), the identities of the layout (column half first, MAE's `emb_h`), the Gram
// matrix's structure, `out`, every bad argument, and a first call in a fresh process.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { init } from 'posenc';
import { assertErrors } from './helpers.js';

const pe = await init();
const golden = JSON.parse(readFileSync(new URL('../golden/vision.json', import.meta.url), 'utf8'));

// Largest |actual − expected| over the case, relative to the case's scale (its largest |value|).
function relativeError(actual, expected) {
  assert.equal(actual.length, expected.length, 'as many values');
  let scale = 0, worst = 0;
  for (const v of expected) scale = Math.max(scale, Math.abs(v));
  for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(actual[i] - expected[i]));
  return worst / (scale || 1);
}

const within = (actual, expected, bound, what) => {
  const error = relativeError(actual, expected);
  assert.ok(error <= bound, `${what}: ${error} relative > ${bound}`);
  return error;
};

test('encoding2d equals MAE, AudioMAE and diffusers (SD3 crop included): float64 to 1e-12, float32 to 1e-6', () => {
  assert.ok(golden.encoding2d.length >= 5);
  for (const c of golden.encoding2d) {
    const f64 = pe.encoding2d(c.height, c.width, c.dModel, { ...c.opts, dtype: 'float64' });
    const rows = (c.opts.clsToken ? 1 : 0) + c.height * c.width;
    assert.deepEqual([f64.rows, f64.cols], [rows, c.dModel], c.name);
    assert.ok(f64.data instanceof Float64Array);
    const e64 = within(f64.data, c.expected, 1e-12, c.name);
    const f32 = pe.encoding2d(c.height, c.width, c.dModel, c.opts).data;
    assert.ok(f32 instanceof Float32Array);
    const e32 = within(f32, c.expected, 1e-6, `${c.name} (float32)`);
    console.log(`# ${c.name}: float64 ${e64.toExponential(1)}, float32 ${e32.toExponential(1)}`);
  }
});

test("encoding3d equals diffusers' get_3d_sincos_pos_embed as CogVideoX calls it", () => {
  assert.ok(golden.encoding3d.length >= 1);
  for (const c of golden.encoding3d) {
    const f64 = pe.encoding3d(c.frames, c.height, c.width, c.dModel, { ...c.opts, dtype: 'float64' });
    assert.deepEqual([f64.rows, f64.cols], [c.frames * c.height * c.width, c.dModel], c.name);
    const e64 = within(f64.data, c.expected, 1e-12, c.name);
    const e32 = within(pe.encoding3d(c.frames, c.height, c.width, c.dModel, c.opts).data, c.expected, 1e-6, `${c.name} (float32)`);
    console.log(`# ${c.name}: float64 ${e64.toExponential(1)}, float32 ${e32.toExponential(1)}`);
  }
});

test('dotMatrix2d equals the framework table @ its transpose, to 1e-12 of its scale', () => {
  assert.ok(golden.dotMatrix2d.length >= 1);
  for (const c of golden.dotMatrix2d) {
    const g = pe.dotMatrix2d(c.height, c.width, c.dModel, c.opts);
    const n = c.height * c.width;
    assert.deepEqual([g.rows, g.cols], [n, n], c.name);
    assert.ok(g.data instanceof Float64Array);
    const error = within(g.data, c.expected, 1e-12, c.name);
    console.log(`# ${c.name}: ${error.toExponential(1)}`);
  }
});

// The table's halves, read back: [column block | row block], each [sin … | cos …].
test('encoding2d: the first dModel/2 columns depend on the column j only, the rest on the row i', () => {
  for (const opts of [{}, { convention: 'diffusers', baseSize: 7, interpolationScale: 1.875 }]) {
    const H = 5, W = 7, D = 24, half = D / 2;
    const { data } = pe.encoding2d(H, W, D, { ...opts, dtype: 'float64' });
    for (let i = 0; i < H; i++)
      for (let j = 0; j < W; j++) {
        const row = data.subarray((i * W + j) * D, (i * W + j + 1) * D);
        assert.deepEqual(row.subarray(0, half), data.subarray(j * D, j * D + half), `column half of (${i}, ${j}) = that of (0, ${j})`);
        assert.deepEqual(row.subarray(half), data.subarray(i * W * D + half, i * W * D + D), `row half of (${i}, ${j}) = that of (${i}, 0)`);
      }
    // mae: the column half of token (0, j) is [sin(j·ω_k), cos(j·ω_k)], ω_k = 10000^(−k/(D/4)).
    if (!opts.convention)
      for (let k = 0; k < D / 4; k++) {
        const w = 1 / 10000 ** (k / (D / 4));
        assert.ok(Math.abs(data[3 * D + k] - Math.sin(3 * w)) < 1e-15 && Math.abs(data[3 * D + D / 4 + k] - Math.cos(3 * w)) < 1e-15);
        assert.ok(Math.abs(data[3 * W * D + half + k] - Math.sin(3 * w)) < 1e-15, 'row 3 in the second half');
      }
  }
});

test('encoding2d: clsToken puts one zero row first; float32 is float64 rounded once', () => {
  const plain = pe.encoding2d(3, 4, 8, { dtype: 'float64' }).data;
  const cls = pe.encoding2d(3, 4, 8, { clsToken: true, dtype: 'float64' });
  assert.equal(cls.rows, 13);
  assert.deepEqual(Array.from(cls.data.subarray(0, 8)), new Array(8).fill(0));
  assert.deepEqual(cls.data.subarray(8), plain);
  assert.deepEqual(pe.encoding2d(0, 5, 8, { clsToken: true }).data, new Float32Array(8), 'an empty grid: the cls row alone');
  assert.equal(pe.encoding2d(0, 16777216, 65536).rows, 0);
  assert.deepEqual(pe.encoding2d(3, 4, 8).data, Float32Array.from(plain));
});

test('encoding3d: [time dModel/4 | column 3·dModel/8 | row 3·dModel/8], frame outer', () => {
  const T = 3, H = 2, W = 4, D = 32, Q = D / 4;
  const { data } = pe.encoding3d(T, H, W, D, { dtype: 'float64', spatialInterpolationScale: 1.875 });
  for (let t = 0; t < T; t++)
    for (let i = 0; i < H; i++)
      for (let j = 0; j < W; j++) {
        const at = ((t * H + i) * W + j) * D;
        assert.deepEqual(data.subarray(at, at + Q), data.subarray(t * H * W * D, t * H * W * D + Q), 'the temporal block depends on the frame only');
        assert.deepEqual(data.subarray(at + Q, at + D), data.subarray(((0 * H + i) * W + j) * D + Q, ((0 * H + i) * W + j) * D + D), 'the spatial part not on the frame');
        assert.ok(Math.abs(data[at] - Math.sin(t)) < 1e-15, 'time: sin(t·ω_0)');
        assert.ok(Math.abs(data[at + Q] - Math.sin(Math.fround(j / 1.875))) < 1e-15, 'column: j / 1.875 in float32');
        assert.ok(Math.abs(data[at + Q + 3 * D / 8] - Math.sin(Math.fround(i / 1.875))) < 1e-15, 'row');
      }
});

test('encoding3d with start: frames start … start + frames − 1, the rows of the whole table', () => {
  // CogVideoX's spatial scale and a temporal scale whose quotients round in float32.
  const opts = { spatialInterpolationScale: 1.875, temporalInterpolationScale: 1.3, dtype: 'float64' };
  const whole = pe.encoding3d(7, 3, 5, 32, opts).data, frame = 3 * 5 * 32;
  for (const [start, frames] of [[0, 7], [2, 3], [6, 1], [4, 0]])
    assert.deepEqual(pe.encoding3d(frames, 3, 5, 32, { ...opts, start }).data, whole.subarray(start * frame, (start + frames) * frame), `start ${start}`);
  // CogVideoX-2B's table, over the size cap at once, in chunks of frames (its last frame here).
  const last = pe.encoding3d(1, 30, 45, 1920, { spatialInterpolationScale: 1.875, start: 12 }).data;
  assert.ok(Math.abs(last[0] - Math.fround(Math.sin(12))) <= 2 ** -24, 'frame 12: sin(12·ω_0)');
});

test('dotMatrix2d = encoding2d · encoding2dᵀ; depends only on (Δy, Δx) where evenly spaced', () => {
  // 16 × 6 and 17 × 5: evenly spaced rows, height ≥ 16: the JS block fill (api.js blockToeplitz).
  const cases = [[{}, 4, 6], [{ convention: 'diffusers', baseSize: 5, interpolationScale: 1.875 }, 4, 6],
    [{ convention: 'diffusers', baseSize: 4, posEmbedMaxSize: 9 }, 4, 6], [{}, 16, 6], [{}, 17, 5], [{ convention: 'diffusers', baseSize: 8 }, 16, 3]];
  for (const [opts, H, W] of cases) {
    const D = 40, n = H * W;
    const table = pe.encoding2d(H, W, D, { ...opts, dtype: 'float64' }).data;
    const g = pe.dotMatrix2d(H, W, D, opts).data;
    for (let r = 0; r < n; r++)
      for (let s = 0; s < n; s++) {
        let sum = 0;
        for (let c = 0; c < D; c++) sum += table[r * D + c] * table[s * D + c];
        assert.ok(Math.abs(g[r * n + s] - sum) < 1e-12 * D, `${JSON.stringify(opts)} ${H} × ${W} (${r}, ${s})`);
      }
    if (opts.convention) continue;
    for (let i = 0; i + 1 < H; i++)
      for (let j = 0; j + 1 < W; j++)
        for (let i2 = 0; i2 + 1 < H; i2++)
          for (let j2 = 0; j2 + 1 < W; j2++)
            assert.equal(g[(i * W + j) * n + i2 * W + j2], g[((i + 1) * W + j + 1) * n + (i2 + 1) * W + j2 + 1], 'shifting both patches by (1, 1)');
  }
  const g = pe.dotMatrix2d(64, 64, 1024).data;
  assert.equal(g.length, 4096 * 4096, 'the size cap holds 64 × 64 patches');
  assert.equal(g[4095 * 4096 + 4095], 512);
});

test('out: each function writes into it and returns it', () => {
  const e = new Float32Array(13 * 8), e64 = new Float64Array(13 * 8);
  assert.equal(pe.encoding2d(3, 4, 8, { clsToken: true, out: e }).data, e);
  assert.deepEqual(e, pe.encoding2d(3, 4, 8, { clsToken: true }).data);
  assert.equal(pe.encoding2d(3, 4, 8, { clsToken: true, out: e64 }).data, e64);
  assert.deepEqual(e64, pe.encoding2d(3, 4, 8, { clsToken: true, dtype: 'float64' }).data);
  const v = new Float64Array(2 * 3 * 4 * 16);
  assert.equal(pe.encoding3d(2, 3, 4, 16, { out: v }).data, v);
  assert.deepEqual(v, pe.encoding3d(2, 3, 4, 16, { dtype: 'float64' }).data);
  // The JS fill from the binding's blocks (16 rows of patches, evenly spaced), and the binding's rows.
  for (const [h, w, opts] of [[16, 6, {}], [3, 4, {}], [16, 6, { convention: 'diffusers', interpolationScale: 1.875 }]]) {
    const g = new Float64Array((h * w) ** 2).fill(NaN);
    assert.equal(pe.dotMatrix2d(h, w, 16, { ...opts, out: g }).data, g);
    assert.deepEqual(g, pe.dotMatrix2d(h, w, 16, opts).data);
    assert.ok(g.every(Number.isFinite));
  }
});

const OPTIONS_2D = 'convention, base, baseSize, interpolationScale, posEmbedMaxSize';
const SIDE = 'must be an integer between 0 and 16777216, got';
const RANGE = "must be between 1.1754943508222875e-38 and 3.4028234663852886e+38 (float32's normal range: the float32 positions are divided by it), got";
const detached = (Type, length) => {
  const array = new Type(length);
  structuredClone(array.buffer, { transfer: [array.buffer] });
  return array;
};
const diffusers = (more) => ({ convention: 'diffusers', ...more });

// [call, error class, exact message]
const cases = [
  // encoding2d: sizes
  [() => pe.encoding2d(), TypeError, 'height must be a number, got undefined'],
  [() => pe.encoding2d('4', 4, 8), TypeError, 'height must be a number, got "4"'],
  [() => pe.encoding2d(4, null, 8), TypeError, 'width must be a number, got null'],
  [() => pe.encoding2d(4, 4, 8n), TypeError, 'dModel must be a number, got 8n'],
  [() => pe.encoding2d(-1, 4, 8), RangeError, `height ${SIDE} -1`],
  [() => pe.encoding2d(2.5, 4, 8), RangeError, `height ${SIDE} 2.5`],
  [() => pe.encoding2d(NaN, 4, 8), RangeError, `height ${SIDE} NaN`],
  [() => pe.encoding2d(4, Infinity, 8), RangeError, `width ${SIDE} Infinity`],
  [() => pe.encoding2d(4, 2 ** 24 + 1, 8), RangeError, `width ${SIDE} 16777217`],
  [() => pe.encoding2d(4, 4, 6), RangeError, 'dModel must be a multiple of 4 between 4 and 65536, got 6'],
  [() => pe.encoding2d(4, 4, 0), RangeError, 'dModel must be a multiple of 4 between 4 and 65536, got 0'],
  [() => pe.encoding2d(4, 4, 65540), RangeError, 'dModel must be a multiple of 4 between 4 and 65536, got 65540'],
  [() => pe.encoding2d(64, 64, 8192), RangeError, 'height × width × dModel must be at most 16777216 values (the size cap), got 64 × 64 × 8192 = 33554432'],
  [() => pe.encoding2d(64, 64, 4096, { clsToken: true }), RangeError,
    'height × width × dModel + dModel (the cls row) must be at most 16777216 values (the size cap), got 64 × 64 × 4096 + 4096 = 16781312'],
  // encoding2d: options
  [() => pe.encoding2d(2, 2, 8, 5), TypeError, 'encoding2d options must be an object, got 5'],
  [() => pe.encoding2d(2, 2, 8, null), TypeError, 'encoding2d options must be an object, got null'],
  [() => pe.encoding2d(2, 2, 8, { start: 1 }), TypeError, `encoding2d has no option "start" (options: ${OPTIONS_2D}, clsToken, dtype, out)`],
  [() => pe.encoding2d(2, 2, 8, { spatialInterpolationScale: 2 }), TypeError, `encoding2d has no option "spatialInterpolationScale" (options: ${OPTIONS_2D}, clsToken, dtype, out)`],
  [() => pe.encoding2d(2, 2, 8, { convention: 'dit' }), RangeError, "convention must be 'mae' or 'diffusers', got \"dit\""],
  [() => pe.encoding2d(2, 2, 8, { convention: 'cogvideox' }), RangeError, "convention must be 'mae' or 'diffusers', got \"cogvideox\""],
  [() => pe.encoding2d(2, 2, 8, { convention: 1 }), TypeError, "convention must be 'mae' or 'diffusers', got 1"],
  [() => pe.encoding2d(2, 2, 8, { baseSize: 16 }), TypeError, "baseSize is an option of convention 'diffusers' (diffusers' get_2d_sincos_pos_embed), not of 'mae'"],
  [() => pe.encoding2d(2, 2, 8, { convention: 'mae', interpolationScale: 2 }), TypeError, "interpolationScale is an option of convention 'diffusers' (diffusers' get_2d_sincos_pos_embed), not of 'mae'"],
  [() => pe.encoding2d(2, 2, 8, { posEmbedMaxSize: 96 }), TypeError, "posEmbedMaxSize is an option of convention 'diffusers' (diffusers' get_2d_sincos_pos_embed), not of 'mae'"],
  [() => pe.encoding2d(2, 2, 8, { clsToken: 1 }), TypeError, 'clsToken must be true or false, got 1'],
  [() => pe.encoding2d(2, 2, 8, { base: 1 }), RangeError, 'base must be a finite number > 1, got 1'],
  [() => pe.encoding2d(2, 2, 8, { base: '10000' }), TypeError, 'base must be a number, got "10000"'],
  [() => pe.encoding2d(2, 2, 8, { dtype: 'float16' }), RangeError, "dtype must be 'float32' or 'float64', got \"float16\""],
  [() => pe.encoding2d(2, 2, 8, diffusers({ baseSize: 0 })), RangeError, 'baseSize must be a finite number > 0, got 0'],
  [() => pe.encoding2d(2, 2, 8, diffusers({ baseSize: -Infinity })), RangeError, 'baseSize must be a finite number > 0, got -Infinity'],
  [() => pe.encoding2d(2, 2, 8, diffusers({ baseSize: '16' })), TypeError, 'baseSize must be a number, got "16"'],
  [() => pe.encoding2d(2, 2, 8, diffusers({ interpolationScale: 0 })), RangeError, `interpolationScale ${RANGE} 0`],
  [() => pe.encoding2d(2, 2, 8, diffusers({ interpolationScale: NaN })), RangeError, `interpolationScale ${RANGE} NaN`],
  [() => pe.encoding2d(2, 2, 8, diffusers({ interpolationScale: 1e39 })), RangeError, `interpolationScale ${RANGE} 1e+39`],
  [() => pe.encoding2d(2, 2, 8, diffusers({ interpolationScale: null })), TypeError, 'interpolationScale must be a number, got null'],
  [() => pe.encoding2d(2, 3, 8, diffusers({ baseSize: 1e300 })), RangeError, `height / baseSize ${RANGE} 2 / 1e+300 = 2e-300`],
  [() => pe.encoding2d(2, 2, 8, diffusers({ baseSize: 1e38, interpolationScale: 0.01 })), RangeError,
    'baseSize / interpolationScale must keep the largest row position, (height − 1) / (height / baseSize) / interpolationScale, finite in float32, got Infinity'],
  [() => pe.encoding2d(2, 2, 8, diffusers({ posEmbedMaxSize: 0 })), RangeError, 'posEmbedMaxSize must be an integer between 1 and 16777216, got 0'],
  [() => pe.encoding2d(2, 2, 8, diffusers({ posEmbedMaxSize: 95.5 })), RangeError, 'posEmbedMaxSize must be an integer between 1 and 16777216, got 95.5'],
  [() => pe.encoding2d(2, 2, 8, diffusers({ posEmbedMaxSize: '96' })), TypeError, 'posEmbedMaxSize must be a number, got "96"'],
  [() => pe.encoding2d(97, 2, 8, diffusers({ posEmbedMaxSize: 96 })), RangeError, 'height must be at most posEmbedMaxSize = 96, got 97'],
  [() => pe.encoding2d(2, 100, 8, diffusers({ posEmbedMaxSize: 96 })), RangeError, 'width must be at most posEmbedMaxSize = 96, got 100'],
  [() => pe.encoding2d(2, 2, 8, diffusers({ posEmbedMaxSize: 96, baseSize: 1e-300 })), RangeError, `posEmbedMaxSize / baseSize ${RANGE} 96 / 1e-300 = 9.6e+301`],
  // encoding2d: out
  [() => pe.encoding2d(2, 2, 8, { out: new Float32Array(31) }), RangeError, 'out.length must equal height × width × dModel = 32, got 31'],
  [() => pe.encoding2d(2, 2, 8, { clsToken: true, out: new Float64Array(32) }), RangeError, 'out.length must equal (1 + height × width) × dModel = 40, got 32'],
  [() => pe.encoding2d(2, 2, 8, { out: [] }), TypeError, 'out must be a Float32Array or Float64Array, got an array'],
  [() => pe.encoding2d(2, 2, 8, { out: new Float64Array(32), dtype: 'float32' }), TypeError, 'out is a Float64Array but dtype is "float32"'],
  [() => pe.encoding2d(2, 2, 8, { out: detached(Float32Array, 32) }), TypeError, 'out is a Float32Array whose buffer was detached (transferred)'],
  // encoding3d
  [() => pe.encoding3d(undefined, 2, 2, 16), TypeError, 'frames must be a number, got undefined'],
  [() => pe.encoding3d(2, 2, '2', 16), TypeError, 'width must be a number, got "2"'],
  [() => pe.encoding3d(-1, 2, 2, 16), RangeError, `frames ${SIDE} -1`],
  [() => pe.encoding3d(2, 0.5, 2, 16), RangeError, `height ${SIDE} 0.5`],
  [() => pe.encoding3d(2, 2, 2, 8), RangeError, 'dModel must be a multiple of 16 between 16 and 65536, got 8'],
  [() => pe.encoding3d(2, 2, 2, 24), RangeError, 'dModel must be a multiple of 16 between 16 and 65536, got 24'],
  [() => pe.encoding3d(13, 60, 90, 1920), RangeError,
    'frames × height × width × dModel must be at most 16777216 values (the size cap), got 13 × 60 × 90 × 1920 = 134784000'],
  [() => pe.encoding3d(2, 2, 2, 16, { start: -1 }), RangeError, `start ${SIDE} -1`],
  [() => pe.encoding3d(2, 2, 2, 16, { start: 1.5 }), RangeError, `start ${SIDE} 1.5`],
  [() => pe.encoding3d(2, 2, 2, 16, { start: '1' }), TypeError, 'start must be a number, got "1"'],
  [() => pe.encoding3d(2, 2, 2, 16, { start: 16777215 }), RangeError, 'start + frames must be at most 16777216, got 16777217'],
  [() => pe.encoding3d(2, 2, 2, 16, { convention: 'mae' }), RangeError, "convention must be 'cogvideox', got \"mae\""],
  [() => pe.encoding3d(2, 2, 2, 16, { baseSize: 16 }), TypeError,
    'encoding3d has no option "baseSize" (options: convention, base, spatialInterpolationScale, temporalInterpolationScale, start, dtype, out)'],
  [() => pe.encoding3d(2, 2, 2, 16, { spatialInterpolationScale: 0 }), RangeError, `spatialInterpolationScale ${RANGE} 0`],
  [() => pe.encoding3d(2, 2, 2, 16, { spatialInterpolationScale: '1.875' }), TypeError, 'spatialInterpolationScale must be a number, got "1.875"'],
  [() => pe.encoding3d(2, 2, 2, 16, { temporalInterpolationScale: -1 }), RangeError, `temporalInterpolationScale ${RANGE} -1`],
  [() => pe.encoding3d(8, 2, 2, 16, { temporalInterpolationScale: 2e-38 }), RangeError,
    'temporalInterpolationScale must keep the largest frame position, (start + frames − 1) / temporalInterpolationScale, finite in float32, got Infinity'],
  [() => pe.encoding3d(2, 2, 2, 16, { base: NaN }), RangeError, 'base must be a finite number > 1, got NaN'],
  [() => pe.encoding3d(2, 2, 2, 16, { out: new Float32Array(127) }), RangeError, 'out.length must equal frames × height × width × dModel = 128, got 127'],
  // dotMatrix2d
  [() => pe.dotMatrix2d(64, 65, 8), RangeError, 'height × width must be at most 4096 (the size cap: (height × width)² values), got 64 × 65 = 4160'],
  [() => pe.dotMatrix2d(3, 3, 10), RangeError, 'dModel must be a multiple of 4 between 4 and 65536, got 10'],
  [() => pe.dotMatrix2d(3, -3, 8), RangeError, `width ${SIDE} -3`],
  [() => pe.dotMatrix2d(3, 3, 8, { dtype: 'float64' }), TypeError, `dotMatrix2d has no option "dtype" (options: ${OPTIONS_2D}, out)`],
  [() => pe.dotMatrix2d(3, 3, 8, { clsToken: true }), TypeError, `dotMatrix2d has no option "clsToken" (options: ${OPTIONS_2D}, out)`],
  [() => pe.dotMatrix2d(3, 3, 8, { interpolationScale: 2 }), TypeError, "interpolationScale is an option of convention 'diffusers' (diffusers' get_2d_sincos_pos_embed), not of 'mae'"],
  [() => pe.dotMatrix2d(3, 3, 8, { out: new Float32Array(81) }), TypeError, "out must be a Float64Array (dotMatrix2d's values are float64), got a Float32Array"],
  [() => pe.dotMatrix2d(3, 3, 8, { out: new Float64Array(80) }), RangeError, 'out.length must equal (height × width)² = 81, got 80'],
  [() => pe.dotMatrix2d(3, 3, 8, diffusers({ interpolationScale: 1.875, out: new Float64Array(82) })), RangeError, 'out.length must equal (height × width)² = 81, got 82'],
  [() => pe.dotMatrix2d(3, 3, 8, { out: detached(Float64Array, 81) }), TypeError, 'out is a Float64Array whose buffer was detached (transferred)'],
  [() => pe.dotMatrix2d(1, 4096, 1024, diffusers({ interpolationScale: 1.875 })), RangeError,
    'width² × dModel must be at most 4294967296 where the column positions are not evenly spaced (their kernel is a width × width table), got 4096² × 1024 = 17179869184'],
];

test(`${cases.length} bad calls throw a TypeError or RangeError naming the argument, and the module keeps working`, () => {
  assertErrors(cases, () => assert.equal(pe.encoding2d(1, 2, 4, { dtype: 'float64' }).data[4], Math.sin(1)));
});

// A first call in a fresh process, with and without init's warm-up: the same bytes as here.
const FIRST_CALLS = `
const { init } = await import('posenc');
const { createHash } = await import('node:crypto');
const pe = await init(JSON.parse(process.argv[1]));
const bits = (a) => createHash('sha256').update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength)).digest('hex');
console.log(JSON.stringify([pe.encoding2d(64, 64, 256).data, pe.dotMatrix2d(32, 32, 128).data, pe.encoding3d(4, 8, 8, 64).data,
  pe.dotMatrix2d(8, 6, 64, { convention: 'diffusers', interpolationScale: 1.875 }).data].map(bits)));
`;

test('a first call in a fresh process gives the same bytes, with and without the warm-up', async () => {
  const { createHash } = await import('node:crypto');
  const bits = (a) => createHash('sha256').update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength)).digest('hex');
  const here = [pe.encoding2d(64, 64, 256).data, pe.dotMatrix2d(32, 32, 128).data, pe.encoding3d(4, 8, 8, 64).data,
    pe.dotMatrix2d(8, 6, 64, { convention: 'diffusers', interpolationScale: 1.875 }).data].map(bits);
  for (const options of [{}, { warmUp: false }]) {
    const fresh = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', FIRST_CALLS, JSON.stringify(options)], { encoding: 'utf8' }));
    assert.deepEqual(fresh, here, JSON.stringify(options));
  }
});
