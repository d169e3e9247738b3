// Thinning, once: where more samples than pixel columns fall on a plot, the samples of one column
// become one vertical span from their lowest to their highest point (the ink of the polyline at
// a fraction of its cost: software rasterizers stroke 4096 zig-zagging points in hundreds of ms).
// Each span starts at the previous column's last point, so that neighbouring spans join.

/**
 * Calls span(column, top, bottom) for every pixel column that holds samples (top ≤ bottom in
 * pixels, which grow downwards). Samples i = 0 … count − 1 sit at column(i) (non-decreasing) and
 * height y(i); y(i) NaN is a sample not known yet (skipped, joined across), null a gap (the
 * curve breaks). Where consecutive samples are columns apart, join(x0, y0, x1, y1) gets the line
 * between them, or, with `fill`, each column between (and after the last sample, up to column
 * `to` − 1) gets a span at the last height.
 * x(i), for joins: the sample's exact position (default: its column).
 */
export function thin(count, column, y, { span, join = () => {}, fill = false, to = 0, x = column }) {
  // A plain loop, no allocation or call per sample beyond y(i) and column(i): a plot's first
  // painting runs it before V8 has optimized it (4 × 131072 samples took ~50 ms).
  let at = -1, top = Infinity, bottom = -Infinity, last = null, lastI = 0;
  for (let i = 0; i < count; i++) {
    const v = y(i);
    if (v === null || v !== v) { if (v === null) last = null; continue; }  // v !== v: NaN
    const c = column(i);
    if (c !== at) {
      if (at >= 0) span(at, top, bottom);
      const apart = last !== null && c > at + 1;
      if (apart && fill) for (let between = at + 1; between < c; between++) span(between, last, last);
      else if (apart) join(x(lastI), last, x(i), v);
      at = c;
      top = bottom = apart && !fill ? v : last ?? v;
    }
    if (v < top) top = v;
    if (v > bottom) bottom = v;
    last = v;
    lastI = i;
  }
  if (at >= 0) span(at, top, bottom);
  if (fill && last !== null) for (let after = at + 1; after < to; after++) span(after, last, last);
}

/**
 * thin() with `fill`, for the usual case of a plot's dense curve: the values of an array sampled
 * evenly over `width` columns (sample 0 in column 0, sample i ≥ 1 in ⌊(i − 1)·width/n⌋), in the
 * values' own units. Returns { lo, hi } (Float64Array(width)): each column's lowest and highest
 * value, counting the previous column's last value (spans join); a column between samples holds
 * the last value, and so does every column after the last sample; NaN samples are skipped, a
 * column with none is NaN. Map lo and hi through a monotonic scale to get thin()'s spans: one
 * plain loop over the array, no call per sample (4 × 131072 samples through thin()'s y and
 * column callbacks were a first painting of 50–60 ms).
 */
export function columnRanges(values, width) {
  const n = values.length, lo = new Float64Array(width).fill(NaN), hi = new Float64Array(width).fill(NaN);
  let at = -1, last = NaN;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v !== v) continue;
    const c = i === 0 ? 0 : Math.floor(((i - 1) * width) / n);
    if (c !== at) {
      for (let between = at + 1; between < c; between++) lo[between] = hi[between] = last;  // NaN before the first
      at = c;
      lo[c] = hi[c] = last === last ? last : v;
    }
    if (v < lo[c]) lo[c] = v;
    if (v > hi[c]) hi[c] = v;
    last = v;
  }
  for (let after = at + 1; after < width; after++) lo[after] = hi[after] = last;
  return { lo, hi };
}
