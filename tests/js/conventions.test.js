// Conventions (issue 11): every framework function of docs/conventions.md reproduced from its
// golden data (tests/golden/conventions.json, made by scripts/golden/conventions.py from the
// framework's own formula), the structure kept under every preset, and the bad inputs.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init } from 'posenc';
import { assertClose, maxAbsDiff } from './helpers.js';

const pe = await init();
const golden = JSON.parse(readFileSync(new URL('../golden/conventions.json', import.meta.url), 'utf8'));
const NAMES = Object.keys(pe.conventions);

const encodingOf = ({ positions, length, dModel, options }, dtype) =>
  pe.encoding(positions ?? length, dModel, { ...options, dtype });

for (const c of golden.cases) {
  test(`golden ${c.id}: ${c.framework} ${c.function}, ${c.arguments}`, () => {
    const f64 = encodingOf(c.posenc, 'float64');
    assert.equal(f64.data.length, c.values.length);
    assert.ok(maxAbsDiff(f64.data, c.values) <= 1e-9, `float64 off by ${maxAbsDiff(f64.data, c.values)}`);
    const f32 = encodingOf(c.posenc, 'float32');
    assert.ok(maxAbsDiff(f32.data, c.values) <= 1e-6, `float32 off by ${maxAbsDiff(f32.data, c.values)}`);
  });
}

test('every preset is reproduced by golden data, even and (where defined) odd dModel', () => {
  for (const name of NAMES) {
    const cases = golden.cases.filter((c) => c.posenc.options.convention === name);
    assert.ok(cases.length > 0, `no golden case for ${name}`);
    if (pe.conventions[name].oddDModel !== 'error' && name !== 'dit')
      assert.ok(cases.some((c) => c.posenc.dModel % 2 === 1), `no odd dModel case for ${name}`);
  }
});

test('pe.conventions describes each preset for the docs and the page', () => {
  for (const name of NAMES) {
    const preset = pe.conventions[name];
    assert.equal(preset.name, name);
    assert.ok(preset.formula.length > 10 && preset.equals.length > 0 && preset.oddNote.length > 0);
    for (const { call, file } of preset.equals) assert.ok(call && file.includes('/'), `${name}: ${call}`);
    assert.ok(['extra-sine', 'zero-column', 'error'].includes(preset.oddDModel));
    assert.ok(Object.isFrozen(preset) && Object.isFrozen(preset.options));
  }
});

// The structure, under every preset: the rotation moves encodings along (following the order
// and layout), the kernel is amplitude² Σ cos(Δω_i), the matrix is Toeplitz.
const amplitudeOf = (name, d) => (name === 'mlx' ? Math.sqrt(2 / d) : 1);
const dot = (a, b) => a.reduce((sum, x, i) => sum + x * b[i], 0);

