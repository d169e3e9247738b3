// "Your framework": one named convention (posenc.conventions) beside the paper. Its formula,
// the framework calls it equals, three heatmaps (the paper, the convention, and the change of
// values once the paper is laid out in the convention's column order, see
// ../../story/convention-vs-paper.js), the numbers that differ, and a snippet to copy that
// reproduces them with posenc.
import { decimalsFor, fixed, number } from '../../numbers.js';
import { CONVENTIONS } from '../../conventions.js';
import { conventionSnippet } from '../../story/convention-snippet.js';
import { conventionVsPaper } from '../../story/convention-vs-paper.js';
import { MAX_POSITIONS, parsePositions } from '../../story/positions-list.js';
import { diverging } from '../canvas/colormap.js';
import { csv } from '../kit/exports.js';
import { Heatmap } from '../plots/heatmap.js';
import { aliasingNote } from '../kit/aliasing.js';
import { BASE } from '../kit/params.js';
import { fillTable } from '../plots/table.js';
import { Widget } from '../kit/widget.js';

const POSITIONS_DEFAULT = '0..63';

// A list of positions: numbers ("0, 250.5, 999") and whole ranges ("0..63").
const POSITIONS = {
  label: 'positions', text: true, def: POSITIONS_DEFAULT,
  coerce(raw, name = 'positions') {
    const { list, text, dropped } = parsePositions(raw);
    const problem = dropped.length
      ? `${name} must be finite numbers or whole ranges a..b, at most ${MAX_POSITIONS} in all: dropped ${dropped.join(' ')}`
      : `${name}: none given`;
    if (list.length === 0) return { value: POSITIONS_DEFAULT, message: `${problem}; using ${POSITIONS_DEFAULT}` };
    return dropped.length ? { value: text, message: problem } : { value: text };
  },
};

// dModel may be odd: whether it is allowed depends on the convention (checked when drawing).
/** Its size: it sizes to its content, with charts this tall. */
export const size = { pairChart: '240px' };
export const rules = {
  convention: { label: 'convention', choices: Object.keys(CONVENTIONS), def: 'tensor2tensor' },
  dModel: { label: 'dModel', integer: true, min: 2, max: 1024, def: 512 },
  positions: POSITIONS,
  base: BASE,
};

const MAPS = [
  { id: 'paper', key: 'paper', text: () => 'The paper: sin and cos interleaved, ωᵢ = base^(−2i/dModel)' },
  { id: 'convention', key: 'encoding', text: (c) => `${c.name}: ${c.options.layout}, ${c.options.order}, ${c.options.spacing} spacing` },
  { id: 'difference', key: 'difference', text: (c) => `${c.name} − the paper in ${c.name}'s column order: the change of values` },
];

/** What the numbers say: a permutation of the paper's columns, or other values (and why). */
function verdict(c, dModel, { maxDiff, valueDiff }) {
  if (maxDiff === 0) return `${c.name} is the paper's encoding, column for column.`;
  if (valueDiff === 0)
    return `${c.name} is the paper's encoding with its columns permuted (${c.options.layout}, ${c.options.order}): `
      + 'the same values in another order, so every dot product, distance and period is the paper\'s.';
  const why = [c.options.spacing !== 'paper' && `${c.options.spacing} spacing`,
    c.amplitude !== 1 && `amplitude ${c.amplitude}`,
    dModel % 2 !== 0 && c.oddDModel !== 'extra-sine' && 'its odd-d rule, where the paper adds a sine column'].filter(Boolean);
  return `${c.name} changes values, not only their order: max |difference| ${number(valueDiff, 4)} once the paper is `
    + `laid out in ${c.name}'s column order (${why.join('; ')}).`;
}

// Shown rounded, a row's numbers at one count of decimals (6 digits for the larger, as the
// story's prose: the convention's 249.128 above the paper's 249.102); each cell's title holds the exact
// value(s), as the snippet prints them.
const cellsOf = (cells, digits = 6) => {
  const decimals = decimalsFor(cells.flat(), digits);
  return cells.map((x) => (Array.isArray(x)
    ? { textContent: x.map((v) => fixed(v, 5)).join(', '), title: x.join(', ') }
    : { textContent: Math.abs(x) < 1e-4 ? number(x, 2) : fixed(x, decimals), title: String(x) }));
};

// A largest difference: 4 significant digits, no zeros padded on (2, not 2.000, beside 0.08948).
const diffCells = (cells) => cells.map((x) => ({ textContent: number(x, 4), title: String(x) }));

/** The table of numbers, convention beside paper (each row's class names its number); its rows for CSV. */
function fillNumbers(table, dModel, { numbers: n, paperNumbers: p, maxDiff, valueDiff }) {
  // The paper first, as in the tensor2tensor table above it.
  const lines = [
    ['first', "PE(1)'s first 4 values", p.first, n.first],
    ['dot12', `dot(1, 2) at dModel = ${dModel}`, p.dot12, n.dot12],
    ['longestPeriod', 'longest period', p.longestPeriod, n.longestPeriod],
    ['maxDiff', "max |PE − paper's PE|", 0, maxDiff],
    ['valueDiff', "max |PE − paper's PE in this column order|", 0, valueDiff],
  ];
  fillTable(table, [{ textContent: '', className: 'text' }, 'paper', 'convention'],
    lines.map(([key, label, ...cells]) => ({ className: key, cells: [{ textContent: label, className: 'text' }, ...(key.endsWith('Diff') ? diffCells(cells) : cellsOf(cells))] })));
  // The four values of PE(1) may wrap (a phone's column); the other cells are one number each.
  for (const td of table.querySelectorAll('tr.first td:not(.text)')) td.style.whiteSpace = 'normal';
  return lines.map(([, label, ...cells]) => [label, ...cells.map((x) => (Array.isArray(x) ? x.join(' ') : x))]);
}

