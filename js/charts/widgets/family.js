// The relative family beside the sinusoid, for generic settings or a real model read from its
// config.json (pe.positionScheme; the real configs of js/story/family-models.js, or one pasted,
// opened or dropped): how much a key Δ positions back counts (the sinusoid's and RoPE's cosine
// similarity D(Δ)/D(0), ALiBi's factor e^(−m·Δ) on the attention weight), T5's bucket staircase,
// and the ALiBi bias and T5 bucket matrices as heatmaps, each constant along its diagonals,
// Toeplitz like PE·PEᵀ, with the causal mask a decoder applies. A model draws what it has: its
// heads' slopes (Falcon's in bfloat16, scaled by 1/√headDim), its buckets, or its table's last
// offset on the distance axis; the note says what was read and what is drawn.
import { fraction, number } from '../../numbers.js';
import { sequential } from '../canvas/colormap.js';
import { csv } from '../kit/exports.js';
import { configBox, configRule, MAX_CONFIG } from '../kit/config-box.js';
import { positions } from '../kit/params.js';
import { Heatmap } from '../plots/heatmap.js';
import { kernelAt } from '../kit/kernel.js';
import { Widget } from '../kit/widget.js';
import { XYPlot } from '../plots/xyplot.js';
import { logOffsets } from '../../story/rope-scores.js';
import { horizon as horizonOf } from '../../story/base.js';
import { alibiSeries, bfloat16, lastBucket } from '../../story/family.js';
import { FAMILY_MODELS } from '../../story/family-models.js';
import { CONVENTIONS } from '../../conventions.js';
import { modelTypeOf, NOT_ROTARY } from '../../position-scheme.js';

/** A position scheme (pe.positionScheme) in one sentence, and the family view's values that draw it (its config: `config`). */
export function schemeSummary({ kind, modelType, numHeads, numBuckets, maxDistance, bidirectional, maxPositions, start, dModel, convention, variant, encoder, decoder, layerType }) {
  const side = (s) => (s.kind === 'learned' ? `a learned table of ${number(s.maxPositions)} positions`
    : s.kind === 'sinusoidal' ? `a sinusoidal table (posenc's '${s.convention}' convention, dModel ${s.dModel}, from row ${s.start})` : s.kind);
  const values = { preset: 'custom', ...(encoder ? { side: layerType } : {}) };
  if (kind === 'alibi') return { text: `${modelType}: ALiBi, ${numHeads} heads, no position vectors`, values };
  if (kind === 'relative-buckets')
    return { text: `${modelType}: T5's relative buckets, ${numBuckets} buckets up to distance ${number(maxDistance)} (encoder both ways, decoder looking back)`, values };
  if (kind === 'relative-learned')
    return { text: `${modelType}: a learned vector per distance up to ${number(maxDistance)} (${variant}), no position vectors`, values };
  if (encoder) return { text: `${modelType}: encoder ${side(encoder)}, decoder ${side(decoder)}`, values };
  if (kind === 'learned') return { text: `${modelType}: ${side({ kind, maxPositions })}${start ? ` (token 0 at row ${start})` : ''}`, values };
  return { text: `${modelType}: ${side({ kind, maxPositions, start, dModel, convention })}`, values };
}

/** Its size: it sizes to its content, with charts this tall. */
export const size = { chart: '280px' };
const KEYS = Object.keys(FAMILY_MODELS);

// Which values a setting uses (a page disables the others' controls: rule.applies(get), get: the
// view's values by name): the generic sliders only the generic settings; a model's head, side
// and mask where it has ALiBi heads, two sides or a matrix to mask. A pasted config may be any.
const typeOf = (preset) => FAMILY_MODELS[preset]?.config.model_type;
const generic = (get) => get('preset') === 'generic';
const having = (...types) => (get) => ['generic', 'custom'].includes(get('preset')) || types.includes(typeOf(get('preset')));
export const rules = {
  // A real model (its config.json), the generic settings of the boxes below, or a config of the reader's.
  preset: {
    label: 'model', choices: ['generic', ...KEYS, 'custom'], def: 'generic',
    names: { generic: 'generic settings', ...Object.fromEntries(KEYS.map((k) => [k, FAMILY_MODELS[k].name])), custom: 'your config' },
    coerce: (raw, name = 'model') => {
      if (raw === 'generic' || raw === 'custom' || KEYS.includes(raw)) return { value: raw };
      return { value: 'generic', message: `unknown ${name} "${raw}": using generic` };
    },
  },
  config: configRule,
  maxOffset: { ...positions(4096, 16, 131072), label: 'offsets drawn up to' },
  dModel: { label: 'dModel', even: true, min: 2, max: 1024, def: 512 },
  numHeads: { label: 'heads (generic)', integer: true, min: 1, max: 128, def: 8, applies: generic },
  head: { label: 'head', integer: true, min: 0, max: 127, def: 0, applies: having('bloom', 'mpt', 'falcon') },
  numBuckets: { label: 'buckets (generic)', even: true, min: 4, max: 256, def: 32, applies: generic },
  maxDistance: { label: 'maxDistance (generic)', integer: true, min: 9, max: 65536, def: 128, applies: generic },
  side: { label: 'side', choices: ['encoder', 'decoder'], def: 'encoder', applies: having('t5', 'mt5', 'whisper') },
  length: positions(32, 2, 256),
  // The causal mask a decoder applies (every ALiBi model here is a decoder; T5's decoder side).
  mask: { label: 'causal mask', choices: ['on', 'off'], def: 'on', applies: (get) => having('bloom', 'mpt', 'falcon')(get) || (having('t5', 'mt5')(get) && get('side') === 'decoder') },
};

