// <posenc-conventions> ("Your framework"): one element per convention of posenc.conventions in a
// post under a strict CSP. Each draws its three heatmaps; its numbers equal the package's (computed
// here another way: the Toeplitz kernel, the frequencies, a direct loop); its snippet, run in
// Node, prints exactly the numbers it shows; the copy button copies it; bad attributes give
// messages naming the attribute; nothing logs an error. Screenshots at 1280 and 390 px, light
// and dark, in test-results/.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { init } from 'posenc';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { ARTIFACTS, CSP, drawnAgain, frames, launch, readThrough, renderedCounts, screenshot } from './browser.js';
import { checkHover, checkKeyboard, pixels, settle } from './charts.js';
import { tempDir } from '../temp.js';

const pe = await init();
const NAMES = Object.keys(pe.conventions);
// Odd d where the convention defines it, diffusion timesteps and token ranges, two bases.
const CASES = NAMES.map((convention, i) => ({
  convention,
  dModel: pe.conventions[convention].oddDModel === 'error' ? 64 : [512, 33][i % 2],
  positions: ['0, 250.5, 999', '0..47', '-3..3 17.25'][i % 3],
  base: [10000, 5000][i % 2],
}));
const attributes = ({ convention, dModel, positions, base }) =>
  `convention="${convention}" d-model="${dModel}" positions="${positions}" base="${base}"`;
const POST = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Your framework</title>
<link rel="stylesheet" href="framework-post.css">
<script type="module" src="posenc/dist/elements.js"></script></head>
<body><main>
<h1>Your framework's encoding</h1>
${CASES.map((c) => `<posenc-conventions id="${c.convention}" ${attributes(c)}></posenc-conventions>`).join('\n')}
<posenc-conventions id="bad"></posenc-conventions>
</main></body></html>`;
const CSS = 'body { margin: 0; font: 16px/1.5 Georgia, serif; } main { max-width: 46rem; margin: 0 auto; padding: 1rem; }\n'
  + '@media (prefers-color-scheme: dark) { body { background: #15171c; color: #e6e6e6; } }\n';

let server, browser, page, dir;

before(async () => {
  const site = await buildSite(tempDir('site'));
  writeFileSync(join(site, 'framework-post.html'), POST);
  writeFileSync(join(site, 'framework-post.css'), CSS);
  server = await serve(site, 0, { 'content-security-policy': CSP });
  browser = await launch({ viewport: { width: 1280, height: 900 } });
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = await browser.context.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/framework-post.html`);
  await page.evaluate(readThrough);
  await page.waitForFunction(() => [...document.querySelectorAll('posenc-conventions')].every((el) => el.dataset.rendered), null, { timeout: 60_000 });
  dir = mkdtempSync(join(ARTIFACTS, 'snippets-'));
});

after(async () => {
  await browser?.close();
  server?.close();
});

const inShadow = (id, fn, arg) => page.$eval(`#${id}`, (el, [source, a]) => new Function('root', 'arg', source)(el.shadowRoot, a), [fn, arg]);
/** The table's convention column: { key: exact value (from each cell's title) }. */
const shownNumbers = (id) => inShadow(id, `return Object.fromEntries([...root.querySelectorAll('tbody tr')]
  .map((tr) => [tr.className, tr.cells[2].title]));`);  // the cells: label, paper, convention
const message = (id) => inShadow(id, "return root.querySelector('.message').textContent;");
const snippet = (id) => inShadow(id, "return root.querySelector('pre.snippet code').textContent;");
const canvases = (id) => {
  const all = page.locator(`#${id} canvas`);
  return [0, 1, 2].map((i) => all.nth(i));
};
const parse = (title) => (title.includes(',') ? title.split(', ').map(Number) : Number(title));

/** Runs a snippet in Node as a module of this package (so `import 'posenc'` resolves). */
function runSnippet(code, name) {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, code);
  return JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8' }));
}

const maxAbsDiff = (a, b) => {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] - b[i]));
  return max;
};

