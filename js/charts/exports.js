// Save buttons: every canvas as PNG, every view's numbers as CSV and JSON.

function download(name, blob) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
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
 * Fills a view's export bar. canvases: [{ name, canvas }]; data(): { csv: string, json: object }
 * computed on click, so large views cost nothing until saved.
 */
export function exportBar(container, { name, canvases = [], data }) {
  const button = (text, onClick) => {
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: text });
    b.addEventListener('click', onClick);
    container.append(b);
  };
  for (const { name: file, canvas, label } of canvases)
    button(`Save ${label ?? 'chart'} PNG`, () => canvas.toBlob((blob) => download(`posenc-${file}.png`, blob)));
  button('Save CSV', () => download(`posenc-${name}.csv`, new Blob([data().csv], { type: 'text/csv' })));
  button('Save JSON', () => download(`posenc-${name}.json`,
    new Blob([JSON.stringify(data().json, null, 1)], { type: 'application/json' })));
}
