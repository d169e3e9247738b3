// The error hook, the same in every engine: a small same-origin script placed before the page's
// own scripts, recording uncaught errors (and failed loads), unhandled rejections,
// console.error and CSP violations in window.__posencProblems. Classic WebDriver (WebKit) cannot
// run a script before the page's, so the tests write this into the pages they open (served or
// file://); being 'self', it is allowed under the posts' strict CSP.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const HOOK_FILE = '__posenc-hook.js';

function hook() {
  const problems = (window.__posencProblems = []);
  const text = (x) => (x instanceof Error ? `${x.name}: ${x.message}` : String(x));
  // Capture phase: failed <script>/<link> loads fire `error` on the element, without bubbling.
  addEventListener('error', (e) => problems.push(`error: ${e.message || `failed to load ${e.target?.src ?? e.target?.href}`}`), true);
  addEventListener('unhandledrejection', (e) => problems.push(`unhandled rejection: ${text(e.reason)}`));
  document.addEventListener('securitypolicyviolation', (e) => problems.push(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`), true);
  const consoleError = console.error;
  console.error = function (...args) {
    problems.push(`console.error: ${args.map(text).join(' ')}`);
    return consoleError.apply(this, args);
  };
}

/** html with the hook script first: before the first script or stylesheet, after any CSP meta. */
export function withHook(html) {
  const tag = `<script src="${HOOK_FILE}"></script>`;
  const at = html.search(/<script|<link/i);
  if (at >= 0) return html.slice(0, at) + tag + html.slice(at);
  return html.replace(/<\/head>|<body/i, (m) => tag + m);
}

/** Writes the hook into dir and adds it to every HTML file directly in dir. */
export function instrument(dir) {
  writeFileSync(join(dir, HOOK_FILE), `(${hook})();\n`);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.html')))
    writeFileSync(join(dir, file), withHook(readFileSync(join(dir, file), 'utf8')));
  return dir;
}
