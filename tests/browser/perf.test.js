// The page under load, measured in Chromium with the Performance API: every size control is
// dragged to its maximum (and back), the global settings changed with every view at its
// largest, the verification rerun; no main-thread task may exceed 50 ms (Long Tasks API), a
// 512 × 512 heatmap must redraw within one 60 Hz frame, and every change must be drawn within
// 1 s. The figures go to test-results/perf.json and the test log.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { ARTIFACTS, frames, launch } from './browser.js';

let server, browser, page;
const longTasks = () => page.evaluate(() => window.longTasks.map((t) => Math.round(t.duration)));
const renders = (name) => page.evaluate((n) => performance.getEntriesByName(n).map((m) => m.duration), name);
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

before(async () => {
  server = await serve(await buildSite(mkdtempSync(join(tmpdir(), 'posenc-site-'))), 0);
  browser = await launch();
  page = await browser.context.newPage();
  // Test instrumentation, not page code: record every task over 50 ms.
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries())).observe({ type: 'longtask' });
  });
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => document.getElementById('verify-summary')?.dataset.done === 'true', null, { timeout: 60_000 });
  await page.waitForTimeout(300);
});

after(async () => {
  await browser?.close();
  server?.close();
});

// Waits until the page has drawn a frame after a change and no redraw is pending; fails if
// that takes over a second (a frozen tab).
async function settled(what) {
  const ms = await page.evaluate(() => new Promise((resolve) => {
    const start = performance.now();
    let quiet = 0, seen = performance.getEntriesByType('measure').length;
    const tick = () => {
      const now = performance.getEntriesByType('measure').length;
      quiet = now === seen ? quiet + 1 : 0;
      seen = now;
      if (quiet >= 2) resolve(performance.now() - start);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }));
  assert.ok(ms < 1000, `${what}: drawn after ${ms.toFixed(0)} ms`);
  return ms;
}

async function drag(param, to, steps = 8) {
  const selector = `input[type=range][data-param="${param}"]`;
  await page.locator(selector).scrollIntoViewIfNeeded();
  const from = Number(await page.inputValue(selector));
  for (let k = 1; k <= steps; k++) {
    const value = Math.round(from + ((to - from) * k) / steps);
    await page.$eval(selector, (el, v) => { el.value = String(v); el.dispatchEvent(new Event('input')); }, value);
    await settled(`${param} = ${value}`);
  }
}

async function type(param, value) {
  const selector = `input[type=number][data-param="${param}"]`;
  await page.locator(selector).scrollIntoViewIfNeeded();
  if (/^[-+.\de]*$/i.test(String(value))) await page.fill(selector, String(value));
  else {  // letters: typed key by key, as a person would (the input then holds no number)
    await page.locator(selector).selectText();
    await page.keyboard.type(String(value));
  }
  await page.press(selector, 'Enter');
  await settled(`${param} = ${value}`);
}

test('a 512 × 512 heatmap redraws within one frame while a slider is dragged', async () => {
  await page.evaluate(() => performance.clearMeasures());
  await type('enc.d', 512);
  await page.$eval('input[type=range][data-param="enc.n"]', (el) => { el.value = '448'; el.dispatchEvent(new Event('input')); });
  await settled('enc.n = 448');
  await page.evaluate(() => performance.clearMeasures());
  await drag('enc.n', 512, 8);
  const times = await renders('render encoding');
  console.log(`# encoding heatmap redraws, d = 512, 456…512 positions: median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`);
  assert.ok(median(times) < 1000 / 60, `median ${median(times).toFixed(1)} ms`);
  figures.encoding512 = { median: median(times), max: Math.max(...times) };
});

const figures = {};

// One pass: every size slider to its maximum, every typed size to its maximum, the global
// settings changed with every view at its largest, the verification rerun, and back down.
// Returns the tasks over 50 ms, each with the redraws that ran in it.
async function stressPass(pass) {
  await page.evaluate(() => { window.longTasks.length = 0; performance.clearMeasures(); });
  const sliders = { 'enc.d': 1024, 'enc.n': 4096, 'dots.d': 1024, 'dots.n': 4096, 'lines.d': 1024, 'lines.n': 4096, 'clock.k': 1000 };
  for (const [param, max] of Object.entries(sliders)) await drag(param, max);
  for (const [param, max] of Object.entries({ 'steps.d': 16, 'steps.n': 20, 'clock.d': 64, 'clock.pos': 1e6, 'periods.d': 1024, 'variants.d': 512, 'variants.n': 256 }))
    await type(param, max);
  await page.locator('#base').scrollIntoViewIfNeeded();
  await page.fill('#base', pass === 1 ? '500' : '10000');
  await page.press('#base', 'Enter');
  await settled('base');
  await page.selectOption('#spacing', pass === 1 ? 'tensor2tensor' : 'paper');
  await settled('spacing');
  await page.selectOption('#layout', pass === 1 ? 'concatenated' : 'interleaved');
  await settled('layout');
  await page.click('#verify-run');
  await page.waitForFunction(() => document.getElementById('verify-summary').dataset.done === 'true');
  const renderFigures = {};
  for (const name of ['encoding', 'dots', 'lines', 'steps', 'clock', 'periods', 'variants']) {
    const times = await renders(`render ${name}`);
    renderFigures[name] = { max: Math.max(...times), median: median(times), redraws: times.length };
  }
  for (const [param] of Object.entries(sliders)) await drag(param, param === 'clock.k' ? -1000 : 2, 4);
  const long = await page.evaluate(() => window.longTasks.map((t) => ({
    ms: Math.round(t.duration),
    during: performance.getEntriesByType('measure').filter((m) => m.startTime >= t.startTime && m.startTime < t.startTime + t.duration)
      .map((m) => `${m.name} ${m.duration.toFixed(0)} ms`),
  })));
  console.log(`# pass ${pass}: render ms at the largest sizes (max / median): ${Object.entries(renderFigures)
    .map(([n, f]) => `${n} ${f.max.toFixed(1)} / ${f.median.toFixed(1)}`).join(', ')}; tasks over 50 ms: ${
    long.length ? long.map((t) => `${t.ms} (${t.during.join(', ') || 'no redraw'})`).join('; ') : 'none'}`);
  return { renders: renderFigures, longTasks: long };
}

// The machine is a shared 2-core VM: a single long task can come from a neighbour, not from
// the page. So a pass that sees one is run again, and the test fails if the second pass sees
// one too; both passes are reported and written to test-results/perf.json.
test('no task over 50 ms for any control change at the maximum sizes, and back', async () => {
  figures.passes = [await stressPass(1)];
  if (figures.passes[0].longTasks.length) figures.passes.push(await stressPass(2));
  writeFileSync(`${ARTIFACTS}perf.json`, `${JSON.stringify(figures, null, 1)}\n`);
  assert.deepEqual(figures.passes.at(-1).longTasks, [], 'tasks over 50 ms in two passes running');
  assert.deepEqual(browser.problems.consoleErrors, []);
});

test('typed invalid values are corrected with a visible message, never a frozen tab', async () => {
  const cases = [
    ['enc.d', 'abc', /dModel must be a number: using 128/, '128'],
    ['enc.d', '3.7', /dModel must be a whole number: using 4/, '4'],
    ['enc.d', '7', /dModel must be even: using 8/, '8'],
    ['enc.n', '-5', /positions must be between 1 and 4096: using 1/, '1'],
    ['dots.n', '1e9', /positions must be between 1 and 4096: using 4096/, '4096'],
    ['clock.k', '-1e6', /k must be between -1000 and 1000: using -1000/, '-1000'],
    ['variants.n', '0.5', /positions must be a whole number: using 1/, '1'],
    ['variants.n', '-0.5', /positions must be a whole number, between 1 and 256: using 1/, '1'],
  ];
  for (const [param, typed, message, shown] of cases) {
    await type(param, typed);
    assert.equal(await page.inputValue(`input[type=number][data-param="${param}"]`), shown, `${param} ← ${typed}`);
    assert.match(await page.textContent(`[data-message="${param.split('.')[0]}"]`), message);
  }
  await page.fill('#base', '0.5');
  await page.press('#base', 'Enter');
  await settled('base = 0.5');
  assert.equal(await page.inputValue('#base'), '1.01');
  assert.match(await page.textContent('[data-message="globals"]'), /base must be between 1.01 and 1000000000: using 1.01/);
  assert.equal(await page.textContent('#status').then((t) => /failed/.test(t)), false);
  assert.deepEqual(browser.problems.consoleErrors, []);
});
