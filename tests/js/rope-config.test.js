// pe.ropeFromConfig against transformers v5 on real models' config.json files and their v5 twins
// (tests/golden/rope-configs.json, written by scripts/golden/rope_configs.py from transformers'
// own code, float64), every bad input and its message, and pe.rope with a config.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init } from 'posenc';
import { assertErrors } from './helpers.js';

const pe = await init();
const DIR = new URL('../fixtures/configs/', import.meta.url);
const golden = JSON.parse(readFileSync(new URL('../golden/rope-configs.json', import.meta.url), 'utf8'));
const configOf = (file) => JSON.parse(readFileSync(new URL(file, DIR), 'utf8'));

// Frozen all the way down: reading must not change a config (a write would throw).
function frozen(value) {
  if (value && typeof value === 'object') for (const v of Object.values(Object.freeze(value))) frozen(v);
  return value;
}

function close(got, want, what) {
  assert.equal(got.length, want.length, `${what}: ${got.length} frequencies, transformers ${want.length}`);
  for (let i = 0; i < want.length; i++)
    assert.ok(Math.abs(got[i] - want[i]) <= 1e-12 * Math.abs(want[i]), `${what}[${i}]: ${got[i]} vs transformers ${want[i]}`);
}

// What transformers warns about, and the words of posenc's warning for it.
const SAME_WARNING = [[/Unrecognized keys/, /does not read|is per layer kind/], [/Please set the `factor` field/, /has no factor/],
  [/high_freq_factor field must be greater/, /no band is smoothed/], [/The explicitly set RoPE scaling factor/, /differs from max_position_embeddings/]];

// Edge configs transformers reads but posenc refuses: the numbers transformers would compute are
// not the ones the file asks for (each with posenc's message; tested below).
const REFUSED_HERE = {
  'edge/gpt-oss-v5-full-only.json': [RangeError, /^config\.rope_parameters\.sliding_attention is missing: config\.rope_parameters is keyed by layer kind \(full_attention\) but this gpt_oss model also has sliding_attention layers/],
};
const readable = Object.entries(golden.configs).filter(([file, g]) => !g.error && !g.skipped && !(file in REFUSED_HERE));
assert.ok(readable.length >= 60, 'the golden file has the real configs and their v5 twins');

for (const [file, g] of readable)
  test(`${file}: as transformers v5 reads it`, () => {
    const config = frozen(configOf(file));
    const kinds = Object.keys(g.rope).filter((k) => g.rope[k] !== null);  // null: a kind without RoPE
    for (const layerType of kinds) {
      const want = g.rope[layerType], what = `${file} ${layerType}`;
      const got = pe.ropeFromConfig(config, { layerType });
      assert.equal(got.modelType, g.model_type, what);
      assert.equal(got.headDim, want.head_dim, `${what}: head_dim`);
      assert.equal(got.rotaryDims, want.rotary_dims, `${what}: rotary dimensions`);
      assert.equal(got.ropeType, want.rope_type, `${what}: rope_type`);
      assert.equal(got.base, want.rope_theta, `${what}: rope_theta`);
      close(got.frequencies, want.inv_freq, `${what} inv_freq`);
      assert.ok(Math.abs(got.attentionFactor - want.attention_scaling) <= 1e-12 * want.attention_scaling, `${what}: attention ${got.attentionFactor} vs ${want.attention_scaling}`);
      if (want.at_length) {
        const at = pe.ropeFromConfig(config, { layerType, length: want.at_length.length });
        close(at.frequencies, want.at_length.inv_freq, `${what} at length ${want.at_length.length}`);
        assert.equal(at.attentionFactor, got.attentionFactor, `${what}: the attention factor does not change with the length`);
      }
      if (g.max_position_embeddings) assert.equal(got.maxPositions, g.max_position_embeddings, `${what}: max_position_embeddings`);
      assert.deepEqual(got.mropeSection, g.mrope_section ?? undefined, `${what}: mrope_section`);
    }
    const first = pe.ropeFromConfig(config);
    if (g.layer_types?.length && !g.shared_across_layer_kinds) assert.deepEqual(first.layers, g.layer_types, `${file}: every layer's kind`);
    assert.deepEqual(first.kindsWithoutRope, g.nope_layer_kinds ?? [], `${file}: kinds without RoPE`);
    if (!first.kindsWithoutRope.includes('full_attention') && kinds.includes('full_attention')) assert.equal(first.layerType, 'full_attention');
    for (const warning of g.warnings) {
      const [, ours] = SAME_WARNING.find(([theirs]) => theirs.test(warning)) ?? [];
      assert.ok(ours, `${file}: transformers warns "${warning.slice(0, 80)}…", which this test does not know`);
      assert.ok(first.warnings.some((w) => ours.test(w)), `${file}: posenc says nothing of "${warning.slice(0, 80)}…" (its warnings: ${first.warnings.join(' | ')})`);
    }
  });

