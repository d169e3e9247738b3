// Static figures: any element's chart as one PNG or SVG, drawn in Node by the element's own
// widget (the same drawing code as in the browser, on Skia), with alt text from what the chart
// shows. For posts read without JavaScript: feeds, print, Medium and Substack (docs/blogging.md).
import { init } from '../node.js';
import { PALETTE } from '../charts/index.js';
import { ELEMENTS, attributeOf } from '../tags.js';
import { headlessPage } from './dom.js';

const GAP = 16;            // the gap between charts side by side (.pair's 1rem)
const PAIR_MIN = 260;      // a chart beside another is at least this wide (.pair's grid)
const LINES = 76;          // what a widget that fills its box leaves its chart: note, message, buttons
const FORMATS = { png: 'image/png', webp: 'image/webp', svg: 'image/svg+xml' };
// A chart's title (a widget's `.subtitle` before it, as <posenc-grid>'s numbered views have), drawn
// above it as the page sets it: its lines TITLE.line apart, TITLE.gap above the chart.
const TITLE = { size: 14, line: 19, gap: 4, family: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' };
const TITLE_FONT = `600 ${TITLE.size}px ${TITLE.family}`;

let posenc;

/**
 * Renders `tag` (e.g. 'posenc-encoding') with `attributes` (as in HTML: { length: '50',
 * 'd-model': '128' }) to an image: { data (Buffer), type, width, height (CSS pixels), alt,
 * message (what the element says of its attributes, as its message line: '' when none) }.
 * @param options.format 'png' (default), 'webp' (lossy, `quality`) or 'svg' (text as text, lines as
 *   paths; heatmaps embedded as PNG)
 * @param options.quality WebP's quality, 1 … 100 (default 90)
 * @param options.width the figure's width in CSS pixels (default 720)
 * @param options.scale device pixels per CSS pixel (default 2)
 * @param options.scheme 'light' (default) or 'dark'
 * @param options.sizes for each chart in turn, its [width, height] in CSS pixels instead of the
 *   figure's layout (to match a browser's rendering)
 */
export async function render(tag, attributes = {}, { format = 'png', width = 720, scale = 2, scheme = 'light', sizes, quality = 90 } = {}) {
  checkOptions(format, width, scale, quality);
  return drawn(tag, attributes, { scheme, scale, svg: format === 'svg', width, sizes }, async (root, page) => {
    const { placed, alt, color } = laidOut(tag, root, page, width, scheme);
    const data = format === 'svg' ? svgOf(placed, scale, alt, color) : await encode(composed(placed, scale, page.document, color), format, quality);
    const charts = placed.charts.map(({ x, y, w, h }) => ({ x, y, width: w, height: h }));
    return { data, type: FORMATS[format], width: placed.width, height: placed.height, charts, alt, message: messageOf(root) };
  });
}

/**
 * A post's fallback picture (posenc post): the figure drawn once, at `scale` and at 1× (for
 * srcset), in the format asked for or, with 'auto', in whichever of PNG and WebP is smaller at
 * `scale` (WebP for curves and clocks, about half their PNG; PNG for heatmaps, whose flat
 * cells it packs better). Answers { format, type, width, height, alt, message,
 * images: [{ scale, data }] } (1× first; SVG: one image).
 */
export async function fallbackPicture(tag, attributes = {}, { format = 'auto', width = 720, scale = 2, scheme = 'light', quality = 90 } = {}) {
  if (format === 'svg') {
    const { data, type, width: w, height, alt, message } = await render(tag, attributes, { format, width, scale, scheme });
    return { format, type, width: w, height, alt, message, images: [{ scale: 1, data }] };
  }
  checkOptions(format, width, scale, quality, ['auto']);
  return drawn(tag, attributes, { scheme, scale, svg: false, width }, async (root, page) => {
    const { placed, alt, color } = laidOut(tag, root, page, width, scheme);
    const big = composed(placed, scale, page.document, color);
    const tried = await Promise.all((format === 'auto' ? ['png', 'webp'] : [format]).map(async (f) => ({ f, data: await encode(big, f, quality) })));
    const best = tried.reduce((a, b) => (b.data.length < a.data.length ? b : a));
    const images = [{ scale, data: best.data }];
    if (scale > 1) {
      const small = page.document.createElement('canvas');
      Object.assign(small, { width: Math.round(placed.width), height: Math.round(placed.height) });
      const ctx = small.getContext('2d');
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(big, 0, 0, small.width, small.height);
      images.unshift({ scale: 1, data: await encode(small, best.f, quality) });
    }
    return { format: best.f, type: FORMATS[best.f], width: placed.width, height: placed.height, alt, message: messageOf(root), images };
  });
}

function checkOptions(format, width, scale, quality, more = []) {
  if (!FORMATS[format] && !more.includes(format))
    throw new TypeError(`format must be ${[...Object.keys(FORMATS), ...more].map((f) => `"${f}"`).join(', ').replace(/, ([^,]*)$/, ' or $1')}, not "${format}"`);
  if (!(Number.isInteger(quality) && quality >= 1 && quality <= 100)) throw new RangeError(`quality must be a whole number from 1 to 100, not ${quality}`);
  if (!(Number.isFinite(width) && width >= 200 && width <= 4096)) throw new RangeError(`width must be between 200 and 4096 CSS pixels, not ${width}`);
  if (!(Number.isFinite(scale) && scale >= 0.5 && scale <= 8)) throw new RangeError(`scale must be between 0.5 and 8, not ${scale}`);
}

// The charts the element shows (a part it hides, e.g. <posenc-family>'s T5 charts for an ALiBi
// model, is left out), placed as the page lays them out, with their titles and alt text.
function laidOut(tag, root, page, width, scheme) {
  const canvases = [...root.querySelectorAll('canvas')].filter((canvas) => !canvas.closest('[hidden]'));
  if (!canvases.length)
    throw new TypeError(`<${tag}> draws no chart (its content is text and tables): posenc post writes that text as its fallback`);
  const titles = titlesOf(root, canvases), measure = page.document.createElement('canvas').getContext('2d');
  measure.font = TITLE_FONT;
  const placed = place(canvases, width, titles, (text) => measure.measureText(text).width);
  return { placed, alt: altOf(canvases, titles), color: PALETTE[scheme].fg };
}

/**
 * The text of an element that is text and tables (posenc-steps, posenc-verify), as plain HTML
 * (paragraphs and tables, no classes, no scripts): { html, message }.
 */
export async function textOf(tag, attributes = {}) {
  return drawn(tag, attributes, { scheme: 'light', scale: 1, svg: false, width: 720 }, (root) =>
    ({ html: plainHtml(root), message: messageOf(root) }));
}

// One drawing at a time: the headless page lends the widgets globals (and linkedom's canvas
// class) for the duration of a drawing; calls made together wait their turn.
let queue = Promise.resolve();

/** Runs `use(root, page)` once `tag`'s widget has drawn `attributes` in a headless page. */
function drawn(tag, attributes, options, use) {
  const turn = queue.then(() => drawnNow(tag, attributes, options, use));
  queue = turn.catch(() => {});
  return turn;
}

async function drawnNow(tag, attributes, { scheme, scale, svg, width, sizes }, use) {
  const widget = ELEMENTS[tag];
  if (!widget) throw new TypeError(`tag: unknown element "${tag}"; one of ${Object.keys(ELEMENTS).join(', ')}`);
  const values = valuesOf(tag, widget, attributes);
  posenc ??= init();
  const pe = await posenc;
  let root;
  const page = await headlessPage({
    scheme, scale, svg,
    // `sizes` in the charts' order in the element (not the order they first draw in).
    layout: (canvas) => sizes?.[[...root.querySelectorAll('canvas')].indexOf(canvas)] ?? chartSize(canvas, widget.size, width),
  });
  return page.use(async () => {
    root = page.document.createElement('div');
    page.body.append(root);
    // interactive: false: a still image, so the charts leave out what only a live page can do
    // (the rope clocks' "drag an arrow"); see CreateOptions in charts.d.ts.
    const view = widget.create(root, pe, { name: attributeOf, interactive: false });
    try {
      view.update(values);
      await view.run?.();
      await settle(page, root, tag);
      return await use(root, page);
    } finally {
      view.destroy();
    }
  });
}

// The widget's own message line (a config box's message under the box is another).
const messageOf = (root) => [...root.children].find((c) => c.classList.contains('message'))?.textContent ?? '';

// Paragraphs and tables of a widget's DOM, text only (no buttons, inputs, hidden parts or
// message line), each on one line: Markdown ends an HTML block at a blank line.
function plainHtml(root) {
  const text = (node) => escapeXml(node.textContent.replace(/\s+/g, ' ').trim());
  const out = [];
  const walk = (node) => {
    for (const child of node.children) {
      if (child.hidden || child.classList.contains('message') || ['button', 'input', 'select', 'textarea', 'canvas'].includes(child.localName)) continue;
      if (child.localName === 'table') {
        const caption = child.querySelector('caption');
        const rows = [...child.querySelectorAll('tr')].filter((tr) => !tr.classList.contains('spacer')).map((tr) =>
          `<tr>${[...tr.children].map((cell) => `<${cell.localName}>${text(cell)}</${cell.localName}>`).join('')}</tr>`);
        out.push(`<table>${caption ? `<caption>${text(caption)}</caption>` : ''}<tbody>${rows.join('')}</tbody></table>`);
      } else if (['p', 'output', 'figcaption', 'h3', 'h4'].includes(child.localName) || child.classList.contains('summary')) {
        if (child.textContent.trim()) out.push(`<p>${text(child)}</p>`);
      } else walk(child);
    }
  };
  walk(root);
  return out.join('');
}

// Until no chart is busy (aria-busy: a heatmap refining over animation frames, the near-repeat
// search in slices queued as messages): frames run at once, messages between the checks.
async function settle(page, root, tag, timeout = 120_000) {
  for (const start = Date.now(); ;) {
    page.flush();
    if (!root.querySelector('[aria-busy]')) return;
    if (Date.now() - start > timeout) throw new Error(`<${tag}> was still drawing after ${timeout / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** The element's raw values by widget key, from HTML attributes (a name it lacks is an error). */
function valuesOf(tag, widget, attributes) {
  const keys = Object.keys(widget.rules), names = keys.map(attributeOf);
  for (const name of Object.keys(attributes))
    if (!names.includes(name))
      throw new TypeError(`<${tag}> has no attribute "${name}"; ${names.length ? `it has ${names.join(', ')}` : 'it has none'}`);
  return Object.fromEntries(keys.map((key, i) => [key, attributes[names[i]] == null ? null : String(attributes[names[i]])]));
}

/**
 * A chart's CSS size, as the element's styles give it in a column `width` wide: a chart
 * beside another shares the row (.pair's grid); its height is the fixed one of its box, or
 * the one its widget declares (see elements.js sizeCss), or 240.
 */
function chartSize(canvas, size, width) {
  const box = canvas.parentNode, pair = box.closest('.pair');
  let w = width;
  if (pair) {
    // Only charts are drawn: a table beside a chart (the periods) leaves it the whole width.
    const charts = [...pair.children].filter((child) => child.querySelector('canvas') || child.localName === 'canvas').length;
    const columns = Math.max(1, Math.min(charts, Math.floor((width + GAP) / (PAIR_MIN + GAP))));
    w = (width - GAP * (columns - 1)) / columns;
  }
  const px = (css) => (css?.endsWith('rem') ? 16 * parseFloat(css) : parseFloat(css));
  const fixed = /height:\s*([\d.]+)px/.exec(box.getAttribute('style') ?? '')?.[1];
  const h = fixed ? Number(fixed) : box.classList.contains('tall') ? px('20rem')
    : (pair && size.pairChart) ? px(size.pairChart) : size.chart ? px(size.chart)
      : size.height ? px(size.height) - LINES : 240;
  return [Math.floor(w), Math.round(h)];
}

/**
 * Each chart's title: the text of the widget's `.subtitle` elements shown between the chart and
 * the one before it (a view's title leads its first chart), as a Map canvas → text.
 */
function titlesOf(root, canvases) {
  const titles = new Map(), pending = [];
  const walk = (node) => {
    for (const child of node.children) {
      if (child.hidden) continue;
      if (child.localName === 'canvas' && canvases.includes(child)) {
        if (pending.length) titles.set(child, pending.splice(0).join(' '));
      } else if (child.classList.contains('subtitle')) {
        const text = child.textContent.replace(/[ \t\n\r]+/g, ' ').trim();  // no-break spaces kept: no line break there
        if (text) pending.push(text);
      } else walk(child);
    }
  };
  walk(root);
  return titles;
}

/** A text in lines no wider than `width` (by `measure`), broken at spaces. */
function wrap(text, width, measure) {
  const lines = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && measure(`${last} ${word}`) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * Each chart's place in the figure: side by side within a .pair (as many to a row as the width
 * holds), else one under another; a chart's title (`titles`) above it, in lines from its left
 * edge to the figure's right edge, or as wide as the chart where another chart of its row has a
 * title too: { charts, titles: [{ lines, x, y }], width, height }.
 */
function place(canvases, width, titles = new Map(), measure = (text) => 7 * text.length) {
  const placed = [], texts = [];
  let y = 0;
  for (let i = 0; i < canvases.length;) {
    const pair = canvases[i].parentNode.closest('.pair');
    const group = [canvases[i++]];
    while (pair && i < canvases.length && canvases[i].parentNode.closest('.pair') === pair) group.push(canvases[i++]);
    const rows = [];
    let x = 0;
    for (const canvas of group) {
      const w = canvas.clientWidth;
      if (!rows.length || (x > 0 && x + w > width + 1)) { rows.push([]); x = 0; }
      rows.at(-1).push({ canvas, x, w, h: canvas.clientHeight });
      x += w + GAP;
    }
    for (const row of rows) {
      const titled = row.filter((c) => titles.has(c.canvas));
      let top = 0;
      for (const c of titled) {
        const lines = wrap(titles.get(c.canvas), titled.length === 1 ? width - c.x : c.w, measure);
        texts.push({ lines, x: c.x, y });
        top = Math.max(top, lines.length * TITLE.line + TITLE.gap);
      }
      for (const c of row) placed.push({ ...c, y: y + top });
      y += top + Math.max(...row.map((c) => c.h)) + GAP;
    }
  }
  return { charts: placed, titles: texts, width: Math.max(...placed.map((c) => c.x + c.w)), height: Math.max(...placed.map((c) => c.y + c.h)) };
}

/** The charts' text alternatives (what each shows, after its title), without the keyboard hints. */
function altOf(canvases, titles = new Map()) {
  return canvases.map((c) => {
    const label = (c.getAttribute('aria-label') ?? '').replace(/\s*Use the [^.]*keys[^.]*\./g, '').trim(), title = titles.get(c);
    return title && label ? `${title.replace(/[.:]?$/, '.')} ${label}` : label;
  }).filter(Boolean).join(' ');
}

// A title line's baseline, below the top of its line.
const baseline = (k) => k * TITLE.line + TITLE.size;

// The figure on one canvas at `scale`: the charts at their places, the titles above them.
function composed({ charts, titles, width, height }, scale, document, color) {
  const out = document.createElement('canvas');
  Object.assign(out, { width: Math.round(width * scale), height: Math.round(height * scale) });
  const ctx = out.getContext('2d');
  for (const { canvas, x, y, w, h } of charts) ctx.drawImage(canvas, x * scale, y * scale, w * scale, h * scale);
  ctx.scale(scale, scale);
  Object.assign(ctx, { font: TITLE_FONT, fillStyle: color, textBaseline: 'alphabetic', textAlign: 'left' });
  for (const { lines, x, y } of titles) lines.forEach((line, k) => ctx.fillText(line, x, y + baseline(k)));
  return out;
}

const encode = (canvas, format, quality) => (format === 'webp' ? canvas.skia.encode('webp', quality) : canvas.skia.encode('png'));

// Each chart's own SVG (device-pixel coordinates) nested at its place, scaled to CSS pixels.
// Heatmap cells are images drawn without smoothing: image-rendering keeps them crisp.
function svgOf({ charts, titles, width, height }, scale, alt, color) {
  const nested = charts.map(({ canvas, x, y, w, h }, k) => {
    const svg = canvas.skia.getContent().toString().replace(/^<\?xml[^>]*>\s*/, '')
      .replace(/<image /g, '<image image-rendering="pixelated" style="image-rendering:pixelated" ')
      // Each chart's ids (Skia names its images img_0, img_1, …) made unique in the figure.
      .replace(/(\bid="|href="#|url\(#)([^")]+)/g, `$1c${k}-$2`);
    return svg.replace(/^<svg([^>]*?) width="[^"]*" height="[^"]*"/, (_, attrs) =>
      `<svg${attrs} x="${x}" y="${y}" width="${w}" height="${h}" viewBox="0 0 ${Math.round(w * scale)} ${Math.round(h * scale)}"`);
  });
  const texts = titles.flatMap(({ lines, x, y }) => lines.map((line, k) => `<text x="${x}" y="${y + baseline(k)}" fill="${color}" `
    + `font-family="${escapeXml(TITLE.family)}" font-size="${TITLE.size}" font-weight="600">${escapeXml(line)}</text>`));
  return Buffer.from(`<?xml version="1.0" encoding="utf-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" `
    + `xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">\n`
    + `<title>${escapeXml(alt)}</title>\n${[...texts, ...nested].join('\n')}\n</svg>\n`);
}

/** Text for XML and HTML (text and attribute values). */
export const escapeXml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
