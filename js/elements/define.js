// The machinery of posenc's elements (docs/elements.md): each element is a thin adapter of its
// widget (./charts/): its attributes are the widget's values. js/elements.js defines every
// element with it; a post's own script (`posenc post --elements`) only the ones it uses.
// Habits of github's relative-time-element: attributes are the state, getters are pure,
// attribute changes schedule one redraw, disconnecting releases everything.
import { init } from 'posenc/inline';
import { WIDGET_CSS } from '../charts/canvas/theme.js';
import { printing } from '../charts/canvas/draw.js';
import { coerce, attributeOf as kebab } from '../charts/kit/params.js';
import { paintApart } from '../charts/kit/slices.js';
import { NEAR_VIEWPORT } from '../charts/kit/widget.js';

// The host box; a page sizes and restyles it with CSS on the element
// (`posenc-encoding { height: 240px; --accent: teal }`) or on any ancestor.
const HOST_CSS = `
:host {
  display: block; position: relative; box-sizing: border-box; height: auto; min-height: 120px; margin: 1em 0;
  contain: layout style; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
:host([hidden]) { display: none; }
@media print { :host { height: auto !important; break-inside: avoid; } .posenc-widget { height: auto !important; } }
.posenc-widget { display: block; height: auto; }
/* Before its first drawing the element shows its fallback (an image from \`posenc post\`), fitted to its box. */
::slotted(img) { max-width: 100%; max-height: 100%; height: auto; object-fit: contain; }
.posenc-widget > .chart, .posenc-widget > .pair { flex: 1 1 0; min-height: 60px; }
.pair > div { display: flex; flex-direction: column; min-height: 0; }
.pair .chart { flex: 1 1 0; min-height: 60px; }
/* A phone's column fits the conventions' table. */
:host(posenc-conventions) td.text { min-width: 8rem; }
`;

/**
 * The host's size, as its widget declares it (`size`): a view that fills a box of `height`
 * (a page restyles it with height), or one that sizes to its content, with the height of its
 * charts (`chart`, or `pairChart` for the charts side by side) and of its tall scroll region.
 */
function sizeCss(tag, { height, chart, pairChart, scroll } = {}) {
  return [
    height && `:host(${tag}) { height: ${height}; }\n:host(${tag}) .posenc-widget { display: flex; flex-direction: column; height: 100%; }`,
    pairChart && `:host(${tag}) .pair .chart { height: ${pairChart}; flex: none; }`,
    chart && `:host(${tag}) .chart { height: ${chart}; flex: none; }`,
    scroll && `:host(${tag}) .scroll.tall { height: ${scroll}; }`,
  ].filter(Boolean).join('\n');
}
let boxesCss = '';  // the defined elements' boxes (defineElements)

let sheet;
let ready;
/**
 * The one wasm instance every element shares, also for a post's own numbers (`posenc/elements`
 * exports it: no second instance). Without init's warm-up: it would delay every
 * first chart by 20–40 ms, and a chart's large work runs in slices of a few ms anyway (kernel
 * windows, row bands), during which V8 optimizes the kernels it uses.
 */
export const posenc = () => (ready ??= init({ warmUp: false }).then((pe) => (instance = pe)));
let instance = null;  // the instance once started: print draws with it at once

// Where there is no DOM (Node, a static site generator's server-side render), importing this
// module defines nothing and throws nothing; the browser's copy defines the elements, and
// elements already in the page or placed later by a client-side router upgrade then.
const HAS_DOM = typeof HTMLElement === 'function' && typeof customElements === 'object';

// A post's elements draw for the first time one after another, each in tasks of its own: the
// widget built and updated with its charts' painting held back, then each chart's painting. In
// one animation frame, the five elements of the example post (web/embed-example.html) were one
// task of 110–230 ms on a first visit: every first painting runs code that has never run.
let firstDrawings = Promise.resolve();

// An element draws for the first time when it nears the viewport (within one viewport's height),
// as a lazy image loads: a phone spends nothing on charts its reader never scrolls to, and the
// work of the charts below the fold stays out of the post's loading (the example post's verify
// checks were three tasks of 20–40 ms there). One observer for every element.
let observer = null;
const viewportObserver = () => (observer ??= new IntersectionObserver((entries) => {
  for (const { target, isIntersecting } of entries) if (isIntersecting) target.sighted();
}, NEAR_VIEWPORT));

