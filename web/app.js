// The demo page: imports the package by name like any user's code, bundled into one classic
// script (build/site/app.bundle.js) with the wasm inlined (`posenc/inline`), so the built page
// also opens from file:// (where module scripts and fetch do not work).
//
// The story's sections hold placeholders, <div data-widget="nearRepeats" data-title="…">: each
// one whose name posenc/charts exports becomes that widget, with controls built from its rules
// and its values in the URL; a name the package does not have (yet) is removed, so a widget
// appears in the story as soon as the package has it. Views redraw at most once per frame.
import { init } from 'posenc/inline';
import * as charts from 'posenc/charts';
import { buildControls, viewBar } from './lib/controls.js';
import { groupOf, keyOf, keysOf, paramsFor, SHARED, State, valuesOf } from './lib/state.js';
import { bindModelForm } from './lib/model.js';
import { Scheduler } from './lib/scheduler.js';
import { followSections, scrollToView } from './lib/sections.js';
import { followSettings } from './lib/paper-note.js';

const isWidget = (m) => m && typeof m.create === 'function' && m.rules && typeof m.rules === 'object';

/**
 * The placeholders whose widget exists; the others are removed. { name: element }: a view's name
 * is its widget's, or its own `data-key` for a second view of one widget (the story's opening
 * figure is an encoding heatmap beside section 3's), whose values are then `<key>.<value>`.
 */
function placeholders() {
  const found = {};
  for (const el of document.querySelectorAll('[data-widget]')) {
    const name = el.dataset.key ?? el.dataset.widget;
    if (isWidget(charts[el.dataset.widget])) found[name] = el;
    else (el.closest('.view-block') ?? el).remove();
  }
  return found;
}

/** Ends the sections' content-visibility (style.css), one section per idle task. */
async function layOut(sections) {
  const idle = globalThis.requestIdleCallback ? (run) => requestIdleCallback(run, { timeout: 500 }) : (run) => setTimeout(run);
  for (const section of sections) await new Promise((resolve) => idle(() => resolve(section.classList.add('laid-out'))));
}

