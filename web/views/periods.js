// 6 · Frequencies and periods, the longest highlighted.
import { format } from '../lib/draw.js';
import { csv, exportBar } from '../lib/exports.js';
import { VirtualTable } from '../lib/table.js';

export function mount({ pe, state, scheme }) {
  const table = new VirtualTable(document.querySelector('#periods .scroll'), document.getElementById('periods-table'));
  const note = document.getElementById('periods-note');
  let rows = [];
  const header = ['i', 'dimensions', 'ω_i', 'period 2π/ω_i'];
  exportBar(document.querySelector('[data-export="periods"]'), {
    name: 'periods', data: () => ({ csv: csv(header, rows), json: { ...scheme(), dModel: state.get('periods.d'), header, rows } }),
  });

  return {
    keys: ['periods.d', 'base', 'spacing', 'layout'],
    render() {
      const d = state.get('periods.d'), s = scheme();
      const omega = pe.frequencies(d, s), period = pe.periods(d, s);
      const dimensions = (i) => (s.layout === 'concatenated' ? `${i}, ${i + d / 2}` : `${2 * i}, ${2 * i + 1}`);
      rows = Array.from(omega, (w, i) => [i, dimensions(i), w, period[i]]);
      const longest = period.length - 1;
      table.show(header, rows.map((r, i) => ({
        className: i === longest ? 'longest' : '', cells: [r[0], r[1], format(r[2], 10), format(r[3], 10)],
      })));
      note.textContent = `d = ${d}: periods run from 2π ≈ ${period[0].toFixed(6)} to ${period[longest].toFixed(3)} `
        + `(i = ${longest}, highlighted): no encoding can repeat before position ${Math.floor(period[longest])}.`;
    },
  };
}
