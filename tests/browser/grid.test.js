// Section 11, "Images and video: positions on a grid", and <posenc-grid> in a post under the
// strict CSP, in Chromium: every chart drawn; each readout the package's number (the encoding's
// images pe.encoding2d, a dot product both pe.dotMatrix2d's and the Toeplitz sum
// D(Δx) + D(Δy) of pe.dotKernel at dModel/2, a rotary score q·k from pe.rope with axes turned
// here in Node, a video cell pe.encoding3d's, every M-RoPE id pe.mropePositions'); the enlarged
// map follows the pointer and a click, a key or a tap on a phone keeps it in the URL; the preset
// buttons, the model menu, a typed prompt, a pasted config and a bad one; the charts' titles and
// labels (the video's two frequencies apart, every prompt segment named); one set of save
// buttons; the prompt field wide enough for its default; the link's values in the controls; the
// element's attributes and messages; screenshots at 1280 and 390 px, light and dark
// (test-results/grid-*.png). Three page loads in all: the page's own controls change the values.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { init } from 'posenc';
import * as charts from 'posenc/charts';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { seededVector } from '../../js/story/rope-scores.js';
import { parsePrompt } from '../../js/story/grid.js';
import { VISION_MODELS } from '../../js/story/vision-models.js';
import { frames, launch, screenshot } from './browser.js';
import { checkHover, checkKeyboard, checkTouch, pixels, readout } from './charts.js';
import { tempDir } from '../temp.js';

const pe = await init();
const def = (key) => charts.grid.rules[key].def;
const H = def('gridHeight'), W = def('gridWidth'), D = def('dModel'), HW = H * W;
let server, browser, page, origin;

const POST = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Positions on a grid</title>
<link rel="stylesheet" href="embed-example.css">
<script type="module" src="posenc/dist/elements.js"></script></head>
<body><article><h1>Positions on a grid</h1>
<posenc-grid id="grid" grid-height="4" grid-width="6" d-model="64" frames="2" prompt="text 2, image 1x4x4, text 1"></posenc-grid>
</article></body></html>`;

// Every text a canvas of the page draws, by the canvas's id (cleared by the tests that read them).
const RECORD_LABELS = () => {
  const fill = CanvasRenderingContext2D.prototype.fillText;
  window.drawnLabels = {};
  CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
    if (this.canvas.id) (window.drawnLabels[this.canvas.id] ??= []).push(String(text));
    return fill.call(this, text, ...rest);
  };
};
const labels = (id) => page.evaluate((c) => window.drawnLabels[c] ?? [], id);
const clearLabels = () => page.evaluate(() => { window.drawnLabels = {}; });

before(async () => {
  const site = await buildSite(tempDir('site'));
  writeFileSync(join(site, 'grid-post.html'), POST);
  server = await serve(site, 0);
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await launch({ hasTouch: true });
  page = await browser.context.newPage();
  await page.addInitScript(RECORD_LABELS);
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function open(search = '', { width = 1280, height = 900, scheme = 'light' } = {}) {
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(`${origin}/${search}`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
  await page.locator('#grid').scrollIntoViewIfNeeded();
  await frames(page);
}

/** The section as it looks, at the viewport's width, in both schemes (artifacts); the page no wider than the window. */
async function screenshots(width) {
  await page.addStyleTag({ content: 'header { position: static !important; }' });
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await frames(page);
    await screenshot(page.locator('#grid'), `grid-${width}-${scheme}.png`);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(overflow <= 0, `${width} px: the page is ${overflow} px wider than the window`);
}

const CHARTS = ['encoding', 'dots', 'patch', 'kernel', 'rope', 'video', 'mrope'];
const canvas = (part) => page.locator(`#grid-${part}`);
const promptField = () => page.locator('input[data-param="grid.prompt"]');

/**
 * Focuses a chart, presses keys ("ArrowDown", "Shift+ArrowRight", …) and returns its readout. The
 * keys are dispatched in the page at once (checkKeyboard presses real ones, chart by chart).
 */
