// The encoding matrix as a heatmap: positions down, dimensions across, PE on [−1, 1]; the
// readout shows the exact float64 value of a cell.
import { diverging } from './colormap.js';
import { csv, matrixRows } from './exports.js';
import { Heatmap } from './heatmap.js';
import { pairIndices } from './layout.js';
import { dModel, positions, SCHEME } from './params.js';
import { scheme, Widget } from './widget.js';

export const rules = { length: positions(50), dModel: dModel(128), ...SCHEME,
  start: { label: 'start', min: -1e9, max: 1e9, def: 0 } };

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  let current, values, buffer = new Float32Array(0);
  const canvas = w.canvas('canvas');
  const heatmap = w.own(new Heatmap(canvas, {
    xLabel: 'dimension', yLabel: 'position', map: diverging, label: 'Heatmap of the positional encoding',
    describe: (row, col) => {
      const value = pe.encode(values.start + row, current.cols, scheme(values))[col];  // float64, exact
      return { text: `pos ${values.start + row} · dim ${col}\nPE = ${value}`, value };
    },
  }));
  const note = w.part('p', 'note', 'note');
  w.exports({
    name: 'encoding', canvases: [{ name: 'encoding', canvas, label: 'heatmap' }],
    data: () => {
      const m = pe.encoding(current.rows, current.cols, { ...scheme(values), start: values.start, dtype: 'float64' });
      return {
        csv: csv(['pos', ...Array.from({ length: m.cols }, (_, c) => `dim${c}`)], matrixRows(m, values.start)),
        json: { ...scheme(values), start: values.start, rows: m.rows, cols: m.cols, data: Array.from(m.data) },
      };
    },
  });
  return w.api((v) => {
    values = v;
    const n = v.length, d = v.dModel;
    // Redraws reuse one grow-only array (the `out` option takes a view of the exact size):
    // dragging a slider allocates nothing and touches no fresh memory.
    if (buffer.length < n * d) buffer = new Float32Array(Math.max(n * d, 2 * buffer.length));
    current = pe.encoding(n, d, { ...scheme(v), start: v.start, out: buffer.subarray(0, n * d) });
    heatmap.show({ ...current, min: -1, max: 1 });
    note.textContent = nearRepeat(current, v.layout);
  });
}

// Dimension 0 has period 2π, so it nearly repeats every ~6.28 positions, while the slower
// dimensions still tell those positions apart: find the position whose first (sin, cos) pair is
// closest to the first position's, from the matrix already computed.
function nearRepeat({ rows, cols, data }, layout) {
  if (rows < 8) return '';
  const cos0 = pairIndices(0, cols, layout)[1];
  let best = 1, bestGap = Infinity;
  for (let pos = 1; pos < rows; pos++) {
    const gap = Math.hypot(data[pos * cols] - data[0], data[pos * cols + cos0] - data[cos0]);
    if (gap < bestGap) [best, bestGap] = [pos, gap];
  }
  let total = 0;
  for (let c = 0; c < cols; c++) total += (data[best * cols + c] - data[c]) ** 2;
  return `Dimension 0 (period 2π) nearly repeats: rows 0 and ${best} differ by only ${bestGap.toFixed(3)} `
    + `in its (sin, cos) pair, yet their whole encodings are ${Math.sqrt(total).toFixed(3)} apart, thanks to the slower dimensions.`;
}
