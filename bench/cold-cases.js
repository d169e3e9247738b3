// The cases of the cold benchmark (bench/cold.js), shared by its Node child processes and its
// browser page (bench/cold.html): one workload, posenc or the plain JS loop, into a new array
// or into an `out` array written once beforehand (its memory already mapped). measure() times the
// first call and the calls after it in this fresh process or page.
import { dotMatrixToeplitzJS, encodingJS, ropeJS } from './plain.js';

export const CALLS = 25;  // warm: the median of the last 10
export const WORKLOADS = {
  'encoding 8192 × 512': {
    size: 8192 * 512,
    posenc: (pe, out) => pe.encoding(8192, 512, { out }).data,
    js: (out) => encodingJS(8192, 512, out),
  },
  'encoding 512 × 512': {
    size: 512 * 512,
    posenc: (pe, out) => pe.encoding(512, 512, { out }).data,
    js: (out) => encodingJS(512, 512, out),
  },
  'dotMatrix 4096 × 512': {
    size: 4096 * 4096,
    posenc: (pe, out) => pe.dotMatrix(4096, 512, { out }).data,
    js: (out) => dotMatrixToeplitzJS(4096, 512, out),
  },
  'rope 4096 × 128': {
    size: 4096 * 128,
    input: () => ({ rows: 4096, cols: 128, data: Float32Array.from({ length: 4096 * 128 }, (_, i) => Math.sin(i)) }),
    posenc: (pe, out, q) => pe.rope(q, { out }).data,
    js: (out, q) => ropeJS(q.data, 4096, 128, out),
  },
};

// impl: 'posenc', 'posenc, no warm-up' or 'plain JS', each into a 'new array' or 'out'; and
// 'floor': a new array of the result's size filled with 1, what any new result costs at least
// (its memory is mapped as it is first written).
export const CASES = Object.keys(WORKLOADS).flatMap((workload) => [
  ...['posenc', 'posenc, no warm-up', 'plain JS'].flatMap((impl) =>
    ['new array', 'out'].map((target) => ({ workload, impl, target }))),
  { workload, impl: 'floor', target: 'new array' },
]);

export const caseName = (c) => `${c.workload} | ${c.impl} | ${c.target}`;

/** { initMs, calls: [ms …] } for one case; init is the package's init(options). */
export async function measure({ workload, impl, target }, init) {
  const w = WORKLOADS[workload];
  let initMs = 0, pe;
  if (impl.startsWith('posenc')) {
    const t = performance.now();
    pe = await init(impl === 'posenc' ? undefined : { warmUp: false });
    initMs = performance.now() - t;
  }
  const input = w.input?.();
  let out;
  if (target === 'out') out = new Float32Array(w.size).fill(1);
  const run = {
    'plain JS': () => w.js(out, input),
    floor: () => new Float32Array(w.size).fill(1),
  }[impl] ?? (() => w.posenc(pe, out, input));
  const calls = [];
  let check = 0;
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    const data = run();
    calls.push(performance.now() - t);
    check += data[data.length - 1];  // the result is used
  }
  if (!Number.isFinite(check)) throw new Error(`${workload}: a result is not finite`);
  return { initMs, calls };
}
