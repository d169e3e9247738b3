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
   * rules: [{ x, label, short?, color?, top? }] (vertical, labelled at the bottom or top; short: the
   * label where the full one fits beside the rule on neither side); levels: [{ y, label, short? }]
   * (horizontal; short: the label where the full one fits nowhere clear); band: { from, to,
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
    // The legend first (two curves or more): inside where a corner is clear of the curves, the
    // rules and their labels and the levels, else in rows above the plot, which gives up their height.
    const top = this.series.length > 1
      ? this.legendPanel.arrange(ctx, t, legendItems(this.series, t), this.rect, () => this.legendInk(ctx, t), this.rect.w + MARGIN.right - 4) : 0;
    this.rect.y += top;
    this.rect.h = Math.max(10, this.rect.h - top);
    const yTicks = this.yScale.ticks(this.yLog ? Math.floor(this.rect.h / 24) : 5).map(({ v, label }) => ({ at: this.py(v), label }));
    const xTicks = this.xScale.ticks(Math.floor(this.rect.w / 48)).map(({ v, label }) => ({ at: this.px(v), label }));
    gridAndAxes(ctx, this, xTicks, yTicks);
    ctx.save();
    ctx.beginPath();
    ctx.rect(this.rect.x, this.rect.y - 1, this.rect.w, this.rect.h + 2);
    ctx.clip();
    this.bandLabel = null;
    if (this.band) this.drawBand(ctx, t);
    this.series.forEach((s, k) => this.drawSeries(ctx, s.values, this.color(k)));
    this.ruleLabels = [];  // boxes of the rules' labels, which the levels' labels avoid
    for (const rule of this.rules) this.drawRule(ctx, rule, t);
    // Boxes the levels' labels keep clear of: the rules' labels, the band's, the legend inside the plot.
    const legend = this.series.length > 1 && !this.legendPanel.rows ? this.legendPanel.at : null;
    this.taken = [...this.ruleLabels, ...(this.bandLabel ? [this.bandLabel] : []),
      ...(legend ? [{ x0: legend.x, x1: legend.x + legend.w, y0: legend.y, y1: legend.y + legend.h }] : [])];
    this.inkPoints = null;
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
    // A tint of the second accent (blue), in both schemes: --highlight's yellow turned olive
    // over the dark panel.
    ctx.fillStyle = t.accent2;
    ctx.globalAlpha = 0.15;
    ctx.fillRect(a, this.rect.y, b - a, this.rect.h);
    ctx.globalAlpha = 1;
    ctx.fillStyle = t.muted;
    ctx.font = t.font;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    if (label) ctx.fillText(label, a + 3, this.rect.y + 3);
    this.bandLabel = label ? { x0: a + 3, x1: a + 3 + ctx.measureText(label).width, y0: this.rect.y + 3, y1: this.rect.y + 3 + LABEL_HEIGHT } : null;
  }

  drawRule(ctx, { x, label, short, color, top = false }, t) {
    const X = this.px(x);
    ctx.strokeStyle = ctx.fillStyle = color ?? t.fg;
    ctx.setLineDash([4, 3]);
    ctx.lineWidth = 1.2;
    ctx.beginPath();
    ctx.moveTo(X, this.rect.y);
    ctx.lineTo(X, this.rect.y + this.rect.h);
    ctx.stroke();
    ctx.setLineDash([]);
    const spot = this.ruleLabel(ctx, { x, label, short, top }, t);
    labelAt(ctx, spot.text, spot.at, spot.y, spot.align, top ? 'top' : 'bottom', t, color ?? t.fg);
    this.ruleLabels.push(spot.box);
  }

  /**
   * Where a rule's label goes: inside the plot, right of the rule, else left of it; where
   * neither side has room for the label (a phone's narrow plot) its short form (`short`) beside
   * the rule, else as far left as the plot goes. { text, at, y, align, box }.
   */
  ruleLabel(ctx, { x, label, short, top = false }, t) {
    ctx.font = t.font;
    const X = this.px(x), { x: edge, w: width } = this.rect, fits = (text) => {
      const w = ctx.measureText(text).width;
      return X + w + 8 < edge + width || X - w - 8 > edge;
    };
    const text = short && !fits(label) && fits(short) ? short : label, w = ctx.measureText(text).width;
    const right = X + w + 8 < edge + width, left = X - w - 8 > edge;
    const at = right ? X + 4 : left ? X - 4 : edge + 4, y = top ? this.rect.y + 4 : this.rect.y + this.rect.h - 4;
    const align = right || !left ? 'left' : 'right', x0 = align === 'left' ? at : at - w;
    return { text, at, y, align, box: { x0, x1: x0 + w, y0: top ? y : y - LABEL_HEIGHT, y1: top ? y + LABEL_HEIGHT : y } };
  }

  drawLevel(ctx, { y, label, short }, t) {
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
    // Above its line (under it where there is no room above), else under it, as far left as
    // it can be: the first place that no rule runs through and that keeps clear of the curves
    // and of the other labels (`taken`); its short form (`short`) where the label fits nowhere;
    // else at the left end, above.
    ctx.font = t.font;
    const room = (under) => (under ? Y + 3 + LABEL_HEIGHT <= this.rect.y + this.rect.h : Y - 2 - LABEL_HEIGHT >= this.rect.y);
    const sides = [false, true].filter(room);
    if (sides.length === 0) sides.push(true);
    const ink = (this.inkPoints ??= [...this.ink()]);
    const clear = (x, w, y0) => !this.rules.some((rule) => this.px(rule.x) > x - 4 && this.px(rule.x) < x + w + 4)
      && !this.taken.some((b) => x < b.x1 + 4 && x + w > b.x0 - 4 && y0 < b.y1 + 3 && y0 + LABEL_HEIGHT > b.y0 - 3)
      && !ink.some(([px, py]) => px > x - 2 && px < x + w + 2 && py > y0 - 1 && py < y0 + LABEL_HEIGHT + 1);
    const spot = (() => {
      for (const text of [label, short].filter(Boolean)) {
        const w = ctx.measureText(text).width, last = this.rect.x + this.rect.w - 4 - w;
        for (const under of sides) {
          const y0 = under ? Y + 3 : Y - 2 - LABEL_HEIGHT;
          for (let x = this.rect.x + 4; x <= last + 3.99; x += 4) if (clear(Math.min(x, last), w, y0)) return { text, x: Math.min(x, last), under, w, y0 };
        }
      }
      return { text: label, x: this.rect.x + 4, under: sides[0], w: ctx.measureText(label).width, y0: sides[0] ? Y + 3 : Y - 2 - LABEL_HEIGHT };
    })();
    labelAt(ctx, spot.text, spot.x, spot.under ? Y + 3 : Y - 2, 'left', spot.under ? 'top' : 'bottom', t);
    this.taken.push({ x0: spot.x, x1: spot.x + spot.w, y0: spot.y0, y1: spot.y0 + LABEL_HEIGHT });
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

  /**
   * Points of the drawn curves in canvas pixels, one every 2 px across the plot, between the two
   * samples either side (evenly spread along the log axis, where every 600th sample left the
   * left end bare): the legend and the levels' labels keep clear of them.
   */
  *ink() {
    const { x, w } = this.rect;
    if (this.count === 0) return;
    for (const s of this.series)
      for (let X = x; X <= x + w; X += 2) {
        const v = this.xScale.value((X - x) / w);
        let lo = 0, hi = this.count - 1;
        while (hi - lo > 1) {
          const mid = (lo + hi) >> 1;
          if (this.xAt(mid) <= v) lo = mid; else hi = mid;
        }
        const a = s.values[lo], b = s.values[hi];
        if (!this.drawable(a) || !this.drawable(b)) {
          if (this.drawable(a)) yield [this.px(this.xAt(lo)), this.py(a)];
          continue;
        }
        const xa = this.px(this.xAt(lo)), xb = this.px(this.xAt(hi)), f = xb > xa ? Math.min(1, Math.max(0, (X - xa) / (xb - xa))) : 0;
        yield [X, this.py(a) + (this.py(b) - this.py(a)) * f];
      }
  }

  /**
   * Where the legend should not go: the curves' points (ink()), the rules and their labels, the
   * levels (every 4 px of each).
   */
  *legendInk(ctx, t) {
    yield* this.ink();
    const { x, y, w, h } = this.rect;
    for (const rule of this.rules) {
      const X = this.px(rule.x), { box } = this.ruleLabel(ctx, rule, t);
      if (X >= x && X <= x + w) for (let Y = y; Y <= y + h; Y += 4) yield [X, Y];
      for (let X0 = box.x0; X0 <= box.x1; X0 += 4) for (const Y of [box.y0, box.y1]) yield [X0, Y];
    }
    for (const level of this.levels) {
      const Y = this.py(level.y);
      if (this.drawable(level.y) && Y >= y && Y <= y + h) for (let X = x; X <= x + w; X += 4) yield [X, Y];
    }
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
