// <posenc-rope> and <posenc-rope-scaling> in a post under the strict CSP: they draw, the score
// readout is pe.rope + a dot product, the heatmap is Toeplitz under the cursor, every preset's
// wavelengths are pe.ropeFrequencies's, a bad pasted config names its key; screenshots at phone
// and desktop widths, light and dark.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { init } from 'posenc';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { MODELS } from '../../js/story/models.js';
import { seededVector } from '../../js/story/rope-scores.js';
import { parseNumber } from '../../js/numbers.js';
import { CSP, drawnAgain, frames, launch, renderedCounts, screenshot } from './browser.js';
import { checkHover, checkKeyboard, checkRecolour, pixels, readout, settle } from './charts.js';
import { tempDir } from '../temp.js';

const pe = await init();
let server, browser, page;

const POST = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>From the clock to rotary embeddings</title>
<link rel="stylesheet" href="embed-example.css">
<script type="module" src="posenc/dist/elements.js"></script></head>
<body><article><h1>From the clock to rotary embeddings</h1>
<p>A query and a key turned by their positions: the score depends on the offset only.</p>
<posenc-rope id="rope" head-dim="16" m="5" n="2" length="48"></posenc-rope>
<p>What long-context scalings do to the wavelengths.</p>
<posenc-rope-scaling id="scaling"></posenc-rope-scaling>
</article></body></html>`;

before(async () => {
  const site = await buildSite(tempDir('site'));
  writeFileSync(join(site, 'rope-post.html'), POST);
  server = await serve(site, 0, { 'content-security-policy': CSP });
  browser = await launch();
  page = await browser.context.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/rope-post.html`);
  await page.waitForFunction(() => ['rope', 'scaling'].every((id) => document.getElementById(id).dataset.rendered));
});

after(async () => {
  await browser?.close();
  server?.close();
});

const canvas = (host, part) => page.locator(`#${host} canvas`).nth(part);
/** Focuses a chart and presses keys; returns its readout. */
async function keys(chart, ...pressed) {
  await chart.focus();
  for (const key of pressed) await chart.press(key);
  return readout(chart);
}
const message = (host) => page.$eval(`#${host}`, (el) => el.shadowRoot.querySelector('.posenc-widget > p.message').textContent);
/** The reading error beside the config box. */
const problem = () => page.$eval('#scaling', (el) => el.shadowRoot.querySelector('.config .message').textContent);

/** q(m)·k(n) by the package: q and k as the element makes them from its seed, turned by pe.rope. */
function score(m, n, d = 16, seed = 1) {
  const turn = (v, p) => pe.rope({ rows: 1, cols: d, data: v }, { positions: [p], dtype: 'float64' }).data;
  const a = turn(seededVector(d, seed), m), b = turn(seededVector(d, seed + 1), n);
  return a.reduce((s, x, c) => s + x * b[c], 0);
}

test('both elements draw every canvas (clocks, scores, decay; wavelengths)', async () => {
  for (const [host, count] of [['rope', 3], ['scaling', 1]]) {
    const all = page.locator(`#${host} canvas`);
    assert.equal(await all.count(), count, host);
    for (let i = 0; i < count; i++) {
      const { variance } = await pixels(all.nth(i));
      assert.ok(variance > 100, `${host} canvas ${i}: variance ${variance}`);
    }
  }
});

test('the score note and the heatmap readout are pe.rope + a dot product', async () => {
  const noted = await page.$eval('#rope', (el) => el.shadowRoot.querySelector('.note').dataset.score);
  assert.ok(Math.abs(Number(noted) - score(5, 2)) <= 1e-12, `note ${noted} vs ${score(5, 2)}`);
  const heatmap = canvas('rope', 1);
  const shown = await keys(heatmap, 'ArrowRight', ...Array(7).fill('ArrowDown'), ...Array(3).fill('ArrowRight'));
  assert.deepEqual([shown.data.row, shown.data.col], ['7', '3']);
  const expected = score(7, 3);
  assert.ok(Math.abs(Number(shown.data.value) - expected) <= 1e-12 * Math.max(1, Math.abs(expected)), `${shown.data.value} vs ${expected}`);
});

