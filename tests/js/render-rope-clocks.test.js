// The rotary clocks of <posenc-rope> (js/charts/plots/rope-clocks.js): every dial's label is
// whole, "ω₀ = 1", "ω₁ = 0.316", …, inside the chart and apart from its neighbours, at the figure's
// default width and at a phone's; a static figure (posenc render, posenc post: PNG, SVG, alt
// text) never says "drag an arrow", the live chart does. What the charts draw is read by recording
// every fillText of Skia's 2D context (the headless page's canvases are Skia's).
import test from 'node:test';
import assert from 'node:assert/strict';
import { createCanvas } from '@napi-rs/canvas';
import { init } from 'posenc';
import { fallbacks, render } from 'posenc/render';
import { headlessPage } from '../../js/render/dom.js';
import * as rope from '../../js/charts/widgets/rope.js';
import { number, sub } from '../../js/numbers.js';

const DEFAULT_LABELS = ['ω₀ = 1', 'ω₁ = 0.316', 'ω₂ = 0.1', 'ω₃ = 0.0316', 'ω₄ = 0.01', 'ω₅ = 0.00316', 'ω₆ = 0.001', 'ω₇ = 0.000316'];

// Every fillText drawn while `draw()` runs: { ctx, text, x, y, width (CSS px), align }.
const Context = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d'));
async function recorded(draw) {
  const texts = [], fillText = Context.fillText;
  Context.fillText = function record(text, x, y, ...rest) {
    texts.push({ ctx: this, text: String(text), x, y, width: this.measureText(String(text)).width, align: this.textAlign });
    return fillText.call(this, text, x, y, ...rest);
  };
  try {
    return { result: await draw(), texts };
  } finally {
    Context.fillText = fillText;
  }
}

/**
 * The clocks chart's last drawing among `texts`: its labels (centred, the legend is not) and its
 * legend line. The clocks are the chart whose legend starts with q(m); a drawing's labels come
 * between the legend before (if any) and its own.
 */
function clocksOf(texts, m = 5) {
  const start = texts.findLastIndex((t) => t.text === `q(${m})`);
  assert.ok(start >= 0, `no q(${m}) legend among ${texts.map((t) => t.text).join(' | ')}`);
  const { ctx, y: legendY } = texts[start];
  const own = texts.filter((t) => t.ctx === ctx), at = own.indexOf(texts[start]);
  const before = own.slice(0, at).findLastIndex((t) => t.text === `q(${m})`);
  const labels = own.slice(before + 1, at).filter((t) => t.align === 'center');
  const legend = own.slice(at).filter((t) => t.y === legendY && t.align === 'left').map((t) => t.text).join('');
  return { labels, legend, legendY, canvas: ctx.canvas };
}

/** Each label inside the chart, a gap from its row's neighbours, and above the legend. */
function assertApart(labels, cssWidth, legendY, where) {
  for (const l of labels) {
    assert.ok(l.x - l.width / 2 >= 0 && l.x + l.width / 2 <= cssWidth, `${where}: "${l.text}" (${l.width.toFixed(1)} px at ${l.x.toFixed(1)}) inside the ${cssWidth} px chart`);
    assert.ok(l.y <= legendY - 12, `${where}: "${l.text}" at y ${l.y.toFixed(1)} above the legend at ${legendY}`);
  }
  for (const y of new Set(labels.map((l) => l.y))) {
    const row = labels.filter((l) => l.y === y).sort((a, b) => a.x - b.x);
    for (let j = 1; j < row.length; j++) {
      const gap = (row[j].x - row[j].width / 2) - (row[j - 1].x + row[j - 1].width / 2);
      assert.ok(gap >= 6, `${where}: "${row[j - 1].text}" and "${row[j].text}" ${gap.toFixed(1)} px apart`);
    }
  }
}

/** The words of an SVG's text, in order, joined by spaces (Skia writes a <text> per word). */
const svgWords = (svg) => [...svg.toString().matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).filter(Boolean).join(' ');

