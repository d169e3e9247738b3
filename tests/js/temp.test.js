// tests/temp.js: a test's temporary folders are gone when its process ends, however it ends:
// passed, threw, Ctrl-C (SIGINT) or SIGTERM.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';

const TEMP = new URL('../temp.js', import.meta.url).href;

/** A child process that makes a folder (with a file), prints its path, then does `then`. */
function child(then) {
  const code = `import { tempDir } from ${JSON.stringify(TEMP)};
import { writeFileSync } from 'node:fs';
const dir = tempDir('temp-test');
writeFileSync(dir + '/file', 'x');
console.log(dir);
${then}`;
  const proc = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  const dir = new Promise((resolve) => proc.stdout.once('data', (d) => resolve(String(d).trim())));
  const ended = new Promise((resolve) => proc.on('close', (code, signal) => resolve({ code, signal })));
  return { proc, dir, ended };
}

test('a folder from tempDir is posenc-NAME-XXXXXX in the temp directory, and gone after a normal exit', async () => {
  const { dir, ended } = child('');
  const path = await dir;
  assert.match(path, new RegExp(`^${tmpdir()}/posenc-temp-test-\\w{6}$`));
  assert.deepEqual(await ended, { code: 0, signal: null });
  assert.equal(existsSync(path), false, `${path} left behind`);
});

test('gone after an uncaught error, Ctrl-C and SIGTERM, with their exit codes', async () => {
  const thrown = child("throw new Error('a failing test');");
  const path = await thrown.dir;
  assert.equal((await thrown.ended).code, 1);
  assert.equal(existsSync(path), false, `${path} left behind after an error`);
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
    const waiting = child('setInterval(() => {}, 1000);');  // a test still running
    const made = await waiting.dir;
    assert.equal(existsSync(made), true);
    waiting.proc.kill(signal);
    assert.deepEqual(await waiting.ended, { code, signal: null }, signal);
    assert.equal(existsSync(made), false, `${made} left behind after ${signal}`);
  }
});
