// A line plot of series over their own x values, each axis linear or logarithmic (quantities that
// span decades: offsets up to 65 536, wavelengths from 2π to millions), with labelled horizontal
// reference lines (context lengths). Hover, touch or arrow keys read every series at the nearest
// sample. Series share one x array. A LinePlot whose index i sits at x[i] on its axis: the
// legend, keys and cursor are LinePlot's.
import { format, ticks } from '../canvas/draw.js';
import { LinePlot } from './lineplot.js';
import { logLabel, logTicks } from './logplot.js';
import { clearFrame, gridAndAxes } from '../canvas/frame.js';

const MARGIN = { left: 66, right: 16, top: 12, bottom: 42 };

/** An axis's ticks and their labels: logplot.js's on a log axis, round values otherwise. */
const axis = (min, max, log, count) => (log ? logTicks(min, max, count) : ticks(min, max, count))
  .map((v) => ({ v, label: log ? logLabel(v) : format(v, 4) }));

export class XYPlot extends LinePlot {
  /**
   * @param options.logX, options.logY logarithmic axes (values ≤ 0 are not drawn)
   * @param options.xName the x value's name in the readout
   */
  constructor(canvas, { xLabel, yLabel, label, xName = 'x', logX = false, logY = false, legendLeft = false }) {
    super(canvas, { xLabel, yLabel, label, xName, legendLeft });
    Object.assign(this, { logX, logY });
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
    this.setAlt(`${series.map((s) => s.label).join(', ')} over ${this.xName} from ${x[0]} to ${x.at(-1)}`);
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
    const ctx = clearFrame(this, MARGIN), t = this.t;
    const xTicks = axis(this.xs[0], this.xs.at(-1), this.logX, Math.floor(this.rect.w / 60)).map(({ v, label }) => ({ at: this.px(v), label }));
    const yTicks = axis(this.yMin, this.yMax, this.logY, this.logY ? Math.floor(this.rect.h / 30) : 5).map(({ v, label }) => ({ at: this.y(v), label }));
    gridAndAxes(ctx, this, xTicks, yTicks);
    ctx.save();
    ctx.beginPath();
    ctx.rect(this.rect.x, this.rect.y, this.rect.w, this.rect.h);
    ctx.clip();
    ctx.font = t.font;
    const legendLeft = this.series.length > 0 && this.legendBox(ctx, t).left;
    for (const { y, label } of this.lines) {
      ctx.strokeStyle = t.muted;
      ctx.setLineDash([5, 4]);
      ctx.beginPath();
      ctx.moveTo(this.rect.x, this.y(y));
      ctx.lineTo(this.rect.x + this.rect.w, this.y(y));
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = t.muted;
      ctx.textAlign = legendLeft ? 'right' : 'left';  // clear of the legend
      ctx.textBaseline = 'bottom';
      ctx.fillText(label, legendLeft ? this.rect.x + this.rect.w - 6 : this.rect.x + 6, this.y(y) - 2);
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
