// Reading a config.json's rotary settings as transformers does, and the presets' real numbers.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { frequencyOptions, readRopeConfig, ROPE_PRESETS, scalingFamily, wavelengths } from '../../js/math/rope-config.js';
import { assertClose } from './helpers.js';

const pe = await init();
const read = (key) => readRopeConfig(ROPE_PRESETS[key].config);

test('the presets: head and rotary dimensions, base, original and extended lengths', () => {
  assert.deepEqual(
    Object.keys(ROPE_PRESETS).map((key) => { const r = read(key); return [key, r.headDim, r.rotaryDims, r.base, r.original, r.extended]; }),
    [['llama-2-7b', 128, 128, 10000, 4096, 4096],
      ['llama-3.1-8b', 128, 128, 500000, 8192, 131072],
      ['yarn-llama-2-7b-64k', 128, 128, 10000, 4096, 65536],
      ['qwen2.5-7b-yarn', 128, 128, 1e6, 32768, 131072],
      ['gpt-neox-20b', 96, 24, 10000, 2048, 2048]]);
});

test("the presets' frequencies and attention factors are the package's (docs/rope.md's numbers)", () => {
  const llama3 = read('llama-3.1-8b'), { frequencies } = pe.ropeFrequencies(128, frequencyOptions(llama3));
  const waves = wavelengths(frequencies);
  // docs/rope.md: 29 pairs kept (λ < 2048), 6 smoothed, 29 divided by 8 (λ > 8192).
  const plain = wavelengths(pe.ropeFrequencies(128, { base: 500000 }).frequencies);
  assert.equal(waves.filter((x, i) => x === plain[i]).length, 29);
  assert.equal(waves.filter((x, i) => Math.abs(x / plain[i] - 8) < 1e-12).length, 29);
  assertClose(pe.ropeFrequencies(128, frequencyOptions(read('yarn-llama-2-7b-64k'))).attentionFactor, 0.1 * Math.log(16) + 1, 1e-6);
  assertClose(pe.ropeFrequencies(128, frequencyOptions(read('qwen2.5-7b-yarn'))).attentionFactor, 0.1 * Math.log(4) + 1, 1e-6);
  assert.equal(pe.ropeFrequencies(96, frequencyOptions(read('gpt-neox-20b'))).frequencies.length, 12);
});

test('dynamic NTK: the config max_position_embeddings goes into rope_scaling, the length is the extended one', () => {
  const r = readRopeConfig({ head_dim: 64, max_position_embeddings: 2048, rope_scaling: { type: 'dynamic', factor: 2 } });
  const options = frequencyOptions(r);
  assert.equal(options.length, 4096);
  assert.equal(options.scaling.max_position_embeddings, 2048);
  const base = 10000 * (2 * 4096 / 2048 - 1) ** (64 / 62);
  const expected = pe.ropeFrequencies(64, { base }).frequencies, got = pe.ropeFrequencies(64, options).frequencies;
  got.forEach((x, i) => assertClose(x, expected[i], 1e-12 * expected[i], `pair ${i}`));
});

test('the comparison family: five types at one factor and length, each accepted by the package', () => {
  const family = scalingFamily(read('llama-2-7b'));
  assert.deepEqual(family.map((f) => f.type), ['default', 'linear', 'dynamic', 'yarn', 'llama3']);
  assert.ok(family.every((f) => f.factor === 4));
  const linear = pe.ropeFrequencies(128, family[1].options).frequencies, plain = pe.ropeFrequencies(128).frequencies;
  linear.forEach((x, i) => assertClose(x * 4, plain[i], 1e-12 * plain[i]));
  for (const f of scalingFamily(read('yarn-llama-2-7b-64k'))) assert.equal(f.factor, 16);
});

test('bad configs: errors name the key', () => {
  for (const [config, error] of [
    [null, /JSON object/],
    [[], /JSON object/],
    [{ num_attention_heads: 32 }, /config\.hidden_size must be a whole number > 0, got nothing/],
    [{ hidden_size: 4096, num_attention_heads: 0 }, /config\.num_attention_heads must be/],
    [{ hidden_size: 100, num_attention_heads: 3 }, /config\.hidden_size \/ config\.num_attention_heads must be a whole number/],
    [{ head_dim: 64, rope_theta: -1 }, /config\.rope_theta must be a number > 0, got -1/],
    [{ head_dim: 64, rotary_pct: '0.25' }, /config\.rotary_pct must be a number > 0, got "0.25"/],
    [{ head_dim: 64, rope_scaling: 'yarn' }, /config\.rope_scaling must be an object/],
  ]) assert.throws(() => readRopeConfig(config), error, JSON.stringify(config));
  // rope_scaling's own keys: the package names them.
  const r = readRopeConfig({ head_dim: 64, rope_scaling: { rope_type: 'yarn', factor: 0 } });
  assert.throws(() => pe.ropeFrequencies(r.headDim, frequencyOptions(r)), { name: 'RangeError', message: /scaling\.factor/ });
});