async function main() {
  const status = document.getElementById('status');
  let pe;
  try {
    pe = await ready;
    status.textContent = `Computed in your browser by WebAssembly (module ready in ${Math.round(moduleMs)} ms).`;
  } catch (error) {
    status.textContent = `Could not load the WebAssembly module: ${error.message}`;
    status.classList.add('error');
    status.hidden = false;
    throw error;
  }

  const mounts = placeholders();
  const widgets = Object.fromEntries(Object.entries(mounts).map(([name, root]) => [name, charts[root.dataset.widget]]));
  const sections = [...document.querySelectorAll('section.step')].map((s) => s.id);
  const state = new State(paramsFor(widgets, sections));
  const syncs = [];

  function message(name, text) {
    for (const out of document.querySelectorAll(`[data-message="${name}"]`)) out.textContent = text ?? '';
  }
  function apply(changes) {
    const messages = state.set(changes);
    for (const key of Object.keys(changes)) {
      for (const sync of syncs) sync(key);
      message(groupOf(key), messages.find((m) => groupOf(m.key) === groupOf(key))?.message);
    }
  }

  // Digressions are folded; a link to one (#float32-story) or to its view's values opens it.
  for (const details of document.querySelectorAll('details.digression')) {
    const keys = [...details.querySelectorAll('[data-widget]')].map((w) => `${w.dataset.widget}.`);
    if (location.hash === `#${details.id}` || [...new URLSearchParams(location.search).keys()].some((k) => keys.some((p) => k.startsWith(p))))
      details.open = true;
  }

  // The header's settings panel floats over the text: Escape closes it (focus back on its
  // summary), and so does a click outside it.
  const settings = document.querySelector('details.settings');
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !settings.open) return;
    settings.open = false;
    settings.querySelector('summary').focus();
  });
  document.addEventListener('pointerdown', (e) => { if (settings.open && !e.composedPath().includes(settings)) settings.open = false; });

  // The header's shared settings.
  const globals = document.querySelector('form.globals');
  globals.addEventListener('submit', (e) => e.preventDefault());
  syncs.push(buildControls(globals.querySelector('.fields'), {
    keys: Object.fromEntries(SHARED.filter((key) => key in state.params).map((k) => [k, k])), view: 'every view', state, apply,
  }));
  // Ids of the first page (#base, #spacing, #layout) for scripts and tests that use them.
  for (const el of globals.querySelectorAll('[data-param]:not([type=range])')) el.id = el.dataset.param;
  const summary = document.getElementById('scheme-summary');
  const summarise = () => {
    summary.textContent = `base ${charts.number(Number(state.get('base')))} · ${state.get('spacing')} · ${state.get('layout')}`;
    summary.parentElement.title = `Settings of every chart: ${summary.textContent}`;
  };
  summarise();
  state.addEventListener('change', summarise);
  followSettings(state);

  // The first drawing begins now: each view is drawn as soon as it is built (scheduler.js), the
  // views whose own keys the link sets (not the shared base, spacing, layout) right after the
  // visible ones, and the page scrolls to the link's section as soon as those are drawn; then
  // it follows the reader, and is `ready` once every view is drawn and the sections laid out.
  const scheduler = new Scheduler((error) => {
    status.textContent = `Drawing failed: ${error.message}`;
    status.classList.add('error');
    console.error(error);
  });
  const given = new URLSearchParams(location.search);
  scheduler.begin((view) => view.keys.some((k) => !SHARED.includes(k) && given.has(k)));
  const views = [];
  state.addEventListener('change', ({ detail: { keys } }) => {
    for (const view of views) if (view.keys.some((k) => keys.includes(k))) scheduler.schedule(view);
  });
  // Views drawn after the scroll change the heights above the section: it is scrolled to once
  // more at the end, unless the reader has scrolled, typed or tapped meanwhile.
  const reader = new AbortController();
  let moved = false;
  for (const type of ['wheel', 'touchmove', 'keydown', 'pointerdown'])
    addEventListener(type, () => { moved = true; }, { passive: true, signal: reader.signal });

  // A config of a model without rotary embeddings (ALiBi, T5, …) in the rotary box: the family's
  // view draws that config (its model 'custom', the same text), and a rotary one in the family's
  // box goes the other way. The message under the box links to the view that draws it.
  const handOff = (from, to, changes, section, title) => document.querySelector(`[data-widget="${from}"]`)?.addEventListener('posenc-scheme', ({ detail, target }) => {
    if (!changes(detail)) return;
    const given = Object.fromEntries(Object.entries({ ...changes(detail), config: state.get(keyOf(from, 'config')) }).map(([v, x]) => [keyOf(to, v), x]));
    const differ = Object.fromEntries(Object.entries(given).filter(([key, x]) => state.get(key) !== x));
    if (Object.keys(differ).length) apply(differ);
    const link = Object.assign(document.createElement('a'), { href: `#${section}`, textContent: `Show it in “${title}”` });
    target.querySelector('.config .message')?.append(' ', link);
  });
  handOff('ropeScaling', 'family', (detail) => detail.values, 'relative', 'Later models');
  handOff('family', 'ropeScaling', (detail) => detail.kind === 'rope' && { preset: 'custom' }, 'rotary', "Rotary embeddings in a model's config");
  // Each widget: its controls (all its values but the shared ones, or those in data-controls)
  // and presets, then the widget fed the page's state. Built a few at a time, each batch a task
  // of ~10 ms: built at once (forty controls and seventeen charts) they were one task of 50–80 ms.
  // The first batch is short (~3 ms: the first view or two, less to lay out before the first
  // chart) and its views in sight are drawn before the next batch is built.
  let batch = performance.now(), first = true;
  for (const [name, root] of Object.entries(mounts)) {
    if (views.length && performance.now() - batch > (first ? 3 : 8)) {  // at least one view a batch
      await (first ? scheduler.drawnInSight() : new Promise((resolve) => setTimeout(resolve)));
      first = false;
      batch = performance.now();
    }
    const widget = widgets[name], title = root.dataset.title ?? name;
    const shown = root.dataset.controls?.split(',').filter(Boolean) ?? Object.keys(widget.rules).filter((v) => !SHARED.includes(keyOf(name, v)));
    const keys = Object.fromEntries(shown.filter((v) => v in widget.rules).map((v) => [v, keyOf(name, v)]));
    syncs.push(viewBar(root, { keys, view: title, presets: root.dataset.presets, message: groupOf(Object.values(keys)[0] ?? name), state, apply }));
    root.id ||= name;
    // A static image in its place until now (the opening figure, drawn at build time): the view
    // replaces it.
    root.replaceChildren();
    // The page builds every widget's controls itself (above), so widgets hide their own; a value
    // the reader changes inside a widget (a pasted config) goes into the state, so the URL keeps it.
    const view = widget.create(root, pe, { id: name, controls: false, ...(root.dataset.examples && { examples: JSON.parse(root.dataset.examples) }) });
    // A figure without save buttons (data-exports="none": the opening's picture of the idea).
    if (root.dataset.exports === 'none') for (const bar of root.querySelectorAll(':scope > .exports')) bar.hidden = true;
    root.addEventListener('posenc-values', ({ detail }) => apply(Object.fromEntries(Object.entries(detail).map(([v, x]) => [keyOf(name, v), x]))));
    views.push({ name, title, rules: widget.rules, root, keys: keysOf(name, widget), render: () => view.update(valuesOf(name, widget, state)) });
    scheduler.add(views.at(-1));
  }
  bindModelForm(document.querySelector('form.model'), { views, params: state.params, apply, state });
  // The settings say exactly which views they change: those that take the shared values.
  const takes = (view, key) => Object.keys(view.rules).some((v) => keyOf(view.name, v) === key);
  const untouched = views.filter((view) => !SHARED.some((key) => takes(view, key))).map((view) => `“${view.title}”`);
  const ownBase = views.filter((view) => 'base' in view.rules && !takes(view, 'base')).map((view) => `“${view.title}”`);
  const except = [untouched.length && `${untouched.join(' or ')}, which draw from their own inputs`, ownBase.length && `the base of ${ownBase.join(', ')}, whose subject it is`];
  globals.querySelector('.hint').textContent = `These settings change every view that draws the encoding from them${except.some(Boolean) ? `; not ${except.filter(Boolean).join(', nor ')}` : ''}.`;
  for (const { key, message: text } of state.messages) message(groupOf(key), text);

  await scheduler.drawAll(() => scrollToView(state));
  reader.abort();
  if (!moved) scrollToView(state);
  followSections(state);
  await layOut(document.querySelectorAll('section.step'));
  document.body.dataset.ready = 'true';
  checkClaims(pe);
}

