// RoPE over several axes through the package against tests/golden/vision.json, which
// scripts/golden/vision.py computes by running the frameworks' own code (diffusers' FluxPosEmbed
// and apply_rotary_emb, EVA-02's VisionRotaryEmbeddingFast and timm, transformers' Qwen2-VL vision
// tower, Qwen2VLRotaryEmbedding + apply_multimodal_rotary_pos_emb and get_rope_index at main
// decba1d2 and at 4542b8fb): axial RoPE, M-RoPE with the real Qwen2-VL-7B and Qwen2.5-VL-7B
// configs (legacy and v5), pe.mropePositions, and every bad input with its error.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init } from 'posenc';
import { assertErrors } from './helpers.js';

const pe = await init();
const golden = JSON.parse(readFileSync(new URL('../golden/vision.json', import.meta.url)));
const config = (file) => JSON.parse(readFileSync(new URL(`../fixtures/configs/${file}`, import.meta.url)));
const CAP = pe.limits.maxElements;

const F32_ULP = 2 ** -23;  // float32's spacing at 1: an ulp of x is at most F32_ULP |x|

// Each row's scale: |x1| + |x2| <= 2 max |x| bounds what a rotation of the row can give.
const rowScales = (c) => Array.from({ length: c.rows }, (_, r) => 2 * Math.max(...c.data.slice(r * c.cols, (r + 1) * c.cols).map(Math.abs)));

// Largest |a - b| / scale of a's row.
function worst(actual, expected, cols, scales) {
  assert.equal(actual.length, expected.length);
  let w = 0;
  for (let i = 0; i < actual.length; i++) w = Math.max(w, Math.abs(actual[i] - expected[i]) / scales[Math.floor(i / cols)]);
  return w;
}

const largestPosition = (positions) => Math.max(...positions.flatMap((axis) => Array.from(axis, Math.abs)));

// float64 (the frameworks' float64 runs; 1e-12 relative to the row's scale): θ differ by a few ulp
// (ours: exp of a compensated log, within 2 ulp; torch's pow) and each angle p·θ is rounded, so
// angles differ by about 6·2^-53·p, far below 1e-12 at these positions (< 50).
//
// float32 (within 1e-6 of the float64 run): posenc computes in double and rounds each value once,
// 2^-24 of the row's scale.
//
// Against the model's own float32 arithmetic: its θ are float32 (rounded, or float32 pow: up to
// 4 ulp of θ), its angles float32(θ32·p) another half ulp, so its angle is off by up to about
// 4.5·2^-23·p·θ ≤ 5·F32_ULP·p (θ ≤ 1); that moves a value by at most the angle error times
// |x1| + |x2|. Then cos and sin rounded to float32, the two products and their sum: 4·2^-24 of
// the scale (FLUX computes its angles in float64: only that last part). posenc's own rounding adds
// half an ulp.
function checkRotation(t, c, y64, y32, what) {
  const scales = rowScales(c), largest = largestPosition(c.positions);
  const w64 = worst(y64, c.expected, c.cols, scales);
  assert.ok(w64 <= 1e-12, `${what}: float64 off the framework's float64 by ${w64}`);
  const w32 = worst(y32, c.expected, c.cols, scales);
  assert.ok(w32 <= 1e-6, `${what}: float32 off the framework's float64 by ${w32}`);
  const model = c.expected32.map(Math.fround);
  const wModel = worst(y32, model, c.cols, scales);
  const bound = 5 * F32_ULP * (largest + 1) + 3 * F32_ULP;
  assert.ok(wModel <= bound, `${what}: float32 off the model's float32 by ${wModel} (bound ${bound})`);
  t.diagnostic(`${what}: float64 ${w64.toExponential(2)}, float32 ${w32.toExponential(2)}, vs the model's float32 ${wModel.toExponential(2)} (bound ${bound.toExponential(2)}), relative to the row's scale`);
}

const input = (c, Values) => ({ rows: c.rows, cols: c.cols, data: Values.from(c.data, Math.fround) });

for (const c of golden.axial) {
  test(`axial RoPE: ${c.name}`, (t) => {
    const opts = { positions: c.positions, axes: c.axes, base: c.base, layout: c.layout };
    const y64 = pe.rope(input(c, Float64Array), { ...opts, dtype: 'float64' }).data;
    const y32 = pe.rope(input(c, Float32Array), opts).data;
    assert.ok(y32 instanceof Float32Array && y64 instanceof Float64Array);
    checkRotation(t, c, y64, y32, c.framework);
    // Typed-array positions and axes, and `out` the input itself: the same numbers.
    const inPlace = input(c, Float64Array);
    const again = pe.rope(inPlace, { ...opts, positions: c.positions.map((p) => Float64Array.from(p)), axes: Int32Array.from(c.axes), out: inPlace.data });
    assert.equal(again.data, inPlace.data);
    assert.deepEqual(again.data, y64);
  });
}

