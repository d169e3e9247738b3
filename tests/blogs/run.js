// npm run test:blogs (scripts/test-blogs.sh installs, then runs this): the one post of
// tests/blogs/post.md built by every blog engine and checked in Chromium. Prints a table of
// setup × check (pass, FAIL, n/a), the reasons of failures, and `N passed, M failed`; exits 1 on
// any failure. `node tests/blogs/run.js hugo pandoc` runs only those setups.
//   POSENC_BLOGS_WORK  the engines' npm project (default ~/.cache/posenc-blogs), where the sites
//                      are built: node resolves `astro`, `posenc`, … from its node_modules.
//   POSENC_CLI         the `posenc` command line (default js/cli.js), whose `post` command
//                      writes the fallback images.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../../scripts/serve.js';
import { checkSite, expectedElements } from './checks.js';
import { ENGINES, ROOT, run } from './engines.js';
import { tempDir } from '../temp.js';

const WORK = process.env.POSENC_BLOGS_WORK ?? join(homedir(), '.cache/posenc-blogs');
const COLUMNS = ['build', 'tags', 'upgraded', 'drawn', 'first paint', 'hover', 'message', 'console', 'via link', 'feed', 'JS off', 'PDF'];
const only = process.argv.slice(2);
const engines = only.length ? ENGINES.filter((e) => only.includes(e.id)) : ENGINES;
const started = Date.now();
const say = (s) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${s}`);

// The packed package, as users get it, is posenc in the engines' node_modules.
const tmp = tempDir('blogs');
const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], { cwd: ROOT, encoding: 'utf8' }));
const installed = join(WORK, 'node_modules/posenc');
rmSync(installed, { recursive: true, force: true });
mkdirSync(installed, { recursive: true });
execFileSync('tar', ['-xzf', join(tmp, filename), '-C', installed, '--strip-components=1']);
rmSync(join(WORK, 'node_modules/.cache'), { recursive: true, force: true });  // webpack's cache keys packages by version
say(`packed ${filename} into ${installed}`);

// The post: its title (the first heading) and body; the fallback images and the post's script
// (only its elements: --elements) that `posenc post` writes, once per URL prefix the engines serve
// them under.
const source = readFileSync(new URL('post.md', import.meta.url), 'utf8');
const title = source.match(/^# (.+)$/m)[1];
const plainBody = source.replace(/^# .+\n/m, '');
const expected = expectedElements(source);
const CLI = process.env.POSENC_CLI ?? join(ROOT, 'js/cli.js');
const fallback = new Map();
// The post as an engine writes it (`source`, e.g. Hugo's shortcodes), then through `posenc post`.
async function withFallbacks(prefix, source = (body) => body) {
  const key = `${prefix} ${source.name}`;
  if (fallback.has(key)) return fallback.get(key);
  const dir = join(tmp, `post-${fallback.size}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'post.md'), source(plainBody));
  let value;
  try {
    if (!existsSync(CLI)) throw new Error(`${CLI} not found (the \`posenc post\` CLI is not there yet)`);
    await run('node', [CLI, 'post', join(dir, 'post.md'), '--images', join(dir, 'images'), '--url', prefix, '-o', join(dir, 'out.md'),
      '--elements', join(dir, 'elements.js')], { cwd: dir, timeout: 180_000 });
    // Each figure's image at 1× (the <img src>; its 2× is the srcset's other candidate).
    const images = readdirSync(join(dir, 'images')).filter((f) => /\.(png|webp|svg)$/.test(f) && !/-\d+(\.\d+)?x\.\w+$/.test(f));
    value = { body: readFileSync(join(dir, 'out.md'), 'utf8'), images: join(dir, 'images'), files: images, script: join(dir, 'elements.js'), error: null };
  } catch (e) {
    value = { body: source(plainBody), images: null, files: null, script: null, error: e.message.split('\n').filter((l) => /error|not found/i.test(l)).slice(0, 2).join(' ') || e.message.split('\n').slice(-1)[0] };
  }
  fallback.set(key, value);
  return value;
}

let cliError = null;
const rows = [];
for (const engine of engines) {
  const row = { engine, cells: {}, notes: [] };
  rows.push(row);
  const site = join(WORK, 'sites', engine.id);
  const out = join(WORK, 'out', engine.id);
  rmSync(site, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  mkdirSync(out, { recursive: true });
  const fb = await withFallbacks(engine.prefix, engine.source);
  if (fb.error) cliError = fb.error;
  // The server is up before the build: engines that need the site's URL (feeds, MkDocs' instant loading) get it.
  const server = await serve(out, 0);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const t0 = Date.now();
  try {
    say(`${engine.id}: building`);
    const paths = await engine.build({ site, out, origin, title, body: fb.body, images: fb.images, script: fb.script, work: WORK });
    row.cells.build = [true, `${((Date.now() - t0) / 1000).toFixed(0)} s`];
    say(`${engine.id}: built in ${row.cells.build[1]}, checking ${origin}${paths.post}`);
    const { r, notes } = await checkSite(origin, paths, expected, fb.files, { sanitized: engine.sanitized });
    Object.assign(row.cells, r);
    row.notes.push(...notes);
  } catch (e) {
    if (!row.cells.build) row.cells.build = [false, e.message];
    else row.notes.push(`checks stopped: ${e.message.split('\n')[0]}`);
  } finally {
    server.close();
  }
  for (const c of COLUMNS) row.cells[c] ??= row.cells.build[0] ? [null, ''] : [false, 'not built'];
}
rmSync(tmp, { recursive: true, force: true });

// The table, then why each failure failed.
const mark = ([ok]) => (ok === null ? 'n/a' : ok ? 'pass' : 'FAIL');
const width = Math.max(...rows.map((r) => r.engine.name.length), 5);
const line = (cells) => `| ${cells.join(' | ')} |`;
console.log();
console.log(line(['setup'.padEnd(width), ...COLUMNS]));
console.log(line(['-'.repeat(width), ...COLUMNS.map((c) => '-'.repeat(c.length))]));
for (const row of rows) console.log(line([row.engine.name.padEnd(width), ...COLUMNS.map((c) => mark(row.cells[c]).padEnd(c.length))]));
let passed = 0, failed = 0;
console.log();
for (const row of rows) {
  for (const c of COLUMNS) {
    const [ok, note] = row.cells[c];
    if (ok === true) passed++;
    if (ok === false) failed++;
    if (ok === false || (ok === null && note && c !== 'build')) console.log(`${row.engine.id} / ${c}: ${ok === false ? 'FAIL' : 'n/a'}: ${note}`);
  }
  for (const n of row.notes) console.log(`${row.engine.id}: ${n}`);
}
if (cliError) console.log(`posenc post (fallback images): ${cliError}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
