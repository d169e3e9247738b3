// The near-repeat finder: its distances are √(2(D(0) − D(Δ))) from the package's kernel and
// |PE(a) − PE(a + Δ)| from its encodings; its returns are local minima; at dModel = 2 the
// closest returns are the best rational approximations of 2π.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { nearRepeats, nearRepeatBlocks, returnScanner, BLOCK_WORK } from '../../js/story/near-repeats.js';
import { distance } from '../../js/story/matrix.js';

const pe = await init();

function kernelDistance(kernel, dModel, delta) {
  return Math.sqrt(Math.max(0, 2 * (kernel[0] - kernel[delta])));
}

function encodedDistance(a, delta, dModel, scheme) {
  const x = pe.encode(a, dModel, scheme), y = pe.encode(a + delta, dModel, scheme);
  let sum = 0;
  for (let j = 0; j < dModel; j++) sum += (x[j] - y[j]) ** 2;
  return Math.sqrt(sum);
}

// Squared distances differ by the kernel's error: the angles Δ·ω are rounded to float64.
function assertSquaresClose(actual, expected, margin, what) {
  assert.ok(Math.abs(actual ** 2 - expected ** 2) <= margin,
    `${what}: ${actual}² vs ${expected}², margin ${margin}`);
}

test('small jobs are one pe.dotKernel call: distances are √(2(D(0) − D(Δ)))', () => {
  const kernel = pe.dotKernel(4096, 64, { base: 500 });
  const { distance } = nearRepeats(pe, 64, { maxOffset: 4096, base: 500 });
  assert.equal(distance.length, 4097);
  for (let delta = 0; delta <= 4096; delta++)
    assert.equal(distance[delta], kernelDistance(kernel, 64, delta));
});

test('large jobs come in blocks that agree with pe.dotKernel', () => {
  for (const [dModel, maxOffset, scheme] of [[512, 20000, {}], [8192, 3000, {}],
    [256, 40000, { spacing: 'tensor2tensor', base: 1e6 }]]) {
    const kernel = pe.dotKernel(maxOffset, dModel, scheme);
    const seen = [];
    const blocks = nearRepeatBlocks(pe, dModel, { maxOffset, ...scheme });
    let step;
    while (!(step = blocks.next()).done) seen.push([step.value.from, step.value.to]);
    assert.ok(seen.length > 1, `${dModel} × ${maxOffset} should take several blocks`);
    seen.forEach(([from, to], b) => {
      assert.equal(from, b === 0 ? 0 : seen[b - 1][1] + 1, 'blocks are contiguous');
      assert.ok((to - from + 1) * (dModel / 2) <= BLOCK_WORK + 64 * dModel / 2, 'block work bounded');
    });
    assert.equal(seen.at(-1)[1], maxOffset);
    const { distance } = step.value;
    const margin = 1e-15 * dModel * maxOffset;
    for (let delta = 0; delta <= maxOffset; delta++)
      assertSquaresClose(distance[delta], kernelDistance(kernel, dModel, delta), margin, `Δ = ${delta}`);
  }
});

test('distances equal |PE(a) − PE(a + Δ)| from pe.encode, for any a', () => {
  const { distance } = nearRepeats(pe, 512, { maxOffset: 20000 });
  for (const a of [0, 1, 80, 12345, 99999])
    for (const delta of [1, 2, 44, 79, 710, 9999, 20000])
      assertSquaresClose(distance[delta], encodedDistance(a, delta, 512, {}), 1e-15 * 512 * 120000,
        `a = ${a}, Δ = ${delta}`);
});

test('trivial offsets rise from 0; returns are local minima beyond them, closest first', () => {
  for (const dModel of [2, 16, 512]) {
    const { distance, trivialEnd, returns } = nearRepeats(pe, dModel, { maxOffset: 5000, count: 50 });
    assert.equal(distance[0], 0);
    for (let k = 1; k <= trivialEnd; k++) assert.ok(distance[k] > distance[k - 1], `rising at ${k}`);
    assert.ok(distance[trivialEnd + 1] <= distance[trivialEnd], 'the rise ends at trivialEnd');
    assert.equal(returns.length, 50);
    returns.forEach(({ offset, distance: value }, r) => {
      assert.ok(offset > trivialEnd);
      assert.equal(value, distance[offset]);
      assert.ok(value <= distance[offset - 1] && (offset === 5000 || value <= distance[offset + 1]),
        `${offset} is a local minimum`);
      if (r > 0) assert.ok(value >= returns[r - 1].distance, 'sorted, closest first');
    });
  }
});

test('scanning in blocks finds what one scan finds, whatever the block boundaries', () => {
  const { distance } = nearRepeats(pe, 64, { maxOffset: 3000 });
  const whole = returnScanner(distance);
  whole.scan(3000);
  const expected = whole.result(100, 0);
  for (const size of [1, 2, 7, 64, 1000]) {
    const scanner = returnScanner(distance);
    for (let known = size - 1; known < 3000 + size; known += size) scanner.scan(Math.min(known, 3000));
    assert.deepEqual(scanner.result(100, 0), expected, `blocks of ${size}`);
  }
  // A distance still rising at the end: everything is trivial, nothing returns.
  const rising = returnScanner(Float64Array.from([0, 1, 2, 3]));
  rising.scan(3);
  assert.deepEqual(rising.result(5, 0).returns, []);
  assert.equal(rising.result(5, 0).trivialEnd, 3);
});

