// The site the fuzz and soak runs open: the demo's two pages and the awkward post (fixtures/), built
// from a package (this one, or a variant's copy: scripts/build-wasm.sh), with the error hook
// (hook.js) and the in-page fuzz module (fuzz-page.js, as __fuzz.js: window.__posencFuzz, and ../random.js).
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite } from '../../scripts/build-site.js';
import { instrument } from './hook.js';
import { tempDir } from '../temp.js';

const here = (file) => new URL(file, import.meta.url).pathname;
export const FUZZED_PAGES = ['index.html', 'workbench.html', 'awkward-post.html'];

export async function fuzzSite(packageDir) {
  const site = await buildSite(tempDir('fuzz'), packageDir ? { packageDir } : {});
  for (const file of ['awkward-post.html', 'awkward-post.css']) copyFileSync(here(`./fixtures/${file}`), join(site, file));
  copyFileSync(here('./fuzz-page.js'), join(site, '__fuzz.js'));
  copyFileSync(here('../random.js'), join(site, 'random.js'));
  for (const page of FUZZED_PAGES) {
    const html = readFileSync(join(site, page), 'utf8');
    writeFileSync(join(site, page), html.replace('</head>', '<script type="module" src="__fuzz.js"></script></head>'));
  }
  return instrument(site);
}
