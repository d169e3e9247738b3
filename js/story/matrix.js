// Dense row-major helpers for the checks (and the tests, which import them from here), and the
// distance between two encodings.

/** Largest |a[i] − b[i]|. */
export function maxAbsDiff(a, b) {
  if (a.length !== b.length) throw new RangeError(`maxAbsDiff: lengths differ (${a.length} and ${b.length})`);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

/**
 * |a − b|, the Euclidean distance, in a plain loop: Math.hypot(...d arguments) of an encoding
 * row took 6–46 ms on a first visit at d = 8192 (spreading 8192 arguments, in code not yet
 * optimized). The values here are bounded, so hypot's care for overflow is not needed.
 */
export function distance(a, b) {
  let squares = 0;
  for (let i = 0; i < a.length; i++) squares += (a[i] - b[i]) ** 2;
  return Math.sqrt(squares);
}

/** The n × n product a·b. */
export function matmul(a, b, n) {
  const c = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let k = 0; k < n; k++) {
      const aik = a[i * n + k];
      if (aik !== 0) for (let j = 0; j < n; j++) c[i * n + j] += aik * b[k * n + j];
    }
  return c;
}

/** The n-vector m·v. */
export function matvec(m, v) {
  const n = v.length, out = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[i] += m[i * n + j] * v[j];
  return out;
}

/** The transpose of an n × n matrix. */
export function transpose(m, n) {
  const t = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) t[j * n + i] = m[i * n + j];
  return t;
}