// Print draws every element not drawn yet, now: nothing runs between beforeprint and printing.
// Registered before any widget's own print listeners, so print resolution is set here first,
// and cleared after even where no widget was drawn (printed before the wasm started).
const undrawn = new Set();  // connected elements not drawn yet
if (typeof addEventListener === 'function') {
  addEventListener('beforeprint', () => {
    printing(true);
    for (const element of undrawn)
      try {
        element.drawNow();
      } catch (error) {
        setTimeout(() => { throw error; });  // the next elements still draw
      }
  });
  addEventListener('afterprint', () => printing(false));
}

class PosencElement extends (HAS_DOM ? HTMLElement : class {}) {
  /** The widget module (rules, create) of this element. */
  static widget = null;

  static get observedAttributes() {
    return [...Object.keys(this.widget.rules).map(kebab), 'loading'];
  }

  /** 'eager': draw at once, wherever the element is (a figure at the top of a post, a screenshot
   * tool); 'lazy' (the default): when it nears the viewport. Reflects the attribute, as <img>'s. */
  get loading() {
    return this.getAttribute('loading') === 'eager' ? 'eager' : 'lazy';
  }

  set loading(value) {
    this.setAttribute('loading', String(value));
  }

  constructor() {
    super();
    // The element's own content is its fallback (an <img> of the chart, or text) for readers
    // without JavaScript and feeds (docs/blogging.md); the shadow root shows it (a <slot>) until
    // the first drawing takes its place.
    const root = this.attachShadow({ mode: 'open' });
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(`${WIDGET_CSS}${HOST_CSS}${boxesCss}`);
    root.adoptedStyleSheets = [sheet];  // no <style> element: works under style-src 'self'
    root.append(document.createElement('slot'));  // the fallback, until the first drawing
    Object.assign(this, { frame: 0, first: null, drawn: false, changed: false });
  }

  connectedCallback() {
    posenc().catch((error) => this.failed(error));  // the wasm starts at once; the drawing waits
    undrawn.add(this);
    if (Object.hasOwn(this, 'loading')) {  // set before the element was defined
      const value = this.loading;
      delete this.loading;
      this.loading = value;
    }
    if (this.loading === 'eager') this.sighted();
    else viewportObserver().observe(this);
    // Properties set before the element was defined (an own property shadowing the accessor),
    // last: a value whose String() throws is reported as the setter reports it, and the element
    // still draws, with its attributes.
    for (const key of Object.keys(this.constructor.widget.rules))
      if (Object.hasOwn(this, key)) {
        const value = this[key];
        delete this[key];
        if (value !== undefined && value !== null) this[key] = value;
      }
  }

  /** Near the viewport: the first drawing is queued, once the wasm has started. */
  sighted() {
    viewportObserver().unobserve(this);
    posenc().then((pe) => {
      if (this.isConnected && !this.view && !this.first) this.drawFirst(pe);
    }, () => {});
  }

  /**
   * Draws at once, if not drawn yet (print): the queued first drawing is cancelled. Not a widget
   * whose drawing ends in later tasks (<posenc-verify>'s checks): it would print half done, so
   * its fallback (posenc post's table of results) is printed.
   */
  drawNow() {
    if (!instance || this.drawn || this.constructor.widget.finishesLater) return;
    this.first?.cancel();
    this.first = null;
    try {
      if (!this.view) this.build(instance);
      this.update();
      this.firstDone();
    } catch (error) {
      this.firstFailed(error);
    }
  }

  /** The element's own content (its fallback image or text) shows under the message. */
  failed(error) {
    const message = Object.assign(document.createElement('p'), { textContent: `posenc could not start: ${error.message}` });
    this.shadowRoot.replaceChildren(message, document.createElement('slot'));
  }

  disconnectedCallback() {
    undrawn.delete(this);
    observer?.unobserve(this);
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.first?.cancel();
    Object.assign(this, { first: null, drawn: false, changed: false });
    this.view?.destroy();
    this.view = null;
    this.shadowRoot.replaceChildren(document.createElement('slot'));
  }

