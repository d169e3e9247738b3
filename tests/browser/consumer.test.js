// posenc as users' projects get it: `npm pack`, the tarball installed offline into a fresh
// project (it is the only thing installed there; every tool comes from posenc's own
// devDependencies), then used every supported way:
//   Node: ESM import, require('posenc') (require(esm): Node ^20.19 || >=22.12), and the exported
//         .wasm path handed to init({ wasmBinary });
//   TypeScript: the usage file compiled against the installed types (bundler, node16);
//   browsers (Chromium, Firefox, WebKit), under the strict CSP: Vite (with a module Web Worker
//         that imports posenc), webpack 5 and esbuild bundles, and posenc/elements in a plain post.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '../../scripts/serve.js';
import { CSP, readThrough, verifyDone } from './browser.js';
import { esbuildBundle, viteBundle, webpackBundle } from './bundlers.js';
import { ENGINES, open } from './engines.js';
import { instrument } from './hook.js';
import { canvasVariances } from './pages.js';
import { tempDir } from '../temp.js';

const root = new URL('../..', import.meta.url).pathname;
const project = tempDir('consumer');
const run = (args) => execFileSync(process.execPath, args, { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

// What every consumer computes: PE(10) for d = 4 and the kernel D(Δ) = Σ cos(Δ·ω_i), Δ = 0…7, d = 512.
const COMPUTE = 'export const compute = (pe) => ({ pe10: [...pe.encode(10, 4)], kernel: [...pe.dotKernel(7, 512)] });\n';
const computeIn = (entry) => `${entry}.then(pe => console.log(JSON.stringify({ pe10: [...pe.encode(10, 4)], kernel: [...pe.dotKernel(7, 512)] })))`;
const SOURCES = {
  'compute.js': COMPUTE,
  'worker.js': `import { init } from 'posenc';\nimport { compute } from './compute.js';\ninit().then((pe) => postMessage(compute(pe)));\n`,
  // Vite: the main thread and a module worker, both importing posenc.
  'vite.js': `import { init } from 'posenc';
import { compute } from './compute.js';
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
const inWorker = new Promise((resolve, reject) => {
  worker.onmessage = (e) => resolve(e.data);
  worker.onerror = (e) => reject(new Error(\`worker: \${e.message}\`));
});
Promise.all([init(), inWorker]).then(([pe, w]) => { document.body.dataset.result = JSON.stringify({ ...compute(pe), worker: w }); });
`,
  'webpack.js': `import { init } from 'posenc';
import { compute } from './compute.js';
init().then((pe) => { document.body.dataset.result = JSON.stringify(compute(pe)); });
`,
  // esbuild: the page hosts the exported .wasm itself.
  'esbuild.js': `import { init } from 'posenc';
import { compute } from './compute.js';
fetch(new URL('posenc-wasm.wasm', import.meta.url)).then((r) => r.arrayBuffer()).then((wasmBinary) => init({ wasmBinary }))
  .then((pe) => { document.body.dataset.result = JSON.stringify(compute(pe)); });
`,
};

let node;  // what Node computes with the installed package: every browser must match it
before(() => {
  const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', project],
    { cwd: root, encoding: 'utf8' }));
  writeFileSync(join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { posenc: `file:${filename}` } }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project });
});
after(() => rmSync(project, { recursive: true, force: true }));

