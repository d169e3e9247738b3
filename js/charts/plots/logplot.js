// A plot against a logarithmic x axis (offsets 1 … 131072, bases 2 … 1e9): every factor gets the
// same width, so Δ = 6 and Δ = 103993 are both visible. The y axis is linear or logarithmic.
// Series share one x sampling x(i), increasing; where more samples than pixel columns fall on
// the plot, each column is drawn as one span from its lowest to its highest value (the ink of
// the polyline at a fraction of the cost). Marks (points with labels), vertical rules (e.g. the
// current base) and a shaded band (e.g. the trivial offsets) are drawn over the curves; the
// cursor (pointer, touch, arrow keys) shows the widget's `describe(i)` of the nearest sample.
import { CanvasChart } from '../canvas/chart.js';
import { clearFrame, cursorLine, gridAndAxes } from '../canvas/frame.js';
import { scale } from '../canvas/scale.js';
import { thin } from '../canvas/thin.js';
import { Legend, legendItems, seriesColor } from '../canvas/legend.js';

const LABEL_HEIGHT = 14;  // a 12 px label's box, for placing labels clear of each other
const MARGIN = { left: 62, right: 16, top: 14, bottom: 42 };

export class LogPlot extends CanvasChart {
  /**
   * @param options.describe (i) => { text, data }: the readout of sample i
   * @param options.yLog logarithmic y axis (values ≤ 0 and null are left out)
   */
  constructor(canvas, { xLabel, yLabel, label, describe, yLog = false }) {
    super(canvas, `${label}. Use the left and right arrow keys to read values.`);
    Object.assign(this, { xLabel, yLabel, describe, yLog, count: 0, series: [], marks: [], rules: [] });
    this.legendPanel = new Legend();
  }

  /**
   * count samples at x(i) (increasing, > 0); series: [{ label, values, color? }] (values[i] may
   * be null: a gap, or NaN: not known yet, joined across); the x range [xMin, xMax], the y range [yMin, yMax]; marks: [{ x, y, label? }];
   * rules: [{ x, label, color?, top? }] (vertical, labelled at the bottom or top); levels: [{ y, label }] (horizontal); band: { from, to,
   * label } in x units.
   */
  show({ count, x, series, xMin, xMax, yMin, yMax, marks = [], rules = [], levels = [], band = null }) {
    Object.assign(this, { count, xAt: x, series, xMin, xMax, marks, rules, levels, band,
      xScale: scale(xMin, xMax, { log: true }), yScale: scale(yMin, yMax, { log: this.yLog }) });
    if (this.cursor && this.cursor.index >= count) this.setCursor(null);
    this.render();
  }

  px(v) { return this.rect.x + this.rect.w * this.xScale.fraction(v); }
  py(v) { return this.rect.y + this.rect.h * (1 - this.yScale.fraction(v)); }

  /** Whether a value can be drawn on the y axis. */
  drawable(v) { return v !== null && v !== undefined && Number.isFinite(v) && (!this.yLog || v > 0); }

  render() {
    const ctx = clearFrame(this, MARGIN), t = this.t;
    const yTicks = this.yScale.ticks(this.yLog ? Math.floor(this.rect.h / 24) : 5).map(({ v, label }) => ({ at: this.py(v), label }));
    const xTicks = this.xScale.ticks(Math.floor(this.rect.w / 48)).map(({ v, label }) => ({ at: this.px(v), label }));
    gridAndAxes(ctx, this, xTicks, yTicks);
    ctx.save();
    ctx.beginPath();
    ctx.rect(this.rect.x, this.rect.y - 1, this.rect.w, this.rect.h + 2);
    ctx.clip();
    if (this.band) this.drawBand(ctx, t);
    this.series.forEach((s, k) => this.drawSeries(ctx, s.values, this.color(k)));
    this.ruleLabels = [];  // boxes of the rules' labels, which the levels' labels avoid
    for (const rule of this.rules) this.drawRule(ctx, rule, t);
    for (const level of this.levels) this.drawLevel(ctx, level, t);
    this.labelled = [];
    for (const mark of this.marks) this.drawMark(ctx, mark, t);
    ctx.restore();
    this.legend(ctx, t);
    this.finish();
  }

