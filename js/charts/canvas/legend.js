// A legend built from colours and labels, drawn into the canvas (so a saved PNG has it): a
// swatch and a label per series on a translucent panel, in the corner of the plot that the
// chart's data covers least (matplotlib's loc='best'). Charts own one; nothing is inherited.

/** The series colours (Tableau 10), in order. */
export const SERIES_COLORS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2',
  '#7f7f7f', '#bcbd22', '#17becf'];
const ROW = 16;  // px per series

/** Series k's colour: a theme colour by name ('accent', from t), its own, or the k-th series colour. */
export function seriesColor(series, k, t) {
  const color = series[k].color;
  return t && color in t ? t[color] : color ?? SERIES_COLORS[k % SERIES_COLORS.length];
}

/** [{ label, color }] of every series. */
export const legendItems = (series, t) => series.map((s, k) => ({ label: s.label, color: seriesColor(series, k, t) }));

export class Legend {
  /** @param options.preferLeft the top-left corner first on a tie (default top-right) */
  constructor({ preferLeft = false } = {}) {
    Object.assign(this, { preferLeft, at: null });
  }

  /**
   * The box { x, y, w, h, left, top } for `labels` in `rect`: the corner that the points of
   * ink() (a fresh iterator of [x, y] canvas pixels each call) cover least. The last corner
   * stays unless another is clearly emptier: no hopping while a slider drags.
   */
  place(ctx, t, labels, rect, ink) {
    ctx.font = t.font;
    const w = Math.max(...labels.map((label) => ctx.measureText(label).width)) + 34, h = ROW * labels.length + 8;
    const { x, y, w: width, h: height } = rect;
    const corners = [[false, true], [true, true], [false, false], [true, false]]
      .map(([left, top]) => ({ x: left ? x + 6 : x + width - w - 6, y: top ? y + 6 : y + height - h - 6, w, h, left, top }));
    if (this.preferLeft) corners.unshift(corners.splice(1, 1)[0]);
    const covered = (box) => {
      let n = 0;
      for (const [px, py] of ink()) if (px >= box.x && px <= box.x + w && py >= box.y && py <= box.y + h) n++;
      return n;
    };
    let best = corners[0], fewest = Infinity;
    for (const box of corners) {
      const n = covered(box);
      if (n < fewest) [best, fewest] = [box, n];
      if (n === 0) break;
    }
    const last = this.at && corners.find((box) => box.left === this.at.left && box.top === this.at.top);
    if (last && last !== best && covered(last) <= fewest + Math.max(3, fewest / 2)) best = last;
    return (this.at = best);
  }

  /** Places and draws the legend of items [{ label, color }]. */
  draw(ctx, t, items, rect, ink) {
    if (items.length === 0) return;
    const { x, y, w, h } = this.place(ctx, t, items.map((item) => item.label), rect, ink);
    ctx.fillStyle = t.bg;
    ctx.globalAlpha = 0.88;
    ctx.fillRect(x, y, w, h);
    ctx.globalAlpha = 1;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    items.forEach(({ label, color }, k) => {
      const cy = y + 4 + ROW * (k + 0.5);
      ctx.fillStyle = color;
      ctx.fillRect(x + 6, cy - 2, 18, 4);
      ctx.fillStyle = t.fg;
      ctx.fillText(label, x + 28, cy);
    });
  }
}
