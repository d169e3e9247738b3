// Canvas basics shared by every chart: HiDPI sizing, axes, snapshots (numbers: numbers.js).

// Print: the charts are redrawn at print resolution (beforeprint, see Widget) and printed at
// their drawn aspect (WIDGET_CSS's print rules), not stretched screen bitmaps.
const PRINT_SCALE = 4;  // device pixels per CSS pixel: 384 ppi at the CSS size, ≥ 300 once fitted to a page
let forPrint = false;

/** Whether charts draw for print now (set between beforeprint and afterprint). */
export function printing(on) {
  forPrint = on;
}

/** Whether charts are drawing for print (then everything is drawn now: no frame runs before the page is printed). */
export const isPrinting = () => forPrint;

/** Device pixels per CSS pixel: the screen's, or the print resolution while printing. */
export function pixelRatio() {
  const screen = globalThis.devicePixelRatio || 1;
  return forPrint ? Math.max(screen, PRINT_SCALE) : screen;
}

// The CSS size each canvas was last drawn at, so a box that changed since (the first layout
// after the first draw, a message line added) is redrawn: the first paint equals a redraw.
const drawnAt = new WeakMap();
const cssSize = (canvas) => [Math.max(1, canvas.clientWidth), Math.max(1, canvas.clientHeight)];

/**
 * Whether the canvas's box is no longer the size it was drawn at (true before its first draw):
 * its size now, or `[width, height]` in CSS pixels as a ResizeObserver reported it (fractional:
 * drawn at whole pixels, a change under one pixel is none).
 */
export function resized(canvas, [width, height] = cssSize(canvas)) {
  const drawn = drawnAt.get(canvas);
  return !drawn || Math.abs(Math.max(1, width) - drawn[0]) >= 1 || Math.abs(Math.max(1, height) - drawn[1]) >= 1;
}

/** Sizes the canvas backing store to its CSS box × pixelRatio(); returns a CSS-pixel context. */
export function fitCanvas(canvas) {
  const dpr = pixelRatio();
  const [width, height] = cssSize(canvas);
  drawnAt.set(canvas, [width, height]);
  const w = Math.round(width * dpr), h = Math.round(height * dpr);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return { ctx, width, height, dpr };
}

/**
 * Axes around a plot rectangle: tick marks and labels on the left and bottom, axis titles.
 * xTicks/yTicks: [{ at: pixel position, label }].
 */
export function drawAxes(ctx, rect, { xTicks, yTicks, xLabel, yLabel }, t) {
  ctx.save();
  ctx.strokeStyle = t.grid;
  ctx.fillStyle = t.muted;
  ctx.font = t.font;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const { at, label } of xTicks) {
    ctx.moveTo(at, rect.y + rect.h);
    ctx.lineTo(at, rect.y + rect.h + 4);
    ctx.fillText(label, at, rect.y + rect.h + 6);
  }
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const { at, label } of yTicks) {
    ctx.moveTo(rect.x - 4, at);
    ctx.lineTo(rect.x, at);
    ctx.fillText(label, rect.x - 6, at);
  }
  ctx.stroke();
  ctx.fillStyle = t.fg;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  ctx.fillText(xLabel, rect.x + rect.w / 2, rect.y + rect.h + 36);
  ctx.translate(12, rect.y + rect.h / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textBaseline = 'top';
  ctx.fillText(yLabel, 0, -10);
  ctx.restore();
}

/**
 * A chart's finished pixels, kept so hover overlays repaint by one copy instead of a redraw.
 * Copying a canvas forces it to rasterize at once, so the copy is taken lazily: when the
 * cursor first moves after a redraw (stale() after each redraw), not on every redraw.
 */
export class Snapshot {
  stale() {
    this.fresh = false;
  }

  take(canvas) {
    this.canvas ??= document.createElement('canvas');
    this.canvas.width = canvas.width;
    this.canvas.height = canvas.height;
    this.canvas.getContext('2d').drawImage(canvas, 0, 0);
    this.fresh = true;
  }

  /** Takes the snapshot if the chart was redrawn since (it has no cursor painted then). */
  ensure(canvas) {
    if (!this.fresh) this.take(canvas);
  }

  restore(canvas) {
    const ctx = canvas.getContext('2d');
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.canvas, 0, 0);
    ctx.restore();
  }
}
