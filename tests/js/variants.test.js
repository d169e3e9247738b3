// The layout and spacing variants: what changes (values, dot(1,2)) and what does not
// (Toeplitz structure, rotation of each pair).
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { printed, maxAbsDiff, matvec, transpose, ulps } from './helpers.js';

const pe = await init();
const t2t = { spacing: 'tensor2tensor', layout: 'concatenated' };

test('tensor2tensor spacing: ω_i = base^(−i/(d/2−1))', () => {
  const omega = pe.frequencies(512, { spacing: 'tensor2tensor' });
  let worst = 0;
  omega.forEach((w, i) => { worst = Math.max(worst, ulps(w, 10000 ** (-i / 255))); });
  assert.ok(worst <= 8, `${worst} ulp`);
  assert.ok(Math.abs(omega[255] - 1e-4) <= 1e-19);
  assert.deepEqual(Array.from(pe.frequencies(2, { spacing: 'tensor2tensor' })), [1]);
  printed(pe.periods(512, { spacing: 'tensor2tensor' })[255], '62831.853');
});

test('concatenated layout puts all sines first, then all cosines', () => {
  const d = 8;
  const inter = pe.encoding(5, d, { dtype: 'float64' }).data;
  const concat = pe.encoding(5, d, { dtype: 'float64', layout: 'concatenated' }).data;
  for (let r = 0; r < 5; r++)
    for (let i = 0; i < d / 2; i++) {
      assert.equal(concat[r * d + i], inter[r * d + 2 * i]);
      assert.equal(concat[r * d + d / 2 + i], inter[r * d + 2 * i + 1]);
    }
  assert.deepEqual(pe.encode(3, d, { layout: 'concatenated' }), concat.subarray(3 * d, 4 * d));
});

test('dot(1,2) at d = 512 is ≈ 249.102 for the paper and ≈ 249.128 for tensor2tensor', () => {
  printed(pe.dotKernel(1, 512)[1], '249.102');
  printed(pe.dotKernel(1, 512, { spacing: 'tensor2tensor' })[1], '249.128');
  printed(pe.dotMatrix(3, 512, { spacing: 'tensor2tensor', dtype: 'float64' }).data[1 * 3 + 2], '249.128');
});

test('one options object fits every function; layout does not change frequencies or dots', () => {
  assert.deepEqual(pe.frequencies(64, t2t), pe.frequencies(64, { spacing: 'tensor2tensor' }));
  assert.deepEqual(pe.periods(64, t2t), pe.periods(64, { spacing: 'tensor2tensor' }));
  assert.deepEqual(pe.dotKernel(9, 64, t2t), pe.dotKernel(9, 64, { spacing: 'tensor2tensor' }));
  assert.deepEqual(pe.dotMatrix(9, 64, t2t), pe.dotMatrix(9, 64, { spacing: 'tensor2tensor' }));
});

test('Toeplitz and per-pair rotation hold for tensor2tensor too', () => {
  const fast = pe.dotMatrix(100, 64, { spacing: 'tensor2tensor', dtype: 'float64' }).data;
  const direct = pe.dotMatrix(100, 64, { spacing: 'tensor2tensor', dtype: 'float64', method: 'direct' }).data;
  assert.ok(maxAbsDiff(fast, direct) <= 1e-12 * 64);
  for (const k of [1, -7, 250.5]) {
    assert.ok(maxAbsDiff(pe.shift(pe.encode(13, 64, t2t), k, t2t), pe.encode(13 + k, 64, t2t)) <= 1e-11);
    const r = pe.rotation(k, 64, t2t).data;
    assert.ok(maxAbsDiff(matvec(r, pe.encode(5, 64, t2t)), pe.encode(5 + k, 64, t2t)) <= 1e-11);
    assert.deepEqual(pe.rotation(-k, 64, t2t).data, transpose(r, 64));
  }
  const m = { rows: 3, cols: 4, data: new Float64Array(12) };
  assert.deepEqual(pe.addTo(m, t2t).data, pe.encoding(3, 4, { ...t2t, dtype: 'float64' }).data);
});
