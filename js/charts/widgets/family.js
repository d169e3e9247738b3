// The relative family beside the sinusoid: how much a key Δ positions back counts (the sinusoid's
// and RoPE's cosine similarity D(Δ)/D(0), ALiBi's factor e^(−m·Δ) on the attention weight),
// T5's bucket staircase, and the ALiBi bias and T5 bucket matrices as heatmaps: each constant
// along its diagonals, Toeplitz like PE·PEᵀ.
import { number } from '../../numbers.js';
import { diverging, sequential } from '../canvas/colormap.js';
import { csv } from '../kit/exports.js';
import { positions } from '../kit/params.js';
import { Heatmap } from '../plots/heatmap.js';
import { kernelAt } from '../kit/kernel.js';
import { Widget } from '../kit/widget.js';
import { XYPlot } from '../plots/xyplot.js';
import { logOffsets } from '../../story/rope-scores.js';
import { horizon as horizonOf } from '../../story/base.js';

/** A position scheme (pe.positionScheme) in one sentence, and the family's values that draw it. */
export function schemeSummary({ kind, modelType, numHeads, numBuckets, maxDistance, bidirectional, maxPositions, start, dModel, convention, encoder, decoder }) {
  const side = (s) => (s.kind === 'learned' ? `a learned table of ${number(s.maxPositions)} positions`
    : s.kind === 'sinusoidal' ? `a sinusoidal table (posenc's '${s.convention}' convention, dModel ${s.dModel}, from row ${s.start})` : s.kind);
  if (kind === 'alibi') return { text: `${modelType}: ALiBi, ${numHeads} heads, no position vectors`, values: { numHeads, head: 0 } };
  if (kind === 'relative-buckets')
    return { text: `${modelType}: T5's relative buckets, ${numBuckets} buckets up to distance ${number(maxDistance)} (encoder both ways, decoder looking back)`,
      values: { numBuckets, maxDistance, side: bidirectional ? 'encoder' : 'decoder' } };
  if (encoder) return { text: `${modelType}: encoder ${side(encoder)}, decoder ${side(decoder)}`, values: {} };
  if (kind === 'learned') return { text: `${modelType}: ${side({ kind, maxPositions })}${start ? ` (token 0 at row ${start})` : ''}`, values: {} };
  return { text: `${modelType}: ${side({ kind, maxPositions, start, dModel, convention })}`, values: {} };
}

/** Its size: it sizes to its content, with charts this tall. */
export const size = { chart: '280px' };
export const rules = {
  maxOffset: { ...positions(4096, 16, 131072), label: 'largest distance' },
  dModel: { label: 'dModel', even: true, min: 2, max: 1024, def: 512 },
  numHeads: { label: 'heads', integer: true, min: 1, max: 128, def: 8 },
  head: { label: 'head', integer: true, min: 0, max: 127, def: 0 },
  numBuckets: { label: 'buckets', even: true, min: 4, max: 256, def: 32 },
  maxDistance: { label: 'maxDistance', integer: true, min: 9, max: 65536, def: 128 },
  side: { label: 'T5 side', choices: ['encoder', 'decoder'], def: 'encoder' },
  length: positions(32, 2, 256),
};

