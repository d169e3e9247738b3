// The axes of js/charts/canvas/scale.js: its ticks and labels.
import test from 'node:test';
import assert from 'node:assert/strict';
import { logLabel, logTicks, scale } from '../../js/charts/canvas/scale.js';

test('ticks: powers of ten inside the range, thinned to about `count`', () => {
  assert.deepEqual(logTicks(1, 131072), [1, 10, 100, 1000, 10000, 100000]);
  assert.deepEqual(logTicks(2, 1e9), [10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]);
  const thin = logTicks(2, 1e9, 4);
  assert.ok(thin.length <= 5 && thin.length >= 2, `${thin}`);
  for (const v of thin) assert.equal(Math.log10(v) % 1, 0, `${v} is a power of ten`);
  const steps = thin.slice(1).map((v, k) => Math.log10(v / thin[k]));
  assert.ok(steps.every((s) => Math.abs(s - steps[0]) < 1e-12), 'evenly spaced decades');
});

test('ticks: 1-2-5 within two decades, none for an empty or non-positive range', () => {
  assert.deepEqual(logTicks(1, 50), [1, 2, 5, 10, 20, 50]);
  assert.deepEqual(logTicks(3, 40), [5, 10, 20]);
  assert.deepEqual(logTicks(0, 10), []);
  assert.deepEqual(logTicks(10, 10), []);
  for (const [lo, hi] of [[1, 7], [0.001, 3], [17, 131072], [2, 1e9]])
    for (const v of logTicks(lo, hi)) assert.ok(v >= lo && v <= hi, `${v} in [${lo}, ${hi}]`);
});

test('labels: large powers of ten as 10ⁿ, the rest as the page prints numbers', () => {
  assert.equal(logLabel(1e5), '10⁵');
  assert.equal(logLabel(1e9), '10⁹');
  assert.equal(logLabel(10000), '10,000');
  assert.equal(logLabel(2000), '2000');
  assert.equal(logLabel(0.01), '0.01');
  assert.equal(logLabel(200000), '200,000');
  // An axis reaching 10⁵ writes every power of ten from 10² on as a power: one form along it.
  const labels = (lo, hi) => scale(lo, hi, { log: true }).ticks(12).map((t) => t.label);
  assert.deepEqual(labels(1, 131072).filter((l) => !/^[25]/.test(l)), ['1', '10', '10²', '10³', '10⁴', '10⁵']);
  assert.deepEqual(labels(1, 5000).filter((l) => !/^[235]/.test(l)), ['1', '10', '100', '1000']);
});

test('scale: a value\'s fraction of its axis, linear or log, and the same ticks as the axes draw', () => {
  const linear = scale(-1, 3), log = scale(2, 2e4, { log: true });
  assert.deepEqual([linear.fraction(-1), linear.fraction(1), linear.fraction(3)], [0, 0.5, 1]);
  assert.ok(Math.abs(log.fraction(20) - 0.25) < 1e-15 && Math.abs(log.fraction(200) - 0.5) < 1e-15);
  assert.equal(scale(5, 5).fraction(5), 0, 'an empty range does not divide by zero');
  assert.deepEqual(linear.ticks(4).map((t) => t.label), ['−1', '0', '1', '2', '3']);
  assert.deepEqual(log.ticks(10).map((t) => t.v), logTicks(2, 2e4, 10));
  assert.deepEqual(scale(0, 1e5, { log: false, digits: 3 }).ticks(2).map((t) => t.label), ['0', '50,000', '100,000']);
});