test('a v5 rope_parameters keyed by layer kind but missing one is refused, naming the missing kind (transformers would use plain RoPE)', () => {
  for (const [file, [name, message]] of Object.entries(REFUSED_HERE)) {
    const g = golden.configs[file];
    // What transformers does with it: plain RoPE for every kind, and a log line only.
    assert.ok(Object.values(g.rope).every((r) => r === null || r.rope_type === 'default'), `${file}: transformers reads it as plain RoPE`);
    assert.ok(g.warnings.some((w) => /Unrecognized keys/.test(w)), `${file}: transformers only logs`);
    assert.throws(() => pe.ropeFromConfig(configOf(file)), (e) => e instanceof name && message.test(e.message), file);
  }
  // A kind without RoPE needs no entry: Command R7B's full_attention layers have none.
  const cohere = configOf('command-r7b.json');
  const sliding = { rope_type: 'default', rope_theta: cohere.rope_theta ?? 50000 };
  const read = pe.ropeFromConfig({ ...cohere, rope_theta: undefined, rope_scaling: undefined, rope_parameters: { sliding_attention: sliding } });
  assert.equal(read.layerType, 'sliding_attention');
  // Models that read one dict per kind fill a missing kind with plain RoPE, as transformers does, and say so.
  for (const [file, kind] of [['edge/gemma3-v5-no-sliding.json', 'sliding_attention'], ['edge/olmo3-v5-no-full.json', 'full_attention'], ['edge/modernbert-v5-no-sliding.json', 'sliding_attention']]) {
    const read = pe.ropeFromConfig(configOf(file), { layerType: kind });
    assert.ok(read.filled.some((f) => f.key === `rope_parameters.${kind}` && /missing: transformers' \w+ gives \w+ layers plain RoPE/.test(f.why)), `${file}: ${JSON.stringify(read.filled)}`);
  }
});

test('a legacy config and its v5 twin give identical numbers', () => {
  const twins = readable.filter(([file]) => file.startsWith('v5/'));
  assert.ok(twins.length >= 30);
  for (const [twin] of twins) {
    const legacy = twin.slice(3);
    for (const layerType of Object.keys(golden.configs[legacy].rope).filter((k) => golden.configs[legacy].rope[k] !== null)) {
      const [a, b] = [legacy, twin].map((f) => pe.ropeFromConfig(configOf(f), { layerType }));
      assert.deepEqual([Array.from(b.frequencies), b.attentionFactor, b.rotaryDims, b.layers], [Array.from(a.frequencies), a.attentionFactor, a.rotaryDims, a.layers], `${twin} ${layerType}`);
    }
  }
});

test('configs transformers v5 cannot load are read with a warning that says so, never silently', () => {
  const refused = Object.entries(golden.configs).filter(([file, g]) => g.error && !file.startsWith('edge/')).map(([file]) => file);
  assert.deepEqual(refused.sort(), ['falcon-7b-refinedweb.json', 'phi-3-mini-128k-instruct.json']);
  const su = pe.ropeFromConfig(configOf('phi-3-mini-128k-instruct.json'));
  assert.match(su.warnings[0], /'su' is read as 'longrope'.*transformers v5 itself fails to load this config/);
  // As Phi-3.5 reads: each frequency over its short factor, sqrt(1 + ln 32 / ln 4096).
  const { rope_scaling: s } = configOf('phi-3-mini-128k-instruct.json');
  const plain = pe.ropeFrequencies(96, { base: 10000 }).frequencies;
  close(su.frequencies, plain.map((f, i) => f / s.short_factor[i]), 'phi-3-mini su');
  assert.equal(su.attentionFactor, Math.sqrt(1 + Math.log(32) / Math.log(4096)));
  const rw = pe.ropeFromConfig(configOf('falcon-7b-refinedweb.json'));
  assert.match(rw.warnings[0], /model_type 'RefinedWebModel' is not one posenc knows: read as a Llama-style model/);
});

test('edge cases transformers refuses are refused too, naming the key', () => {
  const edges = Object.entries(golden.configs).filter(([file, g]) => file.startsWith('edge/') && g.error);
  assert.deepEqual(edges.map(([file]) => file), ['edge/phi3-original-1.json']);
  assert.throws(() => pe.ropeFromConfig(configOf('edge/phi3-original-1.json')),
    { name: 'RangeError', message: 'config.original_max_position_embeddings must be a number > 1 (the attention factor divides by its logarithm), got 1' });
});

test('Llama 4 (a config built from its documented keys: none is public here): chunked layers rotate, every 4th has no RoPE', () => {
  const llama4 = frozen({ model_type: 'llama4', text_config: { model_type: 'llama4_text', num_hidden_layers: 8, hidden_size: 5120, num_attention_heads: 40,
    rope_theta: 500000.0, max_position_embeddings: 10485760,
    rope_scaling: { rope_type: 'llama3', factor: 16.0, low_freq_factor: 1.0, high_freq_factor: 1.0, original_max_position_embeddings: 8192 } } });
  const r = pe.ropeFromConfig(llama4);
  assert.deepEqual(r.layers, ['chunked_attention', 'chunked_attention', 'chunked_attention', 'full_attention', 'chunked_attention', 'chunked_attention', 'chunked_attention', 'full_attention']);
  assert.deepEqual([r.layerType, r.kindsWithoutRope, r.headDim, r.layout], ['chunked_attention', ['full_attention'], 128, 'interleaved']);
  assert.ok(r.warnings.some((w) => /high_freq_factor \(1\) is not greater than low_freq_factor \(1\)/.test(w)));
  // No band: wavelengths above 8192 divided by 16, the rest kept (llama3 with equal factors).
  const plain = pe.ropeFrequencies(128, { base: 500000 }).frequencies;
  close(r.frequencies, plain.map((f) => (2 * Math.PI / f > 8192 ? f / 16 : f)), 'llama4');
  assert.throws(() => pe.ropeFromConfig(llama4, { layerType: 'full_attention' }),
    { name: 'Error', message: "layerType 'full_attention' has no rotary embedding in this llama4_text model (no positions at all: NoPE)" });
});

test('every bad config or option throws, naming the key and the value', () => {
  const llama = (more) => ({ model_type: 'llama', hidden_size: 4096, num_attention_heads: 32, ...more });
  const LLAMA3 = { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 };
  const phi = configOf('phi-3.5-mini-instruct.json');
  assertErrors([
    [() => pe.ropeFromConfig('{}'), TypeError, 'config must be a config.json object, got "{}"'],
    [() => pe.ropeFromConfig(llama({ rope_scaling: { rope_type: 'ntk', factor: 2 } })), RangeError,
      "config.rope_scaling.rope_type must be one of 'default', 'linear', 'dynamic', 'yarn', 'longrope', 'llama3', got \"ntk\""],
    [() => pe.ropeFromConfig({ ...phi, rope_scaling: { ...phi.rope_scaling, long_factor: phi.rope_scaling.long_factor.slice(1) } }), RangeError,
      'config.rope_scaling.long_factor must have rotaryDims / 2 = 48 numbers, got 47'],
    [() => pe.ropeFromConfig({ ...phi, rope_scaling: { ...phi.rope_scaling, short_factor: '1, 2' } }), TypeError,
      'config.rope_scaling.short_factor must be an array of numbers (one per rotary pair), got "1, 2"'],
    [() => pe.ropeFromConfig(llama({ rope_theta: 0 })), RangeError, 'config.rope_theta must be a number > 1, got 0'],
    [() => pe.ropeFromConfig(llama({ rope_theta: '10000' })), RangeError, 'config.rope_theta must be a number > 1, got "10000"'],
    [() => pe.ropeFromConfig(llama({ rope_scaling: { ...LLAMA3, rope_theta: -5 } })), RangeError, 'config.rope_scaling.rope_theta must be a number > 1, got -5'],
    [() => pe.ropeFromConfig({ model_type: 'gemma3', text_config: 'gemma' }), TypeError, 'config.text_config must be an object, got "gemma"'],
    [() => pe.ropeFromConfig({ model_type: 'gemma3_text', num_hidden_layers: 6, rope_parameters: { rope_type: 'linear', factor: 8 } }), RangeError,
      'config.rope_parameters must hold one dict per layer kind for gemma3_text (full_attention, sliding_attention), got keys rope_type, factor'],
    [() => pe.ropeFromConfig({ model_type: 'gemma3_text', num_hidden_layers: 6, rope_parameters: { full_attention: 'linear' } }), TypeError,
      'config.rope_parameters.full_attention must be an object or null, got "linear"'],
    [() => pe.ropeFromConfig(llama({ rope_scaling: { rope_type: 'constructor', factor: 2 } })), RangeError,
      "config.rope_scaling.rope_type must be one of 'default', 'linear', 'dynamic', 'yarn', 'longrope', 'llama3', got \"constructor\""],
    [() => pe.ropeFromConfig(llama({ rope_scaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 4096, beta_fast: '32' } })), TypeError,
      'config.rope_scaling.beta_fast must be a number, got "32"'],
    [() => pe.ropeFromConfig({ ...phi, original_max_position_embeddings: '4096' }), RangeError, 'config.original_max_position_embeddings must be a number > 0, got "4096"'],
    [() => pe.ropeFromConfig(llama({ partial_rotary_factor: 0 })), RangeError, 'config.partial_rotary_factor must be a number in (0, 1], got 0'],
    [() => pe.ropeFromConfig(llama({ partial_rotary_factor: 1.5 })), RangeError, 'config.partial_rotary_factor must be a number in (0, 1], got 1.5'],
    [() => pe.ropeFromConfig(llama({ rope_scaling: { ...LLAMA3, low_freq_factor: undefined } })), RangeError, "config.rope_scaling.low_freq_factor is required for rope_type 'llama3'"],
    [() => pe.ropeFromConfig(llama({ rope_scaling: { rope_type: 'linear', factor: 0 } })), RangeError, 'config.rope_scaling.factor must be a number > 0, got 0'],
    [() => pe.ropeFromConfig(llama({ rope_scaling: { rope_type: 'yarn', factor: -2, original_max_position_embeddings: 4096 } })), RangeError, 'config.rope_scaling.factor must be a number > 0, got -2'],
    [() => pe.ropeFromConfig(llama(), { length: -1 }), RangeError, 'length must be a finite number >= 0, got -1'],
    [() => pe.ropeFromConfig(llama(), { layerType: 'sliding_attention' }), Error, "layerType 'sliding_attention' is not a layer kind of this model (it has 'full_attention')"],
    [() => pe.ropeFromConfig(llama(), { window: 4 }), TypeError, 'ropeFromConfig has no option "window" (options: layerType, length, dtype)'],
    [() => pe.ropeFromConfig({ model_type: 'llama', hidden_size: 4096 }), RangeError, 'config.num_attention_heads must be a whole number > 0, got nothing'],
    [() => pe.ropeFromConfig(llama({ num_attention_heads: 3 })), RangeError, 'config.hidden_size / config.num_attention_heads must be a whole number, got 4096 / 3'],
    [() => pe.ropeFromConfig({ model_type: 'llama', head_dim: 1e9 }), RangeError, 'config.head_dim must give an even head dimension up to 65536, got 1000000000'],
    [() => pe.ropeFromConfig(llama({ num_attention_heads: 4096 })), RangeError, 'config.hidden_size / config.num_attention_heads must give an even head dimension up to 65536, got 1'],
    [() => pe.ropeFromConfig({ model_type: 'gemma3_text', num_hidden_layers: 1e9 }), RangeError, 'config.num_hidden_layers must be a whole number from 1 to 100000, got 1000000000'],
    [() => pe.ropeFromConfig({ model_type: 'falcon', hidden_size: 4544, num_attention_heads: 71, alibi: true }), Error, 'this falcon model has no rotary embedding (alibi: true, positions by ALiBi)'],
    [() => pe.ropeFromConfig({ ...configOf('phi-4.json'), rope_scaling: { rope_type: 'linear', factor: 2 } }), RangeError,
      "config.rope_scaling.rope_type must be 'default' or 'longrope' for phi3 (transformers refuses others), got 'linear'"],
    [() => pe.rope({ rows: 1, cols: 64, data: new Float32Array(64) }, { config: llama() }), RangeError, "matrix.cols must equal the model's head dimension 128 (config: llama), got 64"],
    [() => pe.rope({ rows: 1, cols: 128, data: new Float32Array(128) }, { config: llama(), base: 10 }), TypeError, 'rope takes config or base, not both (the config sets it)'],
    [() => pe.rope({ rows: 1, cols: 128, data: new Float32Array(128) }, { config: llama({ rope_scaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 4096, beta_fast: -1 } }) }), RangeError,
      'config.rope_scaling.beta_fast must be a finite number >= 0, got -1'],
  ], () => assert.equal(pe.ropeFromConfig(configOf('llama-2-7b.json')).headDim, 128));
});

