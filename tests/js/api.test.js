// The package's public API, imported by name as a user would, against the seeds' numbers
// and the identities of the math.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { printed, assertClose, maxAbsDiff, matmul, matvec, transpose, ulps } from './helpers.js';
import { DOTS_512, LONGEST_PERIOD_512, NUMPY_ROWS, PE10, WORKED_EXAMPLE, WORKED_EXAMPLE_TRUNCATED } from '../../js/story/seeds.js';

const pe = await init();

test('init loads once and returns the same API', async () => {
  assert.equal(await init(), pe);
  assert.deepEqual({ ...pe.limits }, { maxDModel: 65536, maxElements: 16777216, maxDirectWork: 4294967296 });
});

test('frequencies and periods', () => {
  const omega = pe.frequencies(4);
  assert.ok(omega instanceof Float64Array);
  assert.deepEqual(Array.from(omega), [1, 0.01]);
  const w = pe.frequencies(512), p = pe.periods(512);
  assert.equal(w.length, 256);
  assert.equal(p.length, 256);
  // Seed 004: the longest period for d = 512 is 2π·10000^(510/512) ≈ 60611.477.
  printed(p[255], LONGEST_PERIOD_512);
  assertClose(p[0], 2 * Math.PI, 1e-15);
  let worst = 0;
  for (let i = 0; i < 256; i++) worst = Math.max(worst, ulps(w[i], 10000 ** (-2 * i / 512)));
  assert.ok(worst <= 8, `log-space vs power: ${worst} ulp`);
  assertClose(pe.frequencies(8, { base: 16 })[1], 16 ** (-2 / 8), 1e-16);
});

test("the worked example's table, d = 4, positions 0-4 (seed 001)", () => {
  for (const dtype of ['float32', 'float64']) {
    const { rows, cols, data } = pe.encoding(5, 4, { dtype });
    assert.equal(rows, 5);
    assert.equal(cols, 4);
    assert.ok(data instanceof (dtype === 'float32' ? Float32Array : Float64Array));
    for (let pos = 0; pos < 5; pos++)
      for (let dim = 0; dim < 4; dim++) {
        const where = `${dtype} pos ${pos} dim ${dim}`;
        // The source truncates cos(3) = -0.98999… to -0.9899: allow that digit a whole unit.
        const truncated = pos === WORKED_EXAMPLE_TRUNCATED[0] && dim === WORKED_EXAMPLE_TRUNCATED[1];
        printed(data[pos * 4 + dim], WORKED_EXAMPLE[pos][dim], where, truncated);
      }
  }
});

test("numpy's first three encodings (seed 002)", () => {
  const { data } = pe.encoding(3, 4, { dtype: 'float64' });
  NUMPY_ROWS.flat().forEach((text, at) => printed(data[at], text));
});

test('encoding accuracy: float64 within 2 ulp of Math.sin/cos of the angle, float32 within 1e-6', () => {
  const length = 4096, d = 128, start = 95000;
  const omega = pe.frequencies(d);
  const f64 = pe.encoding(length, d, { start, dtype: 'float64' }).data;
  const f32 = pe.encoding(length, d, { start }).data;
  let worstUlps = 0, worst32 = 0;
  for (let r = 0; r < length; r++)
    for (let i = 0; i < d / 2; i++) {
      const angle = (start + r) * omega[i], at = r * d + 2 * i;
      worstUlps = Math.max(worstUlps, ulps(f64[at], Math.sin(angle)), ulps(f64[at + 1], Math.cos(angle)));
      worst32 = Math.max(worst32, Math.abs(f32[at] - Math.sin(angle)), Math.abs(f32[at + 1] - Math.cos(angle)));
    }
  assert.ok(worstUlps <= 2, `float64: ${worstUlps} ulp`);
  assert.ok(worst32 <= 1e-6, `float32: ${worst32}`);
});

test('encode, start and base', () => {
  const d = 16;
  const table = pe.encoding(10, d, { start: -3, base: 500, dtype: 'float64' }).data;
  for (let r = 0; r < 10; r++)
    assert.deepEqual(pe.encode(-3 + r, d, { base: 500 }), table.subarray(r * d, (r + 1) * d));
  const v = pe.encode(2.5, 4);
  assert.deepEqual(Array.from(v), [Math.sin(2.5), Math.cos(2.5), Math.sin(0.025), Math.cos(0.025)]);
  for (const x of pe.encoding(512, 512, { start: 1e6 }).data) assert.ok(x >= -1 && x <= 1);
  assert.deepEqual(pe.encoding(0, 8), { rows: 0, cols: 8, data: new Float32Array(0) });
});

test('rotation: PE(10) from PE(0) (seed 002), R(-k) = R(k)^T, R(a)R(b) = R(a+b)', () => {
  const r10 = pe.rotation(10, 4);
  assert.equal(r10.rows, 4);
  assert.ok(r10.data instanceof Float64Array);
  const pe10 = matvec(r10.data, pe.encode(0, 4));
  PE10.forEach((t, c) => printed(pe10[c], t));
  const d = 16;
  for (const k of [1, 7.5, -40]) assert.ok(maxAbsDiff(pe.rotation(-k, d).data, transpose(pe.rotation(k, d).data, d)) <= 1e-15);
  for (const [a, b] of [[3, 4], [10, -7.5], [0.25, 1000]])
    assert.ok(maxAbsDiff(matmul(pe.rotation(a, d).data, pe.rotation(b, d).data, d), pe.rotation(a + b, d).data) <= 1e-13);
});

