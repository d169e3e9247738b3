// The RoPE attention score as a function of the offset alone. With pair i of q and k read as
// complex numbers q_i, k_i, and θ_i the rotary frequencies (pe.ropeFrequencies), pe.rope turns
// q_i by m·θ_i and k_i by n·θ_i, so (RoFormer, eq. 16)
//
//   q(m)·k(n) = a²·Σ_i Re[q_i·conj(k_i)·e^{i(m − n)θ_i}] + Σ_{c ≥ rotaryDims} q_c·k_c
//
// (a = attentionFactor, which scales the turned pairs only): one value per offset Δ = m − n,
// O(d) each, where the brute force costs pe.rope of both vectors and a dot product per (m, n).
import { pairColumns } from './pairs.js';


/** h_i = q_i·conj(k_i) per pair, as [re, im] arrays, and the dot product of the unturned columns. */
export function pairProducts(q, k, pairs, layout = 'interleaved') {
  if (q.length !== k.length) throw new RangeError(`q and k must have the same length (${q.length} and ${k.length})`);
  if (2 * pairs > q.length) throw new RangeError(`2 × ${pairs} rotary pairs exceed the ${q.length} columns`);
  const re = new Float64Array(pairs), im = new Float64Array(pairs);
  for (let i = 0; i < pairs; i++) {
    const [x, y] = pairColumns(i, 2 * pairs, layout);
    // (q1 + i q2)(k1 − i k2) = (q1 k1 + q2 k2) + i (q2 k1 − q1 k2)
    re[i] = q[x] * k[x] + q[y] * k[y];
    im[i] = q[y] * k[x] - q[x] * k[y];
  }
  let rest = 0;
  for (let c = 2 * pairs; c < q.length; c++) rest += q[c] * k[c];
  return { re, im, rest };
}

/**
 * q(m)·k(n) for m − n = each of `offsets`, from the frequencies (pe.ropeFrequencies(…).frequencies)
 * and the unturned q and k: Float64Array(offsets.length).
 * @param options.layout which columns pair up, as in pe.rope @defaultValue 'interleaved'
 * @param options.attentionFactor the factor pe.rope multiplies the turned pairs by @defaultValue 1
 */
export function ropeScores(q, k, frequencies, offsets, { layout = 'interleaved', attentionFactor = 1 } = {}) {
  const { re, im, rest } = pairProducts(q, k, frequencies.length, layout);
  const a2 = attentionFactor * attentionFactor, out = new Float64Array(offsets.length);
  offsets.forEach((delta, at) => {
    let sum = 0;
    for (let i = 0; i < re.length; i++) {
      const angle = delta * frequencies[i];
      sum += re[i] * Math.cos(angle) - im[i] * Math.sin(angle);  // Re[h_i e^{iΔθ_i}]
    }
    out[at] = a2 * sum + rest;
  });
  return out;
}

/** The offsets −(count − 1) … count − 1: the one row that fills a count × count score matrix. */
export const offsetRow = (count) => Array.from({ length: 2 * count - 1 }, (_, j) => j - (count - 1));

/**
 * RoFormer's relative upper bound (section 3.4.3) at each offset Δ:
 * (1/(d/2))·Σ_{j=1}^{d/2} |S_j|, S_j = Σ_{k<j} e^{iΔθ_k}. By Abel summation (h_{d/2} = 0),
 * |Σ_i h_i e^{iΔθ_i}| ≤ max_i |h_{i+1} − h_i| · Σ_j |S_j|: it decays as the offset grows.
 */
export function relativeBound(frequencies, offsets) {
  const pairs = frequencies.length;
  return Float64Array.from(offsets, (delta) => {
    let re = 0, im = 0, total = 0;
    for (let k = 0; k < pairs; k++) {
      re += Math.cos(delta * frequencies[k]);
      im += Math.sin(delta * frequencies[k]);
      total += Math.hypot(re, im);
    }
    return total / pairs;
  });
}

/**
 * The bound's peaks: relativeBound at every whole offset 1 … max (e^{iΔθ_k} by rotation from
 * Δ − 1, exact cos and sin again every 1024 steps), and in each stretch (offsets[j − 1],
 * offsets[j]] of the sorted sample offsets its largest value and where: { at, values }. A chart
 * of the samples alone misses the rare far peaks (8 pairs come back to 4.31 at Δ = 46,781,
 * above their 4.24 at Δ = 1); the peaks do not.
 */
export function boundPeaks(frequencies, offsets) {
  const pairs = frequencies.length, max = offsets.at(-1);
  const re = new Float64Array(pairs), im = new Float64Array(pairs);
  const stepRe = Float64Array.from(frequencies, Math.cos), stepIm = Float64Array.from(frequencies, Math.sin);
  const at = new Int32Array(offsets.length), values = new Float64Array(offsets.length).fill(-1);
  let bin = 0;
  for (let delta = 1; delta <= max; delta++) {
    let sumRe = 0, sumIm = 0, total = 0;
    const exact = delta % 1024 === 1;
    for (let k = 0; k < pairs; k++) {
      if (exact) {
        re[k] = Math.cos(delta * frequencies[k]);
        im[k] = Math.sin(delta * frequencies[k]);
      } else {
        const r = re[k] * stepRe[k] - im[k] * stepIm[k];
        im[k] = re[k] * stepIm[k] + im[k] * stepRe[k];
        re[k] = r;
      }
      sumRe += re[k];
      sumIm += im[k];
      total += Math.sqrt(sumRe * sumRe + sumIm * sumIm);
    }
    if (delta > offsets[bin]) bin++;
    if (total / pairs > values[bin]) {
      values[bin] = total / pairs;
      at[bin] = delta;
    }
  }
  return { at, values };
}

/** max_i |h_{i+1} − h_i| with h_{d/2} = 0: the factor that turns the bound into one on |q·k|. */
export function boundScale(q, k, pairs, layout = 'interleaved') {
  const { re, im } = pairProducts(q, k, pairs, layout);
  let worst = 0;
  for (let i = 0; i < pairs; i++)
    worst = Math.max(worst, Math.hypot((re[i + 1] ?? 0) - re[i], (im[i + 1] ?? 0) - im[i]));
  return worst;
}

/** About `count` whole offsets from 1 to max, evenly spaced on a log axis (no repeats). */
export function logOffsets(max, count) {
  if (!(max >= 1)) throw new RangeError(`max must be ≥ 1, got ${max}`);
  const out = new Set();
  for (let j = 0; j < count; j++) out.add(Math.round(max ** (count > 1 ? j / (count - 1) : 1)));
  return [...out];
}

/** A reproducible vector with entries in [−1, 1) (Park–Miller minimal standard generator, seed 1 … 2³¹ − 2). */
export function seededVector(length, seed) {
  let s = seed;
  return Float64Array.from({ length }, () => { s = (s * 16807) % 2147483647; return 2 * (s / 2147483647) - 1; });
}
