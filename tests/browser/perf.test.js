// The page under load in Chromium (stress.js): every change is drawn, and nothing hangs. No
// wall-clock bound a loaded 2-core machine can break: what a change costs (per view and size,
// median and slowest ms, tasks over 50 ms) is a figure of `npm run bench` (bench/page.js,
// docs/performance.md), not a test. Held here, whatever the load: each change settles (its
// redraws end; HANG_MS only stops a hung tab from stalling the run), and each view redraws at
// most once per change (a view redrawn twice for one change is wasted work at any speed).
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, step, stressPass, type } from './stress.js';

const HANG_MS = 120_000;
let browser, page;

before(async () => {
  browser = await openPage();
  page = browser.page;
});
after(() => browser?.close());

function assertDrawn(record) {
  assert.ok(record.settleMs < HANG_MS, `${record.step}: still redrawing after ${record.settleMs.toFixed(0)} ms`);
  const updates = record.redraws.filter(({ name }) => name.startsWith('render ')).map(({ name }) => name);
  const twice = updates.filter((name, i) => updates.indexOf(name) !== i);
  assert.deepEqual(twice, [], `${record.step}: views updated more than once for one change`);
}

test('every control change at the maximum sizes, and back, is drawn, each view updated once: the story, then the workbench', async () => {
  const records = await stressPass(page, { steps: 2 });
  assert.ok(records.length > 30, `${records.length} steps on the story`);
  await browser.go('workbench.html');
  const bench = await stressPass(page, { steps: 2 });
  assert.ok(bench.some((r) => r.step === 'verification rerun') && bench.length > 20, `${bench.length} steps on the workbench`);
  records.push(...bench);
  await browser.go('');
  assert.ok(records.some((r) => r.redraws.length > 0), 'the page reports its redraws');
  records.forEach(assertDrawn);
  assert.deepEqual(browser.problems.consoleErrors, []);
});

test('typed invalid values are corrected with a visible message, and drawn', async () => {
  const cases = [
    ['enc.d', 'abc', /dModel must be a number: using 512/, '512'],
    ['enc.d', '3.7', /dModel must be a whole number: using 4/, '4'],
    ['enc.d', '7', /dModel must be even: using 8/, '8'],
    ['enc.n', '-5', /positions must be between 1 and 131072: using 1/, '1'],
    ['dots.n', '1e9', /positions must be between 1 and 131072: using 131072/, '131072'],
    ['clock.k', '-1e6', /k must be between -1000 and 1000: using -1000/, '-1000'],
    ['workbench.html'],
    ['variants.n', '0.5', /positions must be a whole number: using 1/, '1'],
    ['variants.n', '-0.5', /positions must be a whole number, between 1 and 256: using 1/, '1'],
  ];
  for (const [param, typed, message, shown] of cases) {
    if (typed === undefined) {  // on to the workbench's views
      await browser.go(param);
      continue;
    }
    assertDrawn(await type(page, param, typed));
    assert.equal(await page.inputValue(`input[type=number][data-param="${param}"]`), shown, `${param} ← ${typed}`);
    assert.match(await page.textContent(`[data-message="${param.split('.')[0]}"]`), message);
  }
  await page.$eval('details.settings', (d) => { d.open = true; });  // the header's Settings
  assertDrawn(await step(page, 'base = 0.5', async () => { await page.fill('#base', '0.5'); await page.press('#base', 'Enter'); }));
  assert.equal(await page.inputValue('#base'), '1.01');
  assert.match(await page.textContent('[data-message="globals"]'), /base must be between 1.01 and 1000000000: using 1.01/);
  assert.equal(await page.textContent('#status').then((t) => /failed/.test(t)), false);
  assert.deepEqual(browser.problems.consoleErrors, []);
});
