// What the hand-written .d.ts must list. That the types compile as users' TypeScript sees them
// (tests/types/usage.ts, --strict, moduleResolution bundler and node16) is checked once, against
// the packed and installed package (tests/browser/consumer.test.js): the same two compilations
// of the repository's own files ran here too, 31 s of npm test's CPU for what that test covers.
import test from 'node:test';
import assert from 'node:assert/strict';

test("elements.d.ts's RopePreset lists the rotary view's models (js/story/models.js), 'custom' and the renamed preset", async () => {
  const { readFileSync } = await import('node:fs');
  const { MODELS } = await import('../../js/story/models.js');
  const union = readFileSync(new URL('../../js/elements.d.ts', import.meta.url), 'utf8').match(/export type RopePreset = ([^;]+);/)[1];
  assert.deepEqual([...union.matchAll(/'([^']+)'/g)].map((m) => m[1]), [...Object.keys(MODELS), 'custom', 'qwen2.5-7b-yarn']);
});
