// posenc's charts as custom elements, for blog posts: one <script type="module" src=".../elements.js">
// defines <posenc-encoding> (alias <posenc-heatmap>), <posenc-dots>, <posenc-lines>,
// <posenc-steps>, <posenc-clock>, <posenc-periods>, <posenc-verify>, <posenc-variants>, and the
// story's <posenc-tokens>, <posenc-input>, <posenc-shift>, <posenc-extrapolation>,
// <posenc-near-repeats>, <posenc-base>, <posenc-float32>, <posenc-conventions>, <posenc-rope>
// and <posenc-rope-scaling>.
// Each is a thin adapter: its attributes are its widget's values (./charts/). Bundled with the
// wasm inlined (dist/elements.js, the package's `posenc/elements` export): no second request,
// no eval, nothing outside each element's shadow root; every element shares one wasm instance.
// Habits of github's relative-time-element: attributes are the state, getters are pure,
// attribute changes schedule one redraw, disconnecting releases everything.
import { init } from 'posenc/inline';
import * as charts from './charts/index.js';


// The host box; a page sizes and restyles it with CSS on the element
// (`posenc-encoding { height: 240px; --accent: teal }`) or on any ancestor.
const HOST_CSS = `
:host {
  display: block; position: relative; box-sizing: border-box; height: auto; min-height: 120px; margin: 1em 0;
  contain: layout style; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
:host([hidden]) { display: none; }
/* Most views (tables, lists, plots of their own height) size to their content; the five
   single-chart views fill a box of 320px, which a page restyles with height. */
:host(posenc-encoding), :host(posenc-heatmap), :host(posenc-dots), :host(posenc-lines), :host(posenc-clock) { height: 320px; }
.posenc-widget { display: block; height: auto; }
:host(posenc-encoding) .posenc-widget, :host(posenc-heatmap) .posenc-widget, :host(posenc-dots) .posenc-widget,
:host(posenc-lines) .posenc-widget, :host(posenc-clock) .posenc-widget { display: flex; flex-direction: column; height: 100%; }
.posenc-widget > .chart, .posenc-widget > .pair { flex: 1 1 0; min-height: 60px; }
.pair > div { display: flex; flex-direction: column; min-height: 0; }
.pair .chart { flex: 1 1 0; min-height: 60px; }
/* The charts of content-sized views, each its own height. */
:host(posenc-variants) .pair .chart, :host(posenc-tokens) .pair .chart, :host(posenc-input) .pair .chart,
:host(posenc-shift) .pair .chart, :host(posenc-extrapolation) .pair .chart { height: 260px; flex: none; }
:host(posenc-conventions) .pair .chart { height: 240px; flex: none; }
:host(posenc-rope) .chart, :host(posenc-rope-scaling) .chart { height: 300px; flex: none; }
:host(posenc-periods) .scroll.tall { height: 20rem; }
/* A phone's column fits the conventions' table. */
:host(posenc-conventions) td.text { min-width: 8rem; }
`;

let sheet;
let ready;
/** The one wasm instance every element shares. */
const posenc = () => (ready ??= init());
const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

class PosencElement extends HTMLElement {
  /** The widget module (rules, create) of this element. */
  static widget = null;

  static get observedAttributes() {
    return Object.keys(this.widget.rules).map(kebab);
  }

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(charts.WIDGET_CSS + HOST_CSS);
    root.adoptedStyleSheets = [sheet];  // no <style> element: works under style-src 'self'
    this.frame = 0;
  }

  connectedCallback() {
    posenc().then((pe) => {
      if (!this.isConnected || this.view) return;
      const box = document.createElement('div');
      this.shadowRoot.replaceChildren(box);
      this.view = this.constructor.widget.create(box, pe, { name: (key) => kebab(key) });
      this.schedule();
    }).catch((error) => {
      const message = Object.assign(document.createElement('p'), { textContent: `posenc could not start: ${error.message}` });
      this.shadowRoot.replaceChildren(message);
    });
  }

  disconnectedCallback() {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.view?.destroy();
    this.view = null;
  }

  attributeChangedCallback() {
    this.schedule();
  }

  /** The raw attribute values, by widget value name (the widget coerces them). */
  rawValues() {
    return Object.fromEntries(Object.keys(this.constructor.widget.rules).map((key) => [key, this.getAttribute(kebab(key))]));
  }

  /** One redraw per animation frame at most, however many attributes changed. */
  schedule() {
    if (!this.view || this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.view.update(this.rawValues());
      // <posenc-verify>: data-done="true" once its checks have run.
      this.view.run?.().then(() => { this.dataset.done = 'true'; });
      this.dataset.rendered = String(Number(this.dataset.rendered ?? 0) + 1);
    });
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
        return raw === null ? rule.def : charts.coerce(rule, raw).value;
      },
      set(value) { this.setAttribute(kebab(key), String(value)); },
    });
  if (!customElements.get(tag)) customElements.define(tag, Element);
  return Element;
}

export const PosencEncoding = define('posenc-encoding', charts.encoding);
/** The earlier name of <posenc-encoding>, kept for posts that use it. */
export const PosencHeatmap = define('posenc-heatmap', charts.encoding);
export const PosencDots = define('posenc-dots', charts.dots);
export const PosencLines = define('posenc-lines', charts.lines);
export const PosencSteps = define('posenc-steps', charts.steps);
export const PosencClock = define('posenc-clock', charts.clock);
export const PosencPeriods = define('posenc-periods', charts.periods);
export const PosencVerify = define('posenc-verify', charts.verify);
export const PosencVariants = define('posenc-variants', charts.variants);
export const PosencNearRepeats = define('posenc-near-repeats', charts.nearRepeats);
export const PosencFloat32 = define('posenc-float32', charts.float32);
export const PosencBase = define('posenc-base', charts.base);
export const PosencConventions = define('posenc-conventions', charts.conventions);
export const PosencTokens = define('posenc-tokens', charts.tokens);
export const PosencInput = define('posenc-input', charts.input);
export const PosencShift = define('posenc-shift', charts.shift);
export const PosencExtrapolation = define('posenc-extrapolation', charts.extrapolation);
export const PosencRope = define('posenc-rope', charts.rope);
export const PosencRopeScaling = define('posenc-rope-scaling', charts.ropeScaling);
