// The demo page: imports the package by name like any user's code, bundled into one classic
// script (build/site/app.bundle.js) with the wasm inlined (`posenc/inline`), so the built page
// also opens from file:// (where module scripts and fetch do not work). It binds the controls
// to the URL-backed state and redraws each view at most once per animation frame.
import { init } from 'posenc/inline';
import { keysOf, PARAMS, State, valuesOf, VIEWS } from './lib/state.js';

async function main() {
  const status = document.getElementById('status');
  let pe;
  try {
    const started = performance.now();
    pe = await init();
    status.textContent = `WebAssembly module ready in ${Math.round(performance.now() - started)} ms.`;
  } catch (error) {
    status.textContent = `Could not load the WebAssembly module: ${error.message}`;
    status.classList.add('error');
    throw error;
  }

  const state = new State();
  const scheme = () => ({ base: state.get('base'), spacing: state.get('spacing'), layout: state.get('layout') });
  const group = (key) => (key.includes('.') ? key.split('.')[0] : 'globals');

  function message(name, text) {
    const out = document.querySelector(`[data-message="${name}"]`);
    if (out) out.textContent = text ?? '';
  }

  // Controls: every element with data-param edits that parameter; values are coerced to the
  // parameter's rule and a message says so when the value had to change.
  const controls = [...document.querySelectorAll('[data-param]')];
  function sync(key) {
    for (const el of controls) if (el.dataset.param === key) el.value = state.get(key);
  }
  function apply(changes) {
    const messages = state.set(changes);
    for (const key of Object.keys(changes)) {
      sync(key);
      message(group(key), messages.find((m) => group(m.key) === group(key))?.message);
    }
  }
  for (const el of controls) {
    const key = el.dataset.param, rule = PARAMS[key];
    if ('min' in rule) Object.assign(el, { min: rule.min, max: rule.max });
    if (el.type === 'number' || el.type === 'range')
      el.step = rule.even ? 2 : rule.integer ? 1 : el.type === 'range' ? rule.sliderStep ?? 'any' : 'any';
    el.value = state.get(key);
    if (el.type === 'range' || el.tagName === 'SELECT') el.addEventListener('input', () => apply({ [key]: el.value }));
    else {
      // While typing, take only values that are already valid; the rest on Enter or leaving.
      el.addEventListener('input', () => {
        const v = Number(el.value);
        if (el.type === 'number' && el.value !== '' && v >= rule.min && v <= rule.max && (!rule.even || v % 2 === 0)
          && (!rule.integer || Number.isInteger(v))) apply({ [key]: el.value });
      });
      el.addEventListener('change', () => apply({ [key]: el.value }));
    }
  }
  document.querySelector('form.globals').addEventListener('submit', (e) => e.preventDefault());
  for (const button of document.querySelectorAll('[data-preset]'))
    button.addEventListener('click', () => apply(Object.fromEntries(new URLSearchParams(button.dataset.preset))));
  for (const { key, message: text } of state.messages) message(group(key), text);

  // Views: each a posenc/charts widget in its section, fed the page's state; the widget
  // redraws itself on resize and when the colours change.
  const views = Object.entries(VIEWS).map(([name, { widget }]) => {
    const view = widget.create(document.querySelector(`#${name} .widget`), pe, { id: name });
    return { name, keys: keysOf(name), render: () => view.update(valuesOf(name, state)) };
  });
  // Pending redraws run in animation frames, visible views first; a frame stops taking jobs
  // after ~10 ms and leaves the rest to the next one, so a change that redraws every view at
  // its largest size is spread over frames instead of blocking the page in one long task.
  const pending = new Set();
  const visible = new Set();
  let frame = 0;
  function schedule(view) {
    pending.add(view.name);
    frame ||= requestAnimationFrame(runPending);
  }
  function runPending() {
    frame = 0;
    const start = performance.now();
    const jobs = [...pending].sort((a, b) => visible.has(b) - visible.has(a));
    for (const name of jobs) {
      if (performance.now() - start > 10) break;
      pending.delete(name);
      draw(views.find((v) => v.name === name));
    }
    if (pending.size) frame = requestAnimationFrame(runPending);
  }
  const sightings = new IntersectionObserver((entries) => {
    for (const e of entries) visible[e.isIntersecting ? 'add' : 'delete'](e.target.id);
  });
  document.querySelectorAll('section.view').forEach((section) => sightings.observe(section));
  // Each redraw is timed as a Performance API measure, "render encoding", "render dots", ...
  function draw(view) {
    const start = performance.now();
    try {
      view.render();
      performance.measure(`render ${view.name}`, { start });
    } catch (error) {
      status.textContent = `Drawing failed: ${error.message}`;
      status.classList.add('error');
      console.error(error);
    }
  }
  state.addEventListener('change', ({ detail: { keys } }) => {
    for (const view of views) if (view.keys.some((k) => keys.includes(k))) schedule(view);
  });
  for (const view of views) draw(view);

  // The view in the URL: scroll there on load; follow the reader as they scroll.
  const navLinks = [...document.querySelectorAll('nav a')];
  if (state.get('view') !== PARAMS.view.def && !location.hash) document.getElementById(state.get('view')).scrollIntoView();
  const observer = new IntersectionObserver((entries) => {
    const visible = entries.filter((e) => e.isIntersecting).sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0];
    if (!visible) return;
    for (const a of navLinks) a.setAttribute('aria-current', String(a.dataset.view === visible.target.id));
    state.set({ view: visible.target.id });
  }, { rootMargin: '-30% 0px -60% 0px' });
  document.querySelectorAll('section.view').forEach((s) => observer.observe(s));

  document.body.dataset.ready = 'true';
}

main();
