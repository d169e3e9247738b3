// npm run soak [-- options]: the long runs that npm test has no time for (docs/testing.md).
//   webkit     WebKit (MiniBrowser under Xvfb), once per build (the package's SIMD module, the
//              scalar one, and with --builds ...,sanitize the one under ASan + UBSan): the
//              awkward post's elements given seeded attributes until --rounds changes and
//              --rounds redraws, then the demo page's controls changed --rounds times. Counts
//              draws and traps (a wasm RuntimeError).
//   lifecycle  Chromium: every element of the awkward post mounted and unmounted --cycles times
//              (drawn every 20th cycle), wasm memory and JS heap before and after.
//   sweep      Chromium: the demo page at engineer sizes, its sliders swept for --minutes,
//              wasm memory and JS heap each minute.
//   baseline   Chromium: blink-heap.html, a page without posenc doing what an element does to
//              the DOM, --baseline-cycles times: Blink's heap and the RSS on their own.
// Memory (see memory()) is read after a garbage collection. Exit code 1 on a trap, an error, a
// blank chart or memory that grew (see grew()). SEED=n for other seeds (printed).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { serve } from '../../scripts/serve.js';
import { random, seedFrom } from '../random.js';
import { CSP, launch, readThrough } from '../browser/browser.js';
import { open } from '../browser/engines.js';
import { fuzzSite } from '../browser/fuzz-site.js';

const { values: args } = parseArgs({ options: {
  parts: { type: 'string', default: 'webkit,lifecycle,sweep,baseline' },
  builds: { type: 'string', default: 'simd,scalar' },
  rounds: { type: 'string', default: '2000' },
  cycles: { type: 'string', default: '10000' },
  minutes: { type: 'string', default: '10' },
  'baseline-cycles': { type: 'string', default: '3000' },
} });
const SEED = seedFrom(process.env, 23);
const ROUNDS = Number(args.rounds), CYCLES = Number(args.cycles), MINUTES = Number(args.minutes), BASELINE = Number(args['baseline-cycles']);
// Rounds per call into the page (WebDriver's script timeout is 30 s): the page's controls at
// engineer sizes redraw much more than an element.
const CHUNK = { attributes: 100, controls: 10 };
const root = new URL('../../', import.meta.url).pathname;
const PACKAGES = { simd: undefined, scalar: `${root}build/scalar/package`, sanitize: `${root}build/sanitize/package` };
const TRAP = /RuntimeError|out of bounds|unreachable|memory access/i;
const failures = [];
const fail = (what) => { failures.push(what); console.log(`FAIL ${what}`); };
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const ENGINEER = '?enc.d=8192&enc.n=131072&dots.d=4096&dots.n=131072&lines.d=8192&lines.n=131072&periods.d=8192';

