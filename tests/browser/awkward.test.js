// Every posenc element in an awkward post (tests/browser/fixtures/awkward-post.html): article
// column offset, scaled and contained, page scrolled, one element in a scroll container. With
// Playwright's mouse, touchscreen and CDP touch events: the readout is beside the pointer and
// inside the viewport; the scheme and custom properties recolour; elements release what they
// hold when removed and draw again when re-added; attribute bursts redraw once; getters are pure.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { CSP, drawnAgain, everyDrawn, frames, launch, readThrough, screenshot } from './browser.js';
import { checkHover, checkKeyboard, checkRecolour, checkTouch, checkVerticalScroll, hover, pixels, settle } from './charts.js';
import { tempDir } from '../temp.js';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const CHARTED = ['posenc-encoding', 'posenc-heatmap', 'posenc-dots', 'posenc-lines', 'posenc-clock', 'posenc-variants',
  'posenc-tokens', 'posenc-input', 'posenc-shift', 'posenc-extrapolation', 'posenc-near-repeats', 'posenc-base',
  'posenc-float32', 'posenc-conventions', 'posenc-rope', 'posenc-rope-scaling', 'posenc-family', 'posenc-grid'];
const ALL = [...CHARTED, 'posenc-steps', 'posenc-periods', 'posenc-verify'];
let server, browser, page;

// Test instrumentation: the ResizeObservers observing something, and the document's listeners.
function instrument() {
  window.observing = new Set();
  const { observe, disconnect } = ResizeObserver.prototype;
  ResizeObserver.prototype.observe = function (...args) { window.observing.add(this); return observe.apply(this, args); };
  ResizeObserver.prototype.disconnect = function () { window.observing.delete(this); return disconnect.call(this); };
}

const canvasesOf = async (tag) => {
  const all = page.locator(`${tag} canvas`);
  return Array.from({ length: await all.count() }, (_, i) => all.nth(i));
};
const rendered = (tag) => page.$eval(tag, (el) => Number(el.dataset.rendered ?? 0));
const message = (tag) => page.$eval(tag, (el) => el.shadowRoot.querySelector('.message')?.textContent ?? '');

/** Listeners on `document` of a type, through the DevTools protocol (what getEventListeners shows). */
async function documentListeners(type) {
  const cdp = await page.context().newCDPSession(page);
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'document' });
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
  await cdp.detach();
  return listeners.filter((l) => l.type === type).length;
}

before(async () => {
  const site = await buildSite(tempDir('site'));
  for (const file of ['awkward-post.html', 'awkward-post.css']) copyFileSync(join(FIXTURES, file), join(site, file));
  server = await serve(site, 0, { 'content-security-policy': CSP });
  browser = await launch({ hasTouch: true, viewport: { width: 900, height: 700 } });
  page = await browser.context.newPage();
  await page.addInitScript(instrument);
  await page.goto(`http://127.0.0.1:${server.address().port}/awkward-post.html`);
  await page.evaluate(readThrough);
  // Every element drawn, not only <posenc-verify>: those after it in the post draw after it
  // (the first drawings are queued), and its checks may finish before theirs.
  await page.waitForFunction(everyDrawn, true, { timeout: 60_000 });
  await page.waitForFunction(() => document.querySelector('posenc-verify')?.dataset.done === 'true', null, { timeout: 60_000 });
  await page.evaluate(() => scrollTo(0, 300));
});

after(async () => {
  await browser?.close();
  server?.close();
});

