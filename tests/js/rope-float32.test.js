// dtype 'float32' of pe.ropeFromConfig / pe.ropeFrequencies, bit for bit against transformers'
// own torch code run in float32 on the CPU (tests/golden/rope-float32.json, written by
// scripts/golden/rope_float32.py with Debian's torch 1.13 at its AVX2 capability): every
// gallery model and layer kind, the dynamic and LongRoPE lengths, a sample of dynamic scalings,
// and torch's float32 pow over bases and dimensions (through the module's internal torchPow).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init } from 'posenc';
import createPosenc from '../../dist/posenc-wasm.js';
import { MODELS } from '../../js/story/models.js';
import { assertErrors } from './helpers.js';

const pe = await init();
const golden = JSON.parse(readFileSync(new URL('../golden/rope-float32.json', import.meta.url), 'utf8'));
const configOf = (file) => JSON.parse(readFileSync(new URL(`../fixtures/configs/${file}`, import.meta.url), 'utf8'));

const hex = (bits) => bits.toString(16).padStart(8, '0');

// got (a Float32Array) has torch's bits (hex strings) exactly; a failure names the pair and both.
function sameBits(got, want, what) {
  assert.ok(got instanceof Float32Array, `${what}: a Float32Array, got ${got?.constructor.name}`);
  assert.equal(got.length, want.length, `${what}: ${got.length} frequencies, torch ${want.length}`);
  const bits = new Uint32Array(got.buffer, got.byteOffset, got.length);
  const wrong = [];
  for (let i = 0; i < want.length; i++) if (hex(bits[i]) !== want[i]) wrong.push(`pair ${i}: posenc ${hex(bits[i])}, torch ${want[i]}`);
  assert.equal(wrong.length, 0, `${what}: ${wrong.length} of ${want.length} differ (${wrong.slice(0, 8).join('; ')})`);
}

// The hex strings of a concatenation "3f8000003f6b...".
const split = (packed) => packed.match(/.{8}/g);

test('the golden file covers the whole gallery', () => {
  for (const key of Object.keys(MODELS)) assert.ok(golden.models[key], `${key} has torch's values`);
  assert.equal(golden.torch.capability, 'AVX2');
});

for (const [key, model] of Object.entries(golden.models))
  test(`${key}: every layer kind's inv_freq is torch's float32, to the bit`, () => {
    const config = configOf(model.file);
    for (const [layerType, want] of Object.entries(model.kinds)) {
      const what = `${key} ${layerType}`;
      const got = pe.ropeFromConfig(config, { layerType, dtype: 'float32' });
      assert.equal(got.ropeType, want.rope_type, `${what}: rope_type`);
      assert.equal(got.rotaryDims, want.rotary_dims, `${what}: rotary dimensions`);
      sameBits(got.frequencies, want.inv_freq, `${what} inv_freq`);
      // A Python float in transformers: the float64 path's, unchanged.
      assert.equal(got.attentionFactor, pe.ropeFromConfig(config, { layerType }).attentionFactor, `${what}: attention factor`);
      assert.ok(Math.abs(got.attentionFactor - want.attention_scaling) <= 1e-15 * want.attention_scaling,
        `${what}: attention factor ${got.attentionFactor}, transformers ${want.attention_scaling}`);
      const plain = pe.ropeFrequencies(want.rotary_dims, { base: want.rope_theta, dtype: 'float32' });
      sameBits(plain.frequencies, want.default_inv_freq, `${what} unscaled inv_freq`);
      for (const at of want.at_length ?? []) {
        const longer = pe.ropeFromConfig(config, { layerType, length: at.length, dtype: 'float32' });
        sameBits(longer.frequencies, at.inv_freq, `${what} after a forward over ${at.length} positions`);
      }
    }
  });

test('dynamic NTK past the original length: the base in float32, as dynamic_rope_update computes it', () => {
  assert.ok(golden.dynamic.length >= 40);
  for (const d of golden.dynamic) {
    const scaling = { rope_type: 'dynamic', factor: d.factor, max_position_embeddings: d.max_position_embeddings };
    const got = pe.ropeFrequencies(d.dim, { base: d.base, scaling, length: d.length, dtype: 'float32' });
    sameBits(got.frequencies, d.inv_freq, `base ${d.base}, factor ${d.factor}, ${d.max_position_embeddings} positions, dim ${d.dim}, length ${d.length}`);
  }
});

test("torch's float32 pow: base ** (arange(0, dim, 2) / dim) over bases and dimensions, to the bit", async () => {
  // The bytes beside the glue as it resolved (npm run test:sanitize redirects it to the sanitized build).
  const wasm = new URL('posenc-wasm.wasm', import.meta.resolve('../../dist/posenc-wasm.js'));
  const raw = await createPosenc({ wasmBinary: readFileSync(wasm), locateFile: (f) => f });
  let values = 0;
  for (const [base, dims] of Object.entries(golden.pow))
    for (const [dim, packed] of Object.entries(dims)) {
      const exponents = Float32Array.from({ length: dim / 2 }, (_, i) => Math.fround(Math.fround(2 * i) / Math.fround(dim)));
      sameBits(raw.torchPow(Number(base), exponents), split(packed), `${base} ** (arange(0, ${dim}, 2) / ${dim})`);
      values += dim / 2;
    }
  assert.ok(values > 15000, `${values} values`);
  // Why it is emulated: torch's values are not float32(pow in double) in hundreds of these.
  assert.ok(golden.powNotCorrectlyRounded.differing > 100);
});

test('dtype: float64 unless asked, its type checked and named', () => {
  const f64 = pe.ropeFrequencies(128, { base: 500000 });
  assert.ok(f64.frequencies instanceof Float64Array);
  assert.deepEqual(pe.ropeFrequencies(128, { base: 500000, dtype: 'float64' }), f64);
  const f32 = pe.ropeFrequencies(128, { base: 500000, dtype: 'float32' });
  assert.ok(f32.frequencies instanceof Float32Array);
  assert.equal(f32.attentionFactor, f64.attentionFactor);
  const llama = configOf('llama-3.1-8b.json');
  assert.ok(pe.ropeFromConfig(llama).frequencies instanceof Float64Array);
  assert.ok(pe.ropeFromConfig(llama, { dtype: 'float32' }).frequencies instanceof Float32Array);
  assertErrors([
    [() => pe.ropeFrequencies(128, { dtype: 32 }), TypeError, "dtype must be 'float32' or 'float64', got 32"],
    [() => pe.ropeFrequencies(128, { dtype: null }), TypeError, "dtype must be 'float32' or 'float64', got null"],
    [() => pe.ropeFromConfig(llama, { dtype: Float32Array }), TypeError, "dtype must be 'float32' or 'float64', got a function"],
    // An unknown name is a RangeError, as for every other choice (rope's dtype included).
    [() => pe.ropeFrequencies(128, { dtype: 'bfloat16' }), RangeError, "dtype must be 'float32' or 'float64', got \"bfloat16\""],
    [() => pe.ropeFromConfig(llama, { dtype: 'float16' }), RangeError, "dtype must be 'float32' or 'float64', got \"float16\""],
    [() => pe.ropeFrequencies(128, { out: new Float32Array(64) }), TypeError, 'ropeFrequencies has no option "out" (options: base, scaling, length, rotaryDims, dtype)'],
  ], () => assert.ok(pe.ropeFrequencies(8, { dtype: 'float32' }).frequencies instanceof Float32Array));
});
