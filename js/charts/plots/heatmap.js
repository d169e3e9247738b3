// A heatmap on a canvas: cells coloured through a lookup table into one ImageData (at most one
// lookup per device pixel, however large the grid; a `sample` source computes only the cells
// it shows, so a 131072 × 8192 grid costs what the screen holds), scaled into the plot area, with labelled
// axes, a colour legend, and a cursor (pointer, touch or arrow keys) that shows the cell's
// exact value, optionally lighting up the cell's whole diagonal.
import { number } from '../../numbers.js';
import { CanvasChart } from '../canvas/chart.js';
import { colorize, cssColor, cssPixel, forBackground, isDark, mixed } from '../canvas/colormap.js';
import { drawAxes, fitCanvas, isPrinting } from '../canvas/draw.js';
import { ticks } from '../canvas/scale.js';
import { theme } from '../canvas/theme.js';

const MARGIN = { left: 54, right: 74, top: 10, bottom: 42 };
// Computed (sampled) cells per frame: ~5-15 ms of sin/cos (2^18 cells took 60-75 ms on this
// loaded 2-core machine, over a frame's budget). The canvas is aria-busy until the full image.
const CELLS_PER_FRAME = 1 << 17;
// Until a full image has been sampled on this page, the sampling and colouring code has not run
// enough to be optimized: the coarse image then has an eighth of the cells and the bands grow
// from an eighth, doubling each frame (a first coarse image of 2^17 cells at 131072 × 8192 was
// a painting of 50–60 ms on a first visit).
const SLOW_START = 8;
let warm = false;

/** A count of an axis title's things: (8, "position i") → "8 positions i", (1, "row") → "1 row". */
const count = (n, label) => `${number(n)} ${n === 1 ? label : label.replace(/^(\S+)/, '$1s')}`;

/** An axis label for a row or column index: 120000 as "120k", so it fits the margin. */
const countLabel = (v) => (v >= 10000 ? `${+(v / 1000).toPrecision(4)}k` : String(v));

// Labels closer than this (px) to an end's label give way to it.
const END_GAP = 20;

/**
 * The colour bar's labels over [min, max] drawn along rect's height: both ends, the least and
 * the greatest value coloured (an unlabelled end reads as a round number), and the round ticks
 * between that stay clear of them: [{ v, y, label }]. Each label has as many significant digits
 * (up to 4; the two ends the same count) as fit `room` px by `measure(text)`.
 */
export function barLabels(min, max, rect, measure = () => 0, room = Infinity) {
  const at = (v) => rect.y + rect.h * (1 - (v - min) / (max - min || 1));
  const text = (v, most) => {
    for (let digits = most; digits > 1; digits--) if (measure(number(v, digits)) <= room) return number(v, digits);
    return number(v, 1);
  };
  // Both ends to one count of digits, the most that fits either (a symmetric bar read 0.0895 at
  // its top and −0.09 at its bottom, where the minus sign took the room of two digits).
  const values = max > min ? [max, min] : [min];
  let digits = 4;
  while (digits > 1 && values.some((v) => measure(number(v, digits)) > room)) digits--;
  const ends = values.map((v) => ({ v, y: at(v), label: number(v, digits) }));
  const round = ticks(min, max, 4).map((v) => ({ v, y: at(v), label: text(v, 4) }))
    .filter((tick) => ends.every((end) => Math.abs(tick.y - end.y) >= END_GAP));
  return [...ends, ...round];
}

export class Heatmap extends CanvasChart {
  /**
   * @param options.describe (row, col, exact) => { text, value }: the readout of a cell (numbers
   *   to 6 significant digits, or exact when `exact`)
   * @param options.diagonal highlight the hovered cell's diagonal (Toeplitz matrices)
   * @param options.rendered (sampling) => void after each render: { rows, cols } per image pixel
   * @param options.masked the legend's name for cells that are not a finite number (a decoder's
   *   masked keys), drawn in the grid's colour; none by default (such cells take the lowest colour)
   */
  constructor(canvas, { xLabel, yLabel, map, describe, diagonal = false, label, rendered = () => {}, masked = null }) {
    super(canvas, label);
    Object.assign(this, { xLabel, yLabel, map, describe, diagonal, rendered, masked });
    this.cells = document.createElement('canvas');
  }

