// Shared helpers for the JS tests: explicit tolerances, as in the C++ suite.
import assert from 'node:assert/strict';

/** A number as a source printed it ("0.00999983"): equal within half its last digit. */
export function printed(actual, text, message) {
  const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  assertClose(actual, Number(text), 0.5 * 10 ** -decimals, message ?? `expected ≈ ${text}`);
}

export function assertClose(actual, expected, margin, message) {
  assert.ok(Math.abs(actual - expected) <= margin,
    `${message ?? 'values differ'}: |${actual} - ${expected}| > ${margin}`);
}

export function maxAbsDiff(a, b) {
  assert.equal(a.length, b.length, 'lengths differ');
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

/** Row-major n×n product. */
export function matmul(a, b, n) {
  const c = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let k = 0; k < n; k++)
      for (let j = 0; j < n; j++) c[i * n + j] += a[i * n + k] * b[k * n + j];
  return c;
}

export function matvec(m, v) {
  const n = v.length, out = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[i] += m[i * n + j] * v[j];
  return out;
}

export function transpose(m, n) {
  const t = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) t[j * n + i] = m[i * n + j];
  return t;
}

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
