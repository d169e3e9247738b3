// PE·PEᵀ as a heatmap (Toeplitz: constant diagonals) beside its kernel D(Δ) = Σ cos(Δ·ωᵢ).
// Readouts give D(Δ) and the cosine similarity D(Δ)/D(0) (every |PE(pos)|² = D(0) = d/2).
// Up to N·d/2 = 2²³ cosines the package computes the kernel at once; beyond (131072 positions
// at d = 8192: 5·10⁸), a strided preview draws at once and the full kernel follows in windows
// across tasks (kernel.js), in about half a second, each chart then painted in a task of its own.
import { sequential } from '../canvas/colormap.js';
import { csv, matrixRows } from '../kit/exports.js';
import { Heatmap } from '../plots/heatmap.js';
import { kernelAt, kernelInSlices } from '../kit/kernel.js';
import { paintApart } from '../kit/slices.js';
import { LinePlot } from '../plots/lineplot.js';
import { number, significant } from '../../numbers.js';
import { BASE, dModel, positions, SPACING } from '../kit/params.js';
import { aboutOf, captionOf, Widget } from '../kit/widget.js';

/** Its size: it fills a box of this height (the element's default). */
export const size = { height: '320px' };
export const rules = { length: positions(8, 1, 131072), dModel: dModel(512, 8192), base: BASE, spacing: SPACING };

// Kernels of up to this many cosine terms (~5 ms here) are computed at once; larger ones in
// windows after a preview of ~PREVIEW offsets (~3 ms at d = 8192).
const AT_ONCE = 1 << 23, PREVIEW = 512;
// Up to this many positions the exports hold the N × N matrix (4M values, ~80 MB of CSV);
// beyond, the kernel row alone, which determines it.
const MATRIX_EXPORT = 2048;

/** The readout lines of D(Δ): its value and the cosine similarity. */
const kernelText = (delta, value, d, exact) =>
  `D(${delta}) = ${significant(value, exact)}\ncosine similarity D(Δ)/D(0) = ${significant(value / (d / 2), exact)}`;

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  let kernel = new Float64Array(1), values, omega, cancel;
  w.own({ destroy: () => cancel?.() });  // stops a kernel still being computed
  const at = (delta) => (kernel ? kernel[delta] : kernelAt(omega, delta));
  const pair = w.part('div', 'pair');
  const [left, right] = [w.part('div', '', null, pair), w.part('div', '', null, pair)];
  const canvas = w.canvas('canvas', left), kernelCanvas = w.canvas('kernel', right);
  const heatmap = w.own(new Heatmap(canvas, {
    xLabel: 'position b', yLabel: 'position a', map: sequential, diagonal: true,
    label: 'Heatmap of the dot products between positional encodings',
    // Every cell of a diagonal holds the same kernel value: D(|i − j|), in float64.
    describe: (i, j, exact) => {
      const value = at(Math.abs(i - j));
      return { text: `PE(${i})·PE(${j}), Δ = ${j - i}\n${kernelText(Math.abs(i - j), value, values.dModel, exact)}`, value };
    },
  }));
  const plot = w.own(new LinePlot(kernelCanvas, {
    xLabel: 'offset Δ', yLabel: 'D(Δ)', xName: 'Δ', label: 'Plot of the kernel D(Δ)',
    describe: (delta, [value], exact) => [kernelText(delta, value, values.dModel, exact)],
  }));
  const note = w.part('p', 'note', 'kernel-note', right);
  const explain = (preview) => {
    for (const chart of [heatmap, plot]) chart.busy('kernel', preview > 0);
    note.textContent = `The kernel D(Δ) = Σ cos(Δ·ωᵢ): one row that fills the matrix.${preview
      ? ` Preview of every ${preview}th offset; computing all ${number(values.length)}…` : ''}`;
  };
  w.exports({
    name: 'dot-products', title: 'dot products',
    canvases: [{ name: 'dot-products', canvas, label: 'heatmap' }, { name: 'kernel', canvas: kernelCanvas, label: 'kernel' }],
    caption: () => captionOf('dot products', values),
    data: () => {
      const { length: n, dModel: d, base, spacing } = values;
      const row = kernel ?? pe.dotKernel(n - 1, d, { base, spacing });  // asked for before the windows finish
      if (n > MATRIX_EXPORT) return {
        csv: csv(['delta', 'D'], Array.from(row, (x, delta) => [delta, x])),
        json: { base, spacing, dModel: d, length: n, kernel: Array.from(row) },
      };
      const matrix = () => pe.dotMatrix(n, d, { base, spacing, dtype: 'float64' });
      return {
        csv: () => csv(['i', ...Array.from({ length: n }, (_, j) => `j${j}`)], matrixRows(matrix())),
        json: () => ({ base, spacing, dModel: d, kernel: Array.from(row), rows: n, cols: n, data: Array.from(matrix().data) }),
      };
    },
  });
  const draw = (k, stride) => {
    const { length: n, dModel: d } = values;
    let min = Infinity;
    for (const x of k) min = Math.min(min, x);
    const about = aboutOf(d, n);
    // PE·PEᵀ is Toeplitz: the heatmap reads each cell from the kernel row, D(|i − j|), so a
    // redraw costs O(N·d + pixels), never the N² matrix (Save CSV/JSON builds that). A strided
    // preview shows each pixel's cell moved to the nearest multiple of the stride.
    const source = stride === 1 ? { value: (i, j) => k[i > j ? i - j : j - i] } : {
      sample: (rowList, colList) => {
        const out = new Float64Array(rowList.length * colList.length), last = k.length - 1;
        for (let y = 0, at = 0; y < rowList.length; y++)
          for (let x = 0; x < colList.length; x++, at++) out[at] = k[Math.min(last, Math.round(Math.abs(rowList[y] - colList[x]) / stride))];
        return out;
      },
    };
    heatmap.show({ rows: n, cols: n, ...source, min, max: d / 2, about });
    // From 0 at least: D(Δ) reaching 0 (the horizon) is what the story reads off this plot; a
    // floor at the least value drawn made the curve seem to reach 0 within the window.
    plot.show({ series: [{ label: `D(Δ), dModel = ${d}`, values: k }], step: stride, yMin: Math.min(0, min), about });
  };
  return w.api((v) => {
    values = v;
    cancel?.();
    const { length: n, dModel: d, base, spacing } = v;
    omega = pe.frequencies(d, { base, spacing });
    if (n * (d / 2) <= AT_ONCE) {
      kernel = pe.dotKernel(n - 1, d, { base, spacing });
      explain(0);
      return draw(kernel, 1);
    }
    const stride = Math.ceil(n / PREVIEW), count = Math.ceil(n / stride);
    kernel = null;
    explain(stride);
    // D(k·stride) = Σ cos(k·(stride·ω_i)): the kernel of the angles scaled by the stride, in
    // wasm (the same sums in a JS loop, run cold on a first visit, made an update of 50 ms).
    draw(pe.dotKernel(count - 1, d, { base, spacing, angleScale: stride }), stride);
    const job = kernelInSlices(pe, n, d, { base, spacing });
    cancel = job.cancel;
    job.done.then((full) => {
      kernel = full;
      const painted = paintApart(() => draw(full, 1));
      cancel = painted.cancel;
      painted.done.then(() => {
        cancel = null;
        explain(0);
      });
    }, (error) => {  // e.g. no memory left for a window: the preview stays, said so, not busy
      cancel = null;
      explain(0);
      note.textContent = `The kernel could not be computed (${error.message}); the preview above samples every ${stride}th offset.`;
    });
  });
}
