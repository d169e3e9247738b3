// The near-repeat preview: log-spaced offsets, and distances equal to √(2(D(0) − D(Δ))) from the
// package's kernel and to |PE(0) − PE(Δ)| from its encodings.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { logSampledOffsets, previewBlocks } from '../../js/story/near-repeat-preview.js';
import { assertClose } from './helpers.js';

const pe = await init();

test('offsets: distinct, increasing, from 1 to maxOffset, evenly spread on a log scale', () => {
  const offsets = logSampledOffsets(131072, 2048);
  assert.equal(offsets[0], 1);
  assert.equal(offsets.at(-1), 131072);
  for (let k = 1; k < offsets.length; k++) assert.ok(offsets[k] > offsets[k - 1]);
  // Above the whole-number crowding at the start, consecutive ratios stay near 131072^(1/2047).
  const ratio = 131072 ** (1 / 2047);
  for (let k = 1; k < offsets.length; k++)
    if (offsets[k - 1] > 1000) assert.ok(Math.abs(offsets[k] / offsets[k - 1] - ratio) < 1e-3, `${offsets[k - 1]} → ${offsets[k]}`);
  assert.deepEqual(Array.from(logSampledOffsets(8, 4)), [1, 2, 4, 8]);
  assert.deepEqual(Array.from(logSampledOffsets(3, 100)), [1, 2, 3]);
});

test('distances equal √(2(D(0) − D(Δ))) from pe.dotKernel and |PE(0) − PE(Δ)|', () => {
  for (const [dModel, base, maxOffset] of [[2, 10000, 4096], [512, 10000, 16384], [64, 100, 131072]]) {
    const kernel = pe.dotKernel(maxOffset, dModel, { base });
    let seen = 0;
    for (const { offsets, distances } of previewBlocks(pe, dModel, { base, maxOffset, count: 300 })) {
      assert.ok(offsets.length <= 32);
      offsets.forEach((delta, j) => {
        assertClose(distances[j], Math.sqrt(Math.max(0, 2 * (kernel[0] - kernel[delta]))), 1e-7, `d = ${dModel}, Δ = ${delta}`);
        seen++;
      });
    }
    assert.equal(seen, logSampledOffsets(maxOffset, 300).length);
  }
  const [{ offsets, distances }] = previewBlocks(pe, 16, { maxOffset: 50, count: 5 });
  offsets.forEach((delta, j) => {
    const a = pe.encode(0, 16), b = pe.encode(delta, 16);
    assertClose(distances[j], Math.hypot(...a.map((v, c) => v - b[c])), 1e-12, `|PE(0) − PE(${delta})|`);
  });
});

test('bad arguments throw at the call, naming the parameter', () => {
  assert.throws(() => previewBlocks(pe, 3), { name: 'RangeError', message: /dModel must be an even integer/ });
  assert.throws(() => previewBlocks(pe, 64, { maxOffset: 131073 }), { name: 'RangeError', message: /maxOffset must be an integer between 1 and 131072/ });
  assert.throws(() => previewBlocks(pe, 64, { count: 1 }), { name: 'RangeError', message: /count/ });
  assert.throws(() => previewBlocks(pe, 64, { step: 1 }), { name: 'TypeError', message: /previewBlocks has no option "step"/ });
  assert.throws(() => previewBlocks(pe, 64, { base: 'x' }), TypeError);
  assert.throws(() => logSampledOffsets(0, 10), { name: 'RangeError', message: /maxOffset/ });
  assert.equal(previewBlocks(pe, 64).next().done, false, 'usable afterwards');
});
