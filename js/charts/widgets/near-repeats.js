// The near-repeat finder: the distance |PE(a) − PE(a + Δ)| = √(2·(D(0) − D(Δ))) against the
// offset Δ (log scale, up to 131072), the closest returns beyond the trivial rise marked and
// listed, and the chosen return's two encodings PE(0) and PE(Δ) side by side with their
// difference. The distances come from js/story/near-repeats.js in blocks of a few ms, run in
// slices (slices.js) and drawn once per frame as they arrive, so the page never stalls, even
// at dModel = 8192 and 131072 offsets (5·10⁸ cosine steps).
import { decimalsFor, fixed, number } from '../../numbers.js';
import { previewBlocks } from '../../story/near-repeat-preview.js';
import { nearRepeatBlocks } from '../../story/near-repeats.js';
import { resolution } from '../../story/base.js';
import { diverging } from '../canvas/colormap.js';
import { csv } from '../kit/exports.js';
import { Heatmap } from '../plots/heatmap.js';
import { aliasingNote } from '../kit/aliasing.js';
import { LogPlot } from '../plots/logplot.js';
import { BASE, dModel, offsets, SPACING } from '../kit/params.js';
import { fixedCanvas } from '../canvas/frame.js';
import { columnName, pairOfColumn } from '../../story/pairs.js';
import { distance } from '../../story/matrix.js';
import { sliced } from '../kit/slices.js';
import { scheme, Widget } from '../kit/widget.js';

/** Its size: it sizes to its content; its charts have fixed heights of their own. */
export const size = {};
export const rules = { dModel: dModel(512, 8192), maxOffset: offsets(131072, 8, 131072), count: { label: 'dips listed', integer: true, min: 1, max: 20, def: 8 },
  base: BASE, spacing: SPACING };
