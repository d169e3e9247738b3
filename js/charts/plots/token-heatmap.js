// A heatmap whose rows (and optionally columns) are the tokens of a sentence: the numeric tick
// labels of those axes are replaced by the words, shortened to fit their cell.
import { Heatmap } from './heatmap.js';

const shorten = (ctx, word, width) => {
  if (ctx.measureText(word).width <= width) return word;
  let cut = word;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
};

export class TokenHeatmap extends Heatmap {
  /**
   * As Heatmap.show, plus rowLabels/colLabels: the words along each axis (null keeps numbers),
   * and `marked`: indices whose words are drawn in the accent colour (a repeated word).
   */
  show({ rowLabels = null, colLabels = null, marked = [], ...grid }) {
    Object.assign(this, { rowLabels, colLabels, marked: new Set(marked) });
    super.show(grid);
  }

  // Drawn after the axes and before the cursor snapshot (Heatmap.render calls it last).
  legend(ctx, rect, t) {
    super.legend(ctx, rect, t);
    ctx.save();
    ctx.font = t.font;
    if (this.rowLabels) {
      const cell = rect.h / this.rows, left = 18;
      ctx.fillStyle = t.bg;
      ctx.fillRect(left, rect.y - 8, rect.x - 4 - left, rect.h + 16);
      ctx.textAlign = 'right';
      ctx.textBaseline = 'middle';
      if (cell >= 9)
        this.rowLabels.forEach((word, r) => this.word(ctx, t, r) && ctx.fillText(shorten(ctx, word, rect.x - 8 - left), rect.x - 6, rect.y + (r + 0.5) * cell));
    }
    if (this.colLabels) {
      const cell = rect.w / this.cols, top = rect.y + rect.h + 5;
      ctx.fillStyle = t.bg;
      ctx.fillRect(rect.x - 20, top, rect.w + 40, 17);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      this.colLabels.forEach((word, c) => this.word(ctx, t, c) && ctx.fillText(shorten(ctx, word, cell - 2), rect.x + (c + 0.5) * cell, top + 1));
    }
    ctx.restore();
  }

  /** Sets the colour of token i's label (accent when marked); true, to chain the drawing. */
  word(ctx, t, i) {
    ctx.fillStyle = this.marked.has(i) ? t.accent : t.fg;
    return true;
  }
}