async function keys(chart, ...pressed) {
  await page.mouse.move(1, 1);
  return chart.evaluate((c, all) => {
    c.focus();
    for (const key of all) {
      const shift = key.startsWith('Shift+');
      c.dispatchEvent(new KeyboardEvent('keydown', { key: shift ? key.slice(6) : key, shiftKey: shift, bubbles: true, cancelable: true }));
    }
    const tip = c.parentElement.querySelector(':scope > .tooltip');
    return { hidden: tip.hidden, data: { ...tip.dataset }, text: tip.textContent, width: [tip.scrollWidth, tip.clientWidth] };
  }, pressed).then((shown) => {
    // Every line of the readout inside its box.
    assert.ok(shown.hidden || shown.width[0] <= shown.width[1] + 1, `a readout's text ${shown.width[0]} px wide in a box of ${shown.width[1]} px: ${shown.text}`);
    return shown;
  });
}
/** A mosaic's cell: tile (ty, tx), cell (r, c), reached by the keys (Shift moves a tile). */
const tile = (chart, ty, tx, r, c) => keys(chart, 'Home', ...Array(ty).fill('Shift+ArrowDown'), ...Array(tx).fill('Shift+ArrowRight'),
  ...Array(r).fill('ArrowDown'), ...Array(c).fill('ArrowRight'));
const close = (a, b, what) => assert.ok(Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);

test('the section: every chart drawn, in order after the later models, each view titled; one set of save buttons; the prompt field fits its default', async () => {
  await open('?view=images');
  const ids = await page.$$eval('main section.step', (all) => all.map((s) => s.id));
  assert.equal(ids[ids.indexOf('relative') + 1], 'images');
  for (const part of CHARTS) assert.ok((await pixels(canvas(part))).variance > 100, `${part} drawn`);
  assert.match(await page.textContent('#images-title'), /^Images and video: positions on a grid$/);
  assert.deepEqual(await page.$$eval('#grid .subtitle', (all) => all.map((t) => t.textContent.split(':')[0].split(' ')[0])), ['1.', '2.', '3.', '4.', '5.']);
  // One bar of save buttons, each naming what it saves.
  assert.deepEqual(await page.$$eval('#grid .exports', (all) => all.length), 1);
  assert.deepEqual(await page.$$eval('#grid .exports button', (all) => all.map((b) => b.textContent)),
    ['Save encoding PNG', 'Save dot products PNG', 'Save patch PNG', 'Save kernel PNG', 'Save rotary scores PNG', 'Save video PNG', 'Save position ids PNG',
      'Save dot products CSV', 'Save position ids CSV', 'Save all views JSON']);
  assert.doesNotMatch(await page.textContent('#grid'), /The position ids:/);
  // The default prompt, whole in its field.
  assert.equal(await promptField().inputValue(), def('prompt'));
  const field = await promptField().evaluate((input) => [input.scrollWidth, input.clientWidth]);
  assert.ok(field[0] <= field[1], `the prompt's ${field[0]} px in a field of ${field[1]} px`);
  await screenshots(1280);
  await page.emulateMedia({ colorScheme: 'light' });
  await frames(page);
  assert.deepEqual(browser.problems.consoleErrors, []);
});

test('the encoding\'s images: each cell is pe.encoding2d\'s value; the first half follows the column, the second the row', async () => {
  const table = pe.encoding2d(H, W, D, { dtype: 'float64' }).data, pairs = def('pairs').split(',').map(Number);
  // Tile rows: sin x, cos x, sin y, cos y; tile columns: the pairs shown.
  for (const [ty, tx, r, c] of [[0, 0, 0, 1], [1, 2, 3, 4], [2, 1, 5, 0], [3, 4, 7, 11]]) {
    const shown = await tile(canvas('encoding'), ty, tx, r, c), col = ty * (D / 4) + pairs[tx];
    assert.equal(Number(shown.data.dimension), col, `tile ${ty}, ${tx}`);
    assert.equal(Number(shown.data.value), table[(r * W + c) * D + col], `tile ${ty}, ${tx}, cell ${r}, ${c}`);
    assert.match(shown.text, ty < 2 ? /of the column x \(MAE's emb_h half\)/ : /of the row y \(MAE's emb_w half\)/);
  }
  const note = await page.$eval('#grid-encoding-note', (n) => ({ text: n.textContent, ...n.dataset }));
  assert.deepEqual([note.alongY, note.alongX], ['0', '0'], 'each half follows one axis exactly');
  assert.match(note.text, new RegExp(`dimensions 0 … ${D / 2 - 1}, is the same down every column: it encodes the column x, though MAE's code calls it emb_h`));
  // A patch's vector has dimensions; rows and columns are the patches'.
  assert.match(note.text, new RegExp(`a vector of ${D} numbers per patch, ${HW} vectors in raster order \\(row y = 0 first\\)`));
});

