// posenc's views as custom elements, for blog posts: one <script type="module" src=".../elements.js">
// defines <posenc-heatmap>, <posenc-dots>, <posenc-lines>, <posenc-clock> and <posenc-verify>.
// Bundled with the wasm inlined (dist/elements.js, the package's `posenc/elements` export):
// no second request, no server configuration, no eval, nothing outside each element's shadow
// root; every element on a page shares one wasm instance.
import { init } from 'posenc/inline';
import { runChecks } from './lib/checks.js';
import { clockHands, drawClocks } from './lib/clocks.js';
import { diverging, sequential } from './lib/colormap.js';
import { Heatmap } from './lib/heatmap.js';
import { LinePlot } from './lib/lineplot.js';
import { coerceValue, dModel, positions } from './lib/params.js';
import { fillTable } from './lib/table.js';
import { Tooltip } from './lib/tooltip.js';

// Colours, sizes and fonts of the elements; a page restyles them with CSS on the element
// (`posenc-heatmap { height: 240px; --accent: teal }`), which overrides these :host defaults.
const CSS = `
:host {
  display: flex; flex-direction: column; position: relative; box-sizing: border-box;
  height: 320px; min-height: 120px; margin: 1em 0; contain: content;
  --panel: #ffffff; --fg: #1d2127; --muted: #5d6570; --grid: #d9dde3;
  --accent: #c2410c; --accent-2: #1d4ed8; --highlight: rgba(250, 204, 21, 0.35);
  --pass: #15803d; --fail: #b91c1c;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg);
}
@media (prefers-color-scheme: dark) {
  :host {
    --panel: #181c21; --fg: #e6e8eb; --muted: #9aa3ad; --grid: #2f353d;
    --accent: #fb923c; --accent-2: #93c5fd; --highlight: rgba(250, 204, 21, 0.22);
    --pass: #4ade80; --fail: #f87171;
  }
}
:host([hidden]) { display: none; }
:host(posenc-verify) { display: block; height: auto; }
.chart { flex: 1; min-height: 0; }
canvas { display: block; width: 100%; height: 100%; border-radius: 6px; }
canvas:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.message { color: var(--accent); font-size: 0.85em; margin: 0.2em 0 0; min-height: 0; }
.message:empty { display: none; }
.note { color: var(--muted); font-size: 0.85em; margin: 0.2em 0 0; }
.tooltip {
  position: fixed; z-index: 10; pointer-events: none; background: var(--fg); color: var(--panel);
  border-radius: 6px; padding: 0.3em 0.5em; font-size: 0.85em; white-space: pre;
  font-variant-numeric: tabular-nums;
}
table { border-collapse: collapse; font-size: 0.9em; font-variant-numeric: tabular-nums; width: 100%; }
th, td { padding: 0.25em 0.5em; border-bottom: 1px solid var(--grid); text-align: left; vertical-align: top; }
td.pass { color: var(--pass); font-weight: 700; white-space: nowrap; }
td.fail { color: var(--fail); font-weight: 700; white-space: nowrap; }
.summary { font-weight: 700; margin: 0.4em 0; }
`;

let sheet;
let ready;
/** The one wasm instance every element shares. */
const posenc = () => (ready ??= init());

// Attribute rules: the same shapes (and coercion) as the demo page's controls.
const BASE = { label: 'base', min: 1.01, max: 1e9, def: 10000 };
const SPACING = { choices: ['paper', 'tensor2tensor'], def: 'paper' };
const LAYOUT = { choices: ['interleaved', 'concatenated'], def: 'interleaved' };

const camel = (name) => name.replace(/-(\w)/g, (_, c) => c.toUpperCase());

class PosencElement extends HTMLElement {
  /** { attribute name: rule }, set by each element. */
  static rules = {};

