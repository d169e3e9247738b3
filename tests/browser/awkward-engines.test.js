// The awkward post (fixtures/awkward-post.html: offset, scaled, contained, scrolled, a scroll
// container) in Chromium, Firefox and WebKit, through the engines harness: hovering each
// element's chart shows its readout beside the pointer and inside the viewport, and a custom
// property set on an ancestor recolours every chart (the style observer of js/charts/canvas/theme.js).
// Touch, keyboard and lifecycle are covered in Chromium by awkward.test.js.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { join } from 'node:path';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { CSP, everyDrawn, readThrough, verifyDone } from './browser.js';
import { ENGINES, open } from './engines.js';
import { instrument } from './hook.js';
import { canvasVariances } from './pages.js';
import { assertBeside } from './charts.js';
import { tempDir } from '../temp.js';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const CHARTED = ['posenc-encoding', 'posenc-heatmap', 'posenc-dots', 'posenc-lines', 'posenc-clock', 'posenc-variants'];
const site = await buildSite(tempDir('site'));
for (const file of ['awkward-post.html', 'awkward-post.css']) copyFileSync(join(FIXTURES, file), join(site, file));
instrument(site);

// How many pixels of two PNG data URLs of the same size differ.
async function differing(a, b) {
  const [ia, ib] = await Promise.all([a, b].map((url) => loadImage(Buffer.from(url.split(',')[1], 'base64'))));
  const data = (image) => {
    const ctx = createCanvas(image.width, image.height).getContext('2d');
    ctx.drawImage(image, 0, 0);
    return new Uint32Array(ctx.getImageData(0, 0, image.width, image.height).data.buffer);
  };
  const [pa, pb] = [data(ia), data(ib)];
  return pa.reduce((n, pixel, i) => n + (pixel !== pb[i]), 0);
}
// WebKit rasterizes a canvas's very first stroke of some curves one pixel differently from the
// same drawing calls later (logged: the calls are identical); a box that changed after the first
// draw moves or cuts whole axes and labels, hundreds of pixels.
const SPECK = 2;

let server;
before(async () => { server = await serve(site, 0, { 'content-security-policy': CSP }); });
after(() => server?.close());

// In the page: scrolls host's first canvas into view; its point at fractions (fx, fy), in viewport pixels.
function pointOn([host, fx, fy]) {
  const canvas = document.querySelector(host).shadowRoot.querySelector('canvas');
  canvas.scrollIntoView({ block: 'center', behavior: 'instant' });
  const r = canvas.getBoundingClientRect();
  return { x: r.left + r.width * fx, y: r.top + r.height * fy };
}

// In the page: the shown readout of host's first chart, as charts.js's readout() describes it.
function shownReadout(host) {
  const tip = document.querySelector(host).shadowRoot.querySelector('.chart > .tooltip');
  if (tip.hidden || tip.dataset.value === undefined) return null;
  const { left, top, right, bottom } = tip.getBoundingClientRect();
  return { hidden: false, box: { left, top, right, bottom }, data: { ...tip.dataset }, viewport: { width: innerWidth, height: innerHeight } };
}

