// The widget tests, shared by the page's views (tests/browser/page.test.js) and the elements in
// an awkward post (tests/browser/awkward.test.js): the readout sits beside the pointer, the
// finger or the keyboard cursor and inside the viewport; colours follow the scheme and the
// custom properties without a reload. A chart is a locator of its <canvas> (Playwright's CSS
// pierces open shadow roots); its readout is the `.tooltip` in the canvas's box.
import assert from 'node:assert/strict';
import { frames } from './browser.js';
import { canvasVariances } from './pages.js';

/** How far (px) a readout's box may be from the point it describes. */
export const NEAR = 40;

/** The readout of a chart: hidden, its box on screen, its data-*, and the viewport's size. */
export function readout(canvas) {
  return canvas.evaluate((c) => {
    const tip = c.parentElement.querySelector(':scope > .tooltip');
    const { left, top, right, bottom } = tip.getBoundingClientRect();
    return { hidden: tip.hidden, box: { left, top, right, bottom }, data: { ...tip.dataset }, text: tip.textContent,
      viewport: { width: innerWidth, height: innerHeight } };
  });
}

/** Asserts the readout is shown, within NEAR px of (x, y) and entirely inside the viewport. */
export function assertBeside(shown, x, y, what) {
  assert.equal(shown.hidden, false, `${what}: readout hidden`);
  assert.ok(shown.data.value !== undefined && shown.data.value !== 'undefined', `${what}: no data-value`);
  const { left, top, right, bottom } = shown.box, { width, height } = shown.viewport;
  const dx = Math.max(left - x, 0, x - right), dy = Math.max(top - y, 0, y - bottom);
  assert.ok(Math.hypot(dx, dy) <= NEAR, `${what}: readout ${JSON.stringify(shown.box)} is ${Math.round(Math.hypot(dx, dy))} px from (${x}, ${y})`);
  assert.ok(left >= 0 && top >= 0 && right <= width && bottom <= height,
    `${what}: readout ${JSON.stringify(shown.box)} leaves the ${width}×${height} viewport`);
}

/** Points of a box as fractions, nearest to (fx, fy) first: the first that shows a readout is used. */
function candidates(fx, fy) {
  const grid = [];
  for (let i = 1; i < 20; i++) for (let j = 1; j < 20; j++) grid.push([i / 20, j / 20]);
  return grid.sort((a, b) => Math.hypot(a[0] - fx, a[1] - fy) - Math.hypot(b[0] - fx, b[1] - fy));
}

/**
 * Moves the mouse over the chart, near fraction (fx, fy) of its visible box, until a readout
 * shows; returns the point and the readout. `place` scrolls the chart first ('center', 'end').
 */
export async function hover(page, canvas, { fx = 0.4, fy = 0.4, place = 'center' } = {}) {
  await canvas.evaluate((c, block) => c.scrollIntoView({ block, inline: 'nearest' }), place);
  await frames(page);
  const box = await canvas.boundingBox();
  const viewport = page.viewportSize();
  for (const [ax, ay] of candidates(fx, fy)) {
    const x = box.x + box.width * ax, y = box.y + box.height * ay;
    if (y < 0 || y > viewport.height || x < 0 || x > viewport.width) continue;
    await page.mouse.move(x, y);
    const shown = await readout(canvas);
    if (!shown.hidden) return { x, y, shown };
  }
  assert.fail('no point of the chart shows a readout');
}

/** Hover near the middle and, with the chart at the viewport's bottom, near its bottom-right corner. */
export async function checkHover(page, canvas, what) {
  for (const where of [{ fx: 0.4, fy: 0.4, place: 'center' }, { fx: 0.9, fy: 0.9, place: 'end' }]) {
    const { x, y, shown } = await hover(page, canvas, where);
    assertBeside(shown, x, y, `${what} hover ${where.place}`);
  }
  // Leaving the chart hides the readout.
  await page.mouse.move(1, 1);
  assert.equal((await readout(canvas)).hidden, true, `${what}: readout stays after the pointer left`);
}

/** Keyboard: focus the chart, an arrow key shows a readout beside the cell; blur hides it. */
export async function checkKeyboard(page, canvas, what) {
  await canvas.scrollIntoViewIfNeeded();
  await canvas.focus();
  await page.keyboard.press('ArrowRight');
  const shown = await readout(canvas);
  const box = await canvas.boundingBox();
  assert.equal(shown.hidden, false, `${what}: no readout after an arrow key`);
  assert.ok(shown.box.left < box.x + box.width && shown.box.right > box.x && shown.box.top < box.y + box.height,
    `${what}: keyboard readout ${JSON.stringify(shown.box)} is not over its chart`);
  await canvas.evaluate((c) => c.blur());
  assert.equal((await readout(canvas)).hidden, true, `${what}: readout stays after blur`);
}

