// The custom elements (posenc/elements) as a blog post uses them, under a strict CSP, and the
// built demo page opened from disk (file://).
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { init } from 'posenc';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { CSP, frames, launch, readThrough, screenshot } from './browser.js';
import { pixels, readout } from './charts.js';
import { tempDir } from '../temp.js';

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

/** Pixel statistics of each canvas in an element's shadow root. */
const shadowCanvases = async (selector) => {
  const all = page.locator(`${selector} canvas`);
  return Promise.all(Array.from({ length: await all.count() }, (_, i) => pixels(all.nth(i))));
};

before(async () => {
  site = await buildSite(tempDir('site'));
  // The CSP both as a header and in the page's meta tag.
  server = await serve(site, 0, { 'content-security-policy': CSP });
  url = `http://127.0.0.1:${server.address().port}/`;
  browser = await launch();
  browser.context.on('request', (r) => requests.push(new URL(r.url()).pathname));
  page = await browser.context.newPage();
  await page.addInitScript(instrument);
  await page.goto(`${url}embed-example.html`);
  await page.evaluate(readThrough);
  await page.waitForFunction(() => document.querySelector('posenc-verify')?.dataset.done === 'true', null, { timeout: 60_000 });
});

after(async () => {
  await browser?.close();
  server?.close();
});

test('every element renders, inside its shadow root, from one wasm instance and one file', async () => {
  for (const [name, count] of [['posenc-heatmap', 1], ['posenc-dots', 2], ['posenc-lines', 1], ['posenc-clock', 1]]) {
    const canvases = await shadowCanvases(name);
    assert.equal(canvases.length, count, name);
    for (const { variance } of canvases) assert.ok(variance > 100, `${name}: variance ${variance}`);
  }
  const summary = await page.$eval('posenc-verify', (el) => el.shadowRoot.querySelector('.summary').textContent);
  assert.match(summary, /^1[3-9] passed, 0 failed$/);
  assert.equal(await page.evaluate(() => window.instantiations), 1, 'one wasm instance for five elements');
  const posencRequests = requests.filter((p) => p.includes('/posenc/'));
  assert.deepEqual(posencRequests, ['/posenc/dist/elements.classic.js'], 'the elements need one file, no .wasm');
  await screenshot(page, 'embed-example.png', { fullPage: true });
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

  // Hover shows the exact value of the cell (pos 13, dimension 5 of 20 × 16).
  const box = await page.locator(`${heatmap} canvas`).boundingBox();
  await page.mouse.move(box.x + 54 + ((5 + 0.5) * (box.width - 128)) / 16, box.y + 10 + ((13 + 0.5) * (box.height - 52)) / 20);
  const tip = (await readout(page.locator(`${heatmap} canvas`))).data;
  assert.deepEqual([tip.row, tip.col], ['13', '5']);
  assert.equal(Number(tip.value), pe.encode(13, 16)[5]);

  await page.$eval('posenc-clock', (el) => el.setAttribute('k', '-7.5'));
  await frames(page);
  assert.match(await page.$eval('posenc-clock', (el) => el.shadowRoot.querySelector('.note').textContent), /R\(-7.5\)/);

  await page.$eval(heatmap, (el) => el.setAttribute('d-model', '7'));
  await frames(page);
  assert.equal(await page.$eval(heatmap, (el) => el.shadowRoot.querySelector('.message').textContent), 'd-model must be even: using 8');
  await page.$eval('posenc-dots', (el) => el.setAttribute('length', '999999'));
  await frames(page);
  assert.equal(await page.$eval('posenc-dots', (el) => el.shadowRoot.querySelector('.message').textContent),
    'length must be between 1 and 131072: using 131072');
  assert.ok((await shadowCanvases('posenc-dots'))[0].variance > 100);
});

