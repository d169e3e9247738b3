// init's warm-up (js/warm-up.js) runs the kernels before the user's first call: in a fresh
// process, with and without it, the first calls must give the same values (bit for bit) and the
// wasm heap must hold the same bytes afterwards (the warm-up keeps nothing). Its speed is
// measured by npm run bench (bench/cold.js), not here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

// A fresh process: init(options), then the first call of each warmed kernel at a size of its own.
const FIRST_CALLS = `
const { init } = await import('posenc');
const started = performance.now();
const pe = await init(JSON.parse(process.argv[1]));
const initMs = performance.now() - started;
const { createHash } = await import('node:crypto');
const bits = (a) => createHash('sha256').update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength)).digest('hex');
const queries = { rows: 1000, cols: 128, data: Float32Array.from({ length: 128000 }, (_, i) => Math.sin(i)) };
const encoding = pe.encoding(3000, 512).data, dots = pe.dotMatrix(700, 512).data, turned = pe.rope(queries).data;
const reference = pe.encoding(3000, 512, { dtype: 'float64' }).data;
let worst = 0;
for (let i = 0; i < reference.length; i++) worst = Math.max(worst, Math.abs(encoding[i] - reference[i]));
console.log(JSON.stringify({ initMs, worst, encoding: bits(encoding), dots: bits(dots), turned: bits(turned), heap: pe.memory().allocatedBytes }));
`;
const firstCalls = (options) => JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', FIRST_CALLS, JSON.stringify(options)], { encoding: 'utf8' }));

test('the first calls give the same values with and without the warm-up, and the warm-up keeps nothing', () => {
  const warmed = firstCalls({}), cold = firstCalls({ warmUp: false });
  for (const key of ['encoding', 'dots', 'turned']) assert.equal(warmed[key], cold[key], `${key}: bit for bit (SHA-256 of the bytes)`);
  assert.equal(warmed.heap, cold.heap, 'bytes allocated in the wasm heap after the first calls');
  assert.ok(warmed.worst < 1e-6, `float32 encoding within 1e-6 of float64 (${warmed.worst})`);
  console.log(`init in a fresh process: ${warmed.initMs.toFixed(1)} ms with the warm-up, ${cold.initMs.toFixed(1)} ms without`);
});
