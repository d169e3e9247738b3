// The workbench's "A model's files" view: each example button reads its file (and config) in the
// page and shows the report's lines, its findings by code and the chart; a file opened with the
// file inputs and one dropped on the view give the same report as pe.inspectModelFile in Node;
// a damaged file's error names the field and byte; nothing logs an error; axe finds no serious
// violation. Screenshots of Gemma 3 1B's report in test-results/model-files-*.png (1280 light,
// 390 dark).
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { init } from '../../js/node.js';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { launch, screenshot } from './browser.js';
import { pixels } from './charts.js';
import { tempDir } from '../temp.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const FILES = new URL('../fixtures/model-files/', import.meta.url).pathname;
const CONFIGS = new URL('../fixtures/configs/', import.meta.url).pathname;
let server, browser, page, pe;

before(async () => {
  pe = await init();
  const site = await buildSite(tempDir('site'));
  copyFileSync(AXE, join(site, 'axe.min.js'));
  server = await serve(site, 0);
  browser = await launch({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await browser.context.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/workbench.html#model-files`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 120_000 });
});

after(async () => {
  await browser?.close();
  server?.close();
});

// The view after `act`: the status line once the file is read, its findings' codes, the report.
async function read(act) {
  const before = await page.textContent('#modelFile-status');
  await act();
  await page.waitForFunction((was) => {
    const text = document.querySelector('#modelFile-status').textContent;
    return text !== was && !/^Reading /.test(text);
  }, before, { timeout: 60_000 });
  return page.evaluate(() => ({
    status: document.querySelector('#modelFile-status').textContent,
    report: document.querySelector('#modelFile-report').textContent,
    codes: [...document.querySelectorAll('#modelFile-findings li code')].map((c) => c.textContent),
    findings: [...document.querySelectorAll('#modelFile-findings li')].map((li) => li.textContent),
    chart: !document.querySelector('#modelFile-canvas').closest('.tall').hidden,
    layers: [...document.querySelectorAll('#modelFile-layers [data-layer]')].map((c) => c.getAttribute('aria-label')),
  }));
}

test('each example: its report, its findings by code, and a chart', async () => {
  const examples = [
    ['Llama 3.1 8B GGUF without rope_freqs', /llama-3\.1-8b-no-rope-freqs\.gguf: GGUF v3, architecture llama; 672 of 672 bytes read/, ['rope-freqs-missing']],
    ['Gemma 3 1B GGUF with factor 8', /gemma-3-1b-it-factor-8\.gguf: GGUF v3, architecture gemma3/, ['factor-differs']],
    ['Llama 3.1 inv_freq (.npy)', /llama-3\.1-8b-inv-freq\.npy: \.npy 1\.0/, ['no finding']],
    ['Whisper-shaped tables (.safetensors)', /whisper-shaped\.safetensors: safetensors; 50,416 of 50,416 bytes read/, ['no finding']],
  ];
  for (const [label, status, codes] of examples) {
    const view = await read(() => page.getByRole('button', { name: label }).click());
    assert.match(view.status, status, label);
    assert.deepEqual(view.codes, codes, label);
    assert.ok(view.chart, `${label}: a chart`);
    const canvas = page.locator('#modelFile-canvas');
    await page.waitForFunction(() => Number(document.querySelector('#modelFile-canvas').closest('[data-rendered]')?.dataset.rendered ?? 1) > 0);
    assert.ok((await pixels(canvas)).variance > 100, `${label}: the chart drew nothing`);
  }
  // Gemma 3 1B: its 26 layers as llama.cpp runs them (every 6th full), each told by keyboard.
  const gemma = await read(() => page.getByRole('button', { name: 'Gemma 3 1B GGUF with factor 8' }).click());
  assert.equal(gemma.layers.length, 26);
  assert.equal(gemma.layers.filter((l) => /full_attention/.test(l)).length, 4);
  assert.match(gemma.layers[5], /^layer 5 of 26: full_attention; rotates with base 1,000,000; no window: attends to the whole context \(llama\.cpp's default for gemma3/);
  assert.match(gemma.layers[0], /^layer 0 of 26: sliding_attention; rotates with base 10,000; sliding window of 512 positions/);
  await page.locator('#modelFile-layers [data-layer="0"]').focus();
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.layer), '25');
  assert.match(await page.textContent('#modelFile-layers p.note'), /^layer 25 of 26: sliding_attention/);
  // A .npy has no layers: the strip is emptied.
  assert.deepEqual((await read(() => page.getByRole('button', { name: 'Llama 3.1 inv_freq (.npy)' }).click())).layers, []);
  const llama = await read(() => page.getByRole('button', { name: 'Llama 3.1 8B GGUF without rope_freqs' }).click());
  assert.deepEqual(llama.layers, []);
  assert.match(llama.report, /RoPE: NORM, pairs \(2i, 2i \+ 1\): interleaved; base 500,000; 128 of 128 dimensions turn; context 131,072/);
  assert.match(llama.findings[0], /rope-freqs-missing \(error\): rope_freqs\.weight is missing: config\.json's rope_scaling is llama3 \(factor 8\)/);
  // Its save buttons: the series as CSV (a row per pair: the file's and transformers' periods), the report as JSON.
  const saved = async (name) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#modelFile .exports button', { hasText: name }).click()]);
    return readFileSync(await download.path(), 'utf8');
  };
  const rows = (await saved('CSV')).trim().split('\n');
  assert.equal(rows[0], 'pair,the file,"transformers, for config.json"');
  assert.equal(rows.length, 65);
  assert.equal(JSON.parse(await saved('JSON')).findings[0].code, 'rope-freqs-missing');
  const npy = await read(() => page.getByRole('button', { name: 'Llama 3.1 inv_freq (.npy)' }).click());
  assert.match(npy.report, /array: frequencies: llama3, base 500,000, 128 rotary dimensions, factor 8, original context 8192, low 1, high 4, every pair matches/);
  assert.match(npy.findings[0], /the file agrees with config\.json/);
  // A learned table: its dot products drawn as a heatmap (and saved as PNG); none for a GGUF's frequencies.
  await read(() => page.getByRole('button', { name: 'Whisper-shaped tables (.safetensors)' }).click());
  assert.equal(await page.isVisible('#modelFile-gram'), true);
  assert.ok((await pixels(page.locator('#modelFile-gram'))).variance > 100, 'the heatmap drew nothing');
  assert.match(await page.getAttribute('#modelFile-gram', 'aria-label'), /model\.decoder\.embed_positions\.weight: T·Tᵀ, 128 positions i by 128 positions j/);
  assert.equal(await page.isVisible('#modelFile .exports button:text-is("Save heatmap PNG")'), true);
  await read(() => page.getByRole('button', { name: 'Gemma 3 1B GGUF with factor 8' }).click());
  assert.equal(await page.isVisible('#modelFile-gram'), false);
  assert.equal(await page.isVisible('#modelFile .exports button:text-is("Save heatmap PNG")'), false);
});

test('a file opened or dropped: the same report as in Node; a damaged file names the field', async () => {
  const file = join(FILES, 'phi-3-mini-128k-instruct.gguf'), config = join(CONFIGS, 'phi-3-mini-128k-instruct.json');
  await page.setInputFiles('#modelFile-config', config);
  const opened = await read(() => page.setInputFiles('#modelFile-file', file));
  const node = await pe.inspectModelFile(file, { config: JSON.parse(readFileSync(config, 'utf8')) });
  assert.match(opened.status, new RegExp(`phi-3-mini-128k-instruct\\.gguf: GGUF v3, architecture phi3; ${node.bytesRead} of ${node.fileBytes} bytes read`));
  assert.match(opened.report, /scaling: longrope, original context 4096, long factors 1\.03 … 64\.81, short factors 1\.05 … 2\.95/);
  assert.deepEqual(opened.codes, ['no finding']);
  // Dropped: a DataTransfer with the bytes of a file and its config.
  const bytes = [...readFileSync(join(FILES, 'gemma-3-1b-it-factor-8.gguf'))], json = readFileSync(join(CONFIGS, 'gemma-3-1b-it.json'), 'utf8');
  const dropped = await read(() => page.evaluate(([bytes, json]) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'dropped.gguf'));
    transfer.items.add(new File([json], 'config.json', { type: 'application/json' }));
    document.getElementById('modelFile').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, [bytes, json]));
  assert.match(dropped.status, /^dropped\.gguf: GGUF v3, architecture gemma3/);
  assert.deepEqual(dropped.codes, ['factor-differs']);
  // Damaged: the count of keys made 2⁶⁰.
  const damaged = await read(() => page.evaluate((bytes) => {
    const b = new Uint8Array(bytes);
    new DataView(b.buffer).setBigUint64(16, 2n ** 60n, true);
    const transfer = new DataTransfer();
    transfer.items.add(new File([b], 'damaged.gguf'));
    document.getElementById('modelFile').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, bytes));
  assert.match(damaged.status, /^damaged\.gguf: GGUF: metadata_kv_count at byte 16: is 1152921504606846976, more than the \d+ bytes left in the file can hold$/);
  assert.deepEqual(damaged.codes, []);
  assert.equal(damaged.chart, false);
});

test('no error logged, no serious accessibility violation; screenshots at 1280 light and 390 dark', async () => {
  // Gemma 3 1B: a finding, the chart and the layer strip, all checked and shown.
  await read(() => page.getByRole('button', { name: 'Gemma 3 1B GGUF with factor 8' }).click());
  await page.addScriptTag({ url: 'axe.min.js' });
  const { violations } = await page.evaluate(() => axe.run('#model-files', { resultTypes: ['violations'] }));
  const serious = violations.filter((v) => ['serious', 'critical'].includes(v.impact));
  assert.deepEqual(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`), []);
  await screenshot(page.locator('#model-files'), 'model-files-1280-light.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page.locator('#model-files'), 'model-files-390-dark.png');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page scrolls sideways on a phone: ${width} px`);
  assert.deepEqual(browser.problems.consoleErrors, []);
});
