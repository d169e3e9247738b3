// Line plot on a canvas: series over x = x0, x0 + 1, ...; a legend drawn into the canvas (so
// the saved PNG has it), inside the plot where a corner is clear of the curves, else above it;
// hover, touch or arrow keys show every series' value at the nearest x.
import { CanvasChart } from '../canvas/chart.js';
import { cssPixel, isDark } from '../canvas/colormap.js';
import { scale } from '../canvas/scale.js';
import { number, significant } from '../../numbers.js';
import { clearFrame, cursorLine, gridAndAxes } from '../canvas/frame.js';
import { Legend, legendItems, seriesColor } from '../canvas/legend.js';
import { columnRanges, thin } from '../canvas/thin.js';
import { pixelRatio } from '../canvas/draw.js';

const MARGIN = { left: 62, right: 16, top: 12, bottom: 42 };

// Stroking is slow in software rasterizers past some thousands of zig-zagging points.
const DENSE_POINTS = 8192;
// Samples this many CSS pixels apart or more are drawn as dots on their function's curve.
const SPARSE = 2.5;  // 100 positions on a phone's 290 px: 2.9 px apart

export class LinePlot extends CanvasChart {
  /**
   * exact(x), optional: the series' values at x to show in the readout (default: drawn ones);
   * describe(x, values, exact), optional: the readout's lines for them (default: each series'
   * label and value); yLog: a logarithmic y axis (positive values); legendLeft: prefer the
   * top-left corner for the legend (it goes to the corner the data covers least); rendered({
   * perColumn }) after each render: the x steps one CSS pixel column spans (a resize changes it);
   * between(k, x), optional: series k's value at any real x, for series sampled at whole x of a
   * continuous function: where samples stand SPARSE CSS pixels apart or more, each is a dot on a
   * faint curve through every x (straight segments between samples would draw a zigzag that is
   * not the function: sin(x) at whole x).
   */
  constructor(canvas, { xLabel, yLabel, label, xName = 'x', exact, describe, yLog = false, legendLeft = false, rendered = () => {}, between = null }) {
    super(canvas, label, 'Use the left and right arrow keys to read values');
    Object.assign(this, { xLabel, yLabel, xName, exactValues: exact, describe, yLog, rendered, between });
    this.legendPanel = new Legend({ preferLeft: legendLeft });
  }

  /**
   * series: [{ label, values }]; x of values[i] is x0 + i·step (step > 1: a strided preview).
   * `about` leads the text alternative; `mark` { index, label }: a point of the first series
   * drawn as a dot with its label (e.g. the longest period).
   */
  show({ x0 = 0, step = 1, series, yMin, yMax, about = '', mark = null }) {
    let lo = Infinity, hi = -Infinity;
    for (const { values } of series) for (let i = 0; i < values.length; i++) { lo = Math.min(lo, values[i]); hi = Math.max(hi, values[i]); }
    const count = Math.max(0, ...series.map((s) => s.values.length));
    Object.assign(this, { x0, xStep: step, mark, series, count, lo, hi, yScale: scale(yMin ?? lo, yMax ?? hi, { log: this.yLog }) });
    this.setAlt(`${about ? `${about}, ` : ''}${series.map((s) => s.label).join(', ')} over ${this.xName} from ${number(x0)} to `
      + `${number(x0 + (count - 1) * step)}, values from ${number(lo, 4)} to ${number(hi, 4)}`);
    if (this.cursor && this.cursor.index >= this.count) this.setCursor(null);
    this.render();
  }

  x(i) { return this.rect.x + (this.count > 1 ? (i / (this.count - 1)) * this.rect.w : this.rect.w / 2); }
  y(v) { return this.rect.y + this.rect.h * (1 - this.yScale.fraction(v)); }

