// Step 1's computation: attention cannot tell a repeated word's two positions apart until
// PE is added.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { attention, embeddings, firstRepeat, rowDistance, sentenceAttention, words } from '../../js/story/attention.js';

const pe = await init();

test('embeddings: deterministic per word, mean 0 and standard deviation 1/√d (fairseq init)', () => {
  const a = embeddings(['the', 'cat', 'the'], 16), b = embeddings(['the'], 16);
  assert.deepEqual(a.data.subarray(0, 16), a.data.subarray(32, 48));
  assert.deepEqual(a.data.subarray(0, 16), b.data);
  assert.notDeepEqual(a.data.subarray(0, 16), a.data.subarray(16, 32));
  const many = embeddings(Array.from({ length: 200 }, (_, i) => `w${i}`), 256).data;
  const mean = many.reduce((s, x) => s + x, 0) / many.length;
  const std = Math.sqrt(many.reduce((s, x) => s + (x - mean) ** 2, 0) / many.length);
  assert.ok(Math.abs(mean) < 0.01 * 256 ** -0.5 * 10, `mean ${mean}`);
  assert.ok(Math.abs(std / 256 ** -0.5 - 1) < 0.02, `std ${std}`);
});

test('attention rows are softmaxes of x_i·x_j/√d and permute with the tokens', () => {
  const x = embeddings(words('a b c d'), 8), n = 4;
  const w = attention(x);
  for (let i = 0; i < n; i++) {
    const scores = Array.from({ length: n }, (_, j) => {
      let s = 0;
      for (let c = 0; c < 8; c++) s += x.data[i * 8 + c] * x.data[j * 8 + c];
      return Math.exp(s / Math.sqrt(8));
    });
    const total = scores.reduce((s, v) => s + v, 0);
    scores.forEach((v, j) => assert.ok(Math.abs(w.data[i * n + j] - v / total) < 1e-12));
  }
  // Permutation equivariance: shuffled tokens give the shuffled matrix, exactly.
  const order = [2, 0, 3, 1], shuffled = attention(embeddings(order.map((i) => 'abcd'[i]), 8));
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) assert.equal(shuffled.data[i * n + j], w.data[order[i] * n + order[j]]);
});

test('a repeated word: identical rows without positions, |PE(a) − PE(b)| apart with them', () => {
  const { tokens, repeat, input, plain, positioned } = sentenceAttention(pe, '  the cat saw  the dog ', 16);
  assert.deepEqual(tokens, ['the', 'cat', 'saw', 'the', 'dog']);
  assert.deepEqual({ word: repeat.word, first: repeat.first, second: repeat.second }, { word: 'the', first: 0, second: 3 });
  assert.equal(repeat.plainGap, 0);
  assert.deepEqual(plain.data.subarray(0, 5), plain.data.subarray(15, 20));
  assert.ok(repeat.positionedGap > 0.01);
  assert.equal(repeat.positionedGap, rowDistance(positioned, 0, 3));
  const kernel = pe.dotKernel(3, 16);
  assert.ok(Math.abs(repeat.inputGap - Math.sqrt(2 * (kernel[0] - kernel[3]))) < 1e-5);
  // The input is √d·E + PE, row by row.
  const e = embeddings(tokens, 16).data, p = pe.encoding(5, 16, { dtype: 'float64' }).data;
  input.data.forEach((v, k) => assert.ok(Math.abs(v - (4 * e[k] + p[k])) < 1e-12));
  assert.equal(firstRepeat(['a', 'b']), null);
  assert.equal(sentenceAttention(pe, 'one two', 4).repeat, null);
});

test('bad arguments: TypeError or RangeError naming the parameter', () => {
  assert.throws(() => words(3), { name: 'TypeError', message: /text must be a string/ });
  assert.throws(() => embeddings('the', 4), { name: 'TypeError', message: /tokens must be an array/ });
  assert.throws(() => embeddings(['a', 1], 4), { name: 'TypeError', message: /tokens\[1\] must be a string/ });
  assert.throws(() => embeddings(['a'], 5), { name: 'RangeError', message: /dModel must be an even integer/ });
  assert.throws(() => attention({ rows: 2, cols: 2, data: [1, 2, 3] }), { name: 'RangeError', message: /x.data must hold/ });
  assert.throws(() => sentenceAttention(pe, '   ', 4), { name: 'RangeError', message: /number of words/ });
  assert.throws(() => sentenceAttention(pe, 'a', 4, { bass: 1 }), { name: 'TypeError', message: /no option "bass"/ });
});
