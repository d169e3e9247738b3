// 3 · Chosen dimensions as curves over positions.
import { csv, exportBar } from '../lib/exports.js';
import { LinePlot } from '../lib/lineplot.js';

export function mount({ pe, state, scheme, message }) {
  const canvas = document.getElementById('lines-canvas');
  let series = [], dims = [], buffer = new Float32Array(0);
  const plot = new LinePlot(canvas, {
    xLabel: 'position', yLabel: 'PE(pos, dim)', xName: 'pos', label: 'Line plot of chosen dimensions',
    // Curves are drawn from the float32 encoding; the tooltip shows exact float64 values.
    exact: (pos) => {
      const row = pe.encode(pos, state.get('lines.d'), scheme());
      return dims.map((c) => row[c]);
    },
  });
  exportBar(document.querySelector('[data-export="lines"]'), {
    name: 'dimensions', canvases: [{ name: 'dimensions', canvas, label: 'plot' }],
    data: () => ({
      csv: csv(['pos', ...series.map((s) => s.label)],
        Array.from({ length: series[0]?.values.length ?? 0 }, (_, p) => [p, ...series.map((s) => s.values[p])])),
      json: { ...scheme(), dModel: state.get('lines.d'), dtype: 'float32', series: series.map((s) => ({ label: s.label, values: Array.from(s.values) })) },
    }),
  });

  return {
    keys: ['lines.d', 'lines.n', 'lines.dims', 'base', 'spacing', 'layout'],
    render() {
      const d = state.get('lines.d'), n = state.get('lines.n');
      const asked = state.get('lines.dims').split(',').map(Number);
      dims = asked.filter((c) => c < d);
      if (dims.length < asked.length) message('lines', `dimensions ≥ dModel (${d}) are not shown`);
      if (buffer.length < n * d) buffer = new Float32Array(Math.max(n * d, 2 * buffer.length));  // grow-only, reused
      const { data } = pe.encoding(n, d, { ...scheme(), out: buffer.subarray(0, n * d) });
      series = dims.map((c) => ({ label: `dim ${c}`, values: Float32Array.from({ length: n }, (_, p) => data[p * d + c]) }));
      plot.show({ series, yMin: -1.05, yMax: 1.05 });
    },
    resize: () => plot.render(),
  };
}
