// One small interface over the three browser engines a blog's readers use, each driven the way
// that works on Debian without downloading a browser:
//   chromium  /usr/bin/chromium via playwright-core (CDP), headless
//   firefox   /usr/bin/firefox-esr via puppeteer-core (WebDriver BiDi), headless
//   webkit    WebKitGTK's MiniBrowser via WebKitWebDriver + selenium-webdriver (classic
//             WebDriver), under an Xvfb the harness starts on a free display (no headless mode),
//             without the DMA-BUF renderer in the tests (see webkit() below)
// A session has one tab: goto(url), evaluate(fn, arg), waitFor(fn, arg), hover(x, y) in
// viewport pixels, screenshot(file), problems() and close(). Errors are read from the hook
// script (hook.js) the pages are given, plus the console/page-error events where the protocol
// has them.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { ARTIFACTS, launch as launchChromium, SCREENSHOTS } from './browser.js';
import { atStop, browserDir, removeDir, removeLast } from '../temp.js';

// POSENC_ENGINES=webkit (or a comma-separated list) runs a file's tests in those alone.
export const ENGINES = process.env.POSENC_ENGINES?.split(',') ?? ['chromium', 'firefox', 'webkit'];
export const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const VIEWPORT = { width: 1280, height: 900 };
// WebKit: how long a script may run (one that awaits frames under load), and how long any
// WebDriver command may go unanswered before the session is stopped and the command fails.
const SCRIPT_TIMEOUT = 300_000;
const UNANSWERED = SCRIPT_TIMEOUT + 60_000;

/**
 * Opens a session in engine ('chromium', 'firefox' or 'webkit'). dmabuf: WebKit with its DMA-BUF
 * renderer, its default, as readers get it (npm run bench's cold loads, npm run soak); the tests
 * run it without (webkit() below).
 */
