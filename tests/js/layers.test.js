// The rooms of js/ and the one-way arrows between them (docs/design.md): a module imports only
// from its own room and the rooms its room may use, never from a room above it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

// Each room and the rooms it may import from (besides itself). `api` is the package's public
// API (js/*.js); `page` is the demo page (web/).
const USES = {
  api: [],
  story: ['api'],
  canvas: ['api'],
  plots: ['canvas', 'story', 'api'],
  kit: ['canvas', 'story', 'api'],
  widgets: ['plots', 'kit', 'canvas', 'story', 'api'],
  charts: ['widgets', 'plots', 'kit', 'canvas', 'story', 'api'],
  // The elements take the charts' parts by their own modules (not charts/index.js, which has them
  // all): a post's own script bundles only the widgets it uses (render/elements-script.js).
  elements: ['charts', 'widgets', 'kit', 'canvas', 'api'],
  render: ['elements', 'charts', 'api'],
  page: ['charts', 'api'],
};

/** The room of a file (a path from the repository's root), or null outside the rooms. */
export function roomOf(file) {
  const parts = file.split('/');
  if (parts[0] === 'web') return 'page';
  if (parts[0] !== 'js') return null;
  if (parts.length === 2) return { 'elements.js': 'elements', 'tags.js': 'elements', 'cli.js': 'render' }[parts[1]] ?? 'api';
  if (parts[1] === 'files') return 'api';  // the readers of model files: the package's API
  if (parts[1] === 'story') return 'story';
  if (parts[1] === 'render') return 'render';
  if (parts[1] === 'elements') return 'elements';
  if (parts[1] === 'charts') return parts.length === 3 ? 'charts' : parts[2];
  return null;
}

// What a bare specifier of the package's own name stands for.
const SELF = { posenc: 'api', 'posenc/inline': 'api', 'posenc/charts': 'charts', 'posenc/elements': 'elements', 'posenc/render': 'render' };

function* sources(dir) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.js')) yield path;
  }
}

/** The imports of one module's source: every specifier (static, re-export, side effect, dynamic). */
export function specifiers(text) {
  const pattern = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;
  return [...text.matchAll(pattern)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** Every import of the modules `files` ({ path: source }): [file, specifier, room of the target]. */
function importsOf(files) {
  const out = [];
  for (const [file, text] of Object.entries(files))
    for (const spec of specifiers(text)) {
      const target = spec.startsWith('.') ? roomOf(relative(root, resolve(dirname(join(root, file)), spec))) : SELF[spec];
      out.push([file, spec, target]);
    }
  return out;
}

/** The imports that go against the arrows, as sentences. */
function wrongArrows(found) {
  return found.filter(([file, , target]) => {
    const room = roomOf(file);
    return target && target !== room && !USES[room].includes(target);
  }).map(([file, spec, target]) => `${file} (${roomOf(file)}) imports ${spec} (${target})`);
}

const imports = () => importsOf(Object.fromEntries([...sources('js'), ...sources('web')].map((f) => [f, readFileSync(join(root, f), 'utf8')])));

test('every module of js/charts lives in a room (the root holds only index.js)', () => {
  const loose = readdirSync(join(root, 'js/charts'), { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  assert.deepEqual(loose, ['index.js']);
  for (const file of sources('js/charts')) assert.ok(roomOf(file) in USES, `${file} is in no known room`);
});

test('no room imports a room above it', () => {
  const found = imports();
  assert.ok(found.length > 200, `only ${found.length} imports found: the pattern is broken`);
  assert.deepEqual(wrongArrows(found), []);
});

test('the page imports nothing of the package by path, only by its exports', () => {
  const byPath = imports().filter(([file, spec]) => file.startsWith('web/') && spec.startsWith('.') && !spec.startsWith('./lib/') && !spec.startsWith('./'));
  assert.deepEqual(byPath.map(([file, spec]) => `${file}: ${spec}`), []);
});

test('the checker finds every kind of import and each wrong arrow', () => {
  assert.deepEqual(specifiers(`import { a } from './a.js';\nexport { b } from '../b.js';\nimport './c.js';\nconst d = await import('./d.js');\nimport * as e from 'posenc/charts';`),
    ['./a.js', '../b.js', './c.js', './d.js', 'posenc/charts']);
  const wrong = wrongArrows(importsOf({
    'js/charts/plots/lineplot.js': "import { create } from '../widgets/encoding.js';",
    'js/charts/canvas/draw.js': "const m = await import('../plots/heatmap.js');",
    'js/story/pairs.js': "import '../charts/canvas/theme.js';",
    'js/api.js': "export { encoding } from './charts/index.js';",
    'web/app.js': "import { init } from 'posenc/inline';\nimport { slider } from '../js/charts/kit/slider.js';",
  }));
  assert.deepEqual(wrong, [
    'js/charts/plots/lineplot.js (plots) imports ../widgets/encoding.js (widgets)',
    'js/charts/canvas/draw.js (canvas) imports ../plots/heatmap.js (plots)',
    'js/story/pairs.js (story) imports ../charts/canvas/theme.js (canvas)',
    'js/api.js (api) imports ./charts/index.js (charts)',
    'web/app.js (page) imports ../js/charts/kit/slider.js (kit)',
  ]);
});
