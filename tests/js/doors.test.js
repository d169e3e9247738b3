// doors.js, the story's first script (scripts/build-site.js doors): which old links go to the
// workbench, run on the real pages' HTML with every link the story's "old links" test knew. The
// browser test (tests/browser/story.test.js) loads one link of each kind; this file checks every
// name, hash and key group, each in a fresh context standing in for a page load.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { doors } from '../../scripts/build-site.js';

const page = (name) => readFileSync(new URL(`../../web/${name}`, import.meta.url), 'utf8');
const script = await doors(page('index.html'), page('workbench.html'));

/**
 * Runs doors.js for a story address (search and hash): where it sends the page (the address
 * given to location.replace, or null), and what it does later on the events it listens to.
 */
function visit(search = '', hash = '') {
  const location = { search, hash, replaced: null, replace(to) { this.replaced = to; } };
  const listeners = {};
  const main = { notes: [], prepend(note) { this.notes.push(note); } };
  const document = {
    createElement: (tag) => ({ tag, append(...parts) { this.parts = parts; } }),
    querySelector: (selector) => (selector === 'main' ? main : null),
  };
  vm.runInNewContext(script, { location, document, URLSearchParams, decodeURIComponent,
    addEventListener: (type, listener) => { listeners[type] = listener; } });
  return { location, listeners, main };
}

// The first page's views and the story's sections (a view's name, as old links have it, or a
// section's id): those on the workbench go there, the query kept.
const VIEWS = { clock: false, periods: false, 'why-10000': false, rotary: true, relative: true, images: true, codebases: true, proofs: true, variants: true };

test('view=: a name or section on the workbench goes there, the query kept; one on the story stays', () => {
  for (const [view, moved] of Object.entries(VIEWS)) {
    const search = `?view=${view}&enc.d=64`;
    assert.equal(visit(search).location.replaced, moved ? `workbench.html${search}` : null, view);
  }
});

test('a hash of a section that moved (the story\'s float32 digression among them) goes to the workbench, also when followed on the story', () => {
  for (const hash of ['#rotary', '#float32-story', '#g-ntk', '#proofs', '#model-files'])
    assert.equal(visit('?base=500', hash).location.replaced, `workbench.html?base=500${hash}`, hash);
  for (const hash of ['#order', '#why-10000', '#rotary-embeddings', '#g-rope', '#g-kernel', '#cite']) {  // #g-kernel: on both pages
    const { location, listeners } = visit('', hash);
    assert.equal(location.replaced, null, `${hash} is the story's`);
    location.hash = '#g-ntk';  // a link followed on the story
    listeners.hashchange();
    assert.equal(location.replaced, 'workbench.html#g-ntk', `${hash}, then #g-ntk`);
  }
  assert.equal(visit('', '#%E0%A4%A').location.replaced, null, 'a malformed escape: read as written, no such id');
});

test('keys alone: all of the workbench\'s views go there; any of the story\'s, or only shared settings, stay', () => {
  const cases = [
    ['?variants.d=32&variants.n=50', true],
    ['?family.numHeads=12', true],
    ['?enc.d=64&dots.d=64&lines.d=64&steps.d=6&clock.d=8&periods.d=64', false],
    ['?lines.dims=0,1,9&clock.k=-12.5', false],
    ['?base=500', false], ['?spacing=tensor2tensor', false], ['?layout=concatenated', false], ['?start=1000', false],
    ['?base=500&variants.d=32', true],  // a shared setting goes with the views
    ['', false],
  ];
  for (const [search, moved] of cases)
    assert.equal(visit(search).location.replaced, moved ? `workbench.html${search}` : null, search);
});

test('keys of both pages: the story stays and says, at its top, which views are on the workbench', () => {
  const { location, listeners, main } = visit('?enc.d=64&family.numHeads=12');
  assert.equal(location.replaced, null);
  listeners.DOMContentLoaded();
  const [note] = main.notes;
  assert.deepEqual([note.tag, note.className], ['p', 'doors-note']);
  assert.equal(note.role, 'status');
  assert.equal(note.parts[0], 'This link also sets views that are now on the workbench (family): ');
  assert.deepEqual([note.parts[1].tag, note.parts[1].href, note.parts[1].textContent, note.parts[2]], ['a', 'workbench.html?enc.d=64&family.numHeads=12', 'open them there', '.']);
  assert.equal(visit('?enc.d=64').listeners.DOMContentLoaded, undefined, 'a story link: no note');
});
