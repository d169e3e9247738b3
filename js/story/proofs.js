// The sources' claims, checked numerically with the package: each check computes its numbers
// now and compares them with what the sources printed (or with the identity's other side).
// Used by the page's Verification view and <posenc-verify>; every check is independent and
// sized to run in about 10 ms, so rerunning them never blocks the page noticeably.

import { number } from '../numbers.js';
import { matmul, maxAbsDiff, transpose } from './matrix.js';
import { DOTS_512, LONGEST_PERIOD_512, PE10, within, WORKED_EXAMPLE, WORKED_EXAMPLE_TRUNCATED } from './seeds.js';
import { returnScanner } from './near-repeats.js';
import { ROPE_CHECKS } from './rope-proofs.js';

/**
 * The five source posts (/work/shared/seeds/000–004), named as a reader finds them: by title,
 * or by what they are where the copy has no title. Our copies do not name their authors.
 */
export const SOURCES = {
  hiddenBeauty: '“The Hidden Beauty of Sinusoidal Positional Encodings in Transformers”',
  workedExample: '“Sinusoidal Positional Encoding in the Transformer”',
  tutorial: '“Transformers — 3. Positional Encodings” (a tutorial chapter built on The Annotated Transformer)',
  graphical: '“A graphical interpretation of sinusoidal positional encodings” (February 21, 2025)',
  notes: 'a post of notes on the positional encoding of the original Transformer',
};

// Computed values as the page prints every number (numbers.js): `digits` significant digits, and
// differences at two (5.7 × 10⁻¹⁴; 0 when there is none).
const fmt = (v, digits = 9) => number(v, digits);
const sci = (v) => number(v, 2);

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