/** The numbers from the package, computed another way than the widget and the snippet. */
function packageNumbers({ convention, dModel, positions, base }) {
  const o = { convention, base }, list = [];
  for (const item of positions.split(/[\s,]+/)) {
    const [from, to = from] = item.split('..').map(Number);
    for (let p = from; p <= to; p++) list.push(p);
  }
  const at = (opts) => pe.encoding(list, dModel, { ...opts, dtype: 'float64' }).data;
  const { layout, order } = pe.conventions[convention].options;
  const frequencies = pe.frequencies(dModel, o);
  return {
    first: Array.from(pe.encoding([1], dModel, { ...o, dtype: 'float64' }).data.subarray(0, 4)),
    // The odd-d extra sine has no Toeplitz kernel: then the direct product of the two rows.
    dot12: pe.conventions[convention].oddDModel === 'extra-sine' && dModel % 2
      ? pe.dotMatrix(3, dModel, { ...o, method: 'direct', dtype: 'float64' }).data[1 * 3 + 2]
      : pe.dotKernel(1, dModel, o)[1],
    longestPeriod: 2 * Math.PI / Math.min(...frequencies),
    maxDiff: maxAbsDiff(at(o), at({ convention: 'paper', base })),
    valueDiff: maxAbsDiff(at(o), at({ convention: 'paper', base, layout, order })),
  };
}

test('every convention: drawn, its numbers are the package\'s, its snippet prints them', async () => {
  for (const c of CASES) {
    const what = `${c.convention} d=${c.dModel}`;
    assert.equal(await message(c.convention), '', what);
    for (const canvas of canvases(c.convention)) assert.ok((await pixels(canvas)).variance > 100, what);
    const shown = Object.fromEntries(Object.entries(await shownNumbers(c.convention)).map(([k, v]) => [k, parse(v)]));
    const expected = packageNumbers(c);
    for (const key of ['first', 'longestPeriod', 'maxDiff', 'valueDiff'])
      assert.deepEqual(shown[key], expected[key], `${what}: ${key}`);
    assert.ok(Math.abs(shown.dot12 - expected.dot12) <= 1e-9 * Math.abs(expected.dot12), `${what}: dot12 ${shown.dot12} vs ${expected.dot12}`);
    const printed = runSnippet(await snippet(c.convention), c.convention);
    assert.deepEqual(printed, shown, `${what}: the snippet prints what the widget shows`);
    const code = await snippet(c.convention);
    for (const { file } of pe.conventions[c.convention].equals) assert.ok(code.includes(file), `${what}: names ${file}`);
    assert.equal(await inShadow(c.convention, "return root.querySelector('.title').textContent;"),
      // its name, then what else uses it, the name said once
      pe.conventions[c.convention].title.startsWith(c.convention) ? pe.conventions[c.convention].title : `${c.convention}: ${pe.conventions[c.convention].title}`);
  }
});

test('the largest grid: 256 positions at d = 1024', async () => {
  await page.$eval('#bad', (el) => { el.setAttribute('positions', '0..255'); el.setAttribute('d-model', '1024'); });
  await frames(page);
  assert.equal(await message('bad'), '');
  assert.equal(await inShadow('bad', "return root.querySelectorAll('tbody tr').length;"), 5);
  for (const canvas of canvases('bad')) assert.ok((await pixels(canvas)).variance > 100);
});

test('what the difference is: a permutation for tf-tutorial and the diffusion pair, values for tensor2tensor and mlx', async () => {
  const summary = (id) => inShadow(id, "return root.querySelector('.summary').textContent;");
  await page.$eval('#bad', (el) => el.setAttribute('d-model', '512'));
  for (const [convention, pattern] of [['paper', /column for column/], ['tf-tutorial', /columns permuted/],
    ['stable-diffusion', /columns permuted/], ['guided-diffusion', /columns permuted/], ['tensor2tensor', /changes values/], ['mlx', /changes values/]]) {
    await page.$eval('#bad', (el, name) => { el.convention = name; }, convention);
    await frames(page);
    assert.match(await summary('bad'), pattern, convention);
    const { valueDiff } = packageNumbers({ convention, dModel: 512, positions: '0..63', base: 10000 });
    assert.equal(valueDiff === 0, !/changes values/.test(await summary('bad')), convention);
  }
});

