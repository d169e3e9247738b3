// npm run bench: the 2D sin-cos table and its Gram matrix at 64 × 64 patches, d = 1024 (a ViT-L
// grid of 1024-wide tokens), posenc against the plain JS loops (bench/plain.js) and numpy's MAE
// table and table @ table.T (bench/vision_numpy.py, Debian's python3). Medians; writes
// bench/vision-results.json. Usage: node bench/vision.js [--quick]
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { writeFileSync } from 'node:fs';
import { init } from 'posenc';
import { dotMatrix2dNaiveJS, encoding2dJS } from './plain.js';
import { median, maxAbsError } from './median.js';

const H = 64, W = 64, D = 1024;
const quick = process.argv.includes('--quick');
const pe = await init();
const rows = [];
const add = (operation, impl, ms, extra = {}) => rows.push({ operation, impl, ms, ...extra });

const reference = pe.encoding2d(H, W, D, { dtype: 'float64' }).data;
const out = new Float32Array(H * W * D);
add('encoding2d float32', 'posenc', median(() => pe.encoding2d(H, W, D), { quick }), { error: maxAbsError(pe.encoding2d(H, W, D).data, reference) });
add('encoding2d float32', 'posenc, out', median(() => pe.encoding2d(H, W, D, { out }), { quick }));
add('encoding2d float32', 'plain JS loop, new array', median(() => encoding2dJS(H, W, D), { quick }), { error: maxAbsError(encoding2dJS(H, W, D), reference) });
add('encoding2d float32', 'plain JS loop, reused array', median(() => encoding2dJS(H, W, D, out), { quick }));
add('encoding2d float64', 'posenc', median(() => pe.encoding2d(H, W, D, { dtype: 'float64' }), { quick }));

const gram = pe.dotMatrix2d(H, W, D).data;
add('dotMatrix2d float64', 'posenc (two axis kernels)', median(() => pe.dotMatrix2d(H, W, D), { quick }));
add('dotMatrix2d float64', 'posenc, out', median(() => pe.dotMatrix2d(H, W, D, { out: gram }), { quick }));
// One run: about 8.6·10⁹ multiply-adds.
let naive;
add('dotMatrix2d float64', 'naive JS PE·PEᵀ', median(() => { naive = dotMatrix2dNaiveJS(H, W, D); }, { quick, minReps: 1, budget: 0, warm: false }));
rows.at(-1).error = maxAbsError(naive, gram);

try {
  const script = new URL('./vision_numpy.py', import.meta.url).pathname;
  const numpy = JSON.parse(execFileSync('/usr/bin/python3', [script, String(H), String(W), String(D)], { encoding: 'utf8' }));
  add('encoding2d float64', `numpy ${numpy.numpy} (MAE's function)`, numpy.encoding2d);
  add('dotMatrix2d float64', `numpy ${numpy.numpy} (table @ table.T)`, numpy.dotMatrix2d);
} catch (error) {
  console.error(`numpy not available (${error.message.split('\n')[0]}): its rows are left out`);
}

// Like for like: posenc's new array against the plain loop's, `out` against a reused one; numpy
// (float64 only) against posenc's float64.
const of = (operation, prefix) => rows.find((r) => r.operation === operation && r.impl.startsWith(prefix));
for (const r of rows.filter((r) => r.impl.startsWith('posenc'))) {
  const reused = r.impl.endsWith('out');
  const js = r.operation.startsWith('dot') ? of(r.operation, 'naive')
    : of('encoding2d float32', `plain JS loop, ${reused ? 'reused' : 'new'} array`);
  const np = r.operation.endsWith('float64') && !reused ? of(r.operation, 'numpy') : undefined;
  if (js) r.vsJS = js.ms / r.ms;
  if (np) r.vsNumpy = np.ms / r.ms;
}

const machine = `${cpus().length} × ${cpus()[0].model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(`\nposenc benchmark: ${H} × ${W} patches, d = ${D}, median ms (${machine})\n`);
console.log('| operation | implementation | ms | posenc faster than JS by | than numpy by | max abs error |');
console.log('|---|---|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.operation} | ${r.impl} | ${r.ms.toFixed(1)} | ${r.vsJS ? `${r.vsJS.toFixed(1)}×` : ''} | ${r.vsNumpy ? `${r.vsNumpy.toFixed(1)}×` : ''} | ${r.error !== undefined ? r.error.toExponential(1) : ''} |`);
writeFileSync(new URL('./vision-results.json', import.meta.url), `${JSON.stringify({ machine, date: new Date().toISOString(), height: H, width: W, d: D, rows }, null, 1)}\n`);
console.log('\nwritten to bench/vision-results.json');
