// The checks of one built post in Chromium (Debian's, driven by playwright-core): every element
// there, upgraded, drawn, readable by hover, the bad attribute's message, no console error;
// arriving by a link for client-side routers; the feed, the page with JavaScript off and its PDF
// showing the fallback images.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../temp.js';
import { launch, readThrough } from '../browser/browser.js';

/**
 * A fresh Chromium (tests/browser/browser.js launch) for one check: { ctx, log: { errors, outside },
 * close() }. Its pages' console errors and page errors are logged; requests leaving localhost are
 * aborted and listed.
 */
async function context(options = {}) {
  const browser = await launch(options);
  const { consoleErrors, outside } = browser.problems;
  const close = () => {
    running.delete(close);
    return browser.close();
  };
  running.add(close);
  return { ctx: browser.context, log: { errors: consoleErrors, outside }, close };
}
const running = new Set();  // the checks' Chromiums not closed yet (a check that threw): checkSite closes them

/** The elements of the post: tag and attributes, and whether a message is expected (a bad attribute). */
export function expectedElements(markdown) {
  return [...markdown.matchAll(/<(posenc-[a-z0-9-]+)((?:\s+[a-zA-Z-]+(?:="[^"]*")?)*)\s*>/g)].map(([, tag, attrs]) => {
    const attributes = Object.fromEntries([...attrs.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)].map(([, k, v = '']) => [k.toLowerCase(), v]));
    const bad = Object.entries(attributes).filter(([k, v]) => ['d-model', 'length'].includes(k) && !/^\d+$/.test(v)).map(([k]) => k);
    return { tag, attributes, bad };
  });
}

/** What the page shows of each element (run in the page). */
function inspect(tags) {
  const visible = (el) => !el.hidden && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const ink = (canvas) => {
    if (!canvas.width || !canvas.height) return 0;
    const copy = document.createElement('canvas');
    copy.width = canvas.width; copy.height = canvas.height;
    const g = copy.getContext('2d');
    g.drawImage(canvas, 0, 0);
    const data = new Uint32Array(g.getImageData(0, 0, copy.width, copy.height).data.buffer);
    const counts = new Map();
    for (let i = 0; i < data.length; i += 7) counts.set(data[i], (counts.get(data[i]) ?? 0) + 1);
    const background = Math.max(...counts.values());
    return [...counts.values()].reduce((a, b) => a + b, 0) - background;  // sampled pixels not of the commonest colour
  };
  return [...document.querySelectorAll(tags.join(','))].map((el) => {
    const root = el.shadowRoot;
    const canvases = root ? [...root.querySelectorAll('canvas')] : [];
    return {
      tag: el.localName,
      attributes: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
      defined: !!customElements.get(el.localName),
      shadow: root ? root.childNodes.length : 0,
      rendered: Number(el.dataset.rendered ?? 0),
      canvases: canvases.map((c) => ({ width: c.width, height: c.height, ink: ink(c) })),
      messages: root ? [...root.querySelectorAll('.message')].filter(visible).map((m) => m.textContent.trim()).filter(Boolean) : [],
      parent: el.parentElement?.localName,
    };
  });
}

/** The live checks of the post on `page` (already there): returns { check: [ok, note] }. */
async function live(page, expected, log) {
  const tags = [...new Set(expected.map((e) => e.tag))];
  await page.evaluate(readThrough);
  const ready = await page.waitForFunction(({ tags, n }) => {
    const els = [...document.querySelectorAll(tags.join(','))];
    return els.length === n && els.every((el) => Number(el.dataset.rendered ?? 0) >= 1);
  }, { tags, n: expected.length }, { timeout: 60_000 }).then(() => true, () => false);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const seen = await page.evaluate(inspect, tags);
  const result = {};

  const tagNotes = [];
  if (seen.length !== expected.length) tagNotes.push(`${seen.length} of ${expected.length} elements in the page (${seen.map((s) => s.tag).join(', ') || 'none'})`);
  expected.forEach((e, i) => {
    const s = seen[i];
    if (!s) return;
    if (s.tag !== e.tag) tagNotes.push(`#${i + 1}: <${s.tag}> where <${e.tag}> was expected`);
    for (const [k, v] of Object.entries(e.attributes))
      if (s.attributes[k] !== v) tagNotes.push(`<${e.tag}> ${k}="${s.attributes[k] ?? '(missing)'}", expected "${v}"`);
  });
  result.tags = [tagNotes.length === 0, tagNotes.join('; ')];

  const up = seen.filter((s) => !(s.defined && s.shadow > 0 && s.rendered >= 1));
  result.upgraded = [seen.length === expected.length && ready && up.length === 0,
    up.map((s) => `<${s.tag}> defined=${s.defined} shadow=${s.shadow} rendered=${s.rendered}`).join('; ') || (ready ? '' : 'not all rendered within 60 s')];

  const blank = seen.filter((s) => s.canvases.length === 0 || s.canvases.some((c) => c.ink < 20));
  result.drawn = [seen.length > 0 && blank.length === 0,
    blank.map((s) => `<${s.tag}> canvases ${JSON.stringify(s.canvases.map((c) => `${c.width}x${c.height} ink ${c.ink}`))}`).join('; ')];

  // First paint = redraw: the settled pixels equal those of a redraw at the same size.
  const pixels = (tags) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(
    [...document.querySelectorAll(tags.join(','))].flatMap((el) => [...(el.shadowRoot?.querySelectorAll('canvas') ?? [])]
      .map((c, k) => ({ name: `<${el.localName}> canvas ${k}`, size: `${c.width}x${c.height}`, png: c.toDataURL() })))))));
  const stable = async () => {
    let last = await page.evaluate(pixels, tags);
    for (let tries = 0; tries < 20; tries++) {
      const now = await page.evaluate(pixels, tags);
      if (JSON.stringify(now) === JSON.stringify(last)) return now;
      last = now;
    }
    return last;
  };
  const first = await stable();
  await page.evaluate((tags) => { for (const el of document.querySelectorAll(tags.join(','))) el.view?.update(el.rawValues()); }, tags);
  const redrawn = await stable();
  const changed = first.filter((c, k) => c.size !== redrawn[k]?.size || c.png !== redrawn[k]?.png);
  result['first paint'] = [first.length > 0 && changed.length === 0,
    changed.map((c, k) => `${c.name} ${c.size} → ${redrawn[first.indexOf(c)]?.size}`).join('; ')];

  // Hover the middle of each element's first canvas: its .tooltip shows.
  const hoverNotes = [];
  for (let i = 0; i < seen.length; i++) {
    const canvas = await page.evaluateHandle(({ tags, i }) => {
      const c = document.querySelectorAll(tags.join(','))[i].shadowRoot?.querySelector('canvas');
      c?.scrollIntoView({ block: 'center' });
      return c;
    }, { tags, i });
    const box = await canvas.asElement()?.boundingBox();
    if (!box) { hoverNotes.push(`<${seen[i].tag}> no canvas to hover`); continue; }
    await page.mouse.move(5, 5);
    await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.5, { steps: 4 });
    const shown = await page.waitForFunction(({ tags, i }) => {
      const root = document.querySelectorAll(tags.join(','))[i].shadowRoot;
      return [...root.querySelectorAll('.tooltip')].some((t) => !t.hidden && t.getBoundingClientRect().width > 0 && t.textContent.trim());
    }, { tags, i }, { timeout: 15_000 }).then(() => true, () => false);
    if (!shown) hoverNotes.push(`<${seen[i].tag}> no visible .tooltip after hovering its first canvas`);
  }
  await page.mouse.move(5, 5);
  result.hover = [seen.length > 0 && hoverNotes.length === 0, hoverNotes.join('; ')];

  const messageNotes = [];
  expected.forEach((e, i) => {
    const s = seen[i];
    if (!s) return;
    if (e.bad.length && !e.bad.every((attr) => s.messages.some((m) => m.includes(attr))))
      messageNotes.push(`<${e.tag}> with a bad ${e.bad.join(', ')}: messages ${JSON.stringify(s.messages)}`);
    if (!e.bad.length && s.messages.length) messageNotes.push(`<${e.tag}> unexpected message ${JSON.stringify(s.messages)}`);
  });
  result.message = [seen.length > 0 && messageNotes.length === 0, messageNotes.join('; ')];

  result.console = [log.errors.length === 0, log.errors.slice(0, 3).join(' | ')];
  return { result, seen };
}

