// No error event while elements are resized, in Chromium, Firefox and WebKit: a post with every
// element (fixtures/resize-post.html) whose column is stepped 320 → 1280 px and back, whose web
// font is first used (and fetched) after every element has drawn, whose <details> is opened, and which is
// scrolled through fast (engines.test.js steps and scrolls the demo page the same way); and its
// sections, skipped far from the viewport (content-visibility: auto), brought near by a jump in
// one frame while the column is resized in the next (a layout read in a resize observer's
// callback made WebKit report the error: pages.js jumpAndResize). Browsers report
// "ResizeObserver loop completed with undelivered notifications" as an `error` event on window,
// which blogs' error monitors log as the page's error: the hook (hook.js) records every one.
// A page whose observer resizes its own target proves the hook sees that error in each engine.
// scripts/test.sh runs this file through tmpdir.test.js, under an 80-byte TMPDIR.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { everyDrawn, readThrough } from './browser.js';
import { jumpAndResize, stepAndScroll } from './pages.js';
import { ENGINES, open } from './engines.js';
import { instrument } from './hook.js';
import { tempDir } from '../temp.js';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const site = await buildSite(tempDir('site'));
for (const file of ['resize-post.html', 'resize-post.css']) copyFileSync(join(FIXTURES, file), join(site, file));
copyFileSync(lateFont(), join(site, 'late-font.ttf'));
// The hook's own check: an observer that grows its target each time it is told of a resize.
writeFileSync(join(site, 'loop.js'), `const box = document.getElementById('box');
new ResizeObserver(() => { box.style.width = box.offsetWidth + 1 + 'px'; }).observe(box);
`);
writeFileSync(join(site, 'loop.html'), '<!doctype html><html><head><script src="loop.js" defer></script></head><body><div id="box" style="width: 10px; height: 10px"></div></body></html>');
instrument(site);

/** A font file of this machine (any: its metrics differ from the fallback serif's). */
function lateFont() {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path, { throwIfNoEntry: false });  // a dangling link: none
      if (stat?.isDirectory()) walk(path);
      else if (stat && /\.(ttf|otf)$/i.test(name)) found.push(path);
    }
  };
  if (existsSync('/usr/share/fonts')) walk('/usr/share/fonts');
  const mono = found.find((f) => /Mono/.test(f));
  assert.ok(mono ?? found[0], 'no font file under /usr/share/fonts');
  return mono ?? found[0];
}

let server;
before(async () => { server = await serve(site, 0); });
after(() => server?.close());
const url = (path) => `http://127.0.0.1:${server.address().port}/${path}`;

// In the page: whether every posenc element's canvas has a bitmap of its box at the device's
// pixel ratio (none was left undrawn after a resize); those that have not are kept in
// window.notRedrawn, as "tag#id: bitmap width for box width × ratio".
function allRedrawn() {
  const hosts = [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('posenc-') && e.shadowRoot);
  window.notRedrawn = hosts.flatMap((host) => [...host.shadowRoot.querySelectorAll('canvas')]
    .filter((c) => c.clientWidth > 0 && c.getClientRects().length)
    .filter((c) => Math.abs(c.width - Math.round(c.clientWidth * devicePixelRatio)) > 1)
    .map((c) => `${host.localName}#${c.id}: ${c.width} px wide for ${c.clientWidth} × ${devicePixelRatio}`));
  return window.notRedrawn.length === 0;
}

for (const engine of ENGINES) {
  describe(engine, () => {
    let session;
    before(async () => { session = await open(engine); });
    after(() => session?.close());

    test('every element: column 320 ↔ 1280 px, a late font, a <details> opened, a fast scroll: no error', async () => {
      await session.goto(url('resize-post.html'));
      await session.waitFor(() => document.readyState === 'complete');
      await session.evaluate(readThrough);
      const drawn = await session.waitFor(everyDrawn, false, { timeout: 60_000, what: 'every element drawn' });
      assert.ok(drawn >= 21, `${engine}: ${drawn} elements drawn`);
      assert.equal(await session.evaluate(() => [...document.fonts].find((f) => f.family.replace(/"/g, '') === 'Late').status), 'unloaded', `${engine}: the font came early`);
      await session.evaluate(() => document.body.classList.add('late'));
      await session.waitFor(() => [...document.fonts].find((f) => f.family.replace(/"/g, '') === 'Late').status === 'loaded', null, { what: 'the late font' });
      await session.evaluate(stepAndScroll, '#column');
      await session.evaluate(() => {
        const fold = document.getElementById('fold');
        fold.open = true;
        fold.scrollIntoView({ block: 'center' });  // it draws near the viewport
      });
      await session.waitFor(() => document.querySelector('#fold posenc-heatmap').dataset.rendered, null, { what: 'the folded heatmap' });
      await session.evaluate(stepAndScroll, '#column');
      assert.deepEqual(await session.problems(), [], engine);
      // Every chart was redrawn at its last size (the observer saw each resize), once the
      // redraws of the last frames are done.
      const redrawn = await session.waitFor(allRedrawn, null, { timeout: 30_000, what: 'every chart redrawn' }).catch(() => false);
      assert.ok(redrawn, `${engine}: not redrawn after the resizes: ${await session.evaluate(() => window.notRedrawn.join('; '))}`);
    });

    test('sections skipped far from the viewport (content-visibility: auto): a jump, then a resize in the next frame, 20 times: no error', async () => {
      await session.goto(url('resize-post.html'));
      await session.waitFor(() => document.readyState === 'complete');
      await session.evaluate(readThrough);
      await session.waitFor(everyDrawn, false, { timeout: 60_000, what: 'every element drawn' });
      await session.evaluate(jumpAndResize, ['#column']);
      assert.deepEqual(await session.problems(), [], engine);
    });

    test('the hook sees a ResizeObserver loop (a page whose observer resizes its target; last: it goes on erring)', async () => {
      await session.goto(url('loop.html'));
      const problems = await session.waitFor(() => window.__posencProblems.length && window.__posencProblems, null,
        { timeout: 30_000, what: 'the loop error' });
      assert.match(problems[0], /^error: ResizeObserver loop/, engine);
    });
  });
}
