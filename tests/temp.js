// The tests' temporary folders: `posenc-NAME-XXXXXX` in the temp directory, removed when the
// process ends, whether its tests passed, failed or threw, and on Ctrl-C (SIGINT), SIGTERM or
// SIGHUP. scripts/test.sh checks that `npm test` leaves nothing in its run's temp directory.
// Browsers get theirs at a short path (browserDir): a Unix socket's path holds at most 107 bytes.
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set();

// Chromium's singleton socket is $TMPDIR/org.chromium.Chromium.XXXXXX/SingletonSocket (46 bytes
// past $TMPDIR), its TMPDIR a browserDir's tmp/ (root + /posenc-NAME-XXXXXX/tmp): a root of at
// most 30 bytes keeps the socket within 107 bytes for a name of up to 8.
export const SHORT_ROOT = 30;
let ownRoot;

/**
 * The folder browsers' folders go in: POSENC_BROWSER_TEMP (scripts/test.sh makes one in /tmp for
 * the run and removes it), else the temp directory if short enough, else a folder of this process
 * in /tmp (`posenc-PID-XXXXXX`), removed when it ends.
 */
export function browserRoot() {
  if (process.env.POSENC_BROWSER_TEMP) return process.env.POSENC_BROWSER_TEMP;
  if (tmpdir().length <= SHORT_ROOT) return tmpdir();
  if (!ownRoot) {
    try {
      accessSync('/tmp', constants.W_OK);
    } catch {
      throw new Error(`the temp directory ${tmpdir()} is ${tmpdir().length} bytes long and /tmp is not writable: `
        + `browsers' sockets need a path under 108 bytes; set POSENC_BROWSER_TEMP to a short writable folder`);
    }
    ownRoot = mkdtempSync(`/tmp/posenc-${process.pid}-`);  // whose it is, for tests/browser/tmpdir.test.js
    made.add(ownRoot);
  }
  return ownRoot;
}

/**
 * A new folder `posenc-NAME-XXXXXX` for a browser's profile and temporary files (its sockets), at
 * a short path (browserRoot), removed when the process ends.
 */
export function browserDir(name) {
  const dir = mkdtempSync(join(browserRoot(), `posenc-${name}-`));
  made.add(dir);
  removeLast();
  return dir;
}

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
  // Newest first: a browser's folder before the root it is in.
  for (const dir of [...made].reverse()) try { removeDir(dir); } catch { /* best effort at exit */ }
}

/**
 * Puts the removal after every other exit handler registered so far: Playwright's kills its
 * browsers at exit, and a Chromium still running could write into its profile folder again.
 * The Chromium launcher (tests/browser/browser.js) calls it after each launch.
 */
export function removeLast() {
  process.off('exit', removeAll);
  process.on('exit', removeAll);
}

const stops = new Set();

/**
 * close() runs on Ctrl-C, SIGTERM or SIGHUP, before the process exits: for what a signal would
 * otherwise leave behind (a browser killed instead of closed leaves its profile folder).
 * Returns a function that forgets it (call it once closed the usual way).
 */
export function atStop(close) {
  stops.add(close);
  return () => stops.delete(close);
}

// A signal's default action ends the process without 'exit'. Here it closes what atStop was
// given (for at most GRACE ms), then exits with the signal's code: 'exit' then removes the
// folders. (Playwright's own SIGINT handler also closes its browsers, then exits with 130.)
const CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };
const GRACE = 10_000;
let stopping = false;
for (const [signal, code] of Object.entries(CODES)) {
  process.on(signal, async () => {
    if (stopping) process.exit(code);  // a second signal: exit now ('exit' still removes the folders)
    stopping = true;
    process.exitCode = code;
    setTimeout(() => process.exit(code), GRACE).unref();
    await Promise.allSettled([...stops].map((close) => close()));
    process.exit(code);
  });
}