for (const name of NAMES) {
  for (const d of [16, 9]) {
    const options = { convention: name, angleScale: 1.5 };
    const preset = pe.conventions[name];
    if (d % 2 === 1 && preset.oddDModel === 'error') continue;
    const extraSine = d % 2 === 1 && preset.oddDModel === 'extra-sine';
    test(`structure under '${name}', dModel ${d}${extraSine ? ' (extra sine: refused, and why)' : ''}`, () => {
      const a2 = amplitudeOf(name, d) ** 2;
      if (extraSine) {
        // PE(p)·PE(q) has a sin(pω)sin(qω) term, which depends on p + q: no kernel exists.
        const at = (p, q) => dot(pe.encode(p, d, options), pe.encode(q, d, options));
        assert.ok(Math.abs(at(10, 40) - at(1000, 1030)) > 0.1, 'same offset, different dot products');
        for (const call of [() => pe.dotKernel(3, d, options), () => pe.dotMatrix(3, d, options),
          () => pe.rotation(1, d, options)])
          assert.throws(call, { name: 'RangeError', message: /^dModel must be even here: an odd dModel's extra sine column/ });
        assert.throws(() => pe.shift(pe.encode(1, d, options), 1, options), { name: 'RangeError', message: /^vector.length must be even here/ });
        return;
      }
      for (const [p, k] of [[0, 1], [3, -7], [2.5, 40.25], [1000, 3]])
        assert.ok(maxAbsDiff(pe.shift(pe.encode(p, d, options), k, options), pe.encode(p + k, d, options)) <= 1e-11,
          `shift(encode(${p}), ${k})`);
      const omega = pe.frequencies(d, options);
      const kernel = pe.dotKernel(20, d, options);
      for (let delta = 0; delta <= 20; delta++) {
        const sum = omega.reduce((s, w) => s + Math.cos(delta * w), 0);
        assertClose(kernel[delta], a2 * sum, 1e-12 * d, `D(${delta})`);
        assertClose(kernel[delta], dot(pe.encode(5, d, options), pe.encode(5 + delta, d, options)), 1e-12 * d, `dot at Δ ${delta}`);
      }
      const fast = pe.dotMatrix(12, d, { ...options, dtype: 'float64' }).data;
      const direct = pe.dotMatrix(12, d, { ...options, dtype: 'float64', method: 'direct' }).data;
      assert.ok(maxAbsDiff(fast, direct) <= 1e-12 * d);
      if (d % 2 === 1) {  // the zero column: zero in every row, nothing in the kernel
        const rows = pe.encoding(5, d, options).data;
        for (let r = 0; r < 5; r++) assert.equal(rows[r * d + d - 1], 0);
        assertClose(kernel[0], a2 * (d - 1) / 2, 1e-12);
      }
    });
  }
}

test('one options object fits every function', () => {
  for (const name of NAMES) {
    const options = { convention: name, base: 500, order: 'cos-sin', angleScale: 0.5, amplitude: 2 };
    pe.frequencies(8, options);
    pe.periods(8, options);
    pe.encoding(3, 8, options);
    pe.encoding([0.5, 2], 8, options);
    pe.encode(1, 8, options);
    pe.rotation(1, 8, options);
    pe.shift(new Float64Array(8), 1, options);
    pe.dotKernel(3, 8, options);
    pe.dotMatrix(3, 8, options);
    pe.addTo({ rows: 2, cols: 8, data: new Float32Array(16) }, options);
  }
});

test('options: order swaps each pair, angleScale scales the angle, amplitude the values', () => {
  const d = 8, sinCos = pe.encode(2.5, d, { layout: 'concatenated' }), cosSin = pe.encode(2.5, d, { layout: 'concatenated', order: 'cos-sin' });
  assert.deepEqual([...cosSin], [...sinCos.slice(d / 2), ...sinCos.slice(0, d / 2)]);
  const inter = pe.encode(2.5, d), interCos = pe.encode(2.5, d, { order: 'cos-sin' });
  for (let i = 0; i < d / 2; i++) assert.deepEqual([interCos[2 * i], interCos[2 * i + 1]], [inter[2 * i + 1], inter[2 * i]]);
  assert.ok(maxAbsDiff(pe.encode(3, d, { angleScale: 1000 }), pe.encode(3000, d)) <= 1e-12);
  assert.ok(maxAbsDiff(pe.frequencies(d, { angleScale: 2 }), pe.frequencies(d).map((w) => 2 * w)) === 0);
  assert.ok(maxAbsDiff(pe.encode(3, d, { amplitude: -0.5 }), pe.encode(3, d).map((v) => -0.5 * v)) === 0);
  assert.ok(maxAbsDiff(pe.dotKernel(5, d, { amplitude: 3 }), pe.dotKernel(5, d).map((v) => 9 * v)) <= 1e-12);
  // An explicit option overrides the convention's.
  assert.deepEqual(pe.encode(1, d, { convention: 'guided-diffusion', order: 'sin-cos' }), pe.encode(1, d, { convention: 'stable-diffusion', order: 'sin-cos' }));
  assert.ok(maxAbsDiff(pe.encode(1, d, { convention: 'mlx', amplitude: 1 }), pe.encode(1, d, { convention: 'tensor2tensor' })) === 0);
});

test('positions lists: any finite numbers, typed arrays, start added, empty gives empty', () => {
  const positions = [7, -2.5, 1e6, 0.001];
  const rows = pe.encoding(positions, 6, { dtype: 'float64' });
  assert.equal(rows.rows, 4);
  positions.forEach((p, r) => assert.deepEqual([...rows.data.slice(r * 6, r * 6 + 6)], [...pe.encode(p, 6)]));
  assert.deepEqual(pe.encoding(new Float32Array([1, 2]), 6).data, pe.encoding(new Int32Array([1, 2]), 6).data);
  assert.deepEqual(pe.encoding([0, 1], 6, { start: 10 }).data, pe.encoding(2, 6, { start: 10 }).data);
  assert.ok(maxAbsDiff(pe.encoding([...Array(600).keys()], 64).data, pe.encoding(600, 64).data) <= 1e-6, 'exact vs the recurrence');
  const empty = pe.encoding([], 8);
  assert.equal(empty.rows, 0);
  assert.equal(empty.data.length, 0);
  const out = new Float64Array(12);
  assert.equal(pe.encoding([1, 2], 6, { out }).data, out);
});

test('bad inputs: convention, odd dModel, positions, new options', () => {
  const cases = [
    [() => pe.encode(1, 8, { convention: 'Paper' }), RangeError, /^convention must be 'paper' or 'tensor2tensor' or /],
    [() => pe.encode(1, 8, { convention: 3 }), TypeError, /^convention must be /],
    [() => pe.encoding(2, 9), RangeError, /^dModel must be an even integer between 2 and 65536, got 9$/],
    [() => pe.encoding(2, 9, { convention: 'mlx' }), RangeError, /^dModel must be an even integer between 2 and 65536, got 9$/],
    [() => pe.encoding(2, 1, { convention: 'diffusers' }), RangeError, /^dModel must be an integer between 2 and 65536, got 1$/],
    [() => pe.encoding([0, 1, Infinity], 8), RangeError, /^positions\[2\] must be a finite number, got Infinity$/],
    [() => pe.encoding([0, NaN], 8, { convention: 'dit' }), RangeError, /^positions\[1\] must be a finite number, got NaN$/],
    [() => pe.encoding([0, '1'], 8), TypeError, /^positions\[1\] must be a number, got "1"$/],
    [() => pe.encoding(new Float64Array(40000), 512), RangeError, /^positions.length × dModel must be at most 16777216 values \(the size cap\), got 40000 × 512/],
    [() => pe.encoding([1, 2], 4, { out: new Float32Array(3) }), RangeError, /^out.length must equal positions.length × dModel = 8, got 3$/],
    [() => pe.encoding([1], 4, { order: 'cos' }), RangeError, /^order must be 'sin-cos' or 'cos-sin', got "cos"$/],
    [() => pe.encode(1, 4, { angleScale: 0 }), RangeError, /^angleScale must be a finite number > 0, got 0$/],
    [() => pe.encode(1, 4, { amplitude: NaN }), RangeError, /^amplitude must be a finite number, got NaN$/],
    [() => pe.encode(1, 4, { amplitude: '1' }), TypeError, /^amplitude must be a number, got "1"$/],
    [() => pe.dotMatrix(2, 7, { convention: 'tf-tutorial' }), RangeError, /^dModel must be even here/],
    [() => pe.encode(1e306, 8, { angleScale: 1000 }), RangeError, /^pos × angleScale must be finite \(the largest angle\), got 1e\+306 × 1000 = Infinity$/],
    [() => pe.shift([1, 0], 1e306, { angleScale: 1e3 }), RangeError, /^k × angleScale must be finite/],
  ];
  for (const [call, Kind, message] of cases) {
    assert.throws(call, (error) => error.constructor === Kind && message.test(error.message), String(call));
    assert.equal(pe.encode(1, 4)[0], Math.sin(1));  // the module still works
  }
  assert.equal(pe.dotMatrix(2, 7, { convention: 'tf-tutorial', method: 'direct' }).data.length, 4);
});
