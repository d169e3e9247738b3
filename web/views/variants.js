// 8 · The paper's encoding beside tensor2tensor's: what changes and what does not.
import { maxAbsDiff } from '../lib/checks.js';
import { diverging } from '../lib/colormap.js';
import { format } from '../lib/draw.js';
import { csv, exportBar } from '../lib/exports.js';
import { Heatmap } from '../lib/heatmap.js';
import { fillTable } from '../lib/table.js';

const VARIANTS = [
  { id: 'paper', name: 'paper', options: { spacing: 'paper', layout: 'interleaved' } },
  { id: 't2t', name: 'tensor2tensor', options: { spacing: 'tensor2tensor', layout: 'concatenated' } },
];

export function mount({ pe, state, scheme }) {
  const table = document.getElementById('variants-table');
  let rows = [];
  const maps = VARIANTS.map((v) => {
    let cols = 2;
    const heatmap = new Heatmap(document.getElementById(`variant-${v.id}-canvas`), {
      xLabel: 'dimension', yLabel: 'position', map: diverging, label: `Heatmap of the ${v.name} encoding`,
      describe: (row, col) => {
        const value = pe.encode(row, cols, { base: scheme().base, ...v.options })[col];
        return { text: `${v.name}\npos ${row} · dim ${col}\nPE = ${value}`, value };
      },
    });
    return { ...v, heatmap, show: (m) => { cols = m.cols; heatmap.show({ ...m, min: -1, max: 1 }); } };
  });
  const header = ['', ...VARIANTS.map((v) => v.name), 'changes?'];
  exportBar(document.querySelector('[data-export="variants"]'), {
    name: 'variants', canvases: maps.map((m) => ({ name: `variant-${m.id}`, canvas: m.heatmap.canvas, label: m.name })),
    data: () => ({ csv: csv(header, rows), json: { base: scheme().base, dModel: state.get('variants.d'), header, rows } }),
  });

  return {
    keys: ['variants.d', 'variants.n', 'base'],
    render() {
      const d = state.get('variants.d'), n = state.get('variants.n'), base = scheme().base;
      const facts = maps.map((v) => {
        const o = { base, ...v.options };
        v.show(pe.encoding(n, d, o));
        // The O(N²·d) reference on the first 64 positions keeps every redraw well under 50 ms.
        const m = Math.min(n, 64);
        const fast = pe.dotMatrix(m, d, { base, spacing: o.spacing, dtype: 'float64' }).data;
        const direct = pe.dotMatrix(m, d, { base, spacing: o.spacing, dtype: 'float64', method: 'direct' }).data;
        const k = 7, shifted = pe.shift(pe.encode(3, d, o), k, o), target = pe.encode(3 + k, d, o);
        const periods = pe.periods(d, o);
        return {
          dot12: d >= 2 ? pe.dotKernel(1, d, o)[1] : NaN,
          first: Array.from(pe.encode(1, d, o).subarray(0, 4), (x) => format(x, 5)).join(', '),
          longest: periods[periods.length - 1], toeplitz: maxAbsDiff(fast, direct), rotation: maxAbsDiff(shifted, target),
        };
      });
      rows = [
        ['PE(1), first 4 values', ...facts.map((f) => f.first), 'yes: layout and frequencies'],
        ['dot(1, 2)', ...facts.map((f) => format(f.dot12, 9)), 'yes'],
        ['longest period', ...facts.map((f) => format(f.longest, 9)), 'yes: 2π·base^((d−2)/d) vs 2π·base'],
        ['Toeplitz: max |fill from kernel − direct PE·PEᵀ| (first 64 positions)', ...facts.map((f) => f.toeplitz.toExponential(1)), 'no: both Toeplitz'],
        ['rotation: max |R(7)·PE(3) − PE(10)|', ...facts.map((f) => f.rotation.toExponential(1)), 'no: each pair still rotates'],
      ];
      fillTable(table, header.map((h, i) => (i === 0 ? { textContent: h, className: 'text' } : h)),
        rows.map(([first, ...rest]) => [{ textContent: first, className: 'text' }, ...rest]));
    },
    resize: () => maps.forEach((m) => m.heatmap.render()),
  };
}
