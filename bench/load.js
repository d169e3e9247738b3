// npm run bench, page-load section: the demo page's main-thread tasks over 50 ms (Long Tasks
// API, buffered from navigation) during the 6 s after each of three links is opened, and how
// long after `load` its first chart is painted (the earliest end of a "paint …" measure: the
// page's first drawing paints each chart in a step of its own, web/lib/scheduler.js). Each
// load is a first visit: a new Chromium with an empty profile. Writes bench/load-results.json.
// Usage: node bench/load.js [--site DIR (a built site; default: builds it)] [--loads N]
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite } from '../scripts/build-site.js';
import { serve } from '../scripts/serve.js';
import { launch, recordLongTasks } from '../tests/browser/browser.js';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const LINKS = ['', '?dots.d=4096&dots.n=131072', '?enc.d=8192&enc.n=131072'];
const LOADS = Number(option('--loads', 3));
const site = option('--site') ?? await buildSite(mkdtempSync(join(tmpdir(), 'posenc-load-')));
const server = await serve(site, 0);

async function load(link) {
  const browser = await launch();
  try {
    const page = await browser.context.newPage();
    await page.addInitScript(recordLongTasks);
    await page.goto(`http://127.0.0.1:${server.address().port}/${link}`);
    await page.waitForTimeout(6000);
    return await page.evaluate(() => {
      const load = performance.getEntriesByType('navigation')[0].loadEventEnd;
      // A build from before the paintings were split has no "paint" measure: its "render" ones.
      const measures = performance.getEntriesByType('measure');
      const paints = measures.filter((m) => m.name.startsWith('paint '));
      const drawn = paints.length ? paints : measures.filter((m) => m.name.startsWith('render '));
      return { longTasks: window.longTasks.map((t) => Math.round(t.end - t.start)), firstChartAfterLoad: Math.round(Math.min(...drawn.map((m) => m.startTime + m.duration)) - load) };
    });
  } finally {
    await browser.close();
  }
}

const rows = [];
console.log(`\nThe page's long tasks (ms) over 6 s after opening each link, ${LOADS} first visits each\n`);
console.log('| link | tasks over 50 ms, per load | first chart painted after load (ms) |');
console.log('|---|---|---|');
for (const link of LINKS) {
  const loads = [];
  for (let i = 0; i < LOADS; i++) loads.push(await load(link));
  rows.push({ link, loads });
  console.log(`| \`/${link}\` | ${loads.map((l) => (l.longTasks.length ? l.longTasks.join(', ') : 'none')).join(' · ')} | ${loads.map((l) => l.firstChartAfterLoad).join(', ')} |`);
}
server.close();
writeFileSync(new URL('./load-results.json', import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), rows }, null, 1)}\n`);
console.log('\nwritten to bench/load-results.json');
