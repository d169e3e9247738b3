// baseTradeoffBlocks: the base trade-off as a generator of blocks (for pages that spread it
// across frames), against the horizon read off the kernel and against baseTradeoff.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { baseTradeoff, baseTradeoffBlocks, horizon } from '../../js/story/base.js';

const pe = await init();

test('yields increasing blocks, then returns what baseTradeoff returns', () => {
  for (const [dModel, base, maxOffset] of [[512, 10000, 16384], [64, 100, 131072], [4, 2, 4096], [1024, 1e9, 8192]]) {
    const steps = baseTradeoffBlocks(pe, dModel, base, { maxOffset });
    let last = -1, blocks = 0, step;
    while (!(step = steps.next()).done) {
      assert.ok(step.value.to > last && step.value.to <= maxOffset, `block ends at ${step.value.to}`);
      last = step.value.to;
      blocks++;
    }
    assert.ok(blocks >= 1);
    assert.deepEqual(step.value, baseTradeoff(pe, dModel, base, { maxOffset }), `d = ${dModel}, base ${base}`);
  }
});

test('the horizon is the first offset with D(Δ) ≤ 0 (from pe.dotKernel)', () => {
  for (const [dModel, base] of [[512, 10000], [512, 100], [64, 1000]]) {
    const { horizon } = baseTradeoff(pe, dModel, base, { maxOffset: 16384 });
    const kernel = pe.dotKernel(16384, dModel, { base });
    const first = kernel.findIndex((v) => v <= 0);
    // D(Δ) within rounding of 0 may fall on either side: the finder and the kernel agree or are one apart.
    assert.ok(Math.abs(horizon - first) <= 1 && first > 0, `d = ${dModel}, base ${base}: ${horizon} vs ${first}`);
  }
  assert.equal(baseTradeoff(pe, 512, 10000, { maxOffset: 16384 }).horizon, 3284, 'docs/story.md section 7');
});

test("section 7's engineer numbers: the horizon at dModel 4096 for base 10000 and 500000", () => {
  // The first D(Δ) ≤ 0 alone (500000 goes past the finder's 131072).
  assert.equal(horizon(pe, 4096, 1 << 18), 5289, 'the page and docs/story.md, section 7');
  assert.equal(horizon(pe, 4096, 1 << 18, { base: 500000 }), 198935, 'the page and docs/story.md, section 7');
  assert.equal(baseTradeoff(pe, 4096, 10000, { maxOffset: 16384 }).horizon, 5289);
});

test('bad arguments throw at the call, not at the first step', () => {
  assert.throws(() => baseTradeoffBlocks(pe, 7, 10000), { name: 'RangeError', message: /dModel must be an even integer/ });
  assert.throws(() => baseTradeoffBlocks(pe, 64, 1), { name: 'RangeError', message: /base must be a number between 2 and 1000000000/ });
  assert.throws(() => baseTradeoffBlocks(pe, 64, '10000'), { name: 'TypeError', message: /base must be a number/ });
  assert.throws(() => baseTradeoffBlocks(pe, 64, 10000, { maxOffset: 0 }), { name: 'RangeError', message: /maxOffset/ });
  assert.throws(() => baseTradeoffBlocks(pe, 64, 10000, { offsets: 5 }), { name: 'TypeError', message: /has no option "offsets"/ });
  assert.equal(baseTradeoffBlocks(pe, 64, 10000).next().done, false, 'usable afterwards');
});
