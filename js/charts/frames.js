// Long computations split across animation frames, so no task blocks the page: `step(from,
// to)` does items [from, to) of `total`, at most `budget` ms of them per frame.

/**
 * Runs step over 0 … total − 1 in slices of `slice` items, from the next animation frame on;
 * onDone() after the last. Returns cancel().
 */
export function inFrames(total, slice, step, onDone, budget = 8) {
  let next = 0, frame = 0;
  const work = () => {
    const until = performance.now() + budget;
    while (next < total && performance.now() < until) {
      const end = Math.min(total, next + slice);
      step(next, end);
      next = end;
    }
    if (next < total) frame = requestAnimationFrame(work);
    else onDone();
  };
  frame = requestAnimationFrame(work);
  return () => cancelAnimationFrame(frame);
}
