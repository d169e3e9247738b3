// Headless Chromium (Debian's) driven by playwright-core, against a page served on localhost: the
// one launcher of the tests, the blog checks and the benchmarks. Collects console errors and any
// request that would leave localhost (those are aborted).
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { atStop, browserDir, removeDir, removeLast } from '../temp.js';

/** The strict policy embedding tests run under: WebAssembly needs only 'wasm-unsafe-eval'. */
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'";

export const ARTIFACTS = new URL('../../test-results/', import.meta.url).pathname;
/**
 * Whether the tests save screenshots (POSENC_SCREENSHOTS=1): pictures for people to look at, not
 * checks, and one of a full page costs 1.6–3 CPU-s of Chromium; a run took 22 of those and about
 * 50 smaller ones (docs/testing.md, "How `npm test` spends its minutes").
 */
export const SCREENSHOTS = process.env.POSENC_SCREENSHOTS === '1';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const LOCAL = ['127.0.0.1', 'localhost', '[::1]'];

/** Whether a URL stays on this machine (or in the page: data:, blob:, about:). */
export function isLocal(url) {
  try {
    const { protocol, hostname } = new URL(url);
    return LOCAL.includes(hostname) || ['data:', 'blob:', 'file:', 'about:'].includes(protocol);
  } catch { return true; }
}

/**
 * A new Chromium with one browser context (Playwright's context options: viewport, hasTouch,
 * javaScriptEnabled, …). Its profile and its own temporary files (the singleton socket's folder)
 * are one folder at a short path (tests/temp.js browserDir), removed on close, at exit and after
 * Ctrl-C, whatever TMPDIR is. Returns { context, problems: { consoleErrors, outside }, profile,
 * pageFor(t), close() }.
 */
export async function launch(options = {}) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const profile = browserDir('chromium');
  const temp = join(profile, 'tmp');
  mkdirSync(temp);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1280, height: 900 },
    env: { ...process.env, TMPDIR: temp }, ...options,
  });
  removeLast();  // the profile is removed after Playwright's exit handler has stopped this Chromium
  const forget = atStop(() => context.close());
  const problems = { consoleErrors: [], outside: [] };
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLocal(url)) return route.continue();
    problems.outside.push(url);
    return route.abort();
  });
  context.on('page', (page) => watch(page, problems));
  return {
    context, problems, profile,
    /**
     * A new page for test `t`, closed when the test ends, also when it fails: a page left open
     * hides the file's other pages (a hidden page gets no frames and slowed timers: a story file
     * whose extra page stayed open took 774 s).
     */
    async pageFor(t) {
      const page = await context.newPage();
      t.after(() => page.close());
      return page;
    },
    async close() {
      forget();
      await context.close();
      removeDir(profile);
    },
  };
}

function watch(page, problems) {
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // A request to another host, aborted, is listed under `outside`, not as the page's error.
    if (!isLocal(m.location()?.url ?? '')) return;
    problems.consoleErrors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.consoleErrors.push(`${page.url()}: ${e.message}`));
}

/** Saves `target` (a page or a locator) as test-results/NAME when SCREENSHOTS says so. */
export async function screenshot(target, name, options = {}) {
  if (SCREENSHOTS) await target.screenshot({ path: join(ARTIFACTS, name), ...options });
}

/**
 * An init script (page.addInitScript(recordLongTasks)): window.longTasks receives every main-thread
 * task over 50 ms from the navigation on (Long Tasks API, buffered), as { start, end } in ms.
 */
export function recordLongTasks() {
  window.longTasks = [];
  new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => ({ start: e.startTime, end: e.startTime + e.duration }))))
    .observe({ type: 'longtask', buffered: true });
}

/** Waits for the next two animation frames (a scheduled redraw has run). */
export const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** How many times each element matched by `selector` has drawn (data-rendered), in document order. */
export const renderedCounts = (page, selector) => page.$$eval(selector, (els) => els.map((e) => Number(e.dataset.rendered ?? 0)));

