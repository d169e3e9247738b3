// npm run bench, engineer-scale section: each chart element alone in Chromium at the largest
// sizes (131072 positions, dModel 8192; 256 clocks), for 1× and 2× device pixels: the time to
// the first image, the main-thread tasks over 50 ms while the size changes five times (a
// drag), and the time until the full image (no chart aria-busy: the heatmap's row bands and the
// dot products' whole kernel are in).
// Then the page at the links `?enc.d=8192&enc.n=131072` and `?dots.n=131072&dots.d=8192`.
// Prints markdown tables and writes bench/scale-results.json. Usage: node bench/scale.js
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite } from '../scripts/build-site.js';
import { serve } from '../scripts/serve.js';
import { launch, recordLongTasks } from '../tests/browser/browser.js';
import { tempDir } from '../tests/temp.js';

const CASES = [
  { tag: 'posenc-encoding', attributes: 'd-model="8192" length="131072"', vary: 'length', values: [120000, 110000, 100000, 90000, 131072] },
  { tag: 'posenc-encoding', attributes: 'd-model="8192" length="131072"', vary: 'd-model', values: [8000, 7000, 6000, 5000, 8192] },
  { tag: 'posenc-dots', attributes: 'd-model="8192" length="131072"', vary: 'length', values: [120000, 110000, 100000, 90000, 131072] },
  { tag: 'posenc-lines', attributes: 'd-model="8192" length="131072" dims="0,1,2,3,4,5,6,7,8,9"', vary: 'length', values: [120000, 110000, 100000, 90000, 131072] },
  { tag: 'posenc-clock', attributes: 'd-model="512"', vary: 'k', values: [1, 2, 3, 4, 5] },
  { tag: 'posenc-periods', attributes: 'd-model="8192"', vary: 'd-model', values: [8000, 7000, 6000, 5000, 8192] },
];

const site = await buildSite(tempDir('site'));
const server = await serve(site, 0, {});
const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
// A chart is aria-busy while a preview shows (the full image is being computed).
const complete = (page, tag) => page.waitForFunction((t) => !document.querySelector(t).shadowRoot.querySelector('[aria-busy="true"]'),
  tag, { timeout: 60_000 });

const rows = [];
for (const scale of [1, 2]) {
  const browser = await launch({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: scale });
  for (const { tag, attributes, vary, values } of CASES) {
    writeFileSync(join(site, 'scale.html'), `<!doctype html><meta charset="utf-8"><style>${tag} { height: 420px; }</style>`
      + `<script type="module" src="posenc/dist/elements.js"></script><${tag} ${attributes}></${tag}>`);
    const page = await browser.context.newPage();
    await page.addInitScript(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(e.duration); }).observe({ type: 'longtask' });
    });
    const t0 = Date.now();
    await page.goto(`http://127.0.0.1:${server.address().port}/scale.html`);
    await page.waitForFunction((t) => document.querySelector(t)?.shadowRoot?.querySelector('canvas, tbody tr'), tag);
    await frames(page);
    const first = Date.now() - t0;
    await complete(page, tag);
    const full = Date.now() - t0;
    await page.evaluate(() => { window.longTasks = []; });
    for (const value of values) {
      await page.$eval(tag, (el, [name, v]) => el.setAttribute(name, v), [vary, value]);
      await frames(page);
    }
    await complete(page, tag);
    await page.waitForTimeout(500);
    const tasks = await page.evaluate(() => window.longTasks.map(Math.round));
    rows.push({ scale, tag, vary, firstImageMs: first, fullImageMs: full, longTasks: tasks });
    await page.close();
  }
  await browser.close();
}

// The page at the links: the time from navigation until the view's chart is drawn in
// full (no aria-busy), the long tasks in which that view drew, and those after its value is
// typed again (half, then back). A first load warms the browser (fonts, code caches).
const LINKS = [
  { search: '?enc.d=8192&enc.n=131072', view: 'encoding', canvas: '#encoding-canvas' },
  { search: '?dots.n=131072&dots.d=8192', view: 'dots', canvas: '#dots-canvas' },
];
const links = [];
{
  const browser = await launch({ viewport: { width: 1280, height: 900 } });
  const base = `http://127.0.0.1:${server.address().port}/`;
  const warm = await browser.context.newPage();
  await warm.goto(base);
  await warm.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
  await warm.close();
  for (const { search, view, canvas } of LINKS) {
    const page = await browser.context.newPage();
    await page.addInitScript(recordLongTasks);
    const drawn = () => page.waitForFunction((c) => !document.querySelector(c).hasAttribute('aria-busy'), canvas, { timeout: 60_000 });
    const t0 = Date.now();
    await page.goto(`${base}${search}`);
    // The view has drawn (its first "render" measure) and is no longer busy; the rest of the
    // page may still be drawing its views out of sight.
    await page.waitForFunction((name) => performance.getEntriesByType('measure').some((m) => m.name === `render ${name}`), view, { timeout: 60_000 });
    await drawn();
    const fullImageMs = Date.now() - t0, until = await page.evaluate(() => performance.now());
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
    // Every long task from the view's first render until its full image (the kernel's windows,
    // the heatmap's bands and whatever else the page ran meanwhile).
    const whileDrawing = await page.evaluate(([name, end]) => {
      const first = performance.getEntriesByType('measure').find((m) => m.name === `render ${name}`).startTime;
      return window.longTasks.filter((t) => t.end > first && t.start < end).map((t) => Math.round(t.end - t.start));
    }, [view, until]);
    const [key, value] = [...new URLSearchParams(search)][search.startsWith('?enc') ? 1 : 0];
    const since = await page.evaluate(() => performance.now());
    let typedFullMs;
    for (const v of [Number(value) / 2, value]) {
      const renders = () => page.evaluate((name) => performance.getEntriesByType('measure').filter((m) => m.name === `render ${name}`).length, view);
      const before = await renders(), typed = Date.now();
      await page.fill(`input[type=number][data-param="${key}"]`, String(v));
      await page.press(`input[type=number][data-param="${key}"]`, 'Enter');
      await page.waitForFunction(([name, n]) => performance.getEntriesByType('measure').filter((m) => m.name === `render ${name}`).length > n, [view, before]);
      await drawn();
      typedFullMs = Date.now() - typed;
    }
    await page.waitForTimeout(300);
    const afterTyping = await page.evaluate((t) => window.longTasks.filter((x) => x.start >= t).map((x) => Math.round(x.end - x.start)), since);
    links.push({ search, view, fullImageMs, whileDrawing, typed: key, typedFullMs, afterTyping });
    await page.close();
  }
  await browser.close();
}
server.close();

console.log('\n| page link | full image of the view ms (from navigation) | tasks > 50 ms from its first render to its full image | typed | full image after typing the maximum ms | tasks > 50 ms after typing |');
console.log('|---|---|---|---|---|---|');
for (const l of links)
  console.log(`| \`${l.search}\` | ${l.fullImageMs} | ${l.whileDrawing.join(', ') || 'none'} | ${l.typed} | ${l.typedFullMs} | ${l.afterTyping.join(', ') || 'none'} |`);

console.log('\n| element | varied | device pixels | first image ms | full image ms | tasks > 50 ms while varying |');
console.log('|---|---|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.tag} | ${r.vary} | ${r.scale}× | ${r.firstImageMs} | ${r.fullImageMs} | ${r.longTasks.length ? r.longTasks.join(', ') : 'none'} |`);
writeFileSync(new URL('./scale-results.json', import.meta.url), `${JSON.stringify({ elements: rows, links }, null, 1)}\n`);
