// 1 · The encoding matrix as a heatmap: positions down, dimensions across, PE on [−1, 1].
import { diverging } from '../lib/colormap.js';
import { csv, exportBar, matrixRows } from '../lib/exports.js';
import { Heatmap } from '../lib/heatmap.js';

export function mount({ pe, state, scheme }) {
  const canvas = document.getElementById('encoding-canvas');
  const note = document.getElementById('encoding-note');
  let current, buffer = new Float32Array(0);
  const heatmap = new Heatmap(canvas, {
    xLabel: 'dimension', yLabel: 'position', map: diverging, label: 'Heatmap of the positional encoding',
    describe: (row, col) => {
      const value = pe.encode(row, current.cols, scheme())[col];  // float64, exact
      return { text: `pos ${row} · dim ${col}\nPE = ${value}`, value };
    },
  });
  exportBar(document.querySelector('[data-export="encoding"]'), {
    name: 'encoding', canvases: [{ name: 'encoding', canvas, label: 'heatmap' }],
    data: () => {
      const m = pe.encoding(current.rows, current.cols, { ...scheme(), dtype: 'float64' });
      return {
        csv: csv(['pos', ...Array.from({ length: m.cols }, (_, c) => `dim${c}`)], matrixRows(m)),
        json: { ...scheme(), rows: m.rows, cols: m.cols, data: Array.from(m.data) },
      };
    },
  });

  return {
    keys: ['enc.d', 'enc.n', 'base', 'spacing', 'layout'],
    render() {
      const d = state.get('enc.d'), n = state.get('enc.n');
      // Redraws reuse one grow-only array (the `out` option takes a view of the exact size):
      // dragging a slider allocates nothing and touches no fresh memory.
      if (buffer.length < n * d) buffer = new Float32Array(Math.max(n * d, 2 * buffer.length));
      current = pe.encoding(n, d, { ...scheme(), out: buffer.subarray(0, n * d) });
      heatmap.show({ ...current, min: -1, max: 1 });
      note.textContent = nearRepeat(current, state.get('layout'));
    },
    resize: () => heatmap.render(),
  };
}

// Dimension 0 has period 2π, so it nearly repeats every ~6.28 positions, while the slower
// dimensions still tell those positions apart: find the position whose first (sin, cos) pair is
// closest to position 0's, from the matrix already computed.
function nearRepeat({ rows, cols, data }, layout) {
  if (rows < 8) return '';
  const cos0 = layout === 'concatenated' ? cols / 2 : 1;
  let best = 1, bestGap = Infinity;
  for (let pos = 1; pos < rows; pos++) {
    const gap = Math.hypot(data[pos * cols] - data[0], data[pos * cols + cos0] - data[cos0]);
    if (gap < bestGap) [best, bestGap] = [pos, gap];
  }
  let total = 0;
  for (let c = 0; c < cols; c++) total += (data[best * cols + c] - data[c]) ** 2;
  return `Dimension 0 (period 2π) nearly repeats: positions 0 and ${best} differ by only ${bestGap.toFixed(3)} `
    + `in its (sin, cos) pair, yet their whole encodings are ${Math.sqrt(total).toFixed(3)} apart, thanks to the slower dimensions.`;
}
