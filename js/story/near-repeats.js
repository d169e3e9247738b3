// Near-repeats: how close does PE(a) come to PE(b) for b ≠ a?
//
//   |PE(a) − PE(b)|² = |PE(a)|² + |PE(b)|² − 2·PE(a)·PE(b) = 2·(D(0) − D(Δ)),  Δ = b − a,
//
// because every (sin, cos) pair has length 1 (|PE|² = D(0) = dModel/2) and the dot product
// depends on Δ alone (D(Δ) = Σ_i cos(Δ·ω_i), the Toeplitz kernel). So one kernel row answers
// the question for every pair of positions at once: no encoding matrix (N × dModel values, up
// to 131072 × 8192 = 10⁹ here) is ever built, only N + 1 numbers.
//
// The work is O(N·dModel/2) cosines: the kernel in `pe.dotKernel` windows (kernel-windows.js),
// so a page can spread a large job (131072 × 8192: ~0.4 s in all) across frames. The tests hold
// the distances to `pe.dotKernel` and to |PE(a) − PE(a + Δ)| from `pe.encode`.
//
// Accuracy: the angle Δ·ω_i is rounded to float64 (an error up to 2^-53·Δ·ω_i ≤ 2^-53·Δ), so
// D(Δ) is known to about ε_D = (dModel/2)·2^-52·N at worst, and distances below √(2·ε_D)
// (8e-6 at dModel = 2, 5e-4 at dModel = 8192, N = 131072) are not resolved: `floor`.

import { checkedOptions, evenIn, integerIn } from './arguments.js';
import { kernelWindows, WINDOW_TERMS } from './kernel-windows.js';

/** Cosine terms per block, one kernel window (a page runs as many blocks per frame as fit). */
export const BLOCK_WORK = WINDOW_TERMS;

const DEFAULTS = Object.freeze({ base: 10000, spacing: 'paper', maxOffset: 4096, count: 10 });

/**
 * The distance |PE(a) − PE(a + Δ)| for Δ = 0 … maxOffset, computed block by block.
 * dModel: even, 2 … 8192. Options: maxOffset (1 … 131072, default 4096), base (default
 * 10000), spacing (default 'paper'), count (how many returns to list, default 10).
 * Yields `{ from, to, distance }` after each block (distance[from..to] is then final);
 * returns the finished search (see `nearRepeats`).
 */
export function nearRepeatBlocks(pe, dModel, options) {
  // Checked here, not in the generator, so a bad argument throws at the call.
  const { base, spacing, maxOffset, count } = checkedOptions('nearRepeats', options, DEFAULTS);
  evenIn('dModel', dModel, 2, 8192);
  integerIn('maxOffset', maxOffset, 1, 131072);
  integerIn('count', count, 1, 1 << 20);
  const scheme = { base, spacing };
  pe.frequencies(dModel, scheme);  // the package checks base and spacing
  return blocks(pe, dModel, scheme, maxOffset, count);
}

function* blocks(pe, dModel, scheme, maxOffset, count) {
  const pairs = dModel / 2;
  const distance = new Float64Array(maxOffset + 1);
  const returns = returnScanner(distance);
  for (const { from, to, kernel } of kernelWindows(pe, maxOffset, dModel, scheme)) {
    toDistances(kernel, pairs, distance, from);
    returns.scan(to);  // in step with the blocks, so the last step has only a sort left
    yield { from, to, distance };
  }
  return returns.result(count, pairs * 2 ** -52 * (maxOffset + 1));
}

/**
 * Runs the whole search at once (for Node or a worker). Returns
 * `{ distance, trivialEnd, returns, floor }`: distance[Δ] = |PE(a) − PE(a + Δ)|; offsets
 * 1 … trivialEnd are trivial (the distance still rising from 0); `returns` are the local
 * minima beyond them, closest first, at most `count`; `floor` is the accuracy bound above.
 */
export function nearRepeats(pe, dModel, options) {
  const blocks = nearRepeatBlocks(pe, dModel, options);
  for (;;) {
    const step = blocks.next();
    if (step.done) return step.value;
  }
}

// √(2·(D(0) − D(Δ))) with D(0) = pairs exactly; rounding can push D(Δ) a hair above D(0).
function toDistances(kernel, pairs, distance, from) {
  for (let j = 0; j < kernel.length; j++)
    distance[from + j] = Math.sqrt(Math.max(0, 2 * (pairs - kernel[j])));
}

/**
 * Trivial offsets and closest returns of a distance array filled from offset 0 upwards. The
 * distance starts at 0 (Δ = 0) and rises; offsets up to its first local maximum are trivial
 * (neighbours, not returns). A return is a local minimum after that: distance[Δ] ≤ both
 * neighbours (the last offset counts when it is below its left neighbour, since the true
 * minimum may lie beyond). scan(known) examines the offsets whose neighbours are final once
 * distance[0..known] is; result(count, kernelError) lists the count closest, closest first,
 * with `floor` = √(2·kernelError), the smallest distance that means anything when
 * kernelError bounds the error of D(Δ).
 */
export function returnScanner(distance) {
  const n = distance.length - 1;
  const minima = new Int32Array(n);
  let m = 0, k = 1, rising = true, trivialEnd = n;
  return {
    scan(known) {
      const last = known >= n ? n : known - 1;  // offset k needs distance[k + 1]
      for (; k <= last; k++) {
        if (rising) {
          if (k < n && distance[k + 1] > distance[k]) continue;
          rising = false;
          trivialEnd = k;
        } else if (distance[k] <= distance[k - 1] && (k === n || distance[k] <= distance[k + 1])) {
          minima[m++] = k;
        }
      }
    },
    result(count, kernelError) {
      // The count-th smallest distance by a native numeric sort; objects only for those kept.
      const values = new Float64Array(m);
      for (let j = 0; j < m; j++) values[j] = distance[minima[j]];
      values.sort();
      const cut = m > count ? values[count - 1] : Infinity;
      const returns = [];
      for (let j = 0; j < m; j++)
        if (distance[minima[j]] <= cut) returns.push({ offset: minima[j], distance: distance[minima[j]] });
      returns.sort((x, y) => x.distance - y.distance || x.offset - y.offset);
      return {
        distance,
        trivialEnd,
        returns: returns.slice(0, count),  // ties at the cut may have added a few
        floor: Math.sqrt(2 * kernelError),
      };
    },
  };
}
