// What one posenc element does to the DOM when it is mounted, drawn and removed, with plain DOM
// calls and nothing of posenc: a shadow root with a stylesheet, a canvas with text, a 40-row table
// set as HTML in a scroll box. In Chromium 156 the renderer's resident memory grows by ~10 MiB per
// 1000 cycles of this (docs/testing.md): the GC heap's committed pages, while the objects alive in
// it grow by ~0.2 MiB (what Blink keeps: MediaQuery objects, text-shaping caches).
const sheet = new CSSStyleSheet();
sheet.replaceSync(`.scroll { overflow: auto; height: 20rem; contain: strict; }
table { border-collapse: collapse; font: 13px system-ui; } th { position: sticky; top: 0; background: white; }
td { padding: 0 0.6em; height: 28px; text-align: right; }`);
const rows = Array.from({ length: 40 }, (_, i) => `<tr><td>${i}</td><td>${2 * i}, ${2 * i + 1}</td>`
  + `<td>${(10000 ** (-2 * i / 512)).toPrecision(6)}</td><td>${(2 * Math.PI * 10000 ** (2 * i / 512)).toPrecision(6)}</td></tr>`).join('');
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** `cycles` mounts, drawings and removals; returns { cycles }. */
window.cycles = async function cycles(count) {
  for (let cycle = 0; cycle < count; cycle++) {
    const host = document.body.appendChild(document.createElement('div'));
    const root = host.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [sheet];
    const canvas = Object.assign(root.appendChild(document.createElement('canvas')), { width: 360, height: 320 });
    const scroll = Object.assign(root.appendChild(document.createElement('div')), { className: 'scroll', tabIndex: 0 });
    scroll.appendChild(document.createElement('table')).innerHTML = '<caption>Frequencies and periods of each pair</caption>'
      + `<thead><tr><th>i</th><th>dimensions</th><th>ω</th><th>period</th></tr></thead><tbody>${rows}</tbody>`;
    await frame();
    const ctx = canvas.getContext('2d');
    ctx.font = '12px system-ui';
    for (let k = 0; k < 20; k++) ctx.fillText(['pair i', 'period (positions, log scale)', '10', '100', '1000', `${k * 32}`][k % 6], 10, 10 + 14 * k);
    await frame();
    host.remove();
  }
  return { cycles: count };
};
