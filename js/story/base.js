// Why base 10000: the base sets the slowest frequency ω_min = base^(−(d−2)/d), and with it a
// trade-off between telling neighbours apart (resolution) and telling far positions apart
// (range).
//
// Resolution: |PE(p + 1) − PE(p)|² = 2·(D(0) − D(1)) = Σ_i 2·(1 − cos ω_i) = 4·Σ_i sin²(ω_i/2).
// It depends on the step (1), not on p: every pair turns by the same angle ω_i whatever the
// position, so every step has the same length. A larger base slows more pairs down (ω_i ≪ 1
// adds almost nothing), so neighbours come closer.
//
// Range: the longest period 2π/ω_min grows with the base, and with it the offsets over which
// every encoding stays far from every other. Measured directly: the first offset beyond the
// trivial rise where |PE(p + Δ) − PE(p)| falls below a threshold (by default the resolution
// itself: a far position that looks as close as the next one), from the near-repeat finder.
// With many pairs such returns are rare at any base (a return needs every hand near its start
// at once), so a second measure shows the range at every dModel: the horizon, the first offset
// where D(Δ) ≤ 0, i.e. PE(p + Δ) is no more like PE(p) than an unrelated direction would be
// (|PE(p + Δ) − PE(p)| ≥ √dModel). It grows with the base (about 1300 at dModel = 512 and base
// 3.7e3, 9600 at 4.5e4), as the longest period does.

import { checkedOptions, evenIn, integerIn, numberIn } from './arguments.js';
import { kernelWindows } from './kernel-windows.js';
import { nearRepeatBlocks } from './near-repeats.js';

/** Bases the slider offers: 2 … 1e9. */
export const BASE_RANGE = Object.freeze({ min: 2, max: 1e9 });

const DEFAULTS = Object.freeze({ spacing: 'paper', threshold: undefined, maxOffset: 16384 });

/**
 * The horizon alone: the first Δ ≤ maxOffset with D(Δ) ≤ 0 (null if none), read a kernel window
 * at a time (kernelWindows), so it stops at the window that holds the horizon. Options: base,
 * spacing.
 */
export function horizon(pe, dModel, maxOffset, options = {}) {
  evenIn('dModel', dModel, 2, 8192);
  integerIn('maxOffset', maxOffset, 1, 1 << 24);
  for (const { from, kernel } of kernelWindows(pe, maxOffset, dModel, options)) {
    const at = kernel.findIndex((x) => x <= 0);
    if (at >= 0) return from + at;
  }
  return null;
}

/** |PE(p + 1) − PE(p)| for every p, as 2·√(Σ sin²(ω_i/2)) (no cancellation). */
export function resolution(pe, dModel, options = {}) {
  let sum = 0;
  for (const w of pe.frequencies(dModel, options)) sum += Math.sin(w / 2) ** 2;
  return 2 * Math.sqrt(sum);
}

/**
 * The trade-off at one base:
 * `{ base, resolution, longestPeriod, range, rangeDistance, horizon }`.
 * range is the first offset Δ beyond the trivial rise with |PE(p + Δ) − PE(p)| < threshold,
 * or null when there is none up to maxOffset (then the encoding is unambiguous that far);
 * rangeDistance is the distance there; horizon is the first offset with D(Δ) ≤ 0, or null
 * beyond maxOffset. Options: spacing, threshold (default: the resolution),
 * maxOffset (1 … 131072, default 16384). The search stops once both are found, so small bases
 * are cheap; the cost is at most that of the near-repeat finder up to maxOffset.
 */
export function baseTradeoff(pe, dModel, base, options) {
  const steps = baseTradeoffBlocks(pe, dModel, base, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * baseTradeoff as a generator of the near-repeat finder's blocks (a few ms each), for a page
 * that spreads the search across frames: yields `{ to }` (offsets 0 … to examined) after each
 * block and returns baseTradeoff's result. The arguments are checked at the call.
 */
export function baseTradeoffBlocks(pe, dModel, base, options) {
  const { spacing, threshold, maxOffset } = checkedOptions('baseTradeoff', options, DEFAULTS);
  evenIn('dModel', dModel, 2, 8192);
  numberIn('base', base, BASE_RANGE.min, BASE_RANGE.max);
  integerIn('maxOffset', maxOffset, 1, 131072);
  const scheme = { base, spacing };
  const step = resolution(pe, dModel, scheme);
  const limit = threshold === undefined ? step : numberIn('threshold', threshold, 0, Number.MAX_VALUE);
  const periods = pe.periods(dModel, scheme);
  const blocks = nearRepeatBlocks(pe, dModel, { base, spacing, maxOffset });
  return search(blocks, dModel, { base, resolution: step, longestPeriod: periods[periods.length - 1] }, limit);
}

function* search(blocks, dModel, known, limit) {
  const unrelated = 2 * (dModel / 2);  // |PE(p + Δ) − PE(p)|² when D(Δ) = 0
  let rising = true, range = null, rangeDistance = null, horizon = null;
  for (let block = blocks.next(); !block.done && (range === null || horizon === null); block = blocks.next()) {
    const { from, to, distance } = block.value;
    for (let k = Math.max(1, from); k <= to; k++) {
      if (horizon === null && distance[k] ** 2 >= unrelated) horizon = k;
      if (rising) rising = distance[k] > distance[k - 1];
      if (!rising && range === null && distance[k] < limit) { range = k; rangeDistance = distance[k]; }
    }
    yield { to };
  }
  return { ...known, range, rangeDistance, horizon };
}

/** count bases spread evenly on a log scale over [lo, hi], for a plot against the base. */
export function logSpacedBases(lo, hi, count) {
  numberIn('lo', lo, BASE_RANGE.min, BASE_RANGE.max);
  numberIn('hi', hi, lo, BASE_RANGE.max);
  integerIn('count', count, 2, 10000);
  const a = Math.log(lo), b = Math.log(hi);
  return Array.from({ length: count }, (_, k) => (k === count - 1 ? hi : Math.exp(a + (b - a) * k / (count - 1))));
}
