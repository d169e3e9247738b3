// The float32 story of seed 000: PyTorch printed dot(1, 2) = 249.10211181640625 but
// dot(80, 81) = 249.1020965576172, though both are exactly D(1). Two pairs of positions the same
// distance apart, (a, b) and (a + shift, b + shift), taken apart stage by stage with the numbers
// of js/story/float32.js computed here: the exact value, each rounding of the tutorial's float32
// code (frequencies, angles, sin/cos, the summation), posenc's float32 value (the exact value
// rounded once); a table with a sentence per stage, the contributions as bars in units of
// float32's last place, and the sum in each order a BLAS might use.
import { decimalsFor, fixed, number } from '../../numbers.js';
import { ORDERS, float32Story } from '../../story/float32.js';
import { BarChart } from '../plots/bars.js';
import { csv } from '../kit/exports.js';
import { BASE, dModel } from '../kit/params.js';
import { fixedCanvas } from '../canvas/frame.js';
import { fillTable } from '../plots/table.js';
import { Widget } from '../kit/widget.js';

const position = (label, def) => ({ label, integer: true, min: 0, max: 511, def });
/** Its size: it sizes to its content; its charts have fixed heights of their own. */
export const size = {};
export const rules = { dModel: dModel(512, 8192), base: BASE, a: position('a', 1), b: position('b', 2), shift: position('shift', 79) };

/** What seed 000's PyTorch printed at dModel = 512, base 10000 (the post's output, verbatim). */
export const PRINTED = { '1,2': '249.10211181640625', '80,81': '249.1020965576172', '1,80': '117.52901458740234', '2,81': '117.52900695800781' };