  static get observedAttributes() {
    return Object.keys(this.rules);
  }

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];  // no <style> element: works under style-src 'self'
    this.message = Object.assign(document.createElement('p'), { className: 'message' });
    this.message.setAttribute('role', 'status');
    this.frame = 0;
  }

  connectedCallback() {
    this.started ??= posenc().then((pe) => {
      this.pe = pe;
      this.build(this.shadowRoot);
      this.shadowRoot.append(this.message);
      new ResizeObserver(() => this.schedule()).observe(this);
    }).catch((error) => {
      this.message.textContent = `posenc could not start: ${error.message}`;
      this.shadowRoot.append(this.message);
    });
    this.started.then(() => this.schedule());
  }

  attributeChangedCallback() {
    this.schedule();
  }

  /** The attributes' values, each coerced to its rule; what had to change is said visibly. */
  values() {
    const values = {}, notes = [];
    for (const [name, rule] of Object.entries(this.constructor.rules)) {
      const raw = this.getAttribute(name);
      const { value, message } = raw === null ? { value: rule.def } : coerceValue(rule, raw, name);
      values[camel(name)] = value;
      if (message) notes.push(message);
    }
    this.message.textContent = notes.join('; ');
    return values;
  }

  /** Redraws once per animation frame at most, after attribute changes and resizes. */
  schedule() {
    if (!this.pe || this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (!this.isConnected) return;
      try {
        this.render(this.values());
        this.dataset.rendered = String(Number(this.dataset.rendered ?? 0) + 1);
      } catch (error) {
        this.message.textContent = error.message;
      }
    });
  }

  canvas(root, label) {
    const chart = Object.assign(document.createElement('div'), { className: 'chart' });
    const canvas = document.createElement('canvas');
    canvas.tabIndex = 0;
    canvas.setAttribute('aria-label', label);
    chart.append(canvas);
    root.append(chart);
    this.tooltip = new Tooltip(root);
    return canvas;
  }
}

// Properties reflect attributes: element.dModel = 64 sets d-model="64" (and redraws);
// reading gives the coerced value in use.
function define(name, Element) {
  for (const attribute of Object.keys(Element.rules))
    Object.defineProperty(Element.prototype, camel(attribute), {
      get() { return this.values()[camel(attribute)]; },
      set(value) { this.setAttribute(attribute, String(value)); },
    });
  if (!customElements.get(name)) customElements.define(name, Element);
}

const scheme = ({ base, spacing, layout }) => ({ base, spacing, ...(layout && { layout }) });

/** <posenc-heatmap length="50" d-model="128">: the encoding, positions down, dimensions across. */
export class PosencHeatmap extends PosencElement {
  static rules = { length: positions(50), 'd-model': dModel(128), base: BASE, spacing: SPACING, layout: LAYOUT,
    start: { label: 'start', min: -1e9, max: 1e9, def: 0 } };

  build(root) {
    this.buffer = new Float32Array(0);
    this.chart = new Heatmap(this.canvas(root, 'Heatmap of the positional encoding'), {
      xLabel: 'dimension', yLabel: 'position', map: diverging, label: 'Heatmap of the positional encoding',
      tooltip: this.tooltip,
      describe: (row, col) => {
        const { dModel: d, start, ...rest } = this.values();
        const value = this.pe.encode(start + row, d, scheme(rest))[col];
        return { text: `pos ${start + row} · dim ${col}\nPE = ${value}`, value };
      },
    });
  }

  render({ length, dModel: d, start, ...rest }) {
    if (this.buffer.length < length * d) this.buffer = new Float32Array(Math.max(length * d, 2 * this.buffer.length));
    const m = this.pe.encoding(length, d, { ...scheme(rest), start, out: this.buffer.subarray(0, length * d) });
    this.chart.show({ ...m, min: -1, max: 1 });
  }
}

/** <posenc-dots length="8" d-model="512">: PE·PEᵀ, Toeplitz, drawn from its kernel row. */
export class PosencDots extends PosencElement {
  static rules = { length: positions(8), 'd-model': dModel(512), base: BASE, spacing: SPACING };

  build(root) {
    this.kernel = new Float64Array(1);
    this.chart = new Heatmap(this.canvas(root, 'Heatmap of dot products between positional encodings'), {
      xLabel: 'position j', yLabel: 'position i', map: sequential, diagonal: true, tooltip: this.tooltip,
      label: 'Heatmap of dot products between positional encodings',
      describe: (i, j) => {
        const value = this.kernel[Math.abs(i - j)];
        return { text: `PE(${i})·PE(${j}) = D(${Math.abs(i - j)})\n= ${value}`, value };
      },
    });
  }