// RoPE as Llama 3 has it: headDim 128, base 500,000; q = k, so the score is Σ cos(Δωᵢ).
const ROPE = { headDim: 128, base: 500000 };
const SAMPLES = 160;
const MAX_SINUSOID = 2048;
// The model types this view reads (the rest are rotary: the rotary view reads them).
const TYPES = [...Object.keys(NOT_ROTARY), 'falcon (with alibi)'].join(', ');

/** A config the view cannot draw: its message says why (a rotary model: where it is drawn). */
class NotFamily extends Error {}

/**
 * What a model is drawn as, for `side` (an encoder-decoder's layers): { name, scheme, alibi,
 * t5, table, sinusoid, notes } (alibi: { numHeads, slopes as the model computes them, biasScale,
 * maxBias }; t5: the bucket rule and its heads; table: a table's kind and length; sinusoid: the
 * dModel and spacing of the sinusoid drawn).
 */
export function readScheme(pe, config, side) {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) pe.positionScheme(config);  // its TypeError
  const { type } = modelTypeOf(config);
  if (type === undefined)
    throw new RangeError(`config.model_type is missing: this view reads a model by it (${TYPES}) or by its architectures`);
  let scheme;
  try {
    scheme = pe.positionScheme(config);
  } catch (error) {
    // A type of no scheme here was read as a rotary model: say both.
    if (typeof type === 'string' && !Object.hasOwn(NOT_ROTARY, type) && type !== 'falcon' && !error.message.includes('does not tell'))
      throw new RangeError(`config.model_type ${JSON.stringify(type)} is not one of the relative family (${TYPES}); read as a rotary model: ${error.message}`);
    throw error;
  }
  if (scheme.kind === 'rope' || scheme.kind === 'none')
    throw new NotFamily(`A rotary model (model_type ${scheme.modelType}): RoPE, none of ALiBi, T5's buckets or a table of positions. `
      + 'The rotary frequency scaling view draws it (<posenc-rope-scaling>, pe.ropeFromConfig, docs/rope.md).');
  return scheme.layerTypes.length ? pe.positionScheme(config, { layerType: side }) : scheme;
}

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  // One grid of two columns (one on a phone) for the five charts: those a model does not have are
  // hidden, and the others flow two to a row, each half wide (an ALiBi model: the cosine
  // similarities beside its factors, then its matrix). Cosine similarities and ALiBi's factors
  // are different quantities: each has its own chart and y axis.
  const pair = w.part('div', 'pair');
  pair.style.gridTemplateColumns = 'repeat(auto-fill, minmax(min(100%, max(260px, calc(50% - 0.5rem))), 1fr))';
  const [left, factorsBox, right, alibiBox, t5Box] = [0, 1, 2, 3, 4].map(() => w.part('div', '', null, pair));
  // Each matrix's title above it, as <posenc-grid> titles its views (a figure rendered from the
  // element draws it there too: the two matrices look alike untitled).
  const alibiTitle = w.part('p', 'subtitle', 'alibi-title', alibiBox), t5Title = w.part('p', 'subtitle', 't5-title', t5Box);
  const curvesCanvas = w.canvas('curves', left), factorsCanvas = w.canvas('factors', factorsBox), bucketsCanvas = w.canvas('buckets', right);
  const alibiCanvas = w.canvas('alibi', alibiBox), t5Canvas = w.canvas('t5', t5Box);
  const note = w.part('p', 'note', 'note');
  let values, shown, raw = {};

  const curves = w.own(new XYPlot(curvesCanvas, {
    xLabel: 'offset Δ = i − j (log)', yLabel: 'D(Δ)/D(0)', xName: 'Δ', logX: true,
    label: 'Plot of the cosine similarity of two positions Δ apart, 1 at Δ = 0',
  }));
  const factors = w.own(new XYPlot(factorsCanvas, {
    xLabel: 'offset Δ = i − j (log)', yLabel: 'e^(−m·Δ)', xName: 'Δ', logX: true,
    label: "Plot of ALiBi's factor on the attention weight of a key Δ positions back, 1 at Δ = 0",
  }));
  const staircase = w.own(new XYPlot(bucketsCanvas, {
    xLabel: 'offset Δ = i − j (log)', yLabel: 'T5 bucket', xName: 'Δ', logX: true,
    label: "Plot of T5's bucket of a key Δ positions before the query",
  }));
  const masked = (i, j) => shown.causal && j > i;
  const alibiMap = w.own(new Heatmap(alibiCanvas, {
    xLabel: 'key position j', yLabel: 'query position i', map: sequential, diagonal: true, masked: 'masked',
    label: 'Heatmap of one ALiBi head\'s bias −m·|i − j|',
    describe: (i, j) => {
      const { alibi, head } = shown, m = alibi.effective[head];
      if (masked(i, j)) return { text: `masked: key j = ${j} comes after query i = ${i}\n(a decoder's causal mask: −∞, weight 0)`, value: -Infinity };
      return { text: `head ${head}: bias −m·|i − j| = ${number(-m * Math.abs(i - j))}\nm = ${fraction(m)}, i − j = ${number(i - j)}`, value: -m * Math.abs(i - j) };
    },
  }));
  const t5Map = w.own(new Heatmap(t5Canvas, {
    xLabel: 'key position j', yLabel: 'query position i', map: sequential, diagonal: true, masked: 'masked',
    label: "Heatmap of T5's bucket at each offset i − j",
    describe: (i, j) => {
      if (shown.t5Causal && j > i)
        return { text: `masked: key j = ${j} comes after query i = ${i}\n(the decoder's causal mask; its bucket would be ${shown.bucketOf(j - i)})`, value: -Infinity };
      // T5's code buckets relative_position = j − i (memory minus query); the page's offset is i − j.
      return { text: `offset i − j = ${number(i - j)}: bucket ${shown.bucketOf(j - i)}`, value: shown.bucketOf(j - i) };
    },
  }));

  // A value the reader changed inside the widget: redrawn, and told to the page (its URL).
  function change(changes) {
    root.dispatchEvent(new CustomEvent('posenc-values', { bubbles: true, composed: true, detail: changes }));
    view.update(changes);
  }
  const box = configBox(w, {
    hidden: options?.controls === false, change, view: 'relative family',
    hint: "config.json: paste it, drop the file here, or open it (BLOOM's, T5's, GPT-2's, …: the model's positions are read from it)",
    menus: [
      { key: 'preset', rule: rules.preset, name: (k) => (k === 'custom' ? 'your config' : k === 'generic' ? 'generic settings' : FAMILY_MODELS[k].name) },
      { key: 'side', rule: rules.side }, { key: 'mask', rule: rules.mask },
    ],
  });

  w.exports({
    name: 'family', title: 'relative family',
    canvases: [{ name: 'distance', canvas: curvesCanvas, label: 'distance' }, { name: 'alibi-factors', canvas: factorsCanvas, label: 'ALiBi factors' },
      { name: 't5-buckets', canvas: bucketsCanvas, label: 'buckets' },
      { name: 'alibi', canvas: alibiCanvas, label: 'ALiBi' }, { name: 't5-matrix', canvas: t5Canvas, label: 'T5 matrix' }],
    caption: () => `posenc relative family · ${shown?.name ?? ''}`,
    data: () => exported(),
  });
  // The charts and their save buttons, shown for what the model has.
  const saves = [...[...root.children].find((c) => c.classList.contains('exports')).children].slice(0, 5);
  // which: [cosine similarities, ALiBi's factors, T5's buckets, ALiBi's matrix, T5's matrix].
  function showCharts(which) {
    [left, factorsBox, right, alibiBox, t5Box].forEach((part, k) => { part.hidden = !which[k]; saves[k].hidden = !which[k]; });
  }

  function exported() {
    if (!shown) return { csv: '', json: {} };
    const { alibi, t5, head } = shown, n = shown.length;
    const matrix = (f) => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => f(i, j)));
    return {
      csv: csv(['model', 'delta', ...shown.series.map((s) => s.label), ...(t5 ? ['t5 bucket'] : [])],
        shown.offsets.map((delta, k) => [shown.name, delta, ...shown.series.map((s) => s.values[k]), ...(t5 ? [shown.steps[k]] : [])])),
      json: {
        preset: values.preset, model: shown.name, values, scheme: shown.scheme && plain(shown.scheme), rope: ROPE, sinusoid: shown.sinusoid,
        offsets: shown.offsets, series: shown.series.map((s) => ({ label: s.label, values: Array.from(s.values) })),
        alibi: alibi && { numHeads: alibi.numHeads, maxBias: alibi.maxBias, slopes: Array.from(alibi.slopes), slopeRounding: alibi.rounding, biasScale: alibi.biasScale,
          drawnSlopes: Array.from(alibi.effective), head, mask: values.mask, causal: shown.causal,
          // Head `head`'s bias over `length` positions; null where the causal mask hides the key.
          bias: matrix((i, j) => (masked(i, j) ? null : -alibi.effective[head] * Math.abs(i - j))) },
        t5: t5 && { ...t5.rule, numHeads: t5.numHeads, side: t5.rule.bidirectional ? 'encoder' : 'decoder', lastBucket: t5.last.bucket, lastFrom: t5.last.from,
          lastBegins: t5.last.begins, staircase: Array.from(shown.steps), mask: values.mask, causal: shown.t5Causal,
          buckets: matrix((i, j) => (shown.t5Causal && j > i ? null : shown.bucketOf(j - i))) },
        table: shown.table,
      },
    };
  }

  function clear(message) {
    shown = null;
    showCharts([false, false, false, false, false]);
    note.textContent = `Nothing shown: ${message}`;
    for (const key of ['horizon', 'heads', 'lastBucket', 'lastFrom']) delete note.dataset[key];
  }

  /** What the view draws: the generic settings', or the model's. */
  function plan(v, say, refused) {
    const sinusoid = { dModel: v.dModel, spacing: 'paper', own: false };
    if (v.preset === 'generic') {
      let rule = { numBuckets: v.numBuckets, maxDistance: v.maxDistance, bidirectional: v.side === 'encoder' };
      try {
        pe.relativePositionBuckets([0], rule);
      } catch (error) {
        say(error.message.replace('maxDistance must', 'maxDistance (T5) must'));
        // The least T5 takes: one more than the exact buckets, half of a side's (⌊·⌋: a side may be odd).
        rule = { ...rule, maxDistance: Math.max(v.maxDistance, Math.floor((rule.bidirectional ? v.numBuckets / 2 : v.numBuckets) / 2) + 1) };
      }
      const slopes = pe.alibiSlopes(v.numHeads);
      return { name: 'generic settings', scheme: null, sinusoid, table: null,
        alibi: { numHeads: v.numHeads, slopes, effective: slopes, biasScale: 1, maxBias: 8, rounding: null },
        t5: { rule, numHeads: null } };
    }
    const name = v.preset === 'custom' ? 'your config' : FAMILY_MODELS[v.preset].name;
    if (refused) throw new RangeError(`${refused} characters pasted: not a config.json (at most ${MAX_CONFIG} are read).`);
    const config = v.preset === 'custom' ? box.parse(v) : FAMILY_MODELS[v.preset].config;
    const scheme = readScheme(pe, config, v.side);
    const out = { name, config, scheme, sinusoid, table: null, alibi: null, t5: null };
    if (scheme.kind === 'alibi') {
      const slopes = scheme.slopeRounding === 'bfloat16' ? scheme.slopes.map(bfloat16) : scheme.slopes;
      out.alibi = { numHeads: scheme.numHeads, slopes, effective: slopes.map((m) => m * scheme.biasScale), biasScale: scheme.biasScale,
        maxBias: scheme.maxBias, rounding: scheme.slopeRounding ?? null };
      if (scheme.maxPositions) out.table = { kind: 'max_seq_len', maxPositions: scheme.maxPositions };
    } else if (scheme.kind === 'relative-buckets') {
      out.t5 = { rule: { numBuckets: scheme.numBuckets, maxDistance: scheme.maxDistance, bidirectional: scheme.bidirectional }, numHeads: scheme.numHeads, tables: scheme.tables };
    } else if (scheme.kind === 'sinusoidal') {
      // The view draws a sinusoid of an even dModel up to MAX_SINUSOID (its horizon is searched at every offset).
      if (scheme.dModel % 2 || scheme.dModel > MAX_SINUSOID)
        throw new RangeError(`config.d_model must be even and at most ${MAX_SINUSOID} for this view to draw its sinusoid, got ${scheme.dModel}`);
      out.sinusoid = { dModel: scheme.dModel, spacing: CONVENTIONS[scheme.convention].options.spacing, own: true, convention: scheme.convention };
      out.table = { kind: 'sinusoidal', maxPositions: scheme.maxPositions, start: scheme.start };
    } else if (scheme.kind === 'learned') {
      out.table = { kind: 'learned', maxPositions: scheme.maxPositions, start: scheme.start ?? 0 };
    } else if (scheme.kind === 'relative-learned') {
      out.table = { kind: 'relative-learned', maxPositions: scheme.maxPositions, maxDistance: scheme.maxDistance, distances: scheme.distances, variant: scheme.variant };
    }
    return out;
  }

  function draw(v, say) {
    values = v;
    const refused = box.refused(v);  // before the box shows the text read
    box.show(v, (key) => (key === 'generic' ? '' : JSON.stringify(FAMILY_MODELS[key].config, null, 1)));
    let p;
    try {
      p = plan(v, say, refused);
    } catch (error) {
      box.problem.textContent = error.message;
      clear(error instanceof NotFamily ? 'a rotary model (the message under the box says where it is drawn).' : 'the config could not be read (the message under the box says why).');
      if (error instanceof NotFamily) root.dispatchEvent(new CustomEvent('posenc-scheme', { bubbles: true, composed: true, detail: { kind: 'rope', text: error.message } }));
      return;
    }
    box.problem.textContent = p.scheme?.warnings?.length ? p.scheme.warnings.map((x) => `⚠ ${x}`).join(' ') : '';
    const offsets = logOffsets(v.maxOffset, SAMPLES);
    // The sinusoid: D(Δ)/D(0) = (2/dModel)·Σ cos(Δ·ωᵢ) at the plotted offsets; RoPE's the same sum over its ωᵢ.
    const similarity = (omega) => offsets.map((delta) => kernelAt(omega, delta) / omega.length);
    const { sinusoid: sin } = p;
    const sinusoid = similarity(pe.frequencies(sin.dModel, { spacing: sin.spacing }));
    const rope = similarity(pe.ropeFrequencies(ROPE.headDim, { base: ROPE.base }).frequencies);
    const series = [
      { label: `${sin.own ? `${p.name}'s sinusoid` : 'sinusoid'}: cosine similarity, dModel = ${sin.dModel}`, short: `sinusoid, dModel = ${sin.dModel}`, values: Float64Array.from(sinusoid) },
      { label: `RoPE: cosine similarity, headDim ${ROPE.headDim}, base ${number(ROPE.base)} (Llama 3)`, short: `RoPE, headDim ${ROPE.headDim}, base ${number(ROPE.base)}`, values: Float64Array.from(rope) },
    ];
    const { alibi, t5 } = p;
    const factorSeries = [];
    let head = 0;
    if (alibi) {
      head = Math.min(v.head, alibi.numHeads - 1);
      if (head !== v.head) say(`head must be below the ${alibi.numHeads} heads: showing head ${head}`);
      // A fan: the steepest head, the chosen one and the gentlest (ALiBi's factor on the weight).
      const { steepest, gentlest } = fanOf(alibi.slopes);
      // Falcon's factor is e^(−m·Δ/√headDim): said where it differs from the note's e^(−m·Δ).
      const scaled = alibi.biasScale === 1 ? '' : ` e^(−m·Δ/${number(1 / alibi.biasScale)})`;
      factorSeries.push(...[...new Set([steepest, head, gentlest])].sort((x, y) => alibi.slopes[y] - alibi.slopes[x]).map((h) => ({
        label: `ALiBi head ${h}: weight factor${scaled}, m = ${fraction(alibi.slopes[h])}`,
        short: `ALiBi head ${h}${alibi.biasScale === 1 ? '' : ` (×1/${number(1 / alibi.biasScale)})`}, m = ${fraction(alibi.slopes[h])}`,
        values: Float64Array.from(offsets, (delta) => Math.exp(-alibi.effective[h] * delta)) })));
    }
    const marks = [];
    if (p.table) {
      const { kind, maxPositions, maxDistance } = p.table, last = kind === 'relative-learned' ? maxDistance : maxPositions - 1;
      marks.push(kind === 'max_seq_len' ? { x: last, label: `max_seq_len ${number(maxPositions)}: Δ up to ${number(last)}`, short: `Δ ≤ ${number(last)}` }
        : kind === 'relative-learned' ? { x: last, label: `its last distance, ${number(last)}`, short: `Δ ≤ ${number(last)}` }
          : { x: last, label: `its table: Δ up to ${number(last)}`, short: `Δ ≤ ${number(last)}` });
    }
    curves.show({ x: offsets, series, marks, headroom: 0.5 });  // the legend above the curves
    if (alibi) {
      factors.yLabel = alibi.biasScale === 1 ? 'e^(−m·Δ)' : `e^(−m·Δ/${number(1 / alibi.biasScale)})`;
      factors.show({ x: offsets, series: factorSeries, headroom: 0.5 });
    }
    const causal = Boolean(alibi) && v.mask === 'on';
    const n = v.length;
    let steps = null, bucketRow = null, last = null;
    if (t5) {
      // T5: a key Δ back is at key − query = −Δ.
      const { rule } = t5;
      steps = pe.relativePositionBuckets(offsets.map((delta) => -delta), rule);
      last = t5.last = lastBucket(pe, rule);
      const sideText = rule.bidirectional ? `T5 encoder: keys before the query, buckets 0–${last.side - 1} of ${rule.numBuckets}` : `T5 decoder: all ${rule.numBuckets} buckets for keys before the query`;
      // Drawn at every whole Δ up to where the buckets stop changing (maxDistance, and some),
      // the log-spaced offsets beyond: a step sampled sparsely was drawn a few offsets late.
      const dense = Math.min(v.maxOffset, Math.max(4 * rule.maxDistance, 256));
      const stairX = [...Array.from({ length: dense }, (_, k) => k + 1), ...offsets.filter((delta) => delta > dense)];
      const stairs = pe.relativePositionBuckets(stairX.map((delta) => -delta), rule);
      staircase.show({ x: stairX, series: [{ label: sideText, values: Float64Array.from(stairs), steps: true }], about: `maxDistance ${number(rule.maxDistance)}`,
        lines: [{ y: last.bucket, label: `the last bucket, ${last.bucket}: every Δ from ${number(last.from)} on`, short: `bucket ${last.bucket}: Δ ≥ ${number(last.from)}` }] });
      bucketRow = pe.relativePositionBuckets(Array.from({ length: 2 * n - 1 }, (_, k) => k - (n - 1)), rule);
    }
    const t5Causal = Boolean(t5) && !t5.rule.bidirectional && v.mask === 'on';
    shown = { name: p.name, scheme: p.scheme, sinusoid: p.sinusoid, table: p.table, alibi, t5, head, causal, t5Causal, length: n, offsets, series: [...series, ...factorSeries], steps,
      bucketOf: (r) => bucketRow[r + n - 1] };
    showCharts([true, Boolean(alibi), Boolean(t5), Boolean(alibi), Boolean(t5)]);
    if (alibi) {
      const m = alibi.effective[head];
      alibiMap.show({ rows: n, cols: n, value: (i, j) => (causal && j > i ? -Infinity : -m * Math.abs(i - j)), min: -m * (n - 1), max: 0,
        masked: causal ? 'masked' : null, about: `${p.name}, head ${head}, m = ${fraction(m)}${causal ? ', keys after the query masked' : ''}` });
      alibiTitle.textContent = `ALiBi bias −m·|i − j|${alibi.biasScale === 1 ? '' : ` (Falcon: ×1/${number(1 / alibi.biasScale)})`} of head ${head}, `
        + `m = ${fraction(alibi.slopes[head])}${causal ? ', with the causal mask a decoder applies' : ', without a mask'}`;
    }
    if (t5) {
      t5Map.show({ rows: n, cols: n, value: (i, j) => (t5Causal && j > i ? -Infinity : bucketRow[j - i + n - 1]), min: 0, max: t5.rule.numBuckets - 1,
        masked: t5Causal ? 'masked' : null, about: `${p.name}, ${t5.rule.bidirectional ? 'encoder' : 'decoder'}${t5Causal ? ', keys after the query masked' : ''}` });
      t5Title.textContent = `T5 bucket at offset i − j, ${t5.rule.bidirectional ? 'encoder (both ways: no mask)' : `decoder${t5Causal ? ', with its causal mask' : ', without its mask'}`}, `
        + `${t5.rule.numBuckets} buckets`;
    }
    const horizon = horizonOf(pe, sin.dModel, v.maxOffset, { spacing: sin.spacing }) ?? -1;  // section 7's horizon
    note.textContent = [caption(p, v), curvesNote(p, v, horizon, head), alibi && alibiNote(p, head, causal), t5 && t5Note(p, t5Causal, v.mask),
      (alibi || t5) && `${alibi && t5 ? 'Each matrix is' : 'The matrix is'} constant along its diagonals (it depends on i − j alone), as PE·PEᵀ is.`].filter(Boolean).join(' ');
    Object.assign(note.dataset, { horizon: horizon < 0 ? '' : horizon, model: v.preset, heads: alibi?.numHeads ?? '', mask: v.mask });
    for (const key of ['lastBucket', 'lastFrom']) delete note.dataset[key];
    if (t5) Object.assign(note.dataset, { lastBucket: steps.at(-1), lastFrom: last.from });
  }

  const api = w.api(draw);
  const view = { ...api, update: (v = {}) => api.update(raw = { ...raw, ...v }) };
  return view;
}

