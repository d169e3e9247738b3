// The story's first steps and its extrapolation as elements in a post
// (tests/browser/fixtures/intro-post.html): <posenc-tokens>, <posenc-input>, <posenc-shift>,
// <posenc-extrapolation> draw, their readouts show what the package computes, bad attributes
// draw the nearest value with a message, nothing logs an error. Screenshots at 1280 and 390 px,
// light and dark, in test-results/.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { init } from 'posenc';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { embeddings, sentenceAttention } from '../../js/story/attention.js';
import { nearestTrained, unseenAngles } from '../../js/story/extrapolation.js';
import { pairShift, sineOnlyShift } from '../../js/story/shift.js';
import { CSP, frames, launch, screenshot } from './browser.js';
import { checkHover, checkKeyboard, checkRecolour, checkTouch, checkVerticalScroll, hover, pixels, settle } from './charts.js';
import { tempDir } from '../temp.js';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const TAGS = ['posenc-tokens', 'posenc-input', 'posenc-shift', 'posenc-extrapolation'];
const CLOSE = 1e-9;
const pe = await init();
let server, browser, page;

const canvas = (tag, part) => page.locator(`${tag} canvas`).nth(part);
const message = (tag) => page.$eval(tag, (el) => el.shadowRoot.querySelector('.message')?.textContent ?? '');
const noteData = (tag, id = 'note') => page.$eval(tag, (el, i) => ({ ...el.shadowRoot.querySelectorAll('.note')[i].dataset }), id);
const close = (a, b, what) => assert.ok(Math.abs(Number(a) - b) <= CLOSE * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);

/** Sets attributes and waits for the redraw. */
async function set(tag, attributes) {
  await page.$eval(tag, (el, a) => { for (const [k, v] of Object.entries(a)) el.setAttribute(k, v); }, attributes);
  await frames(page);
}

before(async () => {
  const site = await buildSite(tempDir('site'));
  for (const file of ['intro-post.html', 'intro-post.css']) copyFileSync(join(FIXTURES, file), join(site, file));
  server = await serve(site, 0, { 'content-security-policy': CSP });
  browser = await launch({ hasTouch: true });
  page = await browser.context.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/intro-post.html`);
  await page.waitForFunction((tags) => tags.every((t) => Number(document.querySelector(t)?.dataset.rendered) >= 1), TAGS);
});

after(async () => {
  await browser?.close();
  server?.close();
});

test('every chart draws; screenshots at 1280 and 390 px, light and dark', async () => {
  for (const tag of TAGS) {
    const count = await page.locator(`${tag} canvas`).count();
    assert.equal(count, tag === 'posenc-input' ? 3 : 2, tag);
    for (let i = 0; i < count; i++) assert.ok((await pixels(canvas(tag, i))).variance > 100, `${tag} canvas ${i}`);
  }
  for (const [width, height] of [[1280, 900], [390, 844]])
    for (const scheme of ['light', 'dark']) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await settle(page);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true, `${width} px overflows`);
      await screenshot(page, `intro-${width}-${scheme}.png`, { fullPage: true });
    }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await settle(page);
});

test('every chart: mouse and keyboard readouts beside their point; the scheme and --panel recolour', async () => {
  const all = [];
  for (const tag of TAGS)
    for (let i = 0; i < await page.locator(`${tag} canvas`).count(); i++) {
      await checkHover(page, canvas(tag, i), `${tag} #${i}`);
      await checkKeyboard(page, canvas(tag, i), `${tag} #${i}`);
      all.push(canvas(tag, i));
    }
  await page.mouse.move(1, 1);
  await settle(page);
  await checkRecolour(page, all, 'main');
});

test('touch, at phone width: a tap shows the readout, a sideways drag scrubs, a vertical drag scrolls', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  for (const tag of TAGS) {
    await checkTouch(page, canvas(tag, 1), tag, page.locator('h1'));
    await checkVerticalScroll(page, canvas(tag, 0), tag);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await settle(page);
});

