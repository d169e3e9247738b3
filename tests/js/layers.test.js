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
  math: ['api'],
  canvas: [],
  plots: ['canvas', 'math'],
  kit: ['canvas', 'math', 'api'],
  widgets: ['plots', 'kit', 'canvas', 'math', 'api'],
  charts: ['widgets', 'plots', 'kit', 'canvas', 'math', 'api'],
  elements: ['charts', 'api'],
  page: ['charts', 'api'],
};

/** The room of a file (a path from the repository's root), or null outside the rooms. */
export function roomOf(file) {
  const parts = file.split('/');
  if (parts[0] === 'web') return 'page';
  if (parts[0] !== 'js') return null;
  if (parts.length === 2) return { 'elements.js': 'elements' }[parts[1]] ?? 'api';
  if (parts[1] === 'math') return 'math';
  if (parts[1] === 'charts') return parts.length === 3 ? 'charts' : parts[2];
  return null;
}

// What a bare specifier of the package's own name stands for.
const SELF = { posenc: 'api', 'posenc/inline': 'api', 'posenc/charts': 'charts' };

function* sources(dir) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.js')) yield path;
  }
}

/** Every import of every module of js/ and web/: [file, specifier, room of the target]. */
function imports() {
  const out = [];
  for (const file of [...sources('js'), ...sources('web')]) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const [, spec] of text.matchAll(/(?:^|\s)(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]/gm)) {
      if (!spec) continue;
      const target = spec.startsWith('.') ? roomOf(relative(root, resolve(dirname(join(root, file)), spec))) : SELF[spec];
      out.push([file, spec, target]);
    }
  }
  return out;
}

test('every module of js/charts lives in a room (the root holds only index.js)', () => {
  const loose = readdirSync(join(root, 'js/charts'), { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  assert.deepEqual(loose, ['index.js']);
  for (const file of sources('js/charts')) assert.ok(roomOf(file) in USES, `${file} is in no known room`);
});

test('no room imports a room above it', () => {
  const found = imports();
  assert.ok(found.length > 200, `only ${found.length} imports found: the pattern is broken`);
  const wrong = found.filter(([file, , target]) => {
    const room = roomOf(file);
    return target && target !== room && !USES[room].includes(target);
  }).map(([file, spec, target]) => `${file} (${roomOf(file)}) imports ${spec} (${target})`);
  assert.deepEqual(wrong, []);
});

test('the page imports nothing of the package by path, only by its exports', () => {
  const byPath = imports().filter(([file, spec]) => file.startsWith('web/') && spec.startsWith('.') && !spec.startsWith('./lib/') && !spec.startsWith('./'));
  assert.deepEqual(byPath.map(([file, spec]) => `${file}: ${spec}`), []);
});

test('the checker sees a wrong arrow (a plot importing a widget, canvas importing a plot)', () => {
  assert.equal(roomOf('js/charts/plots/lineplot.js'), 'plots');
  assert.ok(!USES.plots.includes('widgets') && !USES.canvas.includes('plots') && !USES.math.includes('canvas'));
  assert.equal(roomOf('js/api.js'), 'api');
  assert.equal(roomOf('web/lib/controls.js'), 'page');
});
