// Any TMPDIR: one browser file (resize.test.js: Chromium, Firefox and WebKit) run in a process
// whose TMPDIR is 80 bytes long, with no POSENC_BROWSER_TEMP, as when a file is run by hand on a
// machine whose temp directory is long (macOS's /var/folders/…/T/ is ~50). A Unix socket's path
// holds at most 107 bytes: the browsers' folders then go to a short folder the process makes in
// /tmp (tests/temp.js browserRoot), and nothing is left in either. The file runs in the child
// process itself (not under --test), so that its folder in /tmp is named by the child's PID.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { removeDir } from '../temp.js';

const LENGTH = 80;
const FILE = 'tests/browser/resize.test.js';

/**
 * A new folder whose path is exactly `length` bytes: /tmp/posenc-long-XXXXXX/xxx… (in /tmp, not
 * in the temp directory, which may itself be longer than `length`). Returns [dir, its root].
 */
function longDir(length) {
  const root = mkdtempSync('/tmp/posenc-long-');
  const dir = join(root, 'x'.repeat(length - root.length - 1));
  mkdirSync(dir);
  assert.equal(dir.length, length);
  return [dir, root];
}

test(`${FILE} passes with a TMPDIR of ${LENGTH} bytes, and leaves nothing there or in /tmp`, async (t) => {
  const [dir, root] = longDir(LENGTH);
  t.after(() => removeDir(root));
  const env = { ...process.env, TMPDIR: dir };
  delete env.POSENC_BROWSER_TEMP;
  delete env.POSENC_ENGINES;  // all three
  delete env.NODE_TEST_CONTEXT;  // set by the test runner around this file: the child would report in its binary protocol
  const child = spawn(process.execPath, ['--test-reporter=spec', FILE], {
    cwd: new URL('../..', import.meta.url).pathname, env, stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.signal.addEventListener('abort', () => child.kill('SIGTERM'));  // a cancelled run closes the child's browsers
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  const code = await new Promise((resolve) => child.on('close', resolve));
  const summary = (name) => Number(out.match(new RegExp(`^ℹ ${name} (\\d+)$`, 'm'))?.[1]);
  console.log(out.split('\n').filter((line) => /^ℹ (tests|pass|fail) /.test(line)).join('; '));
  assert.equal(code, 0, `${FILE} under TMPDIR=${dir}:\n${out.slice(-6000)}`);
  assert.ok(summary('pass') >= 9 && summary('fail') === 0, `${FILE}: ${summary('pass')} passed, ${summary('fail')} failed`);
  assert.deepEqual(readdirSync(dir), [], `left in the ${LENGTH}-byte TMPDIR`);
  // The child's own short folder, /tmp/posenc-PID-XXXXXX (tests/temp.js browserRoot).
  assert.deepEqual(readdirSync('/tmp').filter((name) => name.startsWith(`posenc-${child.pid}-`)), [], 'left in /tmp');
});
