// The package as users get it: `npm pack`, installed into a separate project, imported by name.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../temp.js';

const root = new URL('../..', import.meta.url).pathname;
const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'],
  { cwd, encoding: 'utf8' });

test('the exports map lists types first in every condition', async () => {
  const { exports } = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(`${root}package.json`, 'utf8')));
  for (const [entry, conditions] of Object.entries(exports))
    if (typeof conditions === 'object') assert.equal(Object.keys(conditions)[0], 'types', entry);
});

test('npm pack ships only what users need', () => {
  const [{ files }] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], root));
  // The chart layer (posenc/charts) and the computations it uses (js/story) ship as their source
  // modules, all of them.
  const modules = (dir) => readdirSync(`${root}js/${dir}`, { recursive: true }).filter((f) => f.endsWith('.js')).map((f) => `js/${dir}/${f}`);
  const charts = modules('charts');
  // The docs (README's links resolve in the tarball), the blog engines' files, not the screenshots.
  const docs = readdirSync(`${root}docs`, { recursive: true }).map((f) => `docs/${f}`)
    .filter((f) => /^docs\/[^/]+\.md$|^docs\/screenshot\.png$|^docs\/blogging\/.*\.\w+$/.test(f));
  assert.ok(docs.includes('docs/blogging.md') && docs.includes('docs/elements.md'));
  assert.ok(charts.includes('js/charts/index.js') && charts.includes('js/charts/widgets/encoding.js'));
  assert.ok(modules('files').includes('js/files/gguf.js'));
  assert.deepEqual(files.map((f) => f.path).sort(), [
    'CHANGELOG.md', 'LICENSE', 'README.md', 'dist/elements.classic.js', 'dist/elements.js', 'dist/inline.js',
    'dist/posenc-wasm.js', 'dist/posenc-wasm.wasm', 'js/api.js', 'js/browser.js', 'js/charts.d.ts', ...charts,
    'js/choices.js', 'js/conventions.js', 'js/describe.js', 'js/elements.d.ts', 'js/elements.js', 'js/elements/define.js', 'js/index.d.ts', 'js/model-config.js', 'js/mrope-positions.js', 'js/node.js', 'js/numbers.js', 'js/position-scheme.js', 'js/rope-scaling.js', 'js/warm-up.js', ...modules('story'), 'package.json',
    'js/tags.js', 'js/cli.js', 'js/render.d.ts', ...modules('render'), ...modules('files'), ...docs,
  ].sort());
});

test('a separate Node project installs the tarball and imports posenc, posenc/inline and posenc/charts', async () => {
  const dir = tempDir('consumer');
  try {
    const [{ filename }] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', dir], root));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
    npm(['install', join(dir, filename)], dir);
    for (const entry of ['posenc', 'posenc/inline']) {
      const script = `import('${entry}').then(async ({ init }) => {
        const pe = await init();
        console.log(JSON.stringify([...pe.encode(10, 4)]));
      })`;
      const printed = execFileSync(process.execPath, ['-e', script], { cwd: dir, encoding: 'utf8' });
      const expected = [Math.sin(10), Math.cos(10), Math.sin(0.1), Math.cos(0.1)];
      JSON.parse(printed).forEach((x, i) => assert.ok(Math.abs(x - expected[i]) <= 1e-15, `${entry}: ${x} vs ${expected[i]}`));
    }
    // posenc/charts resolves and has every widget (drawing needs a DOM: tested in the browser).
    const widgets = execFileSync(process.execPath, ['-e', `import('posenc/charts').then((c) => console.log(JSON.stringify(
      Object.keys(c).filter((k) => typeof c[k].create === 'function' && typeof c[k].rules === 'object'))))`],
    { cwd: dir, encoding: 'utf8' });
    // Every widget of the source (js/charts/index.js) is in the package, and the ones already shipped.
    const source = await import('../../js/charts/index.js');
    const expected = Object.keys(source).filter((k) => typeof source[k].create === 'function' && typeof source[k].rules === 'object');
    assert.deepEqual(JSON.parse(widgets).sort(), expected.sort());
    for (const name of ['clock', 'conventions', 'dots', 'encoding', 'lines', 'periods', 'steps', 'variants', 'verify']) assert.ok(expected.includes(name), name);
    // The `posenc` command is installed; without its optional peers it says what to install.
    const bin = join(dir, 'node_modules', '.bin', 'posenc');
    assert.match(execFileSync(bin, ['--help'], { cwd: dir, encoding: 'utf8' }), /posenc render <element>/);
    const failed = (() => { try { execFileSync(bin, ['render', 'encoding', '-o', 'x.png'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' }); } catch (e) { return e; } })();
    assert.equal(failed?.status, 1);
    assert.match(failed.stderr, /posenc render needs @napi-rs\/canvas and linkedom \(optional peer dependencies\): npm install --save-dev @napi-rs\/canvas linkedom/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
