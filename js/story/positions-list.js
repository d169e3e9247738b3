// A list of positions typed by a person: "0, 250.5, 999" (diffusion timesteps: any finite
// real) or "0..63" (every whole step from 0 to 63), mixed freely. The widget's `positions`
// value, and what the copied snippet passes to encoding(positions, dModel).

/** At most this many positions (rows of the heatmaps). */
export const MAX_POSITIONS = 256;

const RANGE = /^(-?\d+)\.\.(-?\d+)$/;

/**
 * The positions of `text`: { list, text, dropped }. `list` holds the numbers in order (ranges
 * expanded, at most MAX_POSITIONS), `text` their normal form ("0,250.5,999", ranges kept as
 * "a..b"), `dropped` the items that are not numbers or ranges, or that passed the cap.
 */
export function parsePositions(text) {
  const list = [], kept = [], dropped = [];
  for (const item of String(text).split(/[\s,;]+/).filter(Boolean)) {
    const range = RANGE.exec(item);
    const [from, to] = range ? [Number(range[1]), Number(range[2])] : [Number(item), Number(item)];
    const count = to - from + 1;
    if (!Number.isFinite(from) || !(count >= 1) || list.length + count > MAX_POSITIONS) {
      dropped.push(item);
      continue;
    }
    // Counted, not `p <= to; p++`: from 2^53 on, p + 1 === p and such a loop never ends ("1e308").
    for (let k = 0; k < count; k++) list.push(from + k);
    kept.push(range ? `${from}..${to}` : String(from));
  }
  return { list, text: kept.join(','), dropped };
}