// The story's one line on the proofs (the workbench shows them in full): the sources' claims
// checked once the page is ready, a claim per task.
async function checkClaims(pe) {
  const line = document.getElementById('story-verify');
  if (!line) return;
  let held = 0, failed = [];
  for await (const result of charts.runChecks(pe)) {
    if (result.pass) held++;
    else failed.push(result.claim);
  }
  const total = held + failed.length;
  // (A check passes when posenc's numbers agree with what it expects: where a source went wrong,
  // the check expects the correction, and the errata say so.)
  line.textContent = failed.length === 0 ? `${total} checks of the sources' claims run in your browser: all pass (what the sources got wrong is in the errata)`
    : `${total} checks of the sources' claims run in your browser: ${held} pass, ${failed.length} ${failed.length === 1 ? 'fails' : 'fail'} (${failed.join('; ')})`;
  line.dataset.done = 'true';
}

// The module is compiled and instantiated while the page finishes loading (the compilation runs
// off the main thread; started in main(), it kept the first chart waiting 15–35 ms after `load`),
// without init's warm-up, as the elements do (js/elements.js says why). main() runs in a task
// of its own: the script's evaluation and the parser's last layout were one task with it.
const started = performance.now();
let moduleMs = 0;
const ready = init({ warmUp: false }).finally(() => { moduleMs = performance.now() - started; });
ready.catch(() => {});  // reported by main()
setTimeout(main);
