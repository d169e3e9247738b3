// The float32 story of seed 000, against tests/golden/float32-story.json (written by
// scripts/golden/float32_story.py with Debian's torch 1.13: torch's own numbers and an
// independent numpy emulation of each rounding stage).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init } from 'posenc';
import { ORDERS, angles32, dot32, float32Story, fma32, frequencies32, row32, ulp32 } from '../../js/story/float32.js';
import { assertClose, ulps } from './helpers.js';

const pe = await init();
const golden = JSON.parse(readFileSync(new URL('../golden/float32-story.json', import.meta.url)));
const pairs = Object.keys(golden.pairs).map((key) => key.split(',').map(Number));
const torchOmega = Float32Array.from(golden.torchFrequencies);

test('the golden file holds the four pairs of seed 000 at d = 512', () => {
  assert.deepEqual(pairs, [[1, 2], [80, 81], [1, 80], [2, 81]]);
  assert.equal(golden.dModel, 512);
  assert.equal(golden.torchFrequencies.length, 256);
});

test('div_term: correctly rounded here, within 1 ulp of torch (which differs in some entries)', () => {
  const omega = frequencies32(512);
  let differ = 0;
  omega.forEach((w, i) => {
    assert.ok(ulps(w, torchOmega[i]) <= 2 ** 29, `ω_${i} within one float32 ulp`);  // 2^29 float64 ulps
    if (w !== torchOmega[i]) differ++;
  });
  assert.equal(differ, golden.frequenciesDifferFromCorrectlyRounded);
  assert.equal(omega[0], 1);
});

test('rows: torch\'s float32 values, up to its sin/cos being 1 ulp off in some entries', () => {
  for (const [pos, values] of Object.entries(golden.torchRows)) {
    const row = row32(Number(pos), torchOmega);
    let differ = 0;
    row.forEach((v, j) => {
      assert.ok(Math.abs(v - values[j]) <= ulp32(values[j] || 1) , `pe[${pos}][${j}]`);
      if (v !== values[j]) differ++;
    });
    assert.equal(differ, golden.rowsDifferFromCorrectlyRounded[pos], `row ${pos}`);
  }
});

test('the summation order decides the last bit: torch\'s rows reproduce both torches exactly', () => {
  for (const [a, b] of pairs) {
    const g = golden.pairs[`${a},${b}`];
    const x = golden.torchRows[a], y = golden.torchRows[b];
    for (const order of Object.keys(ORDERS)) assert.equal(dot32(x, y, order), g.torchRowSums[order], `${order} ${a},${b}`);
    assert.equal(dot32(x, y, 'sequential'), g.torchDot, 'this machine\'s torch sums left to right');
    assert.equal(g.torchMatmul, g.torchDot);
    assert.equal(dot32(x, y, 'lanes32'), golden.seedPrinted[`${a},${b}`], 'seed 000 printed a 32-lane sum');
  }
});

test('stage by stage, with either frequencies, equal the numpy emulation', () => {
  for (const [a, b] of pairs) {
    const g = golden.pairs[`${a},${b}`];
    for (const [name, frequencies] of [['torchFrequencies', golden.torchFrequencies], ['correctlyRounded', undefined]]) {
      const story = float32Story(pe, a, b, { frequencies });
      for (const stage of ['frequencies', 'angles', 'sinCos'])
        assertClose(story.stages[stage], g[name][stage], 1e-12, `${name} ${stage} dot(${a}, ${b})`);
      assert.deepEqual(story.sums, g[name].sums, `${name} sums of dot(${a}, ${b})`);
      assertClose(story.exact, g.exact, 1e-11, 'exact D(Δ)');
      assert.equal(story.posenc, Math.fround(story.exact), 'posenc rounds the exact value once');
    }
  }
});

test('emulated from torch\'s frequencies, the 32-lane sums are the four numbers seed 000 printed', () => {
  for (const [a, b] of pairs)
    assert.equal(float32Story(pe, a, b, { frequencies: torchOmega }).sums.lanes32, golden.seedPrinted[`${a},${b}`]);
  const own = pairs.filter(([a, b]) => float32Story(pe, a, b).sums.lanes32 === golden.seedPrinted[`${a},${b}`]);
  assert.deepEqual(own, [[1, 2], [80, 81], [2, 81]], 'with correctly rounded frequencies, three of four');
});