test('pe.rope with a config turns as the model does: its base, scaling, rotary part and layout', () => {
  for (const [file, layerType, positions] of [['gemma-3-4b-it.json', 'sliding_attention', [0, 5, 4097]], ['gemma-3-4b-it.json', 'full_attention', [3]],
    ['gpt-neox-20b.json', undefined, [1, 100]], ['gpt-j-6b.json', undefined, [7]], ['phi-3.5-mini-instruct.json', undefined, [9000]], ['deepseek-v3.json', undefined, [2, 3]]]) {
    const config = configOf(file), read = pe.ropeFromConfig(config, { layerType });
    const rows = positions.length, cols = read.headDim;
    const data = Float64Array.from({ length: rows * cols }, (_, i) => Math.sin(i + 1));
    const got = pe.rope({ rows, cols, data }, { config, layerType, positions, dtype: 'float64' }).data;
    const want = pe.rope({ rows, cols, data }, { base: read.base, scaling: { ...read.parameters, max_position_embeddings: read.maxPositions },
      rotaryDims: read.rotaryDims, layout: read.layout, positions, dtype: 'float64' }).data;
    assert.deepEqual(Array.from(got), Array.from(want), `${file} ${layerType ?? ''}`);
    // The rotated part turns by position × each frequency (times the attention factor): pair 0.
    const [a, b] = read.layout === 'interleaved' ? [0, 1] : [0, read.rotaryDims / 2], p = positions.at(-1), r = rows - 1;
    const angle = p * (p > (read.parameters.original_max_position_embeddings ?? Infinity) && read.ropeType === 'longrope'
      ? pe.ropeFromConfig(config, { layerType, length: p + 1 }).frequencies[0] : read.frequencies[0]);
    const x = data[r * cols + a], y = data[r * cols + b];
    assert.ok(Math.abs(got[r * cols + a] - read.attentionFactor * (x * Math.cos(angle) - y * Math.sin(angle))) < 1e-12, `${file}: pair 0`);
  }
});

