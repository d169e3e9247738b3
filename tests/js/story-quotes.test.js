// Every number the story's text quotes is what its chart shows: each is recomputed here with the
// functions the chart draws from, at the chart's own defaults (its widget's `rules`), printed
// by the page's one formatter (js/numbers.js), and looked for in its section of web/index.html
// (the story) or web/workbench.html.
// A chart that opens elsewhere, or a sentence left behind by a change, fails here.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init } from 'posenc';
import * as charts from 'posenc/charts';
import { number } from '../../js/numbers.js';
import { nearRepeats } from '../../js/story/near-repeats.js';
import { baseTradeoff, horizon, resolution } from '../../js/story/base.js';
import { nearestTrained, unseenAngles } from '../../js/story/extrapolation.js';
import { sineOnlyShift } from '../../js/story/shift.js';
import { pairOfColumn } from '../../js/story/pairs.js';
import { relativeBound } from '../../js/story/rope-scores.js';
import { keyOf, paramsFor } from '../../web/lib/state.js';

const pe = await init();
const page = (name) => readFileSync(new URL(`../../web/${name}`, import.meta.url), 'utf8');
const html = page('index.html') + page('workbench.html');
// A widget's default on the page (web/lib/state.js may set its own, as section 8's trained length).
const pageParams = paramsFor(Object.fromEntries(Object.entries(charts).filter(([, m]) => m?.rules && typeof m.create === 'function')), []);
const def = (widget, key) => pageParams[keyOf(widget, key)]?.def ?? charts[widget].rules[key].def;

/** The reading text of one section (tags dropped, entities and sub/superscripts as a reader sees them). */
function section(id) {
  const start = html.indexOf(`<section id="${id}"`);
  assert.ok(start >= 0, `section ${id}`);
  const body = html.slice(start, html.indexOf('</section>', start));
  return body.replace(/<pre[\s\S]*?<\/pre>/g, ' ').replace(/<sup>(.*?)<\/sup>/g, '^$1').replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}

/** Asserts that section `id` says each of `phrases`. */
function says(id, ...phrases) {
  const text = section(id);
  for (const phrase of phrases) assert.ok(text.includes(phrase), `section ${id} should say "${phrase}"`);
}

const longestPeriod = (d) => 2 * Math.PI / pe.frequencies(d).at(-1);

test('section 2: the embedding\'s scale √dModel at the paper\'s 512; the input chart\'s dModel', () => {
  says('sum', `scales the embedding up by √dModel (about ${number(Math.sqrt(512), 3)} at 512)`, `The chart uses dModel = ${def('input', 'dModel')}`);
});

test('section 3: the slowest period and the dimensions the waves chart opens with', () => {
  const d = def('periods', 'dModel'), lines = def('lines', 'dModel');
  assert.equal(d, 512, 'the periods chart opens at the story\'s dModel');
  assert.equal(lines, 512);
  says('waves', `(${number(longestPeriod(d))} at dModel = ${d})`, `2π ≈ ${number(2 * Math.PI, 3)}`);
  const pairs = def('lines', 'dims').split(',').map((c) => pairOfColumn(Number(c), lines));
  const dims = def('lines', 'dims').split(',');
  says('waves', `the sines of pairs ${pairs.slice(0, -1).join(', ')} and ${pairs.at(-1)} (dimensions ${dims.slice(0, -1).join(', ')} and ${dims.at(-1)}), over ${def('lines', 'length')} positions`,
    `At ${number(charts.lines.rules.length.max)} positions the fast dimensions`, `It opens at dModel = ${def('encoding', 'dModel')}`);
});

