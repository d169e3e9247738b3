// A heatmap's colour bar (js/charts/plots/heatmap.js): both ends labelled, the round ticks
// between that stay clear of them, every label within the margin; and the diverging map's dark
// variant drawn on a dark panel (issue 36). Drawn in Node's headless page (posenc/render's DOM).
import test from 'node:test';
import assert from 'node:assert/strict';
import { headlessPage } from '../../js/render/dom.js';
import { barLabels, Heatmap } from '../../js/charts/plots/heatmap.js';
import { cssColor, diverging, divergingDark } from '../../js/charts/canvas/colormap.js';
import { init } from 'posenc';

const rect = { x: 54, y: 10, w: 300, h: 268 };
const pe = await init();

test('the colour bar labels its least and greatest value, and the round ticks clear of them', () => {
  // Section 5 at dModel 512 × 128 positions: D(Δ) from 104.4… to D(0) = 256.
  const kernel = pe.dotKernel(127, 512), min = Math.min(...kernel);
  assert.ok(min > 104 && min < 105, `min ${min}`);
  const labels = barLabels(min, 256, rect);
  // To four digits, as the text writes it (about 104.5); 250 is 12 px from 256: left out.
  assert.deepEqual(labels.map((l) => l.label), ['256', '104.5', '150', '200']);
  assert.equal(labels[0].y, rect.y);
  assert.equal(labels[1].y, rect.y + rect.h);
  // Ends that are round numbers are labelled once.
  assert.deepEqual(barLabels(-1, 1, rect).map((l) => l.label), ['1', '−1', '−0.5', '0', '0.5']);
  // ALiBi's bias: only the bottom end is not a round tick.
  assert.deepEqual(barLabels(-15.5, 0, rect).map((l) => l.label), ['0', '−15.5', '−10', '−5']);
  // One value: one label.
  assert.deepEqual(barLabels(3, 3, rect).map((l) => l.label), ['3']);
});

test('a label that does not fit the margin takes fewer digits, both ends alike', () => {
  const width = (text) => 7 * text.length;  // 7 px a character
  const labels = barLabels(-0.08951, 0.08951, rect, width, 44);
  // "−0.0895" is 49 px: both ends at one digit, never 0.0895 over −0.09.
  assert.deepEqual(labels.slice(0, 2).map((l) => l.label), ['0.09', '−0.09']);
  assert.deepEqual(barLabels(-0.08951, 0.08951, rect, width, 49).slice(0, 2).map((l) => l.label), ['0.0895', '−0.0895']);
  for (const { label } of labels) assert.ok(width(label) <= 44, label);
});

// The colour of one pixel of the heatmap's cells and the texts it drew, in a page of `scheme`.
async function draw(scheme) {
  const page = await headlessPage({ scheme, scale: 1, layout: () => [400, 300] });
  return page.use(async () => {
    const canvas = page.document.createElement('canvas');
    page.body.append(canvas);
    const chart = new Heatmap(canvas, { xLabel: 'dimension', yLabel: 'position', map: diverging, describe: () => ({ text: '', value: 0 }) });
    chart.show({ rows: 2, cols: 2, data: new Float64Array([0, 0, 0, 0]), min: -1, max: 1 });
    page.flush();
    // Drawn again at the same size (the same Skia canvas), its texts recorded.
    const texts = [], ctx = canvas.getContext('2d'), fillText = ctx.fillText.bind(ctx);
    ctx.fillText = (text, ...rest) => { texts.push(String(text)); return fillText(text, ...rest); };
    chart.render();
    page.flush();
    const [r, g, b] = canvas.getContext('2d').getImageData(54 + 10, 10 + 10, 1, 1).data;
    return { rgb: `rgb(${r}, ${g}, ${b})`, texts };
  });
}

test('on the dark panel a heatmap of zeros is dark (the diverging map\'s dark variant); on the light one, RdBu\'s white', async () => {
  const light = await draw('light'), dark = await draw('dark');
  assert.equal(light.rgb, cssColor(diverging, 0.5));
  assert.equal(dark.rgb, cssColor(divergingDark, 0.5));
  for (const { texts } of [light, dark]) for (const end of ['1', '−1']) assert.ok(texts.includes(end), `${end} in ${texts}`);
});