test('what the file leaves out is filled as transformers fills it, and said', () => {
  const gemma = pe.ropeFromConfig(configOf('gemma-3-4b-it.json'), { layerType: 'sliding_attention' });
  assert.deepEqual(gemma.filled.map((f) => f.key), ['text_config.layer_types', 'text_config.head_dim', 'text_config.max_position_embeddings', 'text_config.rope_local_base_freq']);
  assert.deepEqual(gemma.filled.find((f) => f.key === 'text_config.head_dim'), { key: 'text_config.head_dim', value: 256, why: "gemma3_text's default head_dim" });
  const neox = pe.ropeFromConfig({ model_type: 'gpt_neox', hidden_size: 6144, num_attention_heads: 64 });
  assert.deepEqual([neox.rotaryDims, neox.filled.map((f) => [f.key, f.value])], [24, [['max_position_embeddings', 2048], ['rope_theta', 10000], ['rotary_pct', 0.25]]]);
  const unknown = pe.ropeFromConfig({ model_type: 'bloom-rope', head_dim: 64, rope_theta: 1e4 });
  assert.match(unknown.warnings[0], /model_type 'bloom-rope' is not one posenc knows/);
  assert.match(pe.ropeFromConfig({ model_type: 'constructor', head_dim: 64 }).warnings[0], /model_type 'constructor' is not one posenc knows/);
  // A "__proto__" key is a key like any other (never a prototype): unread, and said.
  const proto = pe.ropeFromConfig({ model_type: 'gemma3_text', num_hidden_layers: 6, rope_scaling: JSON.parse('{"__proto__": {"rope_type": "linear", "factor": 8}}') });
  assert.equal(proto.ropeType, 'default');
  assert.match(proto.warnings.join(' '), /config\.rope_scaling has keys that rope_type 'default' does not read: __proto__/);
  // transformers reads a per-kind dict as one plain dict for models without per-kind rope: said.
  const perKind = pe.ropeFromConfig(configOf('edge/llama-per-kind-rope-parameters.json'));
  assert.deepEqual([perKind.ropeType, perKind.base], ['default', 10000]);
  assert.match(perKind.warnings.join(' '), /config\.rope_parameters is per layer kind \(full_attention\), which transformers does not read for llama/);
  // DeepSeek without qk_rope_head_dim: its default 64, said; rope_interleave false: concatenated.
  const deepseek = pe.ropeFromConfig(configOf('edge/deepseek-v3-no-qk-rope-head-dim.json'));
  assert.deepEqual(deepseek.filled.find((f) => f.key === 'qk_rope_head_dim'), { key: 'qk_rope_head_dim', value: 64, why: "deepseek_v3's default qk_rope_head_dim" });
  assert.equal(pe.ropeFromConfig({ ...configOf('deepseek-v3.json'), rope_interleave: false }).layout, 'concatenated');
});
