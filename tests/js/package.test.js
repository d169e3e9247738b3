// The package as users get it: `npm pack`, installed into a separate project, imported by name.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'],
  { cwd, encoding: 'utf8' });

test('npm pack ships only what users need', () => {
  const [{ files }] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], root));
  assert.deepEqual(files.map((f) => f.path).sort(), [
    'LICENSE', 'README.md', 'dist/posenc-wasm.js', 'dist/posenc-wasm.wasm',
    'js/api.js', 'js/browser.js', 'js/index.d.ts', 'js/node.js', 'package.json',
  ]);
});

test('a separate Node project installs the tarball and imports posenc', () => {
  const dir = mkdtempSync(join(tmpdir(), 'posenc-consumer-'));
  try {
    const [{ filename }] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', dir], root));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
    npm(['install', join(dir, filename)], dir);
    const script = `import('posenc').then(async ({ init }) => {
      const pe = await init();
      console.log(JSON.stringify([...pe.encode(10, 4)]));
    })`;
    const printed = execFileSync(process.execPath, ['-e', script], { cwd: dir, encoding: 'utf8' });
    const expected = [Math.sin(10), Math.cos(10), Math.sin(0.1), Math.cos(0.1)];
    JSON.parse(printed).forEach((x, i) => assert.ok(Math.abs(x - expected[i]) <= 1e-15, `${x} vs ${expected[i]}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
