// The native fuzzer's hostile-call table, through the public JS API: 10⁴ seeded calls of every
// function with huge sizes, NaN/±Infinity, negative and fractional counts, `out` arrays of the
// wrong type or length, shared and detached buffers, sizes at the cap. Each call either returns
// the right numbers (shape, and the math checked on the values) or throws a RangeError/TypeError
// whose message names the parameter; never a trap or another error. Memory is measured before and
// after and printed. The same file runs on the sanitized build (npm run test:sanitize).
// SEED=n node --test tests/js/hostile.test.js reruns another seed.
import test from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import vm from 'node:vm';
import { init } from 'posenc';
import { random, seedFrom } from '../random.js';

const pe = await init();
const SEED = seedFrom(process.env, 20261126);
const CALLS = 10_000;
const CAP = pe.limits.maxElements;  // 2^24 values in one result

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

// What a message may start with: a parameter, an option, or the function refusing an option.
const NAMED = /^(dModel|length|maxOffset|pos|k|base|start|scale|vector|matrix|positions|headDim|rotaryDims|scaling|numHeads|maxBias|causal|numBuckets|maxDistance|bidirectional|relativePositions|out|dtype|method|layout|spacing|order|angleScale|amplitude|convention|config|layerType|axes|segments|textStart|height|width|frames|clsToken|baseSize|interpolationScale|posEmbedMaxSize|spatialInterpolationScale|temporalInterpolationScale)\b|^(frequencies|periods|encoding|encode|rotation|shift|dotKernel|dotMatrix|addTo|ropeFrequencies|rope|alibiSlopes|alibiBias|relativePositionBuckets|encoding2d|encoding3d|dotMatrix2d|mropePositions) (has no option|options must|takes)|^the result\b/;

const SPECIAL = [NaN, Infinity, -Infinity, 0, -0, 1, -1, 2, 0.5, 1.0000001, 65536, 65538, 4096, 4097,
  CAP - 1, CAP, CAP + 1, 1e308, 5e-324, 2 ** 53, 1e15, 2 ** 28, -(2 ** 28), 1e6, 32768, 32769];
const NOT_NUMBERS = [undefined, null, '8', 8n, {}, [], true, Symbol('s'), () => 8];
const NOT_NUMBERS_OR_LISTS = [undefined, null, '8', 8n, {}, true, [2, 'x'], [[2]], new Float64Array([2.5])];
// Qwen2-VL-style configs, legacy and v5, for multimodal RoPE and mropePositions.
const QWEN_CONFIGS = [
  { model_type: 'qwen2_vl', hidden_size: 3584, num_attention_heads: 28, rope_theta: 1e6, rope_scaling: { type: 'mrope', mrope_section: [16, 24, 24] } },
  { model_type: 'qwen2_5_vl', hidden_size: 3584, num_attention_heads: 28, rope_parameters: { rope_type: 'default', rope_theta: 1e6, mrope_section: [16, 24, 24] },
    vision_config: { spatial_merge_size: 2, tokens_per_second: 2 } },
];

function detached(length, Type) {
  const array = new Type(length);
  structuredClone(array.buffer, { transfer: [array.buffer] });
  return array;  // length 0 now, its buffer unusable
}

// a·b as a count of values for an `out` or a data array: the product if sensible, else `fallback`.
const values = (a, b, fallback = 8) => {
  const n = typeof a === 'number' && typeof b === 'number' ? a * b : NaN;
  return Number.isSafeInteger(n) && n >= 0 && n <= 1 << 16 ? n : fallback;
};