/** Touch: a tap shows the readout beside the finger, a tap on `outside` (a locator) hides it; a sideways drag scrubs. */
export async function checkTouch(page, canvas, what, outside) {
  const { x, y } = await hover(page, canvas);  // a point with a value
  await page.mouse.move(1, 1);
  await page.touchscreen.tap(x, y);
  const tapped = await readout(canvas);
  assertBeside(tapped, x, y, `${what} tap`);
  await outside.tap();
  assert.equal((await readout(canvas)).hidden, true, `${what}: readout stays after a tap elsewhere`);
  await hover(page, canvas);
  await page.mouse.move(1, 1);

  // Drag sideways (CDP touch events): the readout follows the finger.
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  // Across the part of the chart a reader sees: a map wider than a phone scrolls in its box.
  const [left, right] = await canvas.evaluate((c) => {
    const box = c.getBoundingClientRect(), clip = c.closest('.scroll')?.getBoundingClientRect() ?? { left: 0, right: innerWidth };
    return [Math.max(box.left, clip.left, 0), Math.min(box.right, clip.right, innerWidth)];
  });
  const from = left + (right - left) * 0.25, to = left + (right - left) * 0.75;
  await touch('touchStart', [{ x: from, y }]);
  const seen = new Set();
  for (let i = 1; i <= 8; i++) {
    await touch('touchMove', [{ x: from + ((to - from) * i) / 8, y }]);
    const shown = await readout(canvas);
    if (!shown.hidden) seen.add(JSON.stringify(shown.data));
  }
  await frames(page);  // Chromium delivers pointermove aligned to animation frames
  const last = await readout(canvas);
  await touch('touchEnd', []);
  assertBeside(last, to, y, `${what} drag`);
  assert.ok(seen.size >= 2, `${what}: dragging showed ${seen.size} distinct values`);
  await outside.tap();
  await cdp.detach();
}

/** A vertical drag on a chart still scrolls the page (touch-action: pan-y). */
export async function checkVerticalScroll(page, canvas, what) {
  await canvas.evaluate((c) => c.scrollIntoView({ block: 'center' }));
  const box = await canvas.boundingBox(), before = await page.evaluate(() => scrollY);
  const cdp = await page.context().newCDPSession(page);
  const x = box.x + box.width / 2, y = box.y + box.height * 0.8;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 10; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - 15 * i }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await frames(page);
  const after = await page.evaluate(() => scrollY);
  assert.ok(after > before + 50, `${what}: a vertical drag scrolled the page by ${after - before} px`);
}

/** Pixel statistics of a canvas (a locator): { variance, hash } (pages.js). */
export const pixels = (canvas) => canvas.evaluate(canvasVariances);

/**
 * Waits for redraws after a style change or a resize: the style observer's transition, then
 * every drawn chart painted at its box's size (a resize repaints in later frames, ~8 ms of
 * painting a frame: under load, intro.test.js's tap and drag on <posenc-input> twice found its
 * readout hidden, most likely on a chart still laid out for the old width), then two frames.
 * The sizes are waited for 10 s at most, then a line says so (a chart drawn at another size
 * stays as it is; a test that needs it drawn says so).
 */
export async function settle(page) {
  await frames(page);
  await page.waitForTimeout(30);
  await page.waitForFunction(() => [...document.querySelectorAll('*')]
    .filter((e) => e.localName.startsWith('posenc-') && e.shadowRoot && e.dataset.rendered)
    .flatMap((e) => [...e.shadowRoot.querySelectorAll('canvas')]).filter((c) => c.getClientRects().length)
    // Within a CSS pixel: a chart is repainted when its box changed by one or more.
    .every((c) => Math.abs(c.width / devicePixelRatio - Math.max(1, c.clientWidth)) <= 1
      && Math.abs(c.height / devicePixelRatio - Math.max(1, c.clientHeight)) <= 1), null, { timeout: 10_000, polling: 100 })
    .catch(() => console.log('# settle: a chart was not painted at its size after 10 s'));
  await frames(page);
}

/**
 * Recolouring without a reload: switching the colour scheme, then setting a documented custom
 * property on an ancestor (`ancestor`: a selector), each changes every chart's pixels.
 */
export async function checkRecolour(page, canvases, ancestor) {
  const hashes = async () => Promise.all(canvases.map(async (c) => (await pixels(c)).hash));
  // Polls (frames, not a fixed wait: a chart repaints in a later frame under load, ~8 ms of
  // painting a frame) until `done(hashes)` holds and the pixels hold still for two frames, or 30 s.
  const until = async (done) => {
    const end = Date.now() + 30_000;
    let now = await hashes();
    for (;;) {
      await frames(page);
      const next = await hashes();
      if (done(next) && next.every((h, i) => h === now[i])) return next;
      if (Date.now() > end) return next;
      now = next;
    }
  };
  const light = await until(() => true);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await until((now) => now.every((h, i) => h !== light[i]));
  await page.$eval(ancestor, (el) => el.style.setProperty('--panel', '#fff3d6'));
  const restyled = await until((now) => now.every((h, i) => h !== dark[i]));
  canvases.forEach((_, i) => {
    assert.notEqual(dark[i], light[i], `chart ${i}: the dark scheme did not change its pixels`);
    assert.notEqual(restyled[i], dark[i], `chart ${i}: --panel on ${ancestor} did not change its pixels`);
  });
  await page.$eval(ancestor, (el) => el.style.removeProperty('--panel'));
  await page.emulateMedia({ colorScheme: 'light' });
  assert.deepEqual(await until((now) => now.every((h, i) => h === light[i])), light, 'back to light: the same pixels as before');
}
