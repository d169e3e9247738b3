// <posenc-family> in a post under the strict CSP, and the page's "later models" view: every real
// model of its menu drawn (its name in the note, its charts and only those, the matrices' readouts
// pe's numbers: BLOOM's and MPT's slopes, Falcon's bfloat16 slopes over √headDim, T5's buckets),
// the causal mask (drawn, said on hover, a value in the URL), slopes as fractions, the T5 note's
// numbers from pe, a bad or rotary config named under the box, the exports, readouts by pointer
// and keyboard, the URL state and the hand-offs with the rotary box; screenshots at phone and
// desktop widths, light and dark.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { init } from 'posenc';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { FAMILY_MODELS } from '../../js/story/family-models.js';
import { bfloat16, lastBucket } from '../../js/story/family.js';
import { fraction, number } from '../../js/numbers.js';
import { CSP, frames, launch, screenshot } from './browser.js';
import { checkHover, checkKeyboard, pixels, readout, settle } from './charts.js';
import { tempDir } from '../temp.js';

const pe = await init();
let server, browser, page, origin;

const POST = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Later models</title>
<link rel="stylesheet" href="embed-example.css">
<script type="module" src="posenc/dist/elements.js"></script></head>
<body><article><h1>Later models</h1>
<p>ALiBi, T5's buckets and learned tables, each read from a model's config.json.</p>
<posenc-family id="family"></posenc-family>
</article></body></html>`;

before(async () => {
  const site = await buildSite(tempDir('site'));
  writeFileSync(join(site, 'family-post.html'), POST);
  server = await serve(site, 0, { 'content-security-policy': CSP });
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await launch();
  page = await browser.context.newPage();
  await page.goto(`${origin}/family-post.html`);
  await page.waitForFunction(() => document.getElementById('family').dataset.rendered);
});

after(async () => {
  await browser?.close();
  server?.close();
});

const family = (name) => JSON.parse(readFileSync(new URL(`../fixtures/configs/family/${name}.json`, import.meta.url), 'utf8'));
/** The element's charts by name: curves (cosine similarities), factors (ALiBi's), buckets, alibi, t5. */
const CHARTS = ['curves', 'factors', 'buckets', 'alibi', 't5'];
const chart = (name) => page.locator('#family .chart canvas').nth(CHARTS.indexOf(name));
const inside = (fn, arg) => page.$eval('#family', (el, [body, a]) => new Function('root', 'arg', body)(el.shadowRoot, a), [fn, arg]);
const note = () => inside("const n = [...root.firstChild.children].find((c) => c.id?.endsWith('note') || (c.classList.contains('note') && c.tagName === 'P')); return { text: n.textContent, ...n.dataset };");
const problem = () => inside("return root.querySelector('.config .message').textContent;");
const message = () => inside("return [...root.firstChild.children].find((c) => c.classList.contains('message')).textContent;");
/** Which of the four charts show. */
const visible = () => inside("return [...root.querySelectorAll('.pair > div')].map((d) => !d.hidden);");
/** The matrices' titles: ALiBi's, T5's. */
const titles = () => inside("return [...root.querySelectorAll('.pair > div > p.subtitle')].map((p) => p.textContent);");
async function set(attributes) {
  await page.$eval('#family', (el, a) => { for (const [k, v] of Object.entries(a)) if (v === null) el.removeAttribute(k); else el.setAttribute(k, v); }, attributes);
  await frames(page);
  await frames(page);
}
/** Focuses a chart and presses keys; returns its readout. */
async function keys(canvas, ...pressed) {
  await page.mouse.move(1, 1);
  await canvas.focus();
  for (const key of pressed) await canvas.press(key);
  return readout(canvas);
}
/** A CSV row's cells (quoted ones unquoted). */
const cells = (row) => [...row.matchAll(/"((?:[^"]|"")*)"|([^,]*)/g)].filter((m, k, all) => m.index === 0 || row[m.index - 1] === ',')
  .map((m) => (m[1] !== undefined ? m[1].replaceAll('""', '"') : m[2]));
/** The matrix readout at query row i, key column j. */
const cell = (canvas, i, j) => keys(canvas, 'Home', ...Array(i).fill('ArrowDown'), ...Array(j).fill('ArrowRight'));

test('every model of the menu draws what it has, its name in the note, its matrices pe\'s numbers', async () => {
  for (const [key, { name, config }] of Object.entries(FAMILY_MODELS)) {
    await set({ preset: key, side: null, mask: null, head: null });
    const scheme = pe.positionScheme(config), shown = await note();
    assert.equal(await problem(), '', key);
    assert.ok(shown.text.startsWith(`${name} (model_type ${scheme.modelType}`), `${key}: ${shown.text.slice(0, 80)}`);
    assert.equal(shown.model, key);
    const drawn = await visible();
    const [alibi, buckets] = [scheme.kind === 'alibi', scheme.kind === 'relative-buckets'];
    assert.deepEqual(drawn, [true, alibi, buckets, alibi, buckets], key);
    for (const [k, on] of drawn.entries()) if (on) assert.ok((await pixels(chart(CHARTS[k]))).variance > 100, `${key}: chart ${k} drawn`);
    if (scheme.kind === 'alibi') {
      assert.equal(Number(shown.heads), scheme.numHeads);
      // Head 0's bias 3 keys back: the model's slope (Falcon's in bfloat16, over √headDim).
      const m = scheme.slopeRounding === 'bfloat16' ? bfloat16(scheme.slopes[0]) * scheme.biasScale : scheme.slopes[0];
      const read = await cell(chart('alibi'), 5, 2);
      assert.equal(Number(read.data.value), -3 * m, key);
      assert.match(read.text, new RegExp(`^head 0: bias −m·\\|i − j\\| = ${number(-3 * m)}\\nm = ${fraction(m).replace('/', '\\/')}, i − j = 3$`));
    } else if (scheme.kind === 'relative-buckets') {
      const rule = { numBuckets: scheme.numBuckets, maxDistance: scheme.maxDistance, bidirectional: true };
      assert.equal(Number(shown.lastFrom), lastBucket(pe, rule).from);
      const read = await cell(chart('t5'), 2, 7);
      assert.equal(Number(read.data.value), pe.relativePositionBuckets([5], rule)[0], key);
    } else {
      // A table: its last offset on the distance axis, said in the note.
      const last = scheme.maxPositions - 1;
      assert.match(shown.text, new RegExp(`${number(last)}`), key);
    }
  }
  // Whisper's decoder: a learned table of 448 positions; T5's decoder: its one-sided rule (last bucket from 113).
  await set({ preset: 'whisper-small', side: 'decoder' });
  assert.match((await note()).text, /^Whisper small \(model_type whisper, decoder\): a learned table of 448 positions: one vector per position up to 447/);
  await set({ preset: 't5-small', side: 'decoder' });
  assert.equal((await note()).lastFrom, String(lastBucket(pe, { numBuckets: 32, maxDistance: 128, bidirectional: false }).from));
});

test("BLOOMChat's 112 heads: the two series explained; Falcon's rounding and scale said; MPT's alibi_bias_max said", async () => {
  await set({ preset: 'bloomchat-176b-v1', side: null });
  const slopes = pe.alibiSlopes(112);
  assert.match((await note()).text, new RegExp(`112 heads is not a power of two: heads 0 … 63 take 2\\^\\(−8\\(h \\+ 1\\)/64\\), from ${number(slopes[0])} to 1/256; `
    + `the other 48 take the odd powers of the series 128 heads would have, 2\\^\\(−8\\(2k \\+ 1\\)/128\\) for k = 0 … 47 \\(${number(slopes[64])} … ${number(slopes[111])}\\)`));
  await set({ preset: 'falcon-rw-1b' });
  const falcon = pe.positionScheme(family('falcon-rw-1b'));
  assert.match((await note()).text, new RegExp(`Falcon rounds its slopes to bfloat16 \\(head 0: ${number(falcon.slopes[0])} becomes ${number(bfloat16(falcon.slopes[0]))}\\) `
    + 'and scales the whole score, bias included, by 1/√headDim = 1/8 \\(headDim 64'));
  await set({ preset: 'mpt-7b-instruct' });
  assert.match((await note()).text, /attn_config\.alibi_bias_max is 8: drawn with 8, which transformers' MptModel always uses \(it ignores the key\) and MosaicML's own code reads/);
  const mpt = family('mpt-7b-instruct');
  await set({ preset: 'custom', config: JSON.stringify({ ...mpt, attn_config: { ...mpt.attn_config, alibi_bias_max: 16 } }) });
  assert.match((await note()).text, /alibi_bias_max is 16: drawn with transformers' 8 \(MptModel ignores the key\); MosaicML's own code would use 16/);
  assert.match(await problem(), /^⚠ attn_config\.alibi_bias_max is 16, but transformers' MptModel uses 8/);
});

test('the causal mask: masked cells drawn apart and said on hover, a toggle; slopes as fractions', async () => {
  await set({ preset: 'generic', config: null, head: '7', mask: null });
  const alibi = chart('alibi');
  const masked = await cell(alibi, 2, 5);
  assert.equal(masked.data.value, '-Infinity');
  assert.match(masked.text, /^masked: key j = 5 comes after query i = 2\n\(a decoder's causal mask: −∞, weight 0\)$/);
  assert.match((await titles())[0], /^ALiBi bias −m·\|i − j\| of head 7, m = 1\/256, with the causal mask a decoder applies$/);
  await page.mouse.move(1, 1);
  await alibi.blur();
  await frames(page);
  const on = (await pixels(alibi)).hash;
  await set({ mask: 'off' });
  const open = await cell(alibi, 2, 5);
  assert.equal(Number(open.data.value), -3 / 256);
  assert.match(open.text, /m = 1\/256, i − j = −3$/);
  await page.mouse.move(1, 1);
  await alibi.blur();
  await frames(page);
  assert.notEqual((await pixels(alibi)).hash, on, 'the mask changes the picture');
  assert.equal((await note()).mask, 'off');
  // The legend's slopes: 1/2 … 1/256 where the text says so (not 0.00391).
  const label = await chart('factors').getAttribute('aria-label');
  assert.match(label, /ALiBi head 0: weight factor, m = 1\/2, .*ALiBi head 7: weight factor, m = 1\/256/);
  // The cosine similarities have a chart of their own: no ALiBi factor on their axis.
  assert.doesNotMatch(await chart('curves').getAttribute('aria-label'), /ALiBi/);
  // T5's decoder masks too; its encoder never does.
  await set({ mask: null, side: 'decoder' });
  const t5 = await cell(chart('t5'), 1, 4);
  assert.equal(t5.data.value, '-Infinity');
  assert.match(t5.text, /^masked: key j = 4 comes after query i = 1\n\(the decoder's causal mask; its bucket would be 0\)$/);
  await set({ side: null });
  assert.equal((await cell(chart('t5'), 1, 4)).data.value, String(pe.relativePositionBuckets([3])[0]));
  await set({ head: null });
});

test("T5's note: the encoder's split, and where the last bucket begins, computed (not written down)", async () => {
  for (const [numBuckets, maxDistance, side] of [[32, 128, 'encoder'], [32, 128, 'decoder'], [64, 500, 'encoder'], [8, 30, 'decoder']]) {
    await set({ preset: 'generic', 'num-buckets': String(numBuckets), 'max-distance': String(maxDistance), side });
    const rule = { numBuckets, maxDistance, bidirectional: side === 'encoder' }, last = lastBucket(pe, rule), { text, lastFrom } = await note();
    assert.equal(Number(lastFrom), last.from);
    if (side === 'encoder')
      assert.ok(text.includes(`The encoder splits its ${numBuckets} buckets in two: ${numBuckets / 2} for keys before the query (the staircase, buckets 0–${numBuckets / 2 - 1}) and ${numBuckets / 2} for keys after`), text);
    assert.ok(text.includes(`That spacing would put maxDistance ${number(maxDistance)} at bucket ${last.side}, one past the last; rounded down, the last bucket, ${last.side - 1}, `
      + `begins one bucket's width (a factor ${number(last.width, 3)}) earlier, at Δ = ${number(last.begins, 4)}, so every Δ from ${number(last.from)} on shares it`), text);
    // The staircase's line says the same, completely.
    assert.match(await chart('buckets').getAttribute('aria-label'), new RegExp(`: maxDistance ${number(maxDistance)}: T5 ${side}: `));
  }
  await set({ 'num-buckets': null, 'max-distance': null, side: null });
});

