// Step 4 of the story: why the encoding needs sine *and* cosine to shift linearly.
//
// One pair at frequency ω: (sin, cos)((p + k)ω) = M_k·(sin, cos)(pω) with
// M_k = [[cos kω, sin kω], [−sin kω, cos kω]], the same matrix for every p.
// Sine only: sin((p + k)ω) = sin(pω)·cos(kω) + cos(pω)·sin(kω). The second term needs
// cos(pω) = ±√(1 − sin²(pω)), whose sign sin(pω) does not tell: two positions with the same
// sine can have different shifted sines, so no function of sin(pω) (linear or not) gives
// sin((p + k)ω) unless sin(kω) = 0.

import { integerIn, numberIn } from './arguments.js';

/**
 * The (sin, cos) pair at positions 0 … length − 1 shifted by k: `{ matrix, predicted, actual,
 * maxError }`, predicted = M_k·(sin, cos)(pω) and actual = (sin, cos)((p + k)ω) as
 * [sin0, cos0, sin1, cos1, …]; matrix = M_k row-major; maxError = max |predicted − actual|
 * (rounding only).
 */
export function pairShift(omega, k, length) {
  numberIn('omega', omega, 0, 1e9);
  numberIn('k', k, -1e9, 1e9);
  integerIn('length', length, 1, 1 << 20);
  const c = Math.cos(k * omega), s = Math.sin(k * omega);
  const predicted = new Float64Array(2 * length), actual = new Float64Array(2 * length);
  let maxError = 0;
  for (let p = 0; p < length; p++) {
    const [sp, cp] = [Math.sin(p * omega), Math.cos(p * omega)];
    predicted[2 * p] = c * sp + s * cp;
    predicted[2 * p + 1] = -s * sp + c * cp;
    actual[2 * p] = Math.sin((p + k) * omega);
    actual[2 * p + 1] = Math.cos((p + k) * omega);
    maxError = Math.max(maxError, Math.abs(predicted[2 * p] - actual[2 * p]), Math.abs(predicted[2 * p + 1] - actual[2 * p + 1]));
  }
  return { matrix: [c, s, -s, c], predicted, actual, maxError };
}

/**
 * The best sine-only shift at positions 0 … length − 1: the number a minimising
 * Σ (sin((p + k)ω) − a·sin(pω))² (least squares), `{ slope: a, predicted, actual,
 * relativeError, witness }` with relativeError = √(Σ residual² / Σ actual²) and witness =
 * { p, q }: two positions whose sines nearly agree (|Δ| ≤ `tolerance`) while their shifted
 * sines differ most (by more than 10·tolerance), proof that no function of sin(pω) can shift it (null if none, e.g.
 * sin(kω) = 0 or too few positions).
 */
export function sineOnlyShift(omega, k, length, tolerance = 0.02) {
  numberIn('omega', omega, 0, 1e9);
  numberIn('k', k, -1e9, 1e9);
  integerIn('length', length, 1, 4096);
  numberIn('tolerance', tolerance, 0, 2);
  const x = Float64Array.from({ length }, (_, p) => Math.sin(p * omega));
  const actual = Float64Array.from({ length }, (_, p) => Math.sin((p + k) * omega));
  let xy = 0, xx = 0, yy = 0;
  for (let p = 0; p < length; p++) [xy, xx, yy] = [xy + x[p] * actual[p], xx + x[p] ** 2, yy + actual[p] ** 2];
  const slope = xx > 0 ? xy / xx : 0;
  const predicted = x.map((v) => slope * v);
  let residual = 0;
  for (let p = 0; p < length; p++) residual += (actual[p] - predicted[p]) ** 2;
  // A witness must differ far more in its shifted sines than in its sines (10× the tolerance).
  let witness = null, gap = 10 * tolerance;
  for (let p = 0; p < length; p++)
    for (let q = p + 1; q < length; q++)
      if (Math.abs(x[p] - x[q]) <= tolerance && Math.abs(actual[p] - actual[q]) > gap)
        [witness, gap] = [{ p, q }, Math.abs(actual[p] - actual[q])];
  return { slope, predicted, actual, relativeError: yy > 0 ? Math.sqrt(residual / yy) : 0, witness };
}
