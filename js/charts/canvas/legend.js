// A legend built from colours and labels, drawn into the canvas (so a saved PNG has it): a
// swatch and a label per series on a translucent panel, in the corner of the plot that the
// chart's data covers least (matplotlib's loc='best'); or, where every corner would cover some
// (waves that fill the plot) or the panel is wider than the plot (a phone), in rows above the
// plot, which gives up their height (arrange()). Charts own one; nothing is inherited.

/** The series colours (Tableau 10), in order. */
export const SERIES_COLORS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2',
  '#7f7f7f', '#bcbd22', '#17becf'];
const ROW = 16;  // px per series
const GAP = 14;  // px between two items of a row above the plot

/** Series k's colour: a theme colour by name ('accent', from t), its own, or the k-th series colour. */
export function seriesColor(series, k, t) {
  const color = series[k].color;
  return t && color in t ? t[color] : color ?? SERIES_COLORS[k % SERIES_COLORS.length];
}

/** [{ label, color }] of every series. */
export const legendItems = (series, t) => series.map((s, k) => ({ label: s.label, short: s.short, color: seriesColor(series, k, t), dash: s.dash }));

// A series' swatch: a bar, or its dash pattern drawn as a line for a dashed series (a solid bar
// for a dashed curve read as another curve).
function swatch(ctx, x, cy, color, dash) {
  if (!dash?.length) {
    ctx.fillStyle = color;
    ctx.fillRect(x, cy - 2, 18, 4);
    return;
  }
  ctx.save();
  Object.assign(ctx, { strokeStyle: color, lineWidth: 2.5 });
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(x, cy);
  ctx.lineTo(x + 18, cy);
  ctx.stroke();
  ctx.restore();
}

/**
 * `text` in lines of at most `width` px, broken at spaces but not around an equals sign ("m = 1/2"
 * stays whole); a word wider than that keeps its line.
 */
function wrap(ctx, text, width) {
  if (ctx.measureText(text).width <= width) return [text];
  const lines = [];
  for (const word of text.split(/(?<!=) (?!=)/)) {
    const line = lines.length ? `${lines.at(-1)} ${word}` : word;
    if (lines.length && ctx.measureText(line).width <= width) lines[lines.length - 1] = line;
    else lines.push(word);
  }
  return lines;
}

export class Legend {
  /** @param options.preferLeft the top-left corner first on a tie (default top-right) */
  constructor({ preferLeft = false } = {}) {
    Object.assign(this, { preferLeft, at: null, rows: null, arranged: false });
  }

  /**
   * The box { x, y, w, h, left, top, covered } for `labels` in `rect`: the corner that the points
   * of ink() (a fresh iterator of [x, y] canvas pixels each call) cover least (`covered` of them).
   * The last corner stays unless another is clearly emptier, or clear where it is not: no
   * hopping while a slider drags, and no legend kept over a curve beside an empty corner.
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
    if (last && last !== best) {
      const n = covered(last);
      if (n === 0 || (fewest > 0 && n <= fewest + Math.max(3, fewest / 2))) [best, fewest] = [last, n];
    }
    return (this.at = { ...best, covered: fewest });
  }

  /**
   * Where the legend of items [{ label, color, short? }] goes, decided before the plot is drawn: in the
   * corner of `rect` that ink() covers least, if one is clear of it and the panel fits the plot;
   * otherwise in rows above the plot, from rect.x across `width` px, with the short labels. Returns the height (px) those
   * rows take, which the plot gives up at its top (0: the legend is inside). draw() follows it.
   */
  arrange(ctx, t, items, rect, ink, width) {
    Object.assign(this, { rows: null, arranged: items.length > 0 });
    if (items.length === 0) return 0;
    const box = this.place(ctx, t, items.map((item) => item.label), rect, ink);
    if (box.covered === 0 && box.w <= rect.w - 12) return 0;
    const rows = [[]];
    let x = 0;
    for (const { short, ...full } of items) {
      // Rows above the plot (a narrow chart): a series' short label where it has one, and a label
      // wider than a row on as many rows as it needs, under its first.
      const item = short ? { ...full, label: short } : full;
      const lines = wrap(ctx, item.label, width - 24);
      const w = lines.length > 1 ? width : ctx.measureText(item.label).width + 24;  // swatch, gap, label (drawRows)
      if (x > 0 && x + w > width) {
        rows.push([]);
        x = 0;
      }
      rows.at(-1).push({ ...item, label: lines[0], x: rect.x + x });
      for (const line of lines.slice(1)) rows.push([{ label: line, x: rect.x, continued: true }]);
      x += w + GAP;
    }
    this.rows = { y: rect.y, rows };
    return ROW * rows.length + 6;
  }

  /** Draws the legend of items [{ label, color }]: as arrange() decided, else placed now. */
  draw(ctx, t, items, rect, ink) {
    const arranged = this.arranged;
    this.arranged = false;
    if (items.length === 0) return;
    if (arranged && this.rows) return this.drawRows(ctx, t);
    const { x, y, w, h } = arranged ? this.at : this.place(ctx, t, items.map((item) => item.label), rect, ink);
    ctx.font = t.font;
    ctx.fillStyle = t.bg;
    ctx.globalAlpha = 0.88;
    ctx.fillRect(x, y, w, h);
    ctx.globalAlpha = 1;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    items.forEach(({ label, color, dash }, k) => {
      const cy = y + 4 + ROW * (k + 0.5);
      swatch(ctx, x + 6, cy, color, dash);
      ctx.fillStyle = t.fg;
      ctx.fillText(label, x + 28, cy);
    });
  }

  /** The rows above the plot: a swatch and a label per item, no panel (nothing lies under them). */
  drawRows(ctx, t) {
    ctx.save();
    ctx.font = t.font;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    this.rows.rows.forEach((row, r) => {
      const cy = this.rows.y + ROW * (r + 0.5);
      for (const { label, color, dash, x, continued } of row) {
        if (!continued) swatch(ctx, x, cy, color, dash);
        ctx.fillStyle = t.fg;
        ctx.fillText(label, x + 24, cy);
      }
    });
    ctx.restore();
  }
}
