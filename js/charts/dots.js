// PE·PEᵀ as a heatmap (Toeplitz: constant diagonals) beside its kernel D(Δ) = Σ cos(Δ·ω_i).
// Readouts give D(Δ) and the cosine similarity D(Δ)/D(0) (every |PE(pos)|² = D(0) = d/2).
import { sequential } from './colormap.js';
import { csv, matrixRows } from './exports.js';
import { Heatmap } from './heatmap.js';
import { LinePlot } from './lineplot.js';
import { significant } from './numbers.js';
import { BASE, dModel, positions, SPACING } from './params.js';
import { captionOf, Widget } from './widget.js';

// N·d/2 cosines per redraw: 4096 × 8192 stays within a frame's budget.
export const rules = { length: positions(8), dModel: dModel(512, 8192), base: BASE, spacing: SPACING };

/** The readout lines of D(Δ): its value and the cosine similarity. */
const kernelText = (delta, value, d, exact) =>
  `D(${delta}) = ${significant(value, exact)}\ncosine similarity D(Δ)/D(0) = ${significant(value / (d / 2), exact)}`;

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
    describe: (i, j, exact) => {
      const value = kernel[Math.abs(i - j)];
      return { text: `PE(${i})·PE(${j}), Δ = ${j - i}\n${kernelText(Math.abs(i - j), value, values.dModel, exact)}`, value };
    },
  }));
  const plot = w.own(new LinePlot(kernelCanvas, {
    xLabel: 'offset Δ', yLabel: 'D(Δ)', xName: 'Δ', label: 'Plot of the kernel D(Δ)',
    describe: (delta, [value], exact) => [kernelText(delta, value, values.dModel, exact)],
  }));
  w.part('p', 'note', null, right).textContent = 'The kernel D(Δ) = Σ cos(Δ·ω_i): one row that fills the matrix.';
  w.exports({
    name: 'dot-products', title: 'dot products',
    canvases: [{ name: 'dot-products', canvas, label: 'heatmap' }, { name: 'kernel', canvas: kernelCanvas, label: 'kernel' }],
    caption: () => captionOf('dot products', values),
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
    const about = `d = ${d}, N = ${n}`;
    heatmap.show({ rows: n, cols: n, value: (i, j) => k[i > j ? i - j : j - i], min, max: d / 2, about });
    plot.show({ series: [{ label: `D(Δ), d = ${d}`, values: k }], about });
  });
}