  color(k) { return seriesColor(this.series, k, this.t); }

  // Pixel columns: the samples falling in one column become one span (thin.js); where
  // consecutive samples are columns apart (the left of a log axis), a line joins them; sparse
  // curves are polylines. NaN is a sample not known yet (the curve joins across it); null or
  // undefined, a value that does not exist (a gap).
  drawSeries(ctx, values, color) {
    ctx.strokeStyle = ctx.fillStyle = color;
    ctx.lineWidth = 1.6;
    ctx.lineJoin = 'round';
    if (this.count > this.rect.w) {
      const joins = new Path2D(), X = (i) => this.px(this.xAt(i));
      ctx.beginPath();
      thin(this.count, (i) => Math.floor(X(i)), (i) => {
        const v = values[i];
        return this.drawable(v) ? this.py(v) : Number.isNaN(v) ? NaN : null;
      }, {
        x: X,
        span: (column, top, bottom) => ctx.rect(column, top - 0.8, 1, bottom - top + 1.6),
        join: (x0, y0, x1, y1) => { joins.moveTo(x0, y0); joins.lineTo(x1, y1); },
      });
      ctx.fill();
      ctx.stroke(joins);
      return;
    }
    ctx.beginPath();
    let open = false;
    for (let i = 0; i < this.count; i++) {
      const v = values[i];
      if (!this.drawable(v)) { if (!Number.isNaN(v)) open = false; continue; }
      const X = this.px(this.xAt(i)), Y = this.py(v);
      if (open) ctx.lineTo(X, Y); else ctx.moveTo(X, Y);
      open = true;
    }
    ctx.stroke();
  }

  drawBand(ctx, t) {
    const { from, to, label } = this.band, a = this.px(from), b = this.px(to);
    ctx.fillStyle = t.highlight;
    ctx.fillRect(a, this.rect.y, b - a, this.rect.h);
    ctx.fillStyle = t.muted;
    ctx.font = t.font;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    if (label) ctx.fillText(label, a + 3, this.rect.y + 3);
  }

  drawRule(ctx, { x, label, color, top = false }, t) {
    const X = this.px(x);
    ctx.strokeStyle = ctx.fillStyle = color ?? t.fg;
    ctx.setLineDash([4, 3]);
    ctx.lineWidth = 1.2;
    ctx.beginPath();
    ctx.moveTo(X, this.rect.y);
    ctx.lineTo(X, this.rect.y + this.rect.h);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.font = t.font;
    // Labels stay inside the plot: right of the rule, else left of it, else (a phone's narrow
    // plot, where neither side has room) as far left as the plot goes.
    const w = ctx.measureText(label).width, { x: edge, w: width } = this.rect;
    const right = X + w + 8 < edge + width, left = X - w - 8 > edge;
    const at = right ? X + 4 : left ? X - 4 : edge + 4, y = top ? this.rect.y + 4 : this.rect.y + this.rect.h - 4;
    const align = right || !left ? 'left' : 'right';
    labelAt(ctx, label, at, y, align, top ? 'top' : 'bottom', t, color ?? t.fg);
    const x0 = align === 'left' ? at : at - w;
    this.ruleLabels.push({ x0, x1: x0 + w, y0: top ? y : y - LABEL_HEIGHT, y1: top ? y + LABEL_HEIGHT : y });
  }

  drawLevel(ctx, { y, label }, t) {
    // A level above or below the plotted range would draw its label outside the plot.
    if (!this.drawable(y) || y < this.yScale.min || y > this.yScale.max) return;
    const Y = this.py(y);
    ctx.strokeStyle = ctx.fillStyle = t.muted;
    ctx.setLineDash([2, 3]);
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(this.rect.x, Y);
    ctx.lineTo(this.rect.x + this.rect.w, Y);
    ctx.stroke();
    ctx.setLineDash([]);
    // Above its line, or under it where the line runs along the top of the plot; at the left
    // end, or at the right end where a rule's label is in the way.
    const under = Y - LABEL_HEIGHT - 2 < this.rect.y, y0 = under ? Y + 3 : Y - 2 - LABEL_HEIGHT;
    ctx.font = t.font;
    const w = ctx.measureText(label).width, left = this.rect.x + 4, right = this.rect.x + this.rect.w - 4 - w;
    const clear = (x0) => !this.ruleLabels.some((b) => x0 < b.x1 + 4 && x0 + w > b.x0 - 4 && y0 < b.y1 && y0 + LABEL_HEIGHT > b.y0);
    const x = clear(left) || !clear(right) ? left : right;
    labelAt(ctx, label, x, under ? Y + 3 : Y - 2, 'left', under ? 'top' : 'bottom', t);
  }