  /**
   * The grid: row-major `data`, `value(row, col)` (e.g. a Toeplitz matrix from its kernel,
   * never materialised) or `sample(rowList, colList)` (row-major values of just those rows and
   * columns, Int32Arrays: the cells one device pixel shows); colours span [min, max]. `about`
   * leads the text alternative (e.g. "d = 128, N = 50"); `masked` replaces the constructor's
   * (null: no masked cells now).
   */
  show({ rows, cols, data, value, sample, min, max, about = '', masked = this.masked }) {
    // A refinement of the last grid stops now: its next band would read the new source (whose
    // render a page's first drawing may hold back, deferPaints), which may have no `sample`.
    cancelAnimationFrame(this.refining);
    Object.assign(this, { rows, cols, source: { data, value, sample }, min, max, masked });
    this.setAlt(`${about ? `${about}, ` : ''}${count(rows, this.yLabel)} by ${count(cols, this.xLabel)}, `
      + `coloured from ${number(min, 4)} to ${number(max, 4)}`);
    if (this.cursor && (this.cursor.row >= rows || this.cursor.col >= cols)) this.setCursor(null);
    this.render();
  }

  render() {
    cancelAnimationFrame(this.refining);
    // The colours of the background now: a diverging map's dark variant on a dark panel.
    const colours = theme(this.canvas);
    this.colors = forBackground(this.map, colours.bg);
    // Masked cells: the grid's colour on a light panel; on a dark one, whose grid is as dark as
    // the maps' low end, a third of the way from the panel to the muted text colour: apart from
    // the lowest cells, and not the brightest block on the page (the muted colour itself was).
    this.maskColor = isDark(colours.bg) ? mixed(colours.bg, colours.muted, 0.35) : colours.grid;
    this.maskPixel = this.masked ? cssPixel(this.maskColor) : null;
    const { width, height, dpr } = fitCanvas(this.canvas);
    const rect = this.rect = {
      x: MARGIN.left, y: MARGIN.top,
      w: Math.max(10, width - MARGIN.left - MARGIN.right), h: Math.max(10, height - MARGIN.top - MARGIN.bottom),
    };
    // One image pixel per cell, or per device pixel when cells are smaller than that.
    const imageW = Math.min(this.cols, Math.round(rect.w * dpr)), imageH = Math.min(this.rows, Math.round(rect.h * dpr));
    // Rows and columns per image pixel (each pixel shows one of them: above 1, finer waves alias).
    this.sampling = { rows: this.rows / Math.max(1, imageH), cols: this.cols / Math.max(1, imageW) };
    const cells = imageW * imageH;
    if (this.source.sample && cells > CELLS_PER_FRAME && !isPrinting()) {
      // Computed cells (sample) cost real work each: a coarser image now, the full one in row
      // bands over the next frames, so no task blocks the page for long.
      const f = Math.sqrt(cells / (warm ? CELLS_PER_FRAME : CELLS_PER_FRAME / SLOW_START));
      this.fill(Math.ceil(imageW / f), Math.ceil(imageH / f));
      this.paint();
      this.busy('refine', true);
      this.refine(imageW, imageH);
    } else {
      this.busy('refine', false);
      this.fill(imageW, imageH);
      this.paint();
    }
    // After painting: the caller's text may change the layout (a note appears), and a box that
    // changed is redrawn at its new size (Widget's resize observer); before, the paint would
    // size its canvas to the new box but draw the plot at the old one.
    this.rendered(this.sampling);
  }

  /** Sizes the cell image and fills all of it. */
  fill(width, height) {
    Object.assign(this.cells, { width, height });
    if (width > 0 && height > 0) this.cells.getContext('2d').putImageData(this.image(width, height, 0, height), 0, 0);
  }

  /** The full-resolution image, CELLS_PER_FRAME cells per animation frame, then painted. */
  refine(width, height) {
    const full = Object.assign(document.createElement('canvas'), { width, height }), ctx = full.getContext('2d');
    const band = Math.max(1, Math.floor(CELLS_PER_FRAME / width));
    let y = 0, rows = warm ? band : Math.max(1, Math.floor(band / SLOW_START));
    const work = () => {
      const end = Math.min(height, y + rows);
      ctx.putImageData(this.image(width, height, y, end), 0, y);
      y = end;
      rows = Math.min(band, 2 * rows);
      if (y < height) this.refining = requestAnimationFrame(work);
      else {
        warm = true;
        this.cells = full;
        this.paint();
        this.busy('refine', false);
      }
    };
    this.refining = requestAnimationFrame(work);
  }

