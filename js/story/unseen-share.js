// Section 8's second curve: at each position of a range, the share of (sin, cos) pairs whose
// angle training never saw (unseenAngles in extrapolation.js, per position). Only the slow
// pairs (less than one turn in training) can be unseen, so the loop visits only those, with
// unseenAt's own test: O(positions × slow pairs), nothing allocated per position.

import { integerIn } from './arguments.js';
import { unseenAngles } from './extrapolation.js';

/**
 * For p = from … to − 1: share[p − from] = (pairs i at p outside the arc [0, (trained − 1)·ω_i]
 * they swept in training) / (dModel/2), in [0, 1]. Returns `{ share, slowPairs }`.
 */
export function unseenShare(pe, dModel, trained, from, to, options) {
  const { omega, sweptTurns } = unseenAngles(pe, dModel, trained, options);
  integerIn('from', from, 0, 2 ** 40);
  integerIn('to', to, from, from + (1 << 24));
  const slow = omega.filter((_, i) => sweptTurns[i] < 1), turn = 2 * Math.PI;
  const share = new Float64Array(to - from);
  for (let p = from; p < to; p++) {
    let unseen = 0;
    for (const w of slow) if ((p * w) % turn > (trained - 1) * w) unseen++;
    share[p - from] = unseen / omega.length;
  }
  return { share, slowPairs: slow.length };
}