test('tokens: the readouts are the attention weights; the repeated word\'s rows are equal without positions', async () => {
  const result = sentenceAttention(pe, 'the cat saw the dog', 16);
  for (const [i, key] of ['plain', 'positioned'].entries()) {
    await checkHover(page, canvas('posenc-tokens', i), `tokens ${key}`);
    const { shown } = await hover(page, canvas('posenc-tokens', i), { fx: 0.5, fy: 0.5 });
    const { row, col, value } = shown.data;
    close(value, result[key].data[row * 5 + Number(col)], `${key} (${row}, ${col})`);
    // The text shows 6 significant digits; data-value keeps every digit.
    const [, printed] = shown.text.match(/^"\w+" \(pos \d\) → "\w+" \(pos \d\)\nweight (\S+)$/);
    assert.equal(printed, String(+Number(value).toPrecision(6)));
  }
  const gaps = await noteData('posenc-tokens', 2);
  assert.equal(Number(gaps.plainGap), 0);
  close(gaps.positionedGap, result.repeat.positionedGap, 'positioned gap');
  close(gaps.inputGap, result.repeat.inputGap, 'input gap');
  await set('posenc-tokens', { text: 'dog bites man' });
  assert.match(await page.$eval('posenc-tokens', (el) => el.shadowRoot.querySelectorAll('.note')[2].textContent), /No word appears twice/);
  await set('posenc-tokens', { text: 'the cat saw the dog' });
});

test('input: embedding × √d, PE and their sum, each readout the package\'s number', async () => {
  const tokens = ['the', 'cat', 'saw', 'the', 'dog'];
  const table = embeddings(tokens, 16), sum = pe.addTo(table, { scale: 4 }).data;
  const expected = [table.data.map((x) => 4 * x), pe.encoding(5, 16, { dtype: 'float64' }).data, sum];
  for (let i = 0; i < 3; i++) {
    const { shown } = await hover(page, canvas('posenc-input', i), { fx: 0.6, fy: 0.5 });
    const { row, col, value } = shown.data;
    close(value, expected[i][row * 16 + Number(col)], `input ${i} (${row}, ${col})`);
    assert.match(shown.text, /√16·E .*\n\+ PE .*\n= /);
  }
  await set('posenc-input', { scale: '1' });
  const { shown } = await hover(page, canvas('posenc-input', 2), { fx: 0.6, fy: 0.5 });
  close(shown.data.value, pe.addTo(table).data[shown.data.row * 16 + Number(shown.data.col)], 'unscaled sum');
  await set('posenc-input', { scale: 'sqrt' });
});

test('shift: M_k predicts every position; sine only misses; the slider drags k', async () => {
  const omega = pe.frequencies(16)[1];
  const { shown } = await hover(page, canvas('posenc-shift', 0), { fx: 0.5, fy: 0.5 });
  const { series, index } = shown.data;
  close(shown.data.value, pe.encode(Number(index) + 3, 16)[2 + Number(series)], `shifted pair at ${index}`);
  close((await noteData('posenc-shift', 0)).maxError, pairShift(omega, 3, 40).maxError, 'max error');
  const sine = sineOnlyShift(omega, 3, 40), data = await noteData('posenc-shift', 1);
  close(data.relativeError, sine.relativeError, 'sine-only error');
  const hovered = (await hover(page, canvas('posenc-shift', 1), { fx: 0.5, fy: 0.5 })).shown.data;
  close(hovered.value, Math.sin((Number(hovered.index) + 3) * omega), 'sine-only actual');
  const before = (await pixels(canvas('posenc-shift', 1))).hash;
  await page.locator('posenc-shift input[type=range]').fill('10');
  await frames(page);
  close((await noteData('posenc-shift', 1)).relativeError, sineOnlyShift(omega, 10, 40).relativeError, 'after the slider');
  assert.notEqual((await pixels(canvas('posenc-shift', 1))).hash, before);
  assert.equal(await page.$eval('posenc-shift', (el) => el.shadowRoot.querySelector('output').value), '10');
});

