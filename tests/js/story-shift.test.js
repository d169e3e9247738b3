// Step 4's computation: one matrix M_k shifts a (sin, cos) pair at every position; sines alone
// cannot be shifted by any function of the sine.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { pairShift, sineOnlyShift } from '../../js/story/shift.js';

const pe = await init();

test('M_k maps the pair at every position to the pair at position + k (the package agrees)', () => {
  const omega = pe.frequencies(16)[1];
  for (const k of [3, -7, 0.5, 250]) {
    const { matrix, predicted, actual, maxError } = pairShift(omega, k, 60);
    assert.deepEqual(matrix, [Math.cos(k * omega), Math.sin(k * omega), -Math.sin(k * omega), Math.cos(k * omega)]);
    assert.ok(maxError < 1e-12, `k = ${k}: ${maxError}`);
    for (const p of [0, 17, 59]) {
      const shifted = pe.encode(p + k, 16);
      assert.ok(Math.abs(actual[2 * p] - shifted[2]) < 1e-12 && Math.abs(actual[2 * p + 1] - shifted[3]) < 1e-12);
      assert.ok(Math.abs(predicted[2 * p] - actual[2 * p]) <= maxError);
    }
  }
});

test('sine only: the least-squares factor, its error, and two positions with one sine and two shifts', () => {
  const omega = pe.frequencies(16)[1], k = 3;
  const { slope, predicted, actual, relativeError, witness } = sineOnlyShift(omega, k, 40);
  // The factor minimises the residual: nudging it either way makes it larger.
  const residual = (a) => actual.reduce((s, y, p) => s + (y - a * Math.sin(p * omega)) ** 2, 0);
  assert.ok(residual(slope) < residual(slope + 1e-3) && residual(slope) < residual(slope - 1e-3));
  assert.ok(Math.abs(predicted[5] - slope * Math.sin(5 * omega)) < 1e-15);
  const norm = Math.sqrt(actual.reduce((s, y) => s + y * y, 0));
  assert.ok(Math.abs(relativeError - Math.sqrt(residual(slope)) / norm) < 1e-12);
  assert.ok(relativeError > 0.3, `relative error ${relativeError}`);
  const { p, q } = witness;
  assert.ok(Math.abs(Math.sin(p * omega) - Math.sin(q * omega)) <= 0.02);
  assert.ok(Math.abs(actual[p] - actual[q]) > 1, `shifted ${actual[p]} vs ${actual[q]}`);
  // sin(kω) = 0 (k a multiple of the period): the sine shifts by ±1 exactly, no witness.
  const exact = sineOnlyShift(1, 2 * Math.PI, 30);
  assert.ok(exact.relativeError < 1e-12 && exact.witness === null);
});

test('bad arguments: RangeError or TypeError naming the parameter', () => {
  assert.throws(() => pairShift(-1, 3, 4), { name: 'RangeError', message: /omega must be a number between 0/ });
  assert.throws(() => pairShift(1, NaN, 4), { name: 'RangeError', message: /k must be/ });
  assert.throws(() => pairShift(1, 3, 0), { name: 'RangeError', message: /length must be an integer/ });
  assert.throws(() => sineOnlyShift(1, '3', 4), { name: 'TypeError', message: /k must be a number/ });
  assert.throws(() => sineOnlyShift(1, 3, 5000), { name: 'RangeError', message: /length must be an integer between 1 and 4096/ });
  assert.throws(() => sineOnlyShift(1, 3, 4, -1), { name: 'RangeError', message: /tolerance/ });
});