/** A scheme as JSON: its typed arrays as arrays. */
const plain = (scheme) => JSON.parse(JSON.stringify(scheme, (key, x) => (ArrayBuffer.isView(x) ? Array.from(x) : x)));

/** The note's first sentence: the model, and what it has. */
function caption(p, v) {
  const s = p.scheme;
  if (!s) return `Generic settings: ALiBi with ${v.numHeads} heads, T5 with ${v.numBuckets} buckets up to maxDistance ${number(p.t5.rule.maxDistance)} `
    + '(the heads box marked generic sets the first; pick a model, or paste its config.json, to draw that model).';
  const of = `${p.name} (model_type ${s.modelType}${s.layerType ? `, ${s.layerType}` : ''})`;
  // An encoder-decoder: what the other side has, and how to see it.
  const otherSide = s.layerType === 'encoder' ? 'decoder' : 'encoder', o = s[otherSide];
  const other = s.layerTypes.length ? ` Its ${otherSide}: ${o.kind === 'relative-buckets' ? `T5's buckets, ${o.bidirectional ? 'both ways' : 'looking back'}`
    : o.kind === 'sinusoidal' ? `a sinusoidal table of ${number(o.maxPositions)} positions` : `a learned table of ${number(o.maxPositions)} positions`} (side ${otherSide}).` : '';
  const table = p.table;
  if (s.kind === 'alibi')
    return `${of}: ALiBi, ${s.numHeads} heads, no position vectors: no T5 buckets to draw.`
      + (s.maxPositions ? ` MPT computes its bias for max_seq_len = ${number(s.maxPositions)} keys (docs/family.md): Δ up to ${number(s.maxPositions - 1)}, marked.` : '');
  if (s.kind === 'relative-buckets')
    return `${of}: T5's relative buckets, ${s.numHeads} heads, each with its own learned number per bucket (${s.tables === 'every layer' ? 'a table in every layer' : 'the table of the first layer, shared by the others'}); no ALiBi.${other}`;
  if (s.kind === 'sinusoidal')
    return `${of}: a sinusoidal table of ${number(table.maxPositions)} positions (posenc's '${s.convention}' convention: ${p.sinusoid.spacing} spacing, dModel ${s.dModel}${s.start ? `, token 0 at row ${s.start}` : ''}): `
      + `its cosine similarity is drawn, and its table's last offset, ${number(table.maxPositions - 1)}, is marked.${other}`;
  const none = ' No formula to draw: the curves are the sinusoid\'s and RoPE\'s for comparison, and no ALiBi or T5 matrix.';
  if (s.kind === 'relative-learned')
    return `${of}: position_embedding_type ${s.variant} (Huang et al., 2020): no position vector is added to the tokens; each layer learns one vector per distance i − j `
      + `(${number(s.distances)} of them, |i − j| up to ${number(s.maxDistance)}: max_position_embeddings − 1, as no text is longer; never clipped) and adds its dot product with the `
      + `${s.dottedWith.join(' and with the ')} to the score. The largest distance is marked.${none}`;
  return `${of}: a learned table of ${number(table.maxPositions)} positions`
    + `${table.start ? `; token 0 reads row ${table.start} (${s.modelType === 'opt' ? "OPT's table begins with 2 extra rows, OPTLearnedPositionalEmbedding's offset" : 'the rows before are not positions'})` : ''}`
    + `: one vector per position up to ${number(table.maxPositions - 1)}, the table's last offset, marked on the distance axis; nothing beyond.${none}${other}`;
}