  /** Draws the cell image, the axes and the legend. */
  paint() {
    const { ctx, width, height } = fitCanvas(this.canvas);
    const t = this.t = theme(this.canvas), rect = this.rect;
    ctx.fillStyle = t.bg;
    ctx.fillRect(0, 0, width, height);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.cells, rect.x, rect.y, rect.w, rect.h);
    // The cells' edge: a diverging map's 0 is near the panel's colour (white on light, near black
    // on dark), and cells near 0 at the edge would otherwise vanish into the panel.
    ctx.strokeStyle = t.grid;
    ctx.lineWidth = 1;
    ctx.strokeRect(rect.x - 0.5, rect.y - 0.5, rect.w + 1, rect.h + 1);
    const cellW = rect.w / this.cols, cellH = rect.h / this.rows;
    const axis = (count, size, origin, cell) => ticks(0, count - 1, Math.max(2, Math.floor(size / 60)))
      .filter(Number.isInteger).map((v) => ({ at: origin + (v + 0.5) * cell, label: countLabel(v) }));
    drawAxes(ctx, rect, {
      xTicks: axis(this.cols, rect.w, rect.x, cellW), yTicks: axis(this.rows, rect.h, rect.y, cellH),
      xLabel: this.xLabel, yLabel: this.yLabel,
    }, t);
    this.legend(ctx, rect, t);
    this.finish();
  }

  /**
   * Image rows first … end − 1 of the cells at width × height pixels (nearest-neighbour
   * sampling), as an ImageData of width × (end − first).
   */
  image(width, height, first, end) {
    const { rows, cols, min, max, colors: map, source } = this;
    if (!source.sample) {
      if (first === 0 && end === height) return colorize(source, rows, cols, width, height, min, max, map, this.maskPixel);
      throw new RangeError('Heatmap: row bands need a sample source');
    }
    const rowList = Int32Array.from({ length: end - first }, (_, y) => Math.floor(((first + y) * rows) / height));
    const colList = Int32Array.from({ length: width }, (_, x) => Math.floor((x * cols) / width));
    return colorize({ data: source.sample(rowList, colList) }, end - first, width, width, end - first, min, max, map, this.maskPixel);
  }

  destroy() {
    cancelAnimationFrame(this.refining);
    super.destroy();
  }

  legend(ctx, rect, t) {
    const x = rect.x + rect.w + 14, w = 12;
    for (let i = 0; i < rect.h; i++) {
      ctx.fillStyle = cssColor(this.colors, 1 - i / (rect.h - 1));
      ctx.fillRect(x, rect.y + i, w, 1.5);
    }
    ctx.strokeStyle = t.grid;
    ctx.strokeRect(x, rect.y, w, rect.h);
    ctx.fillStyle = t.muted;
    ctx.font = t.font;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    const room = MARGIN.right - 14 - w - 4 - 2;  // from the bar to the canvas's edge
    for (const { y, label } of barLabels(this.min, this.max, rect, (text) => ctx.measureText(text).width, room)) ctx.fillText(label, x + w + 4, y);
    if (this.masked) {  // the masked cells' swatch under the bar, its name before it (level with the x axis's title)
      const y = rect.y + rect.h + 30;
      ctx.fillStyle = this.maskColor;
      ctx.fillRect(x, y - 6, w, 12);
      ctx.strokeStyle = t.muted;
      ctx.strokeRect(x, y - 6, w, 12);
      ctx.fillStyle = t.muted;
      ctx.textAlign = 'right';
      ctx.fillText(this.masked, x - 4, y);
    }
  }

  pick(px, py) {
    const { x, y, w, h } = this.rect;
    const col = Math.floor(((px - x) / w) * this.cols), row = Math.floor(((py - y) / h) * this.rows);
    return row >= 0 && row < this.rows && col >= 0 && col < this.cols ? { row, col } : null;
  }

  step(cursor, event) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (!moves[event.key] && event.key !== 'Home' && event.key !== 'End') return null;
    const by = event.shiftKey ? 10 : 1;
    let { row, col } = cursor ?? { row: 0, col: 0 };
    if (event.key === 'Home') [row, col] = [0, 0];
    else if (event.key === 'End') [row, col] = [this.rows - 1, this.cols - 1];
    else if (cursor) {
      row = Math.min(this.rows - 1, Math.max(0, row + moves[event.key][0] * by));
      col = Math.min(this.cols - 1, Math.max(0, col + moves[event.key][1] * by));
    }
    const { x, y, w, h } = this.rect;
    return { cursor: { row, col }, x: x + ((col + 0.5) * w) / this.cols, y: y + ((row + 0.5) * h) / this.rows };
  }

  read({ row, col }) {
    const { text, value } = this.describe(row, col, this.exact);
    return { text, data: { row, col, value } };
  }

  paintCursor(ctx) {
    const t = this.t, { x, y, w, h } = this.rect;
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
