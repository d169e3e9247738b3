// A post's own script (posenc post --elements, js/render/elements-script.js): only the post's
// elements, grown by the next post's, never over a file it did not write, checked before the
// post is touched. That it draws in a real blog engine: npm run test:blogs (its Hugo setups run
// in npm test), whose recipes use it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { elementsScript } from '../../js/render/elements-script.js';
import { TAGS } from '../../js/tags.js';
import { tempDir } from '../temp.js';

const run = promisify(execFile);
const CLI = new URL('../../js/cli.js', import.meta.url).pathname;
const FULL = new URL('../../dist/elements.js', import.meta.url).pathname;
const gz = (text) => gzipSync(text, { level: 9 }).length;

/** The tags a script's code defines (each tag's name is a string of the code once defined). */
const definedIn = (text) => Object.keys(TAGS).filter((tag) => new RegExp(`["'\`]${tag}["'\`]`).test(text.slice(text.indexOf('\n'))));

test('the script of two elements defines those two, names them on its first line, and weighs less than dist/elements.js', async () => {
  const { text, tags } = await elementsScript(['posenc-encoding', 'posenc-dots', 'posenc-encoding']);
  assert.deepEqual(tags, ['posenc-dots', 'posenc-encoding']);
  assert.equal(text.split('\n')[0], '// posenc elements: posenc-dots posenc-encoding');
  assert.deepEqual(definedIn(text), ['posenc-encoding', 'posenc-dots']);
  assert.deepEqual(definedIn(`\n${readFileSync(FULL, 'utf8')}`).sort(), Object.keys(TAGS).sort(), 'the check sees every tag of the full script');
  const [mine, full] = [gz(text), gz(readFileSync(FULL))];
  assert.ok(mine < 0.75 * full, `${mine} bytes gzipped against dist/elements.js's ${full}`);
  // An alias shares its widget's code: one import for both tags.
  const both = await elementsScript(['posenc-heatmap', 'posenc-encoding']);
  assert.deepEqual(definedIn(both.text).sort(), ['posenc-encoding', 'posenc-heatmap']);
  await assert.rejects(elementsScript(['posenc-encodings']), /^Error: unknown element <posenc-encodings>$/);
});

test('posenc post --elements: a second post adds its elements; a file it did not write, or not .js, stops it before the post is touched', async () => {
  const dir = tempDir('elements-script');
  const post = (name, body) => {
    writeFileSync(join(dir, name), `# A post\n\n${body}\n`);
    return join(dir, name);
  };
  const script = join(dir, 'assets/elements.js');
  const first = post('one.md', '<posenc-dots length="8" d-model="64"></posenc-dots>');
  const out1 = await run(process.execPath, [CLI, 'post', first, '--format', 'svg', '--elements', script]);
  assert.match(out1.stdout, /assets\/elements\.js: 1 element \(added posenc-dots\), \d+ KiB$/m);
  assert.deepEqual(definedIn(readFileSync(script, 'utf8')), ['posenc-dots']);
  const second = post('two.md', '<posenc-periods d-model="128"></posenc-periods>\n\n<posenc-dots length="4"></posenc-dots>');
  const out2 = await run(process.execPath, [CLI, 'post', second, '--format', 'svg', '--elements', script]);
  assert.match(out2.stdout, /2 elements \(added posenc-periods\)/);
  assert.equal(readFileSync(script, 'utf8').split('\n')[0], '// posenc elements: posenc-dots posenc-periods');
  // Run again: nothing added, the same file.
  const before = readFileSync(script, 'utf8');
  assert.match((await run(process.execPath, [CLI, 'post', second, '--format', 'svg', '--elements', script])).stdout, /2 elements \(none added\)/);
  assert.equal(readFileSync(script, 'utf8'), before);

  // A post without elements writes no script.
  const none = join(dir, 'none.js');
  assert.match((await run(process.execPath, [CLI, 'post', post('plain.md', 'No chart here.'), '--elements', none])).stdout, /none\.js: not written \(the post has no element\)$/m);
  assert.throws(() => readFileSync(none), { code: 'ENOENT' });

  const third = post('three.md', '<posenc-lines></posenc-lines>');
  const fails = async (args, message) => {
    const error = await run(process.execPath, [CLI, 'post', third, ...args]).then(() => null, (e) => e);
    assert.equal(error?.code, 2, `${args.join(' ')}: exits with 2`);
    assert.match(error.stderr, message);
    assert.equal(readFileSync(third, 'utf8'), '# A post\n\n<posenc-lines></posenc-lines>\n', 'the post is untouched');
  };
  const copy = join(dir, 'copy.js');
  writeFileSync(copy, readFileSync(FULL));
  await fails(['--elements', copy], /^posenc: post: --elements .*copy\.js is not a script posenc post --elements wrote \(its first line is not "\/\/ posenc elements: …"\): delete it or write to another file$/m);
  await fails(['--elements', join(dir, 'elements.txt')], /^posenc: post: --elements writes a \.js file, not ".*elements\.txt"$/m);
  const unknown = join(dir, 'unknown.js');
  writeFileSync(unknown, '// posenc elements: posenc-dots posenc-nothing\nexport {};\n');
  await fails(['--elements', unknown], /^posenc: post: --elements .*unknown\.js defines <posenc-nothing>, which this version of posenc does not have: delete the file and run posenc post over each post again$/m);

  // A script checked out with Windows line ends keeps its elements.
  const crlf = join(dir, 'crlf.js');
  writeFileSync(crlf, '// posenc elements: posenc-dots\r\nexport {};\r\n');
  assert.match((await run(process.execPath, [CLI, 'post', third, '--format', 'svg', '-o', join(dir, 'out.md'), '--elements', crlf])).stdout, /2 elements \(added posenc-lines\)/);
  assert.deepEqual(definedIn(readFileSync(crlf, 'utf8')), ['posenc-dots', 'posenc-lines']);
});

test('without esbuild, posenc post --elements says how to install it, before the post is touched', async () => {
  // The package's files alone (no node_modules anywhere above them): esbuild cannot be imported.
  const dir = tempDir('elements-no-esbuild');
  for (const path of ['js', 'package.json', 'dist/inline.js']) cpSync(new URL(`../../${path}`, import.meta.url).pathname, join(dir, 'pkg', path), { recursive: true });
  const post = join(dir, 'post.md');
  writeFileSync(post, '# A post\n\n<posenc-dots></posenc-dots>\n');
  const error = await run(process.execPath, [join(dir, 'pkg/js/cli.js'), 'post', post, '--elements', join(dir, 'elements.js')]).then(() => null, (e) => e);
  assert.equal(error?.code, 1);
  assert.match(error.stderr, /^posenc: --elements bundles the script with esbuild: npm install --save-dev esbuild$/m);
  assert.equal(readFileSync(post, 'utf8'), '# A post\n\n<posenc-dots></posenc-dots>\n');
  assert.deepEqual(readdirSync(dir).sort(), ['pkg', 'post.md']);
});