test('Toeplitz: along a diagonal the readout keeps its score, and the whole diagonal lights up', async () => {
  const heatmap = canvas('rope', 1);
  await page.mouse.move(1, 1);
  await heatmap.blur();
  await frames(page);
  const bare = await heatmap.evaluate((c) => Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data));
  const first = await keys(heatmap, 'Home', ...Array(20).fill('ArrowDown'), ...Array(10).fill('ArrowRight'));
  const lit = await heatmap.evaluate((c) => Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data));
  const width = await heatmap.evaluate((c) => c.width);
  let left = Infinity, right = -Infinity;
  for (let p = 0; p < bare.length; p += 4)
    if (Math.abs(bare[p] - lit[p]) + Math.abs(bare[p + 1] - lit[p + 1]) > 30) {
      left = Math.min(left, (p / 4) % width);
      right = Math.max(right, (p / 4) % width);
    }
  // m − n = 10 runs over 38 of the 48 columns: the highlight spans most of the plot.
  assert.ok(right - left > 0.4 * width, `highlight spans ${right - left} of ${width} device pixels`);
  for (let step = 1; step <= 5; step++) {
    const next = await keys(heatmap, 'ArrowDown', 'ArrowRight');
    assert.equal(Number(next.data.row) - Number(next.data.col), 10);
    assert.ok(Math.abs(Number(next.data.value) - Number(first.data.value)) <= 1e-12, `step ${step}: ${next.data.value} vs ${first.data.value}`);
  }
});

test("real models' wavelengths are 2π / pe.ropeFromConfig's, and the attention factor is shown", async () => {
  const plot = canvas('scaling', 0);
  // One model of each kind of reading: llama3, yarn (legacy type), yarn with a v5-style dict,
  // partial rotary, longrope, two layer kinds (the readout reads the first: sliding).
  for (const key of ['llama-3.1-8b', 'yarn-llama-2-7b-64k', 'qwen2.5-72b-yarn', 'gpt-neox-20b', 'phi-3.5-mini-instruct', 'gemma-3-4b-it']) {
    await page.$eval('#scaling', (el, k) => { el.preset = k; }, key);
    await frames(page);
    const { config } = MODELS[key], first = pe.ropeFromConfig(config);
    const kind = first.layerTypes.find((k) => !first.kindsWithoutRope.includes(k));
    // Dynamic NTK and LongRoPE (Phi-3.5) at the sequence length drawn: the model's max positions.
    const { frequencies, attentionFactor } = pe.ropeFromConfig(config, { layerType: kind, length: first.maxPositions });
    const shownFactor = await page.$eval('#scaling', (el) => el.shadowRoot.querySelector('.note').dataset.attentionFactor);
    assert.equal(Number(shownFactor), attentionFactor, key);
    await page.mouse.move(1, 1);
    await plot.blur();
    let shown = await keys(plot, 'ArrowRight');
    for (let i = 0; i < frequencies.length; i += 1 + (i % 7)) {
      assert.equal(Number(shown.data.index), i, `${key}: index`);
      assert.equal(Number(shown.data.value), (2 * Math.PI) / frequencies[i], `${key}: pair ${i}`);
      shown = await keys(plot, ...Array(1 + (i % 7)).fill('ArrowRight'));
    }
    assert.equal(await message('scaling'), '', key);
    assert.equal(await problem(), '', key);
  }
});