/** Fallback images in a feed: one <img> (raw or escaped) per image file `posenc post` wrote. */
export function feedCheck(text, images) {
  if (!images?.length) return [false, 'no fallback images (posenc post did not run)'];
  const decoded = text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#34;', '"').replaceAll('&amp;', '&');
  const srcs = [...decoded.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]);
  const missing = images.filter((f) => !srcs.some((s) => s.endsWith(`/${f}`) || s === f));
  return [missing.length === 0, missing.length ? `no <img> for ${missing.join(', ')} (feed has ${srcs.length} <img>)` : `${srcs.length} <img>`];
}

/** With JavaScript off, each element shows an <img> of nonzero size that loaded. */
async function fallbacks(page, expected) {
  const tags = [...new Set(expected.map((e) => e.tag))];
  const shown = await page.evaluate((tags) => [...document.querySelectorAll(tags.join(','))].map((el) => {
    const img = el.querySelector('img');
    const r = img?.getBoundingClientRect();
    return { tag: el.localName, img: !!img, loaded: !!img?.complete && img.naturalWidth > 0, width: r?.width ?? 0, height: r?.height ?? 0 };
  }), tags);
  const bad = shown.filter((s) => !(s.img && s.loaded && s.width > 0 && s.height > 0));
  const ok = shown.length === expected.length && bad.length === 0;
  return [ok, shown.length !== expected.length ? `${shown.length} of ${expected.length} elements in the page`
    : bad.map((s) => `<${s.tag}> ${s.img ? `img loaded=${s.loaded} ${s.width}x${s.height}` : 'no <img>'}`).join('; ')];
}

