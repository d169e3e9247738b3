// The demo's pages under load, in Chromium (playwright-core): every size control dragged to its
// maximum and back, typed sizes at their maximum, the global settings changed with every view at
// its largest, the verification rerun. Each change is one step; for each step it records the
// page's redraws (its Performance API measures, "render encoding", ...) and the main-thread tasks
// over 50 ms (Long Tasks API). Shared by `npm run bench` (bench/page.js: the figures) and
// tests/browser/perf.test.js (only bounds a loaded machine never breaks).
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { launch } from './browser.js';
import { tempDir } from '../temp.js';

// The pages' controls at their maxima: engineer sizes, 131072 positions and dModel 8192 (the
// story's views first, then the workbench's).
export const SLIDERS = { 'enc.d': 8192, 'enc.n': 131072, 'dots.d': 8192, 'dots.n': 131072, 'lines.d': 8192, 'lines.n': 131072, 'clock.k': 1000,
  'family.maxOffset': 131072, 'grid.dModel': 4096, 'float32.dModel': 8192 };
export const TYPED = { 'steps.d': 16, 'steps.n': 20, 'clock.d': 512, 'clock.pos': 1e6, 'periods.d': 8192,
  'rope.headDim': 128, 'rope.length': 512, 'family.numHeads': 128, 'grid.gridHeight': 16, 'grid.gridWidth': 16, 'grid.frames': 16,
  'variants.d': 512, 'variants.n': 256, 'conventions.dModel': 1024 };
export const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** In the page: ready (every view drawn) and its checks run (the workbench's proofs, the story's line). */
export const pageDone = () => document.body.dataset.ready === 'true'
  && (document.getElementById('verify-summary') ?? document.getElementById('story-verify'))?.dataset.done === 'true';

/**
 * The built site served on localhost, Chromium on it with the long-task recorder, the story
 * ready; { page, origin, go(path) (another page of the site, ready), problems, close() }.
 */
export async function openPage() {
  const server = await serve(await buildSite(tempDir('site')), 0);
  const browser = await launch();
  const page = await browser.context.newPage();
  // Instrumentation, not page code: record every task over 50 ms.
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries())).observe({ type: 'longtask' });
  });
  const origin = `http://127.0.0.1:${server.address().port}/`;
  const go = async (path) => {
    await page.goto(`${origin}${path}`);
    await page.waitForFunction(pageDone, null, { timeout: 60_000 });
    await page.waitForTimeout(300);
  };
  await go('');
  return {
    page, origin, go, problems: browser.problems,
    async close() {
      await browser.close();
      server.close();
    },
  };
}

/**
 * ms until the page has drawn a frame after a change and no redraw is pending (or `limit` ms, a
 * hung tab's, after which it stops waiting).
 */
export function settled(page, limit = 120_000) {
  return page.evaluate((limit) => new Promise((resolve) => {
    const start = performance.now();
    let quiet = 0, seen = performance.getEntriesByType('measure').length;
    const tick = () => {
      const now = performance.getEntriesByType('measure').length;
      quiet = now === seen ? quiet + 1 : 0;
      seen = now;
      if (quiet >= 2 || performance.now() - start > limit) resolve(performance.now() - start);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }), limit);
}

/**
 * Runs change(page) as one step and returns what it cost: { step, settleMs, redraws: [{ name,
 * ms }], longTasks: [ms] }.
 */
export async function step(page, name, change) {
  await page.evaluate(() => { window.longTasks.length = 0; performance.clearMeasures(); });
  await change();
  const settleMs = await settled(page);
  return {
    step: name, settleMs,
    ...await page.evaluate(() => ({
      redraws: performance.getEntriesByType('measure').map((m) => ({ name: m.name, ms: m.duration })),
      longTasks: window.longTasks.map((t) => t.duration),
    })),
  };
}

const setRange = (page, selector, value) =>
  page.$eval(selector, (el, v) => { el.value = String(el.positionOf?.(v) ?? v); el.dispatchEvent(new Event('input')); }, value);

/** Drags a slider to `to` in `steps` steps; one step record per position. */
export async function drag(page, param, to, steps = 8) {
  const selector = `input[type=range][data-param="${param}"]`;
  await page.locator(selector).scrollIntoViewIfNeeded();
  const from = Number(await page.inputValue(`input[type=number][data-param="${param}"]`));
  const records = [];
  for (let k = 1; k <= steps; k++) {
    const value = Math.round(from + ((to - from) * k) / steps);
    records.push(await step(page, `${param} = ${value}`, () => setRange(page, selector, value)));
  }
  return records;
}

/** Types value into a number input and presses Enter, as a person would. */
export async function type(page, param, value) {
  const selector = `input[type=number][data-param="${param}"]`;
  await page.locator(selector).scrollIntoViewIfNeeded();
  return step(page, `${param} = ${value}`, async () => {
    if (/^[-+.\de]*$/i.test(String(value))) await page.fill(selector, String(value));
    else {  // letters: typed key by key (the input then holds no number)
      await page.locator(selector).selectText();
      await page.keyboard.type(String(value));
    }
    await page.press(selector, 'Enter');
  });
}

/**
 * One pass over every control of the page at the largest sizes and back (those of SLIDERS and
 * TYPED it has: the story and the workbench each have some); the step records in order.
 */
export async function stressPass(page, { steps = 8 } = {}) {
  const records = [];
  const has = async (param) => Boolean(await page.$(`input[data-param="${param}"]`));
  const sliders = [];
  for (const param of Object.keys(SLIDERS)) if (await has(param)) sliders.push(param);
  for (const param of sliders) records.push(...await drag(page, param, SLIDERS[param], steps));
  for (const [param, max] of Object.entries(TYPED)) if (await has(param)) records.push(await type(page, param, max));
  await page.$eval('details.settings', (d) => { d.open = true; });  // the header's Settings
  records.push(await step(page, 'base = 500', async () => { await page.fill('#base', '500'); await page.press('#base', 'Enter'); }));
  // (the workbench's views take only the base from the Settings: it shows no spacing or layout)
  if (await page.$('#spacing')) records.push(await step(page, 'spacing = tensor2tensor', () => page.selectOption('#spacing', 'tensor2tensor')));
  if (await page.$('#layout')) records.push(await step(page, 'layout = concatenated', () => page.selectOption('#layout', 'concatenated')));
  await page.$eval('details.settings', (d) => { d.open = false; });
  if (await page.$('#verify-run'))
    records.push(await step(page, 'verification rerun', async () => {
      await page.click('#verify-run');
      await page.waitForFunction(() => document.getElementById('verify-summary').dataset.done === 'true');
    }));
  for (const param of sliders) records.push(...await drag(page, param, param === 'clock.k' ? -1000 : 2, Math.min(steps, 4)));
  return records;
}
