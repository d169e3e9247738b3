// V8 (Node, Chromium, Edge) first runs new WebAssembly code in its baseline compiler and swaps in
// optimized code per function, once it has run a while, for the calls that start after that:
// wasm has no on-stack replacement, so a large first call runs in the baseline tier from start
// to end (encoding 8192 × 512 into `out`: 13–18 ms instead of 4). init() therefore calls each
// float32 kernel a few times at small sizes, one kernel per task, so the optimizing compiler
// (a background thread) has finished before the user's first call and a page gets no long
// task. SpiderMonkey and JavaScriptCore tier up differently and lose only the time spent here.
// Measured in docs/performance.md ("Cold first calls"); init({ warmUp: false }) skips it.

const REPEATS = 3;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Runs the hot kernels of api at small sizes: about 20 ms in a fresh Node process, in four tasks. */
export async function warmUp(api) {
  const encoding = new Float32Array(256 * 512), dots = new Float32Array(256 * 256);
  const queries = { rows: 512, cols: 128, data: new Float32Array(512 * 128) }, turned = new Float32Array(512 * 128);
  const kernels = [
    () => api.encoding(256, 512, { out: encoding }),
    () => api.dotMatrix(256, 512, { out: dots }),
    () => api.rope(queries, { out: turned }),
  ];
  for (const kernel of kernels) {
    await nextTask();
    for (let i = 0; i < REPEATS; i++) kernel();
  }
  await nextTask();
}