  render() {
    const ctx = clearFrame(this, MARGIN), t = this.t;
    this.makeRoom(ctx, t, MARGIN);
    const xTicks = scale(this.x0, this.x0 + (this.count - 1) * this.xStep, { digits: 6 }).ticks(Math.floor(this.rect.w / 70))
      .map(({ v, label }) => ({ at: this.x((v - this.x0) / this.xStep), label }));
    const yTicks = this.yScale.ticks(this.yLog ? Math.floor(this.rect.h / 24) : 5).map(({ v, label }) => ({ at: this.y(v), label }));
    gridAndAxes(ctx, this, xTicks, yTicks);
    ctx.lineWidth = 1.8;
    ctx.lineJoin = 'round';
    // Spans per device-pixel column where a curve has more samples than columns, or where the
    // curves together have too many points to stroke quickly; polylines otherwise (on a phone's
    // 3× pixels, 100 samples drawn as spans were a staircase).
    const columns = this.rect.w * pixelRatio();
    if (this.count > columns || this.count * this.series.length > DENSE_POINTS) this.drawDense(ctx);
    else if (this.between && this.count > 1 && this.rect.w / (this.count - 1) >= SPARSE) this.drawSampled(ctx);
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
    this.rendered({ perColumn: (Math.max(1, this.count - 1) * this.xStep) / this.rect.w });
  }

  // Samples of continuous functions, far apart: each function as a faint curve (a point every
  // CSS pixel), its samples as dots on it.
  drawSampled(ctx) {
    const { x, w } = this.rect, last = (this.count - 1) * this.xStep;
    this.series.forEach((s, k) => {
      ctx.strokeStyle = ctx.fillStyle = this.color(k);
      ctx.save();
      ctx.globalAlpha = isDark(this.t.bg) ? 0.55 : 0.35;  // on a dark panel a dim line all but vanished
      ctx.lineWidth = 1.2;
      ctx.beginPath();
      for (let px = 0; px <= w; px++) {
        const at = this.x0 + (px / w) * last, yy = this.y(this.between(k, at));
        if (px) ctx.lineTo(x + px, yy);
        else ctx.moveTo(x, yy);
      }
      ctx.stroke();
      ctx.restore();
      // Dots that never touch: 2.4 px wide where samples are far apart, smaller on a phone.
      const r = Math.min(2.4, Math.max(1, 0.4 * (w / Math.max(1, this.count - 1))));
      ctx.beginPath();
      s.values.forEach((v, i) => {
        ctx.moveTo(this.x(i) + r, this.y(v));
        ctx.arc(this.x(i), this.y(v), r, 0, 2 * Math.PI);
      });
      ctx.fill();
    });
  }