export async function open(engine, { dmabuf = false } = {}) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const driver = await DRIVERS[engine]({ dmabuf });
  const seen = [];  // problems of pages already left
  const hooked = () => driver.evaluate(() => window.__posencProblems ?? []).catch(() => []);
  const session = {
    engine,
    async goto(url) {
      seen.push(...await hooked());
      await driver.goto(url);
    },
    evaluate: (fn, arg) => driver.evaluate(fn, arg),
    /**
     * Polls fn(arg) in the page until it returns a truthy value, which it returns. A poll that
     * throws is tried again (a page replacing itself, as the story does for a link that moved to
     * the workbench, has no body for a moment); at the timeout its error is the one thrown.
     */
    async waitFor(fn, arg, { timeout = 30_000, what = String(fn) } = {}) {
      const end = Date.now() + timeout;
      for (;;) {
        let value, failure;
        try {
          value = await driver.evaluate(fn, arg);
        } catch (error) {
          failure = error;
        }
        if (value) return value;
        if (Date.now() > end) throw failure ?? new Error(`${engine}: timed out after ${timeout} ms waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    hover: (x, y) => driver.hover(Math.round(x), Math.round(y)),
    /** Saves the viewport as test-results/ENGINE-NAME.png with POSENC_SCREENSHOTS=1 (browser.js). */
    async screenshot(name) {
      if (SCREENSHOTS && driver.screenshot) writeFileSync(`${ARTIFACTS}${engine}-${name}.png`, await driver.screenshot());
    },
    /** Every error, rejection, console.error and CSP violation so far, in every page opened. */
    async problems() {
      return [...seen, ...await hooked(), ...driver.events()];
    },
    close: () => driver.close(),
  };
  return session;
}

// A playwright or puppeteer page: the two APIs agree on everything used here.
const driverOf = (page, events, close) => ({
  events: () => events,
  goto: (url) => page.goto(url),
  evaluate: (fn, arg) => page.evaluate(fn, arg),
  hover: (x, y) => page.mouse.move(x, y),
  screenshot: () => page.screenshot(),
  close,
});

const DRIVERS = {
  async chromium() {
    const browser = await launchChromium();
    const { consoleErrors, outside } = browser.problems;  // outside: requests that left localhost (aborted)
    const page = await browser.context.newPage();
    return { ...driverOf(page, consoleErrors, () => browser.close()),
      events: () => [...consoleErrors, ...outside.map((url) => `request left localhost: ${url}`)] };
  },

  async firefox() {
    const { default: puppeteer } = await import('puppeteer-core');
    // Puppeteer's own Ctrl-C handler kills Firefox and exits at once, leaving its profile folder
    // behind: closed instead (tests/temp.js).
    // Puppeteer waits 30 s for Firefox's endpoint by default: a first launch beside the native
    // lane's compilers once took longer (a clean-clone CI run, 2026-11-27); 120 s.
    // Its profile and temporary files at a short path of ours (tests/temp.js browserDir).
    const profile = browserDir('firefox');
    const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, defaultViewport: VIEWPORT,
      userDataDir: profile, env: { ...process.env, TMPDIR: profile },
      handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false, timeout: 120_000 });
    removeLast();  // the profile is removed after Puppeteer's exit handler has stopped this Firefox
    const forget = atStop(() => browser.close());
    const page = await browser.newPage();
    const events = [];
    page.on('console', (m) => { if (m.type() === 'error') events.push(`console: ${m.text()}`); });
    page.on('pageerror', (e) => events.push(`page error: ${e.message}`));
    return driverOf(page, events, async () => {
      forget();
      await browser.close();
      removeDir(profile);
    });
  },

  async webkit({ dmabuf }) {
    for (const file of [WEBKIT_DRIVER, MINIBROWSER])
      if (!existsSync(file)) throw new Error(`webkit: ${file} is missing (Debian: apt-get install webkit2gtk-driver)`);
    const { Builder, Origin } = await import('selenium-webdriver');
    const x = await startXvfb();
    const port = await freePort();
    // The driver's and MiniBrowser's temporary files at a short path of ours (tests/temp.js browserDir).
    const temp = browserDir('webkit');
    // The tests' WebKit runs without its DMA-BUF renderer. Under Xvfb (no GPU) that renderer
    // composites with software GL, and after every navigation it kept both cores busy for about
    // 4 s, on a page of plain text as on the story: 4.3–4.6 s of CPU after the text page, 9.2–9.9 s
    // after the story, against 0.4–0.5 and 1.2–1.7 s without it (docs/testing.md, "WebKit's DMA-BUF
    // renderer").
    // Without it WebKit draws pages unaccelerated: scripts, layout, resize observers and
    // canvases run the same, and the old widgets' resize-loop errors show as before.
    const env = { ...process.env, DISPLAY: x.display, TMPDIR: temp };
    if (!dmabuf) env.WEBKIT_DISABLE_DMABUF_RENDERER = '1';
    const server = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], { env, stdio: 'ignore' });
    process.once('exit', () => server.kill());  // also when a test dies before close()
    removeLast();  // its folder is removed after that
    const stop = () => {
      server.kill();
      x.close();  // MiniBrowser ends with its display
    };
    // A WebDriver command that is never answered fails, naming itself, instead of stalling the
    // run: after the script timeout and a minute more (UNANSWERED), the driver and MiniBrowser are
    // stopped.
    const answered = (what, promise) => {
      let timer;
      const unanswered = new Promise((_, reject) => {
        timer = setTimeout(() => {
          stop();
          reject(new Error(`webkit: WebDriver's ${what} unanswered after ${UNANSWERED / 1000} s; MiniBrowser stopped`));
        }, UNANSWERED);
      });
      return Promise.race([promise, unanswered]).finally(() => clearTimeout(timer));
    };
    try {
      await untilListening(port);
      const driver = await answered('new session', new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      }).build());
      await answered('window size', driver.manage().window().setRect(VIEWPORT));
      // An evaluate that awaits frames (readThrough, resize steps) may take minutes under load:
      // WebDriver's default of 30 s for a script would fail it (the others have no such limit).
      await answered('timeouts', driver.manage().setTimeouts({ script: SCRIPT_TIMEOUT }));
      return {
        events: () => [],
        goto: (url) => answered(`navigation to ${url}`, driver.get(url)),
        // WebDriver awaits a returned promise; the function travels as source text.
        evaluate: (fn, arg) => answered(`script ${String(fn).slice(0, 60)}`, driver.executeScript(`return (${fn})(arguments[0]);`, arg)),
        hover: (px, py) => answered('pointer move', driver.actions().move({ x: px, y: py, origin: Origin.VIEWPORT }).perform()),
        // None in the tests' WebKit: without the DMA-BUF renderer, WebDriver's screenshot once
        // went unanswered under load (docs/testing.md, "WebKit's DMA-BUF renderer"). With
        // POSENC_SCREENSHOTS=1 and POSENC_WEBKIT_SCREENSHOTS=1, taken anyway.
        screenshot: dmabuf || process.env.POSENC_WEBKIT_SCREENSHOTS === '1'
          ? async () => Buffer.from(await answered('screenshot', driver.takeScreenshot()), 'base64') : null,
        async close() {
          await answered('quit', driver.quit()).catch(() => {});
          stop();
          removeDir(temp);
        },
      };
    } catch (error) {
      stop();
      throw error;
    }
  },
};

/** Starts Xvfb on a display it picks itself (-displayfd), for MiniBrowser. */
function startXvfb() {
  if (process.env.POSENC_DISPLAY) return { display: process.env.POSENC_DISPLAY, close() {} };
  return new Promise((resolve, reject) => {
    const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'] });
    xvfb.on('error', (e) => reject(new Error(`webkit: cannot start Xvfb (Debian: apt-get install xvfb): ${e.message}`)));
    xvfb.on('exit', (code) => reject(new Error(`webkit: Xvfb exited with ${code}`)));
    process.once('exit', () => xvfb.kill());
    let out = '';
    xvfb.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, close: () => xvfb.kill() });
    });
  });
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function untilListening(port, timeout = 10_000) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`webkit: WebKitWebDriver did not start on port ${port}`);
}
