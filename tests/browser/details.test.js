// The chart layer's details (issue 13): every element at engineer scale on a plain page
// (fixtures/details.html): readouts name the pair, sin or cos, ω and the angle, x shows the
// exact value; dot products as cosine similarity; the worked example fits at 1280 px; exports
// carry captions and exact numbers; names are unique; axe-core finds no serious or critical
// violation, desktop and phone, light and dark. Screenshots in test-results/details-*.png.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { number, sub } from '../../js/numbers.js';
import { CSP, launch, readThrough, screenshot } from './browser.js';
import { hover, pixels, settle } from './charts.js';
import { init } from '../../js/node.js';
import { tempDir } from '../temp.js';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let server, browser, page, pe;

const inShadow = (host, selector) => page.locator(`${host} ${selector}`);

before(async () => {
  pe = await init();
  const site = await buildSite(tempDir('site'));
  for (const file of ['details.html', 'details.css']) copyFileSync(join(FIXTURES, file), join(site, file));
  copyFileSync(AXE, join(site, 'axe.min.js'));
  server = await serve(site, 0, { 'content-security-policy': CSP });
  browser = await launch({ hasTouch: true, viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await browser.context.newPage();
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(e.duration); })
      .observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`http://127.0.0.1:${server.address().port}/details.html`);
  await page.evaluate(readThrough);
  // Drawn (data-rendered: every chart painted), not only built: a canvas exists before its painting.
  await page.waitForFunction(() => [...document.querySelectorAll('main > *[d-model]')]
    .every((el) => Number(el.dataset.rendered ?? 0) > 0), null, { timeout: 60_000 });
  await settle(page);
});

after(async () => {
  await browser?.close();
  server?.close();
});

test('engineer scale: 131072 × 8192 encodings, lines and dot products, d = 8192 periods, 256 clocks draw', async () => {
  for (const host of ['#big', 'posenc-dots', 'posenc-lines', 'posenc-clock', 'posenc-periods']) {
    const canvas = inShadow(host, 'canvas').first();
    assert.ok((await pixels(canvas)).variance > 100, `${host} drew nothing`);
    assert.match(await canvas.getAttribute('aria-label'), /dModel = \d+/, `${host}: the text alternative names dModel`);
  }
  assert.match(await inShadow('#big', 'canvas').getAttribute('aria-label'),
    /dModel = 8192, 131,072 positions, 131,072 positions by 8192 dimensions, coloured from −1 to 1/);
  assert.equal(await page.$eval('#big', (el) => el.shadowRoot.querySelector('.message').textContent), '');
  // Dragging-size redraws: report the main thread's long tasks (speed goals live in npm run bench).
  const before = await page.evaluate(() => window.longTasks.length);
  for (const n of [100000, 120000, 131072]) {
    await page.$eval('#big', (el, v) => el.setAttribute('length', v), n);
    await settle(page);
  }
  const tasks = await page.evaluate((from) => window.longTasks.slice(from).map(Math.round), before);
  console.log(`long tasks while resizing the 131072 × 8192 heatmap: ${JSON.stringify(tasks)} ms`);
  await screenshot(page, 'details-desktop-light.png', { fullPage: true });
});

test('encoding readout: pos, dim, sin or cos, i, ωᵢ, angle, 6 digits; x shows the exact value', async () => {
  const canvas = inShadow('#small', 'canvas');
  const { shown } = await hover(page, canvas);
  const { row, col, value } = shown.data, d = 128, pos = Number(row), dim = Number(col);
  const i = dim >> 1, omega = pe.frequencies(d)[i], exact = pe.encode(pos, d)[dim];
  assert.equal(Number(value), exact);
  assert.ok(shown.text.includes(`pos ${pos} · dimension ${dim} = ${dim % 2 ? 'cos' : 'sin'}, i = ${i}`), shown.text);
  assert.ok(shown.text.includes(`${sub('ω', i)} = ${+omega.toPrecision(6)}`), shown.text);
  assert.ok(shown.text.includes(`angle pos·ω = ${+(pos * omega).toPrecision(6)} rad`), shown.text);
  assert.ok(shown.text.endsWith(`= ${+exact.toPrecision(6)}`), shown.text);
  await canvas.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('x');
  const precise = await canvas.evaluate((c) => ({ ...c.parentElement.querySelector('.tooltip').dataset,
    text: c.parentElement.querySelector('.tooltip').textContent }));
  const cell = pe.encode(Number(precise.row), d)[Number(precise.col)];
  assert.ok(precise.text.endsWith(`= ${String(cell)}`), precise.text);
  assert.ok(precise.text.includes(`${sub('ω', Number(precise.col) >> 1)} = ${String(pe.frequencies(d)[Number(precise.col) >> 1])}`), precise.text);
  await canvas.evaluate((c) => c.blur());
});

