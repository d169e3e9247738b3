// The custom elements (posenc/elements) as a blog post uses them, under a strict CSP, and the
// built demo page opened from disk (file://).
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { init } from 'posenc';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { ARTIFACTS, CSP, frames, launch } from './browser.js';

const pe = await init();
let site, server, browser, page, url;
const requests = [];

// Test instrumentation: count wasm instantiations, record CSP violations and globals.
function instrument() {
  window.violations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  window.instantiations = 0;
  for (const name of ['instantiate', 'instantiateStreaming']) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (...args) { window.instantiations++; return original.apply(this, args); };
  }
}

/** Luminance variance and a pixel hash of the canvases in an element's shadow root. */
const shadowCanvases = (selector) => page.$eval(selector, (el) => [...el.shadowRoot.querySelectorAll('canvas')].map((canvas) => {
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  let sum = 0, sumSq = 0, hash = 0;
  for (let i = 0; i < data.length; i += 4) {
    const y = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
    sum += y; sumSq += y * y; hash = (hash * 31 + data[i] + 7 * data[i + 1]) >>> 0;
  }
  const n = data.length / 4;
  return { variance: sumSq / n - (sum / n) ** 2, hash };
}));

before(async () => {
  site = await buildSite(mkdtempSync(join(tmpdir(), 'posenc-site-')));
  // The CSP both as a header and in the page's meta tag.
  server = await serve(site, 0, { 'content-security-policy': CSP });
  url = `http://127.0.0.1:${server.address().port}/`;
  browser = await launch();
  browser.context.on('request', (r) => requests.push(new URL(r.url()).pathname));
  page = await browser.context.newPage();
  await page.addInitScript(instrument);
  await page.goto(`${url}embed-example.html`);
  await page.waitForFunction(() => document.querySelector('posenc-verify')?.dataset.done === 'true', null, { timeout: 60_000 });
});

after(async () => {
  await browser?.close();
  server?.close();
});

test('every element renders, inside its shadow root, from one wasm instance and one file', async () => {
  for (const name of ['posenc-heatmap', 'posenc-dots', 'posenc-lines', 'posenc-clock']) {
    const canvases = await shadowCanvases(name);
    assert.equal(canvases.length, 1, name);
    assert.ok(canvases[0].variance > 100, `${name}: variance ${canvases[0].variance}`);
  }
  const summary = await page.$eval('posenc-verify', (el) => el.shadowRoot.querySelector('.summary').textContent);
  assert.match(summary, /^1[3-9] passed, 0 failed$/);
  assert.equal(await page.evaluate(() => window.instantiations), 1, 'one wasm instance for five elements');
  const posencRequests = requests.filter((p) => p.includes('/posenc/'));
  assert.deepEqual(posencRequests, ['/posenc/dist/elements.classic.js'], 'the elements need one file, no .wasm');
  await page.screenshot({ path: `${ARTIFACTS}embed-example.png`, fullPage: true });
});

test('attributes re-render; properties reflect them; bad values are clamped with a message', async () => {
  const heatmap = 'posenc-heatmap';
  const [before] = await shadowCanvases(heatmap);
  const rendered = await page.$eval(heatmap, (el) => Number(el.dataset.rendered));
  await page.$eval(heatmap, (el) => el.setAttribute('d-model', '16'));
  await frames(page);
  const [afterD] = await shadowCanvases(heatmap);
  assert.notEqual(afterD.hash, before.hash);
  assert.ok(await page.$eval(heatmap, (el) => Number(el.dataset.rendered)) > rendered);
  assert.equal(await page.$eval(heatmap, (el) => el.dModel), 16);
  await page.$eval(heatmap, (el) => { el.length = 20; });
  await frames(page);
  assert.equal(await page.$eval(heatmap, (el) => el.getAttribute('length')), '20');
  assert.notEqual((await shadowCanvases(heatmap))[0].hash, afterD.hash);

  // Hover shows the exact value of the cell (pos 13, dim 5 of 20 × 16).
  const box = await page.locator(heatmap).boundingBox();
  await page.mouse.move(box.x + 54 + ((5 + 0.5) * (box.width - 128)) / 16, box.y + 10 + ((13 + 0.5) * (box.height - 52)) / 20);
  const tip = await page.$eval(heatmap, (el) => ({ ...el.shadowRoot.querySelector('.tooltip').dataset }));
  assert.deepEqual([tip.row, tip.col], ['13', '5']);
  assert.equal(Number(tip.value), pe.encode(13, 16)[5]);

  await page.$eval('posenc-clock', (el) => el.setAttribute('k', '-7.5'));
  await frames(page);
  assert.match(await page.$eval('posenc-clock', (el) => el.shadowRoot.querySelector('.note').textContent), /R\(-7.5\)/);

  await page.$eval(heatmap, (el) => el.setAttribute('d-model', '7'));
  await frames(page);
  assert.equal(await page.$eval(heatmap, (el) => el.shadowRoot.querySelector('.message').textContent), 'd-model must be even: using 8');
  await page.$eval('posenc-dots', (el) => el.setAttribute('length', '99999'));
  await frames(page);
  assert.equal(await page.$eval('posenc-dots', (el) => el.shadowRoot.querySelector('.message').textContent),
    'length must be between 1 and 4096: using 4096');
  assert.ok((await shadowCanvases('posenc-dots'))[0].variance > 100);
});

test('safe to embed: no CSP violation, console error, outside request, host style or global', async () => {
  assert.deepEqual(await page.evaluate(() => window.violations), []);
  assert.deepEqual(browser.problems.consoleErrors, []);
  assert.deepEqual(browser.problems.outside, []);
  // Loading the elements adds no global and no style to the host document.
  writeFileSync(join(site, 'blank.html'), '<!doctype html><title>blank</title><body></body>');
  const fresh = await browser.context.newPage();
  await fresh.goto(`${url}blank.html`);
  const added = await fresh.evaluate(async (src) => {
    const before = new Set(Object.getOwnPropertyNames(window));
    const sheets = document.styleSheets.length;
    await import(src);
    document.body.append(document.createElement('posenc-heatmap'));
    await new Promise((r) => setTimeout(r, 200));
    return { globals: Object.getOwnPropertyNames(window).filter((k) => !before.has(k)),
      sheets: document.styleSheets.length - sheets, adopted: document.adoptedStyleSheets.length };
  }, `${url}posenc/dist/elements.js`);
  assert.deepEqual(added, { globals: [], sheets: 0, adopted: 0 });
  await fresh.close();
});

test('the built demo page opens from disk (file://)', async () => {
  const local = await browser.context.newPage();
  await local.goto(pathToFileURL(join(site, 'index.html')).href);
  await local.waitForFunction(() => document.getElementById('verify-summary')?.dataset.done === 'true', null, { timeout: 60_000 });
  assert.match(await local.textContent('#verify-summary'), /^1[3-9] passed, 0 failed$/);
  const variance = await local.$eval('#encoding-canvas', (c) => {
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    let s = 0, s2 = 0;
    for (let i = 0; i < data.length; i += 4) { s += data[i]; s2 += data[i] * data[i]; }
    const n = data.length / 4;
    return s2 / n - (s / n) ** 2;
  });
  assert.ok(variance > 100);
  assert.deepEqual(browser.problems.consoleErrors, []);
  await local.close();
});