async function site(build) {
  if (!(build in PACKAGES)) throw new Error(`--builds: no build "${build}" (simd, scalar, sanitize)`);
  if (PACKAGES[build]) execFileSync('bash', [`${root}scripts/build-wasm.sh`, build], { stdio: 'ignore' });
  const server = await serve(await fuzzSite(PACKAGES[build]), 0, { 'content-security-policy': CSP });
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

// Rounds of fuzz-page.js's `kind` (attributes or controls), CHUNK at a time, each chunk its own
// seed, until `total` changes and, for attributes, `total` redraws (changes within one frame draw
// once); problems read after each chunk. Returns the summed counts and the problems.
async function rounds(session, kind, total, seed) {
  const sum = { rounds: 0, draws: 0 }, problems = [];
  let seen = 0;
  for (let chunk = 0; sum.rounds < total || (kind === 'attributes' && sum.draws < total); chunk++) {
    const started = Date.now();
    const counts = await session.evaluate((o) => window.__posencFuzz[o.kind](o), { kind, seed: seed + chunk, rounds: CHUNK[kind] })
      .catch((error) => { throw new Error(`${kind}, chunk seed ${seed + chunk} after ${sum.rounds} changes: ${error.message}`); });
    const seconds = (Date.now() - started) / 1000;
    if (process.env.SOAK_VERBOSE || seconds > 10) console.log(`  ${kind}, chunk seed ${seed + chunk}: ${CHUNK[kind]} changes, ${counts.draws ?? '-'} redraws, ${seconds.toFixed(1)} s`);
    for (const [key, value] of Object.entries(counts)) sum[key] = (sum[key] ?? 0) + value;
    const all = await session.problems();
    problems.push(...all.slice(seen));
    seen = all.length;
  }
  return { sum, problems };
}

async function webkit(build) {
  const { server, origin } = await site(build);
  const session = await open('webkit', { dmabuf: true });  // WebKit as readers get it
  const started = Date.now();
  try {
    await soakWebkit(session, build, origin, started);
  } catch (error) {
    fail(`webkit ${build}: ${error.message} after ${Math.round((Date.now() - started) / 1000)} s`);  // a hung page, say
  } finally {
    await session.close();
    server.close();
  }
}

// The awkward post's attributes, then the page's controls, ROUNDS each; traps and errors counted.
async function soakWebkit(session, build, origin, started) {
  await session.goto(`${origin}/awkward-post.html`);
  await session.evaluate(readThrough);
  await session.waitFor(() => document.querySelector('posenc-verify')?.dataset.done === 'true', null, { timeout: 120_000, what: 'the awkward post' });
  const post = await rounds(session, 'attributes', ROUNDS, SEED);
  const [fewest, most] = await session.evaluate(() => window.__posencFuzz.redrawRange());
  await session.goto(`${origin}/index.html`);
  await session.waitFor(() => document.body.dataset.ready === 'true', null, { timeout: 120_000, what: 'the page' });
  const page = await rounds(session, 'controls', ROUNDS, SEED + 1_000_000);
  const blank = await session.evaluate(() => window.__posencFuzz.blankCanvases());
  const problems = [...post.problems, ...page.problems];
  const traps = problems.filter((p) => TRAP.test(p));
  console.log(`webkit, ${build} build, SEED=${SEED}: awkward post ${post.sum.rounds} attribute changes, ${post.sum.draws} redraws (each element ${fewest}–${most} times); `
    + `page ${page.sum.changes} control changes; ${traps.length} traps, ${problems.length - traps.length} other errors, `
    + `${blank.length} blank charts at the end; ${Math.round((Date.now() - started) / 1000)} s`);
  for (const p of new Set(problems)) console.log(`  ${p}`);
  if (problems.length) fail(`webkit ${build}: ${problems.length} errors (${traps.length} traps)`);
  if (blank.length) fail(`webkit ${build}: blank charts ${blank.join(', ')}`);
}

/**
 * What the page holds, after a garbage collection: the JS heap in use (DevTools protocol), the
 * DOM's nodes and JS event listeners (Memory.getDOMCounters), Blink's own garbage-collected heap
 * (blinkHeap), the renderer processes' resident memory (/proc: the wasm heap's pages are in it)
 * and, on the awkward post, the elements' wasm heap and malloc's bytes in it (posenc/elements'
 * posenc()). (Runtime.queryObjects on WebAssembly objects crashes this Chromium's renderer.)
 */
async function memory(page, profile, wasm = false) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { nodes, jsEventListeners } = await cdp.send('Memory.getDOMCounters');
  const blink = await blinkHeap(cdp);
  await cdp.detach();
  const m = { js: usedSize, nodes, listeners: jsEventListeners, blink, rss: rendererRss(profile) };
  if (wasm) Object.assign(m, await page.evaluate(() => window.__posencFuzz.elementsMemory()));
  return m;
}
const shown = (m) => [`JS heap ${mib(m.js)}`, `${m.nodes} DOM nodes, ${m.listeners} listeners`,
  ...(m.heapBytes === undefined ? [] : [`wasm heap ${mib(m.heapBytes)}`, `malloc'd ${m.allocatedBytes} bytes`]),
  `Blink heap ${mib(m.blink.live)} alive in ${mib(m.blink.committed)}`, `renderer RSS ${mib(m.rss)}`].join(', ');