const ROWS = ['PE(0)', 'PE(Δ)', 'PE(Δ) − PE(0)'];

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  const canvas = fixedCanvas(w, 'canvas', 260);
  const plot = w.own(new LogPlot(canvas, {
    xLabel: 'offset Δ = a − b (log scale)', yLabel: '|PE(a) − PE(b)|', label: 'Distance between encodings against their offset',
    describe: (i) => readDistance(i + 1),
  }));
  const summary = w.part('p', 'summary', 'summary');
  summary.setAttribute('aria-live', 'polite');
  const list = w.part('ol', 'returns', 'returns');
  list.setAttribute('aria-label', 'Closest dips of the distance: choose one to compare its encodings');
  const caption = w.part('p', 'note', 'caption');
  const compareCanvas = fixedCanvas(w, 'compare', 150);
  const compare = w.own(new Heatmap(compareCanvas, {
    xLabel: 'dimension', yLabel: 'row', map: diverging, label: 'The two encodings and their difference',
    describe: (row, col) => {
      const value = pair.rows[row][col];
      return { text: `${ROWS[row].replace('Δ', chosen)} · ${columnName(col, pair.rows[row].length)}\n= ${value}`, value };
    },
  }));
  compare.rendered = aliasingNote(w, w.root, { rows: 'rows', cols: 'dimensions' });
  const note = w.part('p', 'note', 'note');
  // shown: the plotted distances, the preview's at its sampled offsets (NaN elsewhere: not drawn)
  // until the exact blocks replace them; known: offsets 0 … known are exact.
  let values, key = '', job = null, search = null, shown = new Float64Array(1), known = 0, chosen = 0, frame = 0;
  let pair = { rows: [[], [], []] }, finished = Promise.resolve(null);
  w.exports({
    name: 'near-repeats', canvases: [{ name: 'near-repeats', canvas, label: 'plot' }, { name: 'near-repeat-pair', canvas: compareCanvas, label: 'pair' }],
    data: () => ({
      csv: csv(['offset', 'distance'], Array.from({ length: known + 1 }, (_, k) => [k, shown[k]])),
      json: { dModel: values.dModel, base: values.base, spacing: values.spacing, maxOffset: values.maxOffset,
        trivialEnd: search?.trivialEnd ?? null, floor: search?.floor ?? null, returns: search?.returns ?? [], distance: Array.from(shown.subarray(0, known + 1)) },
    }),
  });

  // The readout: the distance, the kernel value it comes from and the cosine similarity.
  function readDistance(offset) {
    const pairs = values.dModel / 2, value = shown[offset], dot = pairs - value * value / 2;
    if (Number.isNaN(value)) return { text: `Δ = ${offset}\ncomputing…`, data: { index: offset, x: offset } };
    return {
      text: `Δ = a − b = ${number(offset)}\n|PE(a) − PE(b)| = ${number(value, 6)}\nD(Δ) = PE(a)·PE(b) = ${number(dot, 6)}\ncosine similarity ${number(dot / pairs, 4)}`,
      data: { index: offset, x: offset, value },
    };
  }

  function draw() {
    const d = values.dModel, trivial = search?.trivialEnd, best = search?.returns[0];
    canvas.setAttribute('aria-label', `Distance |PE(a) − PE(b)| against the offset Δ = a − b = 1 … ${number(values.maxOffset)} (log scale), dModel ${d}, `
      + `base ${number(values.base)}, distances 0 … ${number(Math.sqrt(2 * d), 4)}${best ? `; closest return Δ = ${number(best.offset)} at ${number(best.distance, 4)}` : ''}. `
      + 'Use the left and right arrow keys to read values.');
    const step = resolution(pe, d, scheme(values)), unrelated = Math.sqrt(d);
    plot.show({
      count: values.maxOffset, x: (i) => i + 1, series: [{ label: 'distance', values: shown.subarray(1) }],
      xMin: 1, xMax: values.maxOffset, yMin: 0, yMax: Math.sqrt(2 * d) * 1.02,
      band: trivial ? { from: 1, to: Math.max(1.5, trivial), label: 'first rise' } : null,
      levels: [{ y: step, label: `neighbours ${number(step, 3)} apart` }, { y: unrelated, label: `unrelated √dModel = ${number(unrelated, 3)}` }],
      marks: (search?.returns ?? []).map((r, k) => ({ x: r.offset, y: r.distance, label: k < 3 ? number(r.offset) : '' })),
    });
  }

  function scheduleDraw() {
    frame ||= requestAnimationFrame(() => { frame = 0; draw(); });
  }

  function showList() {
    const pairs = values.dModel / 2;
    // One count of decimals for the list: 4 significant digits for its largest distance.
    const decimals = decimalsFor(search.returns.map((r) => r.distance), 4);
    list.replaceChildren(...search.returns.map((r) => {
      const item = document.createElement('li'), button = document.createElement('button');
      Object.assign(button, { type: 'button', textContent: `Δ = ${number(r.offset)}: distance ${fixed(r.distance, decimals)}, cosine similarity ${fixed(1 - r.distance ** 2 / (2 * pairs), 4)}` });
      button.dataset.offset = r.offset;
      button.dataset.distance = r.distance;
      button.setAttribute('aria-pressed', String(r.offset === chosen));
      button.addEventListener('click', () => choose(r.offset));
      item.append(button);
      return item;
    }));
  }

  /** Shows PE(0), PE(Δ) and their difference (float64, from the package). */
  function choose(offset) {
    chosen = offset;
    const s = scheme(values);
    const a = pe.encode(0, values.dModel, s), b = pe.encode(offset, values.dModel, s);
    pair = { rows: [a, b, b.map((v, c) => v - a[c])] };
    let widest = 0;
    pair.rows[2].forEach((v, c) => { if (Math.abs(v) > Math.abs(pair.rows[2][widest])) widest = c; });
    // −2 … 2: the difference row spans twice an encoding's range, and must not saturate.
    compare.show({ rows: 3, cols: values.dModel, value: (r, c) => pair.rows[r][c], min: -2, max: 2 });
    caption.textContent = `Row 0: PE(0); row 1: PE(${offset}); row 2: PE(${offset}) − PE(0), dimension by dimension.`;
    note.textContent = `PE(0) and PE(${offset}) are ${number(distance(a, b), 4)} apart; they differ most in dimension `
      + `${widest}, by ${number(Math.abs(pair.rows[2][widest]), 4)} (pair ${pairOfColumn(widest, values.dModel)}, whose period is ${number(2 * Math.PI / pe.frequencies(values.dModel, s)[pairOfColumn(widest, values.dModel)], 5)}).`;
    for (const button of list.querySelectorAll('button')) button.setAttribute('aria-pressed', String(Number(button.dataset.offset) === offset));
  }

  function start(v) {
    job?.cancel();
    search = null;
    known = 0;
    shown = new Float64Array(v.maxOffset + 1).fill(NaN);
    list.replaceChildren();
    summary.textContent = 'searching…';
    summary.dataset.done = 'false';
    plot.busy('search', true);
    // First the preview (the whole curve's outline in a few frames), then every offset exactly.
    const preview = previewBlocks(pe, v.dModel, { ...scheme(v), maxOffset: v.maxOffset });
    const blocks = nearRepeatBlocks(pe, v.dModel, { ...scheme(v), maxOffset: v.maxOffset, count: v.count });
    job = sliced((function* () { yield* preview; return yield* blocks; })(), {
      budget: 8,
      progress: (step) => {
        if (step.offsets) step.offsets.forEach((offset, j) => { if (offset > known) shown[offset] = step.distances[j]; });
        else {
          shown.set(step.distance.subarray(step.from, step.to + 1), step.from);
          known = step.to;
        }
        scheduleDraw();
      },
    });
    finished = job.done.then((result) => {
      search = result;
      // A near-repeat: an offset beyond the neighbours whose encoding comes closer than the very
      // next position's (the neighbour distance). Dips that stay above it are ripples on a
      // rising curve (dModel 512: the closest, Δ = 44, is 15.57 away, neighbours 3.71).
      const best = result.returns[0], neighbour = resolution(pe, v.dModel, scheme(v));
      const near = best && best.distance < neighbour;
      summary.dataset.nearRepeat = String(Boolean(near));
      summary.textContent = !best ? `No dip within ${number(v.maxOffset)} offsets: the distance only rises.`
        : near ? `Near-repeat within ${number(v.maxOffset)} offsets: Δ = ${number(best.offset)} comes within ${number(best.distance, 4)}, closer than the next position `
          + `(neighbour distance ${number(neighbour, 3)}); offsets 1 … ${number(result.trivialEnd)} are the first rise; below ${number(result.floor, 2)} distances are rounding noise.`
        : `No near-repeat within ${number(v.maxOffset)} offsets at dModel = ${v.dModel}: no offset comes closer than the next position (neighbour distance ${number(neighbour, 3)}). `
          + `The closest dip, Δ = ${number(best.offset)}, is ${number(best.distance, 4)} away: the dips listed are ripples on a rising curve, not repeats.`;
      summary.dataset.done = 'true';
      plot.busy('search', false);
      showList();
      // With no dip (a distance that only rises) there is nothing to compare: the pair view hides.
      compareCanvas.parentElement.hidden = !best;
      if (best) choose(result.returns.some((r) => r.offset === chosen) ? chosen : best.offset);
      else [caption.textContent, note.textContent] = ['', ''];
      scheduleDraw();
      return result;
    });
  }

  const api = w.api((v) => {
    values = v;
    const next = JSON.stringify([v.dModel, v.maxOffset, v.count, v.base, v.spacing]);
    if (next !== key) { key = next; start(v); } else if (search) draw();
  }, {
    /** The running (or last) search's result: { distance, trivialEnd, returns, floor }. */
    result: () => finished,
    /** Shows the return at `offset` side by side with PE(0). */
    choose,
  });
  const destroy = api.destroy;
  api.destroy = () => { job?.cancel(); cancelAnimationFrame(frame); destroy(); };
  return api;
}
