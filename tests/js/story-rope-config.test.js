// The rotary step's numbers for real models (js/story/models.js read by pe.ropeFromConfig), and
// the comparison family of scalings.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { MODELS } from '../../js/story/models.js';
import { coincide, llama3Bands, scalingFamily, wavelengths } from '../../js/story/rope-config.js';
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
  const family = scalingFamily({ base: llama2.base, rotaryDims: llama2.rotaryDims, original: llama2.maxPositions, factor: 1, length: 4 * llama2.maxPositions });
  assert.deepEqual(family.map((f) => f.type), ['default', 'linear', 'dynamic', 'yarn', 'llama3']);
  assert.ok(family.every((f) => f.factor === 4));
  const linear = pe.ropeFrequencies(128, family[1].options).frequencies, plain = pe.ropeFrequencies(128).frequencies;
  linear.forEach((x, i) => assertClose(x * 4, plain[i], 1e-12 * plain[i]));
  const yarn = read('yarn-llama-2-7b-64k');
  for (const f of scalingFamily({ base: yarn.base, rotaryDims: yarn.rotaryDims, original: 4096, factor: yarn.parameters.factor })) assert.equal(f.factor, 16);
  // dynamic at the length asked, here s·L: the base raised by (s·(s·L)/L − (s − 1))^(d/(d−2)).
  const dynamic = pe.ropeFrequencies(128, family[2].options).frequencies;
  const base = 10000 * (4 * 4 - 3) ** (128 / 126);
  pe.ropeFrequencies(128, { base }).frequencies.forEach((x, i) => assertClose(dynamic[i], x, 1e-12 * x));
  // At the original context (the chart's default for Llama 2: its max positions) it is the default curve.
  const at = (length) => pe.ropeFrequencies(128, scalingFamily({ base: 10000, rotaryDims: 128, original: 4096, factor: 1, length })[2].options).frequencies;
  assert.ok(coincide(at(4096), plain) && coincide(at(undefined), plain) && !coincide(at(4097), plain));
});

test("Llama 3's cut-offs: docs/rope.md's 29 pairs kept, 6 blended, 29 divided for Llama 3.1 8B", () => {
  const llama = read('llama-3.1-8b'), plain = pe.ropeFrequencies(128, { base: 500000 }).frequencies;
  const bands = llama3Bands(llama.parameters, plain);
  assert.deepEqual(bands, { low: 8192, high: 2048, kept: 29, blended: [29, 34], divided: 29 });
  const waves = wavelengths(plain), scaled = llama.frequencies;
  for (let i = 0; i < 64; i++) {
    const kind = i < 29 ? 'kept' : i <= 34 ? 'blended' : 'divided';
    assert.equal(kind === 'kept' ? waves[i] < 2048 : kind === 'divided' ? waves[i] > 8192 : waves[i] >= 2048 && waves[i] <= 8192, true, `pair ${i}`);
    if (kind === 'kept') assert.equal(scaled[i], plain[i]);
    if (kind === 'divided') assertClose(scaled[i] * 8, plain[i], 1e-15 * plain[i]);
    if (kind === 'blended') assert.ok(scaled[i] < plain[i] && scaled[i] > plain[i] / 8, `pair ${i} lies between`);
  }
  // Llama 3.2 1B: factor 32, headDim 64: the same cut-offs, other pairs.
  const small = read('llama-3.2-1b-instruct');
  assert.deepEqual(llama3Bands(small.parameters, pe.ropeFrequencies(64, { base: 500000 }).frequencies), { low: 8192, high: 2048, kept: 15, blended: [15, 17], divided: 14 });
});

test('coincide: equal to 1e-12 relative at every pair, and of one length', () => {
  const a = Float64Array.of(1, 2, 3);
  assert.ok(coincide(a, Float64Array.of(1, 2, 3 * (1 + 1e-13))));
  assert.ok(!coincide(a, Float64Array.of(1, 2, 3 * (1 + 1e-11))));
  assert.ok(!coincide(a, Float64Array.of(1, 2)));
});
