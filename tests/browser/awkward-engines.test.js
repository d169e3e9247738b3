// The awkward post (fixtures/awkward-post.html: offset, scaled, contained, scrolled, a scroll
// container) in Chromium, Firefox and WebKit, through the engines harness: hovering each
// element's chart shows its readout beside the pointer and inside the viewport, and a custom
// property set on an ancestor recolours every chart (the style observer of js/charts/canvas/theme.js).
// Touch, keyboard and lifecycle are covered in Chromium by awkward.test.js.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { CSP } from './browser.js';
import { ENGINES, open } from './engines.js';
import { instrument } from './hook.js';
import { canvasVariances } from './pages.js';
import { assertBeside } from './charts.js';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const CHARTED = ['posenc-encoding', 'posenc-heatmap', 'posenc-dots', 'posenc-lines', 'posenc-clock', 'posenc-variants'];
const site = await buildSite(mkdtempSync(join(tmpdir(), 'posenc-site-')));
for (const file of ['awkward-post.html', 'awkward-post.css']) copyFileSync(join(FIXTURES, file), join(site, file));
instrument(site);

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
      await session.waitFor(() => document.querySelector('posenc-verify')?.dataset.done === 'true', null,
        { timeout: 60_000, what: 'posenc-verify' });
    });
    after(() => session?.close());

    test('hover: every chart shows its readout beside the pointer, inside the viewport', async () => {
      for (const host of CHARTED) {
        // The first point of a few that lies on a value (clocks leave gaps between rows).
        let shown, point;
        for (const [fx, fy] of [[0.4, 0.4], [0.3, 0.3], [0.2, 0.2], [0.6, 0.5]]) {
          point = await session.evaluate(pointOn, [host, fx, fy]);
          await session.hover(1, 1);
          await session.hover(point.x, point.y);
          shown = await session.waitFor(shownReadout, host, { timeout: 2_000, what: `${host} readout` }).catch(() => null);
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
      // The redraw follows within a frame or two of the transition; poll until every canvas changed.
      const changed = (was) => session.evaluate(canvasVariances).then((now) => now.every((c, i) => c.hash !== was[i]));
      for (let tries = 0; tries < 50 && !(await changed(before)); tries++) await new Promise((r) => setTimeout(r, 100));
      const after = await hashes();
      before.forEach((hash, i) => assert.notEqual(after[i], hash, `${engine}: canvas ${i} kept its pixels`));
      await session.evaluate(() => document.querySelector('article').style.removeProperty('--panel'));
    });

    test('no error, rejection, console error or CSP violation', async () => {
      assert.deepEqual(await session.problems(), []);
    });
  });
}
