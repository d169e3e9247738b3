// The package as a user's project gets it: `npm pack`, installed into a fresh project, then
// (1) a page bundled with Vite 7 (the default browser entry, wasm fetched as an asset) and
// (2) a plain HTML file loading posenc/elements under a strict CSP, both in Chromium.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../../scripts/serve.js';
import { CSP, frames, launch } from './browser.js';

const root = new URL('../..', import.meta.url).pathname;
const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });
let project, browser;

before(async () => {
  project = mkdtempSync(join(tmpdir(), 'posenc-consumer-'));
  const [{ filename }] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', project], root));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  npm(['install', join(project, filename), 'vite@7'], project);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  rmSync(project, { recursive: true, force: true });
});

test('a Vite 7 bundle of a page that imports posenc works in Chromium', async () => {
  mkdirSync(join(project, 'app'));
  writeFileSync(join(project, 'app', 'index.html'),
    '<!doctype html><html><body><p id="out">loading</p><script type="module" src="./main.js"></script></body></html>');
  writeFileSync(join(project, 'app', 'main.js'), `import { init } from 'posenc';
const pe = await init();
const { data } = pe.dotMatrix(82, 512, { dtype: 'float64' });
document.getElementById('out').textContent = JSON.stringify({ pe10: [...pe.encode(10, 4)], dot: data[1 * 82 + 2] });
`);
  execFileSync(process.execPath, [join(project, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', '../dist'],
    { cwd: join(project, 'app'), encoding: 'utf8' });
  const server = await serve(join(project, 'dist'), 0);
  try {
    const page = await browser.context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => document.getElementById('out').textContent !== 'loading', null, { timeout: 30_000 });
    const { pe10, dot } = JSON.parse(await page.textContent('#out'));
    [Math.sin(10), Math.cos(10), Math.sin(0.1), Math.cos(0.1)].forEach((x, i) => assert.ok(Math.abs(pe10[i] - x) <= 1e-15));
    assert.equal(dot.toFixed(3), '249.102');
    await page.close();
  } finally {
    server.close();
  }
  assert.deepEqual(browser.problems.consoleErrors, []);
  assert.deepEqual(browser.problems.outside, []);
});

test('a plain HTML post loads posenc/elements from node_modules under a strict CSP', async () => {
  writeFileSync(join(project, 'post.html'), `<!doctype html><html><head>
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<script type="module" src="node_modules/posenc/dist/elements.js"></script></head>
<body><posenc-heatmap length="40" d-model="64"></posenc-heatmap><posenc-dots length="8" d-model="512"></posenc-dots>
<posenc-verify></posenc-verify></body></html>`);
  const server = await serve(project, 0, { 'content-security-policy': CSP });
  try {
    const page = await browser.context.newPage();
    await page.addInitScript(() => {
      window.violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`http://127.0.0.1:${server.address().port}/post.html`);
    await page.waitForFunction(() => document.querySelector('posenc-verify')?.dataset.done === 'true', null, { timeout: 60_000 });
    await frames(page);
    assert.match(await page.$eval('posenc-verify', (el) => el.shadowRoot.querySelector('.summary').textContent), /passed, 0 failed$/);
    for (const name of ['posenc-heatmap', 'posenc-dots'])
      assert.ok(await page.$eval(name, (el) => Number(el.dataset.rendered) >= 1), name);
    assert.deepEqual(await page.evaluate(() => window.violations), []);
    await page.close();
  } finally {
    server.close();
  }
  assert.deepEqual(browser.problems.consoleErrors, []);
});
