// Shared helpers for the JS tests: explicit tolerances, as in the C++ suite.
import assert from 'node:assert/strict';
import { tolerance } from '../../js/story/seeds.js';

/** A number as a source printed it ("0.00999983"): equal within half its last digit (seeds.js). */
export function printed(actual, text, message, truncated = false) {
  assertClose(actual, Number(text), tolerance(text, truncated), message ?? `expected ≈ ${text}`);
}

export function assertClose(actual, expected, margin, message) {
  assert.ok(Math.abs(actual - expected) <= margin,
    `${message ?? 'values differ'}: |${actual} - ${expected}| > ${margin}`);
}

// The checks' matrix helpers, shared.
export { matmul, matvec, maxAbsDiff, transpose } from '../../js/story/matrix.js';

const f64 = new Float64Array(1), i64 = new BigInt64Array(f64.buffer);
function ordered(x) {
  f64[0] = x;
  const bits = i64[0];
  return bits < 0n ? -(bits & 0x7fffffffffffffffn) : bits;
}
/** Distance in units in the last place between two finite doubles. */
export function ulps(a, b) {
  const d = ordered(a) - ordered(b);
  return Number(d < 0n ? -d : d);
}

/**
 * Each [call, ErrorClass, message] throws exactly that error, and afterwards stillWorks() (a
 * valid call's assertion) passes: a refused call leaves the module usable.
 */
export function assertErrors(cases, stillWorks) {
  for (const [call, ErrorClass, message] of cases) {
    assert.throws(call, (error) => {
      assert.equal(error.constructor, ErrorClass, `${call}: ${error}`);
      assert.equal(error.message, message);
      return true;
    }, String(call));
    stillWorks();
  }
}
