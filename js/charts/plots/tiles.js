// Small multiples: a mosaic of equal heatmaps ("tiles"), tileRows × tileCols of them, each rows
// × cols cells, on one colour scale with one colour bar. Two ways to label them: `headers` (a
// line of text above each row of tiles) and `captions` (a short label above each tile), for a
// mosaic of different quantities (one tile per dimension, one per frame); or `indexed`, tile
// (ty, tx) standing for patch (ty, tx) of a grid whose tiles are the grid again (one map per
// patch, as Figure 7 of the ViT paper draws its position embeddings), with the tiles' indices
// on axes. The plot takes the height its tiles need at its width (its box's height is set).
// Each tile sits on whole device pixels (its cells scaled inside it), framed by a 1 px line of
// the theme's grid colour: a tile of the panel's own colour (a diverging map's 0 on a dark
// panel, a tile of zeros) still shows its edges, and an SVG of the plot (posenc/render) clips
// each tile where the canvas does, with no sliver of the next tile's cells at its edge.
// Cursor: pointer, touch or keys over one grid of every cell (arrows move one cell, across
// tiles; Shift moves a whole tile; Home, End); `related(cursor)` lists cells outlined with it.
import { number } from '../../numbers.js';
import { CanvasChart } from '../canvas/chart.js';
import { colorize, cssColor, forBackground } from '../canvas/colormap.js';
import { fitCanvas } from '../canvas/draw.js';
import { theme } from '../canvas/theme.js';
import { barLabels } from './heatmap.js';

const BAR = { gap: 14, width: 12, right: 74 };  // the colour bar, as the heatmap's
const HEADER = 18, CAPTION = 15;