test('FLUX: text tokens (ids 0) are not turned; one axis is the 1D rope with positions, bit for bit', () => {
  const flux = golden.axial.find((c) => c.framework === 'diffusers');
  const y = pe.rope(input(flux, Float64Array), { positions: flux.positions, axes: flux.axes, dtype: 'float64' }).data;
  assert.deepEqual(y.subarray(0, 3 * 128), Float64Array.from(flux.data.slice(0, 3 * 128), Math.fround));
  const m = { rows: 5, cols: 12, data: Float64Array.from({ length: 60 }, (_, i) => Math.sin(1.3 * i)) };
  const at = [0, 3, -2.5, 1e4, 123456];
  for (const layout of ['interleaved', 'concatenated'])
    for (const dtype of ['float32', 'float64']) {
      const oneD = pe.rope(m, { positions: at, layout, dtype, base: 500, rotaryDims: 8 }).data;
      assert.deepEqual(pe.rope(m, { positions: [at], axes: [8], layout, dtype, base: 500 }).data, oneD);
    }
});

test('axial scores depend only on the offsets, axis by axis', () => {
  const cols = 20, axes = [8, 12];
  const q = { rows: 1, cols, data: Float64Array.from({ length: cols }, (_, i) => Math.cos(0.7 * i + 0.2)) };
  const k = { rows: 1, cols, data: Float64Array.from({ length: cols }, (_, i) => Math.sin(1.9 * i - 0.4)) };
  const turn = (m, a, b) => pe.rope(m, { positions: [[a], [b]], axes, layout: 'concatenated', dtype: 'float64' }).data;
  const dot = (a, b) => a.reduce((s, v, i) => s + v * b[i], 0);
  const score = dot(turn(q, 3, -7), turn(k, 10, 2));
  for (const [s1, s2] of [[5, 0], [0, -40], [123, 456], [-1000, 17]])
    assert.ok(Math.abs(dot(turn(q, 3 + s1, -7 + s2), turn(k, 10 + s1, 2 + s2)) - score) < 1e-12);
  assert.ok(Math.abs(dot(turn(q, 4, -7), turn(k, 10, 2)) - score) > 1e-6);  // each axis counts
  assert.ok(Math.abs(dot(turn(q, 3, -6), turn(k, 10, 2)) - score) > 1e-6);
});

// transformers main: the golden `positions` are decba1d2's run; PR #48669 (merged since) truncates
// a Qwen2.5-VL video's frame t after the product, int(k · tokens_per_second · secondsPerGrid),
// the rule of 4.49 – 4.51 whose run is `positionsOld`. Here the video starts at the same id in
// both runs (checked), so main's ids are decba1d2's with the video's t from positionsOld.
function mainIds(c, cfg) {
  const ids = c.positions.map((axis) => [...axis]);
  if (cfg.model_type !== 'qwen2_5_vl') return ids;
  const merge = cfg.vision_config.spatial_merge_size;
  let n = 0;
  for (const s of c.segments) {
    const grid = s.image ?? s.video;
    const size = grid ? grid[0] * (grid[1] / merge) * (grid[2] / merge) : s.text;
    if (s.video) {
      assert.equal(c.positionsOld[1][n], c.positions[1][n], 'the video starts at the same id in both runs');
      for (let k = n; k < n + size; k++) ids[0][k] = c.positionsOld[0][k];
    }
    n += size;
  }
  return ids;
}

for (const c of golden.mrope) {
  test(`M-RoPE: ${c.name}`, (t) => {
    const legacy = config(c.config), v5 = config(`v5/${c.config}`);
    assert.ok(legacy.rope_scaling?.mrope_section && v5.rope_parameters?.mrope_section, 'a legacy and a v5 config');
    // By default the ids the checkpoints were trained with (text after a vision block at the
    // largest id + 1): 4542b8fb's run, which Qwen's own rope2d.py reproduces (the golden script
    // asserts it); with textStart 'start+side', transformers main's get_rope_index.
    const trained = pe.mropePositions(legacy, c.segments);
    assert.deepEqual(trained.positions.map((a) => Array.from(a)), c.positionsOld ?? c.positions);
    const ids = pe.mropePositions(legacy, c.segments, { textStart: 'start+side' });
    const main = mainIds(c, legacy);
    assert.deepEqual(ids.positions.map((a) => Array.from(a)), main);
    assert.deepEqual(pe.mropePositions(v5, c.segments), trained);
    assert.deepEqual(pe.mropePositions(v5, c.segments, { textStart: 'start+side' }), ids);
    // ropeDelta: largest id + 1 − tokens, the same under both rules (the largest id is the last
    // text's in Qwen's rule; main's text may end below the video's last frames).
    const largest = Math.max(...main.flat());
    assert.equal(ids.ropeDelta, largest + 1 - c.rows);
    assert.equal(trained.ropeDelta, Math.max(...(c.positionsOld ?? c.positions).flat()) + 1 - c.rows);
    if (!c.data) return;
    const opts = { config: legacy, positions: ids.positions };
    const y64 = pe.rope(input(c, Float64Array), { ...opts, dtype: 'float64' }).data;
    const y32 = pe.rope(input(c, Float32Array), opts).data;
    checkRotation(t, c, y64, y32, legacy.model_type);
    // v5 and legacy configs alike; plain-array positions too.
    assert.deepEqual(pe.rope(input(c, Float64Array), { config: v5, positions: c.positions, dtype: 'float64' }).data, y64);
    assert.deepEqual(pe.rope(input(c, Float32Array), { config: v5, positions: ids.positions }).data, y32);
  });
}