  render({ length, dModel: d, ...rest }) {
    const kernel = (this.kernel = this.pe.dotKernel(length - 1, d, scheme(rest)));
    this.chart.show({ rows: length, cols: length, value: (i, j) => kernel[i > j ? i - j : j - i],
      min: Math.min(...kernel), max: d / 2 });
  }
}

/** <posenc-lines d-model="20" dims="4,5,6,7">: chosen dimensions over positions. */
export class PosencLines extends PosencElement {
  static rules = { 'd-model': dModel(20), length: positions(100, 2), dims: { label: 'dims', list: true, max: 10, def: '4,5,6,7' },
    base: BASE, spacing: SPACING, layout: LAYOUT };

  build(root) {
    this.chart = new LinePlot(this.canvas(root, 'Line plot of chosen dimensions'), {
      xLabel: 'position', yLabel: 'PE(pos, dim)', xName: 'pos', label: 'Line plot of chosen dimensions', tooltip: this.tooltip,
    });
  }

  render({ dModel: d, length, dims, ...rest }) {
    const chosen = dims.split(',').map(Number).filter((c) => c < d);
    const { data } = this.pe.encoding(length, d, { ...scheme(rest), dtype: 'float64' });
    this.chart.show({
      series: chosen.map((c) => ({ label: `dim ${c}`, values: Float64Array.from({ length }, (_, p) => data[p * d + c]) })),
      yMin: -1.05, yMax: 1.05,
    });
  }
}

/** <posenc-clock d-model="16" k="3">: each (sin, cos) pair a clock hand, turned by R(k). */
export class PosencClock extends PosencElement {
  static rules = { 'd-model': dModel(16, 64), k: { label: 'k', min: -1e6, max: 1e6, def: 3 },
    pos: { label: 'pos', min: -1e6, max: 1e6, def: 0 }, base: BASE, spacing: SPACING, layout: LAYOUT };

  build(root) {
    this.canvasElement = this.canvas(root, 'Clock hands of the encoding turned by R(k)');
    this.note = Object.assign(document.createElement('p'), { className: 'note' });
    root.append(this.note);
  }

  render({ dModel: d, k, pos, ...rest }) {
    const hands = clockHands(this.pe, d, pos, k, { base: rest.base, spacing: rest.spacing, layout: rest.layout });
    drawClocks(this.canvasElement, hands);
    this.note.textContent = `max |R(${k})·PE(${pos}) − PE(${pos + k})| = ${hands.maxDifference.toExponential(2)}`;
  }
}

/** <posenc-verify>: the sources' claims, checked now, with "N passed, M failed". */
export class PosencVerify extends PosencElement {
  static rules = {};

  build(root) {
    this.summary = Object.assign(document.createElement('p'), { className: 'summary' });
    this.summary.setAttribute('aria-live', 'polite');
    this.table = document.createElement('table');
    root.append(this.summary, this.table);
  }

  async render() {
    if (this.running) return;
    this.running = true;
    const results = [];
    const show = (done) => {
      const failed = results.filter((r) => !r.pass).length;
      this.summary.textContent = `${done ? '' : 'running… '}${results.length - failed} passed, ${failed} failed`;
      this.dataset.done = String(done);
      fillTable(this.table, ['claim', 'computed now', 'result'], results.map((r) => [r.claim, r.computed,
        { textContent: r.pass ? '✔ pass' : '✘ fail', className: r.pass ? 'pass' : 'fail', title: `expected ${r.expected}` }]));
    };
    for await (const result of runChecks(this.pe)) {
      results.push(result);
      show(false);
    }
    show(true);
  }

  schedule() {
    if (this.pe && !this.dataset.done) super.schedule();  // once: the checks do not depend on size
  }
}

define('posenc-heatmap', PosencHeatmap);
define('posenc-dots', PosencDots);
define('posenc-lines', PosencLines);
define('posenc-clock', PosencClock);
define('posenc-verify', PosencVerify);