test('bad attributes: a message naming the attribute, the nearest allowed value, still drawn', async () => {
  const cases = [
    [{ convention: 'nope' }, /unknown convention "nope": using tensor2tensor/, { convention: 'tensor2tensor' }],
    [{ convention: 'mlx', 'd-model': '33' }, /d-model must be even under mlx: using 34/, { dModel: 64 }],
    [{ convention: 'paper', 'd-model': '4096' }, /d-model must be between 2 and 1024: using 1024/, { dModel: 1024 }],
    [{ convention: 'paper', 'd-model': 'abc' }, /d-model must be a number: using 512/, { dModel: 512 }],
    [{ positions: 'a, 1e999, 3, 9..2' }, /positions must be finite numbers or whole ranges a\.\.b, at most 256 in all: dropped a 1e999 9\.\.2/, { positions: '3' }],
    [{ positions: '0..300' }, /at most 256 in all: dropped 0\.\.300; using 0\.\.63/, { positions: '0..63' }],
    [{ positions: ' , ' }, /^positions: none given; using 0\.\.63$/, { positions: '0..63' }],
    [{ base: '-5' }, /base must be between 1\.01 and 1000000000: using 1\.01/, { base: -5 }],
  ];
  for (const [attrs, pattern, getters] of cases) {
    await page.$eval('#bad', (el, a) => {
      for (const name of el.getAttributeNames()) if (name !== 'id') el.removeAttribute(name);
      for (const [k, v] of Object.entries(a)) el.setAttribute(k, v);
    }, attrs);
    await frames(page);
    assert.match(await message('bad'), pattern, JSON.stringify(attrs));
    for (const canvas of canvases('bad')) assert.ok((await pixels(canvas)).variance > 100, JSON.stringify(attrs));
    // Getters: the attribute coerced by its rule, with no side effect (d-model's evenness
    // depends on the convention and is checked when drawing).
    for (const [key, value] of Object.entries(getters))
      if (key !== 'dModel' || attrs.convention !== 'mlx') assert.equal(await page.$eval('#bad', (el, k) => el[k], key), key === 'base' ? 1.01 : value, key);
  }
  // Valid again: the message goes.
  await page.$eval('#bad', (el) => { for (const n of ['convention', 'd-model', 'positions', 'base']) el.removeAttribute(n); });
  await frames(page);
  assert.equal(await message('bad'), '');
  // Removed, it empties its shadow root; added again, it draws anew.
  const drawings = await renderedCounts(page, '#bad');
  const emptied = await page.$eval('#bad', (el) => { const parent = el.parentNode; el.remove(); const n = el.shadowRoot.querySelectorAll('canvas').length; parent.append(el); el.scrollIntoView(); return n; });
  assert.equal(emptied, 0);
  await drawnAgain(page, '#bad', drawings);  // its three charts painted, in tasks of their own
  assert.equal(await page.$eval('#bad', (el) => el.shadowRoot.querySelectorAll('canvas').length), 3);
  for (const canvas of canvases('bad')) assert.ok((await pixels(canvas)).variance > 100, 're-added');
});

test('the copy button copies the snippet; the readout follows the mouse and the keys', async () => {
  await page.locator('#stable-diffusion button.copy').click();
  await page.waitForFunction(() => document.querySelector('#stable-diffusion').shadowRoot.querySelector('button.copy').textContent === 'Copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await snippet('stable-diffusion'));
  for (const [i, canvas] of canvases('dit').entries()) {
    await checkHover(page, canvas, `dit #${i}`);
    await checkKeyboard(page, canvas, `dit #${i}`);
  }
});

test('screenshots at 1280 and 390 px, light and dark; no console error', async () => {
  await page.$eval('#bad', (el) => { el.convention = 'dit'; el.dModel = 128; el.positions = '0..63'; });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      await settle(page);
      await screenshot(page.locator('#stable-diffusion'), `conventions-${width}-${scheme}.png`);
      await screenshot(page.locator('#bad'), `conventions-dit-${width}-${scheme}.png`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  assert.deepEqual(browser.problems.consoleErrors, []);
  assert.deepEqual(browser.problems.outside, []);
});