/** [{ claim, source?, computed, expected, pass }] builders (claim: plain words; source: who said it), in the order the page shows them. */
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
      claim: 'The worked example is right: the encodings of positions 0 to 4 at dModel = 4 match the printed table to its last digit (one entry is cut off rather than rounded)',
      source: SOURCES.workedExample,
      computed: `PE(1) = [${Array.from(data.subarray(4, 8), (v) => fmt(v, 6)).join(', ')}]; max |computed − printed| over 20 entries = ${sci(worst)}`,
      expected: `every entry within its printed precision (PE(1) = [${WORKED_EXAMPLE[1].join(', ')}])`,
      pass,
    };
  },
  (pe) => {
    const rotated = pe.shift(pe.encode(0, 4), 10), direct = pe.encode(10, 4);
    const diff = maxAbsDiff(rotated, direct);
    return {
      claim: 'Shifting is a rotation: turning each pair of PE(0) by 10 steps gives PE(10) (dModel = 4)',
      source: SOURCES.tutorial,
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
      claim: 'The table of all dot products is Toeplitz: every diagonal is constant, so filling it from one row gives the same table as multiplying every pair (512 positions, dModel = 64)',
      computed: `max |M[i+1][j+1] − M[i][j]| = ${sci(deviation)}; max |Toeplitz fill − direct| = ${sci(agreement)}`,
      expected: 'both 0 up to rounding (< 10⁻⁹)',
      pass: deviation < 1e-9 && agreement < 1e-9,
    };
  },
  (pe) => {
    const d = 64, k = 7.5;
    const diff = maxAbsDiff(pe.rotation(-k, d).data, transpose(pe.rotation(k, d).data, d));
    return { claim: `Going back k steps is the transposed rotation: R(−k) = R(k)ᵀ (dModel = ${d}, k = ${k})`, source: SOURCES.tutorial, computed: `max |R(−k) − R(k)ᵀ| = ${sci(diff)}`, expected: '0 (< 10⁻¹⁵)', pass: diff < 1e-15 };
  },
  (pe) => {
    const d = 64, a = 3, b = -10.5;
    const diff = maxAbsDiff(matmul(pe.rotation(a, d).data, pe.rotation(b, d).data, d), pe.rotation(a + b, d).data);
    return { claim: `Two shifts add up: turning by a, then by b, is turning by a + b (dModel = ${d}, a = ${a}, b = ${number(b)})`, computed: `max |R(a)R(b) − R(a+b)| = ${sci(diff)}`, expected: '0 up to rounding (< 10⁻¹²)', pass: diff < 1e-12 };
  },
  (pe) => {
    const d = 512, omega = pe.frequencies(d);
    let worst = 0;
    omega.forEach((w, i) => { worst = Math.max(worst, Math.abs(w - 10000 ** (-2 * i / d)) / w); });
    return {
      claim: 'Both ways of writing the frequencies agree: exp(−2i·ln 10000 / dModel), as most code does, and 10000^(−2i/dModel), as the paper writes, differ only in the last binary digits (dModel = 512)',
      source: SOURCES.tutorial,
      computed: `largest relative difference = ${sci(worst)}, ${Math.round(worst / 2 ** -52)} unit(s) in the last binary digit`,
      expected: 'a few units in the last binary digit (< 2 × 10⁻¹⁵)',
      pass: worst < 2e-15,
    };
  },
  (pe) => {
    const longest = pe.periods(512)[255];
    return {
      claim: 'The slowest pair needs 2π·10000^(510/512) ≈ 60,611.5 positions for one turn (dModel = 512)',
      source: SOURCES.notes,
      computed: fmt(longest, 11), expected: `≈ ${LONGEST_PERIOD_512}`, pass: within(longest, LONGEST_PERIOD_512),
    };
  },
  (pe) => {
    const { data } = pe.encoding(512, 512, { dtype: 'float64', start: 1e6 - 512 });
    let min = Infinity, max = -Infinity;
    for (const v of data) { if (v < min) min = v; if (v > max) max = v; }
    return {
      claim: 'Every value stays between −1 and 1, even a million positions in (positions 999,488 … 999,999, dModel = 512)',
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
    // Beyond the neighbours: the closest return (a local minimum after the distance first stops
    // rising), the near-repeat that could be mistaken for a repeat.
    const scanner = returnScanner(Float64Array.from(kernel, (v) => Math.sqrt(Math.max(0, 2 * (kernel[0] - v)))));
    scanner.scan(n - 1);
    const [far] = scanner.result(1, 0).returns;
    return {
      claim: `No two positions 0 … ${n - 1} share an encoding: the closest are neighbours, and the closest dip beyond them is still far apart (dModel = ${d})`,
      source: SOURCES.graphical,
      computed: `smallest distance = ${fmt(best, 6)} (offset ${at}); closest dip beyond the neighbours: offset ${far.offset}, distance ${fmt(far.distance, 6)}; brute force over ${m} positions: ${fmt(brute, 6)}`,
      expected: `> 0, and the formula √(2(D(0) − D(Δ))) equals brute force (${fmt(fromKernel, 6)})`,
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
      claim: `Sine and cosine are both needed: with both, one matrix shifts every position by ${k} exactly; with sines alone even the best matrix misses (dModel = ${d}, ${n} positions)`,
      source: SOURCES.notes,
      computed: `the best matrix misses by: sine and cosine ${sci(sinCos)}, sines only ${sci(sineOnly)} (${Math.round(sineOnly * 100)} %)`,
      expected: 'sin + cos < 10⁻¹⁰; sine only clearly > 0 (> 10⁻³)',
      pass: sinCos < 1e-10 && sineOnly > 1e-3,
    };
  },
  (pe) => {
    const paper = pe.dotKernel(1, 512)[1], t2t = pe.dotKernel(1, 512, { spacing: 'tensor2tensor' })[1];
    return {
      claim: 'Other code gives slightly other numbers: tensor2tensor\'s frequency spacing moves dot(1, 2) at dModel = 512 in the second decimal',
      computed: `paper ${fmt(paper, 9)}, tensor2tensor ${fmt(t2t, 9)}`, expected: '≈ 249.102 vs ≈ 249.128',
      pass: within(paper, '249.102') && within(t2t, '249.128'),
    };
  },
  ...ROPE_CHECKS,  // the rotary form (rope-proofs.js)
];

function dotPair(pe, [a, b, printed], [c, e]) {
  const n = 82, { data } = pe.dotMatrix(n, 512, { dtype: 'float64', method: 'direct' });
  const first = data[a * n + b], second = data[c * n + e];
  return {
    claim: `Only the distance counts: PE(${a})·PE(${b}) equals PE(${c})·PE(${e}), both ${b - a} apart (dModel = 512)`,
    source: SOURCES.hiddenBeauty,
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
