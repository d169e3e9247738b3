// Thinning dense curves (js/charts/canvas/thin.js): columnRanges(), the dense line plot's loop
// over a typed array, gives the spans of thin() with `fill` in the values' units.
import test from 'node:test';
import assert from 'node:assert/strict';
import { columnRanges, thin } from '../../js/charts/canvas/thin.js';

// thin()'s spans for `values` sampled evenly over `width` columns, as { lo, hi } (NaN: no span).
function thinned(values, width) {
  const n = values.length, lo = new Float64Array(width).fill(NaN), hi = new Float64Array(width).fill(NaN);
  thin(n, (i) => (i === 0 ? 0 : Math.floor(((i - 1) * width) / n)), (i) => values[i], {
    fill: true, to: width, span: (c, top, bottom) => { lo[c] = top; hi[c] = bottom; },
  });
  return { lo, hi };
}

test('columnRanges: a hand-counted curve (5 samples, 4 columns; 2 samples, 4 columns)', () => {
  // Sample i ≥ 1 in column ⌊(i − 1)·4/5⌋: 0 → 0, 1 → 0, 2 → 0, 3 → 1, 4 → 2; column 3 holds the last value.
  const { lo, hi } = columnRanges(Float32Array.of(1, -2, 3, 5, 0), 4);
  assert.deepEqual([...lo], [-2, 3, 0, 0]);
  assert.deepEqual([...hi], [3, 5, 5, 0]);
  // Fewer samples than columns: 0 → 0, 1 → 0; columns 1–3 hold the last value.
  const sparse = columnRanges(Float64Array.of(2, 7), 4);
  assert.deepEqual([...sparse.lo], [2, 7, 7, 7]);
  assert.deepEqual([...sparse.hi], [7, 7, 7, 7]);
});

test('columnRanges equals thin() with fill: dense, sparse, NaN, infinities, empty', () => {
  const cases = {
    'dense sine': Float32Array.from({ length: 10000 }, (_, i) => Math.sin(i / 7)),
    'sparse': Float32Array.from({ length: 50 }, (_, i) => Math.cos(i)),
    'as many as columns': Float64Array.from({ length: 300 }, (_, i) => i % 3),
    'NaN first, in the middle, last': Float32Array.from({ length: 2000 }, (_, i) => (i < 40 || (i > 900 && i < 1300) || i > 1990 ? NaN : i % 17)),
    'infinities': Float64Array.of(1, Infinity, -2, -Infinity, 4, 5, 6, 7, 8, 9, 10),
    'all NaN': new Float32Array(100).fill(NaN),
    'one sample': Float32Array.of(0.5),
    'empty': new Float32Array(0),
  };
  for (const [name, values] of Object.entries(cases))
    for (const width of [1, 7, 300, 1024]) {
      const got = columnRanges(values, width), want = thinned(values, width);
      assert.deepEqual([...got.lo], [...want.lo], `${name}, width ${width}: lo`);
      assert.deepEqual([...got.hi], [...want.hi], `${name}, width ${width}: hi`);
    }
});
