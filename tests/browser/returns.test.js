// <posenc-near-repeats>, <posenc-base> and <posenc-float32> in a post (fixtures/returns.html)
// under the strict CSP: drawn pixels; the numbers they show against the package computed here
// (distances √(2(D(0) − D(Δ))) from pe.dotKernel, the trade-off from baseTradeoff, the float32
// stages from float32Story and the numbers seed 000 printed); a click or Enter on a return shows
// its two encodings; bad attributes give messages; no console error; and the largest search
// (dModel 8192, 131072 offsets) runs without one long main-thread task.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { init } from 'posenc';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { baseTradeoff, resolution } from '../../js/story/base.js';
import { float32Story } from '../../js/story/float32.js';
import { fixed, number } from '../../js/numbers.js';
import { CSP, frames, launch, readThrough, screenshot } from './browser.js';
import { hover, pixels, readout } from './charts.js';
import { tempDir } from '../temp.js';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const golden = JSON.parse(readFileSync(new URL('../golden/float32-story.json', import.meta.url)));
const pe = await init();
let server, browser, page;

// Test instrumentation: every long task (over 50 ms) of the main thread, from the start.
function instrument() {
  window.longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: true });
}

const shadow = (tag, selector) => page.locator(`${tag} ${selector}`);
const message = (tag) => page.$eval(tag, (el) => el.shadowRoot.querySelector('.message').textContent);
const done = (tag) => page.waitForFunction((t) => document.querySelector(t)?.shadowRoot?.querySelector('.summary')?.dataset.done === 'true',
  tag, { timeout: 120_000 });
// The float32 table shows 8 significant digits (fixed(x, 5) near 249) and every digit in each
// cell's title: a cell reads as its title when it has one, after checking its text is that rounded.
const rowCells = (tag, className) => page.$eval(tag, (el, c) => [...el.shadowRoot.querySelectorAll(`tr.${c} td`)]
  .map((td) => (td.title && !td.textContent.endsWith('ulp') ? [td.textContent, td.title] : td.textContent)), className)
  .then((cells) => cells.map((cell) => {
    if (!Array.isArray(cell)) return cell;
    assert.equal(cell[0], fixed(Number(cell[1]), 5), `${cell[1]} shown to 5 decimals`);
    return cell[1];
  }));

/** The distance the finder should show at offset Δ, from the package's kernel. */
function expectedDistances(maxOffset, dModel) {
  const kernel = pe.dotKernel(maxOffset, dModel);
  return (offset) => Math.sqrt(Math.max(0, 2 * (kernel[0] - kernel[offset])));
}
// The finder's accuracy bound (js/story/near-repeats.js): D(Δ) to (d/2)·2^-52·N.
const floor = (dModel, maxOffset) => Math.sqrt(2 * (dModel / 2) * 2 ** -52 * (maxOffset + 1));

before(async () => {
  const site = await buildSite(tempDir('site'));
  for (const file of ['returns.html', 'returns.css']) copyFileSync(join(FIXTURES, file), join(site, file));
  server = await serve(site, 0, { 'content-security-policy': CSP });
  browser = await launch({ viewport: { width: 1280, height: 900 } });
  page = await browser.context.newPage();
  await page.addInitScript(instrument);
  await page.goto(`http://127.0.0.1:${server.address().port}/returns.html`);
  await page.evaluate(readThrough);
  await Promise.all(['posenc-near-repeats', 'posenc-base', 'posenc-float32'].map(done));
});

after(async () => {
  await browser?.close();
  server?.close();
});

test('every chart is drawn', async () => {
  for (const tag of ['posenc-near-repeats', 'posenc-base', 'posenc-float32']) {
    const canvases = page.locator(`${tag} canvas`);
    const count = await canvases.count();
    assert.ok(count >= 1, tag);
    for (let i = 0; i < count; i++) {
      const { variance } = await pixels(canvases.nth(i));
      assert.ok(variance > 100, `${tag} canvas ${i}: variance ${variance}`);
    }
  }
});