test('the dot products: every map is pe.dotMatrix2d and D(Δx) + D(Δy); the enlarged map follows the pointer, a click keeps it', async () => {
  const gram = pe.dotMatrix2d(H, W, D).data, kernel = pe.dotKernel(Math.max(H, W) - 1, D / 2);
  for (const [y, x, y2, x2] of [[0, 0, 0, 0], [2, 3, 5, 7], [7, 11, 0, 0], [4, 1, 4, 9]]) {
    const shown = await tile(canvas('dots'), y, x, y2, x2), value = Number(shown.data.value);
    assert.equal(value, gram[(y * W + x) * HW + y2 * W + x2], `(${y}, ${x})·(${y2}, ${x2})`);
    close(value, kernel[Math.abs(x2 - x)] + kernel[Math.abs(y2 - y)], `the Toeplitz sum at (${y}, ${x})·(${y2}, ${x2})`);
    assert.deepEqual([Number(shown.data.dy), Number(shown.data.dx)], [y - y2, x - x2]);
    // Δx before Δy, as D(Δx) + D(Δy) adds them.
    const [dx, dy] = [x - x2, y - y2].map((d) => String(d).replace('-', '−'));
    assert.ok(shown.text.includes(`Δx = ${dx}, Δy = ${dy}: D(Δx) + D(Δy)\n= D(${dx}) + D(${dy}) = `), shown.text);
    // The enlarged map is the map under the cursor.
    assert.equal(await page.$eval('#grid-patch-title', (t) => t.dataset.patch), `${y},${x}`);
  }
  const note = await page.$eval('#grid-dots-note', (n) => ({ text: n.textContent, ...n.dataset }));
  assert.ok(Number(note.fromKernels) < 1e-9 * D, `largest difference from the sum: ${note.fromKernels}`);
  assert.equal(Number(note.spread), 0, 'two cells at the same offset are equal');
  assert.match(note.text, /Hover or tap a cell .*; click or tap a map to keep it enlarged\.$/);
  // Enter (as a click) keeps the map under the cursor: in the URL, and shown after the cursor goes.
  await tile(canvas('dots'), 2, 3, 0, 0);
  await canvas('dots').press('Enter');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('grid.patchY') === '2');
  assert.equal(new URL(page.url()).searchParams.get('grid.patchX'), '3');
  await canvas('dots').blur();
  await frames(page);
  assert.equal(await page.$eval('#grid-patch-title', (t) => t.dataset.patch), '2,3');
  // The enlarged map's own readout.
  const cell = await keys(canvas('patch'), 'Home', 'ArrowDown', 'ArrowRight');
  assert.equal(Number(cell.data.value), gram[(2 * W + 3) * HW + 1 * W + 1]);
});

test('the rotary scores: q·k of q and k turned by pe.rope with axes [32, 32], depending on the offset alone; the preset buttons choose q and k', async () => {
  let note = await page.textContent('#grid-rope-note');
  assert.match(note, /its first 32 dimensions \(pairs 0 … 15\) turned by the row y .* on neighbouring dimensions \(interleaved\)/);
  assert.match(note, /\(the button “rotary scores of random q and k” draws random q and k\)/);
  // The button the note names: seed 1 (k from seed 2).
  await page.getByRole('button', { name: /^rotary scores of random q and k,/ }).click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('grid.seed') === '1');
  await frames(page);
  const q = seededVector(64, 1), k = seededVector(64, 2);
  const turned = (v, y, x) => pe.rope({ rows: 1, cols: 64, data: v }, { positions: [[y], [x]], axes: [32, 32], layout: 'interleaved', dtype: 'float64' }).data;
  for (const [y, x, y2, x2] of [[0, 0, 0, 0], [1, 2, 6, 10], [7, 0, 0, 11]]) {
    const a = turned(q, y, x), b = turned(k, y2, x2), expected = a.reduce((s, v, c) => s + v * b[c], 0);
    const shown = await tile(canvas('rope'), y, x, y2, x2);
    close(Number(shown.data.value), expected, `q(${y}, ${x})·k(${y2}, ${x2})`);
  }
  const data = await page.$eval('#grid-rope-note', (n) => ({ text: n.textContent, ...n.dataset }));
  assert.ok(Number(data.spread) < 1e-12 * 64, `same offset, same score: ${data.spread}`);
  assert.ok(Number(data.asymmetry) > 0.1, 'not symmetric');
  assert.match(data.text, /q and k are random vectors \(seed 1, .*the button “rotary scores of q = k” goes back to q = k/);
  await page.getByRole('button', { name: /^rotary scores of q = k,/ }).click();
  await frames(page);
  note = await page.textContent('#grid-rope-note');
  assert.match(note, /q = k = \(1, 0, 1, 0, …\): every pair a unit vector/);
});

