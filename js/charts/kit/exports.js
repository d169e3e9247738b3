// Save buttons: every canvas as PNG (with a caption naming the view and its parameters), every
// view's numbers as CSV (one value per cell) and JSON (numbers as numbers).
import { theme } from '../canvas/theme.js';

function download(name, blob) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked a minute later, not sooner: a busy browser may start reading the blob only after
  // seconds, and a revoked URL fails the download without a word.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A canvas as a PNG blob, encoded now. */
function pngBlob(canvas) {
  const base64 = canvas.toDataURL('image/png').slice('data:image/png;base64,'.length), binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
}

/** A CSV of rows (arrays of cells), with a header row. */
export function csv(header, rows) {
  const cell = (v) => (typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v));
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\n') + '\n';
}

/** Rows of a row-major matrix, for csv(), each led by its index (counted from `first`). */
export function matrixRows({ rows, cols, data }, first = 0) {
  return Array.from({ length: rows }, (_, r) => [first + r, ...data.subarray(r * cols, (r + 1) * cols)]);
}

/**
 * The canvas with a caption band below it (in the chart's colours), so a saved image says what
 * it shows: e.g. "posenc encoding · dModel = 128 · 50 positions · base 10,000 · paper spacing · interleaved".
 */
export function captioned(canvas, caption) {
  if (!caption) return canvas;
  const t = theme(canvas), scale = canvas.width / (canvas.clientWidth || canvas.width);
  const band = Math.round(22 * scale), out = document.createElement('canvas');
  Object.assign(out, { width: canvas.width, height: canvas.height + band });
  const ctx = out.getContext('2d');
  ctx.fillStyle = t.bg;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(canvas, 0, 0);
  ctx.scale(scale, scale);
  ctx.font = t.font;
  ctx.fillStyle = t.fg;
  ctx.textBaseline = 'middle';
  ctx.fillText(caption, 8, canvas.height / scale + 11, out.width / scale - 16);
  return out;
}

/**
 * Fills a view's export bar. canvases: [{ name, canvas, label }]; data(): { csv: string,
 * json: object } computed on click, so large views cost nothing until saved (either may be a
 * function, so a click builds only the format saved); title: what the
 * view shows, for the buttons' accessible names ("Save CSV of the dot products"; default: the
 * name); caption(): the PNGs' caption (view and parameters), none by default; label: what the
 * CSV and JSON hold, in their buttons ("Save periods CSV"), where a view has two bars.
 */
export function exportBar(container, { name, title = name.replace(/-/g, ' '), canvases = [], data, caption, label }) {
  const button = (text, accessible, onClick) => {
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: text });
    b.setAttribute('aria-label', accessible);
    b.addEventListener('click', onClick);
    container.append(b);
  };
  // The PNG is encoded within the click (toDataURL, not toBlob's callback): a download started
  // after the click's user activation has expired (a busy machine, a large canvas) may be
  // blocked by the browser as an automatic download, without a word.
  for (const { name: file, canvas, label = 'chart' } of canvases)
    button(`Save ${label} PNG`, `Save ${label} PNG of the ${title}`,
      () => download(`posenc-${file}.png`, pngBlob(captioned(canvas, caption?.()))));
  const format = (key) => { const value = data()[key]; return typeof value === 'function' ? value() : value; };
  const what = label ? `${label} ` : '';
  button(`Save ${what}CSV`, `Save ${what}CSV of the ${title}`, () => download(`posenc-${name}.csv`, new Blob([format('csv')], { type: 'text/csv' })));
  button(`Save ${what}JSON`, `Save ${what}JSON of the ${title}`, () => download(`posenc-${name}.json`,
    new Blob([JSON.stringify(format('json'), null, 1)], { type: 'application/json' })));
}