test('M-RoPE: text tokens (t = h = w) are the 1D rope of the config; the sections pick t, h and w', () => {
  const cfg = config('qwen2.5-vl-7b-instruct.json');
  const m = { rows: 4, cols: 128, data: Float64Array.from({ length: 512 }, (_, i) => Math.sin(0.37 * i)) };
  const at = [0, 5, 17, 1000];
  const plain = pe.rope(m, { config: cfg, positions: at, dtype: 'float64' }).data;
  assert.deepEqual(pe.rope(m, { config: cfg, positions: [at, at, at], dtype: 'float64' }).data, plain);
  // One unit vector per half-pair j: turned by t (j < 16), h (16 ≤ j < 40) or w (40 ≤ j < 64).
  const theta = pe.ropeFromConfig(cfg).frequencies, [tp, hp, wp] = [3, -11, 29];
  for (const j of [0, 15, 16, 39, 40, 63]) {
    const e = new Float64Array(128);
    e[j] = 1;
    const y = pe.rope({ rows: 1, cols: 128, data: e }, { config: cfg, positions: [[tp], [hp], [wp]], dtype: 'float64' }).data;
    const angle = (j < 16 ? tp : j < 40 ? hp : wp) * theta[j];
    assert.ok(Math.abs(y[j] - Math.cos(angle)) < 1e-15 && Math.abs(y[j + 64] - Math.sin(angle)) < 1e-15, `half-pair ${j}`);
  }
});

test('interleaved M-RoPE (Qwen3-VL): h every third pair from 1, w from 2, while their sections last; t the rest', () => {
  // transformers' apply_interleaved_mrope (qwen3_vl/modeling_qwen3_vl.py): freqs_t[..., offset:length:3] =
  // freqs[dim][..., offset:length:3] with length = mrope_section[dim] * 3, dim 1 (offset 1) and 2 (offset 2).
  const read = pe.ropeFromConfig(QWEN3_VL);
  assert.deepEqual([read.modelType, read.headDim, read.base, read.layout, read.mropeInterleaved], ['qwen3_vl_text', 128, 5e6, 'concatenated', true]);
  assert.deepEqual(read.mropeSection, [24, 20, 20]);
  const theta = read.frequencies, [tp, hp, wp] = [3, -11, 29];
  const axis = (j) => (j % 3 === 1 && j < 60 ? hp : j % 3 === 2 && j < 60 ? wp : tp);
  for (let j = 0; j < 64; j++) {
    const e = new Float64Array(128);
    e[j] = 1;
    const y = pe.rope({ rows: 1, cols: 128, data: e }, { config: QWEN3_VL, positions: [[tp], [hp], [wp]], dtype: 'float64' }).data;
    const angle = axis(j) * theta[j];
    assert.ok(Math.abs(y[j] - Math.cos(angle)) < 1e-15 && Math.abs(y[j + 64] - Math.sin(angle)) < 1e-15, `half-pair ${j}`);
  }
  // Text (t = h = w): the 1D rope; and Qwen2.5-VL's config with mrope_interleaved is still in blocks,
  // as transformers' Qwen2.5-VL never reads that flag.
  const x = { rows: 3, cols: 128, data: Float64Array.from({ length: 384 }, (_, i) => Math.cos(0.11 * i)) }, at = [0, 9, 4000];
  assert.deepEqual(pe.rope(x, { config: QWEN3_VL, positions: [at, at, at], dtype: 'float64' }).data, pe.rope(x, { config: QWEN3_VL, positions: at, dtype: 'float64' }).data);
  const flagged = { ...qwen25, rope_scaling: { ...qwen25.rope_scaling, mrope_interleaved: true } };
  assert.deepEqual(pe.rope(x, { config: flagged, positions: three.map(() => at), dtype: 'float64' }).data,
    pe.rope(x, { config: qwen25, positions: three.map(() => at), dtype: 'float64' }).data);
});

