// Pixel hashes of every canvas of the demo page and of every element, for proving that a
// refactor changed no pixel: `node tests/browser/view-hashes.js > before.json`, change the code,
// run it again and diff. An argument is a query for the page (engineer sizes, e.g.
// '?lines.n=131072&periods.d=8192'), which the elements skip. Desktop (1280 px) light and dark, phone (390 px) light; the built site
// served on localhost in Debian's Chromium. Not a test: it asserts nothing, it prints.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { frames, launch } from './browser.js';
import { anyBusy, canvasVariances } from './pages.js';
import { tempDir } from '../temp.js';

const ELEMENTS = ['encoding', 'heatmap', 'dots', 'lines', 'steps', 'clock', 'periods', 'verify', 'variants', 'tokens',
  'input', 'shift', 'near-repeats', 'base', 'extrapolation', 'float32', 'conventions', 'rope', 'rope-scaling', 'family', 'grid'];

const site = await buildSite(tempDir('site'));
writeFileSync(join(site, 'every-element.html'), `<!doctype html><meta charset="utf-8"><title>every element</title>
<script type="module" src="posenc/dist/elements.js"></script>
<body>${ELEMENTS.map((e) => `<h2>${e}</h2><posenc-${e}></posenc-${e}>`).join('\n')}</body>`);
const server = await serve(site, 0);
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await launch();
const hashes = {};

// Waits until every canvas (document and shadow roots) has its full image: none aria-busy (the
// first busy one brought into view: pages.js anyBusy), the page ready, and the pixels unchanged
// over two rounds of frames.
async function settled(page) {
  let last = '';
  for (let round = 0; round < 200; round++) {
    await frames(page);
    const busy = await page.evaluate(anyBusy) || await page.evaluate(() => document.body.dataset.ready === 'false');
    const now = JSON.stringify(await page.evaluate(canvasVariances));
    if (!busy && now === last) return JSON.parse(now);
    last = now;
    await page.waitForTimeout(100);
  }
  throw new Error(`${page.url()}: canvases never settled`);
}

try {
  const query = process.argv[2] ?? '';
  for (const [path, ready] of [[query, () => document.body.dataset.ready === 'true'],
    ...(query ? [] : [['every-element.html', () => document.querySelector('posenc-verify')?.dataset.done === 'true']])]) {
    for (const [width, scheme] of [[1280, 'light'], [1280, 'dark'], [390, 'light']]) {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(url + path);
      await page.waitForFunction(ready, null, { timeout: 60_000 });
      // Every view scrolled through once, so that lazily drawn ones draw.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 800) await page.evaluate((top) => scrollTo(0, top), y);
      await page.evaluate(() => scrollTo(0, 0));
      const canvases = await settled(page);
      for (const [i, c] of canvases.entries()) hashes[`${path || 'page'} ${width} ${scheme} #${i} ${c.name}`] = c.hash;
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
console.log(JSON.stringify(hashes, null, 1));
console.error(`${Object.keys(hashes).length} canvases; console errors: ${JSON.stringify(browser.problems.consoleErrors)}`);