test('a pasted config: good ones draw, bad ones name the key in the message line', async () => {
  const text = page.locator('#scaling textarea');
  const plot = canvas('scaling', 0);
  await text.fill(JSON.stringify({ head_dim: 64, rope_theta: 10000, max_position_embeddings: 2048, rope_scaling: { type: 'dynamic', factor: 2 } }));
  await frames(page);
  assert.equal(await message('scaling'), '');
  const pairs = await page.$eval('#scaling', (el) => el.shadowRoot.querySelector('.note').dataset.pairs);
  assert.equal(pairs, '32');
  const before = (await pixels(plot)).hash;
  for (const [config, expected] of [
    ['{"head_dim": 64, "rope_scaling": {"rope_type": "yarn", "factor": 0}}', /^config\.rope_scaling\.factor must be a number > 0, got 0$/],
    ['{"head_dim": 64, "rope_scaling": {"rope_type": "longrope", "factor": 2}}', /^config\.rope_scaling\.short_factor must be an array of numbers/],
    ['{"model_type": "llama", "hidden_size": 4096}', /^config\.num_attention_heads must be a whole number > 0, got nothing$/],
    ['{"head_dim": 64,', /^config: not JSON/],
  ]) {
    await text.fill(config);
    await frames(page);
    assert.match(await problem(), expected, config);
    // Nothing of the last model stays: the chart is cleared and says so, the reading is gone.
    assert.match(await page.$eval('#scaling', (el) => el.shadowRoot.querySelector('.note').textContent), /^Nothing shown: the config could not be read/);
    assert.notEqual((await pixels(plot)).hash, before, config);
    assert.equal(await page.$eval('#scaling', (el) => el.shadowRoot.querySelector('.reading').textContent), '');
  }
  // A config of its rope_theta alone, as the prose invites: the headDim comes from its box.
  await text.fill('{"rope_theta": 500000}');
  await frames(page);
  assert.equal(await problem(), '');
  assert.match(await page.$eval('#scaling', (el) => el.shadowRoot.querySelector('.reading').textContent), /no headDim .*head_dim = 128 from the fallback headDim box/);
  // No max positions (Mixtral has no default): no comparison, no context line, the note says so.
  await text.fill('{"model_type": "mixtral", "hidden_size": 4096, "num_attention_heads": 32}');
  await frames(page);
  assert.equal(await problem(), '');
  assert.match(await page.$eval('#scaling', (el) => el.shadowRoot.querySelector('.note').textContent),
    /^your config: mixtral, headDim 128, .*Longest period 5,063,256 positions \(the config gives no context length\)\. No dashed comparison: the config gives no context length\./);
  // Gemma 3's text config without head_dim takes its model type's 256, not the fallback.
  await text.fill('{"model_type": "gemma3", "text_config": {"rope_theta": 1000000, "num_hidden_layers": 2}}');
  await frames(page);
  assert.doesNotMatch(await page.$eval('#scaling', (el) => el.shadowRoot.querySelector('.reading').textContent), /fallback/);
  assert.match(await page.$eval('#scaling', (el) => el.shadowRoot.querySelector('.note').textContent), /^your config: gemma3_text, headDim 256/);
  await page.$eval('#scaling', (el) => { el.preset = 'gpt-neox-20b'; });
  await frames(page);
  assert.equal(await message('scaling'), '');
  assert.equal(await problem(), '');
});

test("the decay chart: RoFormer's bound, its trend (never rising) and the score under it", async () => {
  const decay = canvas('rope', 2);
  await page.mouse.move(1, 1);
  let previous = Infinity;
  let shown = await keys(decay, 'ArrowRight');
  for (let step = 0; step < 12; step++) {
    const lines = Object.fromEntries(shown.text.split('\n').slice(1).map((l) => l.split(': ')).map(([k, v]) => [k, Number(v)]));
    const { "RoFormer's bound": bound, 'its largest value from here on': trend, 'this score, on the same scale': score } = lines;
    assert.ok(trend >= bound && score <= bound + 1e-12, shown.text);
    assert.ok(trend <= previous, `the trend rose: ${trend} after ${previous}`);
    previous = trend;
    shown = await keys(decay, ...Array(8).fill('ArrowRight'));
  }
});

