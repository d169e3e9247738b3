// A strip of a model's layers: one cell per layer, coloured by kind (the series colours, in the
// order of `kinds`); kinds that do not rotate are hatched. Each cell tells its layer on hover and
// on focus; the arrow keys, Home and End move between cells (one tab stop for the strip). Cells a
// finger can pick: 24 px tall, 16–24 px wide, wrapping into rows on a narrow screen.
import { SERIES_COLORS } from '../canvas/legend.js';

/**
 * Fills `box` with the strip, its readout and legend; empties it when there are no layers.
 * layers: each layer's kind; kinds: the kinds in colour order; rotates(kind); about(i): what
 * layer i is, in words; note: the legend's kind label (e.g. " (no RoPE: hatched)").
 */
export function layerStrip(box, { layers, kinds, rotates, about }) {
  if (!layers.length) return box.replaceChildren();
  const colour = (k) => SERIES_COLORS[kinds.indexOf(k) % SERIES_COLORS.length];
  const readout = Object.assign(document.createElement('p'), { className: 'note' });
  readout.setAttribute('aria-hidden', 'true');  // what each cell's own name says, shown for the eye
  const show = (i) => { readout.textContent = about(i); };
  const row = document.createElement('div');
  row.style.cssText = 'display: flex; flex-wrap: wrap; gap: 2px;';
  row.setAttribute('role', 'group');
  const counts = kinds.map((k) => `${layers.filter((x) => x === k).length} ${k}${rotates(k) ? '' : ' (no RoPE: hatched)'}`);
  row.setAttribute('aria-label', `${layers.length} layers: ${counts.join(', ')}; arrow keys move between them`);
  const cells = layers.map((k, i) => {
    const cell = document.createElement('span');
    cell.setAttribute('role', 'img');
    cell.setAttribute('aria-label', about(i));
    cell.tabIndex = i === 0 ? 0 : -1;
    cell.dataset.layer = i;
    cell.style.cssText = `display: block; flex: none; width: ${Math.max(16, Math.min(24, 560 / layers.length))}px; height: 24px; `
      + (rotates(k) ? `background: ${colour(k)};` : `background: repeating-linear-gradient(45deg, ${colour(k)} 0 2px, transparent 2px 4px); outline: 1px solid ${colour(k)};`);
    return cell;
  });
  row.append(...cells);
  const at = (e) => e.target.closest?.('[data-layer]');
  row.addEventListener('pointerover', (e) => at(e) && show(Number(at(e).dataset.layer)));
  row.addEventListener('focusin', (e) => at(e) && show(Number(at(e).dataset.layer)));
  row.addEventListener('keydown', (e) => {
    const i = Number(at(e)?.dataset.layer ?? 0);
    const j = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: cells.length - 1 }[e.key];
    if (j === undefined) return;
    e.preventDefault();
    const next = cells[Math.max(0, Math.min(cells.length - 1, j))];
    for (const c of cells) c.tabIndex = c === next ? 0 : -1;
    next.focus();
  });
  const legend = Object.assign(document.createElement('div'), { className: 'note' });
  legend.textContent = `${layers.length} layers: ${counts.join(', ')}. Hover a layer, or focus the strip and use the arrow keys, to read it.`;
  box.replaceChildren(row, readout, legend);
}