test('a static posenc-rope figure labels every clock "ω_i = value" in full, and never says "drag"', async () => {
  for (const width of [720, 390]) {
    for (const format of ['png', 'svg']) {
      const where = `${format} at ${width} px`;
      const { result: figure, texts } = await recorded(() => render('posenc-rope', {}, { width, format, scale: 1 }));
      const { labels, legend, legendY, canvas } = clocksOf(texts);
      assert.deepEqual(labels.map((l) => l.text), DEFAULT_LABELS, where);
      assertApart(labels, canvas.width, legendY, where);  // scale 1: the canvas's pixels are CSS px
      assert.equal(legend, 'q(5)  k(2)   dashed: at 0', `${where}: the legend`);
      assert.ok(!texts.some((t) => /drag/i.test(t.text)), `${where}: no "drag" drawn`);
      assert.ok(!/drag/i.test(figure.alt), `${where}: alt "${figure.alt}"`);
      if (format === 'svg') {
        const words = svgWords(figure.data);
        assert.ok(words.includes(DEFAULT_LABELS.join(' ')), `${where}: the SVG's text "${words}"`);
        assert.ok(!/drag/i.test(figure.data.toString()), `${where}: no "drag" in the SVG`);
      }
    }
  }
});

test('narrow and long labels: fewer columns, else a smaller font, never a cut label', async () => {
  // base 10⁶: ω₇ = 5.6 × 10⁻⁶, the longest labels; 200 px is the narrowest figure; 2 clocks and 1.
  for (const [attributes, width] of [[{ base: 1e6 }, 390], [{ base: 1e6 }, 200], [{}, 200], [{ 'head-dim': 4 }, 200], [{ 'head-dim': 2 }, 200]]) {
    const where = `${JSON.stringify(attributes)} at ${width} px`;
    const { texts } = await recorded(() => render('posenc-rope', attributes, { width, scale: 1 }));
    const { labels, legendY, canvas } = clocksOf(texts);
    const d = Number(attributes['head-dim'] ?? 16), base = attributes.base ?? 10000;
    const expected = Array.from({ length: Math.min(8, d / 2) }, (_, i) => `${sub('ω', i)} = ${number(base ** (-2 * i / d), 3)}`);
    assert.deepEqual(labels.map((l) => l.text), expected, where);
    assertApart(labels, canvas.width, legendY, where);
  }
});

test('posenc post: the rope figure it writes has the full labels and no "drag an arrow"', async () => {
  const written = new Map();
  const { result, texts } = await recorded(() => fallbacks('<posenc-rope></posenc-rope>\n',
    { name: 'r', format: 'svg', scale: 1, write: (file, data) => { written.set(file, data); } }));
  assert.deepEqual([...written.keys()], ['r-1-rope.svg']);
  assert.deepEqual(clocksOf(texts).labels.map((l) => l.text), DEFAULT_LABELS);
  const svg = written.get('r-1-rope.svg').toString();
  assert.ok(svgWords(svg).includes(DEFAULT_LABELS.join(' ')) && !/drag/i.test(svg), 'the SVG written');
  assert.ok(!/drag/i.test(result.text), `the post: ${result.text}`);
});

test('the live chart (a widget made without interactive: false) keeps "drag an arrow", and the full labels', async () => {
  const pe = await init();
  for (const width of [352, 390]) {
    const page = await headlessPage({ scale: 1, layout: () => [width, 300] });
    const { texts } = await recorded(() => page.use(() => {
      const root = page.document.createElement('div');
      page.body.append(root);
      const view = rope.create(root, pe, {});
      try {
        view.update({});
        page.flush();
      } finally {
        view.destroy();
      }
    }));
    const { labels, legend, legendY, canvas } = clocksOf(texts);
    assert.equal(legend, 'q(5)  k(2)   dashed: at 0; drag an arrow', `at ${width} px`);
    assert.deepEqual(labels.map((l) => l.text), DEFAULT_LABELS, `at ${width} px`);
    assertApart(labels, canvas.width, legendY, `live at ${width} px`);
  }
});