test('Save CSV and JSON of the rotary scaling: the wavelengths and every kind read, for the model shown', async () => {
  await page.$eval('#scaling', (el) => { el.preset = 'gemma-3-4b-it'; el.setAttribute('compare', 'llama-3.1-8b'); });
  await frames(page);
  const save = async (text) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`#scaling button[aria-label="${text} of the rope scaling"]`).click()]);
    return readFileSync(await download.path(), 'utf8');
  };
  const gemma = (layerType) => pe.ropeFromConfig(MODELS['gemma-3-4b-it'].config, { layerType });
  const rows = (await save('Save periods CSV')).trim().split('\n');
  assert.equal(rows[0], 'i,Gemma 3 4B it · sliding_attention,Gemma 3 4B it · full_attention,Llama 3.1 8B');
  assert.equal(rows.length, 1 + 128);
  const [, sliding, full, llama] = rows[1 + 99].split(',').map(Number);
  assert.deepEqual([sliding, full], ['sliding_attention', 'full_attention'].map((k) => 2 * Math.PI / gemma(k).frequencies[99]));
  assert.ok(Number.isNaN(llama), 'Llama 3.1 has 64 pairs: none at pair 99');
  const json = JSON.parse(await save('Save periods JSON'));
  assert.deepEqual([json.preset, json.compare, json.models.map((m) => m.kinds.map((k) => k.layerType))],
    ['gemma-3-4b-it', 'llama-3.1-8b', [['sliding_attention', 'full_attention'], ['full_attention']]]);
  assert.deepEqual(json.models[0].kinds[1].frequencies, Array.from(gemma('full_attention').frequencies));
  await page.$eval('#scaling', (el) => { el.removeAttribute('compare'); el.preset = 'llama-3.1-8b'; });
  await frames(page);
});

/** A download of the element's button named `name` (its accessible name): the file's text. */
async function saved(name) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`#scaling button[aria-label="${name}"]`).click()]);
  return readFileSync(await download.path(), 'utf8');
}
const note = () => page.$eval('#scaling', (el) => el.shadowRoot.querySelector('.note').textContent);

