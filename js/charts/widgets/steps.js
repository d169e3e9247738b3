// The worked example, step by step: denominators, angles pos·ω, then sin and cos.
import { decimalsFor, fixed, number, sub } from '../../numbers.js';
import { csv } from '../kit/exports.js';
import { kind, pairColumns } from '../../story/pairs.js';
import { dModel, positions, SCHEME } from '../kit/params.js';
import { fillTable } from '../plots/table.js';
import { scheme, Widget } from '../kit/widget.js';

/** Its size: it sizes to its content; its charts have fixed heights of their own. */
export const size = {};
export const rules = { dModel: dModel(4, 16), length: positions(5, 1, 20), ...SCHEME };

// Five decimals: sin 1 = 0.84147 beside cos(0.01) = 0.99995, as a hand computation writes them.
const DECIMALS = 5;

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  // Stacked, each as wide as it needs: side by side they hid the ω column and dimensions 2–3 at dModel = 4.
  const tables = w.part('div', 'stack');
  const denominators = w.part('table', '', 'denominators', w.scroller('Denominators and frequencies', 'scroll', tables));
  // The angles, then their sines and cosines: two tables narrow enough for a phone.
  const angles = w.part('table', '', 'angles', w.scroller('Angles', 'scroll', tables));
  const encodings = w.part('table', '', 'values', w.scroller('Encodings', 'scroll', tables));
  let rows = [], header = [], values;
  w.exports({
    name: 'step-by-step', title: 'worked example',
    data: () => ({ csv: csv(header, rows), json: { ...scheme(values), dModel: values.dModel, header, rows } }),
  });
  return w.api((v) => {
    values = v;
    const { dModel: d, length: n } = v, s = scheme(v);
    const omega = pe.frequencies(d, s);
    const exponent = (i) => (s.spacing === 'paper' ? `2·${i}/${d}` : `${i}/${Math.max(d / 2 - 1, 1)}`);
    // Whole denominators (1 and 100 at dModel = 4) without decimals: "100.000" reads as a hundred thousand to many readers.
    const denominator = Array.from(omega, (x) => 1 / x), whole = denominator.every((x) => Math.abs(x - Math.round(x)) < 1e-9 * x);
    fillTable(denominators, ['i', 'dimensions', 'exponent', 'denominator', 'ω'],
      Array.from(omega, (x, i) => [i, pairColumns(i, d, s.layout).join(', '), exponent(i), whole ? number(Math.round(denominator[i])) : fixed(denominator[i], decimalsFor(denominator)), fixed(x, DECIMALS)]),
      `Denominators: the base (${number(s.base)}) raised to the exponent; frequencies ω = 1 / denominator`);
    const m = pe.encoding(n, d, { ...s, dtype: 'float64' });
    header = ['pos', ...Array.from(omega, (_, i) => `angle pos·${sub('ω', i)}`),
      ...Array.from({ length: d }, (_, c) => `PE(pos, ${c}) ${kind(c, d, s.layout)}`)];
    rows = Array.from({ length: n }, (_, pos) => [pos, ...Array.from(omega, (x) => pos * x), ...m.data.subarray(pos * d, (pos + 1) * d)]);
    // Every column at DECIMALS decimals, so its digits line up; the exports keep every digit.
    const shown = rows.map((row) => row.map((x, c) => (c === 0 ? x : fixed(x, DECIMALS)))), split = 1 + omega.length;
    fillTable(angles, header.slice(0, split), shown.map((row) => row.slice(0, split)), 'Angles');
    fillTable(encodings, [header[0], ...header.slice(split)], shown.map((row) => [row[0], ...row.slice(split)]), 'Encodings: sin and cos of the angles');
  });
}