test('near-repeats: the listed returns and the readout are √(2(D(0) − D(Δ))) from the package', async () => {
  const tag = 'posenc-near-repeats', d = 2, n = 131072, distance = expectedDistances(n, d), margin = floor(d, n);
  const listed = await page.$$eval(`${tag} ol.returns button`, (buttons) => buttons.map((b) => [Number(b.dataset.offset), Number(b.dataset.distance)]));
  assert.equal(listed.length, 8, 'count = 8 by default');
  for (const [offset, shown] of listed)
    assert.ok(Math.abs(shown - distance(offset)) <= margin, `Δ = ${offset}: ${shown} vs ${distance(offset)}`);
  const offsets = listed.map(([offset]) => offset);
  // The best fractions for 2π (docs/story.md, section 6): 710 = 113 turns, 103993 = 16551 turns.
  assert.equal(offsets[0], 103993, 'the closest return');
  assert.ok(offsets.includes(710));
  for (let k = 1; k < listed.length; k++) assert.ok(listed[k][1] >= listed[k - 1][1], 'closest first');

  const canvas = shadow(tag, 'canvas').first();
  const { shown } = await hover(page, canvas, { fx: 0.5, fy: 0.5 });
  const offset = Number(shown.data.index);
  assert.ok(Math.abs(Number(shown.data.value) - distance(offset)) <= margin, `hover at Δ = ${offset}`);
  assert.match(shown.text, new RegExp(`^Δ = a − b = ${offset}\\n`));
  await page.mouse.move(1, 1);
  await canvas.focus();
  await page.keyboard.press('ArrowRight');
  const key = await readout(canvas);
  assert.equal(key.data.index, '1');
  assert.ok(Math.abs(Number(key.data.value) - 2 * Math.sin(0.5)) < 1e-12, 'Δ = 1 at d = 2: 2·sin(1/2)');
  await canvas.evaluate((c) => c.blur());
});

test('near-repeats: a click or Enter on a return shows PE(0) and PE(Δ) side by side', async () => {
  const tag = 'posenc-near-repeats', compare = shadow(tag, 'canvas').nth(1);
  const note = () => page.$eval(tag, (el) => [...el.shadowRoot.querySelectorAll('p.note')].at(-1).textContent);
  const before = await pixels(compare);
  const button = shadow(tag, 'ol.returns button[data-offset="710"]');
  await button.click();
  await frames(page);
  assert.equal(await button.getAttribute('aria-pressed'), 'true');
  assert.match(await note(), /PE\(0\) and PE\(710\) are /);
  assert.notEqual((await pixels(compare)).hash, before.hash, 'the pair changed');
  // Row 1 is PE(710), row 2 the difference; the readout carries the exact values.
  const { shown } = await hover(page, compare, { fx: 0.5, fy: 0.5 });
  const row = Number(shown.data.row), col = Number(shown.data.col);
  const a = pe.encode(0, 2), b = pe.encode(710, 2);
  assert.equal(Number(shown.data.value), [a[col], b[col], b[col] - a[col]][row]);
  await page.mouse.move(1, 1);

  const first = shadow(tag, 'ol.returns button').first();
  await first.focus();
  await page.keyboard.press('Enter');
  assert.equal(await first.getAttribute('aria-pressed'), 'true');
  assert.equal(await button.getAttribute('aria-pressed'), 'false');
  assert.match(await note(), /PE\(0\) and PE\(103993\) are /);
});

test('base: the trade-off shown is baseTradeoff\'s; the slider and the number box move the base', async () => {
  const tag = 'posenc-base', summary = () => page.$eval(tag, (el) => el.shadowRoot.querySelector('.summary').textContent);
  const expect = (base) => baseTradeoff(pe, 512, base, { maxOffset: 16384 });
  const at10000 = expect(10000);
  assert.match(await summary(), new RegExp(`^base 10,000: neighbours ${number(at10000.resolution, 3)} apart; encodings stop looking alike \\(the horizon\\) at offset ${number(at10000.horizon)};`));
  const box = shadow(tag, 'input[type=number]');
  await box.fill('100');
  await box.press('Enter');
  await done(tag);
  const at100 = expect(100);
  assert.match(await summary(), new RegExp(`^base 100: neighbours ${number(at100.resolution, 3)} apart; encodings stop looking alike \\(the horizon\\) at offset ${number(at100.horizon)};`));
  assert.equal(at100.horizon, 61, 'docs/story.md section 7');
  const slider = shadow(tag, 'input[type=range]');
  await slider.focus();
  await page.keyboard.press('End');
  await done(tag);
  assert.match(await summary(), /^base 10⁹: /);
  assert.equal(await box.inputValue(), '1000000000');

  const { shown } = await hover(page, shadow(tag, 'canvas').first(), { fx: 0.5, fy: 0.5 });
  const base = Number(shown.data.x);
  assert.ok(base >= 2 && base <= 1e9);
  assert.equal(Number(shown.data.value), resolution(pe, 512, { base }), 'the resolution at the hovered base');
  await page.mouse.move(1, 1);
});