/**
 * Blink's garbage-collected heap (Oilpan) summed over the renderers, from one of Chromium's
 * memory-infra dumps (what chrome://tracing shows): the memory it holds (committed) and the
 * objects alive in it (live), in bytes. The DOM, layout and style live there, not in the JS heap.
 */
async function blinkHeap(cdp) {
  const events = [], collect = ({ value }) => events.push(...value);
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: {
    includedCategories: ['disabled-by-default-memory-infra'], excludedCategories: ['*'], memoryDumpConfig: { triggers: [] } } });
  await cdp.send('Tracing.requestMemoryDump', { deterministic: true, levelOfDetail: 'detailed' });
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  const sum = { committed: 0, live: 0 };
  for (const event of events) {
    const heap = event.args?.dumps?.allocators?.['blink_gc/main/heap']?.attrs;
    if (!heap) continue;
    sum.committed += parseInt(heap.committed_size.value, 16);
    sum.live += parseInt(heap.allocated_objects_size.value, 16);
  }
  return sum;
}

/** The resident bytes of the renderers of the Chromium whose profile folder is `profile`. */
function rendererRss(profile) {
  const procs = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((pid) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return [{ pid, ppid: status.match(/^PPid:\s+(\d+)/m)[1], rss: Number(status.match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0) * 1024,
        cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8') }];
    } catch {
      return [];  // gone meanwhile
    }
  });
  const browser = procs.find((p) => p.cmd.includes(profile) && !p.cmd.includes('--type='));
  const mine = new Set([browser?.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs) if (!mine.has(p.pid) && mine.has(p.ppid)) { mine.add(p.pid); grew = true; }
  }
  return procs.filter((p) => mine.has(p.pid) && p.cmd.includes('--type=renderer')).reduce((sum, p) => sum + p.rss, 0);
}

/**
 * Growth from `from` to `to` beyond what settles: the wasm heap or malloc'd bytes at all; the JS
 * heap or Blink's live objects over 8 MiB; DOM nodes over 5000 or listeners over 100 (what a
 * leaked element per 1000 cycles would keep; a garbage collection leaves a few hundred nodes
 * either way). The memory Blink's heap holds and the renderer's RSS are printed, not judged: they
 * grow under any DOM churn, as the baseline part shows without posenc (docs/testing.md).
 */
function grew(what, from, to) {
  if (to.heapBytes > from.heapBytes) fail(`${what}: the wasm heap grew from ${mib(from.heapBytes)} to ${mib(to.heapBytes)}`);
  if (to.allocatedBytes > from.allocatedBytes) fail(`${what}: malloc'd bytes grew from ${from.allocatedBytes} to ${to.allocatedBytes}`);
  if (to.js - from.js > 8 * 2 ** 20) fail(`${what}: JS heap grew from ${mib(from.js)} to ${mib(to.js)}`);
  if (to.nodes - from.nodes > 5000) fail(`${what}: DOM nodes grew from ${from.nodes} to ${to.nodes}`);
  if (to.listeners - from.listeners > 100) fail(`${what}: event listeners grew from ${from.listeners} to ${to.listeners}`);
  if (to.blink.live - from.blink.live > 8 * 2 ** 20) fail(`${what}: Blink's live objects grew from ${mib(from.blink.live)} to ${mib(to.blink.live)}`);
}

