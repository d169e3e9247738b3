// Extrapolation: the nearest trained encoding of each position beyond the trained length,
// and which pairs point where training never looked.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { nearestTrained, unseenAngles } from '../../js/story/extrapolation.js';

const pe = await init();

test('nearest trained encoding equals a brute-force search over pe.encoding', () => {
  for (const [dModel, trained, probes, scheme] of [[16, 50, 300, {}], [2, 44, 400, {}], [64, 128, 200, { base: 50 }]]) {
    const { positions, nearest, distance } = nearestTrained(pe, dModel, trained, probes, scheme);
    const rows = pe.encoding(trained + probes, dModel, { ...scheme, dtype: 'float64' }).data;
    for (let j = 0; j < probes; j++) {
      const p = trained + j;
      assert.equal(positions[j], p);
      let best = Infinity;
      for (let q = 0; q < trained; q++) {
        let s = 0;
        for (let c = 0; c < dModel; c++) s += (rows[p * dModel + c] - rows[q * dModel + c]) ** 2;
        best = Math.min(best, Math.sqrt(s));
      }
      assert.ok(Math.abs(distance[j] - best) < 1e-6, `p = ${p}: ${distance[j]} vs ${best}`);
      assert.ok(nearest[j] >= 0 && nearest[j] < trained);
    }
  }
});

test('just past the end the nearest is the last trained position; d = 2 finds 14 turns back', () => {
  const { nearest, distance } = nearestTrained(pe, 512, 1024, 3);
  assert.deepEqual(Array.from(nearest), [1023, 1023, 1023]);
  const step = Math.sqrt(2 * (256 - pe.dotKernel(1, 512)[1]));
  assert.ok(Math.abs(distance[0] - step) < 1e-9);
  // One hand (d = 2) trained on 0 … 99: position 144 is 88 ≈ 14·2π past position 56.
  const one = nearestTrained(pe, 2, 100, 100);
  assert.equal(one.nearest[44], 56);
  assert.ok(Math.abs(one.distance[44] - 2 * Math.abs(Math.sin(44 - 14 * Math.PI))) < 1e-12);
});

test('unseen angles: slow pairs leave their swept arc right after the trained length', () => {
  const trained = 512;
  const { omega, sweptTurns, unseenAt } = unseenAngles(pe, 512, trained);
  sweptTurns.forEach((t, i) => assert.ok(Math.abs(t - (trained - 1) * omega[i] / (2 * Math.PI)) < 1e-12));
  const slow = [...sweptTurns.keys()].filter((i) => sweptTurns[i] < 1);
  assert.ok(slow.length > 100, `${slow.length} pairs never made a full turn in 512 positions`);
  assert.deepEqual(unseenAt(trained), slow.filter((i) => trained * omega[i] < 2 * Math.PI));
  assert.deepEqual(unseenAt(trained - 1), [], 'inside training everything has been seen');
  assert.deepEqual(unseenAt(0), []);
  // A pair that turned fully has been everywhere: it never appears.
  for (const p of [600, 5000, 100000]) for (const i of unseenAt(p)) assert.ok(sweptTurns[i] < 1);
});

test('bad arguments throw errors naming the parameter', () => {
  const cases = [
    [() => nearestTrained(pe, 16, 0, 5), RangeError, /trained must be an integer between 1 and 131072, got 0/],
    [() => nearestTrained(pe, 16, 131000, 100), RangeError, /probes must be an integer between 1 and 73, got 100/],
    [() => nearestTrained(pe, 15, 10, 5), RangeError, /dModel must be an even integer/],
    [() => nearestTrained(pe, 16, 10, 5, { start: 3 }), TypeError, /nearestTrained has no option "start"/],
    [() => unseenAngles(pe, 16, 1.5), RangeError, /trained must be an integer/],
    [() => unseenAngles(pe, 16, 10).unseenAt(-1), RangeError, /p must be an integer between 0 and/],
  ];
  for (const [call, Kind, message] of cases) assert.throws(call, (e) => e instanceof Kind && message.test(e.message), String(message));
});
