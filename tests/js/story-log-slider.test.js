// Log sliders: position ↔ value round trips for the story's four sliders.
import test from 'node:test';
import assert from 'node:assert/strict';
import { SLIDERS, logScale, symlogScale } from '../../js/story/log-scale.js';

test('positions 1 … 131072: every integer survives value → position → value', () => {
  const s = SLIDERS.positions();
  assert.equal(s.value(0), 1);
  assert.equal(s.value(1), 131072);
  for (let v = 1; v <= 131072; v++) assert.equal(s.value(s.position(v)), v, `v = ${v}`);
  // Each factor of 2 gets the same share of the track (17 doublings).
  assert.ok(Math.abs(s.position(2048) - 11 / 17) < 1e-12);
  // 10 … 100 get 19.5 % of the slider (a linear one would give them 0.07 %).
  assert.ok(Math.abs(s.position(100) - s.position(10) - Math.log(10) / Math.log(131072)) < 1e-12);
});

test('dModel 2 … 8192: even values only, every one reachable', () => {
  const s = SLIDERS.dModel();
  for (let v = 2; v <= 8192; v += 2) assert.equal(s.value(s.position(v)), v);
  for (let t = 0; t <= 1; t += 1 / 997) assert.equal(s.value(t) % 2, 0);
  assert.equal(s.snap(7), 8);
  assert.equal(s.snap(9000), 8192);
});

test('base 2 … 1e9: three significant digits from the track, exact values from the box', () => {
  const s = SLIDERS.base();
  assert.equal(s.value(0), 2);
  assert.equal(s.value(1), 1e9);
  assert.equal(s.value(s.position(10000)), 10000);
  for (let t = 0; t <= 1; t += 1 / 500) {
    const v = s.value(t);
    assert.equal(Number(v.toPrecision(3)), v, `${v} has at most 3 significant digits`);
    assert.ok(Math.abs(s.position(v) - t) < 0.005, 'snapping moves the thumb by less than half a percent');
  }
  for (const v of [2, 2.5, 10000, 12345.678, 1e9]) assert.ok(Math.abs(s.value(s.position(v)) - v) <= 0.005 * v);
});

test('k: symmetric log, linear around 0, every integer in ±131072 survives', () => {
  const s = SLIDERS.k();
  assert.equal(s.value(0), 0);
  assert.equal(s.value(1), 131072);
  assert.equal(s.value(-1), -131072);
  for (let v = -131072; v <= 131072; v++) assert.equal(s.value(s.position(v)), v, `k = ${v}`);
  assert.equal(s.position(-5), -s.position(5));
  assert.ok(s.position(5) > 0.15, `k = 1 … 5 reachable: ${s.position(5)}`);
  const frac = symlogScale({ max: 1000, linear: 0.5, snap: 'none' });
  for (const v of [-1000, -3.25, -0.1, 0, 0.1, 2.5, 999]) assert.ok(Math.abs(frac.value(frac.position(v)) - v) < 1e-12 * (1 + Math.abs(v)));
});

test('positions outside the track clamp; values outside the range are errors', () => {
  const s = SLIDERS.positions();
  assert.equal(s.value(-0.5), 1);
  assert.equal(s.value(7), 131072);
  const cases = [
    [() => s.position(0), RangeError, /value must be a number between 1 and 131072, got 0/],
    [() => s.value('0.5'), TypeError, /t must be a number, got "0.5"/],
    [() => s.value(NaN), RangeError, /t must be a number/],
    [() => logScale({ min: 0 }), RangeError, /min must be a number between/],
    [() => logScale({ min: 10, max: 10 }), RangeError, /max must be greater than min, got 10 ≤ 10/],
    [() => logScale({ snap: 'odd' }), RangeError, /snap must be 'integer' or 'even' or 'none', got "odd"/],
    [() => logScale({ digits: 0 }), RangeError, /digits must be an integer between 1 and 17, got 0/],
    [() => logScale({ step: 1 }), TypeError, /logScale has no option "step"/],
    [() => symlogScale({ linear: 0 }), RangeError, /linear must be a number between/],
    [() => SLIDERS.k().position(2e5), RangeError, /value must be a number between -131072 and 131072, got 200000/],
  ];
  for (const [call, Kind, message] of cases) assert.throws(call, (e) => e instanceof Kind && message.test(e.message), String(message));
});