  // Denser curves: each device-pixel column of each curve becomes one vertical span (thin.js),
  // written straight into pixels and drawn as one image. The image is
  // built transposed (a column is a row: one contiguous fill per span, where writing down a
  // column touches a new cache line per pixel; 10 full-height curves at 2× took 50 ms) and
  // drawn through the transposing transform (x, y) → (y, x).
  drawDense(ctx) {
    const dpr = pixelRatio(), { x, y, w, h } = this.rect;
    const width = Math.max(1, Math.round(w * dpr)), height = Math.max(1, Math.round(h * dpr));
    const image = new ImageData(height, width), pixels = new Uint32Array(image.data.buffer);
    const half = 0.9 * dpr;  // half the 1.8 px line width
    const fill = (col, hi, lo, color) => {  // hi ≤ lo: pixels grow downwards
      const top = Math.max(0, Math.floor((hi - y) * dpr - half));
      const bottom = Math.min(height - 1, Math.ceil((lo - y) * dpr + half));
      if (top <= bottom) pixels.fill(color, col * height + top, col * height + bottom + 1);
    };
    this.series.forEach((s, k) => {
      // Any CSS colour (a theme colour a page set as rgb() or a name): as the canvas reads it back.
      ctx.fillStyle = this.color(k);
      const color = cssPixel(ctx.fillStyle);
      const values = s.values, n = values.length;
      if (!this.yLog) {  // a linear axis keeps the order of values: thin them as values
        const ranges = columnRanges(values, width);
        for (let col = 0; col < width; col++) {
          if (ranges.lo[col] !== ranges.lo[col]) continue;
          const a = this.y(ranges.hi[col]), b = this.y(ranges.lo[col]);
          fill(col, Math.min(a, b), Math.max(a, b), color);
        }
        return;
      }
      // Column c holds samples ⌈c·n/width⌉ … ⌈(c + 1)·n/width⌉: sample i ≥ 1 is in ⌊(i − 1)·width/n⌋.
      thin(n, (i) => (i === 0 ? 0 : Math.floor(((i - 1) * width) / n)), (i) => this.y(values[i]), {
        fill: true, to: width, span: (col, hi, lo) => fill(col, hi, lo, color),
      });
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

  /**
   * The marked point: a ringed dot, its label level with it and to its left (the point is often
   * at the right edge), moved left past the curve where the curve runs through the label's row
   * near the point (the periods' curve rises steeply to it on a phone), else below or above the
   * curve; on a panel-coloured box, so it stays readable where nothing clears the curve.
   */
  drawMark(ctx, t) {
    const { index, label } = this.mark, values = this.series[0].values, x = this.x(index), y = this.y(values[index]);
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
    const w = ctx.measureText(label).width, { x: left, y: top, h } = this.rect;
    // The curve's extent (screen y) over the columns from..to.
    const extent = (from, to) => {
      let low = Infinity, high = -Infinity;
      values.forEach((v, i) => {
        const at = this.x(i);
        if (at >= from && at <= to && Number.isFinite(v)) [low, high] = [Math.min(low, this.y(v)), Math.max(high, this.y(v))];
      });
      return [low, high];
    };
    const clear = (right, c) => {
      const [low, high] = extent(right - w - 3, right + 3);
      return c + 8 < low - 2 || c - 8 > high + 2;
    };
    const level = Math.max(top + 8, y);
    // The label's right edge just left of where the curve, coming into the point, leaves its row.
    let j = index;
    while (j > 0 && Math.abs(this.y(values[j - 1]) - level) < 11) j--;
    const past = this.x(j) - 6;
    const [low, high] = extent(x - 12 - w, x - 6);
    const [right, ly] = [[x - 9, level], [past, level], [x - 9, low - 11], [x - 9, high + 11]]
      .find(([r, c]) => r - w - 3 >= left && c >= top + 8 && c <= top + h - 8 && clear(r, c)) ?? [x - 9, level];
    ctx.fillStyle = t.bg;
    ctx.fillRect(right - 3 - w, ly - 8, w + 6, 16);
    ctx.fillStyle = t.fg;
    ctx.fillText(label, right, ly);
    ctx.restore();
  }

  /** Series k's colour (legend.js). */
  color(k) {
    return seriesColor(this.series, k, this.t);
  }

  /**
   * Points of the drawn data in canvas pixels, ~600 per series and at most 4 px apart along the
   * curve (a steep segment between two samples crosses a box that holds neither): where the
   * legend should not go.
   */
  *ink() {
    const drawable = this.drawable ?? Number.isFinite;
    for (const s of this.series) {
      const n = s.values.length, every = Math.max(1, Math.floor(n / 600));
      let last = null;
      for (let i = 0; i < n; i += every) {
        if (!drawable(s.values[i])) { last = null; continue; }
        const at = [this.x(i), this.y(s.values[i])];
        if (last) {
          const steps = Math.floor(Math.hypot(at[0] - last[0], at[1] - last[1]) / 4);
          for (let k = 1; k <= steps; k++) yield [last[0] + ((at[0] - last[0]) * k) / (steps + 1), last[1] + ((at[1] - last[1]) * k) / (steps + 1)];
        }
        yield (last = at);
      }
    }
  }

  /**
   * Decides where the legend goes before anything is drawn (canvas/legend.js arrange()): rows
   * above the plot take their height from its top.
   */
  makeRoom(ctx, t, margin) {
    const top = this.legendPanel.arrange(ctx, t, legendItems(this.series, t), this.rect, () => this.ink(), this.rect.w + margin.right - 4);
    this.rect.y += top;
    this.rect.h = Math.max(10, this.rect.h - top);
  }

  legend(ctx, t) {
    this.legendPanel.draw(ctx, t, legendItems(this.series, t), this.rect, () => this.ink());
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
