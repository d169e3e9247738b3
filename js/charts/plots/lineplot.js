// Line plot on a canvas: series over x = x0, x0 + 1, ...; a legend drawn into the canvas (so
// the saved PNG has it); hover, touch or arrow keys show every series' value at the nearest x.
import { CanvasChart } from '../canvas/chart.js';
import { hexPixel } from '../canvas/colormap.js';
import { drawAxes, fitCanvas, format, ticks } from '../canvas/draw.js';
import { significant } from '../canvas/numbers.js';
import { cursorLine } from '../canvas/frame.js';
import { theme } from '../canvas/theme.js';

export const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2',
  '#7f7f7f', '#bcbd22', '#17becf'];
const MARGIN = { left: 62, right: 16, top: 12, bottom: 42 };
const LEGEND_ROW = 16;  // px per series in the legend

export class LinePlot extends CanvasChart {
  /**
   * exact(x), optional: the series' values at x to show in the readout (default: drawn ones);
   * describe(x, values, exact), optional: the readout's lines for them (default: each series'
   * label and value); yLog: a logarithmic y axis (positive values); legendLeft: prefer the
   * top-left corner for the legend (it goes to the corner the data covers least).
   */
  constructor(canvas, { xLabel, yLabel, label, xName = 'x', exact, describe, yLog = false, legendLeft = false }) {
    super(canvas, label, 'Use the left and right arrow keys to read values');
    Object.assign(this, { xLabel, yLabel, xName, exactValues: exact, describe, yLog, legendLeft });
  }

  /**
   * series: [{ label, values }]; x of values[i] is x0 + i·step (step > 1: a strided preview).
   * `about` leads the text alternative; `mark` { index, label }: a point of the first series
   * drawn as a dot with its label (e.g. the longest period).
   */
  show({ x0 = 0, step = 1, series, yMin, yMax, about = '', mark = null }) {
    let lo = Infinity, hi = -Infinity;
    for (const s of series) for (const v of s.values) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    const count = Math.max(0, ...series.map((s) => s.values.length));
    Object.assign(this, { x0, xStep: step, mark, series, count, yMin: yMin ?? lo, yMax: yMax ?? hi, lo, hi });
    this.setAlt(`${about ? `${about}, ` : ''}${series.map((s) => s.label).join(', ')} over ${this.xName} from ${x0} to `
      + `${x0 + (count - 1) * step}, values from ${format(lo, 4)} to ${format(hi, 4)}`);
    if (this.cursor && this.cursor.index >= this.count) this.setCursor(null);
    this.render();
  }

  x(i) { return this.rect.x + (this.count > 1 ? (i / (this.count - 1)) * this.rect.w : this.rect.w / 2); }
  y(v) {
    const f = this.yLog ? Math.log10 : (u) => u, lo = f(this.yMin);
    return this.rect.y + this.rect.h * (1 - (f(v) - lo) / (f(this.yMax) - lo || 1));
  }

  /** The y ticks: round values, or on a log axis the powers of ten (1, 2, 5 × when few). */
  yTicks() {
    if (!this.yLog) return ticks(this.yMin, this.yMax, 5);
    const first = Math.floor(Math.log10(this.yMin)), last = Math.ceil(Math.log10(this.yMax));
    const steps = last - first <= 2 ? [1, 2, 5] : [1];
    const out = [];
    for (let e = first; e <= last; e++) for (const m of steps) out.push(m * 10 ** e);
    const every = Math.ceil(out.length / 7);
    return out.filter((v, i) => v >= this.yMin && v <= this.yMax && i % every === 0);
  }

