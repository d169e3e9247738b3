// A line plot of series over their own x values, each axis linear or logarithmic (quantities that
// span decades: offsets up to 65 536, wavelengths from 2π to millions), with labelled horizontal
// reference lines (context lengths). Hover, touch or arrow keys read every series at the nearest
// sample. Series share one x array. A LinePlot whose index i sits at x[i] on its axis: the
// keys, cursor and legend (canvas/legend.js) are LinePlot's. A reference line's label goes
// where it crosses no curve, no other line and not the legend.
import { LinePlot } from './lineplot.js';
import { clearFrame, gridAndAxes, verticalLine } from '../canvas/frame.js';
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
   * x: the samples' x values (increasing); series: [{ label, values, color?, dash?, steps? }]
   * (steps: a value holds until the next sample, as integer buckets do: drawn as a staircase, not
   * a slope between samples); lines:
   * [{ y, label, short? }] (short: the label where the full one fits nowhere clear); marks:
   * [{ x, label, short? }], vertical lines (a table's last offset), left out outside the x range;
   * headroom: a share of the range left empty above the data (a linear y axis), where the legend
   * can sit without covering a curve; about: leads the text alternative.
   */
  show({ x, series, lines = [], marks = [], headroom = 0, about = '' }) {
    const pos = (v) => Number.isFinite(v) && (!this.logY || v > 0);
    let lo = Infinity, hi = -Infinity;
    for (const v of [...series.flatMap((s) => Array.from(s.values)), ...lines.map((l) => l.y)])
      if (pos(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    if (!this.logY) lo = Math.min(lo, 0);
    const top = hi;
    if (!this.logY) hi += (hi - lo) * headroom;
    if (this.logY && hi / lo < 10) { lo /= 3; hi *= 3; }
    const y = (high) => scale(lo, high === lo ? lo + 1 : high, { log: this.logY });
    // The headroom is for a legend inside the plot: where the legend goes above it (a narrow
    // panel), the curves take the whole height (render() picks; it left a blank band).
    Object.assign(this, { xs: x, count: x.length, series, lines, marks: marks.filter((m) => m.x >= x[0] && m.x <= x.at(-1)), drawable: pos,
      xScale: scale(x[0], x.at(-1), { log: this.logX }), yScales: { inside: y(hi), above: y(headroom > 0 && !this.logY ? top : hi) } });
    this.yScale = this.yScales.inside;
    this.setAlt(`${about ? `${about}: ` : ''}${series.map((s) => s.label).join(', ')} over ${this.xName} from ${x[0]} to ${x.at(-1)}`);
    if (this.cursor && this.cursor.index >= x.length) this.setCursor(null);
    this.render();
  }

  px(v) { return this.rect.x + this.rect.w * this.xScale.fraction(v); }
  x(i) { return this.px(this.xs[i]); }

  render() {
    const ctx = clearFrame(this, MARGIN), t = this.t;
    this.yScale = this.yScales?.inside ?? this.yScale;  // the legend placed as if inside, then the scale for where it went
    this.makeRoom(ctx, t, MARGIN);
    if (this.legendPanel.rows && this.yScales) this.yScale = this.yScales.above;
    const xTicks = this.xScale.ticks(Math.floor(this.rect.w / 60)).map(({ v, label }) => ({ at: this.px(v), label }));
    const yTicks = this.yScale.ticks(this.logY ? Math.floor(this.rect.h / 30) : 5).map(({ v, label }) => ({ at: this.y(v), label }));
    gridAndAxes(ctx, this, xTicks, yTicks);
    ctx.save();
    ctx.beginPath();
    ctx.rect(this.rect.x, this.rect.y, this.rect.w, this.rect.h);
    ctx.clip();
    ctx.font = t.font;
    // The legend's panel, when it is inside the plot: the lines' labels keep clear of it, and of the lines.
    const at = this.legendPanel.rows || this.series.length === 0 ? null : this.legendPanel.at;
    const legend = at && { x0: at.x, x1: at.x + at.w, y0: at.y, y1: at.y + at.h, left: at.left };
    const taken = legend ? [pad(legend, 3)] : [];
    for (const { y } of this.lines) taken.push({ x0: this.rect.x, x1: this.rect.x + this.rect.w, y0: this.y(y) - 1, y1: this.y(y) + 1 });
    for (const { x } of this.marks) taken.push({ x0: this.px(x) - 1, x1: this.px(x) + 1, y0: this.rect.y, y1: this.rect.y + this.rect.h });
    const curves = this.curves(), spots = [];  // labels drawn after the curves: a patch covers them
    for (const mark of this.marks) {
      verticalLine(ctx, this.rect, this.px(mark.x), t.muted, [2, 3]);
      const spot = this.markSpot(ctx, mark, taken, curves);
      taken.push(pad(spot, 2));
      spots.push(spot);
    }
    for (const line of this.lines) {
      ctx.strokeStyle = t.muted;
      ctx.setLineDash([5, 4]);
      ctx.beginPath();
      ctx.moveTo(this.rect.x, this.y(line.y));
      ctx.lineTo(this.rect.x + this.rect.w, this.y(line.y));
      ctx.stroke();
      ctx.setLineDash([]);
      const spot = this.labelSpot(ctx, line, taken, curves, !legend || legend.left);
      taken.push(pad(spot, 2));
      spots.push(spot);
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
        if (open && s.steps) ctx.lineTo(this.px(this.xs[i]), this.y(s.values[i - 1]));
        if (open) ctx.lineTo(this.px(this.xs[i]), this.y(v));
        else ctx.moveTo(this.px(this.xs[i]), this.y(v));
        open = true;
      });
      ctx.stroke();
    });
    ctx.setLineDash([]);
    for (const spot of spots) this.drawLabel(ctx, t, spot);
    ctx.restore();
    this.legend(ctx, t);
    this.finish();
  }

  /** A reference line's label at its spot: on a patch of the background where it crosses the curves. */
  drawLabel(ctx, t, spot) {
    if (spot.patch) {  // nowhere clear: on a patch of the background, readable over the curves
      ctx.fillStyle = t.bg;  // opaque: a curve showing through a label's letters reads as part of them
      ctx.fillRect(spot.x0 - 2, spot.y0 - 1, spot.x1 - spot.x0 + 4, spot.y1 - spot.y0 + 2);
    }
    ctx.fillStyle = t.muted;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(spot.text, spot.x0, spot.baseline);
  }

  /**
   * Where a vertical mark's label goes: beside its line (right of it, else left), at the first
   * height from the top where it crosses no curve and no box of `taken`; its short form where
   * the label fits nowhere; else at the top on a patch.
   */
  markSpot(ctx, { x, label, short }, taken, curves) {
    const X = this.px(x), { x: left, w, y: top, h } = this.rect;
    ctx.textBaseline = 'alphabetic';
    const clear = (box) => box.x0 >= left + 2 && box.x1 <= left + w - 2 && box.y0 >= top + 1 && box.y1 <= top + h - 1
      && !taken.some((b) => b.x0 < box.x1 && b.x1 > box.x0 && b.y0 < box.y1 && b.y1 > box.y0)
      && !curves.some(({ points, half }) => crosses(points, pad(box, half + 1.5)));
    const boxAt = (text, x0, y0) => {
      const m = ctx.measureText(text), ascent = m.actualBoundingBoxAscent, descent = m.actualBoundingBoxDescent;
      return { text, x0, x1: x0 + m.width, y0, y1: y0 + ascent + descent, baseline: y0 + ascent };
    };
    for (const text of [label, short].filter(Boolean)) {
      const width = ctx.measureText(text).width;
      for (let y0 = top + 3; y0 < top + h - 14; y0 += 4)
        for (const x0 of [X + 4, X - 4 - width]) {
          const box = boxAt(text, x0, y0);
          if (clear(box)) return box;
        }
    }
    const text = short ?? label, width = ctx.measureText(text).width;
    return { ...boxAt(text, Math.max(left + 2, Math.min(X + 4, left + w - 2 - width)), top + 3), patch: true };
  }

  /** The drawn curves as polylines of canvas pixels [[x, y], …] (a gap starts a new one), each with its half width. */
  curves() {
    const out = [];
    for (const s of this.series) {
      let line = null;
      s.values.forEach((v, i) => {
        if (!this.drawable(v)) { line = null; return; }
        if (!line) out.push(line = { half: (s.width ?? 1.8) / 2, points: [] });
        line.points.push([this.px(this.xs[i]), this.y(v)]);
      });
    }
    return out;
  }

  /**
   * Where a reference line's label goes: just above the line (or under it, where the line runs
   * along the top of the plot), at the first place from the end away from the legend (the right
   * end when `right`) where it crosses no curve, no other line and no box of `taken`; its short
   * form (`short`) where the label fits nowhere; else at that end on a patch (`patch`).
   * { text, x0, x1, y0, y1, baseline, patch }.
   */
  labelSpot(ctx, { y, label, short }, taken, curves, right) {
    const Y = this.y(y), { x, w, y: top, h } = this.rect;
    ctx.textBaseline = 'alphabetic';  // the bounds measured below are from the baseline (the context keeps the last draw's)
    const boxAt = (text, under, x0) => {
      const m = ctx.measureText(text), ascent = m.actualBoundingBoxAscent, descent = m.actualBoundingBoxDescent;
      const baseline = under ? Y + 3 + ascent : Y - 3 - descent;
      return { text, x0, x1: x0 + m.width, y0: baseline - ascent, y1: baseline + descent, baseline };
    };
    const clear = (box) => box.x0 >= x + 2 && box.x1 <= x + w - 2 && box.y0 >= top + 1 && box.y1 <= top + h - 1
      && !taken.some((b) => b.x0 < box.x1 && b.x1 > box.x0 && b.y0 < box.y1 && b.y1 > box.y0)
      && !curves.some(({ points, half }) => crosses(points, pad(box, half + 1.5)));
    const sides = Y - 18 < top ? [true] : [false, true];
    for (const text of [label, short].filter(Boolean)) {
      const width = ctx.measureText(text).width, from = x + 6, to = x + w - 6 - width;
      const starts = [];
      for (let x0 = from; x0 < to; x0 += 4) starts.push(x0);
      starts.push(to);
      if (right) starts.reverse();
      for (const under of sides)
        for (const x0 of starts) {
          const box = boxAt(text, under, x0);
          if (clear(box)) return box;
        }
    }
    // Nowhere clear: the shorter form, on a patch.
    const text = short ?? label, width = ctx.measureText(text).width;
    return { ...boxAt(text, sides[0], right ? Math.max(x + 6, x + w - 6 - width) : x + 6), patch: true };
  }

  /** The curves' points and the reference lines' (the legend keeps clear of both). */
  *ink() {
    yield* super.ink();
    for (const { y } of this.lines) {
      const Y = this.y(y);
      if (Y >= this.rect.y && Y <= this.rect.y + this.rect.h) for (let X = this.rect.x; X <= this.rect.x + this.rect.w; X += 4) yield [X, Y];
    }
    for (const { x } of this.marks ?? []) for (let Y = this.rect.y; Y <= this.rect.y + this.rect.h; Y += 4) yield [this.px(x), Y];
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

/** The box grown by d px on every side. */
const pad = (b, d) => ({ x0: b.x0 - d, x1: b.x1 + d, y0: b.y0 - d, y1: b.y1 + d });

/** Whether the polyline [[x, y], …] passes through the box { x0, x1, y0, y1 } (Liang–Barsky on each segment). */
function crosses(points, box) {
  for (let k = 1; k < points.length; k++) {
    const [ax, ay] = points[k - 1], [bx, by] = points[k], dx = bx - ax, dy = by - ay;
    let lo = 0, hi = 1;
    const clip = (p, q) => {
      if (p === 0) return q >= 0;
      const r = q / p;
      if (p < 0) lo = Math.max(lo, r); else hi = Math.min(hi, r);
      return lo <= hi;
    };
    if (clip(-dx, ax - box.x0) && clip(dx, box.x1 - ax) && clip(-dy, ay - box.y0) && clip(dy, box.y1 - ay)) return true;
  }
  return false;
}
