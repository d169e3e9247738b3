// A heatmap on a canvas: cells coloured through a lookup table into one ImageData (at most one
// lookup per device pixel, however large the grid), scaled into the plot area, with labelled
// axes, a colour legend, and a cursor (mouse or arrow keys) that shows the cell's exact value,
// optionally lighting up the cell's whole diagonal.
import { colorize, cssColor } from './colormap.js';
import { drawAxes, fitCanvas, format, Snapshot, theme, ticks } from './draw.js';
import { pageTooltip } from './tooltip.js';

const MARGIN = { left: 54, right: 74, top: 10, bottom: 42 };

export class Heatmap {
  /**
   * @param options.describe (row, col) => { text, value }: the tooltip of a cell
   * @param options.diagonal highlight the hovered cell's diagonal (Toeplitz matrices)
   */
  constructor(canvas, { xLabel, yLabel, map, describe, diagonal = false, label, tooltip = pageTooltip() }) {
    Object.assign(this, { canvas, xLabel, yLabel, map, describe, diagonal, tooltip });
    this.snapshot = new Snapshot();
    this.cursor = null;
    this.cells = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', `${label}. Use the arrow keys to read values.`);
    canvas.addEventListener('mousemove', (e) => this.pointAt(e));
    canvas.addEventListener('mouseleave', () => this.setCursor(null));
    canvas.addEventListener('keydown', (e) => this.key(e));
    canvas.addEventListener('blur', () => this.setCursor(null));
  }

  /**
   * The grid: row-major `data`, or `value(row, col)` (e.g. a Toeplitz matrix from its kernel,
   * never materialised); colours span [min, max].
   */
  show({ rows, cols, data, value, min, max }) {
    Object.assign(this, { rows, cols, source: { data, value }, min, max });
    if (this.cursor && (this.cursor.row >= rows || this.cursor.col >= cols)) this.cursor = null;
    this.render();
  }

  render() {
    const { ctx, width, height, dpr } = fitCanvas(this.canvas);
    const t = theme(this.canvas);
    ctx.fillStyle = t.bg;
    ctx.fillRect(0, 0, width, height);
    const rect = this.rect = {
      x: MARGIN.left, y: MARGIN.top,
      w: Math.max(10, width - MARGIN.left - MARGIN.right), h: Math.max(10, height - MARGIN.top - MARGIN.bottom),
    };
    // One image pixel per cell, or per device pixel when cells are smaller than that.
    const imageW = Math.min(this.cols, Math.round(rect.w * dpr)), imageH = Math.min(this.rows, Math.round(rect.h * dpr));
    this.cells.width = imageW;
    this.cells.height = imageH;
    if (imageW > 0 && imageH > 0)
      this.cells.getContext('2d').putImageData(colorize(this.source, this.rows, this.cols, imageW, imageH, this.min, this.max, this.map), 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.cells, rect.x, rect.y, rect.w, rect.h);
    const cellW = rect.w / this.cols, cellH = rect.h / this.rows;
    const axis = (count, size, origin, cell) => ticks(0, count - 1, Math.max(2, Math.floor(size / 60)))
      .filter(Number.isInteger).map((v) => ({ at: origin + (v + 0.5) * cell, label: String(v) }));
    drawAxes(ctx, rect, {
      xTicks: axis(this.cols, rect.w, rect.x, cellW), yTicks: axis(this.rows, rect.h, rect.y, cellH),
      xLabel: this.xLabel, yLabel: this.yLabel,
    }, t);
    this.legend(ctx, rect, t);
    // A cursor already showing is repainted on the new chart; otherwise the copy waits.
    if (this.cursor) this.snapshot.take(this.canvas);
    else this.snapshot.stale();
    this.paintCursor();
  }

  legend(ctx, rect, t) {
    const x = rect.x + rect.w + 14, w = 12;
    for (let i = 0; i < rect.h; i++) {
      ctx.fillStyle = cssColor(this.map, 1 - i / (rect.h - 1));
      ctx.fillRect(x, rect.y + i, w, 1.5);
    }
    ctx.strokeStyle = t.grid;
    ctx.strokeRect(x, rect.y, w, rect.h);
    ctx.fillStyle = t.muted;
    ctx.font = t.font;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    for (const v of ticks(this.min, this.max, 4)) {
      const y = rect.y + rect.h * (1 - (v - this.min) / (this.max - this.min || 1));
      ctx.fillText(format(v, 4), x + w + 4, y);
    }
  }

  cellAt(event) {
    const box = this.canvas.getBoundingClientRect(), { x, y, w, h } = this.rect;
    const col = Math.floor(((event.clientX - box.left - x) / w) * this.cols);
    const row = Math.floor(((event.clientY - box.top - y) / h) * this.rows);
    return row >= 0 && row < this.rows && col >= 0 && col < this.cols ? { row, col } : null;
  }

  pointAt(event) {
    this.setCursor(this.cellAt(event), event.clientX, event.clientY);
  }

  key(event) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (!moves[event.key] && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const step = event.shiftKey ? 10 : 1;
    let { row, col } = this.cursor ?? { row: 0, col: 0 };
    if (event.key === 'Home') [row, col] = [0, 0];
    else if (event.key === 'End') [row, col] = [this.rows - 1, this.cols - 1];
    else if (this.cursor) {
      row = Math.min(this.rows - 1, Math.max(0, row + moves[event.key][0] * step));
      col = Math.min(this.cols - 1, Math.max(0, col + moves[event.key][1] * step));
    }
    const box = this.canvas.getBoundingClientRect(), { x, y, w, h } = this.rect;
    this.setCursor({ row, col }, box.left + x + ((col + 0.5) * w) / this.cols, box.top + y + ((row + 0.5) * h) / this.rows);
  }

  setCursor(cell, clientX, clientY) {
    this.cursor = cell;
    this.snapshot.ensure(this.canvas);
    this.snapshot.restore(this.canvas);
    this.paintCursor();
    if (!cell) return this.tooltip.hide();
    const { text, value } = this.describe(cell.row, cell.col);
    this.tooltip.show(text, clientX, clientY, { row: cell.row, col: cell.col, value });
  }

  paintCursor() {
    if (!this.cursor) return;
    const ctx = this.canvas.getContext('2d'), t = theme(this.canvas), { x, y, w, h } = this.rect;
    const cw = w / this.cols, ch = h / this.rows, { row, col } = this.cursor;
    ctx.save();
    if (this.diagonal) {
      // Cells (r, r + delta): a Toeplitz matrix is constant along this line.
      const delta = col - row, first = Math.max(0, -delta), last = Math.min(this.rows - 1, this.cols - 1 - delta);
      ctx.strokeStyle = t.highlight.replace(/[\d.]+\)$/, '0.85)');
      ctx.lineWidth = Math.max(3, Math.min(cw, ch));
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(x + (first + delta + 0.5) * cw, y + (first + 0.5) * ch);
      ctx.lineTo(x + (last + delta + 0.5) * cw, y + (last + 0.5) * ch);
      ctx.stroke();
    }
    ctx.strokeStyle = t.fg;
    ctx.lineWidth = 1.5;
    ctx.strokeRect(x + col * cw - 1, y + row * ch - 1, Math.max(cw, 2) + 2, Math.max(ch, 2) + 2);
    ctx.restore();
  }
}
