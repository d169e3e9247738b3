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

test("elements.d.ts's RopePreset lists the rotary view's models (js/story/models.js), 'custom' and the renamed preset", async () => {
  const { readFileSync } = await import('node:fs');
  const { MODELS } = await import('../../js/story/models.js');
  const union = readFileSync(new URL('../../js/elements.d.ts', import.meta.url), 'utf8').match(/export type RopePreset = ([^;]+);/)[1];
  assert.deepEqual([...union.matchAll(/'([^']+)'/g)].map((m) => m[1]), [...Object.keys(MODELS), 'custom', 'qwen2.5-7b-yarn']);
});
