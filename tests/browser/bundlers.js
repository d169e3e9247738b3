// A consumer's page bundled by each bundler posenc is tested with, through their JS APIs. The
// bundlers come from posenc's devDependencies; the code they bundle imports `posenc` from the
// consumer project's node_modules (the installed tarball). Each writes dir/out/index.html.
import { build as esbuild } from 'esbuild';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build as vite } from 'vite';
import webpack from 'webpack';

const page = (script, type = 'module') =>
  `<!doctype html><html><head><meta charset="utf-8"><script type="${type}" src="${script}" defer></script></head><body></body></html>`;

/** Vite: index.html + main.js, the wasm emitted as an asset, the worker as an ES module. */
export async function viteBundle(dir, out) {
  writeFileSync(join(dir, 'index.html'), page('./main.js'));
  await vite({
    root: dir, base: './', configFile: false, logLevel: 'warn',
    build: { outDir: out, emptyOutDir: true },
    worker: { format: 'es' },
  });
}

/** webpack 5: new URL('…wasm', import.meta.url) becomes an asset module; a classic script. */
export function webpackBundle(dir, out) {
  const config = { mode: 'production', context: dir, entry: './main.js', output: { path: out, filename: 'main.js' } };
  return new Promise((resolve, reject) => webpack(config, (error, stats) => {
    if (error || stats.hasErrors()) return reject(error ?? new Error(stats.toString('errors-only')));
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'index.html'), page('main.js', 'text/javascript'));
    resolve();
  }));
}

/**
 * esbuild: it does not emit the wasm that `new URL(…, import.meta.url)` names, so the page
 * hosts the exported `posenc/posenc-wasm.wasm` itself and passes its bytes to init().
 */
export async function esbuildBundle(dir, out, project) {
  await esbuild({ entryPoints: [join(dir, 'main.js')], outfile: join(out, 'main.js'), bundle: true, format: 'esm', logLevel: 'error' });
  copyFileSync(createRequire(join(project, 'package.json')).resolve('posenc/posenc-wasm.wasm'), join(out, 'posenc-wasm.wasm'));
  writeFileSync(join(out, 'index.html'), page('main.js'));
}