/** The first of `texts` (a text, or its forms from longest to shortest) that fits `width` px, or the last cut with an ellipsis. */
function fit(ctx, texts, width) {
  const forms = [].concat(texts);
  const text = forms.find((t) => ctx.measureText(t).width <= width) ?? forms.at(-1);
  if (ctx.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

export class Tiles extends CanvasChart {
  /**
   * @param options.describe (cursor, exact) => { text, value, data? } of the cell under the
   *   cursor { ty, tx, r, c } (tile row and column, cell row and column)
   * @param options.related (cursor) => [[ty, tx, r, c], …]: cells outlined with the cursor
   * @param options.onCursor (cursor or null) => void when the cursor moves
   * @param options.maxCell the largest cell, in CSS pixels
   * @param options.minCell the smallest (0: none): the box is kept wide enough (its parent, a
   *   scroll region, then scrolls sideways)
   * @param options.xLabel, options.yLabel the tiles' axes (indexed), each a text or its forms from longest to shortest
   */
  constructor(canvas, { label, map, describe, related = () => [], onCursor = () => {}, maxCell = 22, minCell = 0, xLabel = '', yLabel = '' }) {
    super(canvas, label, 'Use the arrow keys to read values (Shift: a whole tile)');
    Object.assign(this, { map, describe, related, onCursor, maxCell, minCell, xLabel, yLabel });
    this.cells = document.createElement('canvas');
  }

  /**
   * tileRows × tileCols tiles of rows × cols cells, cell (r, c) of tile (ty, tx) = value(ty, tx,
   * r, c); colours span [min, max]; headers: a line above each row of tiles (or null); captions:
   * a label above each tile, by tile column (or null); each header or caption a text or its
   * forms from longest to shortest (the first that fits is drawn); indexed: the tiles' indices on axes
   * (xLabel, yLabel); about: leads the text alternative.
   */
  show({ tileRows, tileCols, rows, cols, value, min, max, headers = null, captions = null, indexed = false, about = '' }) {
    const width = tileCols * cols, height = tileRows * rows, grid = new Float64Array(width * height);
    for (let ty = 0; ty < tileRows; ty++)
      for (let tx = 0; tx < tileCols; tx++)
        for (let r = 0; r < rows; r++)
          for (let c = 0; c < cols; c++) grid[(ty * rows + r) * width + tx * cols + c] = value(ty, tx, r, c);
    Object.assign(this, { tileRows, tileCols, rows, cols, grid, min, max, headers, captions, indexed });
    this.setAlt(`${about ? `${about}, ` : ''}${number(tileRows * tileCols)} maps of ${rows} by ${cols} cells, coloured from ${number(min, 4)} to ${number(max, 4)}`);
    const c = this.cursor;
    if (c && (c.ty >= tileRows || c.tx >= tileCols || c.r >= rows || c.c >= cols)) this.setCursor(null);
    this.render();
  }

  /**
   * The layout at a width: the tiles' size and places, and the height they need. box(ty, tx):
   * a tile's rectangle on whole device pixels (`dpr` of them per CSS pixel), its cells
   * cw × ch CSS pixels.
   */
  layout(width, dpr = 1) {
    const { tileRows, tileCols, rows, cols, indexed, headers, captions } = this;
    const left = indexed ? 40 : 2, top = indexed ? 34 : 2;
    const gap = indexed ? Math.max(1, Math.min(4, Math.floor((width - left - BAR.right) / tileCols / 12))) : 8;
    const room = Math.max(20, width - left - BAR.right - gap * (tileCols - 1));
    const cell = Math.max(0.25, Math.min(this.maxCell, room / tileCols / cols));
    const tileW = cell * cols, tileH = cell * rows, above = (headers ? HEADER : 0) + (captions ? CAPTION : 0), rowGap = indexed ? gap : 10;
    const x = (tx) => left + tx * (tileW + gap), y = (ty) => top + ty * (above + tileH + rowGap) + above;
    const snap = (v) => Math.round(v * dpr) / dpr;
    const box = (ty, tx) => {
      const x0 = snap(x(tx)), y0 = snap(y(ty)), w = Math.max(1 / dpr, snap(x(tx) + tileW) - x0), h = Math.max(1 / dpr, snap(y(ty) + tileH) - y0);
      return { x: x0, y: y0, w, h, cw: w / cols, ch: h / rows };
    };
    const height = Math.max(indexed ? 140 : 90, Math.ceil(y(tileRows - 1) + tileH + 8));
    return { left, top, gap, cell, tileW, tileH, above, rowGap, x, y, box, height };
  }

  render() {
    const box = this.canvas.parentElement;
    // With minCell, the box is never narrower than cells of that size need: on a phone a map of
    // maps scrolls sideways (in its widget's scroll region) rather than shrink its cells to specks.
    if (this.minCell && box.style) {
      const { left } = this.layout(1), need = Math.ceil(left + BAR.right + 4 * (this.tileCols - 1) + this.minCell * this.tileCols * this.cols);
      if (box.style.minWidth !== `${need}px`) box.style.minWidth = `${need}px`;
    }
    const at = this.layout(Math.max(1, this.canvas.clientWidth || box.clientWidth));
    // The box takes the height the tiles need (an inline style beats the page's chart height).
    if (box.style && Math.abs((box.clientHeight || 0) - at.height) > 0.5) box.style.height = `${at.height}px`;
    const { ctx, width, height, dpr } = fitCanvas(this.canvas);
    const t = this.t = theme(this.canvas);
    const L = this.lay = this.layout(width, dpr);
    this.rect = { x: L.left, y: L.top, w: width - L.left - BAR.right, h: height - L.top };
    this.colors = forBackground(this.map, t.bg);
    ctx.fillStyle = t.bg;
    ctx.fillRect(0, 0, width, height);
    // One pixel per cell, then each tile scaled into its place.
    const W = this.tileCols * this.cols, H = this.tileRows * this.rows;
    Object.assign(this.cells, { width: W, height: H });
    this.cells.getContext('2d').putImageData(colorize({ data: this.grid }, H, W, W, H, this.min, this.max, this.colors), 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.strokeStyle = t.grid;
    ctx.lineWidth = 1;
    for (let ty = 0; ty < this.tileRows; ty++)
      for (let tx = 0; tx < this.tileCols; tx++) {
        const b = L.box(ty, tx);
        ctx.drawImage(this.cells, tx * this.cols, ty * this.rows, this.cols, this.rows, b.x, b.y, b.w, b.h);
        // The frame just outside the tile, on whole device pixels.
        ctx.strokeRect(b.x - 0.5, b.y - 0.5, b.w + 1, b.h + 1);
      }
    ctx.font = t.font;
    this.labels(ctx, t, L, width);
    this.bar(ctx, t, L, width);
    this.finish();
  }

  labels(ctx, t, L, width) {
    ctx.save();
    if (this.headers || this.captions) {
      for (let ty = 0; ty < this.tileRows; ty++) {
        const top = L.y(ty) - L.above;
        if (this.headers) {
          ctx.fillStyle = t.fg;
          ctx.textAlign = 'left';
          ctx.textBaseline = 'top';
          ctx.fillText(fit(ctx, this.headers[ty], width - BAR.right - L.left), L.left, top + 2);
        }
        if (this.captions) {
          ctx.fillStyle = t.muted;
          ctx.textAlign = 'center';
          ctx.textBaseline = 'bottom';
          for (let tx = 0; tx < this.tileCols; tx++)
            ctx.fillText(fit(ctx, this.captions[tx], L.tileW + L.gap - 2), L.x(tx) + L.tileW / 2, L.y(ty) - 2);
        }
      }
    }
    if (this.indexed) {
      // Tile indices, as many as fit 22 px apart; the axis titles.
      const every = (size) => Math.max(1, Math.ceil(22 / size));
      ctx.fillStyle = t.muted;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      const ex = every(L.tileW + L.gap);
      for (let tx = 0; tx < this.tileCols; tx += ex) ctx.fillText(String(tx), L.x(tx) + L.tileW / 2, L.top - 3);
      ctx.textAlign = 'right';
      ctx.textBaseline = 'middle';
      const ey = every(L.tileH + L.rowGap);
      for (let ty = 0; ty < this.tileRows; ty += ey) ctx.fillText(String(ty), L.left - 5, L.y(ty) + L.tileH / 2);
      ctx.fillStyle = t.fg;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.fillText(fit(ctx, this.xLabel, width - L.left - BAR.right), L.left, 2);
      // Centred on the tiles, as long as the canvas has room on both sides of their middle.
      const middle = L.y(0) + (L.y(this.tileRows - 1) + L.tileH - L.y(0)) / 2, room = 2 * Math.min(middle, this.canvas.clientHeight - middle) - 4;
      ctx.translate(2, middle);
      ctx.rotate(-Math.PI / 2);
      ctx.textAlign = 'center';
      ctx.fillText(fit(ctx, this.yLabel, room), 0, 0);
    }
    ctx.restore();
  }

  bar(ctx, t, L, width) {
    const x = width - BAR.right + BAR.gap, top = L.y(0), bottom = Math.max(L.y(this.tileRows - 1) + L.tileH, top + 60);
    const rect = { y: top, h: bottom - top };
    for (let i = 0; i < rect.h; i++) {
      ctx.fillStyle = cssColor(this.colors, 1 - i / (rect.h - 1));
      ctx.fillRect(x, rect.y + i, BAR.width, 1.5);
    }
    ctx.strokeStyle = t.grid;
    ctx.strokeRect(x, rect.y, BAR.width, rect.h);
    ctx.fillStyle = t.muted;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    const room = BAR.right - BAR.gap - BAR.width - 6;
    for (const { y, label } of barLabels(this.min, this.max, rect, (text) => ctx.measureText(text).width, room)) ctx.fillText(label, x + BAR.width + 4, y);
  }

  /** The cell at a point (in a gap between tiles, the nearest), or null outside the mosaic. */
  pick(px, py) {
    const L = this.lay;
    if (!L) return null;
    const right = L.x(this.tileCols - 1) + L.tileW, bottom = L.y(this.tileRows - 1) + L.tileH;
    if (px < L.left || px >= right || py < L.y(0) - L.above || py >= bottom) return null;
    const clamp = (v, n) => Math.min(n - 1, Math.max(0, v));
    const tx = clamp(Math.floor((px - L.left + L.gap / 2) / (L.tileW + L.gap)), this.tileCols);
    let ty = 0;
    for (let k = 0; k < this.tileRows; k++) if (py >= L.y(k) - (k ? L.above + L.rowGap / 2 : L.above)) ty = k;
    const b = L.box(ty, tx);
    return { ty, tx, r: clamp(Math.floor((py - b.y) / b.ch), this.rows), c: clamp(Math.floor((px - b.x) / b.cw), this.cols) };
  }

  /** The centre of a cell, in CSS pixels. */
  centre({ ty, tx, r, c }) {
    const b = this.lay.box(ty, tx);
    return [b.x + (c + 0.5) * b.cw, b.y + (r + 0.5) * b.ch];
  }

  step(cursor, event) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (!moves[event.key] && event.key !== 'Home' && event.key !== 'End') return null;
    const R = this.tileRows * this.rows, C = this.tileCols * this.cols;
    let gr = cursor ? cursor.ty * this.rows + cursor.r : 0, gc = cursor ? cursor.tx * this.cols + cursor.c : 0;
    if (event.key === 'Home') [gr, gc] = [0, 0];
    else if (event.key === 'End') [gr, gc] = [R - 1, C - 1];
    else if (cursor) {
      const [dr, dc] = moves[event.key];
      gr = Math.min(R - 1, Math.max(0, gr + dr * (event.shiftKey ? this.rows : 1)));
      gc = Math.min(C - 1, Math.max(0, gc + dc * (event.shiftKey ? this.cols : 1)));
    }
    const next = { ty: Math.floor(gr / this.rows), r: gr % this.rows, tx: Math.floor(gc / this.cols), c: gc % this.cols };
    const [x, y] = this.centre(next);
    return { cursor: next, x, y };
  }

  setCursor(cursor, x, y) {
    super.setCursor(cursor, x, y);
    this.onCursor(cursor);
  }

  read(cursor) {
    const { text, value, data = {} } = this.describe(cursor, this.exact);
    return { text, data: { tileRow: cursor.ty, tileCol: cursor.tx, row: cursor.r, col: cursor.c, value, ...data } };
  }

  paintCursor(ctx) {
    const t = this.t, L = this.lay, cell = Math.max(L.cell, 2);
    ctx.save();
    // The related cells outlined in the text colour (a fill would hide their colour, and the
    // highlight's yellow is the top of the sequential map).
    ctx.strokeStyle = t.fg;
    ctx.lineWidth = 1;
    for (const [ty, tx, r, c] of this.related(this.cursor)) {
      const [x, y] = this.centre({ ty, tx, r, c });
      ctx.strokeRect(x - cell / 2 + 0.5, y - cell / 2 + 0.5, cell - 1, cell - 1);
    }
    const b = L.box(this.cursor.ty, this.cursor.tx);
    ctx.strokeStyle = t.muted;
    ctx.lineWidth = 1;
    ctx.strokeRect(b.x - 1.5, b.y - 1.5, b.w + 3, b.h + 3);
    const [x, y] = this.centre(this.cursor);
    ctx.strokeStyle = t.fg;
    ctx.lineWidth = 2.5;
    ctx.strokeRect(x - cell / 2 - 1.5, y - cell / 2 - 1.5, cell + 3, cell + 3);
    ctx.restore();
  }
}