test('first drawings: one element after another; removed while queued, changed before or during its turn', async () => {
  const result = await page.evaluate(async () => {
    const els = ['posenc-clock', 'posenc-clock', 'posenc-heatmap', 'posenc-clock'].map((tag) => document.createElement(tag));
    scrollTo(0, 0);
    document.body.prepend(...els);  // in view: each draws for the first time
    const [plain, removed, early, late] = els;
    early.setAttribute('d-model', '16');  // before its turn: read then, one drawing
    removed.remove();  // while queued: the others still draw
    // Once `late` is built and updated (its charts not painted yet): drawn again after.
    new MutationObserver((_, observer) => {
      observer.disconnect();
      late.setAttribute('d-model', '8');
    }).observe(late.shadowRoot, { childList: true });
    const order = [];
    new MutationObserver(() => {
      for (const e of els) if (e.dataset.rendered && !order.includes(e)) order.push(e);
    }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-rendered'] });
    const start = performance.now();
    while (late.dataset.rendered !== '2' && performance.now() - start < 30_000) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const canvas = (e) => e.shadowRoot.querySelector('canvas').toDataURL();
    const out = {
      order: order.map((e) => els.indexOf(e)), rendered: els.map((e) => e.dataset.rendered ?? null),
      dModels: [early.dModel, late.dModel], lateDrawnAsAsked: canvas(late) !== canvas(plain), removedBuilt: Boolean(removed.shadowRoot.querySelector('.posenc-widget')),
    };
    for (const e of els) e.remove();
    return out;
  });
  assert.deepEqual(result.order, [0, 2, 3], 'in document order, the removed one skipped');
  assert.deepEqual(result.rendered, ['1', null, '1', '2']);
  assert.deepEqual(result.dModels, [16, 8]);
  assert.ok(result.lateDrawnAsAsked, 'the change during its first drawing is drawn');
  assert.equal(result.removedBuilt, false);
});

test('an element draws for the first time near the viewport, once shown, or at once with loading="eager"; until then it shows its fallback, in place', async () => {
  const result = await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const until = async (done) => {
      const start = performance.now();
      while (!done() && performance.now() - start < 20_000) await frame();
    };
    scrollTo(0, 0);
    const far = document.createElement('div');
    far.style.marginTop = `${3 * innerHeight}px`;  // beyond the viewport and the viewport's height below it
    // A fallback taller than the element's box (the image is square: 720 × 720 at width 720).
    far.innerHTML = '<posenc-dots length="6" d-model="16"><img src="favicon.svg" alt="the fallback" width="720" height="720"></posenc-dots><p>after</p>';
    const hidden = document.createElement('details');
    hidden.innerHTML = '<summary>more</summary><posenc-clock d-model="8"></posenc-clock>';
    document.body.prepend(hidden);
    document.body.append(far);
    const [element, next] = far.children;
    const image = element.querySelector('img');
    await until(() => image.complete);
    await new Promise((r) => setTimeout(r, 500));
    const shown = (e) => e.shadowRoot.querySelector('slot')?.assignedElements().map((n) => n.alt) ?? [];
    const box = () => ({ height: element.offsetHeight, next: next.offsetTop - element.offsetTop });
    const before = { rendered: element.dataset.rendered ?? null, fallback: shown(element), ...box(),
      image: image.getBoundingClientRect().height, hidden: hidden.querySelector('posenc-clock').dataset.rendered ?? null };
    element.scrollIntoView();
    await until(() => element.dataset.rendered);
    const after = { rendered: element.dataset.rendered ?? null, fallback: shown(element), canvases: element.shadowRoot.querySelectorAll('canvas').length, ...box() };
    scrollTo(0, 0);
    hidden.open = true;
    await until(() => hidden.querySelector('posenc-clock').dataset.rendered);
    const opened = hidden.querySelector('posenc-clock').dataset.rendered ?? null;
    far.remove();
    hidden.remove();
    // loading="eager": drawn at once far below; made eager while waiting, drawn then; lazy stays undrawn.
    const eagerBox = document.createElement('div');
    eagerBox.style.marginTop = `${3 * innerHeight}px`;
    eagerBox.innerHTML = '<posenc-dots loading="eager" length="6" d-model="16"></posenc-dots><posenc-lines length="6" d-model="16"></posenc-lines>'
      + '<posenc-clock d-model="8"></posenc-clock>';
    document.body.append(eagerBox);
    const [eager, later, lazy] = eagerBox.children;
    await until(() => eager.dataset.rendered);
    const reflected = [eager.loading, later.loading];
    later.loading = 'eager';
    await until(() => later.dataset.rendered);
    await new Promise((r) => setTimeout(r, 300));
    const loading = { eager: eager.dataset.rendered ?? null, later: later.dataset.rendered ?? null, lazy: lazy.dataset.rendered ?? null, reflected,
      attribute: later.getAttribute('loading'), scrolled: scrollY };
    eagerBox.remove();
    return { before, after, opened, loading };
  });
  assert.deepEqual([result.before.rendered, result.before.hidden], [null, null], 'drawn far below the viewport, or hidden');
  assert.deepEqual(result.before.fallback, ['the fallback']);
  assert.ok(result.before.image > 0 && result.before.image <= result.before.height, `a ${result.before.image}px fallback in a ${result.before.height}px box`);
  assert.deepEqual([result.after.rendered, result.after.fallback, result.after.canvases], ['1', [], 2]);
  assert.deepEqual([result.after.height, result.after.next], [result.before.height, result.before.next], 'what follows the element moved when it was drawn');
  assert.equal(result.opened, '1', 'drawn once its <details> opened');
  assert.deepEqual(result.loading, { eager: '1', later: '1', lazy: null, reflected: ['eager', 'lazy'], attribute: 'eager', scrolled: 0 }, 'loading="eager"');
});

