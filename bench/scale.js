// npm run bench, engineer-scale section: each chart element alone in Chromium at the largest
// sizes (131072 positions, dModel 8192; 256 clocks), for 1× and 2× device pixels: the time to
// the first image, the main-thread tasks over 50 ms while the size changes five times (a
// drag), and the time until the full image (no chart aria-busy: the heatmap's row bands and the
// dot products' whole kernel are in).
// Prints a markdown table and writes bench/scale-results.json. Usage: node bench/scale.js
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite } from '../scripts/build-site.js';
import { serve } from '../scripts/serve.js';
import { launch } from '../tests/browser/browser.js';

const CASES = [
  { tag: 'posenc-encoding', attributes: 'd-model="8192" length="131072"', vary: 'length', values: [120000, 110000, 100000, 90000, 131072] },
  { tag: 'posenc-encoding', attributes: 'd-model="8192" length="131072"', vary: 'd-model', values: [8000, 7000, 6000, 5000, 8192] },
  { tag: 'posenc-dots', attributes: 'd-model="8192" length="131072"', vary: 'length', values: [120000, 110000, 100000, 90000, 131072] },
  { tag: 'posenc-lines', attributes: 'd-model="8192" length="131072" dims="0,1,2,3,4,5,6,7,8,9"', vary: 'length', values: [120000, 110000, 100000, 90000, 131072] },
  { tag: 'posenc-clock', attributes: 'd-model="512"', vary: 'k', values: [1, 2, 3, 4, 5] },
  { tag: 'posenc-periods', attributes: 'd-model="8192"', vary: 'd-model', values: [8000, 7000, 6000, 5000, 8192] },
];

const site = await buildSite(mkdtempSync(join(tmpdir(), 'posenc-site-')));
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
server.close();

console.log('\n| element | varied | device pixels | first image ms | full image ms | tasks > 50 ms while varying |');
console.log('|---|---|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.tag} | ${r.vary} | ${r.scale}× | ${r.firstImageMs} | ${r.fullImageMs} | ${r.longTasks.length ? r.longTasks.join(', ') : 'none'} |`);
writeFileSync(new URL('./scale-results.json', import.meta.url), `${JSON.stringify(rows, null, 1)}\n`);
