// A line plot of series over their own x values, each axis linear or logarithmic (quantities that
// span decades: offsets up to 65 536, wavelengths from 2π to millions), with labelled horizontal
// reference lines (context lengths). Hover, touch or arrow keys read every series at the nearest
// sample. Series share one x array. A LinePlot whose index i sits at x[i] on its axis: the
// legend, keys and cursor are LinePlot's.
import { drawAxes, fitCanvas, format, ticks } from './draw.js';
import { LinePlot } from './lineplot.js';
import { theme } from './theme.js';

const MARGIN = { left: 66, right: 16, top: 12, bottom: 42 };

/** Ticks of an axis: powers of ten on a log axis (every other decade when crowded), else round values. */
function axisTicks(min, max, log, count) {
  if (!log) return ticks(min, max, count);
  const first = Math.ceil(Math.log10(min)), last = Math.floor(Math.log10(max));
  const every = Math.max(1, Math.ceil((last - first + 1) / Math.max(2, count)));
  const out = [];
  for (let e = first; e <= last; e += every) out.push(10 ** e);
  return out;
}

/** A tick label: powers of ten from 10⁴ on as 1e4, 1e5, … on a log axis (short, exact). */
const label = (v, log) => (log && v >= 1e4 ? `1e${Math.round(Math.log10(v))}` : format(v, 4));

export class XYPlot extends LinePlot {
  /**
   * @param options.logX, options.logY logarithmic axes (values ≤ 0 are not drawn)
   * @param options.xName the x value's name in the readout
   */
  constructor(canvas, { xLabel, yLabel, label, xName = 'x', logX = false, logY = false, legendLeft = false }) {
    super(canvas, { xLabel, yLabel, label, xName });
    Object.assign(this, { logX, logY, legendLeft });
  }

  /** LinePlot's legend, at the top left when the curves rise to the right. */
  legend(ctx, t) {
    if (!this.legendLeft || this.series.length === 0) return super.legend(ctx, t);
    ctx.font = t.font;
    const w = Math.max(...this.series.map((s) => ctx.measureText(s.label).width)) + 34;
    ctx.save();
    ctx.translate(-Math.max(0, this.rect.w - w - 12), 0);
    super.legend(ctx, t);
    ctx.restore();
  }

  /** x: the samples' x values (increasing); series: [{ label, values, color?, dash? }]; lines: [{ y, label }]. */
  show({ x, series, lines = [] }) {
    const pos = (v) => Number.isFinite(v) && (!this.logY || v > 0);
    let lo = Infinity, hi = -Infinity;
    for (const v of [...series.flatMap((s) => Array.from(s.values)), ...lines.map((l) => l.y)])
      if (pos(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    if (!this.logY) lo = Math.min(lo, 0);
    if (this.logY && hi / lo < 10) { lo /= 3; hi *= 3; }
    Object.assign(this, { xs: x, count: x.length, series, lines, yMin: lo, yMax: hi === lo ? lo + 1 : hi, drawable: pos });
    if (this.cursor && this.cursor.index >= x.length) this.setCursor(null);
    this.render();
  }

  /** An axis value → 0 … 1 along it. */
  fraction(v, min, max, log) {
    return log ? Math.log(v / min) / Math.log(max / min) : (v - min) / (max - min || 1);
  }

  px(v) { return this.rect.x + this.rect.w * this.fraction(v, this.xs[0], this.xs.at(-1), this.logX); }
  x(i) { return this.px(this.xs[i]); }
  y(v) { return this.rect.y + this.rect.h * (1 - this.fraction(v, this.yMin, this.yMax, this.logY)); }

  render() {
    const { ctx, width, height } = fitCanvas(this.canvas);
    const t = this.t = theme(this.canvas);
    ctx.fillStyle = t.bg;
    ctx.fillRect(0, 0, width, height);
    this.rect = { x: MARGIN.left, y: MARGIN.top, w: Math.max(10, width - MARGIN.left - MARGIN.right), h: Math.max(10, height - MARGIN.top - MARGIN.bottom) };
    const xTicks = axisTicks(this.xs[0], this.xs.at(-1), this.logX, Math.floor(this.rect.w / 70))
      .map((v) => ({ at: this.px(v), label: label(v, this.logX) }));
    const yTicks = axisTicks(this.yMin, this.yMax, this.logY, 5).map((v) => ({ at: this.y(v), label: label(v, this.logY) }));
    ctx.fillStyle = t.grid;  // a 1 px grid line at each y tick
    for (const { at } of yTicks) ctx.fillRect(this.rect.x, Math.round(at) - 0.5, this.rect.w, 1);
    drawAxes(ctx, this.rect, { xTicks, yTicks, xLabel: this.xLabel, yLabel: this.yLabel }, t);
    ctx.save();
    ctx.beginPath();
    ctx.rect(this.rect.x, this.rect.y, this.rect.w, this.rect.h);
    ctx.clip();
    ctx.font = t.font;
    for (const { y, label } of this.lines) {
      ctx.strokeStyle = t.muted;
      ctx.setLineDash([5, 4]);
      ctx.beginPath();
      ctx.moveTo(this.rect.x, this.y(y));
      ctx.lineTo(this.rect.x + this.rect.w, this.y(y));
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = t.muted;
      ctx.textAlign = this.legendLeft ? 'right' : 'left';  // clear of the legend
      ctx.textBaseline = 'bottom';
      ctx.fillText(label, this.legendLeft ? this.rect.x + this.rect.w - 6 : this.rect.x + 6, this.y(y) - 2);
    }
    ctx.lineJoin = 'round';
    this.series.forEach((s, k) => {
      ctx.strokeStyle = this.color(k);
      ctx.lineWidth = s.width ?? 1.8;
      ctx.setLineDash(s.dash ?? []);
      ctx.beginPath();
      let open = false;
      s.values.forEach((v, i) => {
        if (!this.drawable(v)) { open = false; return; }
        if (open) ctx.lineTo(this.px(this.xs[i]), this.y(v));
        else ctx.moveTo(this.px(this.xs[i]), this.y(v));
        open = true;
      });
      ctx.stroke();
    });
    ctx.restore();
    this.legend(ctx, t);
    this.finish();
  }

  /** Series k's colour: a theme colour by name ('accent', resolved at each draw), its own, or the palette's. */
  color(k) {
    const name = this.series[k].color;
    return name in (this.t ?? {}) ? this.t[name] : super.color(k);
  }

  /** The sample nearest to the pointer along x (on the axis's own scale). */
  pick(px) {
    const { x, w } = this.rect;
    if (px < x - 4 || px > x + w + 4 || this.xs.length === 0) return null;
    let best = 0;
    this.xs.forEach((v, i) => { if (Math.abs(this.px(v) - px) < Math.abs(this.px(this.xs[best]) - px)) best = i; });
    return { index: best };
  }

  read({ index: i }) {
    const lines = this.series.map((s) => `${s.label}: ${s.values[i]}`);  // exact, not as drawn
    return { text: `${this.xName} = ${this.xs[i]}\n${lines.join('\n')}`, data: { index: i, x: this.xs[i], value: this.series[0].values[i] } };
  }
}
