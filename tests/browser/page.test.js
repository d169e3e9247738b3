// The demo site's two pages in Chromium, the story (index.html) and the workbench: verification
// passes, every canvas is drawn, controls redraw, hover shows the package's exact values, the
// URL holds the state, nothing leaves localhost.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { frames, launch, screenshot } from './browser.js';
import { checkHover, checkKeyboard, checkRecolour, checkTouch, pixels, readout } from './charts.js';
import { SLIDERS } from '../../js/story/log-scale.js';
import { tempDir } from '../temp.js';

const pe = await init();
let server, browser, page, url;

before(async () => {
  server = await serve(await buildSite(tempDir('site')), 0);
  url = `http://127.0.0.1:${server.address().port}/`;
  browser = await launch({ hasTouch: true });
  page = await browser.context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('story-verify')?.dataset.done === 'true', null, { timeout: 60_000 });
});

// Each page's charts, by canvas id (the widget tests of tests/browser/charts.js run on them).
const CANVASES = {
  '': ['opening-canvas', 'encoding-canvas', 'dots-canvas', 'dots-kernel', 'lines-canvas', 'clock-canvas'],
  'workbench.html': ['variants-paper-canvas', 'variants-t2t-canvas', 'grid-encoding', 'grid-dots', 'grid-patch', 'grid-kernel', 'grid-rope',
    'grid-video', 'grid-mrope'],
};

/** A new tab at `path`, every view drawn (data-ready). */
async function opened(path) {
  const tab = await browser.context.newPage();
  await tab.goto(`${url}${path}`);
  await tab.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
  return tab;
}

after(async () => {
  await browser?.close();
  server?.close();
});

test('every verification row passes and the summary says so: the workbench in full, the story in one line', async () => {
  assert.match(await page.textContent('#story-verify'), /^1[3-9] checks of the sources' claims run in your browser: all pass \(what the sources got wrong is in the errata\)$/);
  await screenshot(page, 'page-full.png', { fullPage: true });
  await screenshot(page, 'page-top.png');
  const bench = await opened('workbench.html');
  try {
    await bench.waitForFunction(() => document.getElementById('verify-summary')?.dataset.done === 'true', null, { timeout: 60_000 });
    const summary = await bench.textContent('#verify-summary');
    const [, passed, failed] = summary.match(/^(\d+) passed, (\d+) failed$/);
    const results = await bench.$$eval('#verify-table tbody tr td:last-child', (cells) => cells.map((c) => c.className));
    assert.ok(results.length >= 13, `${results.length} rows`);
    assert.equal(Number(passed), results.length);
    assert.equal(Number(failed), 0);
    assert.ok(results.every((r) => r === 'pass'));
    // The story's line counts the same checks.
    assert.ok((await page.textContent('#story-verify')).startsWith(`${results.length} checks`));
    await screenshot(bench, 'workbench-full.png', { fullPage: true });
  } finally {
    await bench.close();
  }
});

test('every canvas of both pages is drawn (not blank)', async () => {
  for (const [path, expected] of Object.entries(CANVASES)) {
    const tab = await opened(path);
    try {
      // (Not a chart hidden until the reader gives it something: the model-file view's, before a file.)
      const ids = await tab.$$eval('canvas', (all) => all.filter((c) => !c.closest('[hidden]')).map((c) => c.id));
      for (const id of expected) assert.ok(ids.includes(id), `${path || 'story'}: ${id}`);
      for (const id of ids) {
        const { variance } = await pixels(tab.locator(`#${id}`));
        assert.ok(variance > 100, `${path || 'story'} #${id}: luminance variance ${variance.toFixed(1)}`);
      }
    } finally {
      await tab.close();
    }
  }
});

test('the first drawing paints each chart in a step of its own, after its view\'s update', async () => {
  // web/lib/scheduler.js: a view's update is the measure "render <view>", each chart's first
  // painting "paint <view>" (deferPaints held it back); painted in one go, a view was one task.
  const measures = await page.evaluate(() => performance.getEntriesByType('measure').map((m) => [m.name, m.startTime, m.startTime + m.duration]));
  // A view's name: its data-key (the story's opening figure is an encoding view of its own), else its widget.
  const views = await page.$$eval('[data-widget]', (all) => all.map((el) => [el.dataset.key ?? el.dataset.widget, el.querySelectorAll('canvas').length]));
  let painted = 0;
  for (const [name, canvases] of views.filter(([, n]) => n > 0)) {
    const [render, next] = measures.filter(([m]) => m === `render ${name}`);
    const paints = measures.filter(([m, start]) => m === `paint ${name}` && (!next || start < next[1]));
    assert.ok(render, `${name}: drawn`);
    // None for a view that paints from a job of its own (the near-repeat search's frames).
    assert.ok(paints.length <= canvases, `${name}: ${paints.length} paintings for ${canvases} canvases`);
    assert.ok(paints.every(([, start]) => start >= render[2]), `${name}: painted after its update`);
    painted += paints.length;
  }
  assert.ok(painted >= 20, `${painted} paintings`);
});

test('the first batch\'s views in sight are painted before the next batch of views is built', async () => {
  // web/app.js builds the views a batch (a task) at a time and, after the first batch, waits
  // for the scheduler to draw the views in sight (drawnInSight): built in between, the later
  // batches kept the first chart waiting. A MutationObserver's callback runs once per batch.
  const fresh = await browser.context.newPage();
  await fresh.addInitScript(() => {
    window.batches = [];  // [time, names of the views built]
    const seen = new Set();
    new MutationObserver(() => {
      const built = [...document.querySelectorAll('[data-widget].posenc-widget')].map((el) => el.dataset.key ?? el.dataset.widget).filter((name) => !seen.has(name));
      built.forEach((name) => seen.add(name));
      if (built.length) window.batches.push([performance.now(), built]);
    }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true });
  });
  try {
    await fresh.goto(url);
    await fresh.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
    const { batches, inSight, measures } = await fresh.evaluate(() => ({
      batches: window.batches,
      inSight: [...document.querySelectorAll('[data-widget]')].filter((el) => el.getBoundingClientRect().top < innerHeight).map((el) => el.dataset.key ?? el.dataset.widget),
      measures: performance.getEntriesByType('measure').map((m) => [m.name, m.startTime + m.duration]),
    }));
    assert.ok(batches.length >= 2, `${batches.length} batches`);
    const [[, first], [second]] = batches;
    const painted = first.filter((name) => inSight.includes(name)).flatMap((name) => {
      const renders = measures.filter(([m]) => m === `render ${name}`);
      return measures.filter(([m, end]) => m === `paint ${name}` && (renders.length < 2 || end < renders[1][1])).map(([, end]) => [name, end]);
    });
    assert.ok(painted.length >= 1, `views in sight built first: ${first.filter((name) => inSight.includes(name))}`);
    for (const [name, end] of painted) assert.ok(end <= second, `${name} painted at ${end.toFixed(0)} ms, the next batch built at ${second.toFixed(0)} ms`);
  } finally {
    await fresh.close();
  }
});

