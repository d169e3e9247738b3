// The share of pairs at unseen angles over a range equals unseenAt(p), position by position.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { unseenAngles } from '../../js/story/extrapolation.js';
import { unseenShare } from '../../js/story/unseen-share.js';

const pe = await init();

test('share[p] = unseenAt(p).length / pairs; slowPairs counts the pairs short of a full turn', () => {
  for (const [d, L, from, to, scheme] of [[128, 100, 0, 600, {}], [512, 512, 500, 3000, {}], [64, 40, 40, 500, { base: 100, spacing: 'tensor2tensor' }]]) {
    const { share, slowPairs } = unseenShare(pe, d, L, from, to, scheme);
    const { sweptTurns, unseenAt } = unseenAngles(pe, d, L, scheme);
    assert.equal(slowPairs, sweptTurns.filter((t) => t < 1).length);
    assert.equal(share.length, to - from);
    for (let p = from; p < to; p++) assert.equal(share[p - from], unseenAt(p).length / (d / 2), `d ${d}, p ${p}`);
  }
  // Inside training nothing is unseen; right after it, every slow pair is.
  const { share, slowPairs } = unseenShare(pe, 512, 512, 0, 513);
  assert.ok(share.subarray(0, 512).every((x) => x === 0));
  assert.equal(share[512], slowPairs / 256);
});

test('bad arguments name the parameter', () => {
  assert.throws(() => unseenShare(pe, 7, 10, 0, 5), { name: 'RangeError', message: /dModel must be an even integer/ });
  assert.throws(() => unseenShare(pe, 8, 10, 5, 4), { name: 'RangeError', message: /to must be an integer between 5/ });
  assert.throws(() => unseenShare(pe, 8, 10, -1, 4), { name: 'RangeError', message: /from must be an integer/ });
  assert.throws(() => unseenShare(pe, 8, 10, 0, 4, { base: 'x' }), { name: 'TypeError' });
});