test('the story\'s numbers: equal exact values, about 1e-5 from the frequencies at Δ = 79', () => {
  const s12 = float32Story(pe, 1, 2), s8081 = float32Story(pe, 80, 81), s180 = float32Story(pe, 1, 80);
  assert.equal(s12.exact, s8081.exact, 'D(1) does not depend on the positions');
  assertClose(s12.exact, 249.10209782736, 5e-12);
  assertClose(s180.exact, 117.52900007202, 5e-12);
  const freq79 = s180.stages.frequencies - s180.exact;
  assert.ok(freq79 > 3e-6 && freq79 < 2e-5, `stage (a) at Δ = 79: ${freq79}`);
  assert.ok(Math.abs(s12.stages.frequencies - s12.exact) < 1e-6, 'at Δ = 1 it is far smaller');
  assert.equal(s12.stages.angles, s12.stages.frequencies, '1·ω and 2·ω are exact in float32');
  assert.notEqual(s8081.stages.angles, s8081.stages.frequencies, '80·ω and 81·ω are rounded');
  assert.equal(s12.ulp, 2 ** -16);
  assert.equal(s180.ulp, 2 ** -17);
  // The spread over the orders stays within a few ulp of the exact value.
  for (const s of [s12, s8081, s180])
    for (const v of Object.values(s.sums)) assert.ok(Math.abs(v - s.exact) <= 4 * s.ulp);
});

test('fma32 rounds once: it differs from the twice-rounded f32(c + f32(a·b)) where it must', () => {
  const a = Math.fround(1 + 2 ** -12), c = Math.fround(-(1 + 2 ** -11));
  // a² = 1 + 2^-11 + 2^-24: the product alone rounds the 2^-24 away, the fma keeps it.
  assert.equal(fma32(a, a, c), 2 ** -24);
  assert.equal(Math.fround(c + Math.fround(a * a)), 0);
  assert.equal(fma32(3, 5, 7), 22);
  assert.equal(fma32(Math.fround(0.1), 10, -1), Math.fround(Math.fround(0.1) * 10 - 1));
});

test('angles32 rounds the product once', () => {
  const t = angles32(81, torchOmega);
  t.forEach((v, i) => assert.equal(v, Math.fround(81 * torchOmega[i])));
});

test('bad arguments throw errors naming the parameter; the module stays usable', () => {
  const cases = [
    [() => float32Story(pe, -1, 2), RangeError, /a must be an integer between 0 and 4095, got -1/],
    [() => float32Story(pe, 1, 4096), RangeError, /b must be an integer between 0 and 4095, got 4096/],
    [() => float32Story(pe, 1, '2'), TypeError, /b must be a number, got "2"/],
    [() => float32Story(pe, 1, 2, { dModel: 7 }), RangeError, /dModel must be an even integer between 2 and 8192, got 7/],
    [() => float32Story(pe, 1, 2, { dtype: 'float32' }), TypeError, /float32Story has no option "dtype"/],
    [() => float32Story(pe, 1, 2, { frequencies: new Float32Array(3) }), RangeError, /frequencies must have dModel\/2 = 256 values, got 3/],
    [() => float32Story(pe, 1, 2, { frequencies: 'torch' }), TypeError, /frequencies must be a Float32Array/],
    [() => float32Story(pe, 1, 2, { base: 1 }), RangeError, /base must be a number between 1.0000000000000002 and/],
    [() => frequencies32(8, Infinity), RangeError, /base must be .* got Infinity/],
    [() => dot32([1], [1], 'kahan'), RangeError, /order must be one of sequential, .*, got "kahan"/],
    [() => dot32([1], [1, 2], 'sequential'), RangeError, /equal lengths, got 1 and 2/],
  ];
  for (const [call, Kind, message] of cases) assert.throws(call, (e) => e instanceof Kind && message.test(e.message), String(message));
  assert.equal(float32Story(pe, 1, 2).sums.lanes32, golden.seedPrinted['1,2']);
});
