// Extrapolation: a model trained on positions 0 … L − 1 meets positions p ≥ L. What do their
// encodings look like?
//
// Nearest trained encoding: |PE(p) − PE(q)| depends only on p − q (see near-repeats.js), so
// the closest q in [0, L) is the minimum of the distance over offsets Δ = p − q in
// [p − L + 1, p]: a sliding-window minimum over one distance row, O(P) for P probes, no
// encoding built. Close to PE(L − 1) just past the end; far past it, whether some trained
// position comes close depends on the near-repeats.
//
// Unseen angles: pair i turns by ω_i per position, so in training its hand swept the arc
// [0, (L − 1)·ω_i]. A pair with (L − 1)·ω_i ≥ 2π has been everywhere; a slow pair has not, and
// beyond L it points where training never saw it: the slow dimensions carry values the model
// has not met.

import { checkedOptions, evenIn, integerIn } from './arguments.js';
import { nearRepeats } from './near-repeats.js';

const DEFAULTS = Object.freeze({ base: 10000, spacing: 'paper' });

/**
 * For each probe p = trained … trained + probes − 1 (positions beyond the trained range
 * 0 … trained − 1): `{ positions, nearest, distance }` with nearest[j] the trained position
 * whose encoding is closest to PE(positions[j]) (the latest one on ties) and distance[j] that
 * distance. trained + probes ≤ 131073.
 */
export function nearestTrained(pe, dModel, trained, probes, options) {
  const scheme = checkedOptions('nearestTrained', options, DEFAULTS);
  evenIn('dModel', dModel, 2, 8192);
  integerIn('trained', trained, 1, 131072);
  integerIn('probes', probes, 1, 131073 - trained);
  const last = trained + probes - 1;
  const { distance } = nearRepeats(pe, dModel, { ...scheme, maxOffset: last });
  const positions = new Float64Array(probes), nearest = new Float64Array(probes);
  const result = new Float64Array(probes);
  // Monotone deque of offsets with increasing distance over the window [p − trained + 1, p].
  const deque = new Int32Array(last + 1);
  let head = 0, tail = 0;
  for (let delta = 1; delta <= last; delta++) {
    while (tail > head && distance[deque[tail - 1]] > distance[delta]) tail--;
    deque[tail++] = delta;
    const p = delta;  // the window of probe p ends at offset p (q = 0)
    if (p < trained) continue;
    while (deque[head] < p - trained + 1) head++;
    const j = p - trained;
    positions[j] = p;
    nearest[j] = p - deque[head];
    result[j] = distance[deque[head]];
  }
  return { positions, nearest, distance: result };
}

/**
 * Which pairs turn where training never looked. Returns `{ omega, sweptTurns, unseenAt }`:
 * sweptTurns[i] = (trained − 1)·ω_i / 2π, the turns pair i made in training (≥ 1: it has been
 * all around); unseenAt(p) lists the pairs whose angle p·ω_i (mod 2π) lies outside the arc
 * [0, (trained − 1)·ω_i] they swept, i.e. values of dimensions 2i and 2i + 1 never seen.
 */
export function unseenAngles(pe, dModel, trained, options) {
  const scheme = checkedOptions('unseenAngles', options, DEFAULTS);
  evenIn('dModel', dModel, 2, 8192);
  integerIn('trained', trained, 1, 2 ** 40);
  const omega = pe.frequencies(dModel, scheme);
  const turn = 2 * Math.PI;
  const sweptTurns = omega.map((w) => (trained - 1) * w / turn);
  function unseenAt(p) {
    integerIn('p', p, 0, 2 ** 40);
    const pairs = [];
    omega.forEach((w, i) => {
      if (sweptTurns[i] < 1 && (p * w) % turn > (trained - 1) * w) pairs.push(i);
    });
    return pairs;
  }
  return { omega, sweptTurns, unseenAt };
}
