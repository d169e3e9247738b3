// 5 · Every (sin, cos) pair of PE(pos) as a clock hand; k turns all hands by R(k).
import { fitCanvas, theme } from '../lib/draw.js';
import { csv, exportBar } from '../lib/exports.js';

export function mount({ pe, state, scheme }) {
  const canvas = document.getElementById('clock-canvas');
  const note = document.getElementById('clock-note');
  canvas.setAttribute('role', 'img');
  let hands = null;
  exportBar(document.querySelector('[data-export="clock"]'), {
    name: 'rotation', canvases: [{ name: 'rotation', canvas, label: 'clocks' }],
    data: () => ({
      csv: csv(['dim', 'PE(pos)', 'R(k)·PE(pos)', 'PE(pos+k)'],
        Array.from(hands.start, (v, c) => [c, v, hands.rotated[c], hands.direct[c]])),
      json: { ...scheme(), dModel: hands.d, pos: hands.pos, k: hands.k,
        pe: Array.from(hands.start), rotated: Array.from(hands.rotated), direct: Array.from(hands.direct) },
    }),
  });

  function draw() {
    const { ctx, width, height } = fitCanvas(canvas);
    const t = theme(), { start, rotated, direct, d, omega, layout } = hands, count = d / 2;
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

  return {
    keys: ['clock.d', 'clock.pos', 'clock.k', 'base', 'spacing', 'layout'],
    render() {
      const d = state.get('clock.d'), pos = state.get('clock.pos'), k = state.get('clock.k'), s = scheme();
      const start = pe.encode(pos, d, s);
      hands = { d, pos, k, layout: s.layout, omega: pe.frequencies(d, s), start, rotated: pe.shift(start, k, s), direct: pe.encode(pos + k, d, s) };
      let worst = 0;
      hands.rotated.forEach((v, c) => { worst = Math.max(worst, Math.abs(v - hands.direct[c])); });
      canvas.setAttribute('aria-label', `${d / 2} clock hands of PE(${pos}) turned by k = ${k}`);
      const [c, sn] = [Math.cos(k * hands.omega[0]), Math.sin(k * hands.omega[0])];
      note.textContent = `k = ${k}: first block of R(k) = [[${c.toFixed(4)}, ${sn.toFixed(4)}], [${(-sn).toFixed(4)}, ${c.toFixed(4)}]]. `
        + `max |R(k)·PE(${pos}) − PE(${pos + k})| over ${d} dimensions = ${worst.toExponential(2)}.`;
      note.dataset.maxDifference = worst;
      draw();
    },
    resize: () => hands && draw(),
  };
}