test('section 4: the shift chart\'s pair, its frequency and the two positions it names', () => {
  const d = def('shift', 'dModel'), pair = def('shift', 'pair'), k = def('shift', 'k');
  const omega = pe.frequencies(d)[pair];
  says('rotation', `pair ${pair} at dModel = ${d}, ω ≈ ${number(omega, 3)}`, `the one matrix M^${k}`.replace('^', ''), `The clocks use dModel = ${def('clock', 'dModel')}`);
  const { witness } = { witness: sineOnlyShift(omega, k, def('shift', 'length')) };
  assert.ok(witness);
  const [p, q] = [1, 9];
  const sin = (x) => number(Math.sin(x * omega), 3), cos = (x) => number(Math.cos(x * omega), 2);
  says('rotation', `Positions ${p} and ${q} have almost the same sine (${sin(p)} and ${sin(q)})`,
    `(cos +${cos(p)} and ${cos(q)})`, `their sines are ${number(Math.sin((p + k) * omega), 2)} and ${number(Math.sin((q + k) * omega), 2)}`);
});

test('section 5: D(1) at the dot-product chart\'s dModel; the appendix\'s difference', () => {
  const d = def('dots', 'dModel');
  says('toeplitz', `At dModel = ${d}, PE(1)·PE(2) and PE(80)·PE(81) are both D(1) ≈ ${number(pe.dotKernel(2, d)[1])}`);
  const n = 82, { data } = pe.dotMatrix(n, 512, { dtype: 'float64', method: 'direct' });
  const first = data[1 * n + 2], second = data[80 * n + 81];
  const gap = Math.abs(first - second);
  assert.ok(gap > 0 && gap < 1e-12, `${gap}`);
  says('float32-story', `its dot products at equal distances are equal up to rounding, ~10^−${-Math.floor(Math.log10(gap))}`);
  // The chart's default size: D(Δ) over its positions, and where it first reaches 0.
  // (the page opens the chart at 128 positions: web/lib/state.js's default for dots.n)
  const length = Number(readFileSync(new URL('../../web/lib/state.js', import.meta.url), 'utf8').match(/'dots\.n': \{ \.\.\.ENGINEER\.length, def: (\d+) \}/)[1]);
  const kernel = pe.dotKernel(length - 1, d);  // D(0) … D(length − 1): the chart's offsets
  assert.equal(kernel.length, length);
  assert.ok(kernel.every((x) => x > 0));
  // D falls steadily over the first 43 offsets (the near-repeats' first rise), then ripples.
  const full = pe.dotKernel(200, d), fall = full.findIndex((x, i) => i > 0 && x > full[i - 1]) - 1;
  assert.equal(fall, nearRepeats(pe, d, { maxOffset: 4096 }).trivialEnd);
  says('toeplitz', `falls steadily over the first ${fall} offsets`);
  says('toeplitz', `Over these ${length} positions D(Δ) falls from ${number(kernel[0])} to about ${number(kernel.at(-1), 4)} at Δ = ${length - 1} and stays positive; `
    + `it first reaches 0 at Δ = ${number(horizon(pe, d, 131072))}`);
});

