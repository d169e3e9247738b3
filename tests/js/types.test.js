// The .d.ts, checked the way users' TypeScript sees it: tests/types/usage.ts imports 'posenc'
// by name and must compile with --strict under moduleResolution bundler and node16.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

const root = new URL('../..', import.meta.url).pathname;
const tsc = new URL('../../node_modules/typescript/bin/tsc', import.meta.url).pathname;

for (const [module, resolution] of [['esnext', 'bundler'], ['node16', 'node16']]) {
  test(`types compile with moduleResolution ${resolution}`, () => {
    const args = [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', module, '--moduleResolution', resolution,
      '--lib', 'es2022,dom', 'tests/types/usage.ts'];
    try {
      execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
    } catch (error) {
      assert.fail(`tsc failed:\n${error.stdout}${error.stderr}`);
    }
  });
}
