// PE·PEᵀ as a heatmap (Toeplitz: constant diagonals) beside its kernel D(Δ) = Σ cos(Δ·ω_i).
import { sequential } from './colormap.js';
import { csv, matrixRows } from './exports.js';
import { Heatmap } from './heatmap.js';
import { LinePlot } from './lineplot.js';
import { BASE, dModel, positions, SPACING } from './params.js';
import { Widget } from './widget.js';

export const rules = { length: positions(8), dModel: dModel(512), base: BASE, spacing: SPACING };

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  let kernel = new Float64Array(1), values;
  const pair = w.part('div', 'pair');
  const [left, right] = [w.part('div', '', null, pair), w.part('div', '', null, pair)];
  const canvas = w.canvas('canvas', left), kernelCanvas = w.canvas('kernel', right);
  const heatmap = w.own(new Heatmap(canvas, {
    xLabel: 'position j', yLabel: 'position i', map: sequential, diagonal: true,
    label: 'Heatmap of the dot products between positional encodings',
    // Every cell of a diagonal holds the same kernel value: D(|i − j|), in float64.
    describe: (i, j) => {
      const value = kernel[Math.abs(i - j)];
      return { text: `PE(${i})·PE(${j})\nΔ = ${j - i}: D(${Math.abs(i - j)}) = ${value}`, value };
    },
  }));
  const plot = w.own(new LinePlot(kernelCanvas, { xLabel: 'offset Δ', yLabel: 'D(Δ)', xName: 'Δ', label: 'Plot of the kernel D(Δ)' }));
  w.part('p', 'note', null, right).textContent = 'The kernel D(Δ) = Σ cos(Δ·ω_i): one row that fills the matrix.';
  w.exports({
    name: 'dot-products',
    canvases: [{ name: 'dot-products', canvas, label: 'heatmap' }, { name: 'kernel', canvas: kernelCanvas, label: 'kernel' }],
    data: () => {
      const { length: n, dModel: d, base, spacing } = values;
      const m = pe.dotMatrix(n, d, { base, spacing, dtype: 'float64' });
      return {
        csv: csv(['i', ...Array.from({ length: n }, (_, j) => `j${j}`)], matrixRows(m)),
        json: { base, spacing, dModel: d, kernel: Array.from(kernel), rows: n, cols: n, data: Array.from(m.data) },
      };
    },
  });
  return w.api((v) => {
    values = v;
    const { length: n, dModel: d, base, spacing } = v;
    // PE·PEᵀ is Toeplitz: the heatmap reads each cell from the kernel row, D(|i − j|), so a
    // redraw costs O(N·d + pixels), never the N² matrix (Save CSV/JSON builds that).
    const k = kernel = pe.dotKernel(n - 1, d, { base, spacing });
    let min = Infinity;
    for (const x of k) min = Math.min(min, x);
    heatmap.show({ rows: n, cols: n, value: (i, j) => k[i > j ? i - j : j - i], min, max: d / 2 });
    plot.show({ series: [{ label: `D(Δ), d = ${d}`, values: k }] });
  });
}
