// The benchmarks' timing: the median ms of a call, and the largest difference of two results.

/**
 * Median ms of run() over at least minReps repeats and about `budget` ms (fewer for slow runs),
 * after one untimed warm-up call (unless warm is false: a run too slow to repeat).
 */
export function median(run, { quick = false, minReps = quick ? 3 : 7, budget = quick ? 100 : 300, warm = true } = {}) {
  const times = [];
  let total = 0;
  if (warm) run();
  while (times.length < minReps || (total < budget && times.length < 200)) {
    const t0 = performance.now();
    run();
    const t = performance.now() - t0;
    times.push(t);
    total += t;
    if (t > 2000 && times.length >= 3) break;
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

export function maxAbsError(a, b) {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}