  drawMark(ctx, { x, y, label }, t) {
    if (!this.drawable(y)) return;
    const X = this.px(x), Y = this.py(y);
    ctx.fillStyle = t.accent;
    ctx.strokeStyle = t.bg;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(X, Y, 4, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    if (!label) return;
    // Kept inside the plot, and left out where an earlier (closer) mark's label already is.
    ctx.font = t.font;
    const w = ctx.measureText(label).width, at = Math.min(Math.max(X, this.rect.x + w / 2 + 2), this.rect.x + this.rect.w - w / 2 - 2);
    if (this.labelled.some(([a, b]) => at - w / 2 < b + 4 && at + w / 2 > a - 4)) return;
    this.labelled.push([at - w / 2, at + w / 2]);
    labelAt(ctx, label, at, Y - 6, 'center', 'bottom', t);
  }

  /** Points of the drawn curves in canvas pixels, ~600 per series (the legend avoids them). */
  *ink() {
    const every = Math.max(1, Math.floor(this.count / 600));
    for (const s of this.series)
      for (let i = 0; i < this.count; i += every) if (this.drawable(s.values[i])) yield [this.px(this.xAt(i)), this.py(s.values[i])];
  }

  // A legend for two or more curves.
  legend(ctx, t) {
    if (this.series.length > 1) this.legendPanel.draw(ctx, t, legendItems(this.series, t), this.rect, () => this.ink());
  }

  /** The sample nearest to x (binary search: x(i) increases). */
  nearest(x) {
    let lo = 0, hi = this.count - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (this.xAt(mid) < x) lo = mid; else hi = mid;
    }
    return Math.abs(Math.log(this.xAt(hi) / x)) < Math.abs(Math.log(this.xAt(lo) / x)) ? hi : lo;
  }

  pick(px) {
    if (this.count === 0 || px < this.rect.x - 4 || px > this.rect.x + this.rect.w + 4) return null;
    const x = this.xScale.value((px - this.rect.x) / this.rect.w);
    return { index: this.nearest(x) };
  }

  step(cursor, event) {
    const by = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (!by || this.count === 0) return null;
    const i = cursor ? Math.min(this.count - 1, Math.max(0, cursor.index + by * (event.shiftKey ? 10 : 1))) : 0;
    return { cursor: { index: i }, x: this.px(this.xAt(i)), y: this.rect.y + 20 };
  }

  read({ index }) {
    return this.describe(index);
  }

  paintCursor(ctx) {
    const i = this.cursor.index, X = this.px(this.xAt(i));
    ctx.save();
    cursorLine(ctx, this, X);
    this.series.forEach((s, k) => {
      if (!this.drawable(s.values[i])) return;
      ctx.fillStyle = this.color(k);
      ctx.beginPath();
      ctx.arc(X, this.py(s.values[i]), 3.5, 0, 2 * Math.PI);
      ctx.fill();
    });
    ctx.restore();
  }
}

// Text on a translucent patch of the background, readable over dense curves.
function labelAt(ctx, text, x, y, align, baseline, t, color = t.fg) {
  ctx.font = t.font;
  ctx.textAlign = align;
  ctx.textBaseline = baseline;
  const w = ctx.measureText(text).width, left = align === 'center' ? x - w / 2 : align === 'right' ? x - w : x;
  ctx.fillStyle = t.bg;
  ctx.globalAlpha = 0.85;
  ctx.fillRect(left - 2, baseline === 'bottom' ? y - 14 : y - 1, w + 4, 15);
  ctx.globalAlpha = 1;
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
}