test("the video: each cell is pe.encoding3d's; the time block is one colour per frame, the space blocks the same in every frame; the two frequencies told apart", async () => {
  await clearLabels();
  await page.fill('input[type=number][data-param="grid.videoPair"]', '2');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('grid.videoPair') === '2');
  // The URL is written before the redraw, whose charts are painted over frames: until the video's is.
  await page.waitForFunction(() => (window.drawnLabels['grid-video'] ?? []).some((l) => l.startsWith('time: ')), null, { timeout: 30_000 });
  await frames(page);
  const F = def('frames'), table = pe.encoding3d(F, H, W, D, { dtype: 'float64' }).data;
  const cols = [2, D / 4 + 2, D / 4 + (3 * D) / 8 + 2];
  for (const [ty, t, r, c] of [[0, 1, 3, 4], [1, 2, 0, 5], [2, 3, 6, 2]]) {
    const shown = await tile(canvas('video'), ty, t, r, c);
    assert.equal(Number(shown.data.dimension), cols[ty]);
    assert.equal(Number(shown.data.value), table[((t * H + r) * W + c) * D + cols[ty]], `block ${ty}, frame ${t}`);
    assert.match(shown.text, ty === 0 ? /time: sin\(t·ω₂ᵗ\), ω₂ᵗ = / : /space, (column|row): sin\([xy]·ω₂ˢ\), ω₂ˢ = /);
  }
  // Time: one value per frame; space: the frames alike.
  assert.equal(table[((1 * H + 0) * W + 0) * D + cols[0]], table[((1 * H + 7) * W + 11) * D + cols[0]]);
  assert.equal(table[((0 * H + 2) * W + 3) * D + cols[1]], table[((3 * H + 2) * W + 3) * D + cols[1]]);
  // The titles: the time block's frequency ω₂ᵗ, the space blocks' ω₂ˢ, never one name for both.
  const drawn = await labels('grid-video');
  assert.ok(drawn.some((l) => l.startsWith('time: ') && l.includes('sin(t·ω₂ᵗ)')), drawn.join(' | '));
  assert.ok(drawn.filter((l) => l.startsWith('space') && /sin\([xy]·ω₂ˢ\)/.test(l)).length === 2, drawn.join(' | '));
  assert.ok(!drawn.some((l) => /ω₂(?![ᵗˢ])/.test(l)), drawn.join(' | '));
  const note = await page.textContent('#grid-video-note');
  assert.match(note, /ωᵢᵗ = 10000\^\(−i\/96\)\).*ωᵢˢ = 10000\^\(−i\/144\)\)/);
  assert.match(note, /Here frames = 4 sets how many frames are drawn .* and video pair i = 2 which pair of each block/);
  assert.match(note, /Chart 5's video is another one: a prompt's video for Qwen2-VL or Qwen2\.5-VL, its grid sizes given before the 2 × 2 merge\./);
});