test('dot products: D(Δ) and the cosine similarity D(Δ)/D(0), on the heatmap and the kernel plot', async () => {
  const [heat, kernel] = [inShadow('posenc-dots', 'canvas').nth(0), inShadow('posenc-dots', 'canvas').nth(1)];
  // 131072 positions at d = 8192: a preview at once (both canvases aria-busy), every offset
  // within about a second (pe.dotKernel windows across tasks), then neither canvas is busy.
  const busy = () => page.$eval('posenc-dots', (el) => ({
    preview: el.shadowRoot.textContent.includes('Preview'),
    busy: [...el.shadowRoot.querySelectorAll('canvas')].map((c) => c.getAttribute('aria-busy')),
  }));
  await page.$eval('posenc-dots', (el) => el.setAttribute('length', '131071'));
  await page.waitForFunction(() => document.querySelector('posenc-dots').shadowRoot.textContent.includes('Preview'));
  assert.deepEqual(await busy(), { preview: true, busy: ['true', 'true'] });
  await page.$eval('posenc-dots', (el) => el.setAttribute('length', '131072'));
  await page.waitForFunction(() => ![...document.querySelector('posenc-dots').shadowRoot.querySelectorAll('canvas')]
    .some((c) => c.hasAttribute('aria-busy')), null, { timeout: 60_000 });
  assert.deepEqual(await busy(), { preview: false, busy: [null, null] });
  const d = 8192, k = pe.dotKernel(131071, d);
  const { shown } = await hover(page, heat, { fx: 0.3, fy: 0.6 });
  assert.ok(Math.abs(Number(shown.data.value) - k[Math.abs(shown.data.row - shown.data.col)]) < 1e-9);
  const delta = Math.abs(Number(shown.data.row) - Number(shown.data.col));
  assert.ok(shown.text.includes(`D(${delta}) = ${+k[delta].toPrecision(6)}`), shown.text);
  assert.ok(shown.text.includes(`cosine similarity D(Δ)/D(0) = ${+(k[delta] / k[0]).toPrecision(6)}`), shown.text);
  const plotted = (await hover(page, kernel)).shown, at = Number(plotted.data.x);
  assert.ok(plotted.text.includes(`cosine similarity D(Δ)/D(0) = ${+(k[at] / k[0]).toPrecision(6)}`), plotted.text);
  assert.ok(Math.abs(Number(plotted.data.value) - k[at]) < 1e-9);
  await page.mouse.move(1, 1);
});

test('lines and clocks: each value names its pair, sin or cos, ω and the angle; keys step and x is exact', async () => {
  const canvas = inShadow('posenc-lines', 'canvas');
  await canvas.scrollIntoViewIfNeeded();
  await canvas.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');  // pos 0, 1, 2
  let text = await canvas.evaluate((c) => c.parentElement.querySelector('.tooltip').textContent);
  const omega = pe.frequencies(8192), row = pe.encode(2, 8192);
  assert.ok(text.startsWith('pos = 2\n'), text);
  assert.ok(text.includes(`dimension 0 = sin, i = 0, ω = 1, angle 2: ${+row[0].toPrecision(6)}`), text);
  assert.ok(text.includes(`dimension 4096 = sin, i = 2048, ω = ${+omega[2048].toPrecision(6)}, angle ${+(2 * omega[2048]).toPrecision(6)}: ${+row[4096].toPrecision(6)}`), text);
  await page.keyboard.press('x');
  text = await canvas.evaluate((c) => c.parentElement.querySelector('.tooltip').textContent);
  assert.ok(text.includes(`dimension 8190 = sin, i = 4095, ω = ${omega[4095]}, angle ${2 * omega[4095]}: ${row[8190]}`), text);
  await canvas.evaluate((c) => c.blur());

  const clocks = inShadow('posenc-clock', 'canvas');
  await clocks.scrollIntoViewIfNeeded();
  await clocks.focus();
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight');  // clock 0, 1
  const clock = await clocks.evaluate((c) => c.parentElement.querySelector('.tooltip').textContent);
  const w1 = pe.frequencies(512)[1];
  assert.ok(clock.startsWith(`pair 1, ω₁ = ${+w1.toPrecision(6)}, angle k·ω₁ = ${+(3 * w1).toPrecision(6)}\n`), clock);
  await clocks.evaluate((c) => c.blur());
});

