// In the page (served at the site's root as __fuzz.js, a module, with tests/random.js as
// random.js: '../random.js' resolves there from the root, and to tests/random.js in Node):
// seeded rounds that change what a reader or a blogger can change, for fuzz.test.js (Chromium, in
// npm test) and tests/soak/soak.js (WebKit and Chromium, npm run soak). Each function returns its
// counts; errors are collected by the hook script (hook.js) like any other page error.
import { random } from '../random.js';

// Values no rule expects: numbers out of every range, text that must never run, long, broken.
// A value that ran would set window.__posencExecuted (under the test's CSP it is reported first).
export const HOSTILE = ['', ' ', 'NaN', '-0', '1e308', '-1e308', 'Infinity', '-Infinity', '-1', '0.5', '5e-324',
  '0x10', '１２', ' 64 ', '1,2,,3', 'null', 'undefined', '__proto__', 'constructor', 'x'.repeat(10_000),
  '<script>window.__posencExecuted = true</script>', '<img src=x onerror="window.__posencExecuted = true">',
  '"><svg onload="window.__posencExecuted = true">', '{"__proto__": {"polluted": true}}', '[[[[[[[[', '\u0000\uffff'];

/** A value for an attribute or input of this rule (posenc/charts rules): mostly sensible, often hostile. */
export function valueFor(r, rule = {}) {
  if (r.chance(0.3)) return r.pick(HOSTILE);
  if (rule.choices) return r.pick(rule.choices);
  if (rule.list) return Array.from({ length: 1 + r.int(6) }, () => r.int(2000) - 100).join(', ');
  if (rule.text) return r.pick(['{}', '{"rope_theta": 500000}', '{"rope_scaling": {"rope_type": "yarn", "factor": 4}}', 'not json']);
  const min = Number.isFinite(rule.min) ? rule.min : 0, max = Number.isFinite(rule.max) ? rule.max : 4096;
  // Sizes spread over their range's orders of magnitude; the ends now and then.
  if (r.chance(0.15)) return String(r.pick([min, max]));
  const value = min >= 0 && max / Math.max(1, min) > 100
    ? Math.round(Math.exp(Math.log(Math.max(1, min)) + r() * (Math.log(max) - Math.log(Math.max(1, min)))))
    : min + r() * (max - min);
  return String(rule.integer || rule.even ? Math.round(value) : value);
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const posencElements = () => [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('posenc-') && e.constructor.widget);
/** The posenc elements that take attributes (their widget has rules). */
const withAttributes = () => posencElements().filter((e) => Object.keys(e.constructor.widget.rules).length);
const drawn = (elements) => elements.reduce((sum, e) => sum + Number(e.dataset.rendered ?? 0), 0);

/**
 * `rounds` changes of posenc elements' attributes: set to a valueFor its rule, or removed; now
 * and then one of its attributes removed a frame into the redraw the change asked for (mid-draw).
 * Returns { rounds, draws, removed, midDraw }.
 */
export async function attributes({ seed, rounds }) {
  const r = random(seed), elements = withAttributes();
  const counts = { rounds, draws: 0, removed: 0, midDraw: 0 };
  const before = drawn(elements);
  for (let round = 0; round < rounds; round++) {
    const element = r.pick(elements), { rules } = element.constructor.widget;
    const key = r.pick(Object.keys(rules)), name = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    if (r.chance(0.1)) {
      element.removeAttribute(name);
      counts.removed++;
    } else element.setAttribute(name, valueFor(r, rules[key]));
    if (r.chance(0.1)) {
      // Mid-draw: a frame into the redraw this change asked for, when a large chart is still
      // drawing (its bands run over several frames), one of the element's attributes goes.
      await frame();
      // A blogger's attribute (not style or class, nor the element's own data-rendered: counted)
      element.removeAttribute(r.pick(element.getAttributeNames().filter((a) => a !== 'style' && a !== 'class' && !a.startsWith('data-'))) ?? name);
      counts.midDraw++;
    }
    if (r.chance(0.5)) await frame();
  }
  await frame();
  await frame();
  counts.draws = drawn(elements) - before;
  return counts;
}

/**
 * `rounds` changes of the page's own controls (range and number inputs, selects, checkboxes in
 * its control bars; only the sliders with `ranges`), each followed by the events a reader's change
 * fires. Returns { rounds, changes }.
 */
export async function controls({ seed, rounds, ranges = false }) {
  const r = random(seed);
  const inputs = [...document.querySelectorAll('.controls input, .controls select, .settings input, .settings select')]
    .filter((i) => !i.disabled && i.type !== 'file' && i.type !== 'hidden' && (!ranges || i.type === 'range'));
  let changes = 0;
  for (let round = 0; round < rounds; round++) {
    const input = r.pick(inputs);
    if (input.localName === 'select') input.selectedIndex = r.int(input.options.length);
    else if (input.type === 'checkbox' || input.type === 'radio') input.checked = !input.checked;
    else if (input.type === 'range') {
      const min = Number(input.min || 0), max = Number(input.max || 100);
      input.value = String(r.chance(0.2) ? r.pick([min, max]) : min + r() * (max - min));
    } else input.value = valueFor(r, { min: Number(input.min), max: Number(input.max), integer: true });
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
    changes++;
    if (r.chance(0.5)) await frame();
  }
  await frame();
  return { rounds, changes };
}

/** How often each posenc element with attributes has drawn since the page loaded: [fewest, most]. */
export function redrawRange() {
  const counts = withAttributes().map((e) => Number(e.dataset.rendered ?? 0));
  return [Math.min(...counts), Math.max(...counts)];
}

/** Every posenc element's tag on the page, with the attributes it has here. */
export function elementTemplates() {
  return posencElements().map((e) => ({ tag: e.localName, attributes: Object.fromEntries(e.getAttributeNames().map((a) => [a, e.getAttribute(a)])) }));
}

/**
 * `cycles` mounts and unmounts of every element of `templates` at once, in a box of its own:
 * mounted (each builds its view once the module is ready: a microtask), drawn every `drawEvery`
 * cycles (two frames), removed (each releases its view). Returns { cycles, mounts, draws }.
 */
export async function lifecycle({ templates, cycles, drawEvery = 1 }) {
  // At the top of the page, in view: an element draws for the first time near the viewport.
  const box = document.body.insertBefore(document.createElement('div'), document.body.firstChild);
  scrollTo(0, 0);
  let mounts = 0, draws = 0;
  for (let cycle = 0; cycle < cycles; cycle++) {
    const elements = templates.map(({ tag, attributes }) => {
      const element = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      return box.appendChild(element);
    });
    mounts += elements.length;
    await null;
    await null;
    if (cycle % drawEvery === 0) {
      await frame();
      await frame();
      draws += drawn(elements);
    }
    box.replaceChildren();
  }
  box.remove();
  return { cycles, mounts, draws };
}

/**
 * The elements' wasm memory (posenc/elements' shared instance: the post's own module URL, so the
 * same instance): { heapBytes, allocatedBytes }.
 */
export async function elementsMemory() {
  const { posenc } = await import('./posenc/dist/elements.js');
  return (await posenc()).memory();
}

/** Canvases whose pixels are all one colour (nothing drawn), by their host or id. */
export function blankCanvases() {
  const roots = [document, ...posencElements().map((e) => e.shadowRoot)];
  return roots.flatMap((root) => [...root.querySelectorAll('canvas')]).filter((c) => {
    if (!c.width || !c.height || !c.checkVisibility?.() && c.offsetParent === null) return false;
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    for (let i = 4; i < data.length; i += 4)
      if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2] || data[i + 3] !== data[3]) return false;
    return true;
  }).map((c) => c.id || c.getRootNode().host?.localName);
}

if (typeof window === 'object') window.__posencFuzz = { attributes, controls, lifecycle, redrawRange, elementTemplates, elementsMemory, blankCanvases };
