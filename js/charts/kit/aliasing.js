// Each device pixel of a heatmap shows one cell (plots/heatmap.js): with several rows or columns
// a pixel, waves faster than a pixel alias (moiré rings and stripes that are not in the data).
import { number } from '../../numbers.js';

/**
 * The sentence a heatmap's note adds when its image is sampled ('' when every cell has its
 * pixel): `sampling` is the plot's { rows, cols } per pixel (Heatmap's `rendered`), `names`
 * what its rows and columns are.
 */
export function aliasing({ rows, cols }, names = { rows: 'positions', cols: 'dimensions' }) {
  if (rows < 1.5 && cols < 1.5) return '';
  const per = (x, what) => (x >= 1.5 ? `${number(Math.round(x))} ${what}` : `1 ${what.replace(/s$/, '')}`);
  return ` Each pixel shows one cell of a block of ${per(rows, names.rows)} × ${per(cols, names.cols)}: waves finer than a pixel`
    + ' make stripes and rings that are not in the encoding (aliasing; fewer positions or dimensions, or a wider screen, show the true waves).';
}

/**
 * A note under a heatmap that says when its image aliases: appended to `parent` now, filled
 * after each render by the returned callback (the Heatmap's `rendered`).
 */
export function aliasingNote(w, parent = w.root, names = undefined) {
  const note = w.part('p', 'note', null, parent);
  return (sampling) => { note.textContent = aliasing(sampling, names).trim(); };
}
