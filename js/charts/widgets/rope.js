// From the clock to rotary embeddings: a query and a key as clock arrows, q turned to position m
// and k to n by pe.rope; the score q(m)·k(n) over (m, n), a Toeplitz heatmap (it depends on
// m − n only); and the score's long-range decay against the offset with RoFormer's bound.
import { agreement, number } from '../../numbers.js';
import { diverging } from '../canvas/colormap.js';
import { csv } from '../kit/exports.js';
import { Heatmap } from '../plots/heatmap.js';
import { BASE, positions } from '../kit/params.js';
import { RopeClocks } from '../plots/rope-clocks.js';
import { Widget } from '../kit/widget.js';
import { XYPlot } from '../plots/xyplot.js';
import { pairColumns } from '../../story/pairs.js';
import { boundPeaks, boundScale, logOffsets, offsetRow, ropeScores, seededVector } from '../../story/rope-scores.js';

/** Its size: it sizes to its content, with charts this tall. */
export const size = { chart: '300px' };
export const rules = {
  headDim: { label: 'headDim', even: true, min: 2, max: 128, def: 16 },
  base: BASE,
  m: { label: 'm', integer: true, min: 0, max: 1e6, def: 5 },
  n: { label: 'n', integer: true, min: 0, max: 1e6, def: 2 },
  length: positions(48, 2, 512),
  seed: { label: 'seed', integer: true, min: 1, max: 2147483645, def: 1 },
};

const CLOCKS = 8;          // the first pairs drawn as clocks
const FARTHEST = 65536;    // the decay plot's largest offset
const SAMPLES = 200;       // its log-spaced offsets

