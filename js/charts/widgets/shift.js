// Why sine *and* cosine (step 4): for one pair and an offset k, the value at pos + k predicted
// from pos, against the actual one. With (sin, cos), one matrix M_k predicts every position
// exactly (the points lie on y = x); with sines only, the best single factor misses, and two
// positions with the same sine need two different shifted values (the witness, linked).
// A slider in the widget drags k.
import { number } from '../../numbers.js';
import { csv } from '../kit/exports.js';
import { BASE, dModel, positions, SPACING } from '../kit/params.js';
import { ScatterPlot } from '../plots/scatter.js';
import { slider as rangeInput } from '../kit/slider.js';
import { Widget } from '../kit/widget.js';
import { pairShift, sineOnlyShift } from '../../story/shift.js';

/** Its size: it sizes to its content, with charts this tall. */
export const size = { pairChart: '260px' };
export const rules = { dModel: dModel(512, 8192), pair: { label: 'pair', integer: true, min: 0, max: 4095, def: 32 },
  k: { label: 'k', min: -1000, max: 1000, def: 3 }, length: positions(40, 2, 512), base: BASE, spacing: SPACING };

const SLIDER_MAX = 64;

/** @param options.controls show the widget's own k slider (default true; a page with its own sets false) */
export function create(root, pe, options = {}) {
  const w = new Widget(root, rules, options);
  let values, omega, both, sine;
  const controls = w.part('label', 'controls', 'controls');
  controls.hidden = options.controls === false;
  const slider = rangeInput({ min: 0, max: SLIDER_MAX, step: 0.25 }, 'k, the offset to shift by');
  const shown = document.createElement('output');
  controls.append('k', slider, shown);
  const pair = w.part('div', 'pair');
  const [left, right] = [w.part('div', '', null, pair), w.part('div', '', null, pair)];
  const bothCanvas = w.canvas('both', left), sineCanvas = w.canvas('sine', right);
  const point = (p, label, value) => ({ text: `pos ${p} → pos ${p + values.k}\n${label}`, value });
  const bothPlot = w.own(new ScatterPlot(bothCanvas, {
    xLabel: 'M_k·PE(pos), predicted', yLabel: 'PE(pos + k), actual', label: 'Sine and cosine: predicted against actual shifted values',
    describe: (s, p) => point(p, `${s ? 'cos' : 'sin'}: predicted ${number(both.predicted[2 * p + s])}\nactual ${number(both.actual[2 * p + s])}`, both.actual[2 * p + s]),
  }));
  const sinePlot = w.own(new ScatterPlot(sineCanvas, {
    xLabel: 'a·sin(pos·ω), predicted', yLabel: 'sin((pos + k)·ω), actual', label: 'Sine only: predicted against actual shifted values',
    describe: (_, p) => point(p, `sin(pos·ω) = ${number(Math.sin(p * omega))}\npredicted ${number(sine.predicted[p])}\nactual ${number(sine.actual[p])}`, sine.actual[p]),
  }));
  const bothNote = w.part('p', 'note', 'both-note', left), sineNote = w.part('p', 'note', 'sine-note', right);
  let draw;
  slider.addEventListener('input', () => draw({ ...values, k: slider.valueAt() }));
  w.exports({
    name: 'shift', canvases: [{ name: 'shift-sin-cos', canvas: bothCanvas, label: 'sin-cos' }, { name: 'shift-sine-only', canvas: sineCanvas, label: 'sine-only' }],
    data: () => ({
      csv: csv(['pos', 'sin predicted', 'sin actual', 'cos predicted', 'cos actual', 'sine-only predicted', 'sine-only actual'],
        Array.from(sine.actual, (_, p) => [p, both.predicted[2 * p], both.actual[2 * p], both.predicted[2 * p + 1], both.actual[2 * p + 1], sine.predicted[p], sine.actual[p]])),
      json: { base: values.base, spacing: values.spacing, dModel: values.dModel, pair: values.pair, omega, k: values.k,
        matrix: both.matrix, sineOnlySlope: sine.slope, sineOnlyRelativeError: sine.relativeError, witness: sine.witness },
    }),
  });
  const api = w.api((v, say) => {
    let i = v.pair;
    if (i >= v.dModel / 2) {
      i = v.dModel / 2 - 1;
      say(`pair must be below dModel/2 = ${v.dModel / 2}: using ${i}`);
    }
    draw({ ...v, pair: i });
  });
  draw = (v) => {
    values = v;
    omega = pe.frequencies(v.dModel, { base: v.base, spacing: v.spacing })[v.pair];
    both = pairShift(omega, v.k, v.length);
    sine = sineOnlyShift(omega, v.k, v.length);
    if (document.activeElement !== slider) slider.show(Math.min(SLIDER_MAX, Math.max(0, v.k)));
    shown.value = String(v.k);
    const [c, s] = both.matrix;
    const half = (values, offset) => Float64Array.from({ length: v.length }, (_, p) => values[2 * p + offset]);
    bothPlot.show({ series: ['sin', 'cos'].map((label, o) => ({ label: `${label}, pair ${v.pair}`, x: half(both.predicted, o), y: half(both.actual, o) })) });
    const { witness } = sine;
    sinePlot.show({ series: [{ label: `sin only, pair ${v.pair}`, x: sine.predicted, y: sine.actual }],
      links: witness ? [{ a: [0, witness.p], b: [0, witness.q], label: `p = ${witness.p}, ${witness.q}: nearly the same sine` }] : [] });
    bothNote.textContent = `ω = ${number(omega, 4)}, M_k = [[${number(c, 3)}, ${number(s, 3)}], [${number(-s, 3)}, ${number(c, 3)}]] `
      + `for every pos: max error ${number(both.maxError, 2)}.`;
    sineNote.textContent = `best rule sin((p + k)ω) ≈ a·sin(pω): a = ${number(sine.slope, 3)}, missing by ${number(sine.relativeError, 3)} of the values' size (relative error)`
      + (witness ? `; p = ${witness.p} and ${witness.q}: nearly the same sine, shifted ${number(sine.actual[witness.p], 2)} vs ${number(sine.actual[witness.q], 2)}.` : '.');
    Object.assign(sineNote.dataset, { relativeError: sine.relativeError, slope: sine.slope });
    bothNote.dataset.maxError = both.maxError;
  };
  return api;
}