/**
 * The steepest and the gentlest of ALiBi's heads, the first of equal slopes (with a second series,
 * heads not a power of two, the steepest is its first, not head 0).
 */
function fanOf(slopes) {
  const pick = (better) => slopes.reduce((best, m, h) => (better(m, slopes[best]) ? h : best), 0);
  return { steepest: pick((a, b) => a > b), gentlest: pick((a, b) => a < b) };
}

/** Which heads the factors' chart draws: the steepest, the chosen one and the gentlest (two of them, when the chosen one is either). */
function fan(slopes, head) {
  const { steepest, gentlest } = fanOf(slopes);
  return head === steepest ? `the steepest head (${head}, the one chosen) and the gentlest (${gentlest})`
    : head === gentlest ? `the steepest head (${steepest}) and the gentlest (${head}, the one chosen)`
      : `the steepest head (${steepest}), the chosen one (${head}) and the gentlest (${gentlest})`;
}

/** What the curves are: two cosine similarities and ALiBi's factor on the weight. */
function curvesNote(p, v, horizon, head) {
  const { sinusoid } = p;
  const whose = `The cosine similarity of ${sinusoid.own ? `${p.name}'s sinusoid (dModel ${sinusoid.dModel}, ${sinusoid.spacing} spacing)` : 'the sinusoid'}`;
  return `The first chart: cosine similarities of two positions' vectors, D(Δ)/D(0) (the sinusoid's; RoPE's as Llama 3 has it, headDim ${ROPE.headDim}, base ${number(ROPE.base)}, for q = k). `
    + (p.alibi ? `The second: ALiBi's factor ${p.alibi.biasScale === 1 ? 'e^(−m·Δ)' : `e^(−m·Δ/${number(1 / p.alibi.biasScale)}) (Falcon scales the bias)`} on a key's attention weight before the softmax divides by the row's sum, for ${fan(p.alibi.slopes, head)}: another quantity, on its own axis, also 1 at Δ = 0. `
      + "(BLOOM's code adds m·j, the key's position, and MPT's m·(j − L + 1), rather than −m·|i − j|: under the causal mask each differs from it by a constant along each row, which the softmax cancels, up to rounding: in the last bits in float32, more in the models' bfloat16 or float16.) " : '')
    + (horizon < 0 ? `${whose} stays above 0 up to Δ = ${number(v.maxOffset)}` : `${whose} first reaches 0 at Δ = ${number(horizon)} (its horizon, the story's section 7)`)
    + (p.alibi ? `; ALiBi's head ${head} weighs a key ${number(v.maxOffset)} back by e^(−${number(p.alibi.effective[head] * v.maxOffset, 3)}).` : '.');
}