test('extrapolation: distance to the nearest trained encoding and the share of unseen angles', async () => {
  const far = nearestTrained(pe, 128, 100, 300);
  const { shown } = await hover(page, canvas('posenc-extrapolation', 0), { fx: 0.8, fy: 0.5 });
  const p = Number(shown.data.x);
  assert.ok(p >= 100, `p = ${p}`);
  close(shown.data.value, far.distance[p - 100], `distance at ${p}`);
  assert.match(shown.text, new RegExp(`^p = ${p}\\ndistance to nearest trained PE: `));
  const data = await noteData('posenc-extrapolation', 0);
  close(data.lastDistance, far.distance[299], 'last distance');
  assert.equal(Number(data.lastNearest), far.nearest[299]);
  // The story's numbers (section 8): at L = dModel = 512, the pairs that never made a full turn.
  await set('posenc-extrapolation', { 'd-model': '512', trained: '512' });
  const { sweptTurns } = unseenAngles(pe, 512, 512);
  assert.equal(Number((await noteData('posenc-extrapolation', 0)).slowPairs), sweptTurns.filter((t) => t < 1).length);
  await set('posenc-extrapolation', { 'd-model': '128', trained: '100' });
  const unseen = (await hover(page, canvas('posenc-extrapolation', 1), { fx: 0.2, fy: 0.5 })).shown.data;
  if (Number(unseen.x) < 100) assert.equal(Number(unseen.value), 0, 'inside training nothing is unseen');
});

test('bad attributes draw the nearest value with a message', async () => {
  for (const [tag, attributes, text] of [
    ['posenc-tokens', { text: '   ' }, 'text is empty: using "the cat saw the dog"'],
    ['posenc-tokens', { text: 'a b c d e f g h i j k l m n' }, 'text must be at most 12 words: using "a b c d e f g h i j k l"'],
    ['posenc-input', { 'd-model': '7' }, 'd-model must be even: using 8'],
    ['posenc-input', { scale: 'x' }, 'unknown scale "x": using sqrt'],
    ['posenc-shift', { pair: '20' }, 'pair must be below dModel/2 = 8: using 7'],
    ['posenc-shift', { k: 'far' }, 'k must be a number: using 3'],
    ['posenc-extrapolation', { trained: '0' }, 'trained must be between 1 and 8192: using 1'],
    ['posenc-extrapolation', { 'd-model': '2000' }, 'd-model must be between 2 and 1024: using 1024'],
  ]) {
    const saved = await page.$eval(tag, (el, names) => Object.fromEntries(names.map((n) => [n, el.getAttribute(n)])), Object.keys(attributes));
    await set(tag, attributes);
    assert.equal(await message(tag), text, tag);
    if (tag === 'posenc-input' && attributes['d-model']) assert.equal(await page.$eval(tag, (el) => el.dModel), 8, 'the getter gives the value in use');
    if (tag === 'posenc-extrapolation' && attributes.trained) assert.equal(await page.$eval(tag, (el) => el.trained), 1);
    for (let i = 0; i < await page.locator(`${tag} canvas`).count(); i++)
      assert.ok((await pixels(canvas(tag, i))).variance > 100, `${tag} canvas ${i} after ${JSON.stringify(attributes)}`);
    await page.$eval(tag, (el, s) => { for (const [k, v] of Object.entries(s)) (v === null ? el.removeAttribute(k) : el.setAttribute(k, v)); }, saved);
    await frames(page);
    assert.equal(await message(tag), '', `${tag} restored`);
  }
  assert.deepEqual(browser.problems.consoleErrors, []);
  assert.deepEqual(browser.problems.outside, []);
});
