// Grouped bars on a canvas: categories along x, one bar per series in each, values signed
// around a zero line (contributions: what each stage adds). Hover, touch or arrow keys show
// the widget's `describe(category, series)`.
import { CanvasChart } from '../canvas/chart.js';
import { clearFrame, gridAndAxes } from '../canvas/frame.js';
import { scale } from '../canvas/scale.js';
import { Legend, legendItems, seriesColor } from '../canvas/legend.js';

const MARGIN = { left: 62, right: 16, top: 14, bottom: 42 };

export class BarChart extends CanvasChart {
  /** @param options.describe (category, series) => { text, data } */
  constructor(canvas, { xLabel, yLabel, label, describe }) {
    super(canvas, `${label}. Use the left and right arrow keys to read values.`);
    Object.assign(this, { xLabel, yLabel, describe, categories: [], series: [] });
    this.legendPanel = new Legend();
  }

  /** categories: labels; series: [{ label, values (one per category), color? }]. */
  show({ categories, series }) {
    Object.assign(this, { categories, series });
    const all = series.flatMap((s) => s.values).filter(Number.isFinite);
    const span = Math.max(1e-300, ...all.map(Math.abs));
    this.yScale = scale(Math.min(0, ...all) - 0.08 * span, Math.max(0, ...all) + 0.08 * span, { digits: 3 });
    if (this.cursor && this.cursor.category >= categories.length) this.setCursor(null);
    this.render();
  }

  y(v) { return this.rect.y + this.rect.h * (1 - this.yScale.fraction(v)); }
  slot() { return this.rect.w / Math.max(1, this.categories.length); }
  bar(category, k) {
    const slot = this.slot(), width = (slot * 0.7) / Math.max(1, this.series.length);
    return { x: this.rect.x + slot * category + slot * 0.15 + k * width, w: width };
  }

  color(k) { return seriesColor(this.series, k, this.t); }

  render() {
    const ctx = clearFrame(this, MARGIN), t = this.t;
    const yTicks = this.yScale.ticks(5).map(({ v, label }) => ({ at: this.y(v), label }));
    const xTicks = this.categories.map((label, c) => ({ at: this.rect.x + this.slot() * (c + 0.5), label }));
    gridAndAxes(ctx, this, xTicks, yTicks);
    const zero = this.y(0);
    this.series.forEach((s, k) => {
      ctx.fillStyle = this.color(k);
      s.values.forEach((v, c) => {
        if (!Number.isFinite(v)) return;
        const { x, w } = this.bar(c, k), top = Math.min(zero, this.y(v));
        ctx.fillRect(x, top, w, Math.max(1, Math.abs(this.y(v) - zero)));
      });
    });
    ctx.strokeStyle = t.fg;
    ctx.beginPath();
    ctx.moveTo(this.rect.x, zero);
    ctx.lineTo(this.rect.x + this.rect.w, zero);
    ctx.stroke();
    if (this.series.length > 1) this.legendPanel.draw(ctx, t, legendItems(this.series, t), this.rect, () => this.ink());
    this.finish();
  }

  /** Points along every bar in canvas pixels (the legend avoids them). */
  *ink() {
    const zero = this.y(0);
    for (let k = 0; k < this.series.length; k++)
      for (let c = 0; c < this.series[k].values.length; c++) {
        const v = this.series[k].values[c];
        if (!Number.isFinite(v)) continue;
        const { x, w } = this.bar(c, k);
        for (let f = 0; f <= 4; f++) yield [x + w / 2, zero + ((this.y(v) - zero) * f) / 4];
      }
  }

  pick(px) {
    const c = Math.floor((px - this.rect.x) / this.slot());
    if (c < 0 || c >= this.categories.length) return null;
    const k = Math.min(this.series.length - 1, Math.max(0, Math.floor((px - this.bar(c, 0).x) / this.bar(c, 0).w)));
    return { category: c, series: k };
  }

  step(cursor, event) {
    const by = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (!by || this.categories.length === 0) return null;
    const n = this.series.length, at = cursor ? cursor.category * n + cursor.series + by : 0;
    const i = Math.min(this.categories.length * n - 1, Math.max(0, at));
    const next = { category: Math.floor(i / n), series: i % n }, { x, w } = this.bar(next.category, next.series);
    return { cursor: next, x: x + w / 2, y: this.rect.y + 20 };
  }

  read({ category, series }) {
    return this.describe(category, series);
  }

  paintCursor(ctx) {
    const { category, series } = this.cursor, { x, w } = this.bar(category, series);
    ctx.save();
    ctx.strokeStyle = this.t.fg;
    ctx.lineWidth = 1.5;
    ctx.strokeRect(x - 1, this.rect.y, w + 2, this.rect.h);
    ctx.restore();
  }
}
