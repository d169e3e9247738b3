// Chosen dimensions as curves over positions, drawn from the float32 encoding; the readout
// shows the exact float64 values.
import { csv } from './exports.js';
import { LinePlot } from './lineplot.js';
import { dModel, positions, SCHEME } from './params.js';
import { scheme, Widget } from './widget.js';

export const rules = { dModel: dModel(20), length: positions(100, 2), dims: { label: 'dimensions', list: true, max: 10, def: '4,5,6,7' },
  ...SCHEME };

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  let series = [], dims = [], values, buffer = new Float32Array(0);
  const canvas = w.canvas('canvas');
  const plot = w.own(new LinePlot(canvas, {
    xLabel: 'position', yLabel: 'PE(pos, dim)', xName: 'pos', label: 'Line plot of chosen dimensions',
    exact: (pos) => {
      const row = pe.encode(pos, values.dModel, scheme(values));
      return dims.map((c) => row[c]);
    },
  }));
  w.exports({
    name: 'dimensions', canvases: [{ name: 'dimensions', canvas, label: 'plot' }],
    data: () => ({
      csv: csv(['pos', ...series.map((s) => s.label)],
        Array.from({ length: series[0]?.values.length ?? 0 }, (_, p) => [p, ...series.map((s) => s.values[p])])),
      json: { ...scheme(values), dModel: values.dModel, dtype: 'float32', series: series.map((s) => ({ label: s.label, values: Array.from(s.values) })) },
    }),
  });
  return w.api((v, say) => {
    values = v;
    const { dModel: d, length: n } = v;
    const asked = v.dims.split(',').map(Number);
    dims = asked.filter((c) => c < d);
    if (dims.length < asked.length) say(`dimensions ≥ dModel (${d}) are not shown`);
    if (buffer.length < n * d) buffer = new Float32Array(Math.max(n * d, 2 * buffer.length));  // grow-only, reused
    const { data } = pe.encoding(n, d, { ...scheme(v), out: buffer.subarray(0, n * d) });
    series = dims.map((c) => ({ label: `dim ${c}`, values: Float32Array.from({ length: n }, (_, p) => data[p * d + c]) }));
    plot.show({ series, yMin: -1.05, yMax: 1.05 });
  });
}
