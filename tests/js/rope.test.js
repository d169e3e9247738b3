// Rotary embeddings through the package against tests/golden/rope-*.json, which
// scripts/golden/rope.py computes with transformers' / GPT-J's / Meta's formulas in torch
// (float64, and float32 the way the models run), plus the identities of the rotation.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init } from 'posenc';

const pe = await init();
const golden = (name) => JSON.parse(readFileSync(new URL(`../golden/${name}`, import.meta.url))).cases;
const frequencyCases = golden('rope-frequencies.json');
const rotationCases = golden('rope-rotations.json');

// Largest |a - b| / scale.
function worst(actual, expected, scale = () => 1) {
  assert.equal(actual.length, expected.length);
  let w = 0;
  for (let i = 0; i < actual.length; i++) w = Math.max(w, Math.abs(actual[i] - expected[i]) / scale(i));
  return w;
}

const F32_ULP = 2 ** -23;  // float32's spacing at 1: an ulp of x is at most F32_ULP |x|

for (const c of frequencyCases) {
  test(`frequencies: ${c.name}`, () => {
    const { frequencies, attentionFactor } = pe.ropeFrequencies(c.headDim, {
      base: c.base, scaling: c.scaling, length: c.length, rotaryDims: c.rotaryDims });
    assert.equal(attentionFactor, c.attentionFactor);  // the same double arithmetic as Python's
    // float64: within a few ulp of torch's pow (ours is exp of a compensated log, 2 ulp).
    assert.ok(worst(frequencies, c.frequencies, (i) => c.frequencies[i]) < 1e-14);
    // The models' float32 inv_freq: base ** (arange / d) in float32 (pow within an ulp), then
    // 1 / that and the scaling's few operations, each half an ulp: 4 ulp.
    const f32 = c.frequencies32.map(Math.fround);
    assert.ok(worst(frequencies, f32, (i) => f32[i]) <= 4 * F32_ULP, `${worst(frequencies, f32, (i) => f32[i])}`);
  });
}

function ropeOf(c, dtype, data = c.data) {
  const opts = { base: c.base, scaling: c.scaling, layout: c.layout, rotaryDims: c.rotaryDims, dtype };
  if (c.positions) opts.positions = c.positions;
  else opts.start = c.start;
  if (c.length !== undefined) opts.length = c.length;
  return pe.rope({ rows: c.rows, cols: c.cols, data: Float32Array.from(data) }, opts).data;
}

for (const c of rotationCases) {
  test(`rotation: ${c.name}`, () => {
    const largest = Math.max(...(c.positions ?? [c.start + c.rows - 1]));
    const scale = Math.max(...c.data.map(Math.abs));
    const factor = pe.ropeFrequencies(c.cols, { base: c.base, scaling: c.scaling, rotaryDims: c.rotaryDims, length: c.length ?? largest + 1 }).attentionFactor;
    const bound = 2 * factor * scale;  // |x1 cos - x2 sin| <= a (|x1| + |x2|)
    // float64: libm's sin/cos of double angles, like torch's. The angle p * theta is rounded
    // (half an ulp: 2^-53 p theta_0, theta_0 <= 1) and the two theta differ by a few ulp (above),
    // so the angles differ by up to ~6 * 2^-53 * p: 1e-12 relative up to position ~1500, growing
    // beyond (2e-11 at 163839, DeepSeek-V2's last position).
    const y64 = ropeOf(c, 'float64');
    const angle64 = 6 * 2 ** -53 * (largest + 1);
    assert.ok(worst(y64, c.expected) <= (1e-13 + angle64) * bound, `float64 off by ${worst(y64, c.expected)}`);
    // float32 (the recurrence, or libm for position lists): exact angles, the turn in float32
    // arithmetic: c and s rounded, each product and the sum rounded, 2^-24 of a (|x1| + |x2|)
    // each, so 3 * 2^-24 * bound = 1.5 F32_ULP * bound.
    const y32 = ropeOf(c, 'float32');
    assert.ok(worst(y32, c.expected) <= 1.5 * F32_ULP * bound, `float32 off by ${worst(y32, c.expected)}`);
    // Against the model's own float32 arithmetic: its angle float32(theta32 * float32(p)) is
    // off by about an ulp of the angle, up to p * theta_0 * 2^-24 with theta_0 <= 1, i.e. more
    // the larger the position (2^-24 * 10^5 = 6e-3 rad at position 10^5); theta32 adds 4 ulp
    // (above), cos/sin and the products a few ulp of the values, on both sides.
    const angleError = 5 * F32_ULP * (largest + 1);
    const model = c.expected32.map(Math.fround);
    assert.ok(worst(y32, model) <= bound * (angleError + 4 * F32_ULP), `vs model float32: ${worst(y32, model)}`);
  });
}