test('the worked example at d = 4 fits at 1280 px: no horizontal scrolling, the ω column and dimensions 2–3 in view', async () => {
  const overflow = await page.$eval('posenc-steps', (el) => [...el.shadowRoot.querySelectorAll('.scroll')]
    .map((s) => s.scrollWidth - s.clientWidth));
  assert.deepEqual(overflow, [0, 0, 0]);
  const headers = await page.$eval('posenc-steps', (el) => el.shadowRoot.textContent);
  for (const text of ['PE(pos, 2) sin', 'PE(pos, 3) cos']) assert.ok(headers.includes(text), text);
});

test('periods: the longest is named above the table, the texts never claim an exact repeat', async () => {
  const text = await page.$eval('posenc-periods', (el) => el.shadowRoot.textContent);
  const periods = pe.periods(8192);
  assert.ok(text.includes(`Longest period: pair i = 4095 (dimensions 8190, 8191), ${number(periods[4095])} positions.`), text.slice(0, 300));
  assert.match(text, /never repeat exactly/);
  assert.doesNotMatch(text, /can repeat before/);
  const note = await page.$eval('#small', (el) => el.shadowRoot.querySelector('.note').textContent);
  assert.doesNotMatch(note, /0\.000\b/);
  assert.match(note, /only 0\.0177 apart .*never equal/);
});

test('names: every button unique, scroll regions focusable and named, tables captioned', async () => {
  const { names, regions, uncaptioned } = await page.evaluate(() => {
    const roots = [...document.querySelectorAll('main > *')].map((el) => el.shadowRoot).filter(Boolean);
    const all = (selector) => roots.flatMap((r) => [...r.querySelectorAll(selector)]);
    return {
      names: all('button').map((b) => b.getAttribute('aria-label')),
      regions: all('.scroll').map((s) => ({ tab: s.tabIndex, name: s.getAttribute('aria-label') })),
      uncaptioned: all('table').filter((t) => !t.querySelector('caption')).length,
    };
  });
  // Two encodings on one page share names; every other button's name is unique.
  const unique = new Set(names);
  assert.equal(names.length - unique.size, 3, JSON.stringify(names));
  assert.ok(names.includes('Save CSV of the dot products') && names.includes('Save kernel PNG of the dot products'));
  for (const region of regions) assert.ok(region.tab === 0 && region.name, JSON.stringify(region));
  assert.equal(uncaptioned, 0);
});

test('exports: PNG with a caption band, float32 CSV in shortest form, variants one number per cell', async () => {
  const save = async (host, label) => {
    const [download] = await Promise.all([page.waitForEvent('download'),
      page.locator(`${host} button[aria-label="${label}"]`).click()]);
    return readFileSync(await download.path());
  };
  const png = await save('posenc-lines', 'Save plot PNG of the chosen dimensions');
  const box = await inShadow('posenc-lines', 'canvas').evaluate((c) => [c.width, c.height]);
  assert.equal(png.readUInt32BE(16), box[0]);
  assert.ok(png.readUInt32BE(20) > box[1], 'the PNG is taller than the canvas: it has a caption band');
  const lines = (await save('posenc-lines', 'Save CSV of the chosen dimensions')).toString().trim().split('\n');
  assert.equal(lines[0], 'pos,dim 0,dim 1,dim 4096,dim 8190');
  const [, s, c] = lines[2].split(',');  // position 1: sin 1 and cos 1 as float32
  assert.deepEqual([s, c], ['0.84147096', '0.5403023']);
  const variants = (await save('posenc-variants', 'Save CSV of the paper and tensor2tensor encodings')).toString().trim().split('\n');
  assert.equal(variants[0], 'quantity,paper,tensor2tensor');
  for (const row of variants.slice(1)) {
    const [, ...cells] = row.split(',');
    assert.equal(cells.length, 2, row);
    for (const cell of cells) assert.ok(Number.isFinite(Number(cell)), row);
  }
  const json = JSON.parse(await save('posenc-variants', 'Save JSON of the paper and tensor2tensor encodings'));
  assert.equal(json.quantities[0].paper, pe.encode(1, 16)[0]);
  assert.equal(typeof json.quantities[4].tensor2tensor, 'number');
});

test('axe-core: no serious or critical violation, desktop and phone, light and dark', async () => {
  await page.addScriptTag({ url: '/axe.min.js' });
  const found = [];
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }])
    for (const colorScheme of ['light', 'dark']) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await settle(page);
      const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] }))
        .violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`));
      found.push(...violations.map((v) => `${viewport.width}px ${colorScheme}: ${v}`));
      await screenshot(page, `details-${viewport.width}-${colorScheme}.png`, { fullPage: true });
    }
  assert.deepEqual(found, []);
  assert.deepEqual(browser.problems.consoleErrors, []);
});
