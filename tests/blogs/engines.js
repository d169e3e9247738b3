// How each blog engine builds the one post (tests/blogs/post.md): the site skeleton of
// engines/<id>/ is copied to a fresh directory, the post written there with the engine's front
// matter (or wrapper), posenc's elements script and the post's fallback images copied where the
// engine serves static files, and the engine's own build run into `out`.
// Each build returns the paths the checks open: the post, the feed (or why there is none) and,
// for client-side routers, the page with a link to the post.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const HERE = new URL('.', import.meta.url).pathname;
export const ROOT = join(HERE, '../..');
const DATE = '2024-05-01';

/** Runs a command; rejects with the end of its output when it fails or takes over `timeout` ms. */
export function run(cmd, args, { cwd, env = {}, timeout = 300_000 } = {}) {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd, env: { ...process.env, NO_UPDATE_NOTIFIER: '1', ...env }, timeout, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const tail = `${stdout}\n${stderr}`.trim().split('\n').slice(-12).join('\n');
        reject(new Error(`${cmd} ${args.join(' ')} failed${error.killed ? ' (timeout)' : ''}:\n${tail}`));
      });
  });
}

const skeleton = (id, site) => cpSync(join(HERE, 'engines', id), site, { recursive: true });
/** Writes a post, making its folder: git keeps no empty folder, so a fresh clone's skeleton has none. */
function writePost(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
const yamlString = (s) => JSON.stringify(s);  // a JSON string is a YAML string

/**
 * Copies the elements script (the post's own, from `posenc post --elements`, else dist/elements.js;
 * or the classic build; none for bundling engines) and the fallback images into dir.
 */
function statics(ctx, dir, { classic = false, script = true } = {}) {
  mkdirSync(dir, { recursive: true });
  if (script) cpSync(ctx.script ?? join(ROOT, 'dist/elements.js'), join(dir, 'elements.js'));
  if (classic) cpSync(join(ROOT, 'dist/elements.classic.js'), join(dir, 'elements.classic.js'));
  if (ctx.images) for (const f of readdirSync(ctx.images)) cpSync(join(ctx.images, f), join(dir, f));
}

/** <posenc-x a="1">inner</posenc-x> → {{< posenc element="x" a="1" >}}inner{{< /posenc >}} (or self-closed). */
export function toShortcodes(body) {
  return body.replace(/<posenc-([a-z0-9-]+)((?:\s+[a-zA-Z-]+(?:="[^"]*")?)*)\s*>([\s\S]*?)<\/posenc-\1>/g, (_, name, attrs, inner) => {
    const params = [...attrs.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)].map(([, k, v = '']) => `${k}="${v}"`).join(' ');
    const open = `{{< posenc element="${name}"${params ? ` ${params}` : ''}`;
    return inner.trim() ? `${open} >}}${inner}{{< /posenc >}}` : `${open} />}}`;
  });
}

export const ENGINES = [
  {
    id: 'jekyll', name: 'Jekyll (kramdown)', prefix: '/assets/posenc',
    async build(ctx) {
      skeleton('jekyll', ctx.site);
      mkdirSync(join(ctx.site, '_posts'));
      writeFileSync(join(ctx.site, `_posts/${DATE}-post.md`), `---\nlayout: post\ntitle: ${yamlString(ctx.title)}\n---\n${ctx.body}`);
      statics(ctx, join(ctx.site, 'assets/posenc'));
      writeFileSync(join(ctx.site, '_origin.yml'), `url: ${yamlString(ctx.origin)}\n`);
      await run('jekyll', ['build', '--quiet', '-s', ctx.site, '-d', ctx.out, '--config', `${ctx.site}/_config.yml,${ctx.site}/_origin.yml`], { cwd: ctx.site });
      return { post: '/2024/05/01/post/', feed: '/feed.xml' };
    },
  },
  {
    id: 'hugo', name: 'Hugo (Goldmark, unsafe = true)', prefix: '/posenc',
    // --cacheDir: Hugo's default, $TMPDIR/hugo_cache, outlives the build; the site's folder does not.
    async build(ctx) {
      skeleton('hugo', ctx.site);
      mkdirSync(join(ctx.site, 'content/posts'), { recursive: true });
      writeFileSync(join(ctx.site, 'content/posts/post.md'), `---\ntitle: ${yamlString(ctx.title)}\ndate: ${DATE}\n---\n${ctx.body}`);
      statics(ctx, join(ctx.site, 'static/posenc'));
      await run('hugo', ['--quiet', '--source', ctx.site, '--destination', ctx.out, '--cacheDir', join(ctx.site, '.hugo-cache'), '--baseURL', `${ctx.origin}/`]);
      return { post: '/posts/post/', feed: '/index.xml' };
    },
  },
  {
    id: 'hugo-shortcode', name: 'Hugo (unsafe = false, shortcode)', prefix: '/posenc',
    // The post written with shortcodes; `posenc post` puts the fallbacks inside them.
    source: toShortcodes,
    async build(ctx) {
      skeleton('hugo', ctx.site);
      skeleton('hugo-shortcode', ctx.site);
      cpSync(join(ROOT, 'docs/blogging/hugo/layouts'), join(ctx.site, 'layouts'), { recursive: true });
      mkdirSync(join(ctx.site, 'content/posts'), { recursive: true });
      writeFileSync(join(ctx.site, 'content/posts/post.md'), `---\ntitle: ${yamlString(ctx.title)}\ndate: ${DATE}\n---\n${ctx.body}`);
      statics(ctx, join(ctx.site, 'static/posenc'));
      await run('hugo', ['--quiet', '--source', ctx.site, '--destination', ctx.out, '--cacheDir', join(ctx.site, '.hugo-cache'), '--baseURL', `${ctx.origin}/`]);
      return { post: '/posts/post/', feed: '/index.xml' };
    },
  },
  {
    id: 'mkdocs', name: 'MkDocs + Material (instant)', prefix: '/posenc',
    async build(ctx) {
      skeleton('mkdocs', ctx.site);
      writeFileSync(join(ctx.site, 'docs/post.md'), `# ${ctx.title}\n${ctx.body}`);
      statics(ctx, join(ctx.site, 'docs/posenc'), { classic: true, script: false });
      await run('mkdocs', ['build', '--quiet', '--clean', '-f', join(ctx.site, 'mkdocs.yml'), '-d', ctx.out], { env: { SITE_URL: `${ctx.origin}/` } });
      return { post: '/post/', feed: null, noFeed: 'MkDocs has no feed', link: { from: '/', selector: 'article a[href$="post/"]' } };
    },
  },
  {
    id: 'eleventy', name: 'Eleventy 3 (markdown-it)', prefix: '/posenc',
    async build(ctx) {
      skeleton('eleventy', ctx.site);
      writePost(join(ctx.site, 'posts/post.md'), `---\nlayout: layout.njk\ntitle: ${yamlString(ctx.title)}\ndate: ${DATE}\ntags: posts\n---\n${ctx.body}`);
      statics(ctx, join(ctx.site, 'posenc'));
      await run(join(ctx.work, 'node_modules/.bin/eleventy'), ['--quiet', `--output=${ctx.out}`], { cwd: ctx.site });
      return { post: '/posts/post/', feed: '/feed.xml' };
    },
  },
  {
    id: 'astro-md', name: 'Astro 5 (.md)', prefix: '/posenc',
    async build(ctx) {
      skeleton('astro-md', ctx.site);
      writePost(join(ctx.site, 'src/posts/post.md'), `---\ntitle: ${yamlString(ctx.title)}\ndate: ${DATE}\n---\n${ctx.body}`);
      if (ctx.images) statics(ctx, join(ctx.site, 'public/posenc'), { script: false });
      await run(join(ctx.work, 'node_modules/.bin/astro'), ['build', '--silent'], { cwd: ctx.site, env: { SITE_URL: ctx.origin, OUT_DIR: ctx.out, ASTRO_TELEMETRY_DISABLED: '1' } });
      return { post: '/post/', feed: '/rss.xml' };
    },
  },
  {
    id: 'astro-mdx', name: 'Astro 5 (.mdx, ClientRouter)', prefix: '/posenc',
    async build(ctx) {
      skeleton('astro-mdx', ctx.site);
      writePost(join(ctx.site, 'src/posts/post.mdx'), `---\ntitle: ${yamlString(ctx.title)}\ndate: ${DATE}\n---\n${ctx.body}`);
      if (ctx.images) statics(ctx, join(ctx.site, 'public/posenc'), { script: false });
      await run(join(ctx.work, 'node_modules/.bin/astro'), ['build', '--silent'], { cwd: ctx.site, env: { SITE_URL: ctx.origin, OUT_DIR: ctx.out, ASTRO_TELEMETRY_DISABLED: '1' } });
      return { post: '/post/', feed: '/rss.xml', link: { from: '/', selector: 'main a[href="/post/"]' } };
    },
  },
  {
    id: 'docusaurus', name: 'Docusaurus 3 (MDX, React 19)', prefix: '/posenc',
    async build(ctx) {
      skeleton('docusaurus', ctx.site);
      cpSync(join(ROOT, 'docs/blogging/docusaurus/posenc-client.js'), join(ctx.site, 'posenc-client.js'));
      mkdirSync(join(ctx.site, 'blog'));
      writeFileSync(join(ctx.site, `blog/${DATE}-post.md`), `---\ntitle: ${yamlString(ctx.title)}\nslug: post\n---\n${ctx.body}`);
      if (ctx.images) statics(ctx, join(ctx.site, 'static/posenc'), { script: false });
      await run(join(ctx.work, 'node_modules/.bin/docusaurus'), ['build', '--out-dir', ctx.out], { cwd: ctx.site, env: { SITE_URL: ctx.origin }, timeout: 480_000 });
      // lazy: the client module loads the elements only where a page has one.
      return { post: '/blog/post', feed: '/blog/rss.xml', link: { from: '/', selector: 'main a[href="/blog/post"]', lazy: true } };
    },
  },
  {
    id: 'nbconvert', name: 'Jupyter nbconvert (HTML output)', prefix: 'posenc',
    async build(ctx) {
      await notebook(ctx);
      await run(PYTHON, ['-m', 'nbconvert', '--to', 'html', '--output-dir', ctx.out, '--output', 'index', ...NB_URLS, join(ctx.site, 'post.ipynb')]);
      return { post: '/index.html', feed: null, noFeed: 'a notebook has no feed' };
    },
  },
  {
    id: 'nbconvert-sanitized', name: 'nbconvert --sanitize-html', prefix: 'posenc', sanitized: true,
    async build(ctx) {
      await notebook(ctx);
      await run(PYTHON, ['-m', 'nbconvert', '--to', 'html', '--sanitize-html', '--output-dir', ctx.out, '--output', 'index', ...NB_URLS, join(ctx.site, 'post.ipynb')]);
      return { post: '/index.html', feed: null, noFeed: 'a notebook has no feed' };
    },
  },
  {
    id: 'pandoc', name: 'pandoc (md → standalone html)', prefix: 'posenc',
    async build(ctx) {
      skeleton('pandoc', ctx.site);
      writeFileSync(join(ctx.site, 'post.md'), `---\ntitle: ${yamlString(ctx.title)}\n---\n${ctx.body}`);
      statics(ctx, join(ctx.out, 'posenc'));
      await run('pandoc', [join(ctx.site, 'post.md'), '--standalone', '--to', 'html5', '--include-in-header', join(ctx.site, 'head.html'), '--output', join(ctx.out, 'index.html')]);
      return { post: '/index.html', feed: null, noFeed: 'pandoc writes no feed' };
    },
  },
];

// Debian's python3 (its nbconvert and ipykernel), not one first on PATH (pyenv).
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
// Debian's nbconvert points require.js, jQuery and MathJax at file:///usr/share/javascript/…,
// which a page served over http may not load (a console error each): this post needs none.
const NB_URLS = ['--HTMLExporter.require_js_url=posenc/none.js', '--HTMLExporter.mathjax_url=posenc/none.js', '--HTMLExporter.jquery_url=posenc/none.js'];

/**
 * The post as a notebook, executed: its prose in Markdown cells, each element the output of a
 * code cell `HTML('<posenc-…>…</posenc-…>')`, the first output also loading the script.
 */
async function notebook(ctx) {
  mkdirSync(ctx.site, { recursive: true });
  const cells = [{ cell_type: 'markdown', metadata: {}, source: [`# ${ctx.title}`] }];
  const code = (source) => ({ cell_type: 'code', metadata: {}, execution_count: null, outputs: [], source });
  cells.push(code(`from IPython.display import HTML\nHTML('<script type="module" src="posenc/elements.js"></script>')`));
  for (const part of ctx.body.split(/(<posenc-[a-z0-9-]+[\s\S]*?<\/posenc-[a-z0-9-]+>)/)) {
    if (part.startsWith('<posenc-')) cells.push(code(`HTML(${JSON.stringify(part)})`));
    else if (part.trim()) cells.push({ cell_type: 'markdown', metadata: {}, source: [part.trim()] });
  }
  const nb = { cells, metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } }, nbformat: 4, nbformat_minor: 5 };
  writeFileSync(join(ctx.site, 'source.ipynb'), JSON.stringify(nb, null, 1));
  await run(PYTHON, ['-m', 'nbconvert', '--to', 'notebook', '--execute', '--output', 'post', join(ctx.site, 'source.ipynb')], { cwd: ctx.site, env: { PYDEVD_DISABLE_FILE_VALIDATION: '1' } });
  statics(ctx, join(ctx.out, 'posenc'));
  writeFileSync(join(ctx.out, 'posenc/none.js'), '// nbconvert\'s require.js, jQuery and MathJax: not needed by this post\n');
}