test('mropePositions: Qwen2-VL reads no secondsPerGrid; the config classes\' defaults; an image then a video', () => {
  const qwen2 = config('qwen2-vl-7b-instruct.json'), qwen25 = config('qwen2.5-vl-7b-instruct.json');
  const video = (secondsPerGrid) => [{ text: 2 }, { video: [3, 4, 4], ...(secondsPerGrid === undefined ? {} : { secondsPerGrid }) }, { text: 1 }];
  assert.deepEqual(pe.mropePositions(qwen2, video(7)), pe.mropePositions(qwen2, video()));
  // The text after the video: one past the largest id by default, its start 2 + max(H', W') = 4
  // with textStart 'start+side' (transformers since 5.3).
  const t = (config, rule) => Array.from(pe.mropePositions(config, video(), { textStart: rule }).positions[0]);
  assert.deepEqual(t(qwen2), [0, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5]);
  assert.deepEqual(t(qwen2, 'start+side'), [0, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4]);
  // Qwen2.5-VL: no secondsPerGrid is 1 (main's default), times tokens_per_second (2 in the 7B).
  assert.deepEqual(t(qwen25), [0, 1, 2, 2, 2, 2, 4, 4, 4, 4, 6, 6, 6, 6, 7]);
  assert.deepEqual(t(qwen25, 'start+side'), [0, 1, 2, 2, 2, 2, 4, 4, 4, 4, 6, 6, 6, 6, 4]);
  // Without vision_config: spatial_merge_size 2, tokens_per_second 4 (Qwen2_5_VLVisionConfig).
  const bare = { model_type: 'qwen2_5_vl' };
  assert.deepEqual(t(bare), [0, 1, 2, 2, 2, 2, 6, 6, 6, 6, 10, 10, 10, 10, 11]);
  assert.deepEqual(t(bare, 'start+side'), [0, 1, 2, 2, 2, 2, 6, 6, 6, 6, 10, 10, 10, 10, 4]);
  assert.deepEqual(pe.mropePositions({ model_type: 'qwen2_vl' }, video()), pe.mropePositions(qwen2, video()));
  // An image straight before a video (two runs of different types); empty texts add nothing. The
  // video starts at 2 under both rules (the image's largest id + 1 = 0 + max(H', W')); the text
  // after it at 5 (its last t, 4, + 1) or at 2 + max(H', W') = 3, below that last t.
  const prompt = [{ image: [1, 2, 4] }, { video: [2, 2, 2] }, { text: 0 }, { text: 2 }];
  const mixed = pe.mropePositions(qwen25, prompt);
  assert.deepEqual(mixed.positions.map((a) => Array.from(a)), [[0, 0, 2, 4, 5, 6], [0, 0, 2, 2, 5, 6], [0, 1, 2, 2, 5, 6]]);
  assert.equal(mixed.ropeDelta, 7 - 6);
  const side = pe.mropePositions(qwen25, prompt, { textStart: 'start+side' });
  assert.deepEqual(side.positions.map((a) => Array.from(a)), [[0, 0, 2, 4, 3, 4], [0, 0, 2, 2, 3, 4], [0, 1, 2, 2, 3, 4]]);
  assert.equal(side.ropeDelta, 5 - 6);
  assert.deepEqual(pe.mropePositions(qwen25, []), { positions: [new Float64Array(0), new Float64Array(0), new Float64Array(0)], ropeDelta: 0 });
});

const m = (rows, cols, data = new Float32Array(rows * cols)) => ({ rows, cols, data });
const qwen25 = config('qwen2.5-vl-7b-instruct.json'), qwen25v5 = config('v5/qwen2.5-vl-7b-instruct.json');
const three = [[0, 1], [2, 3], [4, 5]];
const AXIAL_OPTIONS = '(options: positions, axes, base, layout, dtype, out)';
const MULTIMODAL_OPTIONS = '(options: config, positions, layerType, length, dtype, out)';
const QWEN3_VL = {
  model_type: 'qwen3_vl',
  text_config: { model_type: 'qwen3_vl_text', head_dim: 128, hidden_size: 4096, num_attention_heads: 32, rope_theta: 5000000,
    rope_scaling: { mrope_interleaved: true, mrope_section: [24, 20, 20], rope_type: 'default' } },
};