/** ALiBi's slopes: the two series when the heads are not a power of two, MPT's alibi_bias_max, Falcon's rounding and scale, the mask. */
function alibiNote({ alibi, scheme, config }, head, causal) {
  const n = alibi.numHeads, { P, extra } = alibiSeries(n), plainSlopes = scheme?.slopes ?? alibi.slopes;
  const b = alibi.maxBias;
  let text = extra === 0
    ? `${n} heads, a power of two: head h's slope is 2^(−${b}(h + 1)/${n}), from ${fraction(plainSlopes[0])} (head 0) to ${fraction(plainSlopes[n - 1])} (head ${n - 1}).`
    : `${n} heads is not a power of two: heads 0 … ${P - 1} take 2^(−${b}(h + 1)/${P}), from ${fraction(plainSlopes[0])} to ${fraction(plainSlopes[P - 1])}; `
      + `the other ${extra} take the odd powers of the series ${2 * P} heads would have, 2^(−${b}(2k + 1)/${2 * P}) for k = 0 … ${extra - 1} `
      + `(${fraction(plainSlopes[P])} … ${fraction(plainSlopes[n - 1])}): a second series interleaved with the first, its first slope above all of the first's and each other between two of them.`;
  if (scheme?.modelType === 'mpt') {
    const given = config?.attn_config?.alibi_bias_max;
    text += given === undefined || given === null ? ' attn_config has no alibi_bias_max: 8 in transformers and in MosaicML\'s code alike.'
      : given === 8 ? " attn_config.alibi_bias_max is 8: drawn with 8, which transformers' MptModel always uses (it ignores the key) and MosaicML's own code reads from it."
        : ` attn_config.alibi_bias_max is ${number(given)}: drawn with transformers' 8 (MptModel ignores the key); MosaicML's own code would use ${number(given)}, slopes 2^(−${number(given)}(h + 1)/${P}).`;
  }
  if (alibi.rounding === 'bfloat16') {
    const headDim = 1 / alibi.biasScale ** 2;
    text += ` Falcon rounds its slopes to bfloat16 (head ${head}: ${number(plainSlopes[head])} becomes ${number(alibi.slopes[head])}) and scales the whole score, bias included, by 1/√headDim = 1/${number(1 / alibi.biasScale)} `
      + `(headDim ${number(headDim)} = hidden_size / num_attention_heads): the drawn slope is m/${number(1 / alibi.biasScale)}. `
      + 'Its code multiplies the bfloat16 slope by the key position in bfloat16 too, so far keys\' biases are rounded (to steps of up to 16 by j = 4096); the curves are drawn from the exact product.';
  }
  return text + (causal ? ' The ALiBi matrix shows the causal mask a decoder applies: a key after the query (j > i) is masked (−∞ before the softmax, weight 0).'
    : ' The causal mask is off: the ALiBi matrix shows the bias of every key, as an encoder would (a decoder masks j > i).');
}

