// Every (sin, cos) pair of an encoding as a clock hand on a unit circle: the dashed hand is
// PE(pos), the solid one R(k)·PE(pos), the ring PE(pos + k) computed directly. Hands start at
// 12 o'clock (sin 0, cos 1) and turn clockwise as the position grows. The cursor (pointer,
// touch, arrow keys) is a clock: its readout gives the three pairs' exact values.
import { CanvasChart } from '../canvas/chart.js';
import { fitCanvas } from '../canvas/draw.js';
import { number, significant, sub } from '../../numbers.js';
import { pairOf } from '../../story/pairs.js';
import { theme } from '../canvas/theme.js';

/** PE(pos), R(k)·PE(pos) (by shift) and PE(pos + k), and the largest difference of the last two. */
export function clockHands(pe, d, pos, k, scheme) {
  const start = pe.encode(pos, d, scheme), rotated = pe.shift(start, k, scheme), direct = pe.encode(pos + k, d, scheme);
  let maxDifference = 0;
  rotated.forEach((v, c) => { maxDifference = Math.max(maxDifference, Math.abs(v - direct[c])); });
  return { d, pos, k, layout: scheme.layout, omega: pe.frequencies(d, scheme), start, rotated, direct, maxDifference };
}

// Labels under the clocks, longest first, each with the room it needs: a label is drawn only
// where it fits its cell (so labels never overlap, from d = 2 to 512, phone to desktop), and a
// clock is kept at least `minR` px; with no label the readout still names every clock.
const LABELS = [
  // Named as the rotary step's clocks are (ω₀ = 1): the pair's frequency, its index as subscript.
  { text: (i, omega) => `${sub('ω', i)} = ${number(omega[i], 3)}`, sample: `${sub('ω', 255)} = 0.0001`, band: 22, minR: 14 },
  { text: (i) => String(i), sample: '255', band: 18, minR: 6 },
  { text: null, sample: '', band: 4, minR: 0 },
];

/** The grid of `count` clocks with the largest radius that fits, and its labels. */
function grid(ctx, width, height, count, omega) {
  for (const { text, sample, band, minR } of LABELS) {
    const labelW = sample ? ctx.measureText(sample).width + 8 : 0;
    let best = { r: 0, cols: 1 };
    for (let cols = 1; cols <= count; cols++) {
      if (cols > 1 && width / cols < labelW) break;
      const r = Math.min(width / cols, (height - 36) / Math.ceil(count / cols) - band) / 2 - 6;
      if (r > best.r) best = { r, cols };
    }
    if (best.r >= minR || !text)
      return { r: Math.max(best.r, 1), cols: best.cols, band, label: text && ((i) => text(i, omega)) };
  }
  return null;  // unreachable: the last entry always fits
}

export class Clocks extends CanvasChart {
  constructor(canvas) {
    super(canvas, 'Clock of each pair turned by R(k)', 'Use the arrow keys to read each pair');
  }

  show(hands) {
    this.hands = hands;
    this.setAlt(`dModel = ${hands.d}: ${hands.d / 2} clocks, PE(${hands.pos}) turned by k = ${hands.k}; `
      + `largest difference from PE(${hands.pos + hands.k}) ${number(hands.maxDifference, 2)}`);
    if (this.cursor && this.cursor.index >= hands.d / 2) this.setCursor(null);
    this.render();
  }

  /** The (sin, cos) pair i of a vector, in the encoding's layout. */
  pair(v, i) {
    return pairOf(v, i, this.hands.layout);
  }

  /** Clock i's centre. */
  centre(i) {
    const { r, cols, cellW, cellH } = this.rect;
    return [cellW * (i % cols + 0.5), 12 + cellH * Math.floor(i / cols) + r + 6];
  }