test('section 6: periods, the one-pair returns, and the near-repeats chart at its defaults', () => {
  says('uniqueness', `from 2π ≈ ${number(2 * Math.PI, 3)} up to ${number(longestPeriod(512))} at dModel = 512`,
    `${number(longestPeriod(512))} is just the slowest pair's period`);
  const onePair = nearRepeats(pe, 2, { maxOffset: 131072 });
  const close = (offset) => onePair.distance[offset] < onePair.distance[offset - 1] && onePair.distance[offset] < onePair.distance[offset + 1];
  // The numerators of 2π's convergents: each a return of one pair, each closer than the one before.
  const offsets = [6, 19, 25, 44, 333, 710, 103993];
  for (const offset of offsets) assert.ok(close(offset), `${offset} is a return of one pair`);
  for (let k = 1; k < offsets.length; k++) assert.ok(onePair.distance[offsets[k]] < onePair.distance[offsets[k - 1]], `${offsets[k]} is closer than ${offsets[k - 1]}`);
  says('uniqueness', `offsets 6, 19, 25, 44, 333, 710 and ${number(103993)}`, '(6/1, 19/3, 25/4, 44/7, 333/53, 710/113, 103,993/16,551)');
  // A near-repeat comes closer than the neighbour distance: none at the chart's dModel 512, the
  // last ones at dModel 8 (none at 16 within 4096 offsets).
  const d = def('nearRepeats', 'dModel'), maxOffset = def('nearRepeats', 'maxOffset');
  const opening = nearRepeats(pe, d, { maxOffset }), closest = opening.returns[0];
  assert.ok(closest.distance > resolution(pe, d));
  says('uniqueness', `At dModel = ${d} there is no near-repeat at all within ${number(maxOffset)} offsets`,
    `its closest dip, at Δ = ${number(closest.offset)}, is still ${number(closest.distance, 4)} away, when neighbours are ${number(resolution(pe, d), 3)} apart`,
    'The chart opens at that case');
  const [eight, sixteen] = [8, 16].map((dModel) => nearRepeats(pe, dModel, { maxOffset: 4096 }).returns[0]);
  assert.ok(eight.distance < resolution(pe, 8) && sixteen.distance > resolution(pe, 16));
  says('uniqueness', `dModel = 8 over 4096 offsets (Δ = ${eight.offset} comes within ${number(eight.distance, 3)}, neighbours ${number(resolution(pe, 8), 3)})`);
  // Within 131,072 offsets: near-repeats up to dModel 14, none at 16 (nor beyond: checked up to 512 once).
  const [fourteen, sixteenFar] = [14, 16].map((dModel) => nearRepeats(pe, dModel, { maxOffset: 131072, count: 1 }).returns[0]);
  assert.ok(fourteen.distance < resolution(pe, 14) && sixteenFar.distance > resolution(pe, 16));
  says('uniqueness', 'Near-repeats remain up to dModel = 14 and are gone from dModel = 16 on');
  assert.match(html, /dModel 8, 4096 offsets\|nearRepeats\.dModel=8&amp;nearRepeats\.maxOffset=4096/, 'the button that shows it');
});

test('section 7: neighbour distance and horizon at the base chart\'s dModel, for three bases', () => {
  const d = def('base', 'dModel');
  const at = (base) => baseTradeoff(pe, d, base, { maxOffset: 131072 });
  const [small, paper, large] = [at(100), at(10000), at(1e6)];
  says('why-10000', `At dModel = ${d}, base 100 gives neighbour distance ${number(small.resolution, 3)} and horizon ${number(small.horizon)}; `
    + `base 10,000 gives ${number(paper.resolution, 3)} and ${number(paper.horizon)}; base 10^6 gives ${number(large.resolution, 3)} and ${number(large.horizon)} `
    + `(the chart searches ${number(def('base', 'maxOffset'))} offsets; its button searches ${number(charts.base.rules.maxOffset.max)})`);
  assert.ok(large.horizon > def('base', 'maxOffset') && large.horizon <= charts.base.rules.maxOffset.max);
  assert.match(html, /base\.base=1000000&amp;base\.maxOffset=131072/, 'the button');
  // Rotary embeddings at Llama's headDim 128: the horizons of Llama 2's and Llama 3's bases.
  says('why-10000', `there base 10,000 (Llama 2) puts the horizon at ${number(horizon(pe, 128, 131072))}, and Llama 3's base 500,000 at ${number(horizon(pe, 128, 131072, { base: 500000 }))}`);
  // The base chart opens at base 10,000 (the page's default), where its summary gives those numbers.
  assert.equal(def('base', 'base'), 10000);
});

