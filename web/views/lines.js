// 3 · Chosen dimensions as curves over positions.
import { csv, exportBar } from '../lib/exports.js';
import { LinePlot } from '../lib/lineplot.js';

export function mount({ pe, state, scheme, message }) {
  const canvas = document.getElementById('lines-canvas');
  const plot = new LinePlot(canvas, { xLabel: 'position', yLabel: 'PE(pos, dim)', xName: 'pos', label: 'Line plot of chosen dimensions' });
  let series = [];
  exportBar(document.querySelector('[data-export="lines"]'), {
    name: 'dimensions', canvases: [{ name: 'dimensions', canvas, label: 'plot' }],
    data: () => ({
      csv: csv(['pos', ...series.map((s) => s.label)],
        Array.from({ length: series[0]?.values.length ?? 0 }, (_, p) => [p, ...series.map((s) => s.values[p])])),
      json: { ...scheme(), dModel: state.get('lines.d'), series: series.map((s) => ({ label: s.label, values: Array.from(s.values) })) },
    }),
  });

  return {
    keys: ['lines.d', 'lines.n', 'lines.dims', 'base', 'spacing', 'layout'],
    render() {
      const d = state.get('lines.d'), n = state.get('lines.n');
      const asked = state.get('lines.dims').split(',').map(Number);
      const dims = asked.filter((c) => c < d);
      if (dims.length < asked.length) message('lines', `dimensions ≥ dModel (${d}) are not shown`);
      const { data } = pe.encoding(n, d, { ...scheme(), dtype: 'float64' });
      series = dims.map((c) => ({ label: `dim ${c}`, values: Float64Array.from({ length: n }, (_, p) => data[p * d + c]) }));
      plot.show({ series, yMin: -1.05, yMax: 1.05 });
    },
    resize: () => plot.render(),
  };
}