for (const engine of ENGINES) {
  describe(engine, () => {
    let session;
    before(async () => {
      session = await open(engine);
      await session.goto(`http://127.0.0.1:${server.address().port}/awkward-post.html`);
      const read = await session.evaluate(readThrough);
      await session.waitFor(verifyDone, null, { timeout: 120_000, what: 'posenc-verify' }).catch(async (error) => {
        // Where each element stands: drawn how often, built or not.
        const states = await session.evaluate(() => [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('posenc-'))
          .map((e) => `${e.localName} rendered=${e.dataset.rendered ?? '-'} built=${Boolean(e.shadowRoot?.querySelector('.posenc-widget'))} box=${Math.round(e.getBoundingClientRect().top)}`));
        throw new Error(`${error.message}; read through: ${JSON.stringify(read)}; ${states.join('; ')}`);
      });
    });
    after(() => session?.close());

    // What a reader sees first (every element settled after load: drawn, no preview pending, the
    // redraws its layout asked for done) is what a redraw at the same size draws: no axis cut off
    // by a box that changed after the first draw (the message line, the host's own lines).
    test('first paint equals a redraw, for every element', async () => {
      const pixels = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(
        [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('posenc-')).flatMap((e) =>
          [...e.shadowRoot.querySelectorAll('canvas')].map((c, i) => ({ name: `${e.localName} canvas ${i}`,
            size: `${c.width}×${c.height} for ${c.clientWidth}×${c.clientHeight}`, pixels: c.toDataURL() })))))));
      // The pixels once every element is drawn and two captures frames apart agree.
      const stable = async (what) => {
        await session.waitFor(everyDrawn, true, { timeout: 60_000, what: `every element ${what}` }).catch(async (error) => {
          throw new Error(`${error.message}: ${await session.evaluate(() => window.notDrawn.join('; '))}`);
        });
        let last = await session.evaluate(pixels);
        for (let tries = 0; tries < 20; tries++) {
          const now = await session.evaluate(pixels);
          if (JSON.stringify(now) === JSON.stringify(last)) return now;
          last = now;
        }
        throw new Error(`${engine}: the charts did not settle ${what}`);
      };
      const redraw = () => {
        for (const e of document.querySelectorAll('*')) if (e.localName.startsWith('posenc-')) e.view.update(e.rawValues());
      };
      // Twice: as loaded, then with a bad attribute (its message line takes height from the chart).
      for (const when of ['after load', 'after a bad attribute']) {
        const first = await stable(`drawn ${when}`);
        await session.evaluate(redraw);
        const redrawn = await stable(`redrawn ${when}`);
        assert.ok(first.length >= 20, `${engine}: only ${first.length} canvases`);
        for (const [i, canvas] of first.entries()) {
          assert.equal(canvas.size, redrawn[i].size, `${engine} ${canvas.name} ${when}: drawn at another size than a redraw`);
          if (canvas.pixels === redrawn[i].pixels) continue;
          const n = await differing(canvas.pixels, redrawn[i].pixels);
          assert.ok(n <= SPECK, `${engine} ${canvas.name} ${when}: first paint differs from a redraw in ${n} pixels`);
        }
        await session.evaluate(() => {
          for (const tag of ['posenc-encoding', 'posenc-lines']) {
            const e = document.querySelector(tag);
            e.dataset.was ??= e.getAttribute('d-model');
            e.setAttribute('d-model', 'banana');
          }
        });
      }
      await session.evaluate(() => {
        for (const tag of ['posenc-encoding', 'posenc-lines']) document.querySelector(tag).setAttribute('d-model', document.querySelector(tag).dataset.was);
      });
    });

    test('hover: every chart shows its readout beside the pointer, inside the viewport', async () => {
      for (const host of CHARTED) {
        // The first point of a few that lies on a value (clocks leave gaps between rows).
        let shown, point;
        for (const [fx, fy] of [[0.4, 0.4], [0.3, 0.3], [0.2, 0.2], [0.6, 0.5]]) {
          point = await session.evaluate(pointOn, [host, fx, fy]);
          await session.hover(1, 1);
          await session.hover(point.x, point.y);
          shown = await session.waitFor(shownReadout, host, { timeout: 10_000, what: `${host} readout` }).catch(() => null);
          if (shown) break;
        }
        assert.ok(shown, `${engine} ${host}: no readout`);
        assertBeside(shown, point.x, point.y, `${engine} ${host}`);
      }
    });

    test('a custom property on an ancestor recolours every chart', async () => {
      const hashes = async () => (await session.evaluate(canvasVariances)).map((c) => c.hash);
      const before = await hashes();
      await session.evaluate(() => document.querySelector('article').style.setProperty('--panel', '#fff3d6'));
      // The redraw follows within a frame or two of the transition; poll until every canvas changed
      // (up to 30 s: load only delays it).
      const changed = (was) => session.evaluate(canvasVariances).then((now) => now.every((c, i) => c.hash !== was[i]));
      for (let tries = 0; tries < 300 && !(await changed(before)); tries++) await new Promise((r) => setTimeout(r, 100));
      const after = await hashes();
      before.forEach((hash, i) => assert.notEqual(after[i], hash, `${engine}: canvas ${i} kept its pixels`));
      await session.evaluate(() => document.querySelector('article').style.removeProperty('--panel'));
    });

    test('no error, rejection, console error or CSP violation', async () => {
      assert.deepEqual(await session.problems(), []);
    });
  });
}
