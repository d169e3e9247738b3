// The story's per-frame work (js/story/): the near-repeat finder's blocks must each fit in a
// frame (goal: ≤ 10 ms, so a page can run one per animation frame while the user drags), and
// the summary step after the last block too. Prints medians and the 95th percentile.
// Usage: node bench/story.js [--quick]
import { init } from 'posenc';
import { nearRepeatBlocks } from '../js/story/near-repeats.js';

const GOAL_MS = 10;
const quick = process.argv.includes('--quick');
const pe = await init();

function percentile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const rows = [];
for (const [dModel, maxOffset] of quick ? [[8192, 16384]] : [[512, 131072], [2048, 131072], [8192, 131072]]) {
  const blocks = nearRepeatBlocks(pe, dModel, { maxOffset });
  const times = [];
  let t = performance.now(), step;
  while (!(step = blocks.next()).done) {
    const now = performance.now();
    times.push(now - t);
    t = now;
  }
  const summary = performance.now() - t;
  const total = times.reduce((a, b) => a + b, 0) + summary;
  times.sort((a, b) => a - b);
  rows.push({
    case: `near-repeats d=${dModel} N=${maxOffset}`,
    blocks: times.length,
    'median ms': +percentile(times, 0.5).toFixed(2),
    'p95 ms': +percentile(times, 0.95).toFixed(2),
    'summary ms': +summary.toFixed(2),
    'total ms': +total.toFixed(0),
    goal: percentile(times, 0.5) <= GOAL_MS && summary <= GOAL_MS ? `≤ ${GOAL_MS} ms: met` : `≤ ${GOAL_MS} ms: MISSED`,
  });
}
console.log('\nStory (js/story/): work per animation frame');
console.table(rows);