test("the legend says which dashed curve lies on the model's, Llama 3's cut-offs are told, dynamic NTK at the sequence length chosen", async () => {
  await page.$eval('#scaling', (el) => { el.preset = 'llama-3.1-8b'; });
  await frames(page);
  assert.equal((await saved('Save periods CSV of the rope scaling')).split('\n')[0], "i,Llama 3.1 8B,default,linear ×8,dynamic ×8,yarn ×8,llama3 ×8 = the model's");
  const llama = pe.ropeFromConfig(MODELS['llama-3.1-8b'].config);
  assert.match(await note(), /Llama 3 scaling \(cut-offs: original context 8192 ÷ high_freq_factor 4 = 2048, ÷ low_freq_factor 1 = 8192\) keeps pairs 0–28 \(periods under the high-frequency cut-off\), stretches pairs 35–63 8× \(periods over the low-frequency cut-off\) and blends pairs 29–34 between the two\./);
  assert.match(await note(), /dynamic NTK at sequence length 131,072 \(the model's max positions\)\./);
  assert.match(await note(), /Type a length in "your context" to mark it\./);
  // Another length: the dashed dynamic curve is pe's dynamic NTK there; the note names it.
  await page.$eval('#scaling', (el) => { el.setAttribute('length', '200000'); el.setAttribute('context', '100000'); });
  await frames(page);
  assert.match(await note(), /dynamic NTK at sequence length 200,000\./);
  assert.doesNotMatch(await note(), /Type a length/);
  const dynamic = pe.ropeFrequencies(128, { base: 500000, length: 200000, scaling: { rope_type: 'dynamic', factor: 8, max_position_embeddings: 8192 } }).frequencies;
  const rows = (await saved('Save periods CSV of the rope scaling')).trim().split('\n').slice(1).map((r) => r.split(',').map(Number));
  rows.forEach((r, i) => assert.equal(r[4], 2 * Math.PI / dynamic[i], `pair ${i}`));
  await page.$eval('#scaling', (el) => { el.removeAttribute('length'); el.removeAttribute('context'); });
  // Llama 2 (no scaling, max positions = the original context): dynamic NTK is the default there, and says so.
  await page.$eval('#scaling', (el) => { el.preset = 'llama-2-7b'; });
  await frames(page);
  assert.equal((await saved('Save periods CSV of the rope scaling')).split('\n')[0], "i,Llama 2 7B,default = the model's,linear ×4,dynamic ×4 = the model's,yarn ×4,llama3 ×4");
  assert.match(await note(), /dynamic NTK at sequence length 4096 \(the model's max positions\), where it is the default \(it changes nothing until a sequence passes 4096\)\./);
  await page.$eval('#scaling', (el) => { el.preset = 'llama-3.1-8b'; });
  await frames(page);
});

test('the layer strip tells each layer (kind, base, window, whether it rotates) on hover and by keyboard', async () => {
  await page.$eval('#scaling', (el) => { el.preset = 'gemma-3-4b-it'; });
  await frames(page);
  const cells = page.locator('#scaling [data-layer]');
  const { text_config: t } = MODELS['gemma-3-4b-it'].config;
  assert.equal(await cells.count(), 34);
  const said = () => page.$eval('#scaling', (el) => el.shadowRoot.querySelector('.layers [aria-hidden]').textContent);
  await cells.nth(0).focus();
  assert.equal(await said(), `layer 0 of 34: sliding_attention; rotates (default RoPE, base 10,000); sliding window of ${t.sliding_window} positions`);
  // The table's kind menu keeps its choice when the view redraws.
  await page.$eval('#scaling', (el) => { const menu = el.shadowRoot.querySelector('.pairs select'); menu.value = 'full_attention'; menu.dispatchEvent(new Event('input')); });
  await page.$eval('#scaling', (el) => el.setAttribute('context', '5000'));
  await frames(page);
  assert.equal(await page.$eval('#scaling', (el) => el.shadowRoot.querySelector('.pairs select').value), 'full_attention');
  await page.$eval('#scaling', (el) => el.removeAttribute('context'));
  await frames(page);
  await cells.nth(0).focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await said(), 'layer 5 of 34: full_attention; rotates (linear RoPE, base 1,000,000); no window: attends to the whole context');
  assert.equal(await cells.nth(5).getAttribute('tabindex'), '0', 'one tab stop: the focused layer');
  assert.equal(await cells.nth(0).getAttribute('tabindex'), '-1');
  await page.keyboard.press('End');
  assert.match(await said(), /^layer 33 of 34: /);
  await cells.nth(11).hover();
  assert.match(await said(), /^layer 11 of 34: full_attention; /);
  assert.equal(await cells.nth(11).getAttribute('aria-label'), await said());
  // Command R7B: its full-attention layers have no RoPE, and say so.
  await page.$eval('#scaling', (el) => { el.preset = 'command-r7b'; });
  await frames(page);
  await page.locator('#scaling [data-layer]').nth(3).hover();
  assert.match(await said(), /^layer 3 of \d+: full_attention; no RoPE \(no positions at all\); no window: attends to the whole context$/);
  await page.$eval('#scaling', (el) => { el.preset = 'llama-3.1-8b'; });
  await frames(page);
});

test("the per-pair table's saved JSON and CSV are transformers' float32 inv_freq to the bit (the layer kind menu, LongRoPE at the length drawn); cells show the bits, the exact value on hover", async () => {
  // Every model and kind: tests/js/story-inv-freq-table.test.js; here the element's saves of three.
  const golden = JSON.parse(readFileSync(new URL('../golden/rope-float32.json', import.meta.url), 'utf8')).models;
  for (const [key, layerType] of [['gemma-3-4b-it', 'full_attention'], ['phi-3.5-mini-instruct', 'full_attention'], ['llama-3.1-8b', 'full_attention']]) {
    await page.$eval('#scaling', (el, k) => { el.preset = k; }, key);
    await frames(page);
    await page.$eval('#scaling', (el, k) => { const menu = el.shadowRoot.querySelector('.pairs select'); menu.value = k; menu.dispatchEvent(new Event('input')); }, layerType);
    await frames(page);
    const json = JSON.parse(await saved('Save inv_freq JSON of the per-pair table'));
    const want = golden[key].kinds[layerType], what = `${key} ${layerType}`;
    assert.equal(json.layerType, layerType, what);
    const scaled = want.rope_type === 'longrope' ? want.at_length.at(-1).inv_freq : want.inv_freq;
    assert.deepEqual(json.pairs.map((p) => p.bitsScaledFloat32.slice(2)), scaled, `${what}: scaled`);
    assert.deepEqual(json.pairs.map((p) => p.bitsUnscaledFloat32.slice(2)), want.default_inv_freq, `${what}: unscaled`);
    assert.equal(json.attentionScaling, want.attention_scaling, `${what}: attention scaling`);
  }
  const csvRows = (await saved('Save inv_freq CSV of the per-pair table')).trim().split('\n');
  assert.equal(csvRows.length, 65);
  assert.equal(csvRows[31].split(',')[7], `0x${golden['llama-3.1-8b'].kinds.full_attention.inv_freq[30]}`);
  assert.match(await page.$eval('#scaling', (el) => el.shadowRoot.querySelector('.pairs .note').textContent),
    /^Every pair of Llama 3\.1 8B \(64 rows, the first changed by scaling: i = 29; scroll the table\): llama3 RoPE, base 500,000; attention factor 1 \(transformers' attention_scaling.* one float32 step moves the longest period here, 20,473,564 positions, by 1\.9 positions\.$/);
  const cell = await page.$eval('#scaling', (el) => { const td = el.shadowRoot.querySelector('table.wide tbody tr:nth-child(2) td:nth-child(6)'); return [td.textContent, td.title]; });
  assert.equal(cell[0], `0x${golden['llama-3.1-8b'].kinds.full_attention.inv_freq[1]}`);
  assert.equal(Math.fround(Number(cell[1])), pe.ropeFromConfig(MODELS['llama-3.1-8b'].config, { dtype: 'float32' }).frequencies[1]);
});

test('dragging the tip of q(m)\'s arrow moves it with the pointer (turned back by pe.rope at −m), and the score follows', async () => {
  const clocks = canvas('rope', 0);
  await page.mouse.move(1, 1);
  await clocks.blur();
  const shown = await keys(clocks, 'ArrowRight'), { data } = shown;
  assert.equal(data.index, '0');
  const box = await clocks.boundingBox(), [x, y] = [box.x + Number(data.tipX), box.y + Number(data.tipY)];
  const before = await page.$eval('#rope', (el) => el.shadowRoot.querySelector('.note').dataset.score);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 6, y + 9, { steps: 3 });
  await page.mouse.up();
  await frames(page);
  await clocks.blur();
  // q(m)'s pair 0 moved by (6, −9)/scale in its own units (x2 up): the ratio is the drag's.
  const turned = (text) => text.match(/q\(5\): \(([^,]+), ([^)]+)\)/).slice(1).map(parseNumber);
  const [a, b] = turned(shown.text), [c, d] = turned((await keys(clocks, 'ArrowRight')).text);
  assert.ok(Math.abs((c - a) / (d - b) + 6 / 9) < 1e-3, `moved by (${c - a}, ${d - b})`);
  const { score, fromOffset } = await page.$eval('#rope', (el) => ({ ...el.shadowRoot.querySelector('.note').dataset }));
  assert.notEqual(score, before);
  assert.ok(Math.abs(Number(score) - Number(fromOffset)) <= 1e-12, `${score} vs ${fromOffset}`);
});

test('readouts beside the pointer and the keyboard cursor; colours follow the scheme and --panel', async () => {
  await page.mouse.move(1, 1);
  const charts = [canvas('rope', 0), canvas('rope', 1), canvas('rope', 2), canvas('scaling', 0)];
  for (const [i, chart] of charts.entries()) {
    await checkHover(page, chart, `chart ${i}`);
    await checkKeyboard(page, chart, `chart ${i}`);
  }
  await checkRecolour(page, charts, 'article');
});

test('bad attributes: the nearest allowed value, and a message naming the attribute', async () => {
  await page.$eval('#rope', (el) => { el.setAttribute('head-dim', '7'); el.setAttribute('m', 'x'); });
  await frames(page);
  assert.equal(await message('rope'), 'head-dim must be even: using 8; m must be a number: using 5');
  assert.equal(await page.$eval('#rope', (el) => el.headDim), 8);
  await page.$eval('#scaling', (el) => el.setAttribute('preset', 'gpt-5'));
  await frames(page);
  assert.equal(await message('scaling'), 'unknown preset "gpt-5": using llama-3.1-8b');
  await page.$eval('#scaling', (el) => el.setAttribute('preset', 'qwen2.5-7b-yarn'));  // a preset of earlier releases
  await frames(page);
  assert.equal(await message('scaling'), 'preset "qwen2.5-7b-yarn" is now "qwen2.5-72b-yarn" (a real config)');
  await page.$eval('#rope', (el) => { el.setAttribute('head-dim', '16'); el.setAttribute('m', '5'); });
  await page.$eval('#scaling', (el) => el.setAttribute('preset', 'llama-3.1-8b'));
  await frames(page);
  assert.equal(await message('rope'), '');
});

test('removed elements release their observers and listeners; re-added ones draw again', async () => {
  const both = 'posenc-rope, posenc-rope-scaling';
  const count = () => page.$$eval(both, (els) => els.map((e) => e.shadowRoot.querySelectorAll('canvas').length));
  const drawings = await renderedCounts(page, both);
  await page.evaluate(() => {
    window.parked = [...document.querySelectorAll('posenc-rope, posenc-rope-scaling')].map((el) => [el, el.parentNode, el.nextSibling]);
    for (const [el] of window.parked) el.remove();
  });
  await frames(page);
  // destroy() empties the widget's box: no canvas, no observer left.
  assert.deepEqual(await page.evaluate(() => window.parked.map(([el]) => el.shadowRoot.querySelectorAll('*').length)), [1, 1]);
  await page.evaluate(() => window.parked.forEach(([el, parent, next]) => parent.insertBefore(el, next)));
  await drawnAgain(page, both, drawings);
  assert.deepEqual(await count(), [3, 1]);
  for (const chart of [canvas('rope', 1), canvas('scaling', 0)]) assert.ok((await pixels(chart)).variance > 100);
});

test('screenshots at 1280 and 390 px, light and dark; no console error', async () => {
  await page.$eval('#scaling', (el) => { el.preset = 'llama-3.1-8b'; });
  for (const width of [1280, 390])
    for (const scheme of ['light', 'dark']) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await settle(page);
      await page.mouse.move(1, 1);
      await screenshot(page, `rope-${width}-${scheme}.png`, { fullPage: true });
      const widths = await page.$$eval('posenc-rope, posenc-rope-scaling', (els) => els.map((e) => e.scrollWidth - e.clientWidth));
      assert.deepEqual(widths, [0, 0], `${width} px ${scheme}: nothing overflows sideways`);
    }
  assert.deepEqual(browser.problems.consoleErrors, []);
  assert.deepEqual(browser.problems.outside, []);
});
