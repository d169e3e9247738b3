// Checks on posenc's pages that hold in any engine and rely only on the page contract: canvases
// (in the document or open shadow roots), and each chart's readout, an element with class
// `tooltip` inside the chart's own box (the document for the page, the element's shadow root),
// `hidden` when not shown and carrying `data-value` while shown.
import assert from 'node:assert/strict';

/** In the page: the luminance variance of every canvas, in the document and in shadow roots. */
export function canvasVariances() {
  const hosts = [...document.querySelectorAll('*')].filter((e) => e.shadowRoot);
  const roots = [document, ...hosts.map((e) => e.shadowRoot)];
  return roots.flatMap((root) => [...root.querySelectorAll('canvas')].map((canvas) => {
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let sum = 0, sumSq = 0;
    for (let i = 0; i < data.length; i += 4) {
      const y = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
      sum += y;
      sumSq += y * y;
    }
    const n = data.length / 4 || 1;
    return { name: canvas.id || root.host?.localName, variance: sumSq / n - (sum / n) ** 2 };
  }));
}

/**
 * Moves the pointer to the centre of the first canvas of host's shadow root (host: a selector)
 * or of the document (host null) and returns the readout that appeared: { value, text }.
 */
export async function hoverFirstCanvas(session, host) {
  const centre = await session.evaluate((h) => {
    const canvas = (h ? document.querySelector(h).shadowRoot : document).querySelector('canvas');
    canvas.scrollIntoView({ block: 'center', behavior: 'instant' });
    const r = canvas.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }, host);
  await session.hover(1, 1);  // a move from elsewhere: a pointer already there sees no event
  await session.hover(centre.x, centre.y);
  return session.waitFor((h) => {
    const tips = [...(h ? document.querySelector(h).shadowRoot : document).querySelectorAll('.tooltip')];
    const shown = tips.find((t) => !t.hidden && t.dataset.value !== undefined);
    return shown && { value: shown.dataset.value, text: shown.textContent };
  }, host, { timeout: 5_000, what: `a readout after hovering ${host ?? 'the page'}'s first canvas` });
}

/** The readout shows one of values, to 1e-12 relative (the page shows the package's float64). */
export function expectReadout(readout, values, engine) {
  const shown = Number(readout.value);
  const nearest = values.reduce((best, v) => (Math.abs(v - shown) < Math.abs(best - shown) ? v : best));
  assert.ok(Math.abs(nearest - shown) <= 1e-12 * Math.max(1, Math.abs(nearest)),
    `${engine}: readout "${readout.text}" (data-value ${readout.value}) is none of the package's values (nearest ${nearest})`);
}