function generators(r) {
  const small = () => 2 * (1 + r.int(32));  // an even size up to 64
  // Mostly sensible numbers, often hostile ones, now and then not a number at all.
  const num = (sensible) => {
    const u = r();
    if (u < 0.55) return sensible();
    if (u < 0.75) return r.pick(SPECIAL);
    if (u < 0.85) return (r() - 0.5) * 10 ** r.int(20);
    if (u < 0.92) return -r.int(100);
    return r.pick(NOT_NUMBERS);
  };
  const list = (length, item) => {
    const u = r(), numeric = () => { const v = item(); return typeof v === 'number' ? v : NaN; };
    if (u < 0.6) return Array.from({ length }, item);
    if (u < 0.75) return Float64Array.from({ length }, numeric);
    if (u < 0.82) return Float32Array.from({ length }, numeric);
    if (u < 0.86) return new Int32Array(length);
    if (u < 0.9) return new Float64Array(new SharedArrayBuffer(length * 8));
    if (u < 0.93) return detached(length, Float64Array);
    if (u < 0.96) return Array.from({ length }, () => r.pick([NaN, Infinity, '1', null, 1e308]));
    return r.pick(NOT_NUMBERS);
  };
  // An `out` for `values` results: right or wrong type and length, shared, detached, not an array.
  const out = (values, dtype) => {
    const Type = dtype === 'float64' ? Float64Array : Float32Array;
    const u = r();
    if (u < 0.5) return new Type(values);
    if (u < 0.6) return new Type(Math.max(0, values + r.pick([-1, 1, 7])));
    if (u < 0.7) return new (Type === Float64Array ? Float32Array : Float64Array)(values);
    if (u < 0.78) return new Type(new SharedArrayBuffer(values * Type.BYTES_PER_ELEMENT));
    if (u < 0.86) return detached(values, Type);
    if (u < 0.92) return new Int32Array(values);
    return r.pick([[], {}, null, 'out', new DataView(new ArrayBuffer(8))]);
  };
  const dtype = () => r.pick([undefined, 'float32', 'float64', 'float16', 1]);
  const scheme = () => (r.chance(0.7) ? {} : r.pick([{ base: num(() => 10000) }, { base: 500000 },
    { spacing: 'tensor2tensor' }, { layout: 'concatenated' }, { convention: 'diffusers' },
    { convention: r.pick(Object.keys(pe.conventions)) }, { bsae: 1 }]));
  const scaling = () => r.pick([undefined, { rope_type: 'linear', factor: num(() => 2) },
    { rope_type: 'yarn', factor: num(() => 4), original_max_position_embeddings: num(() => 4096) },
    { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 },
    { rope_type: 'dynamic', factor: num(() => 2) }, { rope_type: 'nope' }, { factor: NaN }, 'yarn']);
  const matrix = () => {
    const rows = r.chance(0.9) ? 1 + r.int(16) : r.pick(SPECIAL), cols = num(small);
    const data = r.chance(0.85) ? list(values(rows, cols) + (r.chance(0.1) ? 1 : 0), () => r() * 2 - 1) : r.pick(NOT_NUMBERS);
    return r.chance(0.95) ? { rows, cols, data } : r.pick(NOT_NUMBERS);
  };
  return { small, num, list, out, dtype, scheme, scaling, matrix };
}

// Each case: [function name, arguments, check(result, args)] where check asserts the math.
const near = (a, b, margin, what) => assert.ok(Math.abs(a - b) <= margin, `${what}: ${a} vs ${b}`);
const omega = (i, d, base = 10000) => base ** (-2 * i / d);

function checkEncoding({ rows, cols, data }, [count, dModel, o = {}]) {
  const positions = typeof count === 'number' ? null : Array.from(count);
  assert.equal(rows, positions ? positions.length : count + 0);  // -0 rows read as 0
  assert.equal(cols, dModel);
  assert.equal(data.length, rows * cols, 'a result of rows × cols values');
  if (o.out) assert.equal(data, o.out, 'written into out');
  if (Object.keys(o).some((key) => !['start', 'dtype', 'out'].includes(key))) return;
  const margin = data instanceof Float32Array ? 1e-6 : 1e-9;
  for (let s = 0; s < Math.min(8, rows); s++) {
    const row = (s * 7919) % rows, i = (s * 31) % (cols / 2);
    const pos = (positions ? positions[row] : row) + (o.start ?? 0);
    if (Math.abs(pos) > 1e6) continue;  // far out, the product's rounding decides the angle
    near(data[row * cols + 2 * i], Math.sin(pos * omega(i, cols)), margin, `PE(${pos}, ${2 * i})`);
    near(data[row * cols + 2 * i + 1], Math.cos(pos * omega(i, cols)), margin, `PE(${pos}, ${2 * i + 1})`);
  }
}

// One value per (sin, cos) pair: d/2, or for an odd dModel (some conventions) ⌊d/2⌋ or ⌈d/2⌉.
function pairs(values, d) {
  assert.ok(values.length === Math.floor(d / 2) || values.length === Math.ceil(d / 2), `${values.length} pairs for dModel ${d}`);
}

