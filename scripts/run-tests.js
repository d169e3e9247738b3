// Runs test files with node's test runner, each in a process of its own (as `node --test` does,
// without its parent process, so Ctrl-C reaches each file's own exit handlers directly),
// `--jobs` at a time, and prints a line per file as it ends: its seconds, its counts, its name.
// A failing file's whole TAP output follows its line; every file's output is kept in
// build/test-logs/files/ (what its tests print: longest tasks and other figures). Ends with
// `N passed, M failed` (the closing line scripts/test.sh counts) and exits 1 if any file failed.
//
//   node scripts/run-tests.js [--jobs N] FILE...
//
// Files start longest first: the times of the last run are kept in build/test-times.json (on a
// clean clone, in the order given: scripts/test.sh names the slow ones first). Ctrl-C, SIGTERM
// or SIGHUP is passed to every file's process group, so each file's own handlers (temporary
// folders, browsers) run; the runner waits for them.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TIMES = join(root, 'build', 'test-times.json');
// Each file's whole output (TAP, and what its tests print: longest tasks, figures), kept.
const OUTPUT = join(root, 'build', 'test-logs', 'files');
mkdirSync(OUTPUT, { recursive: true });

const args = process.argv.slice(2);
let jobs = 1;
const at = args.indexOf('--jobs');
if (at >= 0) [, jobs] = args.splice(at, 2).map(Number);
if (!Number.isInteger(jobs) || jobs < 1) throw new RangeError('--jobs must be a positive integer');
const files = args.map((f) => relative(root, f));
if (files.length === 0) throw new TypeError('run-tests: no test files given');

const read = (path, fallback) => { try { return JSON.parse(readFileSync(path, 'utf8')); } catch { return fallback; } };
const times = read(TIMES, null);
// Longest first, from the last run's times (a file new since then first of all); without them, as given.
const queue = times ? [...files].sort((a, b) => (times[b] ?? Infinity) - (times[a] ?? Infinity)) : [...files];

const ran = {};  // this run's seconds per file
const running = new Set();
const counts = { pass: 0, fail: 0 };  // a file that failed counts at least one failure
const started = performance.now();

/** The `# pass N` / `# fail N` summary node's TAP reporter closes with. */
const summary = (tap, key) => Number(tap.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);

function run(file) {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(process.execPath, ['--test-reporter=tap', file], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let out = '', tap = '';  // everything, for a failure; the TAP stream alone, for the counts
    child.stdout.on('data', (d) => { out += d; tap += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = (performance.now() - start) / 1000;
      const pass = summary(tap, 'pass'), fail = summary(tap, 'fail');
      // A file that exits non-zero with no failing test (a crash before or after its tests) fails too.
      const ok = code === 0 && fail === 0 && pass > 0;
      counts.pass += pass;
      counts.fail += ok ? fail : Math.max(fail, 1);
      ran[file] = Number(seconds.toFixed(1));
      writeFileSync(join(OUTPUT, `${file.replaceAll('/', '_')}.log`), out);
      const what = ok ? `${pass} passed` : stopped ? 'interrupted'
        : `FAILED: ${fail} of ${pass + fail} failed${code !== 0 ? `, ${code === null ? `killed by ${signal}` : `exit ${code}`}` : ''}`;
      console.log(`${seconds.toFixed(1).padStart(7)} s  ${what.padEnd(14)}  ${file}`);
      if (!ok && !stopped) console.log(out.replace(/^/gm, '    | '));
      resolve();
    });
  });
}

let stopped = false;
function stop(signal, code) {
  stopped = true;
  for (const child of running) try { process.kill(-child.pid, signal); } catch { /* already gone */ }
  process.exitCode = code;
}
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) process.on(signal, () => stop(signal, code));

await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, async () => {
  while (queue.length && !stopped) await run(queue.shift());
}));
if (!stopped) {
  mkdirSync(dirname(TIMES), { recursive: true });
  writeFileSync(TIMES, `${JSON.stringify({ ...read(TIMES, {}), ...ran }, null, 1)}\n`);
}
console.log(`${files.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s, ${jobs} at a time`);
console.log(`${counts.pass} passed, ${counts.fail} failed`);
if (counts.fail && !process.exitCode) process.exitCode = 1;