test('section 8: the extrapolation chart at its defaults (L, dModel, probes)', () => {
  const d = def('extrapolation', 'dModel'), L = def('extrapolation', 'trained'), probes = def('extrapolation', 'probes');
  const slow = unseenAngles(pe, d, L).sweptTurns.filter((t) => t < 1).length;
  assert.equal(L, 2048, 'GPT-3\'s trained length, not the widget\'s 512 (which would equal dModel)');
  says('beyond', `its trained length L: here L = ${number(L)}`, `at dModel = ${d}, ${slow} of the ${d / 2} pairs have not made a full turn by position ${number(L - 1)}`);
  // The share of pairs at unseen angles, from L to its lowest within the chart's positions.
  const share = Array.from({ length: probes }, (_, j) => unseenAngles(pe, d, L).unseenAt(L + j).length / (d / 2));
  const low = share.indexOf(Math.min(...share));
  says('beyond', `(from ${Math.round(100 * share[0])} % to ${Math.round(100 * share[low])} % by position ${number(L + low)})`);
  const far = nearestTrained(pe, d, L, probes);
  assert.equal(far.nearest[0], L - 1, 'just past the end the closest is PE(L − 1)');
  assert.equal(probes, 1000, 'the chart ends a thousand positions past the end');
  says('beyond', `at the neighbour distance ${number(far.distance[0], 3)}`,
    `a thousand positions further the closest one is ${number(far.distance.at(-1), 3)} away, almost as far as unrelated directions (${number(Math.sqrt(d), 3)})`);
});

test('section 9: dot(1, 2) of both spacings at the variants chart\'s dModel', () => {
  const d = def('variants', 'dModel');
  const paper = pe.dotKernel(2, d)[1], t2t = pe.dotKernel(2, d, { spacing: 'tensor2tensor' })[1];
  says('codebases', `dot(1, 2) at dModel = ${d} is ${number(t2t)} instead of ${number(paper)}`);
  assert.equal(def('conventions', 'dModel'), 512, 'your framework opens at the story\'s dModel too');
});

test('the relative family: ALiBi\'s slopes for the chart\'s heads, T5\'s exact buckets and its last', () => {
  const heads = def('family', 'numHeads'), slopes = pe.alibiSlopes(heads);
  const fraction = (m) => `1/${1 / m}`;
  says('relative', `one slope m per head (ALiBi's letter: not the query's position m of rotary embeddings): ${fraction(slopes[0])}, ${fraction(slopes[1])}, … ${fraction(slopes.at(-1))} for ${heads} heads`);
  // Bidirectional, 32 buckets: 16 a side, the first 8 exact; from maxDistance on, the last one.
  const rule = { numBuckets: def('family', 'numBuckets'), maxDistance: def('family', 'maxDistance') };
  // Distances with a bucket of their own (the next one further is in another bucket).
  const bucket = (d) => pe.relativePositionBuckets([-d], rule)[0];
  const exact = Array.from({ length: 20 }, (_, d) => d).filter((d) => bucket(d) === d && bucket(d + 1) !== d).length;
  const last = pe.relativePositionBuckets([-rule.maxDistance], rule)[0];
  const from = Array.from({ length: rule.maxDistance }, (_, d) => d + 1).find((d) => pe.relativePositionBuckets([-d], rule)[0] === last);
  const decoderExact = Array.from({ length: 40 }, (_, d) => d).filter((d) => pe.relativePositionBuckets([-d], { ...rule, bidirectional: false })[0] === d
    && pe.relativePositionBuckets([-(d + 1)], { ...rule, bidirectional: false })[0] !== d).length;
  // Keys after the query: bucket side + Δ from Δ = 1 (Δ = 0 counts as before), so one exact distance fewer.
  const after = (d) => pe.relativePositionBuckets([d], rule)[0];
  const afterExact = Array.from({ length: 20 }, (_, d) => d + 1).filter((d) => after(d) === rule.numBuckets / 2 + d && after(d + 1) !== after(d)).length;
  says('relative', `in the encoder the ${exact} nearest before the query, Δ = 0 … ${exact - 1}, and the ${afterExact} nearest after it; in the decoder the ${decoderExact} nearest`, `up to its largest distance (relative_attention_max_distance in the config), ${rule.maxDistance}`,
    `In the encoder, which looks both ways with ${rule.numBuckets / 2} buckets each way`,
    `the widening reaches the last bucket already at distance ${from}, so that one bucket holds every distance from ${from} on`);
  const decoder = { ...rule, bidirectional: false }, back = pe.relativePositionBuckets(Array.from({ length: 200 }, (_, d) => -d), decoder);
  says('relative', `a decoder looks only back, with all ${rule.numBuckets} buckets: its last starts at ${back.indexOf(back.at(-1))}`);
});

