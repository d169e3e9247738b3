// The score row from the frequencies (O(d) per offset) against the brute force: pe.rope of q at
// m and of k at n, then their dot product; RoFormer's bound holds and decays.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { boundScale, logOffsets, offsetRow, relativeBound, ropeScores, seededVector } from '../../js/story/rope-scores.js';
import { assertClose } from './helpers.js';

const pe = await init();

const vector = seededVector;

function bruteForce(q, k, m, n, options) {
  const turn = (v, p) => pe.rope({ rows: 1, cols: v.length, data: v }, { ...options, positions: [p], dtype: 'float64' }).data;
  const a = turn(q, m), b = turn(k, n);
  return a.reduce((s, x, c) => s + x * b[c], 0);
}

const CASES = [
  { d: 8, options: {} },
  { d: 64, options: { base: 500000, layout: 'concatenated' } },
  { d: 32, options: { rotaryDims: 8, layout: 'concatenated' } },  // partial rotary: the rest adds q·k as is
  { d: 16, options: { scaling: { rope_type: 'yarn', factor: 16, original_max_position_embeddings: 4096 } } },
  { d: 128, options: { base: 500000, scaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 } } },
];

test('ropeScores equals pe.rope of q at m and k at n, dotted, for every (m, n) with m − n = Δ', () => {
  CASES.forEach(({ d, options }, c) => {
    const q = vector(d, 11 + c), k = vector(d, 97 + c);
    const { base, scaling, rotaryDims, layout } = options;
    const { frequencies, attentionFactor } = pe.ropeFrequencies(d, { base, scaling, rotaryDims });
    const offsets = offsetRow(9).concat([1000, -4097]);
    const row = ropeScores(q, k, frequencies, offsets, { layout, attentionFactor });
    offsets.forEach((delta, j) => {
      for (const n of [0, 3, 5000]) {
        const m = n + delta;
        const expected = bruteForce(q, k, m, n, options);
        assertClose(row[j], expected, 1e-9 * (1 + Math.abs(m)), `case ${c}, m = ${m}, n = ${n}`);
      }
    });
  });
});

test('offset 0 is the plain dot product (times attentionFactor² on the turned pairs)', () => {
  const q = vector(12, 5), k = vector(12, 6);
  const { frequencies } = pe.ropeFrequencies(12);
  assertClose(ropeScores(q, k, frequencies, [0])[0], q.reduce((s, x, c) => s + x * k[c], 0), 1e-14);
  const scaled = ropeScores(q, k, frequencies, [0], { attentionFactor: 2 })[0];
  assertClose(scaled, 4 * q.reduce((s, x, c) => s + x * k[c], 0), 1e-13);
});

test("RoFormer's bound: |q(m)·k(n)| ≤ max|h_{i+1} − h_i|·(d/2)·bound(Δ), and the bound decays", () => {
  const d = 128, q = vector(d, 3), k = vector(d, 4);
  const { frequencies } = pe.ropeFrequencies(d);
  const offsets = logOffsets(65536, 60), bound = relativeBound(frequencies, offsets);
  const scores = ropeScores(q, k, frequencies, offsets), scale = boundScale(q, k, d / 2);
  offsets.forEach((delta, j) => {
    assert.ok(Math.abs(scores[j]) <= scale * (d / 2) * bound[j] * (1 + 1e-12), `Δ = ${delta}`);
  });
  // At Δ = 0 every S_j = j, so the bound is (d/2 + 1)/2; far away it is much smaller.
  assertClose(relativeBound(frequencies, [0])[0], (d / 2 + 1) / 2, 1e-12);
  assert.ok(bound[bound.length - 1] < bound[0] / 4, `bound ${bound[0]} → ${bound[bound.length - 1]}`);
});

test('logOffsets: whole, increasing, from 1 to max; bad input is a RangeError', () => {
  const offsets = logOffsets(4096, 50);
  assert.equal(offsets[0], 1);
  assert.equal(offsets.at(-1), 4096);
  offsets.forEach((v, i) => { assert.ok(Number.isInteger(v)); if (i) assert.ok(v > offsets[i - 1]); });
  assert.throws(() => logOffsets(0, 5), { name: 'RangeError', message: /max must be ≥ 1/ });
});

test('mismatched q and k, or more pairs than columns, are RangeErrors', () => {
  const { frequencies } = pe.ropeFrequencies(8);
  assert.throws(() => ropeScores(vector(8, 1), vector(6, 2), frequencies, [0]), { name: 'RangeError', message: /same length/ });
  assert.throws(() => ropeScores(vector(6, 1), vector(6, 2), frequencies, [0]), { name: 'RangeError', message: /exceed the 6 columns/ });
});

test('seededVector: reproducible, in [−1, 1), different seeds differ', () => {
  const a = seededVector(64, 7);
  assert.deepEqual(a, seededVector(64, 7));
  assert.ok(a.every((x) => x >= -1 && x < 1));
  assert.notDeepEqual(a, seededVector(64, 8));
});

test('boundPeaks: the bound at every offset, each stretch\'s peak where relativeBound puts it', async () => {
  const { boundPeaks, relativeBound: bound, logOffsets: log } = await import('../../js/story/rope-scores.js');
  const frequencies = pe.ropeFrequencies(16, { base: 10000 }).frequencies, offsets = log(65536, 200);
  const dense = bound(frequencies, Array.from({ length: 65536 }, (_, i) => i + 1));
  const { at, values } = boundPeaks(frequencies, offsets);
  let from = 1;
  offsets.forEach((end, j) => {
    let best = from;
    for (let delta = from; delta <= end; delta++) if (dense[delta - 1] > dense[best - 1]) best = delta;
    assert.equal(at[j], best, `stretch ${from} … ${end}`);
    assert.ok(Math.abs(values[j] - dense[best - 1]) < 1e-11, `${values[j]} vs ${dense[best - 1]}`);
    from = end + 1;
  });
  // The sampled offsets alone miss the far peak that beats Δ = 1.
  assert.ok(Math.max(...bound(frequencies, offsets)) < Math.max(...values));
});
