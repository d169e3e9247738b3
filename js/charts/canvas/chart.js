// What every canvas chart shares: its box (the canvas's parent, position: relative) holding the
// readout; a cursor moved by mouse hover, touch (tap, or drag to scrub) and the keyboard; a
// snapshot of the finished pixels so moving the cursor repaints by one copy, not a redraw.
// Subclasses draw in render() (then call finish()) and provide:
//   pick(x, y)          the cursor at a point in the canvas's CSS pixels, or null
//   step(cursor, event) the cursor after a key press { cursor, x, y } (its anchor), or null
//   read(cursor)        { text, data } for the readout (data: value and cell or index); numbers
//                       to 6 significant digits, exact when `this.exact` (the key x toggles it)
//   paintCursor(ctx)    draws the cursor over the snapshot
// The canvas's text alternative (aria-label) is its label, what the last draw showed (setAlt)
// and how to read values with the keyboard.
import { Snapshot } from './draw.js';
import { Readout } from './readout.js';

// The paints deferPaints() is holding back (chart → its paint), or null: charts paint at once.
let held = null;

/**
 * Runs `update()` (a widget's update, say) with every chart's painting held back, and returns
 * the held paints: functions that each paint one chart, with its latest data, when called. A
 * page spreads a widget's first drawing over tasks this way: the computation in one, each
 * chart's painting (the slowest part of code never run before) in its own.
 */
export function deferPaints(update) {
  const paints = held = new Map();
  try {
    update();
  } finally {
    held = null;
  }
  return [...paints.values()];
}

export class CanvasChart {
  constructor(canvas, label, hint = 'Use the arrow keys to read values') {
    Object.assign(this, { canvas, label, hint, exact: false });
    // The subclass's render(), held back inside deferPaints().
    const paint = this.render;
    this.render = () => {
      if (held) held.set(this, () => paint.call(this));
      else paint.call(this);
    };
    this.readout = new Readout(canvas.parentElement);
    this.snapshot = new Snapshot();
    this.cursor = null;
    canvas.tabIndex = 0;
    canvas.setAttribute('role', 'img');
    this.setAlt('');
    this.listeners = new AbortController();
    const on = (target, type, handler) => target.addEventListener(type, handler, { signal: this.listeners.signal });
    on(canvas, 'pointermove', (e) => {
      if (e.pointerType !== 'touch' || this.scrubbing) this.pointAt(e);
    });
    on(canvas, 'pointerdown', (e) => {
      this.scrubbing = e.pointerType === 'touch';
      this.pointAt(e);
    });
    on(canvas, 'pointerup', () => { this.scrubbing = false; });
    on(canvas, 'pointercancel', () => { this.scrubbing = false; });  // the page scrolled instead
    // A finger lifted still shows its value (touch sends pointerleave on lifting); a tap
    // anywhere else hides it.
    on(canvas, 'pointerleave', (e) => { if (e.pointerType !== 'touch') this.setCursor(null); });
    on(document, 'pointerdown', (e) => { if (this.cursor && !e.composedPath().includes(canvas)) this.setCursor(null); });
    on(canvas, 'blur', () => this.setCursor(null));
    on(canvas, 'keydown', (e) => {
      if (e.key === 'x' && this.cursor) {
        this.exact = !this.exact;
        this.setCursor(this.cursor, ...this.at);
        return;
      }
      const moved = this.rect && this.step(this.cursor, e);
      if (!moved) return;
      e.preventDefault();
      this.setCursor(moved.cursor, moved.x, moved.y);
    });
  }

  /** The text alternative: the label, then `details` (what is drawn: sizes, range of values). */
  setAlt(details) {
    const text = `${this.label}${details ? `: ${details}` : ''}. ${this.hint}, x for exact values.`;
    if (this.canvas.getAttribute('aria-label') !== text) this.canvas.setAttribute('aria-label', text);
  }

  /**
   * Marks the canvas aria-busy while any `reason` holds (a preview shows and the full image is
   * being computed), so assistive technology and scripts (tests, benchmarks) can tell.
   */
  busy(reason, on) {
    this.reasons ??= new Set();
    this.reasons[on ? 'add' : 'delete'](reason);
    if (this.reasons.size) this.canvas.setAttribute('aria-busy', 'true');
    else this.canvas.removeAttribute('aria-busy');
  }

  /** A pointer event's point in the canvas's own CSS pixels (undoing any scale transform). */
  local(event) {
    const box = this.canvas.getBoundingClientRect(), scale = box.width / (this.canvas.offsetWidth || box.width || 1);
    return [(event.clientX - box.left) / scale, (event.clientY - box.top) / scale];
  }

  pointAt(event) {
    if (!this.rect) return;
    const [x, y] = this.local(event);
    this.setCursor(this.pick(x, y), x, y);
  }

  setCursor(cursor, x, y) {
    Object.assign(this, { cursor, at: [x, y] });
    this.snapshot.ensure(this.canvas);
    this.snapshot.restore(this.canvas);
    if (!cursor) return this.readout.hide();
    this.paintCursor(this.canvas.getContext('2d'));
    const { text, data } = this.read(cursor);
    this.readout.show(text, x, y, data);
  }

  /** After render(): a cursor already showing is repainted on the new pixels. */
  finish() {
    if (this.cursor) {
      this.snapshot.take(this.canvas);
      this.paintCursor(this.canvas.getContext('2d'));
      const { text, data } = this.read(this.cursor);
      this.readout.element.textContent = text;
      Object.assign(this.readout.element.dataset, data);
    } else this.snapshot.stale();  // the copy waits for the first cursor move
  }

  destroy() {
    this.listeners.abort();
    this.readout.destroy();
  }
}