test('shift = rotation · vector and moves PE(pos) to PE(pos + k)', () => {
  const d = 64;
  const v = Array.from({ length: d }, (_, c) => 3 * Math.sin(1.7 * c));
  for (const k of [0, 1, -5, 12.5, 3000]) {
    assert.ok(maxAbsDiff(pe.shift(v, k), matvec(pe.rotation(k, d).data, v)) <= 1e-14);
    assert.ok(maxAbsDiff(pe.shift(new Float32Array(v), k), pe.shift(Float32Array.from(v), k)) === 0);
    for (const pos of [0, 17, -4.5, 9999])
      assert.ok(maxAbsDiff(pe.shift(pe.encode(pos, d), k), pe.encode(pos + k, d)) <= 1e-11);
  }
  assert.ok(maxAbsDiff(pe.shift(pe.encode(3, 8, { base: 50 }), 4, { base: 50 }), pe.encode(7, 8, { base: 50 })) <= 1e-14);
});

test('dot products (seed 000): dot(1,2) = dot(80,81) ≈ 249.102, dot(1,80) = dot(2,81) ≈ 117.529', () => {
  const n = 82;
  for (const dtype of ['float32', 'float64']) {
    const { rows, cols, data } = pe.dotMatrix(n, 512, { dtype });
    assert.equal(rows, n);
    assert.equal(cols, n);
    // Both (i, j) and (j, i): the matrix is symmetric.
    for (const [i, j, text] of DOTS_512)
      for (const [r, c] of [[i, j], [j, i]]) printed(data[r * n + c], text, `${dtype} (${r},${c})`);
  }
  const kernel = pe.dotKernel(100, 512);
  assert.equal(kernel.length, 101);
  assert.equal(kernel[0], 256);
  for (const [i, j, text] of DOTS_512) printed(kernel[j - i], text, `D(${j - i})`);
});

test('dotKernel start: a window D(start … maxOffset) of the whole kernel, in slices', () => {
  const whole = pe.dotKernel(9999, 512, { base: 500 });
  for (const start of [0, 1, 64, 4096, 5000, 9999]) {
    const window = pe.dotKernel(9999, 512, { base: 500, start });
    assert.equal(window.length, 10000 - start);
    assert.ok(maxAbsDiff(window, whole.subarray(start)) <= 1e-12 * 512, `start ${start}`);
  }
  const slices = [0, 3000, 6000, 9000].map((from) => pe.dotKernel(Math.min(9999, from + 2999), 512, { base: 500, start: from }));
  assert.ok(maxAbsDiff(Float64Array.from(slices.flatMap((s) => [...s])), whole) <= 1e-12 * 512);
});

test('toeplitz equals direct and is Toeplitz', () => {
  for (const [n, d] of [[0, 4], [1, 4], [2, 4], [3, 8], [64, 512], [300, 64]]) {
    const fast = pe.dotMatrix(n, d, { dtype: 'float64' }).data;
    const direct = pe.dotMatrix(n, d, { dtype: 'float64', method: 'direct' }).data;
    assert.ok(maxAbsDiff(fast, direct) <= 1e-12 * d, `n ${n} d ${d}`);
    for (let i = 0; i + 1 < n; i++)
      for (let j = 0; j + 1 < n; j++) assert.equal(fast[(i + 1) * n + j + 1], fast[i * n + j]);
    // Every cell of an `out` is written, whatever it held.
    const out = new Float64Array(n * n).fill(NaN);
    assert.deepEqual(pe.dotMatrix(n, d, { out }).data, fast, `out, n ${n}`);
  }
});

test('addTo: scale · matrix + PE, dtype follows the data', () => {
  const rows = 6, cols = 8;
  const embedding = Array.from({ length: rows * cols }, (_, i) => 0.25 * i - 3);
  const expectedPE = pe.encoding(rows, cols, { start: 3, base: 500, dtype: 'float64' }).data;
  const out = pe.addTo({ rows, cols, data: embedding }, { start: 3, base: 500, scale: 2.5 });
  assert.equal(out.rows, rows);
  assert.equal(out.cols, cols);
  assert.ok(out.data instanceof Float64Array);
  out.data.forEach((x, i) => assertClose(x, 2.5 * embedding[i] + expectedPE[i], 1e-15));
  const out32 = pe.addTo({ rows, cols, data: new Float32Array(embedding) }, { start: 3, base: 500, scale: 2.5 });
  assert.ok(out32.data instanceof Float32Array);
  out32.data.forEach((x, i) => assertClose(x, 2.5 * embedding[i] + expectedPE[i], 2e-6));
  // The input is left as it was.
  assert.equal(embedding[5], 0.25 * 5 - 3);
});

test('out: results written into the caller\'s array, whose type sets dtype', () => {
  const out32 = new Float32Array(70 * 64);
  const m = pe.encoding(70, 64, { out: out32, start: 5 });
  assert.equal(m.data, out32);
  assert.deepEqual(m, { rows: 70, cols: 64, data: out32 });
  assert.deepEqual(out32, pe.encoding(70, 64, { start: 5 }).data);
  const out64 = new Float64Array(10 * 8);
  assert.equal(pe.encoding(10, 8, { out: out64 }).data, out64);
  assert.deepEqual(out64, pe.encoding(10, 8, { dtype: 'float64' }).data);
  const dots = new Float64Array(100 * 100);
  assert.equal(pe.dotMatrix(100, 512, { out: dots, dtype: 'float64' }).data, dots);
  assert.deepEqual(dots, pe.dotMatrix(100, 512, { dtype: 'float64' }).data);
  const direct = new Float32Array(9);
  pe.dotMatrix(3, 4, { out: direct, method: 'direct' });
  assert.deepEqual(direct, pe.dotMatrix(3, 4, { method: 'direct' }).data);
});
