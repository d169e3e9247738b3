// 4 · The worked example, step by step: denominators, angles θ = pos / denominator, sin and cos.
import { format } from '../lib/draw.js';
import { csv, exportBar } from '../lib/exports.js';
import { fillTable } from '../lib/table.js';

export function mount({ pe, state, scheme }) {
  const denominators = document.getElementById('steps-denominators');
  const values = document.getElementById('steps-values');
  let rows = [], header = [];
  exportBar(document.querySelector('[data-export="steps"]'), {
    name: 'step-by-step',
    data: () => ({ csv: csv(header, rows), json: { ...scheme(), dModel: state.get('steps.d'), header, rows } }),
  });

  return {
    keys: ['steps.d', 'steps.n', 'base', 'spacing', 'layout'],
    render() {
      const d = state.get('steps.d'), n = state.get('steps.n'), s = scheme();
      const omega = pe.frequencies(d, s);
      const exponent = (i) => (s.spacing === 'paper' ? `2·${i}/${d}` : `${i}/${Math.max(d / 2 - 1, 1)}`);
      fillTable(denominators, ['i', 'dims', 'exponent', `denominator = ${s.base}^exponent`, 'ω = 1 / denominator'],
        Array.from(omega, (w, i) => [i, dims(i, d, s.layout), exponent(i), format(1 / w, 9), format(w, 9)]),
        'Denominators');
      const m = pe.encoding(n, d, { ...s, dtype: 'float64' });
      header = ['pos', ...Array.from(omega, (_, i) => `θ${i} = pos·ω${i}`),
        ...Array.from({ length: d }, (_, c) => `dim ${c} (${kind(c, d, s.layout)})`)];
      rows = Array.from({ length: n }, (_, pos) => [pos, ...Array.from(omega, (w) => +(pos * w).toPrecision(9)),
        ...Array.from(m.data.subarray(pos * d, (pos + 1) * d), (v) => +v.toPrecision(9))]);
      fillTable(values, header, rows, 'Angles and encodings');
    },
  };
}

const dims = (i, d, layout) => (layout === 'concatenated' ? `${i}, ${i + d / 2}` : `${2 * i}, ${2 * i + 1}`);
const kind = (c, d, layout) => ((layout === 'concatenated' ? c < d / 2 : c % 2 === 0) ? 'sin' : 'cos');
