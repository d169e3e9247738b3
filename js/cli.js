#!/usr/bin/env node
// The `posenc` command: static figures of the elements, without a browser (docs/blogging.md),
// and what a model file will do with positions (docs/model-files.md).
//   posenc render posenc-encoding length=50 d-model=128 -o encoding.svg
//   posenc post post.md --images static/posenc --url /posenc/
//   posenc inspect model.gguf --config config.json
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const USAGE = `posenc: static figures of posenc's elements (PNG, WebP or SVG), drawn without a browser, and
what a model file will do with positions

  posenc render <element> [attribute=value ...] -o <file.png|file.webp|file.svg>
      one element's chart, e.g. posenc render posenc-encoding length=50 d-model=128 -o encoding.svg
      (the format follows the file's extension; the alt text is printed)
  posenc post <post.md|post.mdx|post.html> [-o <out>] [--images <dir>] [--url <prefix>] [--format auto|png|webp|svg]
             [--elements <file.js>]
      an image (or, for text elements, their text) inside every <posenc-*> tag of the post, shown
      where scripts do not run (feeds, JavaScript off, print, Medium); the live chart replaces it.
      auto (default): per figure the smaller of PNG and WebP, at 1x and at --scale (srcset).
      Writes the post in place unless -o; images go to --images (default: beside the post),
      linked as --url + file name (default: the images' path relative to the post).
      --elements: writes the script for the post, in place of dist/elements.js: only the elements
      it uses (and those the file already had, from other posts), the wasm inlined; needs esbuild

  posenc inspect <model.gguf|model.safetensors|array.npy> [--config config.json] [--json]
      what positions the file will produce, read from its header and position tensors only (never
      the weights); with --config, compared with transformers' for that config.json. Exits with 1
      when a finding is an error (docs/model-files.md lists them)

  options: --width <css px> (720)  --scale <device px per css px> (2)  --scheme light|dark (light)
           --quality <1-100> (WebP's, 90)
  needs the optional peer dependencies: npm install --save-dev @napi-rs/canvas linkedom (esbuild for --elements)`;

class UsageError extends Error {}

// A name that is not there (element, attribute) or an option out of range is the command
// line's mistake: told as a usage error.
function usage(error) {
  throw /^(tag: unknown element|(width|scale|scheme|format|quality) must)|has no attribute/.test(error.message) ? new UsageError(error.message) : error;
}

const OPTIONS = {
  output: { type: 'string', short: 'o' }, images: { type: 'string' }, url: { type: 'string' }, format: { type: 'string' }, elements: { type: 'string' },
  config: { type: 'string' }, json: { type: 'boolean' },
  width: { type: 'string' }, scale: { type: 'string' }, scheme: { type: 'string' }, quality: { type: 'string' }, help: { type: 'boolean', short: 'h' },
};

async function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error.message);
  }
  const { values: o, positionals: [command, ...rest] } = parsed;
  if (o.help || !command) return console.log(USAGE);
  const number = (name, fallback) => {
    if (o[name] === undefined) return fallback;
    const value = Number(o[name]);
    if (!Number.isFinite(value)) throw new UsageError(`--${name} must be a number, not "${o[name]}"`);
    return value;
  };
  const look = { width: number('width', 720), scale: number('scale', 2), scheme: o.scheme ?? 'light', quality: number('quality', 90) };
  if (command === 'render') return renderCommand(rest, o, look);
  if (command === 'post') return postCommand(rest, o, look);
  if (command === 'inspect') return inspectCommand(rest, o);
  throw new UsageError(`unknown command "${command}": render, post or inspect`);
}

async function renderCommand([element, ...pairs], o, look) {
  if (!element) throw new UsageError('render: which element? e.g. posenc render posenc-encoding -o encoding.png');
  if (!o.output) throw new UsageError('render: -o <file.png|file.webp|file.svg> is required');
  const extension = extname(o.output).slice(1).toLowerCase(), format = o.format ?? extension;
  if (!['png', 'webp', 'svg'].includes(format)) throw new UsageError(`render: write a .png, .webp or .svg file (or say --format), not "${o.output}"`);
  if (['png', 'webp', 'svg'].includes(extension) && extension !== format)
    throw new UsageError(`render: --format ${format} into a .${extension} file`);
  const attributes = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`render: attributes are name=value, not "${pair}"`);
    attributes[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const { render } = await import('./render/figure.js');
  const tag = element.startsWith('posenc-') ? element : `posenc-${element}`;
  const image = await render(tag, attributes, { ...look, format }).catch(usage);
  await mkdir(dirname(resolve(o.output)), { recursive: true });
  await writeFile(o.output, image.data);
  if (image.message) console.error(`${tag}: ${image.message}`);
  console.log(`${o.output} (${image.width} × ${image.height} CSS px)\nalt: ${image.alt}`);
}

