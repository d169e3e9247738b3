// npm run bench, page-load section: the demo page's main-thread tasks over 50 ms (Long Tasks
// API, buffered from navigation) during the 6 s after each of three links (and the example blog
// post, web/embed-example.html) is opened, and how long after `load` the page's first chart is
// painted (the earliest end of a "paint …" measure: the page's first drawing paints each chart
// in a step of its own, web/lib/scheduler.js). Each
// load is a first visit: a new Chromium with an empty profile. Writes bench/load-results.json.
// --cpu also traces each visit (Chromium's `toplevel` category only) and gives, for each of the
// renderer's main-thread tasks over 50 ms, its wall time and the main thread's CPU time in it:
// a task whose CPU time is far below its wall time was waiting (on this 2-core machine, for the
// browser's other processes), not working.
// --control adds a row for a control page, a heading and a paragraph of text (no script): what
// the same visits cost a page with nothing of posenc's.
// Usage: node bench/load.js [--site DIR (a built site; default: builds it)] [--loads N] [--cpu] [--control]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite } from '../scripts/build-site.js';
import { serve } from '../scripts/serve.js';
import { launch, recordLongTasks } from '../tests/browser/browser.js';
import { tempDir } from '../tests/temp.js';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
// The page at three links, and the example blog post (five elements, one script tag).
const LINKS = ['', '?dots.d=4096&dots.n=131072', '?enc.d=8192&enc.n=131072', 'embed-example.html'];
const LOADS = Number(option('--loads', 3));
const CPU = args.includes('--cpu');
const site = option('--site') ?? await buildSite(tempDir('load'));
const server = await serve(site, 0);
const address = (s, path) => `http://127.0.0.1:${s.address().port}/${path}`;
const pages = LINKS.map((link) => [`/${link}`, address(server, link)]);
let control;
if (args.includes('--control')) {
  const dir = tempDir('control');
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><meta charset="utf-8"><title>Control</title>'
    + '<h1>A heading</h1><p>A paragraph with <b>bold</b>, <i>italic</i> and <code>code</code> words.</p></html>\n');
  control = await serve(dir, 0);
  pages.push(['control page', address(control, '')]);
}

async function load(url) {
  const browser = await launch();
  try {
    const page = await browser.context.newPage();
    await page.addInitScript(recordLongTasks);
    const trace = CPU ? await startTrace(page) : undefined;
    await page.goto(url);
    await page.waitForTimeout(6000);
    const cpu = trace ? { tasks: await trace.longTasks() } : {};
    return { ...cpu, ...await page.evaluate(() => {
      const load = performance.getEntriesByType('navigation')[0].loadEventEnd;
      // A build from before the paintings were split has no "paint" measure: its "render" ones.
      const measures = performance.getEntriesByType('measure');
      const paints = measures.filter((m) => m.name.startsWith('paint '));
      const drawn = paints.length ? paints : measures.filter((m) => m.name.startsWith('render '));
      // A page without the demo's measures (the blog post, the control page): '–'.
      const firstChartAfterLoad = drawn.length ? Math.round(Math.min(...drawn.map((m) => m.startTime + m.duration)) - load) : '–';
      return { longTasks: window.longTasks.map((t) => Math.round(t.end - t.start)), firstChartAfterLoad };
    }) };
  } finally {
    await browser.close();
  }
}

// The renderer's main-thread tasks over 50 ms in a trace of the visit: [wall, CPU] in ms.
async function startTrace(page) {
  const cdp = await page.context().newCDPSession(page), events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', '__metadata'] }, transferMode: 'ReportEvents' });
  return {
    async longTasks() {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
      const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
      return events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.dur > 50000 && main.has(`${e.pid}:${e.tid}`))
        .map((e) => [Math.round(e.dur / 1000), Math.round(e.tdur / 1000)]);
    },
  };
}

const rows = [];
console.log(`\nThe page's long tasks (ms) over 6 s after opening each link, ${LOADS} first visits each\n`);
console.log(`| link | tasks over 50 ms, per load | first chart painted after load (ms) |${CPU ? ' traced tasks over 50 ms, wall/CPU |' : ''}`);
console.log(`|---|---|---|${CPU ? '---|' : ''}`);
for (const [link, url] of pages) {
  const loads = [];
  for (let i = 0; i < LOADS; i++) loads.push(await load(url));
  rows.push({ link, loads });
  const traced = CPU ? ` ${loads.map((l) => l.tasks.map(([wall, cpu]) => `${wall}/${cpu}`).join(', ') || 'none').join(' · ')} |` : '';
  console.log(`| \`${link}\` | ${loads.map((l) => (l.longTasks.length ? l.longTasks.join(', ') : 'none')).join(' · ')} | ${loads.map((l) => l.firstChartAfterLoad).join(', ')} |${traced}`);
}
server.close();
control?.close();
writeFileSync(new URL('./load-results.json', import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), rows }, null, 1)}\n`);
console.log('\nwritten to bench/load-results.json');