  render() {
    const { ctx, width, height } = fitCanvas(this.canvas);
    const t = this.t = theme(this.canvas);
    ctx.fillStyle = t.bg;
    ctx.fillRect(0, 0, width, height);
    this.rect = { x: MARGIN.left, y: MARGIN.top, w: width - MARGIN.left - MARGIN.right, h: height - MARGIN.top - MARGIN.bottom };
    const xTicks = ticks(this.x0, this.x0 + (this.count - 1) * this.xStep, Math.floor(this.rect.w / 70))
      .map((v) => ({ at: this.x((v - this.x0) / this.xStep), label: format(v) }));
    const yTicks = this.yTicks().map((v) => ({ at: this.y(v), label: format(v, 4) }));
    ctx.strokeStyle = t.grid;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const { at } of yTicks) { ctx.moveTo(this.rect.x, at); ctx.lineTo(this.rect.x + this.rect.w, at); }
    ctx.stroke();
    drawAxes(ctx, this.rect, { xTicks, yTicks, xLabel: this.xLabel, yLabel: this.yLabel }, t);
    ctx.lineWidth = 1.8;
    ctx.lineJoin = 'round';
    // Stroked polylines while all curves together have at most a point per pixel column.
    if (this.count * this.series.length > this.rect.w) this.drawDense(ctx);
    else
      this.series.forEach((s, k) => {
        ctx.strokeStyle = this.color(k);
        ctx.beginPath();
        s.values.forEach((v, i) => (i ? ctx.lineTo(this.x(i), this.y(v)) : ctx.moveTo(this.x(i), this.y(v))));
        ctx.stroke();
      });
    if (this.mark) this.drawMark(ctx, t);
    this.legend(ctx, t);
    this.finish();
  }

  // Denser curves: each device-pixel column of each curve becomes one
  // vertical span from its lowest to its highest value (with the next point's, so spans join),
  // written straight into pixels and drawn as one image: the ink of the polyline, which software
  // rasterizers stroke very slowly (hundreds of ms for 4096 zig-zagging points). The image is
  // built transposed (a column is a row: one contiguous fill per span, where writing down a
  // column touches a new cache line per pixel; 10 full-height curves at 2× took 50 ms) and
  // drawn through the transposing transform (x, y) → (y, x).
  drawDense(ctx) {
    const dpr = window.devicePixelRatio || 1, { x, y, w, h } = this.rect;
    const width = Math.max(1, Math.round(w * dpr)), height = Math.max(1, Math.round(h * dpr));
    const image = new ImageData(height, width), pixels = new Uint32Array(image.data.buffer);
    const half = 0.9 * dpr;  // half the 1.8 px line width
    this.series.forEach((s, k) => {
      const color = hexPixel(this.color(k));
      const values = s.values, n = values.length;
      for (let col = 0, i = 0; col < width; col++) {
        const end = Math.min(n - 1, Math.ceil(((col + 1) * n) / width));
        let lo = Infinity, hi = -Infinity;
        for (let k2 = i; k2 <= end; k2++) { lo = Math.min(lo, values[k2]); hi = Math.max(hi, values[k2]); }
        i = end;
        const top = Math.max(0, Math.floor((this.y(hi) - y) * dpr - half));
        const bottom = Math.min(height - 1, Math.ceil((this.y(lo) - y) * dpr + half));
        if (top <= bottom) pixels.fill(color, col * height + top, col * height + bottom + 1);
      }
    });
    this.dense ??= document.createElement('canvas');
    Object.assign(this.dense, { width: height, height: width });
    this.dense.getContext('2d').putImageData(image, 0, 0);
    ctx.save();
    ctx.translate(x, y);
    ctx.transform(0, 1, 1, 0, 0, 0);
    ctx.drawImage(this.dense, 0, 0, h, w);
    ctx.restore();
  }

  /** The marked point: a ringed dot, its label to the left (the point is often at the right edge). */
  drawMark(ctx, t) {
    const { index, label } = this.mark, x = this.x(index), y = this.y(this.series[0].values[index]);
    ctx.save();
    ctx.strokeStyle = t.fg;
    ctx.fillStyle = this.color(0);
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(x, y, 4.5, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    ctx.font = t.font;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    // On a panel-coloured box: the label stays readable where the curve passes under it.
    const w = ctx.measureText(label).width, ly = Math.max(this.rect.y + 8, y);
    ctx.fillStyle = t.bg;
    ctx.fillRect(x - 12 - w, ly - 8, w + 6, 16);
    ctx.fillStyle = t.fg;
    ctx.fillText(label, x - 9, ly);
    ctx.restore();
  }

  /** Series k's colour: its own, or the palette's. */
  color(k) {
    return this.series[k].color ?? PALETTE[k % PALETTE.length];
  }

  /**
   * The legend's box { x, y, w, h, left, top }: in the corner of the plot its data covers least
   * (matplotlib's loc='best'), top-right first (top-left with legendLeft) on a tie.
   */
  legendBox(ctx, t) {
    ctx.font = t.font;
    const w = Math.max(...this.series.map((s) => ctx.measureText(s.label).width)) + 34, h = LEGEND_ROW * this.series.length + 8;
    const { x, y, w: width, h: height } = this.rect;
    const corners = [[false, true], [true, true], [false, false], [true, false]]
      .map(([left, top]) => ({ x: left ? x + 6 : x + width - w - 6, y: top ? y + 6 : y + height - h - 6, w, h, left, top }));
    if (this.legendLeft) corners.unshift(corners.splice(1, 1)[0]);
    const covered = (box) => {
      let n = 0;
      for (const [px, py] of this.ink()) if (px >= box.x && px <= box.x + w && py >= box.y && py <= box.y + h) n++;
      return n;
    };
    let best = corners[0], fewest = Infinity;
    for (const box of corners) {
      const n = covered(box);
      if (n < fewest) [best, fewest] = [box, n];
      if (n === 0) break;
    }
    // The last corner stays unless another is clearly emptier: no hopping while a slider drags.
    const last = this.legendAt && corners.find((box) => box.left === this.legendAt.left && box.top === this.legendAt.top);
    if (last && last !== best && covered(last) <= fewest + Math.max(3, fewest / 2)) best = last;
    this.legendAt = best;
    return best;
  }

  /** Points of the drawn data in canvas pixels, ~600 per series: where the legend should not go. */
  *ink() {
    for (const s of this.series) {
      const n = s.values.length, every = Math.max(1, Math.floor(n / 600));
      for (let i = 0; i < n; i += every) if (Number.isFinite(s.values[i])) yield [this.x(i), this.y(s.values[i])];
    }
  }

  legend(ctx, t) {
    if (this.series.length === 0) return;
    // Called on other charts too (bars, log plots): LinePlot's box over their own ink().
    const rowH = LEGEND_ROW, { x, y, w, h } = LinePlot.prototype.legendBox.call(this, ctx, t);
    ctx.fillStyle = t.bg;
    ctx.globalAlpha = 0.88;
    ctx.fillRect(x, y, w, h);
    ctx.globalAlpha = 1;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    this.series.forEach((s, k) => {
      const cy = y + 4 + rowH * (k + 0.5);
      ctx.fillStyle = this.color(k);
      ctx.fillRect(x + 6, cy - 2, 18, 4);
      ctx.fillStyle = t.fg;
      ctx.fillText(s.label, x + 28, cy);
    });
  }

  pick(px) {
    if (px < this.rect.x - 4 || px > this.rect.x + this.rect.w + 4 || this.count === 0) return null;
    const i = Math.round(((px - this.rect.x) / this.rect.w) * (this.count - 1));
    return { index: Math.min(this.count - 1, Math.max(0, i)) };
  }

  step(cursor, event) {
    const by = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (!by || this.count === 0) return null;
    const i = cursor ? Math.min(this.count - 1, Math.max(0, cursor.index + by * (event.shiftKey ? 10 : 1))) : 0;
    return { cursor: { index: i }, x: this.x(i), y: this.rect.y + 20 };
  }

  read({ index: i }) {
    const x = this.x0 + i * this.xStep, values = this.exactValues ? this.exactValues(x) : this.series.map((s) => s.values[i]);
    const lines = this.describe?.(x, values, this.exact) ?? this.series.map((s, k) => `${s.label}: ${significant(values[k], this.exact)}`);
    return { text: `${this.xName} = ${x}\n${lines.join('\n')}`, data: { index: i, x, value: values[0] } };
  }

  paintCursor(ctx) {
    const i = this.cursor.index, cx = this.x(i);
    ctx.save();
    cursorLine(ctx, this, cx);
    this.series.forEach((s, k) => {
      ctx.fillStyle = this.color(k);
      ctx.beginPath();
      ctx.arc(cx, this.y(s.values[i]), 3.5, 0, 2 * Math.PI);
      ctx.fill();
    });
    ctx.restore();
  }
}