test('safe to embed: no CSP violation, console error, outside request, host style or global', async (t) => {
  assert.deepEqual(await page.evaluate(() => window.violations), []);
  assert.deepEqual(browser.problems.consoleErrors, []);
  assert.deepEqual(browser.problems.outside, []);
  // Loading the elements adds no global and no style to the host document.
  writeFileSync(join(site, 'blank.html'), '<!doctype html><title>blank</title><body></body>');
  const fresh = await browser.pageFor(t);
  await fresh.goto(`${url}blank.html`);
  const added = await fresh.evaluate(async (src) => {
    const before = new Set(Object.getOwnPropertyNames(window));
    const sheets = document.styleSheets.length;
    // A property set before the element is defined (a framework may do so) is kept as its attribute.
    const early = document.createElement('posenc-heatmap');
    early.dModel = 64;
    document.body.append(early);
    await import(src);
    document.body.append(document.createElement('posenc-heatmap'));
    await new Promise((r) => setTimeout(r, 200));
    return { globals: Object.getOwnPropertyNames(window).filter((k) => !before.has(k)),
      sheets: document.styleSheets.length - sheets, adopted: document.adoptedStyleSheets.length,
      early: [early.getAttribute('d-model'), early.dModel] };
  }, `${url}posenc/dist/elements.js`);
  assert.deepEqual(added, { globals: [], sheets: 0, adopted: 0, early: ['64', 64] });
});

test('the built demo pages open from disk (file://): the story and the workbench', async (t) => {
  const local = await browser.pageFor(t);
  await local.goto(pathToFileURL(join(site, 'index.html')).href);
  await local.waitForFunction(() => document.getElementById('story-verify')?.dataset.done === 'true', null, { timeout: 60_000 });
  assert.match(await local.textContent('#story-verify'), /^1[3-9] checks of the sources' claims run in your browser: all pass/);
  assert.ok((await pixels(local.locator('#opening-canvas'))).variance > 100);
  await local.goto(pathToFileURL(join(site, 'workbench.html')).href);
  await local.waitForFunction(() => document.getElementById('verify-summary')?.dataset.done === 'true', null, { timeout: 60_000 });
  assert.match(await local.textContent('#verify-summary'), /^1[3-9] passed, 0 failed$/);
  assert.ok((await pixels(local.locator('#ropeScaling-canvas'))).variance > 100);
  assert.deepEqual(browser.problems.consoleErrors, []);
});
