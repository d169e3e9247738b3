// The worked example's code on the page (web/index.html, section 3): the numpy and PyTorch
// snippets as scripts/golden/worked_example.py ran them, and posenc's snippet run here, all give
// pe.encoding(5, 4) — the table the page shows.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { init } from 'posenc';

const pe = await init();
const root = new URL('../../', import.meta.url).pathname;
const golden = JSON.parse(readFileSync(`${root}tests/golden/worked-example.json`, 'utf8'));
const unescape = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
const page = Object.fromEntries([...readFileSync(`${root}web/index.html`, 'utf8').matchAll(/<code data-snippet="(\w+)">([\s\S]*?)<\/code>/g)]
  .map(([, name, code]) => [name, unescape(code)]));
const expected = pe.encoding(5, 4, { dtype: 'float64' }).data;

test('the page shows the snippets the golden file ran (rerun scripts/golden/worked_example.py after editing one)', () => {
  assert.deepEqual(Object.keys(page), ['numpy', 'torch', 'posenc', 'rope']);
  for (const name of ['numpy', 'torch', 'rope']) assert.equal(golden.snippets[name].code, page[name], name);
});

test("section 9's rope(x, pos) in numpy turns as pe.rope does, in both layouts", () => {
  const { x, positions, rows } = golden.snippets.rope;
  const matrix = { rows: x.length, cols: x[0].length, data: Float64Array.from(x.flat()) };
  for (const layout of ['interleaved', 'concatenated']) {
    const ours = pe.rope(matrix, { positions, layout, dtype: 'float64' }).data;
    rows[layout].flat().forEach((v, i) => assert.ok(Math.abs(v - ours[i]) <= 1e-13, `${layout}[${i}]: numpy ${v}, posenc ${ours[i]}`));
  }
  // Interleaved and concatenated differ (they pair other columns) except at position 0.
  assert.deepEqual(rows.interleaved[0], x[0]);
  assert.notDeepEqual(rows.interleaved[1], rows.concatenated[1]);
});

test('numpy and PyTorch compute the table posenc computes', () => {
  for (const name of ['numpy', 'torch']) {
    const rows = golden.snippets[name].rows;
    assert.equal(rows.length, 5);
    rows.flat().forEach((v, i) => assert.ok(Math.abs(v - expected[i]) <= 2e-16 * Math.max(1, Math.abs(v)) + 1e-16, `${name}[${i}]: ${v} vs ${expected[i]}`));
  }
  assert.equal(golden.snippets.numpy.rows[1][0], Math.sin(1));  // PE(1, 0) = sin(1·ω_0), ω_0 = 1
});

test("posenc's snippet, run as a reader would, prints the same numbers", () => {
  const dir = mkdtempSync(join(root, 'tests', '.snippet-'));  // inside the package: 'posenc' resolves to it
  try {
    writeFileSync(join(dir, 'snippet.mjs'), page.posenc);
    const printed = execFileSync(process.execPath, [join(dir, 'snippet.mjs')], { encoding: 'utf8' });
    const numbers = printed.replace(/^Float64Array\(\d+\)/, '').match(/-?\d+(\.\d+)?(e-?\d+)?/g).map(Number);
    assert.deepEqual(numbers, Array.from(expected));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
