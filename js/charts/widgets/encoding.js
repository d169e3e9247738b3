// The encoding matrix as a heatmap: positions down, dimensions across, PE on [−1, 1]. Only the
// cells the screen shows are computed (one per device pixel), so an engineer's 131072 × 8192
// costs what a 50 × 128 does; the readout shows the exact float64 value of a cell.
import { number } from '../../numbers.js';
import { cellText } from '../kit/cell.js';
import { diverging } from '../canvas/colormap.js';
import { csv, matrixRows } from '../kit/exports.js';
import { Heatmap } from '../plots/heatmap.js';
import { kind, pairOfColumn } from '../../story/pairs.js';
import { distance } from '../../story/matrix.js';
import { dModel, positions, SCHEME } from '../kit/params.js';
import { aboutOf, captionOf, scheme, Widget } from '../kit/widget.js';
import { aliasing } from '../kit/aliasing.js';

/** Its size: it fills a box of this height (the element's default). */
export const size = { height: '320px' };
export const rules = { length: positions(50, 1, 131072), dModel: dModel(512, 8192), ...SCHEME,
  start: { label: 'start', min: -1e9, max: 1e9, def: 0 } };

// Exports above this many values hold evenly spaced rows (every position's row has d values).
const EXPORT_LIMIT = 1 << 22;

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  let values, omega, repeats = '';
  const canvas = w.canvas('canvas');
  const heatmap = w.own(new Heatmap(canvas, {
    xLabel: 'dimension', yLabel: 'position', map: diverging, label: 'Heatmap of the positional encoding',
    // At every render (a resize changes the pixels per cell too).
    rendered: (sampling) => { note.textContent = repeats + aliasing(sampling); },
    describe: (row, col, exact) => {
      const pos = values.start + row, value = pe.encode(pos, values.dModel, scheme(values))[col];  // float64, exact
      return { text: cellText({ pos, dim: col, d: values.dModel, layout: values.layout, omega, value, exact }), value };
    },
  }));
  const note = w.part('p', 'note', 'note');
  w.exports({
    name: 'encoding', title: 'positional encoding', canvases: [{ name: 'encoding', canvas, label: 'heatmap' }],
    caption: () => captionOf('encoding', values),
    data: () => {
      const { length: n, dModel: d, start } = values, all = n * d <= EXPORT_LIMIT;
      const count = all ? n : Math.floor(EXPORT_LIMIT / d);
      const list = Array.from({ length: count }, (_, r) => Math.floor((r * n) / count));
      const m = pe.encoding(list, d, { ...scheme(values), start, dtype: 'float64' });
      const rows = matrixRows(m).map((row, r) => [start + list[r], ...row.slice(1)]);
      return {
        csv: csv(['pos', ...Array.from({ length: d }, (_, c) => `dim${c}`)], rows),
        json: { ...scheme(values), start, dModel: d, length: n, positions: list.map((r) => start + r),
          ...(all ? {} : { sampled: `${count} evenly spaced positions of ${n}` }), rows: m.rows, cols: d, data: Array.from(m.data) },
      };
    },
  });
  // The shown cells: whole rows from the package when every dimension is shown, else each
  // sampled cell as sin/cos(pos·ω_i) in float64 (the package's own formula, without the
  // d − (shown columns) values a row would cost).
  const sample = (rowList, colList) => {
    const { dModel: d, start, layout } = values, positionsShown = Array.from(rowList, (r) => start + r);
    if (colList.length === d) return pe.encoding(positionsShown, d, scheme(values)).data;
    const cols = colList.length, out = new Float32Array(rowList.length * cols);
    const frequency = Float64Array.from(colList, (c) => omega[pairOfColumn(c, d, layout)]);
    const isSin = Uint8Array.from(colList, (c) => kind(c, d, layout) === 'sin');
    // Plain loops over typed arrays: this runs for every shown cell (2^17 a frame).
    for (let r = 0, at = 0; r < rowList.length; r++) {
      const pos = positionsShown[r];
      for (let c = 0; c < cols; c++, at++) out[at] = isSin[c] ? Math.sin(pos * frequency[c]) : Math.cos(pos * frequency[c]);
    }
    return out;
  };
  return w.api((v) => {
    values = v;
    omega = pe.frequencies(v.dModel, scheme(v));
    repeats = nearRepeat(pe, v, omega);
    heatmap.show({ rows: v.length, cols: v.dModel, sample, min: -1, max: 1, about: aboutOf(v.dModel, v.length) });
  });
}

// Dimension 0 turns by ω₀ = 1 radian a position (period 2π), so its (sin, cos) pair comes back
// close to where it started every 6 or 7 positions, never exactly (2π is irrational), while
// the slower dimensions still tell those positions apart.
function nearRepeat(pe, v, omega) {
  const rows = Math.min(v.length, 4096);
  if (rows < 8) return '';
  let best = 1, bestGap = Infinity;
  for (let step = 1; step < rows; step++) {
    // |(sin a, cos a) − (sin b, cos b)| = 2|sin((a − b)/2)|
    const gap = 2 * Math.abs(Math.sin((step * omega[0]) / 2));
    if (gap < bestGap) [best, bestGap] = [step, gap];
  }
  const a = pe.encode(v.start, v.dModel, scheme(v)), b = pe.encode(v.start + best, v.dModel, scheme(v));
  const whole = distance(a, b);
  return `Pair 0 (dimensions 0 and 1, period 2π) almost repeats: positions ${v.start} and ${v.start + best} have first (sin, cos) pairs `
    + `only ${number(bestGap, 3)} apart (on a circle of radius 1: close, never equal), yet their whole encodings are `
    + `${number(whole, 4)} apart, thanks to the slower dimensions.`;
}