/** A button that copies `code`'s text; where the clipboard is refused, it selects it for Ctrl+C. */
function copyButton(w, code) {
  const copy = w.part('button', 'copy', 'copy');
  Object.assign(copy, { type: 'button', textContent: 'Copy the snippet' });
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(code.textContent);
      copy.textContent = 'Copied';
    } catch {
      getSelection().selectAllChildren(code);
      copy.textContent = 'Press Ctrl+C to copy';
    }
  }, { signal: w.listeners.signal });
  return copy;
}

export function create(root, pe, options = {}) {
  const w = new Widget(root, rules, options);
  const attribute = (key) => options.name?.(key, rules[key]) ?? key;
  const about = w.part('div', 'about', 'about');
  const title = w.part('strong', 'title', null, w.part('p', '', null, about));
  const formula = w.part('code', 'formula', 'formula', w.part('p', '', null, about));
  // Its rule for an odd dModel, under the formula it amends (below the list of calls it read as
  // the maps' title).
  const odd = w.part('p', 'note', null, about);
  const equals = w.part('ul', 'equals', 'equals', about);
  // The two encodings side by side, their difference below at full width.
  const pairs = [w.part('div', 'pair'), w.part('div', 'pair')];
  let shown, values, rows = [];
  const maps = MAPS.map((m, i) => {
    const column = w.part('div', '', null, pairs[Math.floor(i / 2)]);
    const heatmap = w.own(new Heatmap(w.canvas(`${m.id}-canvas`, column), {
      xLabel: 'dimension', yLabel: 'row (position in the list)', map: diverging, label: `Heatmap: ${m.id}`,
      describe: (row, col) => {
        const { cols, data } = shown[m.key], value = data[row * cols + col];
        return { text: `${m.id}\npos ${values.list[row]} · dimension ${col}\nvalue ${value}`, value };
      },
    }));
    heatmap.rendered = aliasingNote(w, column, { rows: 'rows', cols: 'dimensions' });
    return { ...m, heatmap, note: w.part('p', 'note', null, column) };
  });
  const summary = w.part('p', 'summary', 'summary');
  const table = w.part('table', '', 'table', w.scroller('The convention beside the paper, in numbers'));
  table.dataset.numbers = 'rows';  // one quantity per row, formatted alike along it (docs/naming.md)
  const code = w.part('code', '', 'snippet', w.part('pre', 'snippet', null, w.scroller('A snippet that reproduces it with posenc')));
  const copy = copyButton(w, code);
  const header = ['', 'paper', 'convention'];
  w.exports({
    name: 'conventions', canvases: maps.map((m) => ({ name: `conventions-${m.id}`, canvas: m.heatmap.canvas, label: m.id })),
    data: () => ({ csv: csv(header, rows), json: { ...values, header, rows, snippet: code.textContent } }),
  });

  return w.api((used, note) => {
    const c = CONVENTIONS[used.convention];
    if (used.dModel % 2 !== 0 && c.oddDModel === 'error') {
      const even = used.dModel < rules.dModel.max ? used.dModel + 1 : used.dModel - 1;
      note(`${attribute('dModel')} must be even under ${c.name}: using ${even}`);
      used.dModel = even;
    }
    const list = parsePositions(used.positions).list;
    values = { ...used, list };
    const { dModel, base } = used;
    shown = conventionVsPaper(pe, { convention: c.name, dModel, positions: list, base });
    // Its name, then what else uses it ("fairseq: fairseq (HF FSMT, …)" said the name twice).
    title.textContent = c.title.startsWith(c.name) ? c.title : `${c.name}: ${c.title}`;
    formula.textContent = c.formula;
    equals.replaceChildren(...c.equals.map(({ call, file }) => {
      const item = document.createElement('li');
      item.append(Object.assign(document.createElement('code'), { textContent: call }), ` (${file})`);
      return item;
    }));
    odd.textContent = c.oddNote.replace(/^odd dModel: /, 'With an odd dModel: ');
    for (const m of maps) {
      const matrix = shown[m.key];
      const range = matrix.data.reduce((max, x) => Math.max(max, Math.abs(x)), 0) || 1;
      m.heatmap.show({ ...matrix, min: -range, max: range });
      m.note.textContent = m.id === 'difference' && shown.valueDiff === 0 ? `${m.text(c)}: 0 everywhere` : m.text(c);
    }
    summary.textContent = verdict(c, dModel, shown);
    rows = fillNumbers(table, dModel, shown);
    code.textContent = conventionSnippet(c, { dModel, positions: list, base });
    copy.textContent = 'Copy the snippet';
  });
}
