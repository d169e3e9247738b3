// Why base 10000: resolution (the step between neighbours, the same at every position),
// the longest period, the range (first far near-repeat) and the horizon (D(Δ) ≤ 0).
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { BASE_RANGE, baseTradeoff, horizon, logSpacedBases, resolution } from '../../js/story/base.js';
import { nearRepeats } from '../../js/story/near-repeats.js';
import { assertClose } from './helpers.js';

const pe = await init();

function encodedDistance(a, b, dModel, scheme) {
  const x = pe.encode(a, dModel, scheme), y = pe.encode(b, dModel, scheme);
  return Math.sqrt(x.reduce((s, v, j) => s + (v - y[j]) ** 2, 0));
}

test('resolution is |PE(p + 1) − PE(p)| at every p, and √(2(D(0) − D(1)))', () => {
  for (const [dModel, base] of [[512, 10000], [64, 2], [8, 1e9]]) {
    const r = resolution(pe, dModel, { base });
    const kernel = pe.dotKernel(1, dModel, { base });
    assertClose(r, Math.sqrt(2 * (kernel[0] - kernel[1])), 1e-12, `kernel, d = ${dModel}, base ${base}`);
    for (const p of [0, 1, 79, 4095, 100000])
      assertClose(r, encodedDistance(p, p + 1, dModel, { base }), 1e-9, `p = ${p}`);
  }
  assertClose(resolution(pe, 2), 2 * Math.sin(0.5), 1e-15, 'd = 2: one hand turning by 1 radian');
});

test('the trade-off: a larger base shrinks the resolution and stretches the longest period and the horizon', () => {
  let previous = null;
  for (const base of logSpacedBases(2, 1e5, 6)) {
    const t = baseTradeoff(pe, 64, base, { maxOffset: 131072 });
    assertClose(t.longestPeriod, 2 * Math.PI * base ** (62 / 64), 1e-9 * t.longestPeriod, 'longest period');
    if (previous) {
      assert.ok(t.resolution < previous.resolution, `resolution falls at base ${base}`);
      assert.ok(t.longestPeriod > previous.longestPeriod);
      assert.ok(t.horizon > previous.horizon, `horizon grows at base ${base}: ${t.horizon}`);
    }
    previous = t;
  }
});

test('the horizon is the first offset with D(Δ) ≤ 0', () => {
  for (const [dModel, base] of [[512, 10000], [16, 300], [4096, 50]]) {
    const { horizon } = baseTradeoff(pe, dModel, base, { maxOffset: 20000 });
    const kernel = pe.dotKernel(20000, dModel, { base });
    assert.ok(horizon !== null);
    assert.ok(kernel[horizon] <= 1e-9, `D(${horizon}) = ${kernel[horizon]}`);
    for (let k = 1; k < horizon; k++) assert.ok(kernel[k] > -1e-9, `D(${k}) = ${kernel[k]} > 0`);
  }
});

test('the range is the first return beyond the rise closer than the threshold', () => {
  // d = 16 at base 2: all eight hands turn fast, and a far offset comes as close as a neighbour.
  const t = baseTradeoff(pe, 16, 2, { maxOffset: 4000 });
  const { distance, trivialEnd } = nearRepeats(pe, 16, { base: 2, maxOffset: 4000 });
  assert.ok(t.range > trivialEnd);
  assert.equal(t.rangeDistance, distance[t.range]);
  assert.ok(t.rangeDistance < t.resolution);
  for (let k = trivialEnd + 1; k < t.range; k++) assert.ok(distance[k] >= t.resolution, `Δ = ${k}`);
  // At d = 512 nothing comes that close within 16384 offsets at base 10000; a generous
  // threshold finds the closest return at Δ = 44 (distance 15.57).
  assert.equal(baseTradeoff(pe, 512, 10000).range, null);
  const loose = baseTradeoff(pe, 512, 10000, { threshold: 15.6 });
  assert.equal(loose.range, 44);
  assertClose(loose.rangeDistance, 15.57, 0.005);
});

test('logSpacedBases spans the slider evenly on a log scale', () => {
  const bases = logSpacedBases(BASE_RANGE.min, BASE_RANGE.max, 9);
  assert.equal(bases[0], 2);
  assert.equal(bases[8], 1e9);
  for (let k = 1; k < 9; k++) assertClose(Math.log(bases[k] / bases[k - 1]), Math.log(5e8) / 8, 1e-12);
});

test('bad arguments throw errors naming the parameter; the module stays usable', () => {
  const cases = [
    [() => baseTradeoff(pe, 512, 1), RangeError, /base must be a number between 2 and 1000000000, got 1/],
    [() => baseTradeoff(pe, 512, NaN), RangeError, /base .* got NaN/],
    [() => baseTradeoff(pe, 511, 100), RangeError, /dModel must be an even integer between 2 and 8192, got 511/],
    [() => baseTradeoff(pe, 512, 100, { maxOffset: 131073 }), RangeError, /maxOffset must be an integer between 1 and 131072/],
    [() => baseTradeoff(pe, 512, 100, { threshold: -1 }), RangeError, /threshold must be a number between 0/],
    [() => baseTradeoff(pe, 512, 100, { threshold: '1' }), TypeError, /threshold must be a number, got "1"/],
    [() => baseTradeoff(pe, 512, 100, { layout: 'x' }), TypeError, /baseTradeoff has no option "layout"/],
    [() => baseTradeoff(pe, 512, 100, { spacing: 'x' }), RangeError, /spacing/],
    [() => logSpacedBases(2, 1e9, 1), RangeError, /count must be an integer between 2 and 10000, got 1/],
    [() => logSpacedBases(100, 10, 5), RangeError, /hi must be a number between 100 and/],
  ];
  for (const [call, Kind, message] of cases) assert.throws(call, (e) => e instanceof Kind && message.test(e.message), String(message));
  assert.ok(baseTradeoff(pe, 8, 10000, { maxOffset: 100 }).resolution > 0);
});

test('horizon alone: the first D(Δ) ≤ 0, windows of 4096 offsets read until it is found', () => {
  for (const d of [2, 512, 982, 1000, 1024]) {
    const kernel = pe.dotKernel(16384, d), first = kernel.findIndex((x) => x <= 0);
    assert.equal(horizon(pe, d, 16384), first < 0 ? null : first, `dModel ${d}`);
  }
  assert.equal(horizon(pe, 982, 16384), 4439, 'past the first window');
  assert.equal(horizon(pe, 1000, 4096), null, 'beyond maxOffset');
  assert.equal(horizon(pe, 512, 4096, { base: 100 }), 61, "section 7's base 100");
});
