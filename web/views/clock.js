// 5 · Every (sin, cos) pair of PE(pos) as a clock hand; k turns all hands by R(k).
import { clockHands, drawClocks } from '../lib/clocks.js';
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

  return {
    keys: ['clock.d', 'clock.pos', 'clock.k', 'base', 'spacing', 'layout'],
    render() {
      const d = state.get('clock.d'), pos = state.get('clock.pos'), k = state.get('clock.k'), s = scheme();
      hands = clockHands(pe, d, pos, k, s);
      const worst = hands.maxDifference;
      canvas.setAttribute('aria-label', `${d / 2} clock hands of PE(${pos}) turned by k = ${k}`);
      const [c, sn] = [Math.cos(k * hands.omega[0]), Math.sin(k * hands.omega[0])];
      note.textContent = `k = ${k}: first block of R(k) = [[${c.toFixed(4)}, ${sn.toFixed(4)}], [${(-sn).toFixed(4)}, ${c.toFixed(4)}]]. `
        + `max |R(k)·PE(${pos}) − PE(${pos + k})| over ${d} dimensions = ${worst.toExponential(2)}.`;
      note.dataset.maxDifference = worst;
      drawClocks(canvas, hands);
    },
    resize: () => hands && drawClocks(canvas, hands),
  };
}
