// npm run bench:lighthouse: Lighthouse's mobile performance score (its defaults: a Moto G
// Power's screen, simulated slow 4G, a 4× slower CPU) of the example blog post
// (web/embed-example.html, posenc's elements), of the same post with the fallback images
// `posenc post` writes, of the demo page, and of the blog post of docs/blogging.md's Jekyll and
// Hugo recipes (fallbacks included: built by `npm run test:blogs jekyll hugo`, which
// scripts/bench-lighthouse.sh runs first), each site served with gzip on 127.0.0.1, as a blog host
// serves it. Each run is a new headless Chromium
// (Debian's, CHROME_PATH) with an empty profile; the table gives each page's median of RUNS runs
// (the run with the median score, so its TBT, LCP and CLS belong together), and the audits
// Lighthouse names. Writes bench/lighthouse-results.json. Lighthouse is installed in
// bench/lighthouse/ (its own package-lock.json), out of the package's devDependencies.
// Goals (issues 47, 49): the story ≥ 95, the workbench ≥ 90; each recipe's post a median ≥ 95,
// every run ≥ 90, LCP ≤ 2.5 s, CLS ≤ 0.02, TBT ≤ 150 ms (reported, not asserted).
// Usage: node bench/lighthouse.js [--runs N] [--site DIR (a built site; default: builds it)] [--page PATH]… [--no-blogs | --blogs (the recipes' posts alone)]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';
import { createRequire } from 'node:module';
import { buildSite } from '../scripts/build-site.js';
import { serve } from '../scripts/serve.js';
import { tempDir } from '../tests/temp.js';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = Number(option('--runs', 5));
// The example post, the same post with the fallback images `posenc post` writes (what a reader
// sees first there: the images, then each element's drawing in their place), and the demo's two
// pages: the story (goal ≥ 95) and the workbench (≥ 90, issue 47).
const PAGES = args.includes('--blogs') ? [] : args.includes('--page') ? args.flatMap((a, i) => (args[i - 1] === '--page' ? [a] : []))
  : ['embed-example.html', 'embed-example-fallbacks.html', '', 'workbench.html'];
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const require = createRequire(new URL('./lighthouse/', import.meta.url));
const { default: lighthouse } = await import(require.resolve('lighthouse'));
const chromeLauncher = await import(require.resolve('chrome-launcher'));

const site = option('--site') ?? await buildSite(tempDir('lighthouse'));
if (PAGES.includes('embed-example-fallbacks.html') && !existsSync(join(site, 'embed-example-fallbacks.html'))) await withFallbacks(site);
const server = await serve(site, 0, {}, { gzip: true });
// The recipes' posts, as tests/blogs/run.js left them built (POSENC_BLOGS_WORK/out/ENGINE).
const WORK = process.env.POSENC_BLOGS_WORK ?? join(homedir(), '.cache/posenc-blogs');
const BLOGS = args.includes('--page') || args.includes('--no-blogs') ? []
  : [['Jekyll recipe', 'jekyll', '2024/05/01/post/'], ['Hugo recipe', 'hugo', 'posts/post/']].map(([label, id, path]) => {
    const dir = join(WORK, 'out', id);
    if (!existsSync(join(dir, path, 'index.html'))) throw new Error(`${label}: ${dir} has no ${path}: run npm run test:blogs ${id} first (scripts/bench-lighthouse.sh does)`);
    return { label, dir, path };
  });
const servers = new Map([[site, server]]);
const url = (path, dir = site) => `http://127.0.0.1:${servers.get(dir).address().port}/${path}`;
for (const { dir } of BLOGS) servers.set(dir, await serve(dir, 0, {}, { gzip: true }));

/** Writes embed-example-fallbacks.html: `posenc post`'s fallbacks (PNG, 720 CSS px at 2×) in place. */
async function withFallbacks(dir) {
  const { fallbacks } = await import('../js/render/index.js');
  const post = readFileSync(join(dir, 'embed-example.html'), 'utf8');
  mkdirSync(join(dir, 'figures'), { recursive: true });
  const { text } = await fallbacks(post, { kind: 'html', name: 'embed-example', url: 'figures/',
    write: (file, bytes) => writeFileSync(join(dir, 'figures', file), bytes) });
  writeFileSync(join(dir, 'embed-example-fallbacks.html'), text);
}