test('dModel = 2: within 50 the closest return is Δ = 44 (7 turns), not 41', () => {
  const { distance, returns, trivialEnd } = nearRepeats(pe, 2, { maxOffset: 50 });
  assert.equal(trivialEnd, 3);  // 2|sin(Δ/2)| rises up to Δ = 3 ≈ π
  assert.equal(returns[0].offset, 44);
  assert.ok(Math.abs(returns[0].distance - 2 * Math.abs(Math.sin(22 - 7 * Math.PI))) < 1e-12);
  assert.ok(distance[41] > 0.3, `Δ = 41 is not a near-repeat: ${distance[41]}`);
});

test('dModel = 2: 355 ≈ 113π is half a turn (farthest), 710 ≈ 113·2π a near-repeat', () => {
  const { distance, returns } = nearRepeats(pe, 2, { maxOffset: 1000, count: 1000 });
  assert.ok(distance[355] > 2 - 1e-8, `|PE(a) − PE(a + 355)| = ${distance[355]} ≈ 2`);
  const closest = returns[0];
  assert.equal(closest.offset, 710);
  const exact = 2 * Math.abs(Math.sin(355 - 113 * Math.PI));  // ≈ 6.03e-5
  assert.ok(Math.abs(closest.distance - exact) < 1e-9, `${closest.distance} vs ${exact}`);
});

// The offsets where a new closest return appears are the numerators of the convergents of 2π.
function convergentNumerators(x, limit) {
  const out = [];
  let [p0, p1] = [1, Math.floor(x)];
  let rest = x - Math.floor(x);
  while (p1 <= limit) {
    out.push(p1);
    const a = Math.floor(1 / rest);
    rest = 1 / rest - a;
    [p0, p1] = [p1, a * p1 + p0];
  }
  return out;
}

test('dModel = 2 up to 131072: record returns are the convergents of 2π (6, 19, 25, 44, 333, 710, 103993)', () => {
  const { returns, floor } = nearRepeats(pe, 2, { maxOffset: 131072, count: 1 << 20 });
  const byOffset = [...returns].sort((x, y) => x.offset - y.offset);
  const records = [];
  let best = Infinity;
  for (const r of byOffset) if (r.distance < best) { best = r.distance; records.push(r.offset); }
  const expected = convergentNumerators(2 * Math.PI, 131072);
  assert.deepEqual(expected, [6, 19, 25, 44, 333, 710, 103993]);
  assert.deepEqual(records, expected);
  assert.ok(returns[0].distance > floor, 'the closest return is resolved');
});

test('bad arguments throw errors naming the parameter; the module stays usable', () => {
  const cases = [
    [() => nearRepeats(pe, 7), RangeError, /dModel must be an even integer between 2 and 8192, got 7/],
    [() => nearRepeats(pe, '8'), TypeError, /dModel must be a number, got "8"/],
    [() => nearRepeats(pe, 8, { maxOffset: 0 }), RangeError, /maxOffset must be an integer between 1 and 131072, got 0/],
    [() => nearRepeats(pe, 8, { maxOffset: 2.5 }), RangeError, /maxOffset .* got 2.5/],
    [() => nearRepeats(pe, 8192 + 2), RangeError, /dModel .* got 8194/],
    [() => nearRepeats(pe, 8, { maxOffset: 131073 }), RangeError, /maxOffset .* got 131073/],
    [() => nearRepeats(pe, 8, { count: 0 }), RangeError, /count must be an integer/],
    [() => nearRepeats(pe, 8, { offsets: 3 }), TypeError, /nearRepeats has no option "offsets"/],
    [() => nearRepeats(pe, 8, 5), TypeError, /nearRepeats options must be an object, got 5/],
    [() => nearRepeatBlocks(pe, 8, { base: 1 }), RangeError, /base/],
    [() => nearRepeatBlocks(pe, 8, { spacing: 'log' }), RangeError, /spacing/],
  ];
  for (const [call, Kind, message] of cases) assert.throws(call, (e) => e instanceof Kind && message.test(e.message), String(message));
  assert.equal(nearRepeats(pe, 2, { maxOffset: 50 }).returns[0].offset, 44);
});

test('distance(PE(a), PE(a + Δ)) is √(2(D(0) − D(Δ))) (the widgets\' notes, d up to 8192)', () => {
  for (const [d, a, delta] of [[8192, 0, 6], [8192, 1000, 44], [512, 3, 355], [2, 0, 710]]) {
    const kernel = pe.dotKernel(delta, d), got = distance(pe.encode(a, d), pe.encode(a + delta, d));
    const want = kernelDistance(kernel, d, delta);
    assert.ok(Math.abs(got - want) <= 1e-9 * Math.max(1, want), `d = ${d}, a = ${a}, Δ = ${delta}: ${got} vs ${want}`);
  }
  assert.equal(distance([3, 0], [0, 4]), 5);
  assert.equal(distance([], []), 0);
});