  // Also when an attribute is set to the value it had: setting `preset` again is how a page
  // brings back a preset after the reader typed a config of their own.
  attributeChangedCallback(name, old, value) {
    if (name !== 'loading') return this.schedule();
    if (value === 'eager' && this.isConnected && !this.view) this.sighted();  // made eager while waiting: now
  }

  /** The raw attribute values, by widget value name (the widget coerces them). */
  rawValues() {
    return Object.fromEntries(Object.keys(this.constructor.widget.rules).map((key) => [key, this.getAttribute(kebab(key))]));
  }

  /**
   * After the first drawing, one redraw per animation frame at most, however many attributes
   * changed. Before it, the first drawing reads the attributes when its turn comes; a change
   * once it has read them is drawn after it.
   */
  schedule() {
    if (!this.drawn) {
      if (this.view) this.changed = true;
      return;
    }
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.update();
      this.counted();
    });
  }

  update() {
    this.view.update(this.rawValues());
    // <posenc-verify>: data-done="true" once its checks have run.
    this.view.run?.().then(() => { this.dataset.done = 'true'; });
  }

  /** data-rendered: how many times the element has drawn (its first drawing once painted). */
  counted() {
    this.dataset.rendered = String(Number(this.dataset.rendered ?? 0) + 1);
  }

  /**
   * Queues the first drawing behind the other elements' (see firstDrawings): the widget is
   * built and updated in one task (no reader can type into a box the update then overwrites),
   * and each chart is painted in a task after.
   */
  drawFirst(pe) {
    const first = this.first = { cancel() {} };
    firstDrawings = firstDrawings.then(() => new Promise((resolve) => {
      if (this.first !== first) return resolve();  // disconnected while queued
      const job = paintApart(() => {
        this.build(pe);
        this.update();
      }, { later: true });
      first.cancel = () => {
        job.cancel();
        resolve();
      };
      job.done.then(() => {
        this.firstDone();
        resolve();
      }, (error) => {
        this.firstFailed(error);
        resolve();
      });
    }));
  }

  build(pe) {
    this.shadowRoot.replaceChildren(document.createElement('div'));
    this.view = this.constructor.widget.create(this.shadowRoot.firstChild, pe, { name: (key) => kebab(key) });
  }

  firstDone() {
    this.first = null;
    this.drawn = true;
    undrawn.delete(this);
    observer?.unobserve(this);
    this.counted();
    if (this.changed) {
      this.changed = false;
      this.schedule();
    }
  }

  firstFailed(error) {
    this.first = null;
    undrawn.delete(this);
    this.view?.destroy();
    this.view = null;
    this.failed(error);
    setTimeout(() => { throw error; });  // reported as any script error; the next elements still draw
  }
}

// Properties reflect attributes: element.dModel = 64 sets d-model="64" (and schedules a
// redraw); reading gives the value in use: the attribute coerced by its rule, with no side effect.
function define(tag, widget) {
  const Element = class extends PosencElement { static widget = widget; };
  for (const [key, rule] of Object.entries(widget.rules))
    Object.defineProperty(Element.prototype, key, {
      get() {
        const raw = this.getAttribute(kebab(key));
        return raw === null ? rule.def : coerce(rule, raw).value;
      },
      set(value) { this.setAttribute(kebab(key), String(value)); },
    });
  if (HAS_DOM && !customElements.get(tag)) customElements.define(tag, Element);
  return Element;
}

/**
 * Defines each tag of `widgets` ({ 'posenc-encoding': a widget module, … }) as its element, and
 * returns their classes by tag. The boxes of all of them first: an element already in the page
 * is upgraded (and styled) as soon as its tag is defined.
 */
export function defineElements(widgets) {
  boxesCss += Object.entries(widgets).map(([tag, widget]) => sizeCss(tag, widget.size)).filter(Boolean).map((css) => `${css}\n`).join('');
  if (sheet?.cssRules.length) sheet.replaceSync(`${WIDGET_CSS}${HOST_CSS}${boxesCss}`);
  return Object.fromEntries(Object.entries(widgets).map(([tag, widget]) => [tag, define(tag, widget)]));
}
