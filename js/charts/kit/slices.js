// Long computations on the main thread, as generators run in slices: each task runs steps until
// `budget` ms have passed and then yields to the event loop, so input and frames go on between
// slices and no task grows past budget + one step (the near-repeat finder's blocks take a few
// ms: 12 + 5 ms stays far below the 50 ms of a "long task"). The next slice is queued with a
// MessageChannel message, which, unlike a nested setTimeout, is not clamped to 4 ms. (Node
// delivers a port's messages in one go, so there timers wait until the job ends: in Node or
// a worker, run the computation directly.)
import { deferPaints } from '../canvas/chart.js';

/**
 * Runs `steps` (an iterator) in slices of about `budget` ms. `progress(value)` sees each
 * yielded value. Returns `{ done, cancel, finish }`: `done` resolves with the iterator's return
 * value (or rejects with what it threw); after cancel() (also from `progress`) no step runs and
 * `done` never settles; finish() runs the steps left at once, in the caller's task (for print:
 * nothing runs between beforeprint and printing).
 */
export function sliced(steps, { budget = 12, progress = () => {} } = {}) {
  if (typeof steps?.next !== 'function') throw new TypeError(`steps must be an iterator, got ${typeof steps}`);
  if (!(budget > 0)) throw new RangeError(`budget must be a positive number of ms, got ${budget}`);
  const channel = new MessageChannel();
  let cancelled = false, slice;
  const stop = () => { cancelled = true; channel.port1.close(); };
  const done = new Promise((resolve, reject) => {
    slice = (ms) => {
      if (cancelled) return;
      const start = performance.now();
      try {
        do {
          const step = steps.next();
          if (step.done) { stop(); resolve(step.value); return; }
          progress(step.value);
        } while (!cancelled && performance.now() - start < ms);
      } catch (error) {
        stop();
        reject(error);
        return;
      }
      if (!cancelled) channel.port2.postMessage(0);
    };
    channel.port1.onmessage = () => slice(budget);
  });
  channel.port2.postMessage(0);
  return { done, cancel: stop, finish: () => slice(Infinity) };
}

/**
 * Runs `update` with the charts' painting held back (deferPaints), then paints each chart in a
 * task of its own: a redraw at the end of a long computation (the dot kernel's 131072 offsets
 * plotted and mapped, in code that may never have run) was one task of 60–130 ms. With
 * `later`, `update` itself runs in the first of those tasks, not now. Returns sliced()'s
 * `{ done, cancel }`.
 */
export function paintApart(update, { later = false } = {}) {
  let paints = later ? null : deferPaints(update);
  return sliced((function* () {
    if (!paints) {
      paints = deferPaints(update);
      yield;
    }
    for (const paint of paints) yield paint();
  })(), { budget: 1 });
}