test('M-RoPE: every token\'s t, h, w are pe.mropePositions\'; a typed prompt, the model menu, a pasted config and a bad one; every segment named', async () => {
  const segments = parsePrompt(def('prompt')).segments;
  const check = async (config, what, given = segments) => {
    const [t, h, w] = pe.mropePositions(config, given).positions;
    const n = t.length;
    for (const i of new Set([0, 3, 4, 27, 28, 31, 60, n - 4, n - 1].filter((k) => k >= 0 && k < n))) {
      const shown = await keys(canvas('mrope'), 'Home', ...Array(Math.floor(i / 10)).fill('Shift+ArrowRight'), ...Array(i % 10).fill('ArrowRight'));
      assert.equal(Number(shown.data.index), i, `${what}: token ${i}`);
      assert.deepEqual([shown.data.t, shown.data.h, shown.data.w].map(Number), [t[i], h[i], w[i]], `${what}: token ${i}`);
    }
    return [t, h, w];
  };
  const qwen25 = VISION_MODELS['qwen2.5-vl-7b-instruct'].config;
  const [t25] = await check(qwen25, 'Qwen2.5-VL');
  let note = await page.textContent('#grid-mrope-note');
  assert.match(note, /^Qwen2\.5-VL 7B Instruct \(model_type qwen2_5_vl, mrope_section \[16, 24, 24\]: of its 64 rotary pairs, 16 turn by t, 24 by h and 24 by w/);
  assert.match(note, /the ids the model was trained with \(Qwen's get_rope_index\)/);
  assert.match(note, /a step per temporal patch \(two frames: temporal_patch_size 2\): this video's temporal patches step by 2 = tokens_per_second 2 \(the config's vision_config\) × secondsPerGrid 1 \(the prompt's s=, 1 by default\)\./);
  // After the 6-patch video (t ids 13 … 23) the two rules part: Qwen's 24, transformers' 13 + 4 = 17.
  assert.deepEqual(Array.from(t25.slice(-3)), [24, 25, 26]);
  assert.match(note, /After the video the text goes on from 24, one more than the largest id so far, as Qwen trained the model \(and vLLM runs it\); transformers since 5\.3 goes on from 17, the video's first id plus its larger merged side/);
  // A video token's readout names its temporal patch and the frames in it.
  const videoToken = await keys(canvas('mrope'), 'End', ...Array(18).fill('ArrowLeft'));
  assert.match(videoToken.text, /video\ntemporal patch 5 \(frames 10 and 11\)\nrow 0, column 0 of its merged grid/);
  // Every segment named above the panels (the image's and the video's sizes when they fit).
  const named = await labels('grid-mrope');
  for (const name of [/^text:? 4\b/, /^image 1 × 8 × 12/, /^text:? 3\b/, /^video 6 × 8 × 8/]) assert.ok(named.some((l) => name.test(l)), `${name} in ${named.join(' | ')}`);

  // A prompt typed in the page's box: read, normalised in the box and the URL.
  await promptField().fill('text 2; video 2x4x4 s=2');
  await promptField().dispatchEvent('change');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('grid.prompt') === 'text 2, video 2x4x4 s=2');
  assert.equal(await promptField().inputValue(), 'text 2, video 2x4x4 s=2');
  const [t] = await check(qwen25, 'a typed prompt', parsePrompt('text 2, video 2x4x4 s=2').segments);
  assert.equal(t.length, 2 + 2 * 2 * 2);
  assert.match(await page.textContent('#grid-mrope-note'), /step by 4 = tokens_per_second 2 \(the config's vision_config\) × secondsPerGrid 2 \(the prompt's s=\)\./);
  // A bad one: said, and the default drawn.
  await promptField().fill('picture 3');
  await promptField().dispatchEvent('change');
  await frames(page);
  assert.match(await page.textContent('[data-message="grid"]'), /^prompt: "picture 3" is none of text N, image TxHxW, video TxHxW s=S: using "text 4/);
  await check(qwen25, 'the default again');

  // The other model, from the page's menu: its video steps by one per temporal patch.
  await page.selectOption('select[data-param="grid.preset"]', 'qwen2-vl-7b-instruct');
  await frames(page);
  const [t2] = await check(VISION_MODELS['qwen2-vl-7b-instruct'].config, 'Qwen2-VL');
  assert.notDeepEqual(Array.from(t2), Array.from(t25));
  assert.match(await page.textContent('#grid-mrope-note'), /this video's temporal patches step by 1 \(Qwen2-VL: one per temporal patch, whatever its seconds\)/);
  // The same config pasted reads the same; the URL keeps it.
  const text = JSON.stringify(qwen25);
  await page.fill('#grid textarea', text);
  await frames(page);
  await page.waitForFunction((c) => new URL(location.href).searchParams.get('grid.config') === c, text);
  assert.equal(new URL(page.url()).searchParams.get('grid.preset'), 'custom');
  await check(qwen25, 'pasted');
  // A model whose ids this is not: named under the box, the chart cleared.
  await page.fill('#grid textarea', '{"model_type": "llama", "rope_theta": 10000}');
  await frames(page);
  assert.match(await page.textContent('#grid .config .message'), /^config\.model_type must be 'qwen2_vl' or 'qwen2_5_vl'/);
  assert.match(await page.textContent('#grid-mrope-note'), /^Nothing shown/);
  await page.fill('#grid textarea', '{"model_type": "qwen2_vl",');
  await frames(page);
  assert.match(await page.textContent('#grid .config .message'), /^config: not JSON/);
});

test('the link\'s sizes in the controls and the charts; an odd dModel and a patch outside the grid are said; hover, keys and readouts of every chart sit beside the pointer', async () => {
  await open('?view=images&grid.gridHeight=5&grid.gridWidth=7&grid.dModel=100&grid.patchY=9&grid.patchX=2');
  assert.equal(await page.inputValue('input[type=number][data-param="grid.gridHeight"]'), '5');
  assert.equal(await page.inputValue('input[type=number][data-param="grid.dModel"]'), '96');
  assert.match(await page.textContent('[data-message="grid"]'), /dModel must be a multiple of 16 between 16 and 4096: using 96/);
  assert.match(await page.textContent('#grid-message'), /patch row y and patch column x must lie in the 5 × 7 grid: showing \(4, 2\)/);
  // The link's patch, as near as the grid has one, enlarged.
  assert.equal(await page.$eval('#grid-patch-title', (t) => t.dataset.patch), '4,2');
  assert.match(await canvas('dots').getAttribute('aria-label'), /35 maps of 5 by 7 cells/);
  const shown = await tile(canvas('dots'), 4, 6, 0, 0);
  assert.equal(Number(shown.data.value), pe.dotMatrix2d(5, 7, 96).data[(4 * 7 + 6) * 35]);
  for (const part of CHARTS) {
    await checkHover(page, canvas(part), part);
    await checkKeyboard(page, canvas(part), part);
  }
});

test('a phone: a tap on a map of 96 keeps that patch and shows its map enlarged; readouts by touch; every prompt segment named; the prompt field a row of its own', async () => {
  await open('?view=images', { width: 390, height: 800, scheme: 'dark' });
  // One drawing of the ids (the scheme changed): each of the five segments named, in one of its forms.
  await clearLabels();
  await page.emulateMedia({ colorScheme: 'light' });
  // The view's charts repaint over frames (about 8 ms of painting per frame): until the ids' is.
  await page.waitForFunction(() => (window.drawnLabels['grid-mrope'] ?? []).some((l) => /^text\b/.test(l)), null, { timeout: 10_000 });
  await frames(page);
  // The scheme's change may repaint a chart more than once (the media query, then its transition):
  // the labels of the last painting.
  const named = (await labels('grid-mrope')).filter((l) => /^(text|image|video)\b/.test(l));
  assert.ok(named.length > 0 && named.length % 5 === 0, named.join(' | '));
  assert.deepEqual(named.slice(-5).map((l) => l.split(/[ :]/)[0]), ['text', 'image', 'text', 'video', 'text'], named.join(' | '));
  await screenshots(390);
  const field = await promptField().evaluate((input) => [input.scrollWidth, input.clientWidth, input.getBoundingClientRect().width, input.closest('.controls').getBoundingClientRect().width]);
  assert.ok(field[0] <= field[1], `the prompt's ${field[0]} px in a field of ${field[1]} px`);
  assert.ok(field[2] >= field[3] - 1, `the prompt field ${field[2]} px wide in a row of ${field[3]} px`);
  // The maps of maps keep 3 CSS px a cell (a 12 × 8 map 36 × 24 px): wider than the phone, they
  // scroll sideways in a region of their own, and the page does not.
  for (const part of ['dots', 'rope']) {
    const { map, box, page: pageWidth } = await canvas(part).evaluate((c) => {
      const scroller = c.closest('.scroll');
      return { map: c.clientWidth / 12, box: [scroller.clientWidth, scroller.scrollWidth, getComputedStyle(scroller).overflowX], page: document.documentElement.scrollWidth };
    });
    assert.ok(map >= 36, `${part}: the chart ${(12 * map).toFixed(0)} px wide for 12 maps of 36 px and their axes`);
    assert.ok(box[1] > box[0] && box[2] === 'auto', `${part}: a ${box[1]} px chart in a ${box[0]} px box (overflow ${box[2]})`);
    assert.ok(pageWidth <= 390, `${part}: the page ${pageWidth} px wide`);
  }
  const outside = page.locator('#images-title');
  await checkTouch(page, canvas('dots'), 'dots', outside);
  await checkTouch(page, canvas('rope'), 'rope', outside);
  // A tap on a map: its patch kept (the URL), its map enlarged under the maps, in view.
  const dots = canvas('dots');
  await dots.evaluate((c) => c.scrollIntoView({ block: 'start' }));
  await frames(page);
  const box = await dots.boundingBox();
  await page.touchscreen.tap(box.x + box.width * 0.55, box.y + box.height * 0.7);
  const tapped = await readout(dots);
  assert.equal(tapped.hidden, false, 'a tap shows a readout');
  const [y, x] = [tapped.data.tileRow, tapped.data.tileCol];
  await page.waitForFunction(([py, px]) => new URL(location.href).searchParams.get('grid.patchY') === py
    && new URL(location.href).searchParams.get('grid.patchX') === px, [y, x]);
  await frames(page);
  assert.equal(await page.$eval('#grid-patch-title', (t) => t.dataset.patch), `${y},${x}`);
  assert.match(await canvas('patch').getAttribute('aria-label'), new RegExp(`patch \\(${y}, ${x}\\)`));
  const patch = await canvas('patch').boundingBox();
  assert.ok(patch.y < 800 && patch.y > box.y, `the enlarged map's top at ${patch.y} px, under the maps, in the 800 px window`);
  // The finger gone (a tap elsewhere), the patch stays enlarged.
  await outside.tap();
  await frames(page);
  assert.equal(await page.$eval('#grid-patch-title', (t) => t.dataset.patch), `${y},${x}`);
  assert.deepEqual(browser.problems.consoleErrors, []);
});

test('<posenc-grid> in a post: drawn, a readout is the package\'s, attributes redraw, bad ones are said', async (t) => {
  const post = await browser.pageFor(t);
  await post.goto(`${origin}/grid-post.html`);
  await post.waitForFunction(() => document.getElementById('grid').dataset.rendered);
  const all = post.locator('#grid canvas');
  assert.equal(await all.count(), CHARTS.length);
  for (let i = 0; i < CHARTS.length; i++) assert.ok((await pixels(all.nth(i))).variance > 100, `chart ${i}`);
  const dots = all.nth(1);
  await post.mouse.move(1, 1);
  await dots.focus();
  await dots.press('End');
  const shown = await readout(dots);
  assert.equal(Number(shown.data.value), pe.dotMatrix2d(4, 6, 64).data.at(-1));
  await post.$eval('#grid', (el) => el.setAttribute('d-model', '100'));
  await frames(post);
  await frames(post);
  assert.match(await post.$eval('#grid', (el) => [...el.shadowRoot.firstChild.children].find((c) => c.classList.contains('message')).textContent),
    /^d-model must be a multiple of 16 between 16 and 4096: using 96; pairs must be below dModel\/4 = 24: left out 32, 64$/);
  assert.equal(await post.$eval('#grid', (el) => el.dModel), 96);
  // The element's notes name its attributes.
  assert.match(await post.$eval('#grid', (el) => [...el.shadowRoot.querySelectorAll('.note')].find((n) => n.textContent.startsWith('pe.encoding3d'))?.textContent ?? ''),
    /Here frames = 2 sets how many frames are drawn .* and video-pair = 0/);
  await post.close();  // before the console's check, so what its closing logs counts too (pageFor's close is then a no-op)
  assert.deepEqual(browser.problems.consoleErrors, []);
});