/**
 * Waits until each element `which` names (a selector: every match, in document order; or a list
 * of selectors: the first match of each) has drawn more times than `counts` says. Never a number
 * of frames: an element added or added again draws for the first time once near the viewport,
 * behind the other elements' first drawings, in tasks of its own, and how many frames that takes
 * depends on the machine's load (rope.test.js once counted no canvas two frames after
 * re-adding). The first one waiting is brought into view, as a reader scrolls to it.
 */
export function drawnAgain(page, which, counts, { timeout = 30_000 } = {}) {
  return page.waitForFunction(([which, counts]) => {
    const elements = Array.isArray(which) ? which.map((s) => document.querySelector(s)) : [...document.querySelectorAll(which)];
    const waiting = elements.filter((e, i) => Number(e.dataset.rendered ?? 0) <= counts[i]);
    waiting[0]?.scrollIntoView({ block: 'center' });
    return waiting.length === 0;
  }, [which, counts], { timeout });
}

/**
 * In the page (a poll, in any engine): the text of the post's <posenc-verify> summary once its
 * checks are done, else false. Until it has drawn, it is brought into view each time, as a
 * reader scrolls to it: it draws for the first time near the viewport (WebKit under CI load
 * once missed it while readThrough went past).
 */
export function verifyDone() {
  const verify = document.querySelector('posenc-verify');
  if (verify && !verify.dataset.rendered) verify.scrollIntoView({ block: 'center' });
  return verify?.dataset.done === 'true' && verify.shadowRoot.querySelector('.summary').textContent;
}

/**
 * In the page (a poll, in any engine): true once every posenc element with a box (none in a
 * closed <details>) has drawn, and, with `idle`, no chart of theirs is busy (aria-busy: a preview
 * shown, the full image to come). Until then the first that has not drawn (with `idle`, or is
 * busy) is brought into view, as a reader scrolls to it: readThrough may have gone past it unseen
 * (WebKit under load skips the rendering updates of a scroll). Those still waiting are kept in
 * window.notDrawn.
 */
export function everyDrawn(idle = false) {
  const hosts = [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('posenc-') && e.shadowRoot && e.getClientRects().length
    && !e.closest('details:not([open])'));  // Chromium gives a closed <details>'s content a box
  const waiting = hosts.filter((e) => !e.dataset.rendered || (idle && e.shadowRoot.querySelector('[aria-busy]')));
  window.notDrawn = waiting.map((e) => `${e.localName}${e.id ? `#${e.id}` : ''} rendered=${e.dataset.rendered ?? 0} busy=${Boolean(e.shadowRoot.querySelector('[aria-busy]'))}`);
  // With idle, a busy one too: a view's searches may wait until it nears the viewport.
  (idle ? waiting[0] : waiting.find((e) => !e.dataset.rendered))?.scrollIntoView({ block: 'center' });
  return hosts.length > 0 && waiting.length === 0 && hosts.length;
}

/**
 * In the page (page.evaluate(readThrough)): scrolls each posenc element into view in turn, as a
 * reader does, then back to the top. An element draws for the first time once near the viewport:
 * an observer of the same margin says when each has been seen there (a browser may skip the
 * rendering updates of a fast scroll: WebKit under load did), up to 5 s each. Hidden ones
 * (no box) are left alone. Returns { elements, unseen: [tag names not seen] }.
 */
export async function readThrough() {
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const elements = [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('posenc-') && e.shadowRoot && e.getClientRects().length);
  const seen = new Set();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) if (entry.isIntersecting) seen.add(entry.target);
  }, { rootMargin: '100% 0px' });
  for (const element of elements) observer.observe(element);
  const unseen = [];
  for (const element of elements) {
    element.scrollIntoView({ block: 'center' });
    const start = performance.now();
    while (!seen.has(element) && performance.now() - start < 5000) await frame();
    if (!seen.has(element)) unseen.push(element.localName);
  }
  observer.disconnect();
  scrollTo(0, 0);
  await frame();
  return { elements: elements.length, unseen };
}