// The axis titles each element's charts print: Chromium prints heatmaps as images and line
// charts as vector paths with their text, so a chart is in the PDF when its titles are.
const TITLES = {
  'posenc-encoding': ['dimension', 'position'], 'posenc-dots': ['position b', 'offset Δ'],
  'posenc-lines': ['PE(pos, dimension)'], 'posenc-periods': ['pair i'],
};

/** Whether the PDF prints every element's charts, and no save button (pdftotext). */
function pdfCharts(pdf, expected) {
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  const missing = expected.flatMap((e) => (TITLES[e.tag] ?? []).filter((t) => !text.includes(t)).map((t) => `${e.tag}: "${t}"`));
  const buttons = (text.match(/Save (\w+ )?(PNG|CSV|JSON)/g) ?? []).length;
  return [missing.length === 0 && buttons === 0,
    [missing.length ? `missing ${missing.join(', ')}` : `every chart's titles printed`, buttons ? `${buttons} save buttons printed` : ''].filter(Boolean).join('; ')];
}

/**
 * All checks of one built site served at origin. `paths` from the engine's build; `images` the
 * fallback files (null when `posenc post` did not run); `sanitized`: the tags are expected gone,
 * only the fallback images left.
 */
export async function checkSite(...args) {
  try {
    return await checkSiteIn(...args);
  } finally {
    await Promise.allSettled([...running].map((close) => close()));
  }
}

