// Frequencies and periods 2π/ω_i: a log-scale plot of the periods (the longest marked and
// named) beside a virtual table of every pair.
import { csv } from '../kit/exports.js';
import { pairColumns } from '../../story/pairs.js';
import { LinePlot } from '../plots/lineplot.js';
import { number, precise, significant, sub } from '../../numbers.js';
import { dModel, SCHEME } from '../kit/params.js';
import { VirtualTable } from '../plots/table.js';
import { captionOf, scheme, Widget } from '../kit/widget.js';

/** Its size: it sizes to its content, with charts this tall. */
export const size = { scroll: '20rem' };
export const rules = { dModel: dModel(512, 8192), ...SCHEME };

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  const note = w.part('p', 'note', 'note');
  const longestLine = w.part('p', 'summary', 'longest');
  const pair = w.part('div', 'pair');
  const canvas = w.canvas('canvas', w.part('div', '', null, pair));
  canvas.parentElement.classList.add('tall');
  const plot = w.own(new LinePlot(canvas, {
    xLabel: 'pair i', yLabel: 'period (positions, log scale)', xName: 'i', label: 'Log-scale plot of the periods 2π/ωᵢ', yLog: true, legendLeft: true,
    describe: (i, [period], exact) => [`${sub('ω', i)} = ${significant(2 * Math.PI / period, exact)}`, `period 2π/${sub('ω', i)} = ${significant(period, exact)}`],
  }));
  const scroller = w.scroller('Table of the frequencies and periods', 'scroll tall', pair);
  const table = new VirtualTable(scroller, w.part('table', 'virtual', 'table', scroller), 'Frequencies ωᵢ and periods 2π/ωᵢ of each pair');
  const header = ['i', 'dimensions', 'ωᵢ', 'period 2π/\u2060ωᵢ'];  // (a word joiner: a phone's header never breaks after the slash)
  let rows = [], values;
  w.exports({
    name: 'periods', canvases: [{ name: 'periods', canvas, label: 'plot' }], caption: () => captionOf('periods', values),
    data: () => ({
      csv: csv(['i', 'sin dim', 'cos dim', 'omega', 'period'], rows.map(([i, [s, c], x, p]) => [i, s, c, x, p])),
      json: { ...scheme(values), dModel: values.dModel, pairs: rows.map(([i, dims, omega, period]) => ({ i, dims, omega, period })) },
    }),
  });
  return w.api((v) => {
    values = v;
    const d = v.dModel, s = scheme(v);
    const omega = pe.frequencies(d, s), period = pe.periods(d, s), longest = period.length - 1;
    rows = Array.from(omega, (x, i) => [i, pairColumns(i, d, s.layout), x, period[i]]);
    // Cells formatted when their row is in view (the table keeps ~40 rows): 4096 pairs at d =
    // 8192 formatted at once were ~15 ms of a redraw.
    table.show(header, rows.map((r, i) => ({
      className: i === longest ? 'longest' : '', get cells() { return [r[0], r[1].join(', '), precise(r[2], 6), precise(r[3], 6)]; },
    })));
    plot.show({ series: [{ label: 'period 2π/ωᵢ', values: period }], yMin: period[0], yMax: period[longest], about: `dModel = ${d}`,
      mark: { index: longest, label: `longest: ${number(period[longest])}` } });
    longestLine.textContent = `Longest period: pair i = ${longest} (dimensions ${rows[longest][1].join(', ')}), `
      + `${number(period[longest])} positions.`;
    note.textContent = `dModel = ${d}: the pairs turn once every 2π ≈ ${number(2 * Math.PI, 3)} positions (i = 0) up to every `
      + `${number(period[longest])} positions (i = ${longest}). Integer positions never repeat exactly `
      + `(ω₀ = 1 and 2π is irrational); how close they come is the near-repeats chart's question, below.`;
  });
}
