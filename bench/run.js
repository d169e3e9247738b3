// npm run bench: posenc (wasm) against a plain JS loop and the native build of the same C++
// core, for N positions × d = 512 (rope: N rows × head dimension 128). Medians over repeats; prints a table of ms and ratios and
// writes it to bench/results.json. Usage: node bench/run.js [--quick]
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { init } from 'posenc';
import { dotMatrixNaiveJS, encodingJS, ropeJS } from './plain.js';
import { maxAbsError, median as timed } from './median.js';

const D = 512;
const SIZES = [512, 2048, 8192];
const quick = process.argv.includes('--quick');
const pe = await init();
const median = (run, opts) => timed(run, { quick, ...opts });

function nativeTimes() {
  try {
    return JSON.parse(execFileSync(new URL('../build/native/posenc_bench', import.meta.url).pathname, { encoding: 'utf8' }));
  } catch (error) {
    console.error(`native build not available (${error.message.split('\n')[0]}): run npm run bench, which builds it`);
    return {};
  }
}

const native = nativeTimes();
const rows = [];
const add = (operation, n, impl, ms, extra = {}) => rows.push({ operation, n, impl, ms, ...extra });

for (const n of SIZES) {
  const out = new Float32Array(n * D);
  const reference = pe.encoding(n, D, { dtype: 'float64' }).data;
  add('encoding float32', n, 'posenc', median(() => pe.encoding(n, D)), { error: maxAbsError(pe.encoding(n, D).data, reference) });
  add('encoding float32', n, 'posenc, out', median(() => pe.encoding(n, D, { out })));
  // Like for like: a fresh array per call against posenc's default, a reused one against `out`.
  add('encoding float32', n, 'plain JS loop, new array', median(() => encodingJS(n, D)), { error: maxAbsError(encodingJS(n, D), reference) });
  add('encoding float32', n, 'plain JS loop, reused array', median(() => encodingJS(n, D, out)));
  if (native[n]) add('encoding float32', n, 'native C++ (same core)', native[n].encoding);
  add('encoding float64 (exact)', n, 'posenc', median(() => pe.encoding(n, D, { dtype: 'float64' })));
  if (native[n]) add('encoding float64 (exact)', n, 'native C++ (same core)', native[n].encoding64);

  const m = Math.min(n, 4096);  // 8192² values are over the size cap
  const dots = new Float32Array(m * m);
  add(`dotMatrix float32`, m, 'posenc (Toeplitz)', median(() => pe.dotMatrix(m, D)));
  add(`dotMatrix float32`, m, 'posenc (Toeplitz), out', median(() => pe.dotMatrix(m, D, { out: dots })));
  if (m <= 2048) add(`dotMatrix float32`, m, 'naive JS PE·PEᵀ', median(dotMatrixNaiveJS.bind(null, m, D), { minReps: 3, budget: 0 }));
  // The core's part of dotMatrix, the kernel row D(0 .. m-1) (the JS layer lays out the matrix).
  add('dotKernel', m - 1, 'posenc', median(() => pe.dotKernel(m - 1, D)));
  if (native[n]) add('dotKernel', m - 1, 'native C++ (same core)', native[n].dotKernel);
}

// Rotary embeddings of N queries of one head, head dimension 128 (LLaMA's).
const HEAD = 128;
for (const n of [4096, 32768]) {
  const op = `rope float32, head ${HEAD}`;
  const matrix = { rows: n, cols: HEAD, data: Float32Array.from({ length: n * HEAD }, (_, i) => Math.sin(i)) };
  const out = new Float32Array(n * HEAD);
  const reference = pe.rope(matrix, { dtype: 'float64' }).data;
  add(op, n, 'posenc', median(() => pe.rope(matrix)), { error: maxAbsError(pe.rope(matrix).data, reference) });
  add(op, n, 'posenc, out', median(() => pe.rope(matrix, { out })));
  add(op, n, 'plain JS loop, new array', median(() => ropeJS(matrix.data, n, HEAD)), { error: maxAbsError(ropeJS(matrix.data, n, HEAD), reference) });
  add(op, n, 'plain JS loop, reused array', median(() => ropeJS(matrix.data, n, HEAD, out)));
  if (native[`rope ${n}`]) add(op, n, 'native C++ (same core)', native[`rope ${n}`].rope);
  add(`rope float64, head ${HEAD}`, n, 'posenc', median(() => pe.rope(matrix, { dtype: 'float64' })));
}

// Ratios against the plain JS loop (encoding: a new array for posenc's default, a reused one
// for `out`) or the naive JS product (dotMatrix), and wasm against native.
const baseline = (r) => rows.find((b) => b.operation === r.operation && b.n === r.n && (r.operation.startsWith('dot')
  ? b.impl.startsWith('naive') : b.impl === `plain JS loop, ${r.impl.endsWith('out') ? 'reused' : 'new'} array`));
const nativeOf = (r) => rows.find((b) => b.operation === r.operation && b.n === r.n && b.impl.startsWith('native'));
for (const r of rows) {
  const b = baseline(r), nat = nativeOf(r);
  if (b && b !== r && r.impl.startsWith('posenc')) r.speedup = b.ms / r.ms;
  if (nat && r.impl.startsWith('posenc')) r.vsNative = r.ms / nat.ms;
}

const machine = `${cpus().length} × ${cpus()[0].model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(`posenc benchmark: N positions × d = ${D}, median ms (${machine})\n`);
console.log('| operation | N | implementation | ms | vs JS | wasm/native | max abs error |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.operation} | ${r.n} | ${r.impl} | ${r.ms.toFixed(2)} | ${r.speedup ? `${r.speedup.toFixed(1)}×` : ''} | ${r.vsNative ? `${r.vsNative.toFixed(2)}` : ''} | ${r.error !== undefined ? r.error.toExponential(1) : ''} |`);
// The cold section (bench/cold.js) is kept.
const file = new URL('./results.json', import.meta.url);
const { cold } = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
writeFileSync(file, `${JSON.stringify({ machine, date: new Date().toISOString(), d: D, rows, cold }, null, 1)}\n`);
console.log('\nwritten to bench/results.json');
