// A post with elements printed: each chart redrawn at print resolution on beforeprint, at the
// aspect it was drawn at (not stretched to the page), without its save buttons; back to the
// screen's resolution after. Then a real PDF from Chromium, read back with poppler's pdftotext.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { launch } from './browser.js';
import { tempDir } from '../temp.js';

const site = await buildSite(tempDir('site'));
writeFileSync(join(site, 'print.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title>
<script type="module" src="posenc/dist/elements.js"></script></head><body style="max-width: 1100px">
<h1>A post to print</h1>
<posenc-encoding length="50" d-model="128"></posenc-encoding>
<posenc-dots length="8" d-model="64"></posenc-dots>
<posenc-lines d-model="128" dims="0,64"></posenc-lines>
<posenc-periods d-model="banana"></posenc-periods>
<posenc-encoding length="2000" d-model="512"></posenc-encoding>
<div style="height: 4000px"></div>
<posenc-clock id="later" d-model="8" k="2"></posenc-clock>
<posenc-verify id="checks"><div data-posenc-fallback>The table of checks posenc post wrote</div></posenc-verify>
</body></html>`);

let server, browser, page;
before(async () => {
  server = await serve(site, 0);
  browser = await launch();
  page = await browser.context.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/print.html`);
  // All but the one far below: an element draws for the first time near the viewport.
  await page.waitForFunction(() => [...document.querySelectorAll('body > [d-model]:not(#later)')].every((e) =>
    Number(e.dataset.rendered) >= 1 && !e.shadowRoot.querySelector('[aria-busy]')), null, { timeout: 60_000 });
});
after(async () => { await browser?.close(); server?.close(); });

// In the page: every chart's bitmap and CSS size, and whether any save button shows.
const charts = () => [...document.querySelectorAll('body > [d-model]')].flatMap((e) => [...e.shadowRoot.querySelectorAll('canvas')].map((c) => ({
  name: e.localName, bitmap: [c.width, c.height], css: [c.clientWidth, c.clientHeight],
  buttons: [...e.shadowRoot.querySelectorAll('button')].filter((b) => b.offsetParent !== null).length,
  busy: c.getAttribute('aria-busy') === 'true',
})));

test('beforeprint: every chart at 4 device pixels per CSS pixel, its aspect kept, no buttons; afterprint: as before', async () => {
  const screen = await page.evaluate(charts);
  assert.equal(screen.length, 6);
  assert.equal(await page.$eval('#later', (e) => e.dataset.rendered ?? null), null, 'drawn while far below the viewport');
  for (const c of screen) {
    assert.deepEqual(c.bitmap, c.css, `${c.name}: drawn at the screen's 1 device pixel per CSS pixel`);
    assert.ok(c.buttons > 0, `${c.name}: its save buttons show on screen`);
  }
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
  const printed = await page.evaluate(charts);
  // The element not drawn yet is drawn at once, for print; not the verification, whose checks
  // would still be running when printed: its fallback is printed.
  assert.deepEqual([printed.length, printed.at(-1).name], [7, 'posenc-clock']);
  assert.deepEqual(await page.$eval('#checks', (e) => [e.dataset.rendered ?? null, e.shadowRoot.querySelector('slot')?.assignedElements().length]), [null, 1]);
  for (const c of printed) {
    assert.equal(c.buttons, 0, `${c.name}: save buttons printed`);
    // Nothing left for later frames (none runs before the page is printed): a large heatmap whole.
    assert.equal(c.busy, false, `${c.name}: still drawing when printed`);
    const [w, h] = c.bitmap, [cw, ch] = c.css;
    assert.ok(Math.abs(w - 4 * cw) <= 4 * 8 && w >= 3 * cw, `${c.name}: ${w} device pixels for ${cw} CSS pixels`);
    assert.ok(Math.abs(cw / ch - w / h) < 0.02 * (w / h), `${c.name}: printed at ${cw} × ${ch}, drawn at ${w} × ${h}`);
  }
  await page.emulateMedia({ media: null });  // back to none emulated: page.pdf() prints with print media
  await page.evaluate(() => dispatchEvent(new Event('afterprint')));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const back = await page.evaluate(charts);
  assert.deepEqual(back.slice(0, 6).map((c) => c.bitmap), screen.map((c) => c.bitmap));
  assert.deepEqual(back[6].bitmap, back[6].css, 'the element drawn for print: back at the screen\'s resolution');
});

test('the PDF has every chart\'s text and the message, and no button', async () => {
  const pdf = join(tempDir('print'), 'post.pdf');
  writeFileSync(pdf, await page.pdf({ format: 'A4' }));
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  for (const expected of ['A post to print', 'dimension', 'position b', 'offset Δ', 'pair i', 'd-model must be a number: using 512', 'The table of checks posenc post wrote'])
    assert.ok(text.includes(expected), `the PDF lacks "${expected}"`);
  assert.ok(!/Save (heatmap|matrix|plot|CSV|JSON)/.test(text), 'a save button was printed');
});