function checkFinite(values, bound, what) {
  for (const v of values) if (!(Math.abs(v) <= bound)) assert.fail(`${what}: ${v}`);
}

function checkKernel(k, [maxOffset, d, o]) {
  assert.equal(k.length, maxOffset + 1 - (o.start ?? 0));
  if (o.start === undefined) near(k[0], d / 2, 1e-9, 'D(0) = d/2');
  checkFinite(k, d / 2 + 1e-9, '|D| <= d/2');
}

// Grids: the shape, `out`, the cls row, and each block depending on its own index only.
function checkGrid({ rows, cols, data }, [a, b, c, d, o], frames) {
  const [f, h, w, dModel] = frames ? [a, b, c, d] : [1, a, b, c];
  const options = (frames ? o : d) ?? {};
  const cls = !frames && options.clsToken === true ? 1 : 0, cells = f * h * w;
  assert.equal(rows, cls + cells + 0);
  assert.equal(cols, dModel);
  assert.equal(data.length, rows * cols);
  if (options.out) assert.equal(data, options.out);
  for (let v = 0; v < cls * dModel; v++) assert.equal(data[v], 0, 'the cls row');
  // 2D: [column | row] halves; 3D: [time dModel/4 | column 3dModel/8 | row 3dModel/8].
  const blocks = frames ? [[0, dModel / 4, h * w], [dModel / 4, 3 * dModel / 8, 1], [5 * dModel / 8, 3 * dModel / 8, w]]
    : [[0, dModel / 2, 1], [dModel / 2, dModel / 2, w]];
  const size = frames ? [f, w, h] : [w, h];
  for (let s = 0; s < Math.min(6, cells); s++) {
    const r = (s * 7919) % cells;
    blocks.forEach(([from, width, stride], k) => {
      const index = Math.floor(r / stride) % size[k], first = index * stride;  // the first cell with this index
      const c = from + (s * 31) % width;
      assert.equal(data[(cls + r) * dModel + c], data[(cls + first) * dModel + c], `block ${k} depends on its index only`);
      assert.ok(Math.abs(data[(cls + r) * dModel + c]) <= 1, 'a sine or cosine');
    });
  }
}

