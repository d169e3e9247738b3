// A post's own script (`posenc post --elements FILE`): one ES module, the wasm inlined, as
// dist/elements.js is, that defines only the elements its posts use: a post with the four
// elements of tests/blogs/post.md downloads 65 % of what dist/elements.js costs, gzipped
// (docs/blogging.md, "A post's own script"). Bundled by esbuild, an optional peer dependency
// of the command as the figures' canvas is. Its first line names the elements it defines: the
// next post's run adds its own, so one file serves a whole blog.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { attributeOf as kebab, TAGS } from '../tags.js';

const HEADER = '// posenc elements: ';
const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** esbuild's options for the elements' scripts (scripts/build-package.js builds dist/ with them). */
export const SCRIPT_OPTIONS = {
  bundle: true, target: 'es2022', minify: true, legalComments: 'none', logLevel: 'silent',
  logOverride: { 'empty-import-meta': 'silent' },
};

/**
 * The tags a script written by `elementsScript` defines (its first line); [] when `file` does
 * not exist. Any other file is not overwritten: an error says so.
 */
export async function tagsOfScript(file) {
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
  if (!text.startsWith(HEADER))
    throw new Error(`${file} is not a script posenc post --elements wrote (its first line is not "${HEADER.trim()} …"): delete it or write to another file`);
  const tags = text.split('\n', 1)[0].slice(HEADER.length).trim().split(/\s+/).filter(Boolean);
  const unknown = tags.find((tag) => !Object.hasOwn(TAGS, tag));
  if (unknown) throw new Error(`${file} defines <${unknown}>, which this version of posenc does not have: delete the file and run posenc post over each post again`);
  return tags;
}

/** esbuild, or an error that says how to install it. */
export async function bundler() {
  try {
    return await import('esbuild');
  } catch (error) {
    if (error.code !== 'ERR_MODULE_NOT_FOUND' || !/'esbuild'/.test(error.message)) throw error;  // e.g. its platform binary
    throw new Error('--elements bundles the script with esbuild: npm install --save-dev esbuild');
  }
}

/** The script (text) defining `tags` (e.g. ['posenc-encoding', 'posenc-dots']): { text, tags }. */
export async function elementsScript(tags, esbuild = null) {
  const unknown = tags.find((tag) => !Object.hasOwn(TAGS, tag));
  if (unknown) throw new Error(`unknown element <${unknown}>`);
  esbuild ??= await bundler();
  const sorted = [...new Set(tags)].sort();
  const names = [...new Set(sorted.map((tag) => TAGS[tag]))];
  const path = (file) => JSON.stringify(here(file));
  const contents = [
    `import { defineElements } from ${path('../elements/define.js')};`,
    ...names.map((name, i) => `import * as w${i} from ${path(`../charts/widgets/${kebab(name)}.js`)};`),
    `defineElements({ ${sorted.map((tag) => `'${tag}': w${names.indexOf(TAGS[tag])}`).join(', ')} });`,
    `export { posenc } from ${path('../elements/define.js')};`,
  ].join('\n');
  const { outputFiles: [out] } = await esbuild.build({
    ...SCRIPT_OPTIONS, format: 'esm', write: false,
    stdin: { contents, resolveDir: here('../elements/'), sourcefile: 'posenc-elements.js' },
  });
  return { text: `${HEADER}${sorted.join(' ')}\n${out.text}`, tags: sorted };
}
