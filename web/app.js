// The demo page: imports the package by name like any user's code, bundled into one classic
// script (build/site/app.bundle.js) with the wasm inlined (`posenc/inline`), so the built page
// also opens from file:// (where module scripts and fetch do not work). It binds the controls
// to the URL-backed state and redraws each view at most once per animation frame.
import { init } from 'posenc/inline';
import { forgetTheme } from './lib/draw.js';
import { PARAMS, State } from './lib/params.js';
import * as encoding from './views/encoding.js';
import * as dots from './views/dots.js';
import * as lines from './views/lines.js';
import * as steps from './views/steps.js';
import * as clock from './views/clock.js';
import * as periods from './views/periods.js';
import * as verify from './views/verify.js';
import * as variants from './views/variants.js';

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

  // Views, redrawn once per frame at most, only when a parameter they use changed.
  const modules = { encoding, dots, lines, steps, clock, periods, verify, variants };
  const views = Object.entries(modules).map(([name, view]) => ({ name, ...view.mount({ pe, state, scheme, message }) }));
  // Pending redraws run in animation frames, visible views first; a frame stops taking jobs
  // after ~10 ms and leaves the rest to the next one, so a change that redraws every view at
  // its largest size is spread over frames instead of blocking the page in one long task.
  const pending = new Set();
  const visible = new Set();
  let frame = 0;
  function schedule(view, how = 'render') {
    if (!view[how]) return;
    pending.add(`${view.name} ${how}`);
    frame ||= requestAnimationFrame(runPending);
  }
  function runPending() {
    frame = 0;
    const start = performance.now();
    const jobs = [...pending].sort((a, b) => visible.has(b.split(' ')[0]) - visible.has(a.split(' ')[0]));
    for (const job of jobs) {
      if (performance.now() - start > 10) break;
      pending.delete(job);
      const [name, kind] = job.split(' ');
      draw(views.find((v) => v.name === name), kind);
    }
    if (pending.size) frame = requestAnimationFrame(runPending);
  }
  const sightings = new IntersectionObserver((entries) => {
    for (const e of entries) visible[e.isIntersecting ? 'add' : 'delete'](e.target.id);
  });
  document.querySelectorAll('section.view').forEach((section) => sightings.observe(section));
  // Each redraw is timed as a Performance API measure, "render encoding", "resize dots", ...
  function draw(view, how = 'render') {
    const start = performance.now();
    try {
      view[how]();
      performance.measure(`${how} ${view.name}`, { start });
    } catch (error) {
      status.textContent = `Drawing failed: ${error.message}`;
      status.classList.add('error');
      console.error(error);
    }
  }
  state.addEventListener('change', ({ detail: { keys } }) => {
    for (const view of views) if (view.keys.some((k) => keys.includes(k))) schedule(view);
  });
  for (const view of views) if (view.render) draw(view);
  // Charts follow the page's width (its height changes as tables fill, which needs no redraw).
  let width = 0;
  new ResizeObserver(([entry]) => {
    if (entry.contentRect.width === width) return;
    width = entry.contentRect.width;
    views.forEach((v) => schedule(v, 'resize'));
  }).observe(document.querySelector('main'));
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    forgetTheme();
    views.forEach((v) => schedule(v, 'resize'));
  });

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
  views.find((v) => v.run).run();
}

main();