describe('Node', () => {
  test('ESM import computes the encoding and the kernel', () => {
    node = JSON.parse(run(['--input-type=module', '-e', computeIn("import('posenc').then(({ init }) => init())")]));
    [Math.sin(10), Math.cos(10), Math.sin(0.1), Math.cos(0.1)].forEach((x, i) => assert.ok(Math.abs(node.pe10[i] - x) <= 1e-15));
    const omega = Array.from({ length: 256 }, (_, i) => 10000 ** (-2 * i / 512));
    node.kernel.forEach((value, delta) => {
      const expected = omega.reduce((s, w) => s + Math.cos(delta * w), 0);
      assert.ok(Math.abs(value - expected) <= 1e-9 * 256, `D(${delta}) = ${value}, expected ${expected}`);
    });
  });

  test(`require('posenc') (require(esm), Node ${process.version}) gives the same, without a warning`, () => {
    const { stdout, stderr, status } = spawnSync(process.execPath, ['-e', computeIn("require('posenc').init()")], { cwd: project, encoding: 'utf8' });
    assert.equal(status, 0, stderr);
    assert.equal(stderr, '');
    assert.deepEqual(JSON.parse(stdout), node);
  });

  test('the exported posenc/posenc-wasm.wasm, read and passed to init({ wasmBinary }), gives the same', () => {
    const script = `const { readFileSync } = require('node:fs');
const bytes = readFileSync(require.resolve('posenc/posenc-wasm.wasm'));
${computeIn("require('posenc').init({ wasmBinary: bytes })")}`;
    assert.deepEqual(JSON.parse(run(['-e', script])), node);
  });

  test('TypeScript compiles the usage file against the installed types (bundler, node16)', () => {
    copyFileSync(join(root, 'tests/types/usage.ts'), join(project, 'usage.ts'));
    for (const [module, resolution] of [['esnext', 'bundler'], ['node16', 'node16']]) {
      try {
        run([join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--target', 'es2022', '--module', module,
          '--moduleResolution', resolution, '--lib', 'es2022,dom', 'usage.ts']);
      } catch (error) {
        assert.fail(`tsc (${resolution}) failed:\n${error.stdout}${error.stderr}`);
      }
    }
  });
});

describe('browsers', () => {
  let server;
  before(async () => {
    const src = join(project, 'src');
    mkdirSync(src);
    for (const [file, text] of Object.entries(SOURCES)) writeFileSync(join(src, file), text);
    await bundleEach(src);
    writeFileSync(join(project, 'post.html'), `<!doctype html><html><head>
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<script type="module" src="node_modules/posenc/dist/elements.js"></script></head>
<body><posenc-heatmap length="40" d-model="64"></posenc-heatmap><posenc-dots length="8" d-model="512"></posenc-dots>
<posenc-verify></posenc-verify></body></html>`);
    for (const dir of ['vite', 'webpack', 'esbuild']) instrument(join(project, dir));
    instrument(project);
    server = await serve(project, 0, { 'content-security-policy': CSP });
  });
  after(() => server?.close());

  async function bundleEach(src) {
    for (const [name, bundle] of [['vite', viteBundle], ['webpack', webpackBundle], ['esbuild', esbuildBundle]]) {
      copyFileSync(join(src, `${name}.js`), join(src, 'main.js'));
      await bundle(src, join(project, name), project);
    }
  }

  for (const engine of ENGINES) {
    describe(engine, () => {
      let session;
      before(async () => { session = await open(engine); });
      after(() => session?.close());
      const url = (path) => `http://127.0.0.1:${server.address().port}/${path}`;
      const result = () => document.body?.dataset.result;

      for (const bundler of ['vite', 'webpack', 'esbuild'])
        test(`${bundler}: the bundle${bundler === 'vite' ? ' and its module worker' : ''} compute what Node computes`, async () => {
          await session.goto(url(`${bundler}/`));
          const { worker, ...main } = JSON.parse(await session.waitFor(result, null, { what: `the ${bundler} page's result` }));
          assert.deepEqual(main, node);
          if (bundler === 'vite') assert.deepEqual(worker, node);
        });

      test('posenc/elements in a plain post: drawn, verification passes', async () => {
        await session.goto(url('post.html'));
        await session.evaluate(readThrough);
        const summary = await session.waitFor(verifyDone, null, { timeout: 60_000, what: 'posenc-verify' });
        assert.match(summary, /^\d+ passed, 0 failed$/);
        const canvases = await session.evaluate(canvasVariances);
        assert.equal(canvases.length, 3);  // the heatmap; posenc-dots' matrix and its kernel plot
        for (const { name, variance } of canvases) assert.ok(variance > 100, `${name}: ${variance}`);
      });

      test('no error, rejection, console error or CSP violation', async () => {
        assert.deepEqual(await session.problems(), []);
      });
    });
  }
});
