// The built site in Chromium, Firefox and WebKit: the demo's two pages and the example post (under the
// strict CSP), served and opened from disk (file://). In each: the verification passes, every
// canvas is drawn, hovering a chart shows the value the package computes here in Node, and no
// error, rejection, console error or CSP violation happens (the hook script of hook.js).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { init } from 'posenc';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { CSP, readThrough, verifyDone } from './browser.js';
import { ENGINES, open } from './engines.js';
import { instrument } from './hook.js';
import { canvasVariances, expectReadout, hoverFirstCanvas, stepAndScroll } from './pages.js';
import { tempDir } from '../temp.js';

const pe = await init();
const site = await buildSite(tempDir('site'));
// A page that does every wrong thing the hook must catch (the hook's own test).
writeFileSync(join(site, 'broken.js'), `console.error('deliberate console error');
Promise.reject(new Error('deliberate rejection'));
throw new Error('deliberate throw');
`);
writeFileSync(join(site, 'broken.html'), `<!doctype html><html><head>
<meta http-equiv="Content-Security-Policy" content="${CSP}"><script src="broken.js"></script></head>
<body><script>document.title = 'inline scripts are blocked';</script></body></html>`);
// The fallback images `posenc post` writes (docs/blogging.md: WebP where it is smaller, a curve's;
// PNG for a heatmap): a feed reader or a page without JavaScript built on each engine shows them.
const { render } = await import('posenc/render');
for (const [tag, attributes, format] of [['posenc-lines', { dims: '0,4,8' }, 'webp'], ['posenc-encoding', { length: '20', 'd-model': '16' }, 'png']])
  writeFileSync(join(site, `fallback.${format}`), (await render(tag, attributes, { format, width: 360, scale: 1 })).data);
writeFileSync(join(site, 'fallbacks.html'), `<!doctype html><html><head><meta charset="utf-8"><title>fallbacks</title></head>
<body><img id="webp" src="fallback.webp" alt="lines" width="360"> <img id="png" src="fallback.png" alt="encoding" width="360"></body></html>`);
instrument(site);

let server, strict;
before(async () => {
  server = await serve(site, 0);
  strict = await serve(site, 0, { 'content-security-policy': CSP });
});
after(() => {
  server?.close();
  strict?.close();
});
const url = (s, path) => `http://127.0.0.1:${s.address().port}/${path}`;
const fileUrl = (path) => pathToFileURL(join(site, path)).href;

// Every value of the encoding PE(pos) for pos < n (heatmap cells) and of the kernel D(Δ), Δ < n
// (the dot-product matrix's cells): a readout must show one of them.
const encodingValues = (n, d) => Array.from({ length: n }, (_, pos) => [...pe.encode(pos, d)]).flat();
const kernelValues = (n, d) => [...pe.dotKernel(n - 1, d)];

// The text of the element `id` once its checks have run: the workbench's proofs (verify-summary),
// the story's one line on them (story-verify).
const checked = (id) => document.getElementById(id)?.dataset.done === 'true' && document.getElementById(id).textContent;