test('every element draws; screenshots in light and dark', async () => {
  for (const tag of CHARTED)
    for (const canvas of await canvasesOf(tag)) assert.ok((await pixels(canvas)).variance > 100, tag);
  for (const tag of ['posenc-steps', 'posenc-periods', 'posenc-verify'])
    assert.ok(await page.$eval(tag, (el) => el.shadowRoot.querySelectorAll('tbody tr').length) > 3, tag);
  assert.match(await page.$eval('posenc-verify', (el) => el.shadowRoot.querySelector('.summary').textContent), /^\d+ passed, 0 failed$/);
  await screenshot(page, 'awkward-post-light.png', { fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await settle(page);
  await screenshot(page, 'awkward-post-dark.png', { fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await settle(page);
});

test('mouse: the readout is beside the pointer and inside the viewport, and goes on leave', async () => {
  for (const tag of CHARTED)
    for (const [i, canvas] of (await canvasesOf(tag)).entries()) await checkHover(page, canvas, `${tag} #${i}`);
  // For people: a readout flipped at the viewport's corner.
  await hover(page, (await canvasesOf('posenc-dots'))[1], { fx: 0.9, fy: 0.9, place: 'end' });
  await screenshot(page, 'awkward-post-hover.png');
  await page.mouse.move(1, 1);
});

test('keyboard: focus and arrow keys show the readout over the chart', async () => {
  for (const tag of CHARTED) await checkKeyboard(page, (await canvasesOf(tag))[0], tag);
});

test('touch: tap shows, tap elsewhere hides, sideways drag scrubs, vertical drag scrolls the page', async () => {
  for (const tag of CHARTED) await checkTouch(page, (await canvasesOf(tag))[0], tag, page.locator('h1'));
  await checkVerticalScroll(page, (await canvasesOf('posenc-encoding'))[0], 'posenc-encoding');
});

test('the colour scheme and a custom property on an ancestor recolour every chart', async () => {
  const canvases = (await Promise.all(CHARTED.map(canvasesOf))).flat();
  await checkRecolour(page, canvases, 'article');
});

test('an element out of sight under content-visibility: auto is recoloured when it comes into view', async () => {
  // A blog theme may skip the layout and style of what is out of sight (the demo page does,
  // while it loads): a chart restyled meanwhile is redrawn when it comes into view.
  await page.evaluate(() => {
    const box = Object.assign(document.createElement('div'), { id: 'far' });
    box.style.cssText = 'content-visibility: auto; contain-intrinsic-size: auto 300px; margin-top: 4000px';
    box.innerHTML = '<posenc-encoding length="20" d-model="16"></posenc-encoding>';
    document.body.append(box);
  });
  const far = page.locator('#far posenc-encoding canvas').first();
  // Drawn once near the viewport, then out of sight again.
  const top = await page.evaluate(() => scrollY);
  await page.$eval('#far', (el) => el.scrollIntoView());
  await page.waitForFunction(() => Number(document.querySelector('#far posenc-encoding').dataset.rendered ?? 0) > 0);
  await page.evaluate((y) => scrollTo(0, y), top);
  await settle(page);
  const before = (await pixels(far)).hash;
  await page.$eval('body', (el) => el.style.setProperty('--panel', '#fff3d6'));
  await far.scrollIntoViewIfNeeded();
  // Rendered again (a frame), its transition started, then repainted: polled, not a number of frames.
  let after = before;
  for (const start = Date.now(); after === before && Date.now() - start < 30_000;) {
    await settle(page);
    after = (await pixels(far)).hash;
  }
  assert.notEqual(after, before, 'in view: drawn with the new --panel');
  await page.evaluate(() => { document.body.style.removeProperty('--panel'); document.getElementById('far').remove(); scrollTo(0, 300); });
});

test('attribute bursts redraw once; getters are pure; bad values draw the nearest allowed one', async () => {
  const tag = 'posenc-encoding';
  const before = await rendered(tag), hash = (await pixels((await canvasesOf(tag))[0])).hash;
  await page.$eval(tag, (el) => {
    el.setAttribute('d-model', '24');
    el.length = 12;
    el.setAttribute('base', '500');
    el.spacing = 'tensor2tensor';
  });
  await frames(page);
  assert.equal(await rendered(tag), before + 1, 'four changes, one redraw');
  assert.notEqual((await pixels((await canvasesOf(tag))[0])).hash, hash);

  await page.$eval(tag, (el) => el.setAttribute('d-model', '7'));
  await frames(page);
  assert.equal(await message(tag), 'd-model must be even: using 8');
  const count = await rendered(tag);
  // Reading every property changes nothing: no message, no redraw.
  await page.$eval(tag, (el) => el.shadowRoot.querySelector('.message').replaceChildren());
  const read = await page.$eval(tag, (el) => [el.dModel, el.length, el.base, el.spacing, el.layout, el.start]);
  await frames(page);
  assert.deepEqual(read, [8, 12, 500, 'tensor2tensor', 'interleaved', 0]);
  assert.equal(await message(tag), '');
  assert.equal(await rendered(tag), count);

  await page.$eval('posenc-lines', (el) => el.setAttribute('dims', '1, 30'));
  await frames(page);
  assert.equal(await message('posenc-lines'), 'dimensions ≥ dModel (20) are not shown');
  await page.$eval('posenc-clock', (el) => { el.k = 'soon'; });
  await frames(page);
  assert.equal(await message('posenc-clock'), 'k must be a number: using 3');
  assert.ok((await pixels((await canvasesOf('posenc-clock'))[0])).variance > 100);
});

test('removed elements release observers and listeners; re-added ones draw again', async () => {
  const listening = await documentListeners('pointerdown');
  assert.ok(listening >= CHARTED.length, `${listening} pointerdown listeners on document`);
  assert.ok(await page.evaluate(() => window.observing.size) > 0);
  const counts = await Promise.all(ALL.map(rendered));
  await page.evaluate((tags) => {
    window.parked = tags.map((tag) => {
      const el = document.querySelector(tag);
      const place = [el.parentNode, el.nextSibling];
      el.remove();
      return [el, place];
    });
  }, ALL);
  await frames(page);
  assert.equal(await page.evaluate(() => window.observing.size), 0, 'a ResizeObserver still observes');
  assert.equal(await documentListeners('pointerdown'), 0, 'a pointerdown listener is left on document');
  await page.evaluate(() => window.parked.forEach(([el, [parent, next]]) => parent.insertBefore(el, next)));
  await page.evaluate(readThrough);
  await drawnAgain(page, ALL, counts, { timeout: 60_000 });  // each parked one: the first of its tag
  await page.waitForFunction(() => document.querySelector('posenc-verify').shadowRoot.querySelector('.summary')?.dataset.done === 'true');
  await frames(page);
  for (const [i, tag] of ALL.entries()) assert.equal(await rendered(tag), counts[i] + 1, `${tag} redrew once on re-adding`);
  for (const tag of CHARTED)
    for (const canvas of await canvasesOf(tag)) assert.ok((await pixels(canvas)).variance > 100, `${tag} after re-adding`);
  await checkHover(page, (await canvasesOf('posenc-dots'))[0], 'posenc-dots after re-adding');
});

test('no console error, no CSP violation, nothing left localhost', () => {
  assert.deepEqual(browser.problems.consoleErrors, []);
  assert.deepEqual(browser.problems.outside, []);
});