/** T5's buckets: the split of the encoder's, the exact ones, and why the last one begins before maxDistance. */
function t5Note({ t5 }, causal, mask) {
  const { rule, last } = t5, { numBuckets, maxDistance } = rule;
  const split = rule.bidirectional
    ? `The encoder splits its ${numBuckets} buckets in two: ${last.side} for keys before the query (the staircase, buckets 0–${last.side - 1}) and ${last.side} for keys after (${last.side}–${numBuckets - 1}; a key at the query's own position counts as before, so bucket ${last.side} is never used and the after side has ${last.exact - 1} exact distances, Δ = −1 … −${last.exact - 1}).`
    : `The decoder gives all ${numBuckets} buckets to keys before the query (a key after it counts as Δ = 0${causal ? ', and is masked' : ''}).`;
  return `${split} Of ${rule.bidirectional ? `the before side's ${last.side}` : `its ${last.side}`}, the first ${last.exact} are exact (Δ = 0 … ${last.exact - 1}); the other ${last.steps} widen logarithmically: `
    + `bucket ${last.exact} + ⌊${last.steps}·log(Δ/${last.exact})/log(${number(maxDistance)}/${last.exact})⌋. That spacing would put maxDistance ${number(maxDistance)} at bucket ${last.side}, one past the last; `
    + `rounded down, the last bucket, ${last.bucket}, begins one bucket's width (a factor ${number(last.width, 3)}) earlier, at Δ = ${number(last.begins, 4)}, `
    + `so every Δ from ${number(last.from)} on shares it${last.from < maxDistance ? `, ${number(maxDistance)} and beyond alike` : ''}.`
    + (rule.bidirectional || mask === 'on' ? '' : ' The causal mask is off: the T5 matrix shows every key\'s bucket.');
}
