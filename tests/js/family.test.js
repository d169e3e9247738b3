// The relative-position family against the models' own code (tests/golden/position-family.json,
// written by scripts/golden/position_family.py from transformers' functions, copied verbatim):
// ALiBi slopes (BLOOM, MPT), biases (the same softmax as BLOOM's and MPT's), T5 buckets; every bad
// argument and its error.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init } from 'posenc';
import { assertErrors } from './helpers.js';

const pe = await init();
const golden = JSON.parse(readFileSync(new URL('../golden/position-family.json', import.meta.url), 'utf8'));
const F32 = 2 ** -24;  // half a float32 ulp, relative

test('ALiBi slopes: MPT\'s to float32 rounding, BLOOM\'s to its float32 powers (numHeads ulps)', () => {
  for (const n of golden.heads) {
    const slopes = pe.alibiSlopes(n);
    assert.equal(slopes.length, n);
    golden.slopes.mpt[n].forEach((v, h) => assert.ok(Math.abs(v - slopes[h]) <= 2 * F32 * slopes[h], `MPT, ${n} heads, head ${h}: ${v} vs ${slopes[h]}`));
    // BLOOM raises a float32 base to the power h: its error grows with h.
    golden.slopes.bloom[n].forEach((v, h) => assert.ok(Math.abs(v - slopes[h]) <= (h + 2) * 2 * F32 * slopes[h], `BLOOM, ${n} heads, head ${h}`));
  }
  // BLOOM-176B: 64 heads of 2^(−h/8), then 48 of 2^(−(2k+1)/16).
  const bloom176 = pe.alibiSlopes(112);
  assert.equal(bloom176[0], 2 ** (-1 / 8));
  assert.equal(bloom176[64], 2 ** (-1 / 16));
  assert.equal(bloom176[111], 2 ** (-95 / 16));
});

test('ALiBi bias: −m·|i − j| gives the softmax of BLOOM\'s m·j and MPT\'s m·(j − n + 1)', () => {
  const n = 6, heads = 12, { rows, cols, data } = pe.alibiBias(n, heads);
  assert.deepEqual([rows, cols, data.length], [heads * n, n, heads * n * n]);
  for (let h = 0; h < heads; h++)
    for (let i = 0; i < n; i++) {
      const row = data.subarray((h * n + i) * n, (h * n + i + 1) * n);
      // Each model's row differs from ours by a constant over the keys a query sees (j ≤ i).
      for (const [name, theirs] of [['BLOOM', golden.bloomBias[h]], ['MPT', golden.mptBias[h]]]) {
        const shift = theirs[0] - row[0];
        for (let j = 0; j <= i; j++)
          assert.ok(Math.abs(theirs[j] - row[j] - shift) < 1e-5, `${name} head ${h} row ${i} key ${j}`);
      }
      for (let j = i + 1; j < n; j++) assert.equal(row[j], -Infinity, 'masked: the key comes later');
      assert.ok(Object.is(row[i], 0), '0 on the diagonal, not −0');
    }
  // Not causal: symmetric, and Toeplitz per head.
  const full = pe.alibiBias(5, 3, { causal: false, maxBias: 16 }), slopes = pe.alibiSlopes(3, { maxBias: 16 });
  for (let h = 0; h < 3; h++)
    for (let i = 0; i < 5; i++)
      for (let j = 0; j < 5; j++) assert.equal(full.data[(h * 5 + i) * 5 + j], i === j ? 0 : -slopes[h] * Math.abs(i - j));
  assert.deepEqual(pe.alibiBias(0, 4), { rows: 0, cols: 0, data: new Float64Array(0) });
});

test('T5 buckets: transformers\' _relative_position_bucket, bit for bit, for six rules', () => {
  for (const { buckets, ...rule } of golden.buckets) {
    const ours = pe.relativePositionBuckets(golden.relative, rule);
    assert.ok(ours instanceof Int32Array);
    assert.deepEqual(Array.from(ours), buckets, JSON.stringify(rule));
  }
  // The defaults are T5's encoder (32 buckets, 128, both ways); typed arrays are read as they are.
  assert.deepEqual(Array.from(pe.relativePositionBuckets(new Int16Array([-200, -1, 0, 1, 200]))), [15, 1, 0, 17, 31]);
});

test('bad arguments: TypeError or RangeError naming the parameter; the module keeps working', () => {
  assertErrors([
    [() => pe.alibiSlopes(), TypeError, 'numHeads must be a number, got undefined'],
    [() => pe.alibiSlopes(0), RangeError, 'numHeads must be an integer between 1 and 65536, got 0'],
    [() => pe.alibiSlopes(12.5), RangeError, 'numHeads must be an integer between 1 and 65536, got 12.5'],
    [() => pe.alibiSlopes(8, { maxBias: -1 }), RangeError, 'maxBias must be a number > 0 and at most 1000, got -1'],
    [() => pe.alibiSlopes(8, { maxBias: '8' }), TypeError, 'maxBias must be a number, got "8"'],
    [() => pe.alibiSlopes(8, { causal: true }), TypeError, 'alibiSlopes has no option "causal" (options: maxBias)'],
    [() => pe.alibiBias(-1, 8), RangeError, 'length must be an integer >= 0, got -1'],
    [() => pe.alibiBias(4096, 2), RangeError, 'numHeads × length × length must be at most 16777216 values (the size cap), got 8192 × 4096 = 33554432'],
    [() => pe.alibiBias(4, 2, { causal: 'yes' }), TypeError, 'causal must be true or false, got "yes"'],
    [() => pe.relativePositionBuckets(5), TypeError, 'relativePositions must be an array or typed array of numbers, got 5'],
    [() => pe.relativePositionBuckets([1, '2']), TypeError, 'relativePositions[1] must be a number, got "2"'],
    [() => pe.relativePositionBuckets([0, 1.5]), RangeError, 'relativePositions[1] must be an integer between -2147483647 and 2147483647, got 1.5'],
    [() => pe.relativePositionBuckets([NaN]), RangeError, 'relativePositions[0] must be an integer between -2147483647 and 2147483647, got NaN'],
    [() => pe.relativePositionBuckets([1], { numBuckets: 31 }), RangeError, 'numBuckets must be an even integer between 4 and 65536, got 31 (bidirectional buckets split in two halves)'],
    [() => pe.relativePositionBuckets([1], { numBuckets: 32, maxDistance: 8 }), RangeError, 'maxDistance must be an integer greater than the 8 exact buckets (and at most 2147483647), got 8'],
    [() => pe.relativePositionBuckets([1], { bidirectional: 0 }), TypeError, 'bidirectional must be true or false, got 0'],
  ], () => assert.equal(pe.alibiSlopes(2)[1], 1 / 256));
});
