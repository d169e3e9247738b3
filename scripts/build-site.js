// Builds the demo as plain static files in build/site/, to copy to any static host or open
// from disk: the pages and styles of web/, the page's code bundled into one classic script
// (app.bundle.js: the package imported by name, wasm inlined), and the package as published
// under posenc/ (the example post loads posenc/dist/elements.js as a blog would).
import { build } from 'esbuild';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const defaultDir = join(root, 'build', 'site');
const STATIC = /\.(html|css|svg|png)$/;

export async function buildSite(siteDir = defaultDir) {
  const { files } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  rmSync(siteDir, { recursive: true, force: true });
  mkdirSync(siteDir, { recursive: true });
  for (const file of readdirSync(join(root, 'web')).filter((f) => STATIC.test(f)))
    cpSync(join(root, 'web', file), join(siteDir, file));
  await build({
    entryPoints: [join(root, 'web', 'app.js')],
    outfile: join(siteDir, 'app.bundle.js'),
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    logLevel: 'error',
  });
  for (const entry of files) cpSync(join(root, entry), join(siteDir, 'posenc', entry), { recursive: true });
  return siteDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(`site built in ${await buildSite()}`);