async function run(path, dir) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox'] });
  try {
    const { lhr } = await lighthouse(url(path, dir), { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id];
    const ms = (id) => Math.round(audit(id).numericValue);
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      fcp: ms('first-contentful-paint'), lcp: ms('largest-contentful-paint'), tbt: ms('total-blocking-time'),
      cls: Number(audit('cumulative-layout-shift').numericValue.toFixed(3)), si: ms('speed-index'),
      bootup: ms('bootup-time'), mainThread: ms('mainthread-work-breakdown'),
      bytes: Math.round(audit('total-byte-weight').numericValue / 1024), dom: audit('dom-size').numericValue,
      // What Lighthouse names: the audits that are not passed, with their display value.
      named: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && ['numeric', 'binary', 'metricSavings'].includes(a.scoreDisplayMode) && a.displayValue)
        .map((a) => `${a.title}: ${a.displayValue}`),
      // Lighthouse's measure of this machine's CPU (higher is faster): its simulated 4× slower
      // CPU multiplies the tasks measured here, so scores from days of different indexes differ.
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      lcpElement: ((node) => node && `${node.selector} ${node.snippet} "${node.nodeLabel}"`)(audit('largest-contentful-paint-element')?.details?.items?.[0]?.items?.[0]?.node),
    };
  } finally {
    await chrome.kill();
  }
}

const rows = [];
for (const { label, dir, path } of [...PAGES.map((path) => ({ label: path || 'the story', path })), ...BLOGS]) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await run(path, dir));
    process.stderr.write('.');
  }
  const median = [...runs].sort((a, b) => a.score - b.score)[runs.length >> 1];
  rows.push({ page: label, scores: runs.map((r) => r.score), ...median,
    runs: runs.map(({ score, tbt, lcp, cls, fcp, benchmarkIndex }) => ({ score, tbt, lcp, cls, fcp, benchmarkIndex })) });
}
process.stderr.write('\n');
for (const s of servers.values()) s.close();

const kib = (n) => `${n} KiB`;
const indexes = rows.flatMap((r) => r.runs.map((x) => x.benchmarkIndex));
console.log(`Lighthouse ${(await import(require.resolve('lighthouse/package.json'), { with: { type: 'json' } })).default.version}, mobile, median of ${RUNS} (gzip-served, ${new Date().toISOString().slice(0, 10)}; `
  + `this machine's benchmark index ${Math.min(...indexes)}–${Math.max(...indexes)})\n`);
console.log('| page | performance | TBT | LCP | CLS | FCP | bootup | main-thread work | transferred |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.page} | ${r.score} (${r.scores.join(', ')}) | ${r.tbt} ms | ${(r.lcp / 1000).toFixed(1)} s | ${r.cls} | ${(r.fcp / 1000).toFixed(1)} s | ${(r.bootup / 1000).toFixed(1)} s | ${(r.mainThread / 1000).toFixed(1)} s | ${kib(r.bytes)} |`);
for (const r of rows) {
  const worst = (key) => Math.max(...r.runs.map((x) => x[key]));
  console.log(`\n${r.page}: the worst of the runs: score ${Math.min(...r.scores)}, LCP ${(worst('lcp') / 1000).toFixed(1)} s, CLS ${worst('cls')}, TBT ${worst('tbt')} ms`
    + `\n  LCP element ${r.lcpElement ?? '–'}\n  ${r.named.join('\n  ') || 'no audit below 90'}`);
}
// The pages measured replace their rows; the others' stay, each with the date it was measured.
const file = new URL('./lighthouse-results.json', import.meta.url);
const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { rows: [] };
const dated = rows.map((r) => ({ date: new Date().toISOString(), ...r }));
const all = [...kept.rows.map((r) => ({ date: kept.date, ...r })).filter((r) => !rows.some((n) => n.page === r.page)), ...dated];
writeFileSync(file, `${JSON.stringify({ rows: all }, null, 2)}\n`);
