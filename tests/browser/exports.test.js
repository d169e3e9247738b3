// Every save button a reader has, on the demo page and in every element: each one downloads a
// file, and the file holds what its name says (a PNG of the chart with its caption band, a CSV
// of rows of equal length with numbers, a JSON object with content). No click throws.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { frames, launch, readThrough } from './browser.js';
import { tempDir } from '../temp.js';

const ELEMENTS = ['encoding', 'dots', 'lines', 'steps', 'clock', 'periods', 'verify', 'variants', 'tokens', 'input', 'shift',
  'near-repeats', 'base', 'extrapolation', 'float32', 'conventions', 'rope', 'rope-scaling', 'family', 'grid'];
let site, server, browser, url;

before(async () => {
  site = await buildSite(tempDir('exports'));
  writeFileSync(join(site, 'every-element.html'), `<!doctype html><meta charset="utf-8"><title>every element</title>
<script type="module" src="posenc/dist/elements.js"></script>
<body>${ELEMENTS.map((e) => `<posenc-${e}></posenc-${e}>`).join('\n')}</body>`);
  server = await serve(site, 0);
  url = `http://127.0.0.1:${server.address().port}/`;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** What a saved file must be, by its name's ending. */
function check(name, bytes) {
  if (name.endsWith('.png')) {
    assert.equal(bytes.subarray(1, 4).toString(), 'PNG', `${name}: a PNG`);
    const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    assert.ok(width > 50 && height > 50, `${name}: ${width} × ${height}`);
    return 'png';
  }
  const text = bytes.toString('utf8');
  if (name.endsWith('.csv')) {
    const rows = text.trim().split('\n');
    assert.ok(rows.length >= 2, `${name}: a header and rows, got ${rows.length} lines`);
    // Cells: commas outside quotes, plus one.
    const cells = (row) => 1 + [...row].reduce(([n, quoted], c) => (c === '"' ? [n, !quoted] : [n + (c === ',' && !quoted), quoted]), [0, false])[0];
    for (const row of rows.slice(1, 50)) assert.equal(cells(row), cells(rows[0]), `${name}: "${row.slice(0, 80)}" against its header`);
    assert.ok(rows.slice(1).some((row) => row.split(',').some((c) => c !== '' && Number.isFinite(Number(c)))), `${name}: no number in it`);
    return 'csv';
  }
  assert.ok(name.endsWith('.json'), `${name}: an unknown kind of file`);
  const json = JSON.parse(text);
  assert.ok(json && typeof json === 'object' && Object.keys(json).length > 0, `${name}: an empty JSON`);
  return 'json';
}

// The page's downloads, caught where they start (the anchor's click) and read from their blob:
// every button is checked in one page without a real download each (a browser under load may
// drop rapid downloads; details.test.js saves real ones).
function catchDownloads() {
  window.saved = [];
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    if (!this.download) return click.call(this);
    // Handed over as base64: an array of numbers per byte made the large CSVs slow to transfer.
    window.saved.push(fetch(this.href).then((r) => r.arrayBuffer()).then((b) => {
      const bytes = new Uint8Array(b);
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { name: this.download, base64: btoa(text) };
    }));
  };
}

/** Clicks every save button that matches `selector`, one after the other: [[label, kind]]. */
async function saveAll(page, selector) {
  const buttons = page.locator(selector);
  const count = await buttons.count();
  const saved = [];
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i), label = await button.getAttribute('aria-label');
    await button.click();
    const file = await page.evaluate(async (n) => (window.saved.length === n ? window.saved[n - 1] : null), i + 1);
    assert.ok(file, `"${label}" saved nothing`);
    saved.push([label, check(file.name, Buffer.from(file.base64, 'base64'))]);
  }
  return saved;
}

for (const [name, path] of [['the story', ''], ['the workbench', 'workbench.html']])
  test(`${name}: every save button of every view downloads what it says`, async (t) => {
    const page = await browser.pageFor(t);
    await page.addInitScript(catchDownloads);
    await page.goto(`${url}${path}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
    // The folded digressions opened, as a reader opens them to reach their buttons.
    await page.$$eval('details.digression', (all) => all.forEach((d) => { d.open = true; }));
    await frames(page);
    // Not the story's opening figure (data-exports="none"): a figure, its buttons hidden.
    const views = await page.$$eval('[data-widget]:not([data-exports="none"])', (all) => all.map((v) => v.dataset.widget));
    const saved = await saveAll(page, '[data-widget]:not([data-exports="none"]) .exports:not([hidden]) button:not(.copy)');
    // Every view with charts or tables has its buttons, each kind of file at least once.
    assert.ok(saved.length >= 2 * views.length, `${saved.length} buttons for ${views.length} views`);
    for (const kind of ['png', 'csv', 'json']) assert.ok(saved.some(([, k]) => k === kind), kind);
    assert.equal(await page.locator('[data-exports="none"] .exports button:visible').count(), 0, 'the opening figure shows no button');
    await frames(page);
    assert.deepEqual(browser.problems.consoleErrors, []);
    console.log(`${name}: ${saved.length} files saved from ${views.length} views`);
  });

test('every element: every save button downloads what it says', async (t) => {
  const page = await browser.pageFor(t);
  await page.addInitScript(catchDownloads);
  await page.goto(`${url}every-element.html`);
  await page.evaluate(readThrough);
  await page.waitForFunction((n) => document.querySelectorAll('[data-rendered]').length === n, ELEMENTS.length, { timeout: 60_000 });
  const saved = await saveAll(page, '.exports button:not(.copy)');  // not a copy to the clipboard
  for (const tag of ELEMENTS) {
    const has = await page.locator(`posenc-${tag} .exports button`).count();
    assert.ok(has >= 2, `<posenc-${tag}> has ${has} save buttons`);
  }
  assert.deepEqual(browser.problems.consoleErrors, []);
  console.log(`elements: ${saved.length} files saved from ${ELEMENTS.length} elements`);
});