test('changing dModel and positions redraws the heatmaps', async () => {
  const before = await pixels(page.locator('#encoding-canvas'));
  await page.fill('input[type=number][data-param="enc.d"]', '64');
  await page.press('input[type=number][data-param="enc.d"]', 'Enter');
  await frames(page);
  const afterD = await pixels(page.locator('#encoding-canvas'));
  assert.notEqual(afterD.hash, before.hash);
  // The positions slider is logarithmic: its middle is √131072 ≈ 362 positions.
  await page.$eval('input[type=range][data-param="enc.n"]', (el) => { el.value = '500'; el.dispatchEvent(new Event('input')); });
  await frames(page);
  assert.notEqual((await pixels(page.locator('#encoding-canvas'))).hash, afterD.hash);
  const middle = SLIDERS.positions().value(0.5);
  assert.equal(await page.inputValue('input[type=number][data-param="enc.n"]'), String(middle));
  const dots = await pixels(page.locator('#dots-canvas'));
  await page.click('button[data-preset="dots.d=512&dots.n=8"]');
  await frames(page);
  assert.notEqual((await pixels(page.locator('#dots-canvas'))).hash, dots.hash);
  assert.match(await page.evaluate(() => location.search), /enc\.d=64/);
  assert.match(await page.evaluate(() => location.search), new RegExp(`enc\\.n=${middle}`));
});

// Moves the mouse to the centre of heatmap cell (row, col); the plot area sits inside the
// canvas with the margins of js/charts/plots/heatmap.js.
async function hoverCell(selector, row, col, rows, cols) {
  const box = await page.locator(selector).boundingBox();
  const x = 54, y = 10, w = box.width - 54 - 74, h = box.height - 10 - 42;
  await page.locator(selector).scrollIntoViewIfNeeded();
  const fresh = await page.locator(selector).boundingBox();
  await page.mouse.move(fresh.x + x + ((col + 0.5) * w) / cols, fresh.y + y + ((row + 0.5) * h) / rows);
  const { hidden, data, text } = await readout(page.locator(selector));
  return { hidden, ...data, text };
}