test('the relative family: the models the text lists are the view\'s menu, each a real config of its kind', async () => {
  const { FAMILY_MODELS } = await import('../../js/story/family-models.js');
  const names = Object.values(FAMILY_MODELS).map((m) => m.name);
  const listed = section('relative').match(/pick ([^.]*?) in its menu/)[1].replace(' or ', ', ').split(', ');
  assert.deepEqual(listed, ['BLOOM', 'MPT', 'Falcon-RW', 'T5', 'mT5', 'Flan-T5', 'GPT-2', 'BERT', 'OPT', 'Whisper']);
  for (const family of listed) assert.ok(names.some((n) => n.startsWith(family)), `${family} is in the menu (${names.join(', ')})`);
  // The generic settings, the view's default, are what the text's numbers are of.
  assert.equal(def('family', 'preset'), 'generic');
});

test('section 9: RoFormer\'s bound at every offset: no fade at headDim 16, a fall then a level at 128', () => {
  const at = (d) => {
    const frequencies = pe.ropeFrequencies(d, { base: def('rope', 'base') }).frequencies;
    const dense = relativeBound(frequencies, Array.from({ length: 65536 }, (_, i) => i + 1));
    const fromHere = Float64Array.from(dense);
    for (let i = fromHere.length - 2; i >= 0; i--) fromHere[i] = Math.max(fromHere[i], fromHere[i + 1]);
    return { dense, fromHere };
  };
  assert.equal(def('rope', 'headDim'), 16);
  const small = at(16), peak = small.dense.indexOf(Math.max(...small.dense)) + 1;
  assert.ok(small.dense[peak - 1] > small.dense[0], 'a far offset beats Δ = 1');
  says('rotary', `the bound comes back to ${number(small.dense[peak - 1], 3)} at Δ = ${number(peak)}, above its ${number(small.dense[0], 3)} at Δ = 1`);
  const llama = at(128);
  const after = llama.dense.subarray(99);
  // Its highest and lowest from Δ = 100 on, as values (4 and 3 digits: "under 14.4" was false, 14.412 > 14.4).
  const highest = Math.max(...after), at100 = (v) => after.indexOf(v) + 100;
  says('rotary', `it starts at ${number(llama.dense[0], 3)} at Δ = 1, and from Δ = 100 on it swings between ${number(Math.min(...after), 3)} and ${number(highest, 4)} (its highest, at Δ = ${number(at100(highest))})`);
  assert.equal(highest, llama.fromHere[99]);
  // The story's rotary step says the same, briefly.
  says('rotary-embeddings', `With these eight pairs its ceiling stays at its top out to offset ${number(peak)} (the bound comes back to ${number(small.dense[peak - 1], 3)} there, above its ${number(small.dense[0], 3)} at offset 1)`,
    `it starts at ${number(llama.dense[0], 3)} at offset 1 and, from offset 100 to ${number(65536)} (the chart's range), its highest is ${number(highest, 4)}, at offset ${number(at100(highest))}`);
  assert.match(html, /headDim 128, as Llama 2\|rope\.headDim=128/, 'the button the story names (Llama 2: base 10,000, the view\'s)');
});

