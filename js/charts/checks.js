// The sources' claims, checked numerically with the package: each check computes its numbers
// now and compares them with what the sources printed (or with the identity's other side).
// Used by the page's Verification view and <posenc-verify>; every check is independent and
// sized to run in about 10 ms, so rerunning them never blocks the page noticeably.

import { matmul, maxAbsDiff, transpose } from './matrix.js';
import { DOTS_512, LONGEST_PERIOD_512, PE10, within, WORKED_EXAMPLE, WORKED_EXAMPLE_TRUNCATED } from './seeds.js';
import { ROPE_CHECKS } from './rope-checks.js';

const fmt = (v, digits = 9) => String(+v.toPrecision(digits));
const sci = (v) => v.toExponential(1);

/** v minus its projection on the orthonormal basis (Gram–Schmidt, twice for stability). */
function removeSpan(v, basis) {
  const r = Float64Array.from(v);
  for (let pass = 0; pass < 2; pass++)
    for (const b of basis) {
      const dot = r.reduce((s, x, i) => s + x * b[i], 0);
      r.forEach((x, i) => { r[i] = x - dot * b[i]; });
    }
  return r;
}

/** ||Y − QQᵀY||_F / ||Y||_F: how far Y's columns are from the span of X's. */
function leastSquaresResidual(X, Y) {
  const basis = [];
  for (const x of X) {
    const q = removeSpan(x, basis), norm = Math.hypot(...q);
    if (norm > 1e-12 * Math.hypot(...x)) basis.push(q.map((v) => v / norm));
  }
  let residual = 0, total = 0;
  for (const y of Y) {
    residual += removeSpan(y, basis).reduce((s, v) => s + v * v, 0);
    total += y.reduce((s, v) => s + v * v, 0);
  }
  return Math.sqrt(residual / total);
}

/** Column c of a row-major matrix. */
const column = ({ rows, cols, data }, c) => Float64Array.from({ length: rows }, (_, r) => data[r * cols + c]);

