// A first look at the near-repeat plot before the exact search has finished. The plot's x axis
// is logarithmic, so a page can show all of it at once from a few offsets per pixel column:
// `count` offsets spread evenly on a log scale over 1 … maxOffset, each distance from its own
// sum D(Δ) = Σ_i cos(Δ·ω_i). That is count·dModel/2 cosines (2048 × 4096 = 8·10⁶ at the largest
// size) against (maxOffset + 1)·dModel/2 = 5·10⁸ for every offset: the whole curve's outline
// within a few frames, refined as the exact blocks (near-repeats.js) arrive. Narrow dips
// between samples are missed by the preview; the exact search finds them.

import { checkedOptions, evenIn, integerIn } from './arguments.js';

const DEFAULTS = Object.freeze({ base: 10000, spacing: 'paper', maxOffset: 4096, count: 2048 });
const CHUNK = 32;  // offsets per yielded chunk: 32 × 4096 cosines, about 1–2 ms

/** Up to `count` distinct whole offsets in 1 … maxOffset, evenly spread on a log scale, increasing. */
export function logSampledOffsets(maxOffset, count) {
  integerIn('maxOffset', maxOffset, 1, 2 ** 31 - 1);
  integerIn('count', count, 2, 1 << 20);
  const out = [];
  for (let k = 0; k < count; k++) {
    const v = Math.round(maxOffset ** (k / (count - 1)));
    if (v !== out[out.length - 1]) out.push(v);
  }
  return Int32Array.from(out);
}

/**
 * Distances |PE(a) − PE(a + Δ)| = √(2·(D(0) − D(Δ))) at logSampledOffsets(maxOffset, count),
 * yielded in chunks `{ offsets, distances }` (typed arrays of up to 32). dModel: even,
 * 2 … 8192. Options: base, spacing, maxOffset (1 … 131072, default 4096), count (default 2048).
 * Arguments are checked at the call.
 */
export function previewBlocks(pe, dModel, options) {
  const { base, spacing, maxOffset, count } = checkedOptions('previewBlocks', options, DEFAULTS);
  evenIn('dModel', dModel, 2, 8192);
  integerIn('maxOffset', maxOffset, 1, 131072);
  integerIn('count', count, 2, 1 << 20);
  const omega = pe.frequencies(dModel, { base, spacing });  // the package checks base and spacing
  return chunks(omega, logSampledOffsets(maxOffset, count));
}

function* chunks(omega, offsets) {
  const pairs = omega.length;
  for (let from = 0; from < offsets.length; from += CHUNK) {
    const part = offsets.subarray(from, from + CHUNK), distances = new Float64Array(part.length);
    part.forEach((delta, j) => {
      let dot = 0;
      for (const w of omega) dot += Math.cos(delta * w);
      distances[j] = Math.sqrt(Math.max(0, 2 * (pairs - dot)));
    });
    yield { offsets: part, distances };
  }
}