test('a pasted config: good ones draw, bad ones name the key; a rotary one says where it is drawn', async () => {
  const text = page.locator('#family textarea');
  for (const [config, expected] of [
    [{ model_type: 'bert', position_embedding_type: 'relative_key' }, /^your config \(model_type bert\): position_embedding_type relative_key \(Huang et al\., 2020\): no position vector is added to the tokens; each layer learns one vector per distance i − j \(1023 of them, \|i − j\| up to 511/],
    [{ model_type: 'bert', position_embedding_type: 'relative_key_query' }, /adds its dot product with the query and with the key to the score/],
    [{ architectures: ['UMT5ForConditionalGeneration'] }, /^your config \(model_type umt5, encoder\): T5's relative buckets, 8 heads, each with its own learned number per bucket \(a table in every layer\)/],
  ]) {
    await text.fill(JSON.stringify(config));
    await frames(page);
    assert.match((await note()).text, expected);
  }
  for (const [config, expected] of [
    ['{"model_type": "mpt", "n_heads": 8, "attn_config": {"alibi_bias_max": -1}}', /^config\.attn_config\.alibi_bias_max must be a number > 0, got -1$/],
    ['{"model_type": "t5", "relative_attention_num_buckets": 33}', /^config\.relative_attention_num_buckets \(the encoder's rule\): numBuckets must be an even integer/],
    ['{"model_type": "bert", "position_embedding_type": "rotary"}', /^config\.position_embedding_type must be 'absolute', 'relative_key' or 'relative_key_query', got "rotary"$/],
    ['{"model_type": "bloom"}', /^config\.n_head or config\.num_attention_heads is missing$/],
    ['{"rope_theta": 10000}', /^config\.model_type is missing: this view reads a model by it/],
    ['{"model_type": "llama", "num_attention_heads": 32, "hidden_size": 4096}', /^A rotary model \(model_type llama\): RoPE, none of ALiBi, T5's buckets or a table of positions\. The rotary frequency scaling view draws it \(<posenc-rope-scaling>/],
    ['{"model_type": "bloom",', /^config: not JSON/],
    ['', /^config: paste a config\.json, or pick a model$/],
  ]) {
    await text.fill(config);
    await frames(page);
    assert.match(await problem(), expected, config);
    assert.match((await note()).text, /^Nothing shown: /, config);
    assert.deepEqual(await visible(), [false, false, false, false, false], `${config}: nothing of the last model stays`);
  }
  await set({ preset: 'bloom-560m' });
  assert.equal(await problem(), '');
  assert.match((await note()).text, /^BLOOM-560m/);
  await set({ preset: 'generic' });
});

test('Save CSV and JSON: the model, its slopes with the mask state, its buckets', async () => {
  const save = async (label) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#family .exports button', { hasText: label }).click()]);
    return readFileSync(await download.path(), 'utf8');
  };
  await set({ preset: 'falcon-rw-1b', mask: null });
  const falcon = pe.positionScheme(family('falcon-rw-1b'));
  let json = JSON.parse(await save('Save JSON'));
  assert.deepEqual([json.preset, json.model, json.alibi.numHeads, json.alibi.mask, json.alibi.causal, json.alibi.slopeRounding, json.alibi.biasScale, json.t5],
    ['falcon-rw-1b', 'Falcon-RW-1B', 32, 'on', true, 'bfloat16', 1 / 8, null]);
  assert.deepEqual(json.alibi.slopes, Array.from(falcon.slopes, bfloat16));
  assert.deepEqual(json.alibi.drawnSlopes, Array.from(falcon.slopes, (m) => bfloat16(m) / 8));
  assert.deepEqual([json.alibi.bias[2][5], json.alibi.bias[5][2]], [null, -3 * bfloat16(falcon.slopes[0]) / 8]);
  const rows = (await save('Save CSV')).trim().split('\n').map(cells);
  assert.deepEqual(rows[0], ['model', 'delta', 'sinusoid: cosine similarity, dModel = 512', 'RoPE: cosine similarity, headDim 128, base 500,000 (Llama 3)',
    'ALiBi head 0: weight factor e^(−m·Δ/8), m = 0.839844', 'ALiBi head 31: weight factor e^(−m·Δ/8), m = 1/256']);
  assert.deepEqual(rows[1].slice(0, 2), ['Falcon-RW-1B', '1']);
  assert.equal(Number(rows[1][4]), Math.exp(-bfloat16(falcon.slopes[0]) / 8));
  await set({ preset: 't5-small', side: 'decoder' });
  json = JSON.parse(await save('Save JSON'));
  assert.deepEqual([json.model, json.alibi, json.t5.side, json.t5.numBuckets, json.t5.maxDistance, json.t5.lastFrom, json.t5.causal, json.t5.buckets[1][4], json.t5.buckets[4][1]],
    ['T5-small', null, 'decoder', 32, 128, 113, true, null, pe.relativePositionBuckets([-3], { bidirectional: false })[0]]);
  assert.equal(json.scheme.kind, 'relative-buckets');
  const csvRows = (await save('Save CSV')).trim().split('\n').map(cells);
  assert.equal(csvRows[0].at(-1), 't5 bucket');
  assert.equal(Number(csvRows.at(-1).at(-1)), 31, "the decoder's last bucket at Δ = 4096");
  await set({ preset: 'generic', side: null });
});

test('readouts beside the pointer and the keyboard cursor, on every chart a model shows', async () => {
  for (const preset of ['generic', 'bloom-560m', 'gpt2']) {
    await set({ preset });
    const shown = await visible();
    for (const [k, name] of CHARTS.entries()) {
      if (!shown[k]) continue;
      await checkHover(page, chart(name), `${preset} ${name}`);
      await checkKeyboard(page, chart(name), `${preset} ${name}`);
    }
  }
  await set({ preset: 'generic' });
});

test('bad attributes: the nearest allowed value, and a message naming the attribute', async () => {
  await set({ preset: 'bloom-1b' });
  assert.equal(await message(), 'unknown preset "bloom-1b": using generic');
  await set({ preset: 'bloom-560m', head: '40', mask: 'maybe' });
  assert.equal(await message(), 'unknown mask "maybe": using on; head must be below the 16 heads: showing head 15');
  await set({ preset: null, head: null, mask: null });
  assert.equal(await message(), '');
});

test('the page: the model and the mask in the URL; the rotary box hands a config over, and back', async () => {
  const story = await browser.context.newPage();
  const url = () => new URL(story.url()).searchParams;
  const familyNote = () => story.$eval('#family', (root) => [...root.children].find((c) => c.id === 'family-note').textContent);
  try {
    await story.goto(`${origin}/?view=relative&family.preset=mpt-7b-instruct&family.mask=off`);
    await story.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
    assert.match(await familyNote(), /^MPT-7B Instruct \(model_type mpt\): ALiBi, 32 heads.*The causal mask is off/);
    assert.equal(await story.$eval('[data-param="family.preset"]', (s) => s.value), 'mpt-7b-instruct');
    await story.selectOption('[data-param="family.mask"]', 'on');
    await story.waitForFunction(() => !new URL(location.href).searchParams.has('family.mask'));
    // The controls a model does not use are disabled (the generic sliders; head without ALiBi; side with one side).
    const enabled = () => story.$$eval('.controls [data-param^="family."]', (all) => Object.fromEntries(all.filter((c) => c.type !== 'range').map((c) => [c.dataset.param.slice(7), !c.disabled])));
    assert.deepEqual(await enabled(), { preset: true, maxOffset: true, numHeads: false, head: true, side: false, mask: true });
    await story.selectOption('[data-param="family.preset"]', 'flan-t5-large');
    await story.waitForFunction(() => new URL(location.href).searchParams.get('family.preset') === 'flan-t5-large');
    // The URL is written before the view redraws (a later frame, later still under load).
    await story.waitForFunction(() => document.getElementById('family-note')?.textContent.startsWith('Flan-T5-large'), null, { timeout: 30_000 }).catch(() => {});
    assert.match(await familyNote(), /^Flan-T5-large \(model_type t5, encoder\)/);
    assert.deepEqual(await enabled(), { preset: true, maxOffset: true, numHeads: false, head: false, side: true, mask: false });
    await story.selectOption('[data-param="family.side"]', 'decoder');
    await story.waitForFunction(() => new URL(location.href).searchParams.get('family.side') === 'decoder');
    assert.deepEqual(await enabled(), { preset: true, maxOffset: true, numHeads: false, head: false, side: true, mask: true }, "T5's decoder has a mask");
    await story.selectOption('[data-param="family.side"]', 'encoder');
    await story.selectOption('[data-param="family.preset"]', 'gpt2');
    await story.waitForFunction(() => new URL(location.href).searchParams.get('family.preset') === 'gpt2');
    assert.deepEqual(await enabled(), { preset: true, maxOffset: true, numHeads: false, head: false, side: false, mask: false });
    assert.equal(await story.$eval('[data-param="family.head"]', (c) => c.closest('label').title), 'not used by the model shown');
    await story.selectOption('[data-param="family.preset"]', 'generic');
    await story.waitForFunction(() => !new URL(location.href).searchParams.has('family.preset'));
    assert.deepEqual(await enabled(), { preset: true, maxOffset: true, numHeads: true, head: true, side: true, mask: true });
    await story.selectOption('[data-param="family.preset"]', 'flan-t5-large');
    await story.waitForFunction(() => new URL(location.href).searchParams.get('family.preset') === 'flan-t5-large');
    // A config pasted in the family's box: custom, its text in the URL.
    const gpt2 = readFileSync(new URL('../fixtures/configs/family/gpt2.json', import.meta.url), 'utf8');
    await story.fill('#family textarea', gpt2);
    await story.waitForFunction(() => new URL(location.href).searchParams.get('family.preset') === 'custom');
    assert.equal(url().get('family.config'), gpt2);
    assert.match(await familyNote(), /^your config \(model_type gpt2\): a learned table of 1024 positions/);
    // The rotary box hands a BLOOM config to the family's view: the same text, drawn there.
    const bloom = readFileSync(new URL('../fixtures/configs/family/bloom-560m.json', import.meta.url), 'utf8');
    await story.fill('#ropeScaling textarea', bloom);
    await story.waitForFunction((text) => new URL(location.href).searchParams.get('family.config') === text, bloom);
    assert.match(await story.textContent('#ropeScaling .config .message'), /^Not a rotary model\. bloom: ALiBi, 16 heads, no position vectors.*Show it in “Later models”$/);
    await story.waitForFunction(() => document.getElementById('family-note').textContent.startsWith('your config (model_type bloom): ALiBi, 16 heads'));
    assert.equal(await story.$eval('#family textarea', (t) => t.value), bloom);
    // And a rotary config in the family's box goes to the rotary view.
    const llama = readFileSync(new URL('../fixtures/configs/llama-3.1-8b.json', import.meta.url), 'utf8');
    await story.fill('#family textarea', llama);
    await story.waitForFunction((text) => new URL(location.href).searchParams.get('ropeScaling.config') === text, llama);
    assert.match(await story.textContent('#family .config .message'), /^A rotary model \(model_type llama\).*Show it in “Rotary embeddings in a model's config”$/);
    await story.waitForFunction(() => document.querySelector('#ropeScaling .config .message').textContent === '');
    assert.deepEqual(browser.problems.consoleErrors, []);
  } finally {
    await story.close();
  }
});

test('screenshots at 1280 and 390 px, light and dark; nothing overflows; no console error', async () => {
  for (const preset of ['generic', 'bloomchat-176b-v1', 'whisper-small'])
    for (const width of [1280, 390])
      for (const scheme of ['light', 'dark']) {
        await set({ preset });
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await settle(page);
        await page.mouse.move(1, 1);
        await screenshot(page.locator('#family'), `family-${preset}-${width}-${scheme}.png`);
        assert.equal(await page.$eval('#family', (e) => e.scrollWidth - e.clientWidth), 0, `${preset} ${width} px ${scheme}: nothing overflows sideways`);
      }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  assert.deepEqual(browser.problems.consoleErrors, []);
  assert.deepEqual(browser.problems.outside, []);
});
