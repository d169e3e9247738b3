// sliced(): a generator run in slices of about `budget` ms, yielding to the event loop between.
import test from 'node:test';
import assert from 'node:assert/strict';
import { sliced } from '../../js/charts/kit/slices.js';

// A step that takes `ms` of busy time.
function busy(ms) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

test('runs every step, reports each value, resolves with the return value', async () => {
  const seen = [];
  const job = sliced((function* () { for (let i = 0; i < 5; i++) yield i; return 'done'; })(), { progress: (v) => seen.push(v) });
  assert.equal(await job.done, 'done');
  assert.deepEqual(seen, [0, 1, 2, 3, 4]);
});

test('ends its task after about `budget` ms: each slice is a task of its own', async () => {
  // A microtask queued during a slice runs when that slice's task ends: it sees how many steps
  // had run by then. 20 steps of 2 ms in 5 ms slices: about 3 per task, never all 20 at once.
  let steps = 0;
  const seenAtTaskEnd = [];
  const job = sliced((function* () { for (let i = 0; i < 20; i++) { busy(2); steps++; yield i; } })(), {
    budget: 5,
    progress: () => queueMicrotask(() => seenAtTaskEnd.push(steps)),
  });
  await job.done;
  const tasks = new Set(seenAtTaskEnd);
  assert.ok(tasks.size >= 5, `20 steps ran in ${tasks.size} tasks`);
  let previous = 0;
  for (const end of tasks) {
    assert.ok(end - previous <= 4, `a task ran ${end - previous} steps of 2 ms with a 5 ms budget`);
    previous = end;
  }
});

test('cancel() stops it: no further step runs, also when called from progress', async () => {
  let steps = 0;
  const job = sliced((function* () { for (;;) { steps++; yield steps; } })(), { progress: (n) => { if (n === 3) job.cancel(); } });
  // Turns of the event loop, not ms: each slice is a task of its own (a MessageChannel message).
  const turn = () => new Promise((r) => setImmediate(r));
  for (let i = 0; i < 1000 && steps < 3; i++) await turn();
  for (let i = 0; i < 20; i++) await turn();
  assert.equal(steps, 3);
});

test('finish() runs every step left now, in the caller\'s task (print); after cancel() it runs none', async () => {
  let steps = 0;
  const job = sliced((function* () { for (let i = 0; i < 50; i++) { steps++; yield i; } return 'all'; })());
  job.finish();
  assert.equal(steps, 50, 'every step before finish() returned');
  assert.equal(await job.done, 'all');
  job.finish();  // done already: nothing to run
  let more = 0;
  const cancelled = sliced((function* () { for (;;) { more++; yield; } })());
  cancelled.cancel();
  cancelled.finish();
  assert.equal(more, 0);
});

test('a step that throws rejects `done`', async () => {
  const job = sliced((function* () { yield 1; throw new RangeError('bad block'); })());
  await assert.rejects(job.done, { name: 'RangeError', message: 'bad block' });
});

test('bad arguments: TypeError and RangeError naming the parameter', () => {
  assert.throws(() => sliced([1, 2]), { name: 'TypeError', message: /steps must be an iterator/ });
  assert.throws(() => sliced((function* () {})(), { budget: 0 }), { name: 'RangeError', message: /budget must be a positive number/ });
  assert.throws(() => sliced((function* () {})(), { budget: NaN }), { name: 'RangeError', message: /budget/ });
});
