// Checks on posenc's pages that hold in any engine and rely only on the page contract: canvases
// (in the document or open shadow roots), and each chart's readout, an element with class
// `tooltip` inside the chart's own box (the document for the page, the element's shadow root),
// `hidden` when not shown and carrying `data-value` while shown.
import assert from 'node:assert/strict';

/**
 * In the page: pixel statistics { name, variance, hash } (luminance variance, a hash of the
 * pixels) of `canvas`, or of every canvas, in the document and in shadow roots, when called
 * with none. Self-contained, so any driver can run it (also charts.js's pixels()).
 */
export function canvasVariances(canvas) {
  const stats = (c) => {
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    let sum = 0, sumSq = 0, hash = 0;
    for (let i = 0; i < data.length; i += 4) {
      const y = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
      sum += y;
      sumSq += y * y;
      hash = (hash * 31 + data[i] + 7 * data[i + 1] + 13 * data[i + 2]) >>> 0;
    }
    const n = data.length / 4 || 1;
    return { name: c.id || c.getRootNode().host?.localName, variance: sumSq / n - (sum / n) ** 2, hash };
  };
  if (canvas) return stats(canvas);
  const hosts = [...document.querySelectorAll('*')].filter((e) => e.shadowRoot);
  // Not a chart hidden until the reader gives it something (the model-file view's, before a file).
  return [document, ...hosts.map((e) => e.shadowRoot)].flatMap((root) => [...root.querySelectorAll('canvas')].filter((c) => !c.closest('[hidden]')).map(stats));
}

/**
 * Moves the pointer to the centre of the first canvas (or the first match of `selector`) of
 * host's shadow root (host: a selector) or of the document (host null) and returns the readout
 * that appeared: { value, text }.
 */
export async function hoverFirstCanvas(session, host, selector = 'canvas') {
  const centre = await session.evaluate(([h, s]) => {
    const canvas = (h ? document.querySelector(h).shadowRoot : document).querySelector(s);
    canvas.scrollIntoView({ block: 'center', behavior: 'instant' });
    const r = canvas.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }, [host, selector]);
  await session.hover(1, 1);  // a move from elsewhere: a pointer already there sees no event
  await session.hover(centre.x, centre.y);
  return session.waitFor((h) => {
    const tips = [...(h ? document.querySelector(h).shadowRoot : document).querySelectorAll('.tooltip')];
    const shown = tips.find((t) => !t.hidden && t.dataset.value !== undefined);
    return shown && { value: shown.dataset.value, text: shown.textContent };
  }, host, { timeout: 30_000, what: `a readout after hovering ${host ?? 'the page'}'s first canvas` });
}

/** The readout shows one of values, to 1e-12 relative (the page shows the package's float64). */
export function expectReadout(readout, values, engine) {
  const shown = Number(readout.value);
  const nearest = values.reduce((best, v) => (Math.abs(v - shown) < Math.abs(best - shown) ? v : best));
  assert.ok(Math.abs(nearest - shown) <= 1e-12 * Math.max(1, Math.abs(nearest)),
    `${engine}: readout "${readout.text}" (data-value ${readout.value}) is none of the package's values (nearest ${nearest})`);
}

/**
 * In the page (a poll): whether a canvas, the document's or a shadow root's, is still aria-busy.
 * The first is brought into view, as a reader scrolls to it: a view's searches may wait until it
 * nears the viewport (the base curve's horizons), and a fast scroll may have passed it unseen.
 */
export function anyBusy() {
  const roots = [document, ...[...document.querySelectorAll('*')].filter((e) => e.shadowRoot).map((e) => e.shadowRoot)];
  const busy = roots.map((root) => root.querySelector('[aria-busy="true"]')).find(Boolean);
  busy?.scrollIntoView({ block: 'center' });
  return Boolean(busy);
}

/**
 * The story page with every view drawn: its folded digressions opened, the page scrolled through
 * `step` px at a time (a view draws when it nears the viewport), then no canvas still busy.
 */
export async function drawEveryView(page, { step, pause }) {
  await page.$$eval('main details.digression', (all) => all.forEach((d) => { d.open = true; }));
  for (let y = 0; y < await page.evaluate(() => document.documentElement.scrollHeight); y += step) {
    await page.evaluate((top) => scrollTo(0, top), y);
    await page.waitForTimeout(pause);
  }
  await page.waitForFunction(`!(${anyBusy})()`, null, { timeout: 60_000 });
}

/**
 * In the page: the element `selector` (a post's column, a page's body) stepped 320 → 1280 px wide
 * and back, two frames a step; then the page scrolled to the bottom and back, one frame a step.
 */
export async function stepAndScroll(selector) {
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const column = document.querySelector(selector);
  const widths = [320, 560, 800, 1040, 1280];  // every step redraws every chart: 9 steps, not 13 of 160 px
  for (const width of [...widths, ...widths.reverse().slice(1)]) {
    column.style.width = `${width}px`;
    await frame();
  }
  column.style.width = '';
  const bottom = document.documentElement.scrollHeight;
  for (let i = 0; i <= 40; i++) {
    scrollTo(0, bottom * (i <= 20 ? i / 20 : (40 - i) / 20));
    await new Promise((r) => requestAnimationFrame(r));
  }
  await frame();
  return true;
}

/**
 * In the page: `rounds` times, a jump to another part of the page in one frame (sections with
 * `content-visibility: auto` come near: the browser decides whether to render them in a later
 * step of a later frame) and the element `selector` resized by a pixel in the next, so that
 * resize observers run while that decision is pending. A layout read in an observer's callback
 * then applies it inside the resize loop (WebKit: Document::updateLayoutIfDimensionsOutOfDate),
 * and boxes the loop has passed change size: "ResizeObserver loop completed with undelivered
 * notifications" (54 of them in 3 loads of a plain page built to show it, none once the
 * callback read no layout).
 */
export async function jumpAndResize([selector, rounds = 20]) {
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const column = document.querySelector(selector), height = document.documentElement.scrollHeight;
  const width = column.getBoundingClientRect().width;
  for (let i = 0; i < rounds; i++) {
    await frame();
    scrollTo(0, ((i * 0.37) % 1) * height);
    await frame();
    column.style.width = `${width - (i % 2)}px`;
  }
  column.style.width = '';
  await frame();
  await frame();
  return true;
}

/**
 * In the page: the words a reader sees in <main> (prose and captions, the views' notes included),
 * not controls, tables of numbers, code, folded digressions, canvases or tooltips:
 * { words, paragraphs: [{ words, text }] } (each p, li, dd and figcaption).
 */
export function readerWords() {
  const SKIP = 'pre, table, button, label, input, select, option, textarea, .controls, .exports, nav, canvas, svg, script, style, [hidden], [aria-hidden="true"], details:not([open]) > :not(summary), .tooltip';
  const count = (text) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  let words = 0;
  const paragraphs = [];
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) { words += count(child.textContent); continue; }
      if (child.nodeType !== Node.ELEMENT_NODE || child.matches(SKIP) || getComputedStyle(child).display === 'none') continue;
      if (child.matches('p, li, dd, figcaption')) paragraphs.push({ words: count(child.innerText), text: child.innerText.slice(0, 80) });
      walk(child);
    }
  };
  walk(document.querySelector('main'));
  return { words, paragraphs };
}