async function checkSiteIn(origin, paths, expected, images, { sanitized = false } = {}) {
  const r = {};
  const notes = [];
  const url = new URL(paths.post, origin).href;

  if (sanitized) {
    for (const k of ['tags', 'upgraded', 'drawn', 'first paint', 'hover', 'message', 'console']) r[k] = [null, ''];
    const { ctx, log, close } = await context();
    const page = await ctx.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const tags = [...new Set(expected.map((e) => e.tag))];
    const left = await page.evaluate((tags) => document.querySelectorAll(tags.join(',')).length, tags);
    // The fallback images after the first load lazily (loading="lazy"), when scrolled near: each
    // brought into view in turn and awaited, as a reader scrolls (10 s each: load only delays it).
    await page.evaluate(async () => {
      for (const img of document.querySelectorAll('img')) {
        img.scrollIntoView({ block: 'center' });
        await Promise.race([img.decode().catch(() => {}), new Promise((r) => setTimeout(r, 10_000))]);
      }
      scrollTo(0, 0);
    });
    const imgs = await page.evaluate(() => [...document.querySelectorAll('img')].filter((i) => i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().width > 0).length);
    r.console = [log.errors.length === 0, log.errors.slice(0, 3).join(' | ')];
    notes.push(`sanitized: ${left} posenc tags left, ${imgs} images shown`);
    r['JS off'] = [images?.length > 0 && imgs >= expected.length, `${imgs} of ${expected.length} fallback images shown with JS on (tags stripped: ${left === 0})`];
    await close();
  } else {
    const { ctx, log, close } = await context();
    const page = await ctx.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const { result } = await live(page, expected, log);
    Object.assign(r, result);
    if (log.outside.length) notes.push(`requests outside localhost (aborted): ${[...new Set(log.outside)].slice(0, 3).join(', ')}`);

    // PDF: every chart printed (redrawn for print), no buttons.
    const dir = tempDir('pdf');
    try {
      writeFileSync(join(dir, 'post.pdf'), await page.pdf({ format: 'A4', printBackground: true }));
      r.PDF = pdfCharts(join(dir, 'post.pdf'), expected);
    } catch (e) {
      r.PDF = [false, e.message.split('\n')[0]];
    } finally { rmSync(dir, { recursive: true, force: true }); }
    await close();

    if (paths.link) {
      const { ctx, log, close } = await context();
      const page = await ctx.newPage();
      await page.goto(new URL(paths.link.from, origin).href, { waitUntil: 'load' });
      await page.evaluate(() => { window.__posencSamePage = true; });
      // A site that loads the elements only where a page has one has not loaded them here.
      if (paths.link.lazy && await page.evaluate(() => Boolean(customElements.get('posenc-encoding'))))
        notes.push('link: the elements were loaded on a page without any');
      const earlyLoad = paths.link.lazy && notes.some((n) => n.startsWith('link: the elements were loaded'));
      await page.click(paths.link.selector, { timeout: 10_000 }).catch((e) => notes.push(`link: ${e.message.split('\n')[0]}`));
      await page.waitForURL((u) => u.pathname.replace(/\/$/, '') === paths.post.replace(/\/$/, ''), { timeout: 15_000 }).catch(() => {});
      const spa = await page.evaluate(() => window.__posencSamePage === true).catch(() => false);
      const { result } = await live(page, expected, log);
      const failed = Object.entries(result).filter(([, [ok]]) => !ok);
      r['via link'] = [spa && failed.length === 0 && !earlyLoad,
        [spa ? '' : `no client-side navigation (full page load to ${page.url()})`, ...failed.map(([k, [, n]]) => `${k}: ${n}`)].filter(Boolean).join('; ')];
      await close();
    }
  }

  // Feed.
  if (paths.feed) {
    const res = await fetch(new URL(paths.feed, origin)).catch((e) => ({ ok: false, statusText: e.message }));
    r.feed = res.ok ? feedCheck(await res.text(), images) : [false, `${paths.feed}: ${res.status ?? ''} ${res.statusText}`];
  } else r.feed = [null, paths.noFeed ?? 'no feed'];

  // JavaScript off.
  if (!sanitized) {
    const { ctx, close } = await context({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(url, { waitUntil: 'load' });
    r['JS off'] = await fallbacks(page, expected);
    await close();
  }
  return { r, notes };
}