async function lifecycle() {
  const { server, origin } = await site('simd');
  const browser = await launch();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${origin}/awkward-post.html`);
    await page.evaluate(readThrough);
    await page.waitForFunction(() => document.querySelector('posenc-verify')?.dataset.done === 'true', null, { timeout: 120_000 });
    const templates = await page.evaluate(() => window.__posencFuzz.elementTemplates());
    const started = Date.now();
    // A first round of cycles settles what stays (caches, the wasm heap's high-water mark).
    await page.evaluate((o) => window.__posencFuzz.lifecycle(o), { templates, cycles: 200, drawEvery: 20 });
    const before = await memory(page, browser.profile, true);
    console.log(`lifecycle: ${templates.length} elements; after 200 cycles: ${shown(before)}`);
    let mounts = 0, draws = 0;
    for (let done = 0; done < CYCLES; done += 1000) {
      const counts = await page.evaluate((o) => window.__posencFuzz.lifecycle(o), { templates, cycles: Math.min(1000, CYCLES - done), drawEvery: 20 });
      mounts += counts.mounts;
      draws += counts.draws;
      console.log(`  ${done + counts.cycles} cycles: ${shown(await memory(page, browser.profile, true))}`);
    }
    const after = await memory(page, browser.profile, true);
    const problems = [...await page.evaluate(() => window.__posencProblems), ...browser.problems.consoleErrors];
    console.log(`lifecycle, chromium: ${CYCLES} cycles, ${mounts} mounts, ${draws} draws; before ${shown(before)}, after ${shown(after)}; ${problems.length} errors; ${Math.round((Date.now() - started) / 1000)} s`);
    for (const p of new Set(problems)) console.log(`  ${p}`);
    if (problems.length) fail(`lifecycle: ${problems.length} errors`);
    grew('lifecycle', before, after);
  } finally {
    await browser.close();
    server.close();
  }
}

async function sweep() {
  const { server, origin } = await site('simd');
  const browser = await launch();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${origin}/index.html${ENGINEER}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 120_000 });
    const samples = [await memory(page, browser.profile)];
    console.log(`sweep: the page at engineer sizes (${ENGINEER}), loaded: ${shown(samples[0])}`);
    const r = random(SEED);
    let changes = 0;
    const end = Date.now() + MINUTES * 60_000;
    for (let minute = 1; Date.now() < end; minute++) {
      const until = Math.min(end, Date.now() + 60_000);
      while (Date.now() < until) {
        const counts = await page.evaluate((o) => window.__posencFuzz.controls(o), { seed: SEED + r.int(1e9), rounds: 20, ranges: true });
        changes += counts.changes;
      }
      samples.push(await memory(page, browser.profile));
      console.log(`  minute ${minute}: ${changes} slider changes, ${shown(samples.at(-1))}`);
    }
    const problems = [...await page.evaluate(() => window.__posencProblems), ...browser.problems.consoleErrors];
    const blank = await page.evaluate(() => window.__posencFuzz.blankCanvases());
    console.log(`sweep, chromium: ${MINUTES} min, ${changes} slider changes; after minute 1 ${shown(samples[1])}, at the end ${shown(samples.at(-1))}; ${problems.length} errors, ${blank.length} blank charts`);
    for (const p of new Set(problems)) console.log(`  ${p}`);
    if (problems.length) fail(`sweep: ${problems.length} errors`);
    if (blank.length) fail(`sweep: blank charts ${blank.join(', ')}`);
    grew('sweep (from minute 1 on)', samples[1], samples.at(-1));
  } finally {
    await browser.close();
    server.close();
  }
}

// A page without posenc doing with plain DOM calls what an element does (blink-heap.js), the
// same memory figures: what Chromium's heap and RSS do on their own.
async function baseline() {
  const server = await serve(`${root}tests/soak`, 0, { 'content-security-policy': CSP });
  const browser = await launch();
  try {
    const page = await browser.context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/blink-heap.html`);
    await page.waitForFunction(() => typeof window.cycles === 'function');
    await page.evaluate(() => window.cycles(200));
    const before = await memory(page, browser.profile);
    console.log(`baseline (tests/soak/blink-heap.html, no posenc), after 200 cycles: ${shown(before)}`);
    for (let done = 0; done < BASELINE;) {
      done += (await page.evaluate((n) => window.cycles(n), Math.min(1000, BASELINE - done))).cycles;
      console.log(`  ${done} cycles: ${shown(await memory(page, browser.profile))}`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}

const parts = args.parts.split(',');
const started = Date.now();
console.log(`soak: ${parts.join(', ')}; SEED=${SEED}`);
if (parts.includes('webkit')) for (const build of args.builds.split(',')) await webkit(build);
if (parts.includes('lifecycle')) await lifecycle();
if (parts.includes('sweep')) await sweep();
if (parts.includes('baseline')) await baseline();
console.log(`soak: ${failures.length ? `${failures.length} failures` : 'no failures'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failures.length ? 1 : 0);
