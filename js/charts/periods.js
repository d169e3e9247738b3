// Frequencies and periods 2π/ω_i, the longest highlighted, in a virtual table.
import { format } from './draw.js';
import { csv } from './exports.js';
import { pairIndices } from './layout.js';
import { dModel, SCHEME } from './params.js';
import { VirtualTable } from './table.js';
import { scheme, Widget } from './widget.js';

export const rules = { dModel: dModel(512), ...SCHEME };

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  const note = w.part('p', 'note', 'note');
  const scroller = w.part('div', 'scroll tall');
  const table = new VirtualTable(scroller, w.part('table', 'virtual', 'table', scroller));
  const header = ['i', 'dimensions', 'ω_i', 'period 2π/ω_i'];
  let rows = [], values;
  w.exports({ name: 'periods', data: () => ({ csv: csv(header, rows), json: { ...scheme(values), dModel: values.dModel, header, rows } }) });
  return w.api((v) => {
    values = v;
    const d = v.dModel, s = scheme(v);
    const omega = pe.frequencies(d, s), period = pe.periods(d, s);
    rows = Array.from(omega, (x, i) => [i, pairIndices(i, d, s.layout).join(', '), x, period[i]]);
    const longest = period.length - 1;
    table.show(header, rows.map((r, i) => ({
      className: i === longest ? 'longest' : '', cells: [r[0], r[1], format(r[2], 10), format(r[3], 10)],
    })));
    note.textContent = `d = ${d}: periods run from 2π ≈ ${period[0].toFixed(6)} to ${period[longest].toFixed(3)} `
      + `(i = ${longest}, highlighted): no encoding can repeat before position ${Math.floor(period[longest])}.`;
  });
}
