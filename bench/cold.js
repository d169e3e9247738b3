// npm run bench (or node bench/cold.js): the first calls in a fresh Node process, where V8 runs
// the wasm in its baseline compiler (Liftoff) and a new result array's memory is touched for the
// first time. Each case runs in PROCESSES fresh processes; per call (1st … CALLS-th) the median
// ms is printed and written to bench/cold-results.json. The cases split the cost: posenc and
// the plain JS loop each into a new array (what users call) and into an `out` array already
// written once (the compute alone), and a new array filled with 1 (the fresh-memory floor).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { encodingJS } from './plain.js';

const CALLS = 6, PROCESSES = 5, D = 512;
const CASES = ['posenc new array', 'posenc into out', 'JS loop new array', 'JS loop into out', 'new array filled'];

/** In a child process: the ms of each of the first CALLS calls of one case. */
async function child(name, n) {
  const { init } = await import('posenc');
  const pe = await init();
  const out = new Float32Array(n * D).fill(0);  // written once: its pages are mapped
  const call = {
    'posenc new array': () => pe.encoding(n, D),
    'posenc into out': () => pe.encoding(n, D, { out }),
    'JS loop new array': () => encodingJS(n, D),
    'JS loop into out': () => encodingJS(n, D, out),
    'new array filled': () => new Float32Array(n * D).fill(1),
  }[name];
  const times = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    call();
    times.push(performance.now() - t);
  }
  console.log(JSON.stringify(times));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

if (process.argv[2] === '--child') await child(process.argv[3], Number(process.argv[4]));
else {
  const rows = [];
  for (const n of [512, 8192])
    for (const name of CASES) {
      const runs = Array.from({ length: PROCESSES }, () =>
        JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', name, String(n)], { encoding: 'utf8' })));
      const calls = Array.from({ length: CALLS }, (_, i) => +median(runs.map((r) => r[i])).toFixed(2));
      rows.push({ n, d: D, case: name, calls });
      console.log(`${n} × ${D}  ${name.padEnd(18)} ${calls.map((ms) => ms.toFixed(1).padStart(6)).join(' ')}  ms (calls 1–${CALLS}, median of ${PROCESSES} processes)`);
    }
  const machine = { cpu: cpus()[0]?.model, cores: cpus().length, node: process.version, v8: process.versions.v8 };
  writeFileSync(new URL('./cold-results.json', import.meta.url), `${JSON.stringify({ machine, date: new Date().toISOString(), rows }, null, 1)}\n`);
  console.log('written to bench/cold-results.json');
}
