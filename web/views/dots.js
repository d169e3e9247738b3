// 2 · PE·PEᵀ as a heatmap (Toeplitz: constant diagonals) beside its kernel D(Δ).
import { sequential } from '../lib/colormap.js';
import { csv, exportBar, matrixRows } from '../lib/exports.js';
import { Heatmap } from '../lib/heatmap.js';
import { LinePlot } from '../lib/lineplot.js';

export function mount({ pe, state, scheme }) {
  const canvas = document.getElementById('dots-canvas');
  const kernelCanvas = document.getElementById('kernel-canvas');
  let kernel = new Float64Array(1), n = 1, d = 2;
  const heatmap = new Heatmap(canvas, {
    xLabel: 'position j', yLabel: 'position i', map: sequential, diagonal: true,
    label: 'Heatmap of the dot products between positional encodings',
    // Every cell of a diagonal holds the same kernel value: D(|i − j|), in float64.
    describe: (i, j) => {
      const value = kernel[Math.abs(i - j)];
      return { text: `PE(${i})·PE(${j})\nΔ = ${j - i}: D(${Math.abs(i - j)}) = ${value}`, value };
    },
  });
  const plot = new LinePlot(kernelCanvas, { xLabel: 'offset Δ', yLabel: 'D(Δ)', xName: 'Δ', label: 'Plot of the kernel D(Δ)' });
  exportBar(document.querySelector('[data-export="dots"]'), {
    name: 'dot-products',
    canvases: [{ name: 'dot-products', canvas, label: 'heatmap' }, { name: 'kernel', canvas: kernelCanvas, label: 'kernel' }],
    data: () => {
      const m = pe.dotMatrix(n, d, { base: scheme().base, spacing: scheme().spacing, dtype: 'float64' });
      return {
        csv: csv(['i', ...Array.from({ length: n }, (_, j) => `j${j}`)], matrixRows(m)),
        json: { base: scheme().base, spacing: scheme().spacing, dModel: d, kernel: Array.from(kernel), rows: n, cols: n, data: Array.from(m.data) },
      };
    },
  });

  return {
    keys: ['dots.d', 'dots.n', 'base', 'spacing'],
    render() {
      d = state.get('dots.d');
      n = state.get('dots.n');
      const { base, spacing } = scheme();
      // PE·PEᵀ is Toeplitz: the heatmap reads each cell from the kernel row, D(|i − j|), so a
      // redraw costs O(N·d + pixels), never the N² matrix (Save CSV/JSON builds that).
      kernel = pe.dotKernel(n - 1, d, { base, spacing });
      let min = Infinity;
      for (const v of kernel) min = Math.min(min, v);
      const k = kernel;
      heatmap.show({ rows: n, cols: n, value: (i, j) => k[i > j ? i - j : j - i], min, max: d / 2 });
      plot.show({ series: [{ label: `D(Δ), d = ${d}`, values: kernel }] });
    },
    resize() {
      heatmap.render();
      plot.render();
    },
  };
}