// RoPE as Llama 3 has it: headDim 128, base 500,000; q = k, so the score is Σ cos(Δωᵢ).
const ROPE = { headDim: 128, base: 500000 };
const SAMPLES = 160;

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  const pair = w.part('div', 'pair');
  const [left, right] = [w.part('div', '', null, pair), w.part('div', '', null, pair)];
  const curvesCanvas = w.canvas('curves', left), bucketsCanvas = w.canvas('buckets', right);
  const matrices = w.part('div', 'pair');
  const [alibiBox, t5Box] = [w.part('div', '', null, matrices), w.part('div', '', null, matrices)];
  const alibiCanvas = w.canvas('alibi', alibiBox), t5Canvas = w.canvas('t5', t5Box);
  const note = w.part('p', 'note', 'note');
  let values, shown;

  const curves = w.own(new XYPlot(curvesCanvas, {
    xLabel: 'offset Δ = i − j (log)', yLabel: 'how much it counts (1 at Δ = 0)', xName: 'Δ', logX: true,
    label: 'Plot of how much a key Δ positions back counts, for the sinusoid, RoPE and ALiBi',
  }));
  const staircase = w.own(new XYPlot(bucketsCanvas, {
    xLabel: 'offset Δ = i − j (log)', yLabel: 'T5 bucket', xName: 'Δ', logX: true,
    label: "Plot of T5's bucket against the distance",
  }));
  const alibiMap = w.own(new Heatmap(alibiCanvas, {
    xLabel: 'key position j', yLabel: 'query position i', map: sequential, diagonal: true,
    label: 'Heatmap of one ALiBi head\'s bias −m·|i − j|',
    describe: (i, j) => ({ text: `head ${shown.head}: bias −m·|i − j| = ${number(-shown.slope * Math.abs(i - j))}\nm = ${number(shown.slope)}, i − j = ${i - j}`,
      value: -shown.slope * Math.abs(i - j) }),
  }));
  const t5Map = w.own(new Heatmap(t5Canvas, {
    xLabel: 'key position j', yLabel: 'query position i', map: diverging, diagonal: true,
    label: "Heatmap of T5's bucket of j − i",
    describe: (i, j) => ({ text: `bucket of j − i = ${j - i}: ${shown.bucketOf(j - i)}`, value: shown.bucketOf(j - i) }),
  }));

  w.exports({
    name: 'family', title: 'relative family',
    canvases: [{ name: 'distance', canvas: curvesCanvas, label: 'distance' }, { name: 't5-buckets', canvas: bucketsCanvas, label: 'buckets' },
      { name: 'alibi', canvas: alibiCanvas, label: 'ALiBi' }, { name: 't5-matrix', canvas: t5Canvas, label: 'T5 matrix' }],
    data: () => ({
      csv: csv(['delta', ...shown.series.map((s) => s.label), 't5 bucket'],
        shown.offsets.map((delta, k) => [delta, ...shown.series.map((s) => s.values[k]), shown.steps[k]])),
      json: { ...values, rope: ROPE, slopes: Array.from(shown.slopes), offsets: shown.offsets,
        series: shown.series.map((s) => ({ label: s.label, values: Array.from(s.values) })), t5Buckets: Array.from(shown.steps) },
    }),
  });

  return w.api((v, say) => {
    values = v;
    const offsets = logOffsets(v.maxOffset, SAMPLES);
    // The sinusoid: D(Δ)/D(0) = (2/d)·Σ cos(Δ·ωᵢ) at the plotted offsets; RoPE's the same sum over its ωᵢ.
    const share = (omega) => offsets.map((delta) => kernelAt(omega, delta) / omega.length);
    const sinusoid = share(pe.frequencies(v.dModel)), rope = share(pe.ropeFrequencies(ROPE.headDim, { base: ROPE.base }).frequencies);
    const slopes = pe.alibiSlopes(v.numHeads);
    const head = Math.min(v.head, v.numHeads - 1);
    if (head !== v.head) say(`head must be below the ${v.numHeads} heads: showing head ${head}`);
    // A fan: the steepest head, the chosen one and the gentlest (ALiBi's factor on the weight).
    const fan = [...new Set([0, head, v.numHeads - 1])];
    const series = [
      { label: `sinusoid D(Δ)/D(0), dModel = ${v.dModel}`, values: Float64Array.from(sinusoid) },
      { label: `RoPE, headDim ${ROPE.headDim}, base ${number(ROPE.base)}, q = k`, values: Float64Array.from(rope) },
      ...fan.map((h) => ({ label: `ALiBi e^(−m·Δ), head ${h} (m = ${number(slopes[h], 3)})`, values: Float64Array.from(offsets, (delta) => Math.exp(-slopes[h] * delta)), dash: [5, 3] })),
    ];
    curves.show({ x: offsets, series, headroom: 0.5 });  // the legend above the curves
    // T5: a key Δ back is at key − query = −Δ.
    const rule = { numBuckets: v.numBuckets, maxDistance: v.maxDistance, bidirectional: v.side === 'encoder' };
    let steps;
    try {
      steps = pe.relativePositionBuckets(offsets.map((delta) => -delta), rule);
    } catch (error) {
      say(error.message.replace('maxDistance must', 'maxDistance (T5) must'));
      // The least T5 takes: one more than the exact buckets, half of a side's (⌊·⌋: a side may be odd).
      rule.maxDistance = Math.max(v.maxDistance, Math.floor((rule.bidirectional ? v.numBuckets / 2 : v.numBuckets) / 2) + 1);
      steps = pe.relativePositionBuckets(offsets.map((delta) => -delta), rule);
    }
    staircase.show({ x: offsets, series: [{ label: `T5 ${v.side}: ${v.numBuckets} buckets, max ${number(rule.maxDistance)}`, values: Float64Array.from(steps) }],
      lines: [{ y: (rule.bidirectional ? v.numBuckets / 2 : v.numBuckets) - 1, label: 'the last bucket: every Δ beyond', short: 'the last bucket' }] });
    // The matrices over `length` positions: ALiBi's bias for one head (not causal: a decoder
    // masks the upper triangle), T5's bucket of j − i.
    const n = v.length, bucketRow = pe.relativePositionBuckets(Array.from({ length: 2 * n - 1 }, (_, k) => k - (n - 1)), rule);
    // The first distance in the last bucket (T5's logarithm reaches it before maxDistance).
    const back = pe.relativePositionBuckets(Array.from({ length: rule.maxDistance }, (_, d) => -1 - d), rule);
    const lastFrom = back.indexOf(back.at(-1)) + 1;
    shown = { head, slope: slopes[head], slopes, offsets, series, steps, lastFrom, bucketOf: (r) => bucketRow[r + n - 1] };
    alibiMap.show({ rows: n, cols: n, value: (i, j) => -slopes[head] * Math.abs(i - j), min: -slopes[head] * (n - 1), max: 0 });
    t5Map.show({ rows: n, cols: n, value: (i, j) => bucketRow[j - i + n - 1], min: 0, max: v.numBuckets - 1 });
    const horizon = horizonOf(pe, v.dModel, v.maxOffset) ?? -1;  // section 7's horizon
    note.textContent = `The sinusoid, RoPE, ALiBi and T5 depend on i − j alone: each of their matrices is constant along its diagonals, as PE·PEᵀ is. `
      + (horizon < 0 ? `The sinusoid's cosine similarity stays above 0 up to Δ = ${number(v.maxOffset)}; ` : `The sinusoid's cosine similarity first reaches 0 at Δ = ${number(horizon)} (its horizon, section 7); `)
      + `ALiBi's head ${head} weighs a key ${number(v.maxOffset)} back by e^(−${number(slopes[head] * v.maxOffset, 3)}); `
      + `T5 gives every Δ from ${number(shown.lastFrom)} on its last bucket. A learned table (GPT-2, BERT, OPT) has no formula: a row per position up to its maximum, nothing beyond.`;
    Object.assign(note.dataset, { horizon: horizon < 0 ? '' : horizon, lastBucket: steps.at(-1) });
  });
}