test('float32: every number shown is float32Story\'s, and seed 000\'s printed ones', async () => {
  const tag = 'posenc-float32';
  const check = async ([a, b], [c, e]) => {
    const s = [float32Story(pe, a, b), float32Story(pe, c, e)];
    assert.deepEqual((await rowCells(tag, 'exact')).slice(1, 4), [String(s[0].exact), '', String(s[1].exact)]);
    for (const stage of ['frequencies', 'angles', 'sinCos']) {
      const cells = await rowCells(tag, stage);
      assert.equal(cells[1], String(s[0].stages[stage]), `${stage} of dot(${a}, ${b})`);
      assert.equal(cells[3], String(s[1].stages[stage]), `${stage} of dot(${c}, ${e})`);
    }
    const summed = await rowCells(tag, 'summed');
    assert.deepEqual([summed[1], summed[3]], s.map((x) => String(x.sums.lanes32)));
    const posenc = await rowCells(tag, 'posenc');
    assert.deepEqual([posenc[1], posenc[3]], s.map((x) => String(Math.fround(x.exact))));
    const printed = await rowCells(tag, 'printed');
    assert.deepEqual([printed[1], printed[3]], [String(golden.seedPrinted[`${a},${b}`]), String(golden.seedPrinted[`${c},${e}`])]);
    const orders = await page.$eval(tag, (el) => [...el.shadowRoot.querySelectorAll('table')[1].querySelectorAll('tbody tr')]
      .map((tr) => [...tr.cells].slice(3, 5).map((td) => td.title)));  // order, the two errors in ulps, the two sums
    assert.deepEqual(orders, Object.keys(s[0].sums).map((order) => s.map((x) => String(x.sums[order]))));
    return s;
  };
  const [s12, s8081] = await check([1, 2], [80, 81]);
  const sentences = await page.$eval(tag, (el) => [...el.shadowRoot.querySelectorAll('ul.stages li')].map((li) => li.className));
  assert.deepEqual(sentences, ['exact', 'frequencies', 'angles', 'sinCos', 'summed', 'posenc', 'printed'], 'a sentence per stage');
  assert.notEqual(s12.sums.lanes32, s8081.sums.lanes32, 'the story: equal exact values print differently');
  assert.equal(String(s12.sums.lanes32), '249.10211181640625', 'what seed 000 printed');
  await page.$eval(tag, (el) => { el.setAttribute('b', '80'); el.setAttribute('shift', '1'); });
  await frames(page);
  await check([1, 80], [2, 81]);
  const { shown } = await hover(page, shadow(tag, 'canvas'), { fx: 0.85, fy: 0.3 });
  assert.match(shown.text, /^dot\(\d+, \d+\)\n\(.\) /);
  await page.mouse.move(1, 1);
});

