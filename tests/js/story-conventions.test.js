// "Your framework" (the conventions widget), its pure parts: the positions list a person types,
// a convention against the paper (a column permutation or a change of values), and the snippet
// to copy, run in Node: it must print exactly the numbers the widget shows.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { init } from 'posenc';
import { conventionSnippet } from '../../js/story/convention-snippet.js';
import { conventionNumbers, conventionVsPaper } from '../../js/story/convention-vs-paper.js';
import { MAX_POSITIONS, parsePositions } from '../../js/story/positions-list.js';
import { assertClose } from './helpers.js';

const pe = await init();
const NAMES = Object.keys(pe.conventions);
const TIMESTEPS = [0, 1, 17.5, 250.5, 999];
const dModels = (name) => (pe.conventions[name].oddDModel === 'error' ? [64] : [64, 33]);

test('positions: numbers and whole ranges, normalised; the rest dropped', () => {
  assert.deepEqual(parsePositions('0, 250.5, 999'), { list: [0, 250.5, 999], text: '0,250.5,999', dropped: [] });
  assert.deepEqual(parsePositions(' -2..1 ; 1e-3\t7 '), { list: [-2, -1, 0, 1, 0.001, 7], text: '-2..1,0.001,7', dropped: [] });
  assert.deepEqual(parsePositions('x, 1e400, NaN, 5..2, 0.5..3, 3'), { list: [3], text: '3', dropped: ['x', '1e400', 'NaN', '5..2', '0.5..3'] });
  assert.deepEqual(parsePositions(''), { list: [], text: '', dropped: [] });
  // Past 2^53, p + 1 === p: one position each, and the parse ends (it looped for good, the fuzz found).
  assert.deepEqual(parsePositions('1e308 1e16 9007199254740992..9007199254740993'),
    { list: [1e308, 1e16, 2 ** 53], text: '1e+308,10000000000000000,9007199254740992..9007199254740992', dropped: [] });
  // The cap: whole items only, in order.
  const full = parsePositions(`0..${MAX_POSITIONS - 2} 1000 1001`);
  assert.equal(full.list.length, MAX_POSITIONS);
  assert.deepEqual(full.dropped, ['1001']);
  assert.deepEqual(parsePositions(`0..${MAX_POSITIONS}`).dropped, [`0..${MAX_POSITIONS}`]);
});

/** Each row of `a`, sorted, equals the same row of `b`, sorted: a column permutation (per row). */
function sameRowValues(a, b) {
  const rows = (m) => Array.from({ length: m.rows }, (_, r) => Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols)).sort((x, y) => x - y));
  return JSON.stringify(rows(a)) === JSON.stringify(rows(b));
}

test('against the paper: valueDiff is 0 exactly when the convention permutes the paper\'s columns', () => {
  const permuted = new Set(['paper', 'tf-tutorial', 'stable-diffusion', 'guided-diffusion']);
  for (const convention of NAMES) {
    const r = conventionVsPaper(pe, { convention, dModel: 64, positions: TIMESTEPS, base: 10000 });
    assert.equal(r.valueDiff === 0, permuted.has(convention), convention);
    assert.equal(sameRowValues(r.encoding, r.paper), permuted.has(convention), `${convention}: row values`);
    assert.equal(r.maxDiff === 0, convention === 'paper', convention);
    r.difference.data.forEach((x, i) => assert.equal(x, r.encoding.data[i] - r.inOrder.data[i]));
    assert.deepEqual([r.encoding.rows, r.encoding.cols], [TIMESTEPS.length, 64]);
  }
  // MLX: tensor2tensor's values times √(2/d).
  const mlx = conventionVsPaper(pe, { convention: 'mlx', dModel: 64, positions: TIMESTEPS, base: 10000 });
  const t2t = pe.encoding(TIMESTEPS, 64, { convention: 'tensor2tensor', dtype: 'float64' }).data;
  mlx.encoding.data.forEach((x, i) => assertClose(x, Math.sqrt(2 / 64) * t2t[i], 1e-15, `mlx ${i}`));
  // An odd d: the zero column and the paper's extra sine differ in values, tf-tutorial (Marian) does not.
  assert.ok(conventionVsPaper(pe, { convention: 'stable-diffusion', dModel: 33, positions: TIMESTEPS, base: 10000 }).valueDiff > 0.01);
  assert.equal(conventionVsPaper(pe, { convention: 'tf-tutorial', dModel: 33, positions: TIMESTEPS, base: 10000 }).valueDiff, 0);
});

test('the numbers are the package\'s: the Toeplitz kernel, the frequencies, encode', () => {
  for (const convention of NAMES) {
    const o = { convention, base: 5000 };
    const n = conventionNumbers(pe, 128, o);
    assertClose(n.dot12, pe.dotKernel(1, 128, o)[1], 1e-9 * Math.abs(n.dot12), `${convention} dot12`);
    assert.equal(n.longestPeriod, 2 * Math.PI / Math.min(...pe.frequencies(128, o)), `${convention} longest period`);
    assert.deepEqual(n.first, Array.from(pe.encoding([1], 128, { ...o, dtype: 'float64' }).data.subarray(0, 4)), convention);
  }
});

test('bad values: the package\'s errors, naming the parameter', () => {
  const at = (values) => () => conventionVsPaper(pe, { convention: 'paper', dModel: 8, positions: [1], base: 10000, ...values });
  assert.throws(at({ convention: 'pytorch' }), { name: 'RangeError', message: /^convention must be 'paper' or/ });
  assert.throws(at({ convention: 'mlx', dModel: 9 }), { name: 'RangeError', message: /^dModel must be an even integer/ });
  assert.throws(at({ positions: [1, NaN] }), { name: 'RangeError', message: /^positions\[1\] must be a finite number/ });
  assert.throws(at({ positions: '1,2' }), { name: 'TypeError', message: /^positions must be an array/ });
  assert.throws(at({ base: 1 }), { name: 'RangeError', message: /^base must be/ });
  // An empty list: empty matrices, no difference.
  const empty = conventionVsPaper(pe, { convention: 'dit', dModel: 8, positions: [], base: 10000 });
  assert.deepEqual([empty.encoding.rows, empty.maxDiff, empty.valueDiff], [0, 0, 0]);
});

test('the snippet, run in Node, prints the numbers the widget shows', () => {
  // Inside the package, so that `import 'posenc'` resolves to it (a package's self-reference).
  const root = new URL('../../test-results/', import.meta.url).pathname;
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, 'snippets-'));
  for (const convention of NAMES) {
    for (const dModel of dModels(convention)) {
      const values = { dModel, positions: [...TIMESTEPS, -3, -0, 5, 6, 7, 8], base: 5000 };  // 5…8 written as Array.from
      const code = conventionSnippet(pe.conventions[convention], values);
      assert.match(code, /const positions = \[0, 1, 17\.5, 250\.5, 999, -3, 0, \.\.\.Array\.from\(\{ length: 4 \}, \(_, i\) => 5 \+ i\)\];/);
      for (const { call, file } of pe.conventions[convention].equals) assert.ok(code.includes(call) && code.includes(file), file);
      const file = join(dir, `${convention}-${dModel}.mjs`);
      writeFileSync(file, code);
      const printed = JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8' }));
      const r = conventionVsPaper(pe, { convention, ...values });
      assert.deepEqual(printed, { ...r.numbers, maxDiff: r.maxDiff, valueDiff: r.valueDiff }, `${convention} d=${dModel}`);
    }
  }
});