test('position 0 is the identity times the attention factor; lengths kept times it', () => {
  const scaling = { rope_type: 'yarn', factor: 16, original_max_position_embeddings: 4096 };
  const a = pe.ropeFrequencies(64, { scaling }).attentionFactor;
  assert.equal(a, 0.1 * Math.log(16) + 1);
  const data = Float64Array.from({ length: 64 }, (_, i) => Math.sin(i * 1.7));
  const at0 = pe.rope({ rows: 1, cols: 64, data }, { scaling, dtype: 'float64', layout: 'concatenated' }).data;
  assert.ok(worst(at0, data.map((x) => a * x)) <= 1e-15 * a);
  const norm = (v) => Math.hypot(...v);
  for (const start of [1, 4095, 1e5, 1e9]) {
    const y = pe.rope({ rows: 1, cols: 64, data }, { scaling, start, dtype: 'float64' }).data;
    assert.ok(Math.abs(norm(y) - a * norm(data)) <= 1e-14 * a * norm(data), `start ${start}`);
  }
});

test('q(m) . k(n) depends only on m - n (the Toeplitz property inside attention)', () => {
  const scaling = { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 };
  const q = Float64Array.from({ length: 128 }, (_, i) => Math.cos(i * 0.37));
  const k = Float64Array.from({ length: 128 }, (_, i) => Math.sin(i * 0.91 + 1));
  const opts = { base: 500000, scaling, dtype: 'float64', layout: 'concatenated' };
  const at = (v, pos) => pe.rope({ rows: 1, cols: 128, data: v }, { ...opts, positions: [pos] }).data;
  const score = (m, n) => at(q, m).reduce((s, x, i) => s + x * at(k, n)[i], 0);
  const reference = score(9, 2);
  for (const m of [7, 100, 8191, 65536, 131071])
    assert.ok(Math.abs(score(m, m - 7) - reference) <= 1e-11 * Math.abs(reference) + 1e-11, `m ${m}`);
});

test('R(a) R(b) = R(a + b) through the API, both layouts, partial rotary', () => {
  for (const layout of ['interleaved', 'concatenated']) {
    const data = Float64Array.from({ length: 96 }, (_, i) => Math.cos(i));
    const opts = { layout, rotaryDims: 24, dtype: 'float64' };
    const once = pe.rope({ rows: 1, cols: 96, data }, { ...opts, start: 1234.5 }).data;
    const first = pe.rope({ rows: 1, cols: 96, data }, { ...opts, start: 1000 });
    const twice = pe.rope(first, { ...opts, start: 234.5 }).data;
    assert.ok(worst(twice, once) <= 1e-12);
    assert.deepEqual(once.subarray(24), data.subarray(24));  // the pass-through columns
  }
});

test('start and positions agree; out receives the result; out may be the input', () => {
  const data = Float32Array.from({ length: 8 * 32 }, (_, i) => Math.sin(i));
  const matrix = { rows: 8, cols: 32, data };
  const byStart = pe.rope(matrix, { start: 3 }).data;
  const byList = pe.rope(matrix, { positions: [3, 4, 5, 6, 7, 8, 9, 10] }).data;
  assert.ok(worst(byStart, byList) <= 1e-6);
  const out = new Float32Array(8 * 32);
  assert.equal(pe.rope(matrix, { start: 3, out }).data, out);
  assert.deepEqual(out, byStart);
  const inPlace = Float32Array.from(data);
  pe.rope({ rows: 8, cols: 32, data: inPlace }, { start: 3, out: inPlace });
  assert.deepEqual(inPlace, byStart);
  const out64 = new Float64Array(8 * 32);
  assert.equal(pe.rope(matrix, { start: 3, out: out64 }).data, out64);
  assert.ok(worst(out64, byStart) <= 1e-6);
});

test('dynamic scaling: length defaults to the largest position + 1', () => {
  const scaling = { type: 'dynamic', factor: 2, max_position_embeddings: 2048 };
  const data = Float64Array.from({ length: 32 }, (_, i) => Math.cos(i));
  const matrix = { rows: 2, cols: 16, data };
  const opts = { scaling, dtype: 'float64', positions: [10, 4999] };
  assert.deepEqual(pe.rope(matrix, opts).data, pe.rope(matrix, { ...opts, length: 5000 }).data);
  assert.notDeepEqual(pe.rope(matrix, opts).data, pe.rope(matrix, { ...opts, length: 2048 }).data);
  const f = (length) => pe.ropeFrequencies(16, { scaling, length }).frequencies;
  assert.deepEqual(f(1000), pe.ropeFrequencies(16).frequencies);
  assert.ok(f(5000)[1] < f(1000)[1]);  // a larger base: slower pairs
});

test('rope_scaling: a null rope_type is unset, so the legacy type key decides (as transformers reads it)', () => {
  const legacy = pe.ropeFrequencies(64, { scaling: { type: 'linear', factor: 4 } });
  const nulled = pe.ropeFrequencies(64, { scaling: { rope_type: null, type: 'linear', factor: 4 } });
  assert.deepEqual(Array.from(nulled.frequencies), Array.from(legacy.frequencies));
  assert.notDeepEqual(Array.from(nulled.frequencies), Array.from(pe.ropeFrequencies(64).frequencies));
});