// Each rounding stage: the story's key, the row's name, and what happens there.
const STAGES = [
  ['frequencies', '(a) ωᵢ rounded', 'The frequencies ωᵢ are stored in float32, each off by up to half a unit in its last place; Δ·ωᵢ is off Δ times as much. This still depends on the distance Δ alone, so both pairs move alike.'],
  ['angles', '(b) the angle pos·ωᵢ rounded', 'Each angle pos·ωᵢ is rounded to float32 on its own. Small positions keep more of their bits than large ones, so from here the two dot products part.'],
  ['sinCos', '(c) sin and cos rounded', 'Every sine and cosine is rounded to float32 (about 7 digits): dModel more small errors, different for each position.'],
  ['summed', '(d) added in float32', 'The dModel products are added in float32, each addition rounded again; the order decides the last bits. Here: 32 running sums combined at the end, the way fast linear-algebra libraries add (the order that reproduces what the post printed).'],
];
const SUMMED = 'lanes32';

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  const summary = w.part('p', 'summary', 'summary');
  summary.setAttribute('aria-live', 'polite');
  const table = w.part('table', 'wraps', 'table', w.scroller('The float32 dot products, stage by stage'));
  const steps = w.part('ul', 'stages', 'stages');
  steps.setAttribute('aria-label', 'What each stage does');
  const canvas = fixedCanvas(w, 'canvas', 220);
  const bars = w.own(new BarChart(canvas, {
    xLabel: 'rounding stage', yLabel: 'change (float32 ulps)', label: 'What each float32 rounding stage adds to the two dot products',
    describe: (c, k) => {
      const row = rows[c], story = stories[k];
      return { text: `${label(pairs[k])}\n${STAGES[c][1]}\nchange ${row.change[k]} = ${number(row.change[k] / story.ulp, 3)} ulp`, data: { index: c, series: k, value: row.change[k] } };
    },
  }));
  const ordersTable = w.part('table', 'wraps', 'orders', w.scroller('The float32 sum in each summation order'));
  const orders = w.part('ul', 'orders', 'order-list');
  orders.setAttribute('aria-label', 'What each summation order does');
  let values, pairs = [], stories = [], rows = [];
  w.exports({
    name: 'float32', canvases: [{ name: 'float32', canvas, label: 'bars' }],
    data: () => ({
      csv: csv(['stage', ...pairs.map(label), ...pairs.map((p) => `change ${label(p)}`)],
        rows.map((r) => [r.name, ...r.value, ...r.change])),
      json: { dModel: values.dModel, base: values.base, pairs, stories: stories.map((s) => ({ ...s, stages: { ...s.stages } })) },
    }),
  });

  return w.api((v, say) => {
    values = v;
    let shift = v.shift;
    if (Math.max(v.a, v.b) + shift > 511) {
      shift = 511 - Math.max(v.a, v.b);
      say(`a + shift and b + shift must be at most 511: using shift ${shift}`);
    }
    pairs = [[v.a, v.b], [v.a + shift, v.b + shift]];
    stories = pairs.map(([a, b]) => float32Story(pe, a, b, { dModel: v.dModel, base: v.base }));
    const value = (s, key) => (key === 'summed' ? s.sums[SUMMED] : s.stages[key]);
    rows = STAGES.map(([key, name], c) => ({
      name,
      value: stories.map((s) => value(s, key)),
      change: stories.map((s) => value(s, key) - (c ? value(s, STAGES[c - 1][0]) : s.exact)),
    }));
    const delta = Math.abs(v.b - v.a), [s0, s1] = stories;
    const text = (textContent) => ({ textContent, className: 'text' });
    // Eight significant digits, enough to tell neighbouring float32 numbers apart (one ulp is
    // 1.5 × 10⁻⁵ at 249), at one count of decimals for the whole table; every digit in the title.
    const decimals = decimalsFor([s0.exact], 8), digits = (x) => ({ textContent: fixed(x, decimals), title: String(x) });
    const cells = (r) => r.value.flatMap((x, k) => [digits(x), { textContent: `${signed(r.change[k] / stories[k].ulp)} ulp`, title: signed(r.change[k]) }]);
    const plain = (key) => stories.flatMap((s) => [digits(key(s)), '']);
    const printed = v.dModel === 512 && v.base === 10000 && pairs.every((p) => PRINTED[p]);
    const stages = [
      ['exact', 'exact D(Δ), float64', plain((s) => s.exact),
        `Both pairs are ${delta} apart, so both dot products are exactly D(${delta}) = Σ cos(${delta}·ωᵢ): equal.`],
      ...rows.map((r, c) => [STAGES[c][0], r.name, cells(r), STAGES[c][2]]),
      ['posenc', 'posenc, float32', plain((s) => s.posenc),
        'posenc computes D in float64 and rounds once: equal distances give equal float32 numbers.'],
      ...(printed ? [['printed', 'PyTorch printed (the post)', pairs.flatMap((p) => [digits(+PRINTED[p]), '']),
        'What the post printed. The same emulation, fed PyTorch\'s own float32 frequencies, gives these digits bit for bit.']] : []),
    ];
    fillTable(table, [text('stage'), ...pairs.flatMap((p) => [label(p), 'change'])],
      stages.map(([className, name, numbers]) => ({ className, cells: [text(name), ...numbers] })),
      `dot products of the float32 encoding, dModel = ${v.dModel}, base ${number(v.base)}, to ${decimals} decimals (every digit in each number's tooltip)`);
    // The sentences below the numbers, as a list at full width (the table may scroll sideways
    // on a phone; the explanation never does).
    steps.replaceChildren(...stages.map(([className, name, , why]) => sentence(name, why, className)));
    // The error of each pair in a column of its own (one number a cell: never "0.917 · −0.0832"),
    // first: it is what the table is for. Each order's name in its row, what it does in the list
    // below (a phone keeps the five columns in its width).
    fillTable(ordersTable, [text('order'), ...pairs.map((p) => `${label(p)} − exact (ulps)`), ...pairs.map(label)],
      Object.keys(ORDERS).map((order) => [text(order), ...stories.map((s) => number((s.sums[order] - s.exact) / s.ulp, 3)),
        ...stories.map((s) => digits(s.sums[order]))]),
      'stage (d) in each summation order: the same float32 products, added differently');
    orders.replaceChildren(...Object.entries(ORDERS).map(([order, description]) => sentence(order, description)));
    const [x, y] = [s0.sums[SUMMED], s1.sums[SUMMED]];
    summary.textContent = `In float32, ${label(pairs[0])} = ${fixed(x, decimals)} ${x === y ? 'and' : 'but'} ${label(pairs[1])} = ${fixed(y, decimals)}, `
      + `though both are exactly D(${delta}) ≈ ${fixed(s0.exact, decimals)}; posenc gives ${fixed(s0.posenc, decimals)} for both. `
      + `One float32 unit in the last place (ulp) here is ${number(s0.ulp, 3)}.`;
    summary.dataset.done = 'true';  // computed synchronously; the same mark as the searching widgets'
    canvas.setAttribute('aria-label', `What each float32 rounding stage adds to ${pairs.map(label).join(' and ')}, in float32 units in the last place, dModel ${v.dModel}. `
      + 'Use the left and right arrow keys to read values.');
    bars.show({ categories: ['(a) ωᵢ', '(b) angle', '(c) sin, cos', '(d) sum'],
      series: pairs.map((p, k) => ({ label: label(p), values: rows.map((r) => r.change[k] / stories[k].ulp) })) });
  });
}

const label = ([a, b]) => `dot(${a}, ${b})`;

/** A list item: its name in bold, then what it says ("(a) ωᵢ rounded: The frequencies …"). */
function sentence(name, text, className = '') {
  const item = document.createElement('li'), title = document.createElement('strong');
  item.className = className;
  title.textContent = `${name}: `;
  item.append(title, text);
  return item;
}
const signed = (x) => (x > 0 ? '+' : '') + number(x, 3);