  render() {
    const { ctx, width, height } = fitCanvas(this.canvas);
    const t = this.t = theme(this.canvas), { start, rotated, direct, d, omega } = this.hands, count = d / 2;
    ctx.fillStyle = t.bg;
    ctx.fillRect(0, 0, width, height);
    ctx.font = t.font;
    const { r, cols, band, label } = this.rect = grid(ctx, width, height, count, omega);
    this.rect.cellW = width / cols;
    this.rect.cellH = 2 * (r + 6) + band;
    ctx.font = t.font;
    ctx.textAlign = 'center';
    for (let i = 0; i < count; i++) {
      const [cx, cy] = this.centre(i);
      // The dial in the muted text colour, half opaque: the grid's colour vanished on a dark panel.
      Object.assign(ctx, { strokeStyle: t.muted, lineWidth: 1, globalAlpha: 0.5 });
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.globalAlpha = 1;
      const hand = ([s, c], color, lineWidth, dash = []) => {
        ctx.strokeStyle = color;
        ctx.lineWidth = lineWidth;
        ctx.setLineDash(dash);
        ctx.beginPath();
        ctx.moveTo(cx, cy);
        ctx.lineTo(cx + r * s, cy - r * c);  // (sin, cos): starts at 12 o'clock, turns clockwise
        ctx.stroke();
        ctx.setLineDash([]);
      };
      hand(this.pair(start, i), t.muted, 1.5, [3, 3]);
      hand(this.pair(rotated, i), t.accent, 2.5);
      const [s, c] = this.pair(direct, i);
      ctx.strokeStyle = t.accent2;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(cx + r * s, cy - r * c, 5, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.fillStyle = t.muted;
      if (label) ctx.fillText(label(i), cx, cy + r + 16);
    }
    ctx.textAlign = 'left';
    ctx.fillStyle = t.fg;
    // The key, shortened where the full sentence does not fit (phones).
    const key = ['dashed: PE(pos)   solid: R(k)·PE(pos)   ring: PE(pos + k) computed directly',
      'dashed PE(pos) · solid R(k)·PE(pos) · ring PE(pos+k)', '- - PE(pos)  — R(k)·PE(pos)  ○ PE(pos+k)']
      .find((text) => ctx.measureText(text).width <= width - 16) ?? 'R(k)·PE(pos) vs PE(pos+k)';
    ctx.fillText(key, 8, height - 6);
    this.finish();
  }

  /** The clock whose grid cell holds the point: scrubbing moves from clock to clock, with no gaps. */
  pick(x, y) {
    const { cols, cellW, cellH } = this.rect;
    const col = Math.floor(x / cellW), row = Math.floor((y - 12) / cellH), i = row * cols + col;
    return col >= 0 && col < cols && row >= 0 && i < this.hands.d / 2 ? { index: i } : null;
  }

  step(cursor, event) {
    const { cols } = this.rect, by = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols }[event.key];
    if (!by) return null;
    const i = cursor ? Math.min(this.hands.d / 2 - 1, Math.max(0, cursor.index + by)) : 0;
    const [cx, cy] = this.centre(i);
    return { cursor: { index: i }, x: cx, y: cy };
  }

  read({ index: i }) {
    const { start, rotated, direct, omega, pos, k } = this.hands;
    const show = (v) => this.pair(v, i).map((x) => significant(x, this.exact)).join(', ');
    return {
      text: `pair ${i}, ${sub('ω', i)} = ${significant(omega[i], this.exact)}, angle k·${sub('ω', i)} = ${significant(k * omega[i], this.exact)}\nPE(${pos}): (${show(start)})\nR(${k})·PE(${pos}): (${show(rotated)})\nPE(${pos + k}): (${show(direct)})`,
      data: { index: i, value: this.pair(rotated, i)[0] },
    };
  }

  paintCursor(ctx) {
    const [cx, cy] = this.centre(this.cursor.index);
    ctx.save();
    ctx.strokeStyle = this.t.fg;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(cx, cy, this.rect.r + 4, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.restore();
  }
}