const dot = (a, b) => a.reduce((s, x, c) => s + x * b[c], 0);

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  const pair = w.part('div', 'pair');
  const [left, middle, right] = [0, 1, 2].map(() => w.part('div', '', null, pair));
  const clocksCanvas = w.canvas('clocks', left);
  const controls = w.part('div', 'controls', null, left);
  const random = w.part('button', '', 'random', controls);
  Object.assign(random, { type: 'button', textContent: 'random q, k' });
  const canvas = w.canvas('canvas', middle), decayCanvas = w.canvas('decay', right);
  const note = w.part('p', 'note', 'note');
  let values, q, k, vectorsOf = '', state, peaks = null;

  // q or k at position p, by the package (never a rotation of our own).
  const turn = (v, p) => pe.rope({ rows: 1, cols: v.length, data: v }, { base: values.base, positions: [p], dtype: 'float64' }).data;

  const clocks = w.own(new RopeClocks(clocksCanvas, (which, i, [x1, x2]) => {
    // The dragged hand is the turned vector: turning it back by −p gives the new q or k.
    const turned = Float64Array.from(which === 'q' ? state.qm : state.kn), [a, b] = pairColumns(i, turned.length);
    [turned[a], turned[b]] = [x1, x2];
    const back = turn(turned, -(which === 'q' ? values.m : values.n));
    if (which === 'q') q = back; else k = back;
    draw();
  }, { interactive: options?.interactive !== false }));  // a still image (posenc/render): no "drag an arrow"
  const heatmap = w.own(new Heatmap(canvas, {
    xLabel: 'key position n', yLabel: 'query position m', map: diverging, diagonal: true,
    label: 'Heatmap of the RoPE scores q(m)·k(n)',
    describe: (i, j) => {
      const value = state.row[i - j + state.length - 1];
      return { text: `q(${i})·k(${j}) = ${number(value)}\nm − n = ${i - j}: the same all along this diagonal`, value };
    },
  }));
  const decay = w.own(new XYPlot(decayCanvas, {
    xLabel: 'offset m − n (log)', yLabel: 'relative size', xName: 'm − n', logX: true,
    label: "Plot of RoFormer's relative upper bound and of the score against the offset",
  }));
  random.addEventListener('click', () => {
    [q, k] = [0, 1].map(() => Float64Array.from({ length: values.headDim }, () => 2 * Math.random() - 1));
    draw();
  }, { signal: w.listeners.signal });

  function draw() {
    const { headDim: d, base, m, n, length } = values;
    const { frequencies } = pe.ropeFrequencies(d, { base });
    const qm = turn(q, m), kn = turn(k, n), score = dot(qm, kn);
    const row = ropeScores(q, k, frequencies, offsetRow(length));
    state = { q, k, qm, kn, m, n, frequencies, length, row, score };
    clocks.show({ d: 2 * Math.min(CLOCKS, d / 2), q, k, qm, kn, m, n, frequencies, pair: (v, i) => pairColumns(i, d).map((c) => v[c]) });
    let extent = 1e-300;
    for (const x of row) extent = Math.max(extent, Math.abs(x));
    heatmap.show({ rows: length, cols: length, value: (i, j) => row[i - j + length - 1], min: -extent, max: extent });
    // |q·k| ≤ max|h_{i+1} − h_i|·(d/2)·bound(Δ): the score, divided by that scale, stays under the bound.
    // The bound at every whole offset, drawn as its peak in each stretch between the log-spaced
    // samples (a sample alone misses the rare far peaks); cached per frequencies (~15–30 ms).
    const key = `${d}:${base}`;
    if (peaks?.key !== key) peaks = { key, ...boundPeaks(frequencies, logOffsets(FARTHEST, SAMPLES)) };
    const offsets = Array.from(peaks.at), bound = peaks.values;
    const scale = boundScale(q, k, d / 2) * (d / 2) || 1;
    const scores = ropeScores(q, k, frequencies, offsets).map((x) => Math.abs(x) / scale);
    // Its largest value from each offset on (a running maximum from the right): whether the
    // bound really fades (headDim 128: from 31.5 to 14.4 by Δ = 100, then level) or not (16).
    const trend = Float64Array.from(bound);
    for (let i = trend.length - 2; i >= 0; i--) trend[i] = Math.max(trend[i], trend[i + 1]);
    decay.show({ x: offsets, headroom: 0.4, series: [
      { label: "RoFormer's bound", values: bound },
      { label: 'its largest value from here on', values: trend, dash: [6, 3], width: 2.4, color: 'fg' },
      { label: 'this score, on the same scale', values: scores, width: 1.2 },
    ] });  // the legend's three lines above the curves (headroom)
    const fromRow = ropeScores(q, k, frequencies, [m - n])[0];
    note.textContent = `q(${m})·k(${n}) = ${number(score)} (q and k rotated by posenc, then their dot product); from the offset m − n = ${m - n} alone: `
      + `${number(fromRow)} (${agreement(score, fromRow)}). Hover a cell: its whole diagonal has its score.`;
    Object.assign(note.dataset, { score, fromOffset: fromRow });
  }

  w.exports({
    name: 'rope', canvases: [{ name: 'rope-clocks', canvas: clocksCanvas, label: 'clocks' },
      { name: 'rope-scores', canvas, label: 'heatmap' }, { name: 'rope-decay', canvas: decayCanvas, label: 'decay' }],
    data: () => {
      const offsets = offsetRow(state.length);
      return {
        csv: csv(['m − n', 'q(m)·k(n)'], offsets.map((delta, j) => [delta, state.row[j]])),
        json: { headDim: values.headDim, base: values.base, m: state.m, n: state.n, q: Array.from(q), k: Array.from(k),
          frequencies: Array.from(state.frequencies), score: state.score, offsets, scores: Array.from(state.row) },
      };
    },
  });
  return w.api((v) => {
    values = v;
    // New vectors when the seed or the size changes; dragged or random ones stay otherwise.
    if (vectorsOf !== `${v.headDim}:${v.seed}`) {
      vectorsOf = `${v.headDim}:${v.seed}`;
      [q, k] = [seededVector(v.headDim, v.seed), seededVector(v.headDim, v.seed + 1)];
    }
    draw();
  });
}