test('hovering a heatmap cell shows the exact value the package computes', async () => {
  await page.goto(`${url}?enc.d=16&enc.n=20`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const tip = await hoverCell('#encoding-canvas', 13, 5, 20, 16);
  assert.equal(tip.hidden, false);
  assert.equal(Number(tip.row), 13);
  assert.equal(Number(tip.col), 5);
  assert.equal(Number(tip.value), pe.encode(13, 16)[5]);
  assert.match(tip.text, /pos 13 · dimension 5/);

  await page.goto(`${url}?dots.d=512&dots.n=8`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const dot = await hoverCell('#dots-canvas', 1, 2, 8, 8);
  assert.equal(Number(dot.value), pe.dotKernel(7, 512)[1]);
  assert.equal(Number(dot.value).toFixed(3), '249.102');
  // Keyboard: focus the heatmap and move the cursor with the arrow keys.
  await page.mouse.move(0, 0);
  await page.focus('#dots-canvas');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const keyed = (await readout(page.locator('#dots-canvas'))).data;
  assert.deepEqual([keyed.row, keyed.col], ['1', '1']);
  assert.equal(Number(keyed.value), 256);
});

test('a link reproduces a view; bad values are corrected with a visible message', async () => {
  await page.goto(`${url}?view=clock&clock.d=8&clock.k=-12.5&base=500&spacing=tensor2tensor`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.equal(await page.inputValue('input[type=number][data-param="clock.k"]'), '-12.5');
  assert.equal(await page.inputValue('[data-param="base"][type=number]'), '500');
  assert.equal(await page.inputValue('[data-param="spacing"]'), 'tensor2tensor');
  const difference = Number(await page.getAttribute('#clock-note', 'data-max-difference'));
  assert.ok(difference < 1e-12, `rotation vs direct: ${difference}`);
  assert.match(await page.textContent('#clock-note'), /PE\(-12\.5\)/);

  await page.fill('input[type=number][data-param="enc.d"]', '7');
  await page.press('input[type=number][data-param="enc.d"]', 'Enter');
  assert.equal(await page.inputValue('input[type=number][data-param="enc.d"]'), '8');
  assert.match(await page.textContent('[data-message="enc"]'), /dModel must be even: using 8/);
  await page.fill('input[type=number][data-param="enc.n"]', '200000');
  await page.press('input[type=number][data-param="enc.n"]', 'Enter');
  assert.equal(await page.inputValue('input[type=number][data-param="enc.n"]'), '131072');
  assert.match(await page.textContent('[data-message="enc"]'), /between 1 and 131072: using 131072/);

  await page.goto(`${url}?enc.d=abc&dots.n=-3`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.match(await page.textContent('[data-message="enc"]'), /dModel must be a number: using 512/);
  assert.equal(await page.inputValue('input[type=number][data-param="dots.n"]'), '1');
});

for (const path of Object.keys(CANVASES))
  test(`${path || 'the story'}: phone width and dark mode`, async () => {
    const tab = await browser.context.newPage();
    try {
      await tab.setViewportSize({ width: 390, height: 844 });
      await tab.emulateMedia({ colorScheme: 'dark' });
      await tab.goto(`${url}${path}`);
      await tab.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
      const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
      // Every shown menu inside its card (a model menu's long names once ran past its border).
      const past = await tab.evaluate(() => [...document.querySelectorAll('main select')].filter((s) => s.getClientRects().length)
        .filter((s) => s.getBoundingClientRect().right > s.closest('.step, main').getBoundingClientRect().right + 0.5).map((s) => s.id || s.name || s.outerHTML.slice(0, 60)));
      assert.deepEqual(past, [], 'menus past their card\'s edge');
      const background = await tab.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.equal(background, 'rgb(17, 20, 24)');
      for (const id of CANVASES[path].slice(0, 4)) assert.ok((await pixels(tab.locator(`#${id}`))).variance > 100, id);
      const name = path ? 'workbench' : 'page';
      await screenshot(tab, `${name}-phone-dark.png`);
      if (!path) await screenshot(tab.locator('#dots'), 'page-phone-dark-dots.png');
    } finally {
      await tab.close();
    }
  });

for (const [path, ids] of Object.entries(CANVASES)) {
  test(`${path || 'the story'}'s views: the readout follows mouse, keyboard and touch, beside the pointer and inside the viewport`, async () => {
    await page.goto(`${url}${path}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
    for (const id of ids) {
      const canvas = page.locator(`#${id}`);
      await checkHover(page, canvas, id);
      await checkKeyboard(page, canvas, id);
      await checkTouch(page, canvas, id, page.locator('#status'));
    }
  });

  test(`${path || 'the story'}'s views: the colour scheme and a custom property on an ancestor recolour every chart`, async () => {
    await checkRecolour(page, ids.map((id) => page.locator(`#${id}`)), 'main');
  });
}

test('no console errors and no request left localhost', () => {
  assert.deepEqual(browser.problems.consoleErrors, []);
  assert.deepEqual(browser.problems.outside, []);
});
