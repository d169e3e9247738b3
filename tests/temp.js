// The tests' temporary folders: `posenc-NAME-XXXXXX` in the temp directory, removed when the
// process ends, whether its tests passed, failed or threw, and on Ctrl-C (SIGINT), SIGTERM or
// SIGHUP. scripts/test.sh checks that `npm test` leaves no `posenc-*` entry behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set();

/** A new folder `posenc-NAME-XXXXXX` in the temp directory, removed when the process ends. */
export function tempDir(name) {
  const dir = mkdtempSync(join(tmpdir(), `posenc-${name}-`));
  made.add(dir);
  removeLast();
  return dir;
}

/** Removes dir now (it is then no longer removed at exit). */
export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  made.delete(dir);
}

function removeAll() {
  for (const dir of made) try { removeDir(dir); } catch { /* best effort at exit */ }
}

/**
 * Puts the removal after every other exit handler registered so far: Playwright's kills its
 * browsers at exit, and a Chromium still running could write into its profile folder again.
 * browser.js calls it after each launch.
 */
export function removeLast() {
  process.off('exit', removeAll);
  process.on('exit', removeAll);
}

// A signal's default action ends the process without 'exit'. Playwright's own SIGINT handler
// closes its browsers, then exits (130); for the rest, exit after a grace period for the
// browsers to close: 'exit' then removes the folders.
const CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };
for (const [signal, code] of Object.entries(CODES)) {
  process.once(signal, () => {
    process.exitCode = code;
    if (process.listenerCount(signal) === 0) process.exit(code);
    setTimeout(() => process.exit(code), 2000);
  });
}
