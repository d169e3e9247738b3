// A computed heatmap's slow start (js/charts/plots/heatmap.js): until one full image has been
// sampled in this page, the coarse image has an eighth of a frame's cells and the refine bands
// grow from an eighth of a band, doubling; after that, a heatmap starts at full speed. Drawn in
// Node's headless page (posenc/render's DOM), counting the cells each sample() call computes.
// (The module's state is per process: node --test runs each file in a process of its own.)
import test from 'node:test';
import assert from 'node:assert/strict';
import { headlessPage } from '../../js/render/dom.js';
import { Heatmap } from '../../js/charts/plots/heatmap.js';
import { sequential } from '../../js/charts/canvas/colormap.js';

const CELLS_PER_FRAME = 1 << 17;  // heatmap.js
const ROWS = 131072, COLS = 8192;

// Draws a 131072 × 8192 computed grid in an 800 × 500 CSS px chart (scale 2: ~1.2 million image
// pixels, over a frame's cells); returns [rows, cols] of each sample() call, in order.
async function draw(page) {
  const calls = [];
  await page.use(async () => {
    const canvas = page.document.createElement('canvas');
    page.body.append(canvas);
    const chart = new Heatmap(canvas, { xLabel: 'dimension', yLabel: 'position', map: sequential, describe: () => ({ text: '', value: 0 }) });
    chart.show({
      rows: ROWS, cols: COLS, min: -1, max: 1,
      sample: (rowList, colList) => {
        calls.push([rowList.length, colList.length]);
        return new Float32Array(rowList.length * colList.length);
      },
    });
    page.flush();
  });
  return calls;
}

test('the first computed heatmap starts at an eighth and doubles; the next starts at full speed', async () => {
  const page = await headlessPage({ scale: 2, layout: () => [800, 500] });
  const width = (800 - 54 - 74) * 2, height = (500 - 10 - 42) * 2;  // the plot area in device pixels (MARGIN)
  assert.ok(width * height > CELLS_PER_FRAME);
  const band = Math.floor(CELLS_PER_FRAME / width);  // a frame's rows of the full image
  // The rows of each band: from `start`, doubling up to a frame's, until the image is covered.
  const bands = (start) => {
    const rows = [];
    for (let y = 0, r = start; y < height; y += rows.at(-1), r = Math.min(band, 2 * r)) rows.push(Math.min(r, height - y));
    return rows;
  };
  const [[coarseRows, coarseCols], ...first] = await draw(page);
  const coarse = coarseRows * coarseCols;
  assert.ok(coarse >= CELLS_PER_FRAME / 8 * 0.9 && coarse <= CELLS_PER_FRAME / 8 * 1.1, `coarse image ${coarseRows} × ${coarseCols}`);
  assert.ok(first.every(([, cols]) => cols === width), 'full-width bands');
  assert.deepEqual(first.map(([rows]) => rows), bands(Math.floor(band / 8)));

  // One full image has been sampled: the next heatmap's coarse image and bands are a frame's.
  const [[rows2, cols2], ...next] = await draw(page);
  assert.ok(rows2 * cols2 >= CELLS_PER_FRAME * 0.9 && rows2 * cols2 <= CELLS_PER_FRAME * 1.1, `coarse image ${rows2} × ${cols2}`);
  assert.deepEqual(next.map(([rows]) => rows), bands(band));
});