test('axial RoPE: every bad input is a TypeError or RangeError naming it', () => {
  const ok = { positions: [[0, 1], [2, 3]], axes: [4, 4] };
  assertErrors([
    [() => pe.rope(m(2, 8), { positions: [[0, 1], [2, 3]] }), TypeError, 'positions is one list per axis: give axes too (the columns of each axis: axial RoPE), or config (with mrope_section: multimodal RoPE)'],
    [() => pe.rope(m(2, 8), { positions: [0, 1], axes: [8] }), TypeError, 'axes needs positions as one list per axis (positions[k][row]), got one list of numbers'],
    [() => pe.rope(m(2, 8), { positions: new Float64Array(2), axes: [8] }), TypeError, 'axes needs positions as one list per axis (positions[k][row]), got one list of numbers'],
    [() => pe.rope(m(2, 8), { axes: [8] }), TypeError, 'axes needs positions as one list per axis (positions[k][row]), got undefined'],
    [() => pe.rope(m(2, 8), { positions: 'rows', axes: [8] }), TypeError, 'positions must be an array of position lists (one per axis), got "rows"'],
    [() => pe.rope(m(2, 8), { positions: [[0, 1], 2], axes: [4, 4] }), TypeError, 'positions[1] must be an array or typed array of numbers (the positions of axis 1: one list per axis), got 2'],
    [() => pe.rope(m(2, 8), { positions: [[0, 1], [2, '3']], axes: [4, 4] }), TypeError, 'positions[1][1] must be a number, got "3"'],
    [() => pe.rope(m(2, 8), { positions: [[0, 1], [2, NaN]], axes: [4, 4] }), RangeError, 'positions[1][1] must be a finite number, got NaN'],
    [() => pe.rope(m(2, 8), { positions: [[-Infinity, 1], [2, 3]], axes: [4, 4] }), RangeError, 'positions[0][0] must be a finite number, got -Infinity'],
    [() => pe.rope(m(2, 8), { positions: [[0, 1]], axes: [4, 4] }), RangeError, 'positions.length must equal axes.length = 2 (one list of positions per axis), got 1'],
    [() => pe.rope(m(2, 8), { positions: [[0, 1], [2]], axes: [4, 4] }), RangeError, 'positions[1].length must equal matrix.rows = 2, got 1'],
    [() => pe.rope(m(2, 8), { positions: [], axes: [] }), RangeError, 'axes must list at least one axis (the columns of each), got none'],
    [() => pe.rope(m(2, 8), { ...ok, axes: [4, 3] }), RangeError, 'axes[1] must be an even integer > 0 (the columns of axis 1, in pairs), got 3'],
    [() => pe.rope(m(2, 8), { ...ok, axes: [4, 0] }), RangeError, 'axes[1] must be an even integer > 0 (the columns of axis 1, in pairs), got 0'],
    [() => pe.rope(m(2, 8), { ...ok, axes: [-4, 4] }), RangeError, 'axes[0] must be an even integer > 0 (the columns of axis 0, in pairs), got -4'],
    [() => pe.rope(m(2, 8), { ...ok, axes: [2.5, 4] }), RangeError, 'axes[0] must be an even integer > 0 (the columns of axis 0, in pairs), got 2.5'],
    [() => pe.rope(m(2, 8), { ...ok, axes: [NaN, 4] }), RangeError, 'axes[0] must be an even integer > 0 (the columns of axis 0, in pairs), got NaN'],
    [() => pe.rope(m(2, 8), { ...ok, axes: ['4', 4] }), TypeError, 'axes[0] must be a number, got "4"'],
    [() => pe.rope(m(2, 8), { ...ok, axes: 8 }), TypeError, 'axes must be an array or typed array of numbers, got 8'],
    [() => pe.rope(m(2, 8), { ...ok, axes: [2, 2, 2, 2, 2] }), RangeError, 'axes must have at most matrix.cols / 2 = 4 entries (each axis turns at least one pair), got 5'],
    [() => pe.rope(m(2, 8), { ...ok, axes: new Int8Array(1e6).fill(2) }), RangeError, 'axes must have at most matrix.cols / 2 = 4 entries (each axis turns at least one pair), got 1000000'],
    [() => pe.rope(m(2, 8), { ...ok, axes: [4, 6] }), RangeError, 'axes must sum to at most matrix.cols = 8 (the rotated columns), got 4 + 6 = 10'],
    [() => pe.rope(m(2, 8), { ...ok, base: 1 }), RangeError, 'base must be a finite number > 1, got 1'],
    [() => pe.rope(m(2, 8), { ...ok, base: '10000' }), TypeError, 'base must be a number, got "10000"'],
    [() => pe.rope(m(2, 8), { ...ok, layout: 'half' }), RangeError, "layout must be 'interleaved' or 'concatenated', got \"half\""],
    [() => pe.rope(m(2, 8), { ...ok, dtype: 'float16' }), RangeError, "dtype must be 'float32' or 'float64', got \"float16\""],
    [() => pe.rope(m(2, 8), { ...ok, start: 3 }), TypeError, `rope has no option "start" with one list of positions per axis (axial RoPE) ${AXIAL_OPTIONS}`],
    [() => pe.rope(m(2, 8), { ...ok, rotaryDims: 8 }), TypeError, `rope has no option "rotaryDims" with one list of positions per axis (axial RoPE) ${AXIAL_OPTIONS}`],
    [() => pe.rope(m(2, 8), { ...ok, scaling: null }), TypeError, `rope has no option "scaling" with one list of positions per axis (axial RoPE) ${AXIAL_OPTIONS}`],
    [() => pe.rope(m(2, 7), ok), RangeError, 'matrix.cols must be an even integer between 2 and 65536, got 7'],
    [() => pe.rope(m(-1, 8, []), { ...ok, positions: [[], []] }), RangeError, 'matrix.rows must be an integer >= 0, got -1'],
    [() => pe.rope({ rows: 2, cols: 8, data: new Float32Array(15) }, ok), RangeError, 'matrix.data.length must equal matrix.rows × matrix.cols = 16, got 15'],
    [() => pe.rope(m(2, 8), { ...ok, out: new Float32Array(15) }), RangeError, 'out.length must equal matrix.rows × matrix.cols = 16, got 15'],
    [() => pe.rope(m(2, 8), { ...ok, out: new Int32Array(16) }), TypeError, 'out must be a Float32Array or Float64Array, got an Int32Array'],
    [() => pe.rope(m(2, 8), { ...ok, out: new Float32Array(16), dtype: 'float64' }), TypeError, 'out is a Float32Array but dtype is "float64"'],
    [() => pe.rope(m(CAP / 4, 8, new Float32Array(0)), { positions: [[], []], axes: [4, 4] }), RangeError, `matrix.rows × matrix.cols must be at most ${CAP} values (the size cap), got ${CAP / 4} × 8 = ${2 * CAP}`],
  ], () => assert.equal(pe.rope(m(2, 8), ok).data.length, 16));
});

