// What the line, log, xy and bar plots share: the canvas cleared to the panel colour with
// the plot rectangle inside the margins, the grid and axes, and the dashed cursor line.
import { drawAxes, fitCanvas } from './draw.js';
import { theme } from './theme.js';

/** Fits and clears the chart's canvas; sets chart.t (colours) and chart.rect; returns the context. */
export function clearFrame(chart, margin) {
  const { ctx, width, height } = fitCanvas(chart.canvas);
  const t = chart.t = theme(chart.canvas);
  ctx.fillStyle = t.bg;
  ctx.fillRect(0, 0, width, height);
  chart.rect = { x: margin.left, y: margin.top, w: Math.max(10, width - margin.left - margin.right), h: Math.max(10, height - margin.top - margin.bottom) };
  return ctx;
}

/** Horizontal grid lines at the y ticks, then the axes (draw.js). */
export function gridAndAxes(ctx, chart, xTicks, yTicks) {
  const { rect, t } = chart;
  ctx.strokeStyle = t.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const { at } of yTicks) { ctx.moveTo(rect.x, at); ctx.lineTo(rect.x + rect.w, at); }
  ctx.stroke();
  drawAxes(ctx, rect, { xTicks, yTicks, xLabel: chart.xLabel, yLabel: chart.yLabel }, t);
}

/** A dashed vertical line at x across the plot rectangle. */
export function verticalLine(ctx, rect, x, color, dash) {
  ctx.strokeStyle = color;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(x, rect.y);
  ctx.lineTo(x, rect.y + rect.h);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** The cursor's dashed vertical line at x. */
export const cursorLine = (ctx, chart, x) => verticalLine(ctx, chart.rect, x, chart.t.muted, [4, 3]);

/**
 * A widget's canvas in a box of a fixed height (CSSOM, allowed under style-src 'self'): for
 * widgets of several parts that size to their content rather than fill their root.
 */
export function fixedCanvas(w, part, height, parent) {
  const canvas = w.canvas(part, parent);
  canvas.parentElement.style.cssText = `flex: none; height: ${height}px`;
  return canvas;
}