async function postCommand([file, ...extra], o, look) {
  if (!file || extra.length) throw new UsageError('post: one post file, e.g. posenc post content/posts/waves.md');
  const format = o.format ?? 'auto';
  if (!['auto', 'png', 'webp', 'svg'].includes(format)) throw new UsageError(`post: --format is auto, png, webp or svg, not "${format}"`);
  const kind = /^\.html?$/i.test(extname(file)) ? 'html' : 'markdown';
  const text = await readFile(file, 'utf8');
  if (text.includes('\u0000')) throw new UsageError(`post: ${file} is not a text file (Markdown, MDX or HTML)`);
  // The images' names start with the post's: its folder's for a page bundle (a/index.md, b/_index.md).
  const stem = basename(file, extname(file));
  const name = /^_?index$/i.test(stem) ? basename(dirname(resolve(file))) : stem;
  const out = o.output ?? file;
  const script = o.elements === undefined ? null : await scriptFile(o.elements);  // checked before anything is written
  const images = o.images ?? dirname(out);
  // A folder's URL: "/posenc" and "/posenc/" both link /posenc/post-1-encoding.png.
  const url = (o.url ?? relative(dirname(resolve(out)), resolve(images)).split('\\').join('/')).replace(/([^/])$/, '$1/');
  const { fallbacks } = await import('./render/post.js');
  const result = await fallbacks(text, {
    ...look, kind, url, format, name,
    write: async (image, bytes) => {
      await mkdir(images, { recursive: true });
      await writeFile(join(images, image), bytes);
    },
  }).catch(usage);
  // A post without elements is left as it was (a file written in place is not rewritten).
  if (result.text !== text || resolve(out) !== resolve(file)) {
    await mkdir(dirname(resolve(out)), { recursive: true });
    await writeFile(out, result.text);
  }
  for (const warning of result.warnings) console.error(`warning: ${warning}`);
  for (const f of result.figures)
    console.log(f.kept ? `${f.tag}: kept the fallback already written inside it` : f.file ? `${f.tag}: ${(f.files ?? [f.file]).map((name) => join(images, name)).join(', ')}` : `${f.tag}: its text`);
  console.log(`${out}: ${result.figures.length} element${result.figures.length === 1 ? '' : 's'}`);
  if (script) await writeScript(script, result.figures.map((f) => f.tag));
}

/** --elements FILE: the elements it defines already (other posts'), and esbuild to bundle them. */
async function scriptFile(file) {
  if (!/\.m?js$/.test(file)) throw new UsageError(`post: --elements writes a .js file, not "${file}"`);
  const { bundler, tagsOfScript } = await import('./render/elements-script.js');
  const had = await tagsOfScript(file).catch((error) => { throw new UsageError(`post: --elements ${error.message}`); });
  return { file, had, esbuild: await bundler() };
}

/** Writes the script that defines `tags` and the elements it defined already. */
async function writeScript({ file, had, esbuild }, tags) {
  if (!had.length && !tags.length) return console.log(`${file}: not written (the post has no element)`);
  const { elementsScript } = await import('./render/elements-script.js');
  const script = await elementsScript([...had, ...tags], esbuild);
  await mkdir(dirname(resolve(file)), { recursive: true });
  // Written whole or not at all (a server copying the folder never reads half a script).
  await writeFile(`${file}.${process.pid}.tmp`, script.text);
  await rename(`${file}.${process.pid}.tmp`, file);
  const added = script.tags.filter((tag) => !had.includes(tag));
  const count = `${script.tags.length} element${script.tags.length === 1 ? '' : 's'}`;
  console.log(`${file}: ${count} (${added.length ? `added ${added.join(', ')}` : 'none added'}), ${Math.round(Buffer.byteLength(script.text) / 1024)} KiB`);
}

async function inspectCommand([file, ...extra], o) {
  if (!file || extra.length) throw new UsageError('inspect: one model file, e.g. posenc inspect model.gguf --config config.json');
  let config;
  if (o.config !== undefined) {
    try {
      config = JSON.parse(await readFile(o.config, 'utf8'));
    } catch (error) {
      throw new UsageError(`inspect: --config ${o.config}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
    }
  }
  const [{ init }, { summary, toJson }] = await Promise.all([import('./node.js'), import('./files/summary.js')]);
  const pe = await init();
  const report = await pe.inspectModelFile(file, { config }).catch((error) => {
    throw error.code === 'ENOENT' ? new UsageError(`inspect: ${file}: no such file`) : error;
  });
  console.log(o.json ? toJson(report) : summary(report, file).join('\n'));
  if (report.findings.some((f) => f.severity === 'error')) process.exitCode = 1;
}

main(process.argv.slice(2)).catch((error) => {
  console.error(`posenc: ${error.message}`);
  if (error instanceof UsageError) console.error('(posenc --help for usage)');
  process.exit(error instanceof UsageError ? 2 : 1);
});
