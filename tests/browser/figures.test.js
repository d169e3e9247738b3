// The static figures (posenc/render: the widgets drawn in Node on Skia) against Chromium's
// drawing of the same elements at the same sizes: the same pixels but for text antialiasing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { render } from 'posenc/render';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { ELEMENTS } from '../../js/tags.js';
import { everyDrawn, launch, readThrough } from './browser.js';
import { tempDir } from '../temp.js';

// Every element that draws a chart, at its defaults, and one with a bad attribute.
const CASES = [...Object.keys(ELEMENTS).filter((tag) => !['posenc-steps', 'posenc-verify', 'posenc-heatmap'].includes(tag)).map((tag) => [tag, {}]),
  ['posenc-periods', { 'd-model': 'banana' }], ['posenc-encoding', { length: '40', 'd-model': '64', layout: 'concatenated' }]];

// Measured here (FIGURES_DUMP=dir writes both images of each): PNG at most 0.03 %, SVG at most 0.06 %.
const LIMIT = { PNG: 0.005, SVG: 0.005 };

const site = await buildSite(tempDir('site'));
writeFileSync(join(site, 'figures.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>figures</title>
<script type="module" src="posenc/dist/elements.js"></script><style>body { margin: 0; width: 720px; }</style></head><body>
${CASES.map(([tag, attributes], i) => `<${tag} id="e${i}" ${Object.entries(attributes).map(([k, v]) => `${k}="${v}"`).join(' ')}></${tag}>`).join('\n')}
</body></html>`);

let server, browser;
before(async () => {
  server = await serve(site, 0);
  browser = await launch({ viewport: { width: 720, height: 900 }, deviceScaleFactor: 1 });
});
after(async () => { await browser?.close(); server?.close(); });

/** The RGBA bytes of a PNG drawn into a canvas of width × height at (x, y) of a blank one. */
async function rgba(parts, width, height) {
  const canvas = createCanvas(width, height), ctx = canvas.getContext('2d');
  for (const { png, x, y } of parts) ctx.drawImage(await loadImage(png), x, y);
  return ctx.getImageData(0, 0, width, height).data;
}

test('each figure matches the browser\'s charts of the same element at the same sizes', async () => {
  const page = await browser.context.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/figures.html`);
  await page.evaluate(readThrough);
  // Each of the CASES drawn and done (everyDrawn with idle: one still busy is brought into view;
  // posenc-base searches its horizons once near the viewport, and may have drawn after
  // readThrough went past).
  await page.waitForFunction(`(${everyDrawn})(true) === ${CASES.length}`, null, { timeout: 60_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const report = [], shares = [];
  for (const [i, [tag, attributes]] of CASES.entries()) {
    const shown = await page.evaluate((id) => [...document.getElementById(id).shadowRoot.querySelectorAll('canvas')].map((c) =>
      ({ size: [c.clientWidth, c.clientHeight], png: c.toDataURL() })), `e${i}`);
    const sizes = shown.map((c) => c.size);
    const figure = await render(tag, attributes, { scale: 1, sizes });
    assert.equal(figure.charts.length, shown.length, `${tag}: as many charts`);
    const browserPixels = await rgba(shown.map((c, k) => ({ png: Buffer.from(c.png.split(',')[1], 'base64'), ...figure.charts[k] })), figure.width, figure.height);
    // The SVG as Chromium draws it (an <img> onto a canvas of the figure's size).
    const svg = await render(tag, attributes, { scale: 1, sizes, format: 'svg' });
    const svgPng = await page.evaluate(async ([source, width, height]) => {
      const image = new Image();
      image.src = `data:image/svg+xml;base64,${source}`;
      await image.decode();
      const canvas = Object.assign(document.createElement('canvas'), { width, height });
      canvas.getContext('2d').drawImage(image, 0, 0);
      return canvas.toDataURL();
    }, [svg.data.toString('base64'), figure.width, figure.height]);
    for (const [format, png] of [['PNG', figure.data], ['SVG', Buffer.from(svgPng.split(',')[1], 'base64')]]) {
      const nodePixels = await rgba([{ png, x: 0, y: 0 }], figure.width, figure.height);
      // A pixel differs when a channel is off by more than 64 of 255: text antialiasing and
      // hinting may differ; a missing axis, label, curve or cell does not hide.
      let differ = 0;
      for (let p = 0; p < nodePixels.length; p += 4)
        if (Math.max(...[0, 1, 2].map((c) => Math.abs(nodePixels[p + c] - browserPixels[p + c]))) > 64) differ++;
      const share = differ / (nodePixels.length / 4);
      report.push(`${tag} ${JSON.stringify(attributes)} ${format}: ${(100 * share).toFixed(2)} % of ${figure.width} × ${figure.height} px differ`);
      if (process.env.FIGURES_DUMP) for (const [name, px] of [[format, nodePixels], ['browser', browserPixels]]) {
        const c = createCanvas(figure.width, figure.height), ctx = c.getContext('2d'), img = ctx.createImageData(figure.width, figure.height);
        img.data.set(px);
        ctx.putImageData(img, 0, 0);
        writeFileSync(`${process.env.FIGURES_DUMP}/${i}-${name}.png`, c.toBuffer('image/png'));
      }
      shares.push([`${tag} ${JSON.stringify(attributes)} ${format}`, share]);
    }
  }
  console.log(report.join('\n'));
  for (const [what, share] of shares) assert.ok(share <= LIMIT[what.split(' ').at(-1)], `${what}: ${(100 * share).toFixed(2)} % of its pixels differ from the browser's`);
  await page.close();
});