test('screenshots: desktop and phone, light and dark', async () => {
  for (const [width, scheme] of [[1280, 'light'], [1280, 'dark'], [390, 'light'], [390, 'dark']]) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await frames(page);
    await page.waitForTimeout(50);
    await frames(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `${width} px: the page scrolls sideways by ${overflow} px`);
    await screenshot(page, `returns-${width}-${scheme}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
});

test('bad attributes: clamped or replaced, with a message naming the attribute', async () => {
  const cases = [
    ['posenc-near-repeats', 'd-model', '7', /d-model must be even: using 8/],
    ['posenc-near-repeats', 'max-offset', '1e9', /max-offset must be between 8 and 131072: using 131072/],
    ['posenc-near-repeats', 'spacing', 'wide', /unknown spacing "wide": using paper/],
    ['posenc-base', 'base', 'abc', /base must be a number: using 10000/],
    ['posenc-base', 'd-model', '4096', /d-model must be between 2 and 1024: using 1024/],
    ['posenc-float32', 'a', '-3', /a must be between 0 and 511: using 0/],
    ['posenc-float32', 'shift', '500', /a \+ shift and b \+ shift must be at most 511: using shift 431/],
  ];
  for (const [tag, name, value, expected] of cases) {
    await page.$eval(tag, (el, [n, v]) => el.setAttribute(n, v), [name, value]);
    await frames(page);
    assert.match(await message(tag), expected, `${tag} ${name}="${value}"`);
    await page.$eval(tag, (el, n) => el.removeAttribute(n), name);
    await frames(page);
  }
  await Promise.all(['posenc-near-repeats', 'posenc-base', 'posenc-float32'].map(done));
  for (const tag of ['posenc-near-repeats', 'posenc-base', 'posenc-float32']) assert.equal(await message(tag), '', `${tag} usable afterwards`);
});

test('the largest search (dModel 8192, 131072 offsets) runs in slices: frames are drawn while it runs', async () => {
  const tag = 'posenc-near-repeats';
  await page.evaluate(() => { window.longTasks = []; });
  // Frames the browser drew while the search ran: one task of the whole search (1–5 s of CPU)
  // would let none through; slices of ~12 ms let one through each, on any machine. (Their
  // length in ms is a figure of npm run bench, bench/story.js: load stretches it.)
  await page.$eval(tag, (el) => {
    window.searchFrames = 0;
    const count = () => {
      if (el.shadowRoot.querySelector('.summary')?.dataset.done === 'true') return;
      window.searchFrames++;
      requestAnimationFrame(count);
    };
    el.setAttribute('d-model', '8192');
    el.setAttribute('max-offset', '131072');
    requestAnimationFrame(count);
  });
  await frames(page);
  await done(tag);
  const tasks = await page.evaluate(() => window.longTasks);
  const searchFrames = await page.evaluate(() => window.searchFrames);
  assert.ok(searchFrames >= 10, `${searchFrames} frames drawn during the search`);
  const listed = await page.$$eval(`${tag} ol.returns button`, (buttons) => buttons.map((b) => [Number(b.dataset.offset), Number(b.dataset.distance)]));
  const distance = expectedDistances(131072, 8192);
  for (const [offset, shown] of listed.slice(0, 3))
    assert.ok(Math.abs(shown - distance(offset)) <= floor(8192, 131072), `Δ = ${offset} at d = 8192`);
  const { variance } = await pixels(shadow(tag, 'canvas').first());
  assert.ok(variance > 100);
  console.log(`# d = 8192, N = 131072: ${searchFrames} frames during the search, ${tasks.length} tasks over 50 ms${tasks.length ? ` (longest ${Math.max(...tasks).toFixed(0)} ms)` : ''}`);
});

test('removed during a search, an element stops it; added again, it searches and draws anew', async () => {
  const tag = 'posenc-near-repeats';
  await page.$eval(tag, (el) => { el.setAttribute('d-model', '4096'); });
  await frames(page);
  const steps = await page.$eval(tag, async (el) => {
    const parent = el.parentNode, next = el.nextSibling;
    el.remove();
    // Nothing may still be running for the removed element: its shadow root stays empty.
    await new Promise((r) => setTimeout(r, 300));
    const leftovers = el.shadowRoot.querySelectorAll('canvas').length;
    parent.insertBefore(el, next);
    el.scrollIntoView();  // where the reader is: it draws again
    return leftovers;
  });
  assert.equal(steps, 0, 'the removed element holds no chart');
  await done(tag);
  const { variance } = await pixels(shadow(tag, 'canvas').first());
  assert.ok(variance > 100);
  assert.match(await page.$eval(tag, (el) => el.shadowRoot.querySelector('.summary').textContent), /^No near-repeat within 131,072 offsets at dModel = 4096: no offset comes closer than the next position/);
});

test('no console error and no request outside the page', () => {
  assert.deepEqual(browser.problems.consoleErrors, []);
  assert.deepEqual(browser.problems.outside, []);
});
