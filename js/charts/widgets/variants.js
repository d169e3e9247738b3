// The paper's encoding beside tensor2tensor's: what changes and what does not.
import { fixed, number, precise } from '../../numbers.js';
import { cellText } from '../kit/cell.js';
import { maxAbsDiff } from '../../story/matrix.js';
import { diverging } from '../canvas/colormap.js';
import { csv } from '../kit/exports.js';
import { Heatmap } from '../plots/heatmap.js';
import { aliasingNote } from '../kit/aliasing.js';
import { BASE, dModel, positions } from '../kit/params.js';
import { fillTable } from '../plots/table.js';
import { aboutOf, captionOf, Widget } from '../kit/widget.js';

// Both variants also get a direct O(N²·d) product, hence the smaller limits.
/** Its size: it sizes to its content, with charts this tall. */
export const size = { pairChart: '260px' };
export const rules = { dModel: dModel(512, 512), length: positions(100, 1, 256), base: BASE };

const VARIANTS = [
  { id: 'paper', name: 'paper', options: { spacing: 'paper', layout: 'interleaved' }, caption: 'Paper: interleaved, base^(−2i/dModel)' },
  { id: 't2t', name: 'tensor2tensor', options: { spacing: 'tensor2tensor', layout: 'concatenated' },
    caption: 'tensor2tensor: concatenated, base^(−i/(dModel/2−1))' },
];

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  const pair = w.part('div', 'pair');
  let rows = [], values;
  const maps = VARIANTS.map((v) => {
    const column = w.part('div', '', null, pair);
    let cols = 2;
    const heatmap = w.own(new Heatmap(w.canvas(`${v.id}-canvas`, column), {
      xLabel: 'dimension', yLabel: 'position', map: diverging, label: `Heatmap of the ${v.name} encoding`,
      describe: (row, col, exact) => {
        const o = { base: values.base, ...v.options }, value = pe.encode(row, cols, o)[col];
        const omega = pe.frequencies(cols, o);
        return { text: `${v.name}\n${cellText({ pos: row, dim: col, d: cols, layout: o.layout, omega, value, exact })}`, value };
      },
    }));
    heatmap.rendered = aliasingNote(w, column);
    w.part('p', 'note', null, column).textContent = v.caption;
    return { ...v, heatmap, show: (m) => { cols = m.cols; heatmap.show({ ...m, min: -1, max: 1, about: aboutOf(m.cols, m.rows) }); } };
  });
  const table = w.part('table', '', 'table', w.scroller('Table comparing the paper and tensor2tensor encodings'));
  table.dataset.numbers = 'rows';  // one quantity per row, formatted alike along it (docs/naming.md)
  const header = ['', ...VARIANTS.map((v) => v.name), 'changes?'];
  let numbers = [];  // [quantity, paper value, tensor2tensor value]: one number per cell
  w.exports({
    name: 'variants', title: 'paper and tensor2tensor encodings',
    canvases: maps.map((m) => ({ name: `variant-${m.id}`, canvas: m.heatmap.canvas, label: m.name })),
    caption: () => captionOf('paper vs tensor2tensor', values),
    data: () => ({
      csv: csv(['quantity', ...VARIANTS.map((v) => v.name)], numbers),
      json: { base: values.base, dModel: values.dModel, length: values.length,
        quantities: numbers.map(([quantity, ...both]) => ({ quantity, ...Object.fromEntries(VARIANTS.map((v, i) => [v.name, both[i]])) })) },
    }),
  });
  return w.api((v) => {
    values = v;
    const { dModel: d, length: n, base } = v;
    const facts = maps.map((variant) => {
      const o = { base, ...variant.options };
      variant.show(pe.encoding(n, d, o));
      // The O(N²·d) reference on the first 64 positions keeps every redraw well under 50 ms.
      const m = Math.min(n, 64);
      const fast = pe.dotMatrix(m, d, { base, spacing: o.spacing, dtype: 'float64' }).data;
      const direct = pe.dotMatrix(m, d, { base, spacing: o.spacing, dtype: 'float64', method: 'direct' }).data;
      const k = 7, shifted = pe.shift(pe.encode(3, d, o), k, o), target = pe.encode(3 + k, d, o);
      const periods = pe.periods(d, o);
      return {
        dot12: pe.dotKernel(1, d, o)[1],
        first: Array.from(pe.encode(1, d, o).subarray(0, 4)),
        longest: periods[periods.length - 1], toeplitz: maxAbsDiff(fast, direct), rotation: maxAbsDiff(shifted, target),
      };
    });
    rows = [
      ['PE(1), first 4 values', ...facts.map((f) => f.first.map((x) => fixed(x, 5)).join(', ')), 'yes: layout and frequencies'],
      ['dot(1, 2)', ...facts.map((f) => precise(f.dot12, 6)), 'yes'],
      ['longest period', ...facts.map((f) => precise(f.longest, 6)), 'yes: the slowest frequency differs'],
      ['Toeplitz: max |fill from kernel − direct PE·PEᵀ| (first 64 positions)', ...facts.map((f) => number(f.toeplitz, 2)), 'no: both Toeplitz'],
      ['rotation: max |R(7)·PE(3) − PE(10)|', ...facts.map((f) => number(f.rotation, 2)), 'no: each pair still rotates'],
    ];
    numbers = [...facts[0].first.map((_, c) => [`PE(1) dim ${c}`, ...facts.map((f) => f.first[c])]),
      ...[['PE(1)·PE(2)', 'dot12'], ['longest period', 'longest'], ['Toeplitz max difference', 'toeplitz'], ['rotation max difference', 'rotation']]
        .map(([quantity, key]) => [quantity, ...facts.map((f) => f[key])])];
    fillTable(table, header.map((h, i) => (i === 0 ? { textContent: h, className: 'text' } : h)),
      rows.map(([first, ...rest]) => [{ textContent: first, className: 'text' }, ...rest]), 'The paper vs tensor2tensor: what changes');
  });
}