test('section 11: the grid the charts open on, the halves of the 2D table, EVA-02\'s and the Qwen models\' splits', async () => {
  const { VISION_MODELS } = await import('../../js/story/vision-models.js');
  const H = def('grid', 'gridHeight'), W = def('grid', 'gridWidth'), D = def('grid', 'dModel');
  says('images', `The charts open on a grid of ${H} × ${W} patches at dModel = ${D}`, `so ${224 / 16} × ${224 / 16} patches for a 224-pixel image`);
  // The first half follows the column x, the second the row y; pair i at 10000^(−4i/dModel).
  const table = pe.encoding2d(2, 3, D, { dtype: 'float64' }).data, omega = (i) => 10000 ** (-4 * i / D);
  const at = (y, x, c) => table[(y * 3 + x) * D + c];
  assert.ok(Math.abs(at(1, 2, 5) - Math.sin(2 * omega(5))) < 1e-12 && Math.abs(at(1, 2, D / 2 + 5) - Math.sin(omega(5))) < 1e-12);
  says('images', 'the first half is the paper\'s encoding of dModel/2 numbers at the column x', 'Pair i of a half turns at ωi = 10000^−4i/dModel');
  // Its dot products: D(Δx) + D(Δy), D the kernel at dModel/2.
  const gram = pe.dotMatrix2d(H, W, D).data, kernel = pe.dotKernel(Math.max(H, W), D / 2);
  assert.ok(Math.abs(gram[(1 * W + 2) * H * W + 4 * W + 7] - kernel[5] - kernel[3]) < 1e-9);
  says('images', 'PE(y, x)·PE(y′, x′) = D(x − x′) + D(y − y′)', 'is the kernel of the story\'s section 5, for dModel/2 numbers');
  // EVA-02 (headDim 64, axes [32, 32]: 16 pairs each) and FLUX (axes 16, 56, 56 of 128 columns: 8, 28, 28 pairs).
  says('images', `(headDim 64: ${32 / 2} pairs each)`, `FLUX splits its ${128 / 2} pairs into ${16 / 2} for an extra index`, `${56 / 2} for the row and ${56 / 2} for the column`);
  for (const { config } of Object.values(VISION_MODELS)) {
    const read = pe.ropeFromConfig(config);
    says('images', `[${read.mropeSection.join(', ')}] of ${read.frequencies.length} pairs in Qwen2-VL 7B and Qwen2.5-VL 7B`,
      `(each one ${config.vision_config.spatial_merge_size} × ${config.vision_config.spatial_merge_size} patches merged)`);
  }
});

test('the workbench\'s config fields: every example is what pe.ropeFromConfig reads from that real config', () => {
  const config = (name) => JSON.parse(readFileSync(new URL(`../fixtures/configs/${name}.json`, import.meta.url), 'utf8'));
  const rows = [...page('workbench.html').matchAll(/<td data-label="in real configs" data-config="([^"]+)" data-read="([^"]+)">(.*?)<\/td>/g)];
  assert.equal(rows.length, 8, 'a real config beside every field');
  const text = (html) => html.replace(/<[^>]+>/g, '');
  for (const [, names, read, html] of rows) {
    const said = text(html);
    for (const name of names.split(' ')) {
      const c = config(name), r = pe.ropeFromConfig(c), t = c.text_config ?? c;
      const expect = ({
        headDim: () => [`${number(t.hidden_size)} / ${t.num_attention_heads} = ${r.headDim}`],
        rotaryDims: () => [`× ${r.headDim} = ${r.rotaryDims}`],
        base: () => [number(r.base)],
        scaling: () => [`${r.parameters.rope_type}, factor ${number(r.parameters.factor)}`],
        context: () => [`${number(t.max_position_embeddings)} and ${number(r.parameters.original_max_position_embeddings)}`],
        layers: () => [`window ${number(t.sliding_window)}`, `base ${number(pe.ropeFromConfig(c, { layerType: 'sliding_attention' }).base)}`,
          `base ${number(pe.ropeFromConfig(c, { layerType: 'full_attention' }).base)}, ${pe.ropeFromConfig(c, { layerType: 'full_attention' }).parameters.rope_type} × ${number(pe.ropeFromConfig(c, { layerType: 'full_attention' }).parameters.factor)}`,
          // the pattern: the sliding layers before each full one (34 layers: 29 and 5, the last four sliding)
          `${r.layers.indexOf('full_attention')} sliding layers`],
        noRope: () => [`every ${r.layers.length / r.layers.filter((k) => k === 'full_attention').length}th layer attends fully, without RoPE`],
        mrope: () => [`[${r.mropeSection.join(', ')}] of ${r.frequencies.length} pairs`],
      })[read]?.();
      assert.ok(expect, read);
      for (const phrase of expect) assert.ok(said.includes(phrase), `${name} (${read}): "${phrase}" in "${said}"`);
    }
  }
});
