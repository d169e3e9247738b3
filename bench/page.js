// npm run bench, page section: the demo's two pages in Chromium under load (tests/browser/stress.js).
// For every control change (a slider position, a typed size, a global setting) at sizes up to
// the maximum: the redraws per view, their median and slowest ms, and the main-thread tasks over
// 50 ms; first, a 512 × 512 heatmap redrawn while its slider is dragged (one 60 Hz frame is
// 16.7 ms). Prints markdown tables (docs/performance.md) and writes bench/page-results.json.
// Usage: node bench/page.js [--quick]
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { drag, median, openPage, stressPass, type } from '../tests/browser/stress.js';

const quick = process.argv.includes('--quick');
const { page, go, close } = await openPage();
const version = await page.evaluate(() => navigator.userAgent.match(/Chrome\/[\d.]+/)[0]);
const ms = (x) => x.toFixed(1);
const groupBy = (xs, key) => xs.reduce((groups, x) => ((groups[key(x)] ??= []).push(x), groups), {});
// A view's redraw: its update (the measure "render <view>") and its charts' paintings ("paint
// <view>", in the same frame or, for a large redraw, the next ones), as one "render <view>".
function redrawsOf(measures) {
  const redraws = [], latest = {};
  for (const { name, ms } of measures) {
    const [kind, view] = name.split(' ');
    if (kind === 'render') redraws.push(latest[view] = { name, ms });
    else if (kind === 'paint' && latest[view]) latest[view].ms += ms;
  }
  return redraws;
}

// The encoding heatmap at d = 512 while positions go 448 → 512.
await type(page, 'enc.d', 512);
await drag(page, 'enc.n', 448, 1);
const heatmap = (await drag(page, 'enc.n', 512, 8)).flatMap((r) => redrawsOf(r.redraws).filter((m) => m.name === 'render encoding').map((m) => m.ms));
const encoding512 = { redraws: heatmap.length, median: median(heatmap), slowest: Math.max(...heatmap) };

// Every control of the story, then of the workbench.
const records = await stressPass(page, { steps: quick ? 4 : 8 });
await go('workbench.html');
records.push(...await stressPass(page, { steps: quick ? 4 : 8 }));
const steps = records.map((r) => ({
  step: r.step,
  views: Object.entries(groupBy(redrawsOf(r.redraws), (m) => m.name)).map(([name, all]) => {
    const times = all.map((m) => m.ms);
    return { name, redraws: times.length, median: median(times), slowest: Math.max(...times) };
  }),
  longTasks: r.longTasks,
}));
await close();

// Per view over the whole pass.
const perView = Object.entries(groupBy(steps.flatMap((s) => s.views.map((v) => ({ ...v, step: s.step }))), (v) => v.name))
  .map(([name, rows]) => {
    const slowest = rows.reduce((a, b) => (b.slowest > a.slowest ? b : a));
    return { name, redraws: rows.reduce((n, r) => n + r.redraws, 0), median: median(rows.map((r) => r.median)), slowest: slowest.slowest, at: slowest.step };
  });

const machine = `${cpus().length} × ${cpus()[0].model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${version}`;
console.log(`\nposenc page benchmark (${machine})\n`);
console.log(`Encoding heatmap, d = 512, 456 … 512 positions: median ${ms(encoding512.median)} ms, slowest ${ms(encoding512.slowest)} ms over ${encoding512.redraws} redraws.\n`);
console.log('| view | redraws | median ms | slowest ms | slowest at |');
console.log('|---|---|---|---|---|');
for (const v of perView) console.log(`| ${v.name} | ${v.redraws} | ${ms(v.median)} | ${ms(v.slowest)} | ${v.at} |`);
console.log('\n| change | redraws: median / slowest ms | tasks over 50 ms |');
console.log('|---|---|---|');
for (const s of steps)
  console.log(`| ${s.step} | ${s.views.map((v) => `${v.name} ${ms(v.median)} / ${ms(v.slowest)}`).join(', ')} | ${s.longTasks.map((t) => t.toFixed(0)).join(', ') || 'none'} |`);
writeFileSync(new URL('./page-results.json', import.meta.url),
  `${JSON.stringify({ machine, date: new Date().toISOString(), encoding512, perView, steps }, null, 1)}\n`);
console.log('\nwritten to bench/page-results.json');