test('multimodal RoPE: every bad input is a TypeError or RangeError naming it, legacy and v5 configs alike', () => {
  const linearTiny = { ...qwen25, rope_scaling: { type: 'linear', factor: 1e-300, mrope_section: [16, 24, 24] } };
  assertErrors([
    [() => pe.rope(m(2, 128), { config: qwen25, positions: [[0, 1], [2, 3]] }), RangeError,
      'positions.length must be 3 for config.rope_scaling.mrope_section (the t, h and w positions of each row), got 2'],
    [() => pe.rope(m(2, 128), { config: qwen25v5, positions: [[0, 1], [2, 3], [4, 5], [6, 7]] }), RangeError,
      'positions.length must be 3 for config.rope_parameters.mrope_section (the t, h and w positions of each row), got 4'],
    [() => pe.rope(m(2, 128), { config: config('qwen2.5-7b-instruct.json'), positions: three }), RangeError,
      'positions has 3 lists (one per axis) but the config has no mrope_section (config.rope_scaling.mrope_section): multimodal RoPE needs Qwen2-VL\'s mrope_section to split the frequencies between t, h and w; this qwen2 model takes positions as one list'],
    [() => pe.rope(m(2, 128), { config: config('v5/qwen3-8b.json'), positions: three }), RangeError,
      'positions has 3 lists (one per axis) but the config has no mrope_section (config.rope_parameters.mrope_section): multimodal RoPE needs Qwen2-VL\'s mrope_section to split the frequencies between t, h and w; this qwen3 model takes positions as one list'],
    [() => pe.rope(m(2, 128), { config: { ...config('qwen2.5-7b-instruct.json'), rope_scaling: { type: 'default', mrope_section: [16, 24, 24] } }, positions: three }), RangeError,
      "config.rope_scaling.mrope_section is read for Qwen2-VL and Qwen2.5-VL (model_type qwen2_vl, qwen2_5_vl), not for model_type 'qwen2': its RoPE turns one position per token (give positions as one list)"],
    [() => pe.rope(m(2, 128), { config: { ...QWEN3_VL, text_config: { ...QWEN3_VL.text_config, rope_scaling: { ...QWEN3_VL.text_config.rope_scaling, mrope_section: [24, 20, 21] } } }, positions: three }), RangeError,
      'config.text_config.rope_scaling.mrope_section must sum to rotaryDims / 2 = 64 (apply_multimodal_rotary_pos_emb splits the columns of cos and sin by these sizes, twice over), got 24 + 20 + 21 = 65'],
    [() => pe.rope(m(2, 128), { config: { ...qwen25, rope_scaling: { type: 'mrope', mrope_section: [16, 24, 23] } }, positions: three }), RangeError,
      'config.rope_scaling.mrope_section must sum to rotaryDims / 2 = 64 (apply_multimodal_rotary_pos_emb splits the columns of cos and sin by these sizes, twice over), got 16 + 24 + 23 = 63'],
    [() => pe.rope(m(2, 128), { config: { ...qwen25v5, rope_parameters: { ...qwen25v5.rope_parameters, mrope_section: [32, 32] } }, positions: three }), RangeError,
      'config.rope_parameters.mrope_section must have 3 entries (the t, h and w pairs), got 2'],
    [() => pe.rope(m(2, 128), { config: { ...qwen25, rope_scaling: { type: 'mrope', mrope_section: [16, 24, '24'] } }, positions: three }), TypeError,
      'config.rope_scaling.mrope_section must be an array of whole numbers > 0, got [16,24,"24"]'],
    [() => pe.rope(m(2, 64), { config: qwen25, positions: three }), RangeError, "matrix.cols must equal the model's head dimension 128 (config: qwen2_5_vl_text), got 64"],
    [() => pe.rope(m(2, 128), { config: qwen25, positions: [[0, 1], [2, 3], [4]] }), RangeError, 'positions[2].length must equal matrix.rows = 2, got 1'],
    [() => pe.rope(m(2, 128), { config: qwen25, positions: [[0, 1], [2, 3], [4, Infinity]] }), RangeError, 'positions[2][1] must be a finite number, got Infinity'],
    [() => pe.rope(m(2, 128), { config: linearTiny, positions: [[0, 1e10], [2, 3], [4, 5]] }), RangeError,
      'positions[0][1] × the largest frequency must be finite (the largest angle), got 10000000000 × 9.999999999999999e+299 = Infinity'],
    [() => pe.rope(m(2, 128), { config: qwen25, positions: three, base: 10 }), TypeError, `rope has no option "base" with config and one list of positions per axis (multimodal RoPE) ${MULTIMODAL_OPTIONS}`],
    [() => pe.rope(m(2, 128), { config: qwen25, positions: three, layout: 'interleaved' }), TypeError, `rope has no option "layout" with config and one list of positions per axis (multimodal RoPE) ${MULTIMODAL_OPTIONS}`],
    [() => pe.rope(m(2, 128), { config: qwen25, positions: three, axes: [64, 64] }), TypeError, `rope has no option "axes" with config and one list of positions per axis (multimodal RoPE) ${MULTIMODAL_OPTIONS}`],
    [() => pe.rope(m(2, 128), { config: qwen25, positions: three, length: -1 }), RangeError, 'length must be a finite number >= 0, got -1'],
    [() => pe.rope(m(2, 128), { config: 'qwen2.5-vl', positions: three }), TypeError, 'config must be a config.json object, got "qwen2.5-vl"'],
  ], () => assert.equal(pe.rope(m(2, 128), { config: qwen25, positions: three }).data.length, 256));
});

