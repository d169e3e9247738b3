// Every (sin, cos) pair of an encoding as a clock hand on a unit circle: the dashed hand is
// PE(pos), the solid one R(k)·PE(pos), the ring PE(pos + k) computed directly. Hands start at
// 12 o'clock (sin 0, cos 1) and turn clockwise as the position grows.
import { fitCanvas, theme } from './draw.js';

/** PE(pos), R(k)·PE(pos) (by shift) and PE(pos + k), and the largest difference of the last two. */
export function clockHands(pe, d, pos, k, scheme) {
  const start = pe.encode(pos, d, scheme), rotated = pe.shift(start, k, scheme), direct = pe.encode(pos + k, d, scheme);
  let maxDifference = 0;
  rotated.forEach((v, c) => { maxDifference = Math.max(maxDifference, Math.abs(v - direct[c])); });
  return { d, pos, k, layout: scheme.layout, omega: pe.frequencies(d, scheme), start, rotated, direct, maxDifference };
}

export function drawClocks(canvas, { start, rotated, direct, d, omega, layout }) {
  const { ctx, width, height } = fitCanvas(canvas);
  const t = theme(canvas), count = d / 2;
  ctx.fillStyle = t.bg;
  ctx.fillRect(0, 0, width, height);
  // The grid of clocks with the largest radius that fits.
  let best = { r: 0, cols: 1 };
  for (let cols = 1; cols <= count; cols++) {
    const rowsNeeded = Math.ceil(count / cols);
    const r = Math.min(width / cols, (height - 24) / rowsNeeded - 22) / 2 - 6;
    if (r > best.r) best = { r, cols };
  }
  const { r, cols } = best, cellW = width / cols, cellH = 2 * (r + 6) + 22;
  const pair = (v, i) => (layout === 'concatenated' ? [v[i], v[i + count]] : [v[2 * i], v[2 * i + 1]]);
  ctx.font = t.font;
  ctx.textAlign = 'center';
  for (let i = 0; i < count; i++) {
    const cx = cellW * (i % cols + 0.5), cy = 12 + cellH * Math.floor(i / cols) + r + 6;
    ctx.strokeStyle = t.grid;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, 2 * Math.PI);
    ctx.stroke();
    const hand = ([s, c], color, width, dash = []) => {
      ctx.strokeStyle = color;
      ctx.lineWidth = width;
      ctx.setLineDash(dash);
      ctx.beginPath();
      ctx.moveTo(cx, cy);
      ctx.lineTo(cx + r * s, cy - r * c);  // (sin, cos): starts at 12 o'clock, turns clockwise
      ctx.stroke();
      ctx.setLineDash([]);
    };
    hand(pair(start, i), t.muted, 1.5, [3, 3]);
    hand(pair(rotated, i), t.accent, 2.5);
    const [s, c] = pair(direct, i);
    ctx.strokeStyle = t.accent2;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(cx + r * s, cy - r * c, 5, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.fillStyle = t.muted;
    ctx.fillText(`i = ${i}, ω = ${omega[i].toPrecision(3)}`, cx, cy + r + 16);
  }
  ctx.textAlign = 'left';
  ctx.fillStyle = t.fg;
  ctx.fillText('dashed: PE(pos)   solid: R(k)·PE(pos)   ring: PE(pos + k) computed directly', 8, height - 6);
}