/** [{ claim, computed, expected, pass }] builders, in the order the page shows them. */
const CHECKS = [
  (pe) => {
    const { data } = pe.encoding(5, 4, { dtype: 'float64' });
    let worst = 0, pass = true;
    const [tRow, tCol] = WORKED_EXAMPLE_TRUNCATED;
    WORKED_EXAMPLE.flat().forEach((text, at) => {
      worst = Math.max(worst, Math.abs(data[at] - Number(text)));
      pass &&= within(data[at], text, at === tRow * 4 + tCol);
    });
    return {
      claim: 'The worked example: PE for d = 4, positions 0–4 (seed 001)',
      computed: `PE(1) = [${Array.from(data.subarray(4, 8), (v) => fmt(v, 6)).join(', ')}]; max |computed − printed| over 20 entries = ${sci(worst)}`,
      expected: `every entry within its printed precision (PE(1) = [${WORKED_EXAMPLE[1].join(', ')}])`,
      pass,
    };
  },
  (pe) => {
    const rotated = pe.shift(pe.encode(0, 4), 10), direct = pe.encode(10, 4);
    const diff = maxAbsDiff(rotated, direct);
    return {
      claim: 'PE(10) = R(10)·PE(0), d = 4 (seed 002)',
      computed: `[${Array.from(rotated, (v) => fmt(v, 8)).join(', ')}]; max |R(10)·PE(0) − PE(10)| = ${sci(diff)}`,
      expected: `[${PE10.join(', ')}], equal to PE(10) computed directly`,
      pass: PE10.every((text, c) => within(rotated[c], text)) && diff < 1e-12,
    };
  },
  // Seed 000's pairs two by two: dot(1, 2) = dot(80, 81), dot(1, 80) = dot(2, 81).
  (pe) => dotPair(pe, DOTS_512[0], DOTS_512[1]),
  (pe) => dotPair(pe, DOTS_512[2], DOTS_512[3]),
  (pe) => {
    const n = 512, d = 64;
    const direct = pe.dotMatrix(n, d, { dtype: 'float64', method: 'direct' }).data;
    const fast = pe.dotMatrix(n, d, { dtype: 'float64' }).data;
    let deviation = 0;
    for (let i = 0; i + 1 < n; i++)
      for (let j = 0; j + 1 < n; j++) deviation = Math.max(deviation, Math.abs(direct[(i + 1) * n + j + 1] - direct[i * n + j]));
    const agreement = maxAbsDiff(fast, direct);
    return {
      claim: 'PE·PEᵀ of 512 positions (d = 64, direct product) is Toeplitz',
      computed: `max |M[i+1][j+1] − M[i][j]| = ${sci(deviation)}; max |Toeplitz fill − direct| = ${sci(agreement)}`,
      expected: 'both 0 up to rounding (< 1e-9)',
      pass: deviation < 1e-9 && agreement < 1e-9,
    };
  },
  (pe) => {
    const d = 64, k = 7.5;
    const diff = maxAbsDiff(pe.rotation(-k, d).data, transpose(pe.rotation(k, d).data, d));
    return { claim: `R(−k) = R(k)ᵀ (d = ${d}, k = ${k})`, computed: `max |R(−k) − R(k)ᵀ| = ${sci(diff)}`, expected: '0 (< 1e-15)', pass: diff < 1e-15 };
  },
  (pe) => {
    const d = 64, a = 3, b = -10.5;
    const diff = maxAbsDiff(matmul(pe.rotation(a, d).data, pe.rotation(b, d).data, d), pe.rotation(a + b, d).data);
    return { claim: `R(a)·R(b) = R(a + b) (d = ${d}, a = ${a}, b = ${b})`, computed: `max |R(a)R(b) − R(a+b)| = ${sci(diff)}`, expected: '0 up to rounding (< 1e-12)', pass: diff < 1e-12 };
  },
  (pe) => {
    const d = 512, omega = pe.frequencies(d);
    let worst = 0;
    omega.forEach((w, i) => { worst = Math.max(worst, Math.abs(w - 10000 ** (-2 * i / d)) / w); });
    return {
      claim: 'Frequencies computed in log space, exp(−2i·ln 10000/d), equal the direct power 10000^(−2i/d) (d = 512)',
      computed: `max relative difference = ${sci(worst)} (${Math.round(worst / 2 ** -52)} ulp)`,
      expected: 'a few ulp (< 2e-15)',
      pass: worst < 2e-15,
    };
  },
  (pe) => {
    const longest = pe.periods(512)[255];
    return {
      claim: 'The longest period for d = 512 is 2π·10000^(510/512) (seed 004)',
      computed: fmt(longest, 11), expected: `≈ ${LONGEST_PERIOD_512}`, pass: within(longest, LONGEST_PERIOD_512),
    };
  },
  (pe) => {
    const { data } = pe.encoding(512, 512, { dtype: 'float64', start: 1e6 - 512 });
    let min = Infinity, max = -Infinity;
    for (const v of data) { if (v < min) min = v; if (v > max) max = v; }
    return {
      claim: 'Values are bounded in [−1, 1] (positions 999488 … 999999, d = 512, float64)',
      computed: `min = ${fmt(min, 12)}, max = ${fmt(max, 12)}`, expected: '−1 ≤ min, max ≤ 1', pass: min >= -1 && max <= 1,
    };
  },
  (pe) => {
    // |PE(i) − PE(j)|² = 2·(D(0) − D(i − j)): the closest pair among N positions is found from the
    // kernel; brute force over 128 positions (distances from the direct Gram matrix
    // |PE(i)|² + |PE(j)|² − 2·PE(i)·PE(j)) confirms the formula.
    const n = 10000, d = 512, kernel = pe.dotKernel(n - 1, d);
    let best = Infinity, at = 0;
    for (let delta = 1; delta < n; delta++) {
      const dist = Math.sqrt(Math.max(0, 2 * (kernel[0] - kernel[delta])));
      if (dist < best) [best, at] = [dist, delta];
    }
    const m = 128, gram = pe.dotMatrix(m, d, { dtype: 'float64', method: 'direct' }).data;
    let brute = Infinity;
    for (let i = 0; i < m; i++)
      for (let j = i + 1; j < m; j++)
        brute = Math.min(brute, Math.sqrt(gram[i * m + i] + gram[j * m + j] - 2 * gram[i * m + j]));
    const fromKernel = Math.min(...Array.from({ length: m - 1 }, (_, k) => Math.sqrt(2 * (kernel[0] - kernel[k + 1]))));
    return {
      claim: `Every position 0 … ${n - 1} has a distinct encoding (d = ${d})`,
      computed: `smallest distance between two encodings = ${fmt(best, 6)} (offset Δ = ${at}); brute force over ${m} positions: ${fmt(brute, 6)}`,
      expected: `> 0, and the kernel formula equals brute force (${fmt(fromKernel, 6)})`,
      pass: best > 1e-6 && Math.abs(brute - fromKernel) < 1e-9,
    };
  },
  (pe) => {
    // Fit PE(pos + k) ≈ A·PE(pos) over many positions by least squares. With sines and cosines
    // an exact A exists (the rotation); with sines alone it does not.
    const d = 16, n = 64, k = 5;
    const now = pe.encoding(n, d, { dtype: 'float64' }), later = pe.encoding(n, d, { start: k, dtype: 'float64' });
    const sines = (m) => Array.from({ length: d / 2 }, (_, i) => column(m, 2 * i));
    const all = (m) => Array.from({ length: d }, (_, c) => column(m, c));
    const sinCos = leastSquaresResidual(all(now), all(later));
    const sineOnly = leastSquaresResidual(sines(now), sines(later));
    return {
      claim: `A sine-only encoding has no exact linear shift; sin + cos does (d = ${d}, k = ${k}, ${n} positions, least squares)`,
      computed: `relative residual: sin + cos ${sci(sinCos)}, sine only ${sci(sineOnly)}`,
      expected: 'sin + cos < 1e-10; sine only clearly > 0 (> 1e-3)',
      pass: sinCos < 1e-10 && sineOnly > 1e-3,
    };
  },
  (pe) => {
    const paper = pe.dotKernel(1, 512)[1], t2t = pe.dotKernel(1, 512, { spacing: 'tensor2tensor' })[1];
    return {
      claim: 'Variant: tensor2tensor spacing changes dot(1, 2) at d = 512',
      computed: `paper ${fmt(paper, 9)}, tensor2tensor ${fmt(t2t, 9)}`, expected: '≈ 249.102 vs ≈ 249.128',
      pass: within(paper, '249.102') && within(t2t, '249.128'),
    };
  },
  ...ROPE_CHECKS,  // the rotary form (rope-checks.js)
];

function dotPair(pe, [a, b, printed], [c, e]) {
  const n = 82, { data } = pe.dotMatrix(n, 512, { dtype: 'float64', method: 'direct' });
  const first = data[a * n + b], second = data[c * n + e];
  return {
    claim: `dot(${a}, ${b}) = dot(${c}, ${e}) at d = 512 (seed 000)`,
    computed: `${fmt(first, 10)} and ${fmt(second, 10)} (difference ${sci(Math.abs(first - second))})`,
    expected: `both ≈ ${printed}, equal`,
    pass: within(first, printed) && within(second, printed) && Math.abs(first - second) < 1e-9,
  };
}

/** Runs every check, yielding to the event loop between them so the page stays responsive. */
export async function* runChecks(pe) {
  for (const check of CHECKS) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const started = performance.now();
    try {
      yield { ...check(pe), ms: performance.now() - started };
    } catch (error) {
      yield { claim: check.name || 'check', computed: String(error), expected: 'no error', pass: false, ms: 0 };
    }
  }
}