test('mropePositions: every bad input is a TypeError or RangeError naming it', () => {
  const image = (grid) => [{ text: 1 }, { image: grid }];
  assertErrors([
    [() => pe.mropePositions(null, []), TypeError, 'config must be a config.json object, got null'],
    [() => pe.mropePositions(config('qwen2.5-7b-instruct.json'), []), RangeError, "config.model_type must be 'qwen2_vl' or 'qwen2_5_vl' (the get_rope_index posenc follows), got \"qwen2\""],
    [() => pe.mropePositions(QWEN3_VL, []), RangeError, "config.model_type must be 'qwen2_vl' or 'qwen2_5_vl' (the get_rope_index posenc follows), got \"qwen3_vl\" (Qwen3-VL splits videos into frames with timestamp tokens: a different get_rope_index)"],
    [() => pe.mropePositions({ model_type: 'qwen2_vl', vision_config: [] }, []), TypeError, 'config.vision_config must be an object, got an array'],
    [() => pe.mropePositions({ model_type: 'qwen2_vl', vision_config: { spatial_merge_size: 0 } }, []), RangeError, 'config.vision_config.spatial_merge_size must be a whole number >= 1, got 0'],
    [() => pe.mropePositions({ model_type: 'qwen2_vl', vision_config: { spatial_merge_size: '2' } }, []), TypeError, 'config.vision_config.spatial_merge_size must be a whole number >= 1, got "2"'],
    [() => pe.mropePositions({ model_type: 'qwen2_5_vl', vision_config: { tokens_per_second: 2.5 } }, []), RangeError, 'config.vision_config.tokens_per_second must be a whole number >= 0, got 2.5'],
    [() => pe.mropePositions(qwen25, { text: 3 }), TypeError, 'segments must be an array of segments (a segment is { text: n }, { image: [t, h, w] } or { video: [t, h, w], secondsPerGrid }), got an Object'],
    [() => pe.mropePositions(qwen25, [{ text: 1 }, 4]), TypeError, 'segments[1] must be an object (a segment is { text: n }, { image: [t, h, w] } or { video: [t, h, w], secondsPerGrid }), got 4'],
    [() => pe.mropePositions(qwen25, [{ text: 1, image: [1, 2, 2] }]), TypeError, 'segments[0] must have exactly one of text, image, video (a segment is { text: n }, { image: [t, h, w] } or { video: [t, h, w], secondsPerGrid }), got text and image'],
    [() => pe.mropePositions(qwen25, [{ audio: 3 }]), TypeError, 'segments[0] must have exactly one of text, image, video (a segment is { text: n }, { image: [t, h, w] } or { video: [t, h, w], secondsPerGrid }), got none'],
    [() => pe.mropePositions(qwen25, [{ video: [1, 2, 2], fps: 2 }]), TypeError, 'segments[0] has no key "fps" (a segment is { text: n }, { image: [t, h, w] } or { video: [t, h, w], secondsPerGrid })'],
    [() => pe.mropePositions(qwen25, [{ image: [1, 2, 2], secondsPerGrid: 1 }]), TypeError, 'segments[0] has no key "secondsPerGrid" (a segment is { text: n }, { image: [t, h, w] } or { video: [t, h, w], secondsPerGrid })'],
    [() => pe.mropePositions(qwen25, [{ text: -1 }]), RangeError, 'segments[0].text must be an integer >= 0, got -1'],
    [() => pe.mropePositions(qwen25, [{ text: 2.5 }]), RangeError, 'segments[0].text must be an integer >= 0, got 2.5'],
    [() => pe.mropePositions(qwen25, [{ text: '3' }]), TypeError, 'segments[0].text must be a number, got "3"'],
    [() => pe.mropePositions(qwen25, image('1x4x4')), TypeError, 'segments[1].image must be an array [t, h, w] (the grid before the spatial merge), got "1x4x4"'],
    [() => pe.mropePositions(qwen25, image([4, 4])), RangeError, 'segments[1].image must be [t, h, w] (3 grid sizes), got 2 entries'],
    [() => pe.mropePositions(qwen25, image([1, 0, 4])), RangeError, 'segments[1].image[1] must be an integer >= 1, got 0'],
    [() => pe.mropePositions(qwen25, image([1, 4, NaN])), RangeError, 'segments[1].image[2] must be an integer >= 1, got NaN'],
    [() => pe.mropePositions(qwen25, image([1, 4, 5])), RangeError, 'segments[1].image[2] must be a multiple of config.vision_config.spatial_merge_size = 2 (the merged grid), got 5'],
    [() => pe.mropePositions(qwen25, [{ video: [2, 4, 4], secondsPerGrid: -1 }]), RangeError, 'segments[0].secondsPerGrid must be a finite number >= 0, got -1'],
    [() => pe.mropePositions(qwen25, [{ video: [2, 4, 4], secondsPerGrid: Infinity }]), RangeError, 'segments[0].secondsPerGrid must be a finite number >= 0, got Infinity'],
    [() => pe.mropePositions(qwen25, [{ video: [2, 4, 4], secondsPerGrid: '1' }]), TypeError, 'segments[0].secondsPerGrid must be a number, got "1"'],
    [() => pe.mropePositions(qwen25, [{ video: [2, 4, 4], secondsPerGrid: 1e300 }]), RangeError, 'segments[0].secondsPerGrid makes tokens_per_second · secondsPerGrid overflow float32 (transformers computes it in float32), got 1e+300'],
    [() => pe.mropePositions(qwen25, [{ video: [1, 4, 4], secondsPerGrid: 1e39 }]), RangeError, 'segments[0].secondsPerGrid makes tokens_per_second · secondsPerGrid overflow float32 (transformers computes it in float32), got 1e+39'],
    [() => pe.mropePositions(qwen25, [{ video: [2, 4, 4], secondsPerGrid: 1e16 }]), RangeError, 'segments[0].secondsPerGrid makes the last frame\'s t id 20000000545128450, past 2^53 - 1 (exact integers)'],
    [() => pe.mropePositions(qwen25, [{ text: 1 }, { image: [1, 2, 2] }, { text: 0 }, { image: [1, 2, 2] }]), RangeError,
      'segments[3] is an image right after segments[1], another image: transformers reads consecutive image tokens as one image (one run of mm_token_type_ids), so put text between them (in a real prompt, <|vision_end|><|vision_start|>)'],
    [() => pe.mropePositions(qwen25, [{ video: [1, 2, 2] }, { video: [1, 2, 2] }]), RangeError,
      'segments[1] is a video right after segments[0], another video: transformers reads consecutive video tokens as one video (one run of mm_token_type_ids), so put text between them (in a real prompt, <|vision_end|><|vision_start|>)'],
    [() => pe.mropePositions(qwen25, [{ text: CAP }, { text: 1 }]), RangeError, `segments must make at most ${CAP} tokens (the size cap), got ${CAP + 1} by segments[1]`],
    [() => pe.mropePositions(qwen25, [], { textStart: 'max' }), RangeError, "textStart must be 'max+1' or 'start+side', got \"max\""],
    [() => pe.mropePositions(qwen25, [], { textStart: 1 }), TypeError, "textStart must be 'max+1' or 'start+side', got 1"],
    [() => pe.mropePositions(qwen25, [], { maxTokens: 5 }), TypeError, 'mropePositions has no option "maxTokens" (options: textStart)'],
    [() => pe.mropePositions(qwen25, [], 'max+1'), TypeError, 'mropePositions options must be an object, got "max+1"'],
  ], () => assert.equal(pe.mropePositions(qwen25, [{ text: 2 }]).positions[0].length, 2));
});
