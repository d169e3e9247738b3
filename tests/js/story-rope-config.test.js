// The rotary step's numbers for real models (js/story/models.js read by pe.ropeFromConfig), and
// the comparison family of scalings.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { MODELS } from '../../js/story/models.js';
import { scalingFamily, wavelengths } from '../../js/story/rope-config.js';
import { assertClose } from './helpers.js';

const pe = await init();
const read = (key) => pe.ropeFromConfig(MODELS[key].config);

test("real models' frequencies and attention factors (docs/rope.md's numbers)", () => {
  const waves = wavelengths(read('llama-3.1-8b').frequencies);
  // docs/rope.md: 29 pairs kept (λ < 2048), 6 smoothed, 29 divided by 8 (λ > 8192).
  const plain = wavelengths(pe.ropeFrequencies(128, { base: 500000 }).frequencies);
  assert.equal(waves.filter((x, i) => x === plain[i]).length, 29);
  assert.equal(waves.filter((x, i) => Math.abs(x / plain[i] - 8) < 1e-12).length, 29);
  assertClose(read('yarn-llama-2-7b-64k').attentionFactor, 0.1 * Math.log(16) + 1, 1e-12);
  assertClose(read('qwen2.5-72b-yarn').attentionFactor, 0.1 * Math.log(4) + 1, 1e-12);
  assert.equal(read('gpt-neox-20b').frequencies.length, 12);
  assertClose(read('phi-3.5-mini-instruct').attentionFactor, Math.sqrt(1 + Math.log(32) / Math.log(4096)), 1e-15);
});

test('the comparison family: five types at one factor and length, each accepted by the package', () => {
  const llama2 = read('llama-2-7b');
  const family = scalingFamily({ base: llama2.base, rotaryDims: llama2.rotaryDims, original: llama2.maxPositions, factor: 1 });
  assert.deepEqual(family.map((f) => f.type), ['default', 'linear', 'dynamic', 'yarn', 'llama3']);
  assert.ok(family.every((f) => f.factor === 4));
  const linear = pe.ropeFrequencies(128, family[1].options).frequencies, plain = pe.ropeFrequencies(128).frequencies;
  linear.forEach((x, i) => assertClose(x * 4, plain[i], 1e-12 * plain[i]));
  const yarn = read('yarn-llama-2-7b-64k');
  for (const f of scalingFamily({ base: yarn.base, rotaryDims: yarn.rotaryDims, original: 4096, factor: yarn.parameters.factor })) assert.equal(f.factor, 16);
  // dynamic at s·L: the base raised by (s·(s·L)/L − (s − 1))^(d/(d−2)).
  const dynamic = pe.ropeFrequencies(128, family[2].options).frequencies;
  const base = 10000 * (4 * 4 - 3) ** (128 / 126);
  pe.ropeFrequencies(128, { base }).frequencies.forEach((x, i) => assertClose(dynamic[i], x, 1e-12 * x));
});
