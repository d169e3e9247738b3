// The first pairs of a query and a key as clock hands: pair i is the complex number x1 + i·x2
// drawn from the clock's centre (x1 right, x2 up), so pe.rope's rotation by p·θ_i turns it
// counter-clockwise. Dashed: q and k as given (position 0); solid: q turned to position m,
// k to n. The angle between the solid hands is (m − n)·θ_i plus the one between the dashed:
// what the score sees. Drag a solid hand's tip (mouse or finger) to set that pair.
import { CanvasChart } from './chart.js';
import { fitCanvas } from './draw.js';
import { theme } from './theme.js';

export class RopeClocks extends CanvasChart {
  /** onDrag(which: 'q' | 'k', i, [x1, x2]): a solid hand was dragged to (x1, x2). */
  constructor(canvas, onDrag) {
    super(canvas, 'The first pairs of the query and the key as clock hands, before and after the rotation. Use the arrow keys to read each pair.');
    this.onDrag = onDrag;
    const signal = this.listeners.signal;
    canvas.addEventListener('pointerdown', (e) => this.grab(e), { signal });
    canvas.addEventListener('pointermove', (e) => this.drag(e), { signal });
    for (const type of ['pointerup', 'pointercancel']) canvas.addEventListener(type, () => { this.dragging = null; }, { signal });
  }

  /** hands: { clocks, q, k, qm, kn, m, n, frequencies, pair(v, i) → [x1, x2] }. */
  show(hands) {
    this.hands = hands;
    if (this.cursor && this.cursor.index >= hands.clocks) this.setCursor(null);
    this.render();
  }

  centre(i) {
    const { r, cols, cellW, cellH } = this.rect;
    return [cellW * (i % cols + 0.5), 8 + cellH * Math.floor(i / cols) + r + 4];
  }

  render() {
    const { ctx, width, height } = fitCanvas(this.canvas);
    const t = this.t = theme(this.canvas), h = this.hands, count = h.clocks;
    ctx.fillStyle = t.bg;
    ctx.fillRect(0, 0, width, height);
    let best = { r: 0, cols: 1 };
    for (let cols = 1; cols <= count; cols++) {
      const r = Math.min(width / cols, (height - 22) / Math.ceil(count / cols) - 20) / 2 - 5;
      // A clock's label needs ~80 px: no more columns than fit them.
      if (r > best.r && (cols === 1 || width / cols >= 80)) best = { r, cols };
    }
    const r = Math.max(best.r, 2);
    this.rect = { r, cols: best.cols, cellW: width / best.cols, cellH: 2 * (r + 4) + 20 };
    // One scale for all hands: the longest pair of q or k fills its clock.
    let longest = 1e-300;
    for (let i = 0; i < count; i++) longest = Math.max(longest, Math.hypot(...h.pair(h.q, i)), Math.hypot(...h.pair(h.k, i)));
    if (!this.dragging) this.scale = r / longest;  // steady while a hand is dragged
    ctx.font = t.font;
    ctx.textAlign = 'center';
    for (let i = 0; i < count; i++) {
      const [cx, cy] = this.centre(i);
      ctx.strokeStyle = t.grid;
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, 2 * Math.PI);
      ctx.stroke();
      const hand = ([x1, x2], color, lineWidth, dash = []) => {
        ctx.strokeStyle = color;
        ctx.lineWidth = lineWidth;
        ctx.setLineDash(dash);
        ctx.beginPath();
        ctx.moveTo(cx, cy);
        ctx.lineTo(cx + this.scale * x1, cy - this.scale * x2);
        ctx.stroke();
        ctx.setLineDash([]);
      };
      hand(h.pair(h.q, i), t.accent, 1.2, [3, 3]);
      hand(h.pair(h.k, i), t.accent2, 1.2, [3, 3]);
      hand(h.pair(h.qm, i), t.accent, 2.5);
      hand(h.pair(h.kn, i), t.accent2, 2.5);
      ctx.fillStyle = t.muted;
      ctx.fillText(`θ_${i} = ${h.frequencies[i].toPrecision(2)}`, cx, cy + r + 15);
    }
    // The legend in the hands' colours: q(m), k(n) solid; both dashed at position 0.
    ctx.textAlign = 'left';
    let x = 6;
    for (const [text, color] of [[`q(${h.m})`, t.accent], ['  ', t.fg], [`k(${h.n})`, t.accent2], ['   dashed: at 0; drag a hand', t.muted]]) {
      ctx.fillStyle = color;
      ctx.fillText(text, x, height - 6);
      x += ctx.measureText(text).width;
    }
    this.finish();
  }

  pick(x, y) {
    const { cols, cellW, cellH } = this.rect;
    const col = Math.floor(x / cellW), row = Math.floor((y - 8) / cellH), i = row * cols + col;
    return col >= 0 && col < cols && row >= 0 && i < this.hands.clocks ? { index: i } : null;
  }

  step(cursor, event) {
    const { cols } = this.rect, by = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols }[event.key];
    if (!by) return null;
    const i = cursor ? Math.min(this.hands.clocks - 1, Math.max(0, cursor.index + by)) : 0;
    const [cx, cy] = this.centre(i);
    return { cursor: { index: i }, x: cx, y: cy };
  }

  read({ index: i }) {
    const h = this.hands, show = (v) => h.pair(v, i).map((x) => +x.toPrecision(6)).join(', ');
    return {
      text: `pair ${i}, θ = ${h.frequencies[i]}\nq: (${show(h.q)}) → q(${h.m}): (${show(h.qm)})\nk: (${show(h.k)}) → k(${h.n}): (${show(h.kn)})`,
      data: { index: i, value: h.pair(h.qm, i)[0] },
    };
  }

  paintCursor(ctx) {
    const [cx, cy] = this.centre(this.cursor.index);
    ctx.save();
    ctx.strokeStyle = this.t.fg;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(cx, cy, this.rect.r + 3, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.restore();
  }

  /** Pressing near a solid hand's tip starts dragging it. */
  grab(event) {
    if (!this.rect) return;
    const [x, y] = this.local(event), at = this.pick(x, y);
    if (!at) return;
    const h = this.hands, [cx, cy] = this.centre(at.index);
    const tip = (v) => { const [x1, x2] = h.pair(v, at.index); return Math.hypot(cx + this.scale * x1 - x, cy - this.scale * x2 - y); };
    const which = tip(h.qm) <= tip(h.kn) ? 'q' : 'k';
    if (Math.min(tip(h.qm), tip(h.kn)) > this.rect.r * 0.6 + 12) return;
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