function cases(g, r) {
  return [
    () => ['frequencies', [g.num(g.small), g.scheme()], (f, [d, o]) => {
      pairs(f, d);
      if (!Object.keys(o).length) for (let i = 0; i < f.length; i++) near(f[i], omega(i, d), 1e-15, `ω_${i}`);
    }],
    () => ['periods', [g.num(g.small), g.scheme()], (p, [d]) => {
      pairs(p, d);
      for (const v of p) assert.ok(v >= 2 * Math.PI - 1e-9, `period ${v}`);
    }],
    () => {
      const d = g.num(g.small), dtype = g.dtype();
      const count = r.chance(0.2) ? g.list(1 + r.int(8), () => g.num(() => r.int(1000))) : g.num(() => r.int(64));
      const o = r.pick([{}, { start: g.num(() => r.int(100000)) }, { dtype }, { out: g.out(values(count, d), dtype), dtype },
        ...(r.chance(0.02) ? [{ dtype: 'float32' }] : []), g.scheme()]);
      // Now and then a result at the cap or one value over it.
      if (r.chance(0.003)) return ['encoding', [r.pick([32768, 32769]), 512, { dtype: 'float32' }], checkEncoding];
      return ['encoding', [count, d, o], checkEncoding];
    },
    () => ['encode', [g.num(() => r.int(10000)), g.num(g.small), g.scheme()], (v, [pos, d, o]) => {
      assert.equal(v.length, d);
      checkFinite(v, Object.keys(o).length ? Infinity : 1, 'PE');
      if (!Object.keys(o).length && Math.abs(pos) < 1e6) near(v[0], Math.sin(pos), 1e-12, 'PE(pos, 0)');
    }],
    () => ['rotation', [g.num(() => r.int(1000)), g.num(g.small), g.scheme()], (m, [, d]) => {
      assert.equal(m.data.length, d * d);
      for (const row of [0, d - 1]) near(Math.hypot(...m.data.subarray(row * d, row * d + d)), 1, 1e-12, 'R(k) is orthogonal: unit rows');
    }],
    () => {
      const d = g.small();
      return ['shift', [g.list(r.chance(0.9) ? d : d + 1, () => r() * 2 - 1), g.num(() => r.int(1000)), g.scheme()], (v, [x]) => {
        assert.equal(v.length, x.length);
        const norm = (a) => Math.hypot(...a);
        // Values NaN or ±Infinity pass through as IEEE arithmetic makes them (as numpy would).
        if (Number.isFinite(norm(x))) near(norm(v), norm(x), 1e-9 * (1 + norm(x)), 'a shift keeps the length');
      }];
    },
    () => {
      // Offsets up to the cap with a small dModel: the cap's edge without minutes of cosines.
      const maxOffset = g.num(() => r.int(200)), big = typeof maxOffset === 'number' && maxOffset > 1e5;
      return ['dotKernel', [maxOffset, big ? r.pick([2, 4, 7, NaN]) : g.num(g.small), r.chance(0.8) ? {} : { start: g.num(() => r.int(10)) }], checkKernel];
    },
    () => {
      const length = g.num(() => r.int(48)), d = g.num(g.small), dtype = g.dtype();
      const o = r.pick([{}, { dtype }, { method: r.pick(['direct', 'toeplitz', 'fast']) },
        { out: g.out(values(length, length), dtype), dtype }]);
      return ['dotMatrix', [length, d, o], (m, [n, dm]) => {
        assert.equal(m.data.length, n * n + 0);
        if (o.out) assert.equal(m.data, o.out);
        const margin = m.data instanceof Float32Array ? 1e-4 * dm : 1e-9 * dm;
        for (let s = 0; s < Math.min(6, n); s++) {
          const i = (s * 13) % n, j = (s * 29) % n;
          near(m.data[i * n + j], m.data[Math.abs(i - j)], margin, 'Toeplitz: M[i][j] = M[0][|i − j|]');
        }
        if (n) near(m.data[0], dm / 2, margin, 'M[0][0] = d/2');
      }];
    },
    () => ['addTo', [g.matrix(), r.chance(0.5) ? {} : { start: g.num(() => r.int(100)), scale: g.num(() => 1) }], (m, [x]) => {
      assert.equal(m.data.length, x.rows * x.cols + 0);
    }],
    () => ['ropeFrequencies', [g.num(g.small), r.pick([{}, { scaling: g.scaling() }, { rotaryDims: g.num(g.small) }, { base: g.num(() => 500000) }])], ({ frequencies, attentionFactor }) => {
      checkFinite(frequencies, Infinity, 'θ');
      assert.ok(Number.isFinite(attentionFactor) && attentionFactor > 0);
    }],
    () => {
      const x = g.matrix(), dtype = g.dtype();
      const o = r.pick([{}, { start: g.num(() => r.int(100000)) }, { scaling: g.scaling() }, { layout: r.pick(['interleaved', 'concatenated', 'half']) },
        { dtype }, { out: g.out(values(x?.rows, x?.cols), dtype), dtype }, { positions: g.list(Number.isInteger(x?.rows) && x.rows >= 0 && x.rows < 64 ? x.rows : 3, () => g.num(() => r.int(1000))) },
        { rotaryDims: g.num(g.small) }]);
      return ['rope', [x, o], (m) => {
        assert.equal(m.data.length, x.rows * x.cols + 0);
        if (o.out) assert.equal(m.data, o.out);
        if (o.scaling === undefined && Object.keys(o).every((key) => key === 'start' || key === 'dtype' || key === 'out') && x.data instanceof Float64Array && m.data instanceof Float64Array) {
          const pair = (a, i) => Math.hypot(a[i], a[i + 1]);
          for (let i = 0; i < m.data.length; i += 2) near(pair(m.data, i), pair(x.data, i), 1e-9, 'a rotation keeps pair lengths');
        }
      }];
    },
    () => {
      // Axial RoPE: one list of positions per axis, the axes' columns summing to at most cols.
      const k = 1 + r.int(3), axes = Array.from({ length: k }, () => g.num(() => 2 * (1 + r.int(4))));
      const sum = axes.reduce((a, b) => a + (typeof b === 'number' ? b : NaN), 0);
      const rows = r.int(6), cols = r.chance(0.8) && sum > 0 && sum < 64 ? sum + 2 * r.int(3) : g.num(g.small);
      const x = r.chance(0.95) ? { rows, cols, data: g.list(values(rows, cols), () => r() * 2 - 1) } : g.matrix();
      const positions = Array.from({ length: r.chance(0.9) ? k : k + 1 }, () => g.list(r.chance(0.9) ? rows : rows + 1, () => g.num(() => r.int(100) - 50)));
      const dtype = g.dtype();
      const o = { positions: r.chance(0.97) ? positions : r.pick([positions[0], undefined]), axes: r.chance(0.97) ? axes : r.pick(NOT_NUMBERS_OR_LISTS),
        ...r.pick([{}, { layout: r.pick(['interleaved', 'concatenated', 'half']) }, { base: g.num(() => 10000) }, { dtype },
          { out: g.out(values(rows, cols), dtype), dtype }, { start: 3 }]) };
      return ['rope', [x, o], (m) => {
        assert.equal(m.data.length, x.rows * x.cols + 0);
        if (o.out) assert.equal(m.data, o.out);
        // A rotation keeps each row's length (NaN-free data, float64).
        if (!(x.data instanceof Float64Array && m.data instanceof Float64Array) || x.data.some((v) => !Number.isFinite(v))) return;
        for (let row = 0; row < x.rows; row++) {
          const length = (a) => Math.hypot(...a.subarray(row * x.cols, (row + 1) * x.cols));
          near(length(m.data), length(x.data), 1e-9 * (1 + length(x.data)), 'axial RoPE keeps row lengths');
        }
      }];
    },
    () => {
      // Multimodal RoPE: Qwen2-VL's config (legacy or v5), position ids from mropePositions or hostile ones.
      const config = r.pick(QWEN_CONFIGS), rows = r.int(8), dtype = g.dtype();
      const cols = r.chance(0.9) ? 128 : g.num(g.small);
      const x = { rows, cols, data: g.list(values(rows, cols, 8), () => r() * 2 - 1) };
      const ids = () => g.list(r.chance(0.9) ? rows : rows + 1, () => g.num(() => r.int(5000)));
      const positions = r.chance(0.9) ? [ids(), ids(), ids()] : Array.from({ length: r.pick([1, 2, 4]) }, ids);
      const o = { config: r.chance(0.95) ? config : r.pick([{ model_type: 'llama', rope_theta: 1e4, head_dim: 128 }, { ...config, rope_scaling: { type: 'mrope', mrope_section: [16, 24, r.pick([23, 0, 'x'])] } }, null]),
        positions, ...r.pick([{}, { dtype }, { out: g.out(values(rows, cols), dtype), dtype }, { length: g.num(() => 100) }, { base: 5 }, { layout: 'interleaved' }]) };
      return ['rope', [x, o], (m) => {
        assert.equal(m.data.length, x.rows * x.cols + 0);
        if (o.out) assert.equal(m.data, o.out);
      }];
    },
    () => {
      const config = r.pick([...QWEN_CONFIGS, { model_type: 'qwen2_vl', vision_config: { spatial_merge_size: g.num(() => 2) } },
        { model_type: 'qwen2_5_vl', vision_config: { tokens_per_second: g.num(() => 2) } }, { model_type: 'qwen3_vl' }, null, 'qwen2_vl']);
      const grid = () => (r.chance(0.9) ? [g.num(() => 1 + r.int(3)), g.num(() => 2 * (1 + r.int(4))), g.num(() => 2 * (1 + r.int(4)))] : r.pick([[1, 2], 'grid', [1, 2, 3, 4]]));
      const segment = () => r.pick([{ text: g.num(() => r.int(6)) }, { image: grid() }, { video: grid() },
        { video: grid(), secondsPerGrid: g.num(() => r.pick([0.5, 1, 1.5, 2])) }, { text: 1, image: [1, 2, 2] }, { txt: 2 }, 7]);
      const segments = r.chance(0.95) ? Array.from({ length: r.int(6) }, (_, i) => (i % 2 ? segment() : { text: 1 + r.int(3) })) : r.pick(NOT_NUMBERS);
      return ['mropePositions', [config, segments], ({ positions, ropeDelta }) => {
        const [t, h, w] = positions;
        assert.ok(t.length === h.length && h.length === w.length, 'three lists of one length');
        let largest = -1;
        for (const a of positions) for (const v of a) { assert.ok(Number.isSafeInteger(v) && v >= 0, `id ${v}`); largest = Math.max(largest, v); }
        assert.equal(ropeDelta, largest + 1 - t.length);
      }];
    },
    () => {
      // encoding2d: MAE or diffusers (SD3's crop too), the cls row, options of the wrong convention.
      const h = g.num(() => r.int(12)), w = g.num(() => r.int(12)), d = g.num(() => 4 * (1 + r.int(16))), dtype = g.dtype();
      const cls = r.chance(0.2) ? { clsToken: r.pick([true, false, 'yes', 1]) } : {};
      const rows = values(values(h, w, -1) + (cls.clsToken === true ? 1 : 0), 1, -1);
      const o = { ...cls, ...r.pick([{}, { convention: 'diffusers' },
        { convention: 'diffusers', baseSize: g.num(() => 1 + r.int(32)), interpolationScale: g.num(() => r.pick([1, 1.875, 2.5])) },
        { convention: 'diffusers', baseSize: 8, posEmbedMaxSize: g.num(() => 12) }, { convention: r.pick(['mae', 'dit', 'cogvideox', 3]) },
        { baseSize: 16 }, { base: g.num(() => 10000) }, { dtype }, { out: g.out(values(rows, d), dtype), dtype }, { start: 1 }]) };
      return ['encoding2d', [h, w, d, o], (m, args) => checkGrid(m, args, false)];
    },
    () => {
      const f = g.num(() => r.int(5)), h = g.num(() => r.int(6)), w = g.num(() => r.int(6)), d = g.num(() => 16 * (1 + r.int(4))), dtype = g.dtype();
      const o = r.pick([{}, { spatialInterpolationScale: g.num(() => 1.875) }, { temporalInterpolationScale: g.num(() => r.pick([1, 0.5, 3])) },
        { convention: r.pick(['cogvideox', 'mae']) }, { base: g.num(() => 10000) }, { dtype },
        { out: g.out(values(values(values(f, h, -1), w, -1), d), dtype), dtype }, { baseSize: 16 }]);
      return ['encoding3d', [f, h, w, d, o], (m, args) => checkGrid(m, args, true)];
    },
    () => {
      const h = g.num(() => r.int(10)), w = g.num(() => r.int(10)), d = g.num(() => 4 * (1 + r.int(16))), n = values(h, w, -1);
      const o = r.pick([{}, { convention: 'diffusers', interpolationScale: g.num(() => r.pick([1, 1.875])) },
        { convention: 'diffusers', baseSize: 8, posEmbedMaxSize: g.num(() => 10) }, { out: g.out(values(n, n), r.pick(['float64', 'float64', 'float32'])) },
        { interpolationScale: 2 }, { dtype: 'float64' }, { clsToken: true }]);
      return ['dotMatrix2d', [h, w, d, o], (m, [hh, ww, dm]) => {
        const size = hh * ww + 0;
        assert.deepEqual([m.rows, m.cols, m.data.length], [size, size, size * size]);
        assert.ok(m.data instanceof Float64Array);
        if (o.out) assert.equal(m.data, o.out);
        for (let s = 0; s < Math.min(6, size); s++) {
          const i = (s * 13) % size, j = (s * 29) % size;
          near(m.data[i * size + j], m.data[j * size + i], 1e-12 * dm, 'symmetric');
          near(m.data[i * size + i], dm / 2, 1e-12 * dm, 'd/2 on the diagonal');
          assert.ok(Math.abs(m.data[i * size + j]) <= dm / 2 + 1e-9, '|G| ≤ d/2');
        }
      }];
    },
    () => ['alibiSlopes', [g.num(() => 1 + r.int(64)), r.chance(0.7) ? {} : { maxBias: g.num(() => 8) }], (s, [h]) => {
      assert.equal(s.length, h);
      checkFinite(s, 1, 'slope');
    }],
    () => ['alibiBias', [g.num(() => r.int(32)), g.num(() => 1 + r.int(8)), r.chance(0.7) ? {} : { causal: r.pick([true, false, 1]) }], (b, [n, h]) => {
      assert.equal(b.data.length, n * n * h + 0);
    }],
    () => ['relativePositionBuckets', [g.list(1 + r.int(16), () => g.num(() => r.int(300) - 150)),
      r.chance(0.7) ? {} : { numBuckets: g.num(() => 32), maxDistance: g.num(() => 128), bidirectional: r.pick([true, false, 'yes']) }], (b, [x, o]) => {
      assert.equal(b.length, x.length);
      for (const v of b) assert.ok(Number.isInteger(v) && v >= 0 && v < (o.numBuckets ?? 32), `bucket ${v}`);
    }],
  ];
}

