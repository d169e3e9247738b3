// The scaffold every widget is built on (uPlot's habit: one object owns its DOM, observers and
// listeners, and tears them down): the root's parts with optional ids, a message line for
// coerced values, the save buttons, and one repaint per animation frame when a chart's box is
// resized or the colours change (style observer, see theme.js).
import { number } from '../../numbers.js';
import { exportBar } from './exports.js';
import { coerceAll } from './params.js';
import { isThemeProperty } from '../canvas/theme.js';
import { isPrinting, printing, resized } from '../canvas/draw.js';

/**
 * "Near the viewport": within one viewport's height of it, as a lazy image loads. An element's
 * first drawing (js/elements/define.js) and a widget's deferred work (whenNear) use it.
 */
export const NEAR_VIEWPORT = { rootMargin: '100% 0px' };

export class Widget {
  /**
   * @param options.id prefix of the parts' ids (`${id}-canvas`, `${id}-summary`, …), for pages
   *   that link or style them; none by default
   * @param options.name (key, rule) => the name a coercion message uses (elements: the attribute)
   */
  constructor(root, rules, { id, name } = {}) {
    Object.assign(this, { root, rules, id, name, charts: [], stale: new Set(), frame: 0 });
    root.classList.add('posenc-widget');
    this.listeners = new AbortController();
    // A discrete transition flips the value midway: at `transitionrun` the old colours may still
    // be in effect, at `transitionend` the new ones are; repainting at both costs one extra
    // frame's draw and never misses the change.
    const signal = this.listeners.signal;
    for (const type of ['transitionrun', 'transitionend'])
      root.addEventListener(type, (e) => { if (isThemeProperty(e.propertyName)) this.repaint(); }, { signal });
    // Browsers without discrete transitions of custom properties (Firefox before 129) still
    // follow a colour-scheme switch.
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.repaint(), { signal });
    // A chart whose canvas is not the size it was drawn at is redrawn in the next frame: after a
    // resize, and after the first layout (the first draw may run before the host's own lines are
    // laid out). The callback reads only the sizes the observer hands over: a layout read here
    // (clientWidth) runs layout inside the browser's resize loop, where whatever changed since
    // its last one (a font or image that arrived, a section whose content-visibility flipped)
    // resizes boxes the loop has already passed, and the browser reports "ResizeObserver loop
    // completed with undelivered notifications" to the page as an error.
    this.resizes = new ResizeObserver((entries) => {
      const stale = entries.some(({ target, contentRect: { width, height } }) =>
        this.charts.some((chart) => chart.canvas === target && chart.rect && resized(target, [width, height])));
      if (stale) this.repaint();
    });
    // Print: every chart redrawn now at print resolution, and back after (see draw.js).
    const print = (on) => () => {
      printing(on);
      this.renderAll();
    };
    addEventListener('beforeprint', print(true), { signal });
    addEventListener('afterprint', print(false), { signal });
  }

  /** A new element in `parent` (the root by default): tag.class, with id `${id}-${part}`. */
  part(tag, className, part, parent = this.root) {
    const element = document.createElement(tag);
    if (className) element.className = className;
    if (this.id && part) element.id = `${this.id}-${part}`;
    parent.append(element);
    return element;
  }

  /** A chart's box (div.chart, the readout's positioning parent) and its canvas, observed. */
  canvas(part, parent) {
    const box = this.part('div', 'chart', null, parent);
    const canvas = this.part('canvas', '', part, box);
    this.resizes.observe(canvas);
    return canvas;
  }

  /** Registers the charts (repainted on resize and restyle, destroyed with the widget). */
  own(...charts) {
    this.charts.push(...charts);
    return charts[0];
  }

  /**
   * A scroll region (div.scroll): focusable and named, so keyboard users can scroll it (axe's
   * scrollable-region-focusable).
   */
  scroller(name, className = 'scroll', parent = this.root) {
    const box = this.part('div', className, null, parent);
    Object.assign(box, { tabIndex: 0 });
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', name);
    return box;
  }

  /** Save buttons: PNG of each canvas, CSV and JSON (see exports.js). */
  exports(options) {
    exportBar(this.part('div', 'exports', 'exports'), options);
  }

  /**
   * Repaints every chart drawn once already at its size and the current colours, in the next
   * animation frame, or frames: after ~8 ms of painting the rest wait for the next one (a chart
   * painted for the first time, in code that has never run, may take 20–40 ms: all of a view's
   * at once after its first layout were a 60 ms task).
   */
  repaint() {
    for (const chart of this.charts) if (chart.rect) this.stale.add(chart);
    this.frame ||= requestAnimationFrame(() => this.paintStale());
  }

  paintStale() {
    this.frame = 0;
    const start = performance.now();
    for (const chart of this.stale) {
      this.stale.delete(chart);
      chart.render();
      if (performance.now() - start > 8) break;
    }
    if (this.stale.size) this.frame = requestAnimationFrame(() => this.paintStale());
  }

  /**
   * Runs `start` once, when the root first nears the viewport (NEAR_VIEWPORT, as an element's
   * first drawing does) or a print begins; at once while printing, and where there is no
   * IntersectionObserver (Node's static figures). For work a reader who never scrolls to the view
   * should not pay for. Returns whether `start` has run (a function).
   */
  whenNear(start) {
    let ran = false;
    const run = () => {
      if (ran) return;
      ran = true;
      seen?.disconnect();
      start();
    };
    const seen = typeof IntersectionObserver === 'function' && !isPrinting()
      ? new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) run(); }, NEAR_VIEWPORT) : null;
    if (!seen) run();
    else {
      seen.observe(this.root);
      addEventListener('beforeprint', run, { signal: this.listeners.signal });
      this.listeners.signal.addEventListener('abort', () => seen.disconnect());
    }
    return () => ran;
  }

  /** Repaints now every chart drawn once already. */
  renderAll() {
    for (const chart of this.charts) if (chart.rect) chart.render();
  }

  /**
   * The widget's public face: update(values) coerces the values by the widget's rules (the
   * message line says what changed), then draw(values) redraws synchronously; destroy()
   * releases everything. `more` adds widget-specific methods.
   */
  api(draw, more = {}) {
    const message = this.part('p', 'message', 'message');
    message.setAttribute('role', 'status');
    return {
      update: (values = {}) => {
        const { values: used, messages } = coerceAll(this.rules, values, this.name);
        draw(used, (text) => messages.push(text));
        // Written only when it changes: a DOM write makes the next widget's layout read costly.
        const text = messages.join('; ');
        if (message.textContent !== text) message.textContent = text;
        return used;
      },
      destroy: () => {
        cancelAnimationFrame(this.frame);
        this.listeners.abort();
        this.resizes.disconnect();
        for (const chart of this.charts) chart.destroy();
        this.root.replaceChildren();
        this.root.classList.remove('posenc-widget');
      },
      ...more,
    };
  }
}

/**
 * A saved image's caption: the view and the parameters it was drawn with, e.g.
 * "posenc encoding · dModel = 128 · 50 positions · base 10,000 · paper spacing · interleaved" (and a
 * `convention` value when the view has one).
 */
export function captionOf(view, values) {
  const { dModel: d, length: n, base, spacing, layout, convention } = values;
  return [`posenc ${view}`, d !== undefined && `dModel = ${d}`, n !== undefined && positionCount(n), base !== undefined && `base ${number(base)}`,
    convention && `${convention} convention`, spacing && `${spacing} spacing`, layout].filter(Boolean).join(' · ');
}

/** `n` positions as a label says it: "1 position", "131,072 positions". */
export const positionCount = (n) => `${number(n)} ${n === 1 ? 'position' : 'positions'}`;

/** A chart's `about` (its accessible name's lead): "dModel = 512, 128 positions". */
export const aboutOf = (d, n) => `dModel = ${d}, ${positionCount(n)}`;

/** The options every encoding call of a widget takes, from its values. */
export const scheme = ({ base, spacing, layout }) => ({ base, spacing, ...(layout && { layout }) });
