// The first pairs of a query and a key as clock arrows: pair i is the complex number x1 + i·x2
// drawn from the clock's centre (x1 right, x2 up), so pe.rope's rotation by p·ω_i turns it
// counter-clockwise. Dashed: q and k as given (position 0); solid arrows: q turned to position
// m, k to n. The angle between the solid arrows is (m − n)·ω_i plus the one between the dashed:
// what the score sees. Drag a solid arrow's tip (mouse or finger) to set that pair. The grid of
// clocks, picking, keys and the cursor ring are the encoding clocks' (clocks.js). Each dial is
// labelled ω_i = its frequency (θ = p·ω_i is the angle), always in full.
// Live or still: a widget created with `interactive: false` (posenc/render's static figures,
// where nothing can be dragged) leaves the legend's "drag an arrow" out.
import { Clocks } from './clocks.js';
import { fitCanvas } from '../canvas/draw.js';
import { theme } from '../canvas/theme.js';
import { number, sub } from '../../numbers.js';

/** A vector from `from` to `to`, with an arrowhead when solid. */
function arrow(ctx, [x0, y0], [x1, y1], color, width, dash = []) {
  const angle = Math.atan2(y1 - y0, x1 - x0), head = Math.min(8, Math.hypot(x1 - x0, y1 - y0) / 2);
  Object.assign(ctx, { strokeStyle: color, fillStyle: color, lineWidth: width });
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
  ctx.setLineDash([]);
  if (dash.length) return;
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  for (const side of [-1, 1]) ctx.lineTo(x1 - head * Math.cos(angle + side * 0.45), y1 - head * Math.sin(angle + side * 0.45));
  ctx.fill();
}

const MIN_R = 14;  // a dial smaller than this takes a smaller label font, if that lets it grow

export class RopeClocks extends Clocks {
  /**
   * onDrag(which: 'q' | 'k', i, [x1, x2]): a solid hand was dragged to (x1, x2).
   * @param options.interactive false for a still image (no "drag an arrow" in the legend); default true
   */
  constructor(canvas, onDrag, { interactive = true } = {}) {
    super(canvas);
    this.interactive = interactive;
    this.label = 'The first pairs of the query and the key as clock arrows, before and after the rotation';  // setAlt's lead
    this.onDrag = onDrag;
    const signal = this.listeners.signal;
    canvas.addEventListener('pointerdown', (e) => this.grab(e), { signal });
    canvas.addEventListener('pointermove', (e) => this.drag(e), { signal });
    // Released: the scale, steady during the drag, fits the new lengths again.
    const release = () => { if (this.dragging) { this.dragging = null; this.render(); } };
    for (const type of ['pointerup', 'pointercancel']) canvas.addEventListener(type, release, { signal });
  }

  /** hands: { d: 2 × the clocks drawn, q, k, qm, kn, m, n, frequencies, pair(v, i) → [x1, x2] }. */
  show(hands) {
    this.hands = hands;
    this.setAlt(`${hands.d / 2} pairs: q turned to m = ${hands.m}, k to n = ${hands.n}`);
    if (this.cursor && this.cursor.index >= hands.d / 2) this.setCursor(null);
    this.render();
  }

