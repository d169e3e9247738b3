// Why base 10000: a base slider (log scale, 2 … 1e9) and the trade-off it moves
// (js/story/base.js). Left: the neighbour distance
// |PE(p + 1) − PE(p)|, falls as the base grows; right: the longest period 2π/ω_min and the
// horizon (the first offset where D(Δ) ≤ 0: encodings no more alike than unrelated directions)
// climb. Both plots mark the current base and the paper's 10000. Below, what the current base
// does to the encoding itself. The horizons cost a near-repeat search each, run in slices once
// the view nears the viewport.
import { number } from '../../numbers.js';
import { BASE_RANGE, baseTradeoffBlocks, logSpacedBases, resolution } from '../../story/base.js';
import { diverging } from '../canvas/colormap.js';
import { csv } from '../kit/exports.js';
import { Heatmap } from '../plots/heatmap.js';
import { aliasingNote } from '../kit/aliasing.js';
import { LogPlot } from '../plots/logplot.js';
import { BASE, dModel, offsets, SPACING } from '../kit/params.js';
import { fixedCanvas } from '../canvas/frame.js';
import { isPrinting } from '../canvas/draw.js';
import { logLabel } from '../canvas/scale.js';
import { SERIES_COLORS } from '../canvas/legend.js';
import { columnName } from '../../story/pairs.js';
import { slider as rangeInput } from '../kit/slider.js';
import { sliced } from '../kit/slices.js';
import { Widget } from '../kit/widget.js';

