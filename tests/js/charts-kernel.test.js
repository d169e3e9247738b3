// The chart layer's kernel for engineer sizes: the dots' strided preview and the sliced windows
// against the package's dotKernel.
import test from 'node:test';
import assert from 'node:assert/strict';
import { kernelAt, kernelInSlices } from '../../js/charts/kit/kernel.js';
import { kernelWindows, WINDOW_TERMS } from '../../js/story/kernel-windows.js';
import { init } from '../../js/node.js';

const pe = await init();

test('the dots\' preview: dotKernel with angleScale = stride is D(k·stride) (relative 1e-12)', () => {
  // js/charts/widgets/dots.js draws D(0), D(s), D(2s), … before the windows end.
  for (const [n, d, scheme] of [[131072, 4096, {}], [131072, 8192, { base: 500, spacing: 'tensor2tensor' }], [20000, 512, {}]]) {
    const stride = Math.ceil(n / 512), count = Math.ceil(n / stride);
    const preview = pe.dotKernel(count - 1, d, { ...scheme, angleScale: stride }), exact = pe.dotKernel((count - 1) * stride, d, scheme);
    assert.equal(preview.length, count);
    for (let k = 0; k < count; k++) assert.ok(Math.abs(preview[k] - exact[k * stride]) <= 1e-12 * d, `d = ${d}, Δ = ${k * stride}: ${preview[k]} vs ${exact[k * stride]}`);
  }
});

test('kernelAt: one offset summed directly, D(0) = d/2', () => {
  const omega = pe.frequencies(256), exact = pe.dotKernel(300, 256);
  assert.equal(kernelAt(omega, 0), 128);
  for (const delta of [1, 17, 300]) assert.ok(Math.abs(kernelAt(omega, delta) - exact[delta]) < 1e-11);
});

test('kernelInSlices: pe.dotKernel windows add up to the whole kernel', async () => {
  for (const [n, d] of [[20000, 512], [3000, 8192], [1, 2]]) {
    const job = kernelInSlices(pe, n, d, { base: 500 });
    const kernel = await job.done, exact = pe.dotKernel(n - 1, d, { base: 500 });
    assert.equal(kernel.length, n);
    for (let k = 0; k < n; k++) assert.ok(Math.abs(kernel[k] - exact[k]) <= 1e-12 * d, `n = ${n}, d = ${d}, Δ = ${k}`);
  }
});

test('kernelWindows: one window is one call; more start at 1/32 of a window and double (cold code runs small ones)', () => {
  const sizes = (maxOffset, d) => [...kernelWindows(pe, maxOffset, d, {})].map(({ from, to }) => to - from + 1);
  assert.deepEqual(sizes(3000, 512), [3001]);  // 3001 · 256 terms ≤ WINDOW_TERMS
  for (const [maxOffset, d] of [[20000, 8192], [40000, 512], [100000, 64]]) {
    const lengths = sizes(maxOffset, d);
    const expected = lengths.map((_, k) => Math.max(64, Math.floor(Math.min(WINDOW_TERMS, (WINDOW_TERMS / 32) * 2 ** k) / (d / 2))));
    assert.deepEqual(lengths.slice(0, -1), expected.slice(0, -1), `d = ${d}`);
    assert.ok(lengths.at(-1) <= expected.at(-1));
    assert.equal(lengths.reduce((a, b) => a + b), maxOffset + 1, `d = ${d}: contiguous windows up to maxOffset`);
  }
});