test(`${CALLS} seeded hostile calls through the public API: right numbers or a named TypeError/RangeError, no leak (SEED=${SEED})`, () => {
  const r = random(SEED), g = generators(r), make = cases(g, r);
  const counts = { returned: 0, TypeError: 0, RangeError: 0 };
  const called = new Set();
  const byFunction = {};
  // The largest results first: the wasm heap grows to what they need once, and never shrinks.
  pe.encoding(32768, 512, { dtype: 'float64' });
  pe.dotMatrix(4096, 2, { dtype: 'float64' });
  pe.rotation(1, 4096);  // 4096² float64 values, filled in the wasm heap then copied out
  pe.dotKernel(CAP - 1, 2);
  gc();
  const before = { ...pe.memory(), jsHeap: process.memoryUsage().heapUsed };
  for (let call = 0; call < CALLS; call++) {
    const [name, args, check] = r.pick(make)();
    const where = `SEED=${SEED} call ${call}: ${name}(${args.map(show).join(', ')})`;
    called.add(name);
    let result;
    try {
      result = pe[name](...args);
    } catch (error) {
      assert.ok(error instanceof TypeError || error instanceof RangeError, `${where} threw ${error?.constructor?.name}: ${error}`);
      assert.match(error.message, NAMED, `${where}: the message names no parameter`);
      counts[error.constructor.name]++;
      continue;
    }
    try {
      check(result, args);
    } catch (error) {
      error.message = `${where}: ${error.message}`;
      throw error;
    }
    counts.returned++;
    byFunction[name] = (byFunction[name] ?? 0) + 1;
  }
  gc();
  const after = { ...pe.memory(), jsHeap: process.memoryUsage().heapUsed };
  const mib = (bytes) => `${bytes} bytes (${(bytes / 2 ** 20).toFixed(2)} MiB)`;
  console.log(`hostile calls, SEED=${SEED}: ${CALLS} calls, ${counts.returned} returned (checked), ${counts.RangeError} RangeError, ${counts.TypeError} TypeError`);
  console.log(`  returned per function: ${JSON.stringify(byFunction)}`);
  for (const key of ['allocatedBytes', 'heapBytes', 'jsHeap'])
    console.log(`  ${key}: ${mib(before[key])} before, ${mib(after[key])} after`);
  assert.equal(after.allocatedBytes, before.allocatedBytes, 'bytes allocated in the wasm heap');
  // Under ASan its quarantine holds freed blocks for a while, and the heap may grow for them.
  if (!process.env.POSENC_SANITIZE) assert.equal(after.heapBytes, before.heapBytes, 'size of the wasm heap');
  // Every function returned sometimes and was refused sometimes: the table reaches both sides.
  assert.ok(counts.returned > CALLS / 5 && counts.RangeError > CALLS / 10 && counts.TypeError > CALLS / 20, JSON.stringify(counts));
  assert.deepEqual(Object.keys(byFunction).sort(), [...called].sort(), `every function returned at least once: ${Object.keys(byFunction)}`);
  // The JS heap comes back within a few MiB (results are garbage once checked).
  assert.ok(after.jsHeap - before.jsHeap < 16 * 2 ** 20, `JS heap grew ${mib(after.jsHeap - before.jsHeap)}`);
});

function show(value) {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol' || typeof value === 'function') return String(value);
  if (ArrayBuffer.isView(value)) return `${value.constructor.name}(${value.buffer.byteLength === 0 && value.length === 0 ? 'detached' : value.length})`;
  if (Array.isArray(value)) return value.length > 8 ? `[${value.length} items]` : `[${value.map(show).join(', ')}]`;
  if (value && typeof value === 'object') return `{ ${Object.entries(value).map(([k, v]) => `${k}: ${show(v)}`).join(', ')} }`;
  return typeof value === 'string' ? JSON.stringify(value) : Object.is(value, -0) ? '-0' : String(value);
}