  render() {
    const { ctx, width, height } = fitCanvas(this.canvas);
    const t = this.t = theme(this.canvas), h = this.hands, count = h.d / 2;
    ctx.fillStyle = t.bg;
    ctx.fillRect(0, 0, width, height);
    // "ω_i = value" under every dial, never cut. Clocks.centre's grid: cells 2(r + 6) + 22 high
    // below a 12 px top; of the numbers of columns whose cells hold the widest label with a 10 px
    // gap, the one that gives the largest dials (a narrow chart, a phone: fewer, larger cells).
    // A smaller font only where even one column is too narrow for the labels, or where the dials
    // would be smaller than MIN_R and more columns of labels down to 10 px make them larger.
    const label = (i) => `${sub('ω', i)} = ${number(h.frequencies[i], 3)}`;
    const fit = (cols) => Math.min(width / cols, (height - 24) / Math.ceil(count / cols) - 22) / 2 - 6;
    const layout = (px) => {
      const font = t.font.replace(/[\d.]+px/, `${px}px`);
      ctx.font = font;
      const labelW = Math.max(...Array.from({ length: count }, (_, i) => ctx.measureText(label(i)).width));
      const cols = Array.from({ length: count }, (_, c) => c + 1).filter((c) => c === 1 || width / c >= labelW + 10)
        .reduce((a, b) => (fit(b) > fit(a) ? b : a));
      return { font, labelW, cols, r: fit(cols) };
    };
    const fontPx = parseFloat(/([\d.]+)px/.exec(t.font)?.[1] ?? 12);
    let grid = layout(fontPx);
    for (let px = fontPx - 0.5; px >= 4; px -= 0.5) {
      const tooWide = grid.labelW > width - 10, tooSmall = grid.r < MIN_R && px >= 10;
      if (!tooWide && !tooSmall) break;
      const next = layout(px);
      if (tooWide || next.r > grid.r) grid = next;
    }
    const { cols } = grid, r = Math.max(grid.r, 2);
    this.rect = { r, cols, cellW: width / cols, cellH: 2 * (r + 6) + 22 };
    // One scale for all hands: the longest pair of q or k fills its clock.
    let longest = 1e-300;
    for (let i = 0; i < count; i++) longest = Math.max(longest, Math.hypot(...h.pair(h.q, i)), Math.hypot(...h.pair(h.k, i)));
    if (!this.dragging) this.scale = r / longest;  // steady while a hand is dragged
    ctx.font = grid.font;
    ctx.textAlign = 'center';
    for (let i = 0; i < count; i++) {
      const [cx, cy] = this.centre(i), tip = (v) => { const { tipX, tipY } = this.tipOf(v, i); return [tipX, tipY]; };
      Object.assign(ctx, { strokeStyle: t.muted, lineWidth: 1, globalAlpha: 0.5 });  // as clocks.js's dials
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, 2 * Math.PI);  // the dial: the longest pair's length
      ctx.stroke();
      ctx.globalAlpha = 1;
      arrow(ctx, [cx, cy], tip(h.q), t.accent, 1.2, [3, 3]);
      arrow(ctx, [cx, cy], tip(h.k), t.accent2, 1.2, [3, 3]);
      arrow(ctx, [cx, cy], tip(h.qm), t.accent, 2.2);
      arrow(ctx, [cx, cy], tip(h.kn), t.accent2, 2.2);
      ctx.fillStyle = t.muted;
      ctx.fillText(label(i), cx, cy + r + 15);
    }
    // The legend in the hands' colours: q(m), k(n) solid; both dashed at position 0; the hint
    // to drag only where a hand can be dragged (not in a still image).
    ctx.font = t.font;
    ctx.textAlign = 'left';
    let x = 6;
    const dashed = `   dashed: at 0${this.interactive ? '; drag an arrow' : ''}`;
    for (const [text, color] of [[`q(${h.m})`, t.accent], ['  ', t.fg], [`k(${h.n})`, t.accent2], [dashed, t.muted]]) {
      ctx.fillStyle = color;
      ctx.fillText(text, x, height - 6);
      x += ctx.measureText(text).width;
    }
    this.finish();
  }

  read({ index: i }) {
    const h = this.hands, show = (v) => h.pair(v, i).map((x) => number(x)).join(', ');
    return {
      text: `pair ${i}, ${sub('ω', i)} = ${h.frequencies[i]}\nq: (${show(h.q)}) → q(${h.m}): (${show(h.qm)})\nk: (${show(h.k)}) → k(${h.n}): (${show(h.kn)})`,
      // The tip of q(m)'s arrow (CSS px in the canvas): where a drag of it starts.
      data: { index: i, value: h.pair(h.qm, i)[0], ...this.tipOf(h.qm, i) },
    };
  }

  /** The tip of pair i of v as drawn: { tipX, tipY }. */
  tipOf(v, i) {
    const [cx, cy] = this.centre(i), [x1, x2] = this.hands.pair(v, i);
    return { tipX: cx + this.scale * x1, tipY: cy - this.scale * x2 };
  }

  /** Pressing near a solid hand's tip starts dragging it: within 22 CSS px at least (a 44 px target for a finger). */
  grab(event) {
    if (!this.rect) return;
    const [x, y] = this.local(event), at = this.pick(x, y);
    if (!at) return;
    const h = this.hands, tip = (v) => { const { tipX, tipY } = this.tipOf(v, at.index); return Math.hypot(tipX - x, tipY - y); };
    const which = tip(h.qm) <= tip(h.kn) ? 'q' : 'k';
    if (Math.min(tip(h.qm), tip(h.kn)) > Math.max(22, this.rect.r * 0.6 + 12)) return;
    this.dragging = { which, index: at.index };
    this.canvas.setPointerCapture?.(event.pointerId);
    event.preventDefault();
  }

  drag(event) {
    if (!this.dragging || !this.rect) return;
    const [x, y] = this.local(event), [cx, cy] = this.centre(this.dragging.index);
    let x1 = (x - cx) / this.scale, x2 = (cy - y) / this.scale;
    if (Math.hypot(x1, x2) < 1e-9) [x1, x2] = [1e-9, 0];  // a hand needs a direction
    this.onDrag(this.dragging.which, this.dragging.index, [x1, x2]);
  }
}
