// A scatter plot of predicted against actual values: series of points (x, y) on one square
// domain, the line y = x (where a perfect prediction lies), optional links between two points
// (a witness pair), a legend (canvas/legend.js). Hover, touch or keys pick the nearest point.
import { drawAxes, fitCanvas } from '../canvas/draw.js';
import { scale } from '../canvas/scale.js';
import { LinePlot } from './lineplot.js';
import { theme } from '../canvas/theme.js';

const MARGIN = { left: 62, right: 16, top: 12, bottom: 42 }, REACH = 8;

export class ScatterPlot extends LinePlot {
  /** describe(series, index) => { text, value }: the readout of a point. */
  constructor(canvas, { xLabel, yLabel, label, describe }) {
    super(canvas, { xLabel, yLabel, label });
    this.describe = describe;
  }

  /**
   * series: [{ label, x, y, color? }] (x[i], y[i] one point); links: [{ a: [s, i], b: [s, i],
   * label? }] drawn as a thick segment, labelled beside its middle; both axes span [min, max].
   */
  show({ series, links = [], min = -1.1, max = 1.1 }) {
    Object.assign(this, { series, links, yScale: scale(min, max, { digits: 3 }) });
    if (this.cursor && !(this.cursor.index < series[this.cursor.series]?.x.length)) this.setCursor(null);
    this.render();
  }

  px(v) { return this.rect.x + this.rect.w * this.yScale.fraction(v); }

  render() {
    const { ctx, width, height } = fitCanvas(this.canvas);
    const t = this.t = theme(this.canvas);
    ctx.fillStyle = t.bg;
    ctx.fillRect(0, 0, width, height);
    // A square plot area (a unit on x is a unit on y), centred in the canvas.
    const side = Math.max(10, Math.min(width - MARGIN.left - MARGIN.right, height - MARGIN.top - MARGIN.bottom));
    this.rect = { x: MARGIN.left + (width - MARGIN.left - MARGIN.right - side) / 2, y: MARGIN.top, w: side, h: side };
    const at = this.yScale.ticks(4);
    drawAxes(ctx, this.rect, {
      xTicks: at.map(({ v, label }) => ({ at: this.px(v), label })),
      yTicks: at.map(({ v, label }) => ({ at: this.y(v), label })), xLabel: this.xLabel, yLabel: this.yLabel,
    }, t);
    ctx.save();
    ctx.strokeStyle = t.muted;
    ctx.setLineDash([5, 4]);
    ctx.beginPath();
    ctx.moveTo(this.px(this.yScale.min), this.y(this.yScale.min));
    ctx.lineTo(this.px(this.yScale.max), this.y(this.yScale.max));
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = t.muted;
    ctx.font = t.font;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'alphabetic';  // set each time: the context keeps the legend's from the last draw
    ctx.fillText('y = x', this.px(this.yScale.max) - 4, this.y(this.yScale.min) - 8);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    for (const { a, b, label } of this.links) {
      const [from, to] = [this.point(...a), this.point(...b)];
      ctx.strokeStyle = ctx.fillStyle = t.accent;
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(...from);
      ctx.lineTo(...to);
      ctx.stroke();
      // Right of the segment, or left of it when the plot has no room there.
      const width = ctx.measureText(label ?? '').width, right = Math.max(from[0], to[0]) + 6;
      const x = right + width <= this.rect.x + this.rect.w ? right : Math.min(from[0], to[0]) - 6 - width;
      if (label) ctx.fillText(label, x, (from[1] + to[1]) / 2);
    }
    // Later series drawn smaller, so points that coincide all stay visible.
    this.series.forEach((s, k) => {
      ctx.fillStyle = this.color(k);
      for (let i = 0; i < s.x.length; i++) {
        ctx.beginPath();
        ctx.arc(...this.point(k, i), Math.max(2, 4.5 - 1.5 * k), 0, 2 * Math.PI);
        ctx.fill();
      }
    });
    ctx.restore();
    this.legend(ctx, t);
    this.finish();
  }

  point(k, i) { return [this.px(this.series[k].x[i]), this.y(this.series[k].y[i])]; }

  *ink() {
    for (let k = 0; k < this.series.length; k++) for (let i = 0; i < this.series[k].x.length; i++) yield this.point(k, i);
  }

  // The nearest point to anywhere in the plot area (so a finger can scrub across the points).
  pick(px, py) {
    const { x, y, w, h } = this.rect;
    if (px < x - REACH || px > x + w + REACH || py < y - REACH || py > y + h + REACH) return null;
    let best = null, bestGap = Infinity;
    this.series.forEach((s, k) => {
      for (let i = 0; i < s.x.length; i++) {
        const [x, y] = this.point(k, i), gap = Math.hypot(x - px, y - py);
        if (gap < bestGap) [best, bestGap] = [{ series: k, index: i }, gap];
      }
    });
    return best;
  }

  // Left/right: the previous or next point of the series; up/down: the other series.
  step(cursor, event) {
    const move = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[event.key];
    if (!move || this.series.length === 0) return null;
    let { series: k, index: i } = cursor ?? { series: 0, index: 0 };
    if (cursor) {
      k = (k + move[0] + this.series.length) % this.series.length;
      i = Math.min(this.series[k].x.length - 1, Math.max(0, i + move[1] * (event.shiftKey ? 10 : 1)));
    }
    const [x, y] = this.point(k, i);
    return { cursor: { series: k, index: i }, x, y };
  }

  read({ series, index }) {
    const { text, value } = this.describe(series, index);
    return { text, data: { series, index, value } };
  }

  paintCursor(ctx) {
    const [x, y] = this.point(this.cursor.series, this.cursor.index);
    ctx.save();
    ctx.strokeStyle = this.t.fg;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(x, y, 6.5, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.restore();
  }
}
