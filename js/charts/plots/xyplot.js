// A line plot of series over their own x values, each axis linear or logarithmic (quantities that
// span decades: offsets up to 65 536, wavelengths from 2π to millions), with labelled horizontal
// reference lines (context lengths). Hover, touch or arrow keys read every series at the nearest
// sample. Series share one x array. A LinePlot whose index i sits at x[i] on its axis: the
// keys, cursor and legend (canvas/legend.js) are LinePlot's.
import { LinePlot } from './lineplot.js';
import { clearFrame, gridAndAxes } from '../canvas/frame.js';
import { scale } from '../canvas/scale.js';

const MARGIN = { left: 66, right: 16, top: 12, bottom: 42 };

export class XYPlot extends LinePlot {
  /**
   * @param options.logX, options.logY logarithmic axes (values ≤ 0 are not drawn)
   * @param options.xName the x value's name in the readout
   */
  constructor(canvas, { xLabel, yLabel, label, xName = 'x', logX = false, logY = false, legendLeft = false }) {
    super(canvas, { xLabel, yLabel, label, xName, legendLeft });
    Object.assign(this, { logX, logY });
  }

  /**
   * x: the samples' x values (increasing); series: [{ label, values, color?, dash? }]; lines:
   * [{ y, label }]; headroom: a share of the range left empty above the data (a linear y axis),
   * where the legend can sit without covering a curve.
   */
  show({ x, series, lines = [], headroom = 0 }) {
    const pos = (v) => Number.isFinite(v) && (!this.logY || v > 0);
    let lo = Infinity, hi = -Infinity;
    for (const v of [...series.flatMap((s) => Array.from(s.values)), ...lines.map((l) => l.y)])
      if (pos(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    if (!this.logY) lo = Math.min(lo, 0);
    if (!this.logY) hi += (hi - lo) * headroom;
    if (this.logY && hi / lo < 10) { lo /= 3; hi *= 3; }
    Object.assign(this, { xs: x, count: x.length, series, lines, drawable: pos,
      xScale: scale(x[0], x.at(-1), { log: this.logX }), yScale: scale(lo, hi === lo ? lo + 1 : hi, { log: this.logY }) });
    this.setAlt(`${series.map((s) => s.label).join(', ')} over ${this.xName} from ${x[0]} to ${x.at(-1)}`);
    if (this.cursor && this.cursor.index >= x.length) this.setCursor(null);
    this.render();
  }

  px(v) { return this.rect.x + this.rect.w * this.xScale.fraction(v); }
  x(i) { return this.px(this.xs[i]); }

  render() {
    const ctx = clearFrame(this, MARGIN), t = this.t;
    const xTicks = this.xScale.ticks(Math.floor(this.rect.w / 60)).map(({ v, label }) => ({ at: this.px(v), label }));
    const yTicks = this.yScale.ticks(this.logY ? Math.floor(this.rect.h / 30) : 5).map(({ v, label }) => ({ at: this.y(v), label }));
    gridAndAxes(ctx, this, xTicks, yTicks);
    ctx.save();
    ctx.beginPath();
    ctx.rect(this.rect.x, this.rect.y, this.rect.w, this.rect.h);
    ctx.clip();
    ctx.font = t.font;
    const legendLeft = this.series.length > 0 && this.legendPanel.place(ctx, t, this.series.map((s) => s.label), this.rect, () => this.ink()).left;
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
      // Above its line, or under it where the line runs along the top of the plot.
      const under = this.y(y) - 16 < this.rect.y;
      ctx.textBaseline = under ? 'top' : 'bottom';
      ctx.fillText(label, legendLeft ? this.rect.x + this.rect.w - 6 : this.rect.x + 6, this.y(y) + (under ? 2 : -2));
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
