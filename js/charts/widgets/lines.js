// Chosen dimensions as curves over positions, drawn from the float32 encoding; the readout
// shows each value's pair i, sin or cos, ω_i, the angle and the exact float64 value.
import { csv } from '../kit/exports.js';
import { kind, pairOfColumn } from '../../story/pairs.js';
import { LinePlot } from '../plots/lineplot.js';
import { float32Numbers, number, shortestFloat32, significant } from '../../numbers.js';
import { dModel, positions, SCHEME } from '../kit/params.js';
import { paintApart, sliced } from '../kit/slices.js';
import { aboutOf, captionOf, scheme, Widget } from '../kit/widget.js';

/** Its size: it fills a box of this height (the element's default). */
export const size = { height: '320px' };
// The story's dModel = 512, and four speeds: pair 0 (period 2π), 32, 128 and the slowest, 255.
export const rules = { dModel: dModel(512, 8192), length: positions(100, 2, 131072),
  dims: { label: 'dimensions', list: true, max: 10, def: '0,64,256,510' }, ...SCHEME };

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  let series = [], dims = [], values, omega, cancel;
  w.own({ destroy: () => cancel?.() });  // stops a computation still running
  const canvas = w.canvas('canvas'), note = w.part('p', 'note', 'note');
  const plot = w.own(new LinePlot(canvas, {
    xLabel: 'position', yLabel: 'PE(pos, dimension)', xName: 'pos', label: 'Line plot of chosen dimensions',
    exact: (pos) => {
      const row = pe.encode(pos, values.dModel, scheme(values));
      return dims.map((c) => row[c]);
    },
    describe: (pos, exactValues, exact) => dims.map((c, k) => {
      const i = pairOfColumn(c, values.dModel, values.layout);
      return `dimension ${c} = ${kind(c, values.dModel, values.layout)}, i = ${i}, ω = ${significant(omega[i], exact)}, `
        + `angle ${significant(pos * omega[i], exact)}: ${significant(exactValues[k], exact)}`;
    }),
    rendered: ({ perColumn }) => { note.textContent = blur(perColumn); },
    // Each dimension is a sine or cosine of pos·ω_i: a faint curve between whole positions.
    between: (k, pos) => {
      const c = dims[k], w = omega[pairOfColumn(c, values.dModel, values.layout)];
      return kind(c, values.dModel, values.layout) === 'sin' ? Math.sin(pos * w) : Math.cos(pos * w);
    },
  }));
  // Where a dimension turns within a few pixel columns (under 10 a period), its curve is a solid
  // band, not a wave: say so.
  const blur = (perColumn) => {
    if (!values || !Number.isFinite(perColumn)) return '';
    const period = (c) => 2 * Math.PI / omega[pairOfColumn(c, values.dModel, values.layout)];
    const solid = dims.filter((c) => period(c) < 10 * perColumn), clear = dims.filter((c) => !solid.includes(c));
    if (!solid.length) return '';
    const names = (list) => list.map((c) => `dimension ${c} (period ${number(period(c))})`).join(', ');
    return `At ${number(values.length)} positions one pixel column holds ${number(perColumn, 3)} positions: `
      + `${names(solid)} ${solid.length > 1 ? 'turn' : 'turns'} within a few of them and fill${solid.length > 1 ? '' : 's'} a solid band`
      + (clear.length ? `, while ${names(clear)} still ${clear.length > 1 ? 'trace their waves' : 'traces its wave'}.` : '.');
  };
  w.exports({
    name: 'dimensions', title: 'chosen dimensions', canvases: [{ name: 'dimensions', canvas, label: 'plot' }],
    caption: () => captionOf(`dimensions ${dims.join(', ')}`, values),
    data: () => ({
      // float32 values in their shortest exact form (not the 17 digits of their double).
      // The export's columns keep their names (dim c): scripts read them.
      csv: csv(['pos', ...series.map((s) => `dim ${s.dim}`)],
        Array.from({ length: series[0]?.values.length ?? 0 }, (_, p) => [p, ...series.map((s) => shortestFloat32(s.values[p]))])),
      json: { ...scheme(values), dModel: values.dModel, dtype: 'float32',
        series: series.map((s) => ({ label: `dim ${s.dim}`, dim: s.dim, values: float32Numbers(s.values) })) },
    }),
  });
  return w.api((v, say) => {
    values = v;
    const { dModel: d, length: n } = v;
    const asked = v.dims.split(',').map(Number);
    dims = asked.filter((c) => c < d);
    if (dims.length < asked.length) say(`dimensions ≥ dModel (${d}) are not shown`);
    omega = pe.frequencies(d, scheme(v));
    series = dims.map((c) => ({ label: `dimension ${c}`, dim: c, values: new Float32Array(n) }));
    cancel?.();
    const about = aboutOf(d, n);
    plot.busy('values', n * d > 1 << 22);
    if (n * d <= 1 << 22) {
      const { data } = pe.encoding(n, d, scheme(v));
      series.forEach((s) => { for (let p = 0; p < n; p++) s.values[p] = data[p * d + s.dim]; });
      plot.show({ series, yMin: -1.05, yMax: 1.05, about });
      return;
    }
    // Only the chosen columns (N × d at once is 4 GB at 131072 × 8192): each value the
    // package's way, libm's sin/cos of pos·ω_i rounded to float32 (src/encoding.cpp), a few
    // thousand positions per step, sliced across tasks (1.3 million sines take ~100 ms).
    const curves = series.map((s) => ({ values: s.values, frequency: omega[pairOfColumn(s.dim, d, v.layout)],
      f: kind(s.dim, d, v.layout) === 'sin' ? Math.sin : Math.cos }));
    const slice = Math.ceil((1 << 16) / curves.length);
    const job = sliced((function* () {
      for (let from = 0; from < n; from += slice) {
        for (const { values: out, frequency, f } of curves)
          for (let p = from, to = Math.min(n, from + slice); p < to; p++) out[p] = f(p * frequency);
        yield;
      }
    })(), { budget: 8 });
    cancel = job.cancel;
    job.done.then(() => {
      const painted = paintApart(() => plot.show({ series, yMin: -1.05, yMax: 1.05, about }));
      cancel = painted.cancel;
      painted.done.then(() => {
        cancel = null;
        plot.busy('values', false);
      });
    }, (error) => {
      cancel = null;
      plot.busy('values', false);
      throw error;  // reported as any script error; the chart is not left busy
    });
  });
}