function assertStory(line, engine) {
  assert.match(line, /^1[3-9] checks of the sources' claims run in your browser: all pass/, `${engine}: "${line}"`);
}

function assertSummary(summary, engine) {
  const [, passed, failed] = summary.match(/^(\d+) passed, (\d+) failed$/) ?? [];
  assert.ok(Number(passed) >= 13, `${engine}: "${summary}"`);
  assert.equal(Number(failed), 0, `${engine}: "${summary}"`);
}

async function assertDrawn(session, count) {
  const canvases = await session.evaluate(canvasVariances);
  assert.ok(canvases.length >= count, `${session.engine}: ${canvases.length} canvases`);
  for (const { name, variance } of canvases)
    assert.ok(variance > 100, `${session.engine}: ${name} blank (luminance variance ${variance.toFixed(1)})`);
}

for (const engine of ENGINES) {
  describe(engine, () => {
    let session;
    before(async () => { session = await open(engine); });
    after(() => session?.close());

    test('the demo pages: verification passes, every canvas drawn, hover shows the exact value', async () => {
      await session.goto(url(server, '?enc.d=16&enc.n=20'));
      assertStory(await session.waitFor(checked, 'story-verify', { timeout: 60_000, what: '#story-verify' }), engine);
      await session.waitFor(() => document.body?.dataset.ready === 'true');
      await assertDrawn(session, 7);
      await session.screenshot('page');
      // The encoding heatmap, PE(pos) for 20 positions × d = 16.
      expectReadout(await hoverFirstCanvas(session, null, '#encoding-canvas'), encodingValues(20, 16), engine);
      await session.goto(url(server, 'workbench.html'));
      assertSummary(await session.waitFor(checked, 'verify-summary', { timeout: 60_000, what: '#verify-summary' }), engine);
      await session.waitFor(() => document.body?.dataset.ready === 'true');
      await assertDrawn(session, 7);
      await session.screenshot('workbench');
    });

    test('the demo page stepped 320 ↔ 1280 px wide and scrolled fast: no error event (resize.test.js: every element)', async () => {
      await session.evaluate(stepAndScroll, 'body');
      assert.deepEqual(await session.problems(), [], engine);
    });

    test('the example post under the strict CSP: every element drawn, verification passes, hover', async () => {
      await session.goto(url(strict, 'embed-example.html'));
      await session.evaluate(readThrough);
      assertSummary(await session.waitFor(verifyDone, null, { timeout: 60_000, what: 'posenc-verify' }), engine);
      await assertDrawn(session, 4);
      await session.screenshot('post');
      expectReadout(await hoverFirstCanvas(session, 'posenc-heatmap'), encodingValues(50, 128), engine);
      expectReadout(await hoverFirstCanvas(session, 'posenc-dots'), kernelValues(8, 512), engine);
    });

    test('the rotary step reads real models and a v5 config from the link, with their layer kinds', async () => {
      const twin = readFileSync(new URL('../fixtures/configs/v5/gemma-3-4b-it.json', import.meta.url), 'utf8');
      for (const [search, note, layers] of [
        [`?view=rotary&ropeScaling.preset=custom&ropeScaling.config=${encodeURIComponent(twin)}`,
          /^your config: gemma3_text, headDim 256, rotary dimensions 256 \(128 pairs\), layer kind sliding_attention: default RoPE, base 10,000, .*layer kind full_attention: linear RoPE, base 1,000,000/,
          '34 layers: 29 sliding_attention, 5 full_attention; arrow keys move between them'],
        ['?view=rotary&ropeScaling.preset=command-r7b&ropeScaling.compare=llama-3.1-8b',
          /^Command R7B: cohere2, headDim 128, rotary dimensions 128 \(64 pairs\), layer kind sliding_attention: default RoPE, base 50,000, .*Beside Llama 3\.1 8B\. Type a length in "your context" to mark it\.$/,
          '32 layers: 24 sliding_attention, 8 full_attention (no RoPE: hatched); arrow keys move between them'],
      ]) {
        await session.goto(url(server, search));
        await session.waitFor(() => document.body?.dataset.ready === 'true', null, { timeout: 60_000, what: 'the page' });
        const shown = await session.waitFor(() => {
          const root = document.getElementById('ropeScaling'), text = root?.querySelector('.note')?.textContent;
          return text && { note: text, layers: root.querySelector('.layers [role=group]').getAttribute('aria-label'), problem: root.querySelector('.config .message').textContent };
        }, null, { timeout: 60_000, what: 'the rotary note' });
        assert.equal(shown.problem, '', engine);
        assert.match(shown.note, note, engine);
        assert.equal(shown.layers, layers, engine);
      }
      await session.screenshot('rotary');
    });

    test('the relative family: its curves, staircase and matrices draw, with the package\'s numbers', async () => {
      await session.goto(url(server, '?view=relative&family.numHeads=12&family.side=decoder'));
      await session.waitFor(() => document.body?.dataset.ready === 'true', null, { timeout: 60_000, what: 'the page' });
      const shown = await session.waitFor(() => {
        const note = document.getElementById('family-note');
        return note?.dataset.horizon && { ...note.dataset, canvases: [...document.querySelectorAll('#family canvas')].map((c) => c.width) };
      }, null, { timeout: 60_000, what: 'the family note' });
      // D(Δ) ≤ 0 first at 3284 (dModel 512); the decoder's last bucket (32 buckets one-sided) is 31.
      assert.deepEqual([shown.horizon, shown.lastBucket], ['3284', '31'], engine);
      assert.equal(shown.canvases.length, 5, engine);
      assert.ok(shown.canvases.every((w) => w > 100), `${engine}: ${shown.canvases}`);
      await session.screenshot('family');
    });

    test('images and video on a grid: every chart drawn, a hovered dot product is pe.dotMatrix2d\'s, the M-RoPE ids pe.mropePositions\'', async () => {
      await session.goto(url(server, '?view=images'));
      await session.waitFor(() => document.body?.dataset.ready === 'true', null, { timeout: 60_000, what: 'the page' });
      const shown = await session.waitFor(() => {
        const note = document.getElementById('grid-mrope-note');
        return note?.dataset.ids && { ids: note.dataset.ids, canvases: [...document.querySelectorAll('#grid canvas')].map((c) => c.width) };
      }, null, { timeout: 60_000, what: 'the grid view' });
      assert.equal(shown.canvases.length, 7, engine);
      assert.ok(shown.canvases.every((w) => w > 100), `${engine}: ${shown.canvases}`);
      for (const variance of (await session.evaluate(canvasVariances)).filter((c) => c.name?.startsWith('grid-')).map((c) => c.variance))
        assert.ok(variance > 100, `${engine}: a grid chart is blank`);
      const { rules } = await import('posenc/charts').then((m) => m.grid);
      const [H, W, D] = [rules.gridHeight.def, rules.gridWidth.def, rules.dModel.def];
      expectReadout(await hoverFirstCanvas(session, null, '#grid-dots'), [...pe.dotMatrix2d(H, W, D).data], engine);
      const { VISION_MODELS } = await import('../../js/story/vision-models.js');
      const { parsePrompt } = await import('../../js/story/grid.js');
      const ids = pe.mropePositions(VISION_MODELS[rules.preset.def].config, parsePrompt(rules.prompt.def).segments).positions;
      assert.equal(shown.ids, JSON.stringify(ids.map((axis) => Array.from(axis))), engine);
      await session.screenshot('grid');
    });

    test("posenc post's fallback images show: WebP and PNG", async () => {
      await session.goto(url(server, 'fallbacks.html'));
      const shown = await session.waitFor(() => {
        const all = [...document.images];
        return all.length === 2 && all.every((img) => img.complete) && all.map((img) => [img.id, img.naturalWidth, img.naturalHeight]);
      }, null, { what: 'the images loaded' });
      assert.deepEqual(shown.map(([id]) => id), ['webp', 'png'], engine);
      for (const [id, width, height] of shown) assert.ok(width === 360 && height > 50, `${engine}: ${id} is ${width} × ${height}`);
    });

    test('the built page and the example post open from disk (file://)', async () => {
      await session.goto(fileUrl('index.html'));
      assertStory(await session.waitFor(checked, 'story-verify', { timeout: 60_000, what: '#story-verify' }), engine);
      await assertDrawn(session, 7);
      await session.goto(fileUrl('workbench.html'));
      assertSummary(await session.waitFor(checked, 'verify-summary', { timeout: 60_000, what: '#verify-summary' }), engine);
      await assertDrawn(session, 7);
      await session.goto(fileUrl('embed-example.html'));
      await session.evaluate(readThrough);
      assertSummary(await session.waitFor(verifyDone, null, { timeout: 60_000, what: 'posenc-verify' }), engine);
      await assertDrawn(session, 4);
    });

    test('no error, rejection, console error or CSP violation on any page', async () => {
      assert.deepEqual(await session.problems(), []);
    });

    test('the hook sees a thrown error, a rejection, a console error and a CSP violation', async () => {
      await session.goto(url(server, 'broken.html'));
      const expected = [/deliberate throw/, /deliberate rejection/, /deliberate console error/, /CSP violation: script-src/];
      const problems = await session.waitFor((n) => window.__posencProblems.length >= n && window.__posencProblems, expected.length,
        { timeout: 10_000, what: 'the deliberate problems' });
      for (const pattern of expected) assert.ok(problems.some((p) => pattern.test(p)), `${engine}: ${pattern} in ${problems.join('; ')}`);
    });
  });
}
