// The story's opening figure: an image drawn at build time (opening*.svg, posenc render) that
// shows without JavaScript, then the live heatmap in the same box. At a desktop's width and a
// phone's, light and dark: the image is the one drawn for that width and scheme, and the live
// chart takes exactly its height (nothing below moves), drawn.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { launch } from './browser.js';
import { pixels } from './charts.js';
import { tempDir } from '../temp.js';

let server, withJs, withoutJs, url;

before(async () => {
  server = await serve(await buildSite(tempDir('opening')), 0);
  url = `http://127.0.0.1:${server.address().port}/`;
  [withJs, withoutJs] = await Promise.all([launch(), launch({ javaScriptEnabled: false })]);
});

after(async () => {
  await withJs?.close();
  await withoutJs?.close();
  server?.close();
});

/** The opening figure's box in a new tab of `browser` at `width` and `scheme`, once `ready` holds. */
async function figure(browser, width, scheme, ready) {
  const page = await browser.context.newPage();
  try {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(url);
    await ready(page);
    return await page.$eval('figure.opening', (f) => ({
      height: f.querySelector('[data-key="opening"]').getBoundingClientRect().height,
      captionTop: f.querySelector('figcaption').getBoundingClientRect().top,
      image: f.querySelector('img')?.currentSrc.split('/').pop() ?? null,
    }));
  } finally {
    await page.close();
  }
}

for (const [width, narrow] of [[1280, ''], [390, '-narrow']])
  for (const scheme of ['light', 'dark'])
    test(`${width} px, ${scheme}: the image drawn for it, then the live chart in its box`, async () => {
      const still = await figure(withoutJs, width, scheme, (page) => page.waitForFunction(() => document.querySelector('figure.opening img')?.complete));
      assert.equal(still.image, `opening${narrow}${scheme === 'dark' ? '-dark' : ''}.svg`);
      // The image as drawn: 720 or 360 px wide, 244 tall, scaled to the column.
      assert.ok(still.height > 200 && still.height < 260, `the image's box: ${still.height} px`);
      const live = await figure(withJs, width, scheme, (page) => page.waitForFunction(() => document.querySelector('[data-key="opening"] canvas')
        && document.body.dataset.ready === 'true', null, { timeout: 60_000 }));
      assert.equal(live.image, null, 'the live chart took the image\'s place');
      assert.ok(Math.abs(live.height - still.height) <= 1, `the box: ${still.height} px as an image, ${live.height} px live`);
      assert.ok(Math.abs(live.captionTop - still.captionTop) <= 1, 'the caption did not move');
    });

test('the live chart is drawn', async () => {
  const page = await withJs.context.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
    assert.ok((await pixels(page.locator('#opening-canvas'))).variance > 100);
    assert.deepEqual(withJs.problems.consoleErrors, []);
  } finally {
    await page.close();
  }
});