/** Its size: it sizes to its content; its charts have fixed heights of their own. */
export const size = {};
export const rules = { dModel: dModel(512, 1024), base: { ...BASE, min: BASE_RANGE.min }, maxOffset: offsets(16384, 64, 131072), spacing: SPACING };
const SAMPLES = 48;  // bases on each curve
const PAPER = 10000;
const LENGTH = 128;  // positions in the encoding heatmap

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  // Its own log slider and number box; a page with its own controls passes `controls: false`.
  const bar = w.part('div', 'controls');
  bar.hidden = options?.controls === false;
  const slider = labelled(w, bar, 'slider', 'base (log scale)', rangeInput(rules.base, 'base (log scale)'));
  const box = labelled(w, bar, 'number', 'base', Object.assign(document.createElement('input'), { type: 'number', min: BASE_RANGE.min, max: BASE_RANGE.max, step: 'any' }));
  const summary = w.part('p', 'summary', 'summary');
  summary.setAttribute('aria-live', 'polite');
  const pair = w.part('div', 'pair');
  const plotAt = (part, yLabel, label, yLog) => {
    const canvas = fixedCanvas(w, part, 230, w.part('div', '', null, pair));
    return [canvas, w.own(new LogPlot(canvas, { xLabel: 'base (log scale)', yLabel, label, yLog, describe: readBase }))];
  };
  const [resolutionCanvas, resolutionPlot] = plotAt('resolution', 'neighbour distance', 'Neighbour distance against the base', false);
  const [rangeCanvas, rangePlot] = plotAt('range', 'positions (log scale)', 'Longest period and horizon against the base', true);
  const caption = w.part('p', 'note', 'caption');
  const heatCanvas = fixedCanvas(w, 'encoding', 200);
  const heatmap = w.own(new Heatmap(heatCanvas, {
    xLabel: 'dimension', yLabel: 'position', map: diverging, label: 'The encoding at the chosen base',
    rendered: aliasingNote(w),
    describe: (row, col) => {
      const value = pe.encode(row, values.dModel, { base: current, spacing: values.spacing })[col];
      return { text: `pos ${row} · ${columnName(col, values.dModel)}\nbase ${current}\nPE = ${value}`, value };
    },
  }));
  let values, key = '', current = PAPER, bases = [], curve = null, at = null, curveJob = null, currentJob = null, frame = 0;
  w.exports({
    name: 'base', canvases: [{ name: 'base-neighbour-distance', canvas: resolutionCanvas, label: 'neighbour distance' },
      { name: 'base-horizon', canvas: rangeCanvas, label: 'horizon' }, { name: 'base-encoding', canvas: heatCanvas, label: 'encoding' }],
    data: () => ({
      csv: csv(['base', 'resolution', 'longestPeriod', 'horizon', 'range'],
        bases.map((b, i) => [b, curve.resolution[i], curve.longestPeriod[i], curve.horizon[i] ?? '', curve.range[i] ?? ''])),
      json: { dModel: values.dModel, spacing: values.spacing, maxOffset: values.maxOffset, current: at,
        curve: bases.map((b, i) => ({ base: b, resolution: curve.resolution[i], longestPeriod: curve.longestPeriod[i], horizon: curve.horizon[i], range: curve.range[i] })) },
    }),
  });

  // The readout of a plot: the trade-off at the base nearest the cursor.
  function readBase(i) {
    const horizon = curve.horizon[i];
    return {
      text: `base ${showBase(bases[i])}\nneighbours ${number(curve.resolution[i], 5)} apart\nlongest period ${number(curve.longestPeriod[i], 6)}\n`
        + `horizon ${horizon === undefined ? '…' : horizon === null ? `beyond ${number(values.maxOffset)}` : number(horizon)}`,
      data: { index: i, x: bases[i], value: curve.resolution[i] },
    };
  }

  function draw() {
    const chosen = { x: current, label: `base ${showBase(current)}`, color: SERIES_COLORS[3], top: true };
    const marks = { rules: current === PAPER ? [{ ...chosen, label: 'base 10,000 (the paper\'s)', short: 'base 10,000' }] : [{ x: PAPER, label: 'paper: 10,000' }, chosen] };
    const about = `against the base from 2 to 10⁹ (log scale), dModel ${values.dModel}, the current base ${showBase(current)} and the paper's 10,000 marked. `
      + 'Use the left and right arrow keys to read values.';
    resolutionCanvas.setAttribute('aria-label', `Neighbour distance, from ${number(curve.resolution[0], 4)} down to ${number(curve.resolution.at(-1), 4)}, ${about}`);
    rangeCanvas.setAttribute('aria-label', `Longest period and horizon in positions ${about}`);
    const common = { count: bases.length, x: (i) => bases[i], xMin: BASE_RANGE.min, xMax: BASE_RANGE.max };
    const unrelated = Math.sqrt(values.dModel);
    // Rule labels at the top of the resolution plot (its curve is low there), at the bottom of
    // the other (where its legend is not).
    const low = { rules: marks.rules.map((r) => ({ ...r, top: false })) };
    resolutionPlot.show({ ...common, ...marks, series: [{ label: 'neighbour distance', values: curve.resolution }],
      // Headroom above √dModel: its label above its line, the rule's label above that.
      yMin: 0, yMax: Math.max(unrelated, ...curve.resolution) * 1.25, levels: [{ y: unrelated, label: `unrelated √dModel = ${number(unrelated, 3)}`, short: `unrelated ${number(unrelated, 3)}` }] });
    rangePlot.show({ ...common, ...low, series: [{ label: 'longest period', values: curve.longestPeriod }, { label: 'horizon', values: curve.horizon }],
      yMin: 1, yMax: Math.max(values.maxOffset, ...curve.longestPeriod) * 2,
      levels: [{ y: values.maxOffset, label: `searched up to ${number(values.maxOffset)}`, short: `searched to ${number(values.maxOffset)}` }] });
  }
  const scheduleDraw = () => { frame ||= requestAnimationFrame(() => { frame = 0; draw(); }); };

  // The curves against the base: resolution and longest period at once, horizons block by block
  // once the view nears the viewport (whenNear): 48 near-repeat searches were a quarter of the
  // story's CPU at load (0.45 of 1.8 CPU-s in Chromium) for a chart far below the fold.
  function startCurve(v) {
    curveJob?.cancel();
    curveJob = null;
    bases = logSpacedBases(BASE_RANGE.min, BASE_RANGE.max, SAMPLES);
    const s = (base) => ({ base, spacing: v.spacing });
    curve = {
      resolution: bases.map((b) => resolution(pe, v.dModel, s(b))),
      longestPeriod: bases.map((b) => pe.periods(v.dModel, s(b)).at(-1)),
      horizon: new Array(SAMPLES).fill(undefined), range: new Array(SAMPLES).fill(undefined),
    };
    // aria-busy until every horizon is in (a static figure waits for it; see chart.js busy()).
    rangePlot.busy('horizons', true);
    if (near()) searchHorizons(v);
  }

  function searchHorizons(v) {
    const job = curveJob = sliced((function* () {
      for (let i = 0; i < SAMPLES; i++) {
        const result = yield* baseTradeoffBlocks(pe, v.dModel, bases[i], { spacing: v.spacing, maxOffset: v.maxOffset });
        curve.horizon[i] = result.horizon;
        curve.range[i] = result.range;
        scheduleDraw();
      }
    })());
    job.done.then(() => rangePlot.busy('horizons', false));
    if (isPrinting()) job.finish();  // an element first drawn by beforeprint: setBase() draws it now
  }
  const near = w.whenNear(() => values && searchHorizons(values));
  // Printed before the searches ended: the rest now (nothing runs between beforeprint and printing).
  addEventListener('beforeprint', () => {
    if (!curveJob) return;
    curveJob.finish();
    draw();
  }, { signal: w.listeners.signal });

  /** Moves the current base: controls, marks, summary and heatmap; its own search in slices. */
  function setBase(base) {
    current = base;
    slider.show(base);
    if (Number(box.value) !== base) box.value = String(base);
    const s = { base, spacing: values.spacing };
    heatmap.show({ ...pe.encoding(LENGTH, values.dModel, s), min: -1, max: 1 });
    caption.textContent = `The encoding at base ${showBase(base)}: positions 0 … ${LENGTH - 1} down, the ${values.dModel} dimensions across. `
      + 'A small base keeps every dimension fast; a large one leaves most of them nearly constant.';
    at = null;
    summary.dataset.done = 'false';
    summary.textContent = `base ${showBase(base)}: neighbours ${number(resolution(pe, values.dModel, s), 3)} apart; searching…`;
    currentJob?.cancel();
    currentJob = sliced(baseTradeoffBlocks(pe, values.dModel, base, { spacing: values.spacing, maxOffset: values.maxOffset }));
    currentJob.done.then((result) => {
      at = result;
      summary.dataset.done = 'true';
      const beyond = `beyond ${number(values.maxOffset)}`;
      summary.textContent = `base ${showBase(base)}: neighbours ${number(result.resolution, 3)} apart; encodings stop looking alike (the horizon) at `
        + `${result.horizon === null ? beyond : `offset ${number(result.horizon)}`}; longest period ${number(result.longestPeriod, 6)}; first near-repeat (a far offset closer than a neighbour): `
        + `${result.range === null ? `none up to ${number(values.maxOffset)}` : `${number(result.range)} (${number(result.rangeDistance, 4)} apart)`}.`;
    });
    // No frame runs between beforeprint and printing: drawn now for print.
    if (isPrinting()) draw();
    else scheduleDraw();
  }

  slider.addEventListener('input', () => setBase(slider.valueAt()));
  box.addEventListener('change', () => {
    const base = Number(box.value);
    if (base >= BASE_RANGE.min && base <= BASE_RANGE.max) setBase(base);
    else box.value = String(current);
  });

  const api = w.api((v) => {
    values = v;
    const next = JSON.stringify([v.dModel, v.maxOffset, v.spacing]);
    if (next !== key) { key = next; startCurve(v); }
    setBase(v.base);
  }, {
    /** The trade-off at the current base, once its search finished: { base, resolution, longestPeriod, range, rangeDistance, horizon }. */
    current: () => at,
  });
  const destroy = api.destroy;
  api.destroy = () => { curveJob?.cancel(); currentJob?.cancel(); cancelAnimationFrame(frame); destroy(); };
  return api;
}

// A base as the text prints it: 10,000, 500,000, 10⁶.
const showBase = logLabel;

// An input in the controls bar, labelled `name`, with the id `${id}-${part}`.
function labelled(w, bar, part, name, input) {
  const label = w.part('label', '', null, bar);
  label.append(`${name} `, input);
  if (w.id) input.id = `${w.id}-${part}`;
  input.setAttribute('aria-label', name);
  return input;
}
