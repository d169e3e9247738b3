// posenc/render: static figures drawn in Node by the elements' own widgets (Skia), their alt
// text, the fallbacks of a post, the CLI, and posenc/elements imported without a DOM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { elementsOf, fallbackPicture, fallbacks, render, textOf } from 'posenc/render';
import { ELEMENTS } from '../../js/tags.js';
import { cssColor, diverging } from '../../js/charts/canvas/colormap.js';
import { PALETTE } from '../../js/charts/canvas/theme.js';
import { tempDir } from '../temp.js';

const run = promisify(execFile);
const CLI = new URL('../../js/cli.js', import.meta.url).pathname;
const TEXT_ELEMENTS = ['posenc-steps', 'posenc-verify'];

/** The RGBA pixels of a PNG: { width, height, at(x, y) → [r, g, b, a] }. */
async function pixels(png) {
  const image = await loadImage(png), canvas = createCanvas(image.width, image.height), ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  return { width: image.width, height: image.height, at: (x, y) => [...data.subarray(4 * (y * image.width + x), 4 * (y * image.width + x) + 4)] };
}

test('every element with a chart renders to PNG and SVG at its layout, with alt text from its values', async () => {
  for (const tag of Object.keys(ELEMENTS).filter((t) => !TEXT_ELEMENTS.includes(t))) {
    const png = await render(tag, {}, { scale: 1 });
    assert.deepEqual([...png.data.subarray(1, 4)], [0x50, 0x4e, 0x47], `${tag}: a PNG`);
    const image = await pixels(png.data);
    assert.deepEqual([image.width, image.height], [png.width, png.height], `${tag}: PNG size at scale 1`);
    assert.equal(png.width, 720, `${tag}: the figure's width`);
    // <posenc-grid> shows its five views one under another (show="dots" and the like: one);
    // <posenc-family> its five charts two to a row, each matrix under its title.
    const tallest = { 'posenc-grid': 2600, 'posenc-family': 1000 }[tag] ?? 700;
    assert.ok(png.height >= 200 && png.height <= tallest, `${tag}: height ${png.height}`);
    assert.ok(png.alt.length > 40 && !/arrow keys|x for exact/.test(png.alt), `${tag}: alt "${png.alt}"`);
    assert.equal(png.message, '', `${tag}: no message at the defaults`);
    const svg = await render(tag, {}, { format: 'svg' });
    const text = svg.data.toString();
    assert.match(text, /^<\?xml[^>]*>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* width="720" height="\d+"/, `${tag}: an SVG`);
    assert.ok(text.includes(`<title>${png.alt.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</title>`), `${tag}: its alt text as the SVG's title`);
    assert.ok(/<text[^>]*>[^<]+<\/text>/.test(text), `${tag}: SVG text is text`);
    assert.equal(svg.height, png.height, `${tag}: the same layout in both formats`);
  }
});

test('<posenc-grid show="…">: one view, its charts only, at a figure\'s height, under its title', async () => {
  for (const [show, charts, title] of [['encoding', 1, '1. The encoding as images'], ['dots', 3, '2. Dot products'], ['rope', 1, '3. Rotary embeddings in 2D'],
    ['video', 1, '4. Video'], ['mrope', 1, '5. A prompt of text, images and video']]) {
    const figure = await render('posenc-grid', { show }, { scale: 1 });
    assert.equal(figure.charts.length, charts, show);
    assert.ok(figure.height >= 200 && figure.height <= 900, `${show}: height ${figure.height}`);
    // The view's title above its first chart (the charts start below it) and leading the alt text.
    assert.ok(figure.charts[0].y >= 19, `${show}: the first chart at y = ${figure.charts[0].y}`);
    assert.ok(figure.alt.startsWith(title), `${show}: alt "${figure.alt.slice(0, 80)}"`);
    assert.match(figure.alt.replaceAll('\u00a0', ' '), new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^(]*\\((${{
      encoding: '8 × 12 patches, dModel = 768', dots: '8 × 12 patches, dModel = 768', rope: "8 × 12 patches, EVA-02's axes \\[32, 32\\]",
      video: '4 frames of 8 × 12 patches, dModel = 768', mrope: 'Qwen2.5-VL 7B Instruct, 130 tokens' }[show]})\\)\\. `), `${show}: its title says what it is drawn for`);
  }
  // Other values, other captions.
  const small = await render('posenc-grid', { show: 'video', 'grid-height': 2, 'grid-width': 3, frames: 1, 'd-model': 64 }, { scale: 1 });
  assert.match(small.alt.replaceAll('\u00a0', ' '), /^4\. Video: frames × rows × columns \(1 frame of 2 × 3 patches, dModel = 64\)\. /);
});

test('<posenc-grid>: each view\'s title drawn above its charts, in the scheme\'s text colour, in both formats', async () => {
  for (const scheme of ['light', 'dark']) {
    const svg = (await render('posenc-grid', {}, { format: 'svg', scheme })).data.toString();
    const titles = [...svg.matchAll(/<text x="0" y="[\d.]+" fill="([^"]+)"[^>]*font-weight="600">([^<]+)<\/text>/g)];
    // Each title's first line (a long title wraps at its spaces, never inside "8 × 12" or "dModel = 768").
    assert.deepEqual(titles.map((m) => m[2].split(' ')[0]).filter((w) => /^\d\.$/.test(w)), ['1.', '2.', '3.', '4.', '5.'], scheme);
    assert.ok(titles.every((m) => !/^[=×\d]/.test(m[2]) || /^\d\. /.test(m[2])), titles.map((m) => m[2]).join(' | '));
    assert.ok(titles.every((m) => m[1] === PALETTE[scheme].fg), `${scheme}: ${titles.map((m) => m[1])}`);
  }
  // The PNG: ink of the title's colour in the band above the first chart.
  const figure = await render('posenc-grid', { show: 'video' }, { scale: 1, scheme: 'dark' });
  const image = await pixels(figure.data), fg = PALETTE.dark.fg.match(/\w\w/g).map((h) => parseInt(h, 16));
  let ink = 0;
  for (let y = 0; y < figure.charts[0].y; y++)
    for (let x = 0; x < 200; x++) {
      const [r, g, b, a] = image.at(x, y);
      if (a > 200 && Math.abs(r - fg[0]) + Math.abs(g - fg[1]) + Math.abs(b - fg[2]) < 30) ink++;
    }
  assert.ok(ink > 30, `${ink} pixels of the title's colour`);
});

test('the PNG shows the values: each heatmap cell has the colour of PE(pos, dimension)', async () => {
  const d = 16, n = 8;
  const figure = await render('posenc-encoding', { length: n, 'd-model': d }, { scale: 1, width: 400 });
  assert.equal(figure.alt, `Heatmap of the positional encoding: dModel = ${d}, ${n} positions, ${n} positions by ${d} dimensions, coloured from −1 to 1.`);
  const image = await pixels(figure.data);
  // heatmap.js's margins: left 54, right 74, top 10, bottom 42
  const rect = { x: 54, y: 10, w: 400 - 54 - 74, h: figure.height - 10 - 42 };
  let checked = 0;
  for (let pos = 0; pos < n; pos++)
    for (let dim = 0; dim < d; dim++) {
      const x = Math.floor(rect.x + (dim + 0.5) * rect.w / d), y = Math.floor(rect.y + (pos + 0.5) * rect.h / n);
      const omega = 10000 ** (-2 * Math.floor(dim / 2) / d), value = dim % 2 ? Math.cos(pos * omega) : Math.sin(pos * omega);
      const expected = cssColor(diverging, (value + 1) / 2).match(/\d+/g).map(Number), got = image.at(x, y);
      for (let c = 0; c < 3; c++) assert.ok(Math.abs(got[c] - expected[c]) <= 1, `cell (${pos}, ${dim}): ${got} ≠ ${expected} for PE = ${value}`);
      checked++;
    }
  assert.equal(checked, n * d);
  // The dark scheme: the panel behind the axes is the dark palette's.
  const dark = await pixels((await render('posenc-encoding', { length: n, 'd-model': d }, { scale: 1, width: 400, scheme: 'dark' })).data);
  const panel = PALETTE.dark.panel.match(/\w\w/g).map((h) => parseInt(h, 16));
  assert.deepEqual(dark.at(2, 2).slice(0, 3), panel);
});

test('WebP: the same picture, lossy, in fewer bytes than the PNG; its quality checked', async () => {
  const d = 16, n = 8, look = { length: n, 'd-model': d };
  const png = await render('posenc-encoding', look, { scale: 1, width: 400 });
  const webp = await render('posenc-encoding', look, { scale: 1, width: 400, format: 'webp' });
  assert.equal(webp.type, 'image/webp');
  assert.equal(webp.data.subarray(0, 4).toString('latin1') + webp.data.subarray(8, 12).toString('latin1'), 'RIFFWEBP');
  assert.deepEqual([webp.width, webp.height, webp.alt], [png.width, png.height, png.alt]);
  assert.ok(webp.data.length < png.data.length, `WebP ${webp.data.length} bytes, PNG ${png.data.length}`);
  // The cells' colours survive the lossy coding (within a few levels: quality 90).
  const [a, b] = [await pixels(png.data), await pixels(webp.data)];
  const x = 54 + Math.floor(0.5 * (400 - 128) / d), y = 10 + Math.floor(3.5 * (png.height - 52) / n);
  for (let c = 0; c < 3; c++) assert.ok(Math.abs(a.at(x, y)[c] - b.at(x, y)[c]) <= 6, `${a.at(x, y)} vs ${b.at(x, y)}`);
  await assert.rejects(render('posenc-encoding', look, { format: 'webp', quality: 0 }), /^RangeError: quality must be a whole number from 1 to 100, not 0$/);
});

test("the periods' marked point: its label leaves the curve visible up to the point, at a laptop's width and a phone's", async () => {
  const blue = [0x1f, 0x77, 0xb4];  // the first series colour (legend.js)
  for (const width of [720, 360]) {
    const figure = await render('posenc-periods', {}, { scale: 1, width });
    const image = await pixels(figure.data);
    const near = (p) => p[3] > 200 && p.slice(0, 3).every((c, k) => Math.abs(c - blue[k]) < 40);
    // Every column of the last 120 px before the point's ring holds some of the curve.
    const ring = Array.from({ length: image.width }, (_, x) => x).reverse().find((x) => Array.from({ length: 60 }, (_, y) => image.at(x, y)).some(near));
    const hidden = [];
    for (let x = ring - 130; x < ring - 10; x++) if (!Array.from({ length: figure.height - 40 }, (_, y) => image.at(x, y)).some(near)) hidden.push(x);
    assert.deepEqual(hidden, [], `${width} px: columns without the curve near its end`);
  }
});

test('an attribute outside its rule draws the nearest allowed value and says so, as the element does', async () => {
  const figure = await render('posenc-periods', { 'd-model': 'banana' }, { scale: 1 });
  assert.equal(figure.message, 'd-model must be a number: using 512');
  assert.match(figure.alt, /dModel = 512/);
  // The worst values at once: each drawn at its nearest allowed value, and one row is one.
  const worst = await render('posenc-encoding', { length: '-1', 'd-model': '1e308', base: 'NaN', start: '<script>' }, { scale: 1 });
  assert.equal(worst.message, 'length must be between 1 and 131072: using 1; d-model must be between 2 and 8192: using 8192; '
    + 'base must be a number: using 10000; start must be a number: using 0');
  assert.match(worst.alt, /, 1 position by 8192 dimensions, /);
});

test("T5's maxDistance below what its buckets need draws at the least allowed one (an odd side too)", async () => {
  // 50 buckets both ways: 25 a side, 12 exact; the least maxDistance is 13 (was 13.5, and threw).
  const figure = await render('posenc-family', { 'num-buckets': 50, 'max-distance': 9, side: 'encoder' }, { scale: 1 });
  assert.match(figure.message, /^maxDistance \(T5\) must be an integer greater than the 12 exact buckets .*, got 9$/);
  assert.match(figure.alt, /maxDistance 13: T5 encoder: keys before the query, buckets 0–24 of 50\b/);
});

test("<posenc-family>: each matrix's title above it, beside the chart it shares a row with or across the figure", async () => {
  const svg = await render('posenc-family', {}, { format: 'svg' });
  const texts = [...svg.data.toString().matchAll(/<text x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]+)<\/text>/g)].map(([, x, y, text]) => ({ x: Number(x), y: Number(y), text }));
  const [buckets, alibi, t5] = svg.charts.slice(2);
  const alibiTitle = texts.filter((t) => t.x === alibi.x && t.y < alibi.y && t.y > buckets.y - 60);
  assert.equal(alibiTitle.map((t) => t.text).join(' '), 'ALiBi bias −m·|i − j| of head 0, m = 1/2, with the causal mask a decoder applies');
  const t5Title = texts.filter((t) => t.x === 0 && t.y < t5.y && t.y > alibi.y + alibi.height);
  assert.equal(t5Title.map((t) => t.text).join(' '), 'T5 bucket at offset i − j, encoder (both ways: no mask), 32 buckets');
  assert.ok(alibi.x > buckets.x + buckets.width && alibi.y === buckets.y, 'the ALiBi matrix beside the T5 staircase, level with it');
  assert.match(svg.alt, /ALiBi bias −m·\|i − j\| of head 0, m = 1\/2, with the causal mask a decoder applies\. Heatmap/);
});

test('bad calls throw errors naming what is wrong', async () => {
  const cases = [
    [() => render('posenc-nope'), TypeError, /^tag: unknown element "posenc-nope"; one of posenc-encoding, /],
    [() => render('posenc-encoding', { lenght: 5 }), TypeError, /^<posenc-encoding> has no attribute "lenght"; it has length, d-model, base, spacing, layout, start$/],
    [() => render('posenc-verify', { x: 1 }), TypeError, /^<posenc-verify> has no attribute "x"; it has none$/],
    [() => render('posenc-steps'), TypeError, /^<posenc-steps> draws no chart \(its content is text and tables\)/],
    [() => render('posenc-encoding', {}, { format: 'gif' }), TypeError, /^format must be "png", "webp" or "svg", not "gif"$/],
    [() => render('posenc-encoding', {}, { width: 50 }), RangeError, /^width must be between 200 and 4096 CSS pixels, not 50$/],
    [() => render('posenc-encoding', {}, { scale: NaN }), RangeError, /^scale must be between 0.5 and 8, not NaN$/],
    [() => render('posenc-encoding', {}, { scheme: 'sepia' }), RangeError, /^scheme must be "light" or "dark", not "sepia"$/],
  ];
  for (const [call, ErrorClass, message] of cases) await assert.rejects(call, (e) => e instanceof ErrorClass && message.test(e.message), String(call));
  // Still works, and the globals it lent the widgets are gone again.
  assert.equal((await render('posenc-shift', {}, { scale: 1 })).width, 720);
  for (const name of ['document', 'window', 'requestAnimationFrame', 'ResizeObserver', 'getComputedStyle', 'matchMedia'])
    assert.equal(globalThis[name], undefined, `${name} left behind`);
});

test('drawings asked for together take their turns, and leave no global behind', async () => {
  const pending = Promise.all([render('posenc-encoding', {}, { scale: 1 }), render('posenc-dots', {}, { scale: 1, format: 'svg' }),
    render('posenc-lines', {}, { scale: 1, scheme: 'dark' }), textOf('posenc-steps'), render('posenc-base', {}, { scale: 1 })]);
  // Meanwhile the process's own events still work (the widgets' events are copied into linkedom's).
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal(new EventTarget().dispatchEvent(new Event('x')), true);
  const figures = (await pending).slice(0, 4);
  assert.deepEqual(figures.map((f) => f.type ?? 'text'), ['image/png', 'image/svg+xml', 'image/png', 'text']);
  for (const name of ['document', 'window', 'requestAnimationFrame', 'cancelAnimationFrame', 'ResizeObserver', 'Path2D', 'devicePixelRatio'])
    assert.equal(globalThis[name], undefined, `${name} left behind`);
});

test('text elements give their text as plain HTML on one line', async () => {
  const steps = await textOf('posenc-steps', { 'd-model': 4, length: 3 });
  assert.ok(!steps.html.includes('\n') && !/class=|<button|<input/.test(steps.html));
  assert.match(steps.html, /<table><caption>Denominators: the base \(10,000\) raised to the exponent; frequencies ω = 1 \/ denominator<\/caption>/);
  assert.match(steps.html, /<td>0\.84147<\/td>/, 'sin(1) in the worked table');
  // Whole denominators without decimals (100, never 100.000); others to the same decimals.
  assert.match(steps.html, /<td>2·1\/4<\/td><td>100<\/td><td>0\.01000<\/td>/);
  assert.match((await textOf('posenc-steps', { 'd-model': 6 })).html, /<td>2·1\/6<\/td><td>21\.544<\/td>.*<td>2·2\/6<\/td><td>464\.159<\/td>/);
  const verify = await textOf('posenc-verify');
  assert.match(verify.html, /^<p>(\d+) passed, 0 failed<\/p><table>/);
});

const POST = `# Waves

Inline \`<posenc-encoding></posenc-encoding>\` and a fence stay as they are:

\`\`\`html
<posenc-dots></posenc-dots>
\`\`\`

<posenc-encoding length="12" d-model='16' class="wide"></posenc-encoding>

<posenc-periods d-model="banana" colour=red></posenc-periods>

<posenc-lines d-model="16">
  <p>My own words.</p>
</posenc-lines>

<posenc-steps length="2" />

<posenc-widget></posenc-widget>
`;

test('post: a fallback in every element, code and a writer\'s own content left alone, idempotent', async () => {
  const written = new Map();
  const write = (file, data) => { written.set(file, data); };
  const first = await fallbacks(POST, { name: 'waves', url: '/img/', write });
  // Each figure at 1× and 2×, in the smaller of PNG and WebP at 2×.
  const files = [...written.keys()];
  assert.match(files.join(' '), /^waves-1-encoding\.(png|webp) waves-1-encoding-2x\.\1 waves-2-periods\.(png|webp) waves-2-periods-2x\.\2$/);
  for (const file of files.filter((f) => f.includes('-2x.'))) {
    const [, stem, chosen] = file.match(/^(.*)-2x\.(\w+)$/), tag = `posenc-${stem.split('-').at(-1)}`;
    const { attributes } = elementsOf(POST).find((e) => e.tag === tag);
    const own = Object.fromEntries(Object.entries(attributes).filter(([k]) => k !== 'colour' && k !== 'class'));  // what fallbacks() draws
    const { images } = await fallbackPicture(tag, own, { format: chosen === 'png' ? 'webp' : 'png' });
    assert.ok(written.get(file).length <= images[1].data.length, `${file}: ${written.get(file).length} bytes, the other format ${images[1].data.length}`);
  }
  // A large heatmap's flat cells pack better in PNG, curves in WebP (about half their PNG).
  assert.equal((await fallbackPicture('posenc-encoding', { length: 50, 'd-model': 128 })).format, 'png');
  assert.equal((await fallbackPicture('posenc-lines', { length: 100, 'd-model': 128 })).format, 'webp');
  const [encodingFile, periodsFile] = [files[0], files[2]];
  assert.deepEqual(first.figures.map((f) => [f.tag, f.kept ?? false]),
    [['posenc-encoding', false], ['posenc-periods', false], ['posenc-lines', true], ['posenc-steps', false]]);
  assert.deepEqual(first.warnings, [
    '<posenc-periods> (element 2) has no attribute "colour": left out of its image',
    '<posenc-periods> (element 2): d-model must be a number: using 512',
    '<posenc-widget> (element 5) is not a posenc element: left as it is',
  ]);
  const lines = first.text.split('\n');
  assert.ok(lines.includes('<posenc-dots></posenc-dots>') && lines.includes('Inline `<posenc-encoding></posenc-encoding>` and a fence stay as they are:'));
  const encoding = lines.find((l) => l.startsWith('<posenc-encoding'));
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  assert.match(encoding, new RegExp(`^<posenc-encoding length="12" d-model='16' class="wide"><img data-posenc-fallback src="/img/${esc(encodingFile)}" srcset="/img/${esc(encodingFile)} 1x, /img/${esc(files[1])} 2x" alt="Heatmap of the positional encoding: dModel = 16, 12 positions, [^"]*" width="720" fetchpriority="high" /></posenc-encoding>$`));
  // The first image is fetched first (it may be the largest paint), the others lazily, decoded off the main thread.
  assert.match(lines.find((l) => l.startsWith('<posenc-periods')), new RegExp(`<img data-posenc-fallback src="/img/${periodsFile}" srcset="/img/${periodsFile} 1x, /img/${files[3]} 2x" alt="[^"]*" width="720" loading="lazy" decoding="async" />`));
  assert.ok(first.text.includes('<posenc-lines d-model="16">\n  <p>My own words.</p>\n</posenc-lines>'));
  // A text fallback on its own line between the tags on theirs: one Markdown HTML block.
  assert.match(first.text, /\n<posenc-steps length="2">\n<div data-posenc-fallback><table><caption>Denominators: the base \(10,000\) raised to the exponent; frequencies ω = 1 \/ denominator<\/caption><tbody>.*<\/tbody><\/table>.*<\/div>\n<\/posenc-steps>\n/);
  assert.equal(elementsOf(first.text).length, 5);
  const again = await fallbacks(first.text, { name: 'waves', url: '/img/', write });
  assert.equal(again.text, first.text, 'a second run replaces its own fallbacks with the same ones');
  // HTML: <pre> and comments are code.
  const html = await fallbacks('<pre><posenc-dots></posenc-dots></pre><!-- <posenc-dots></posenc-dots> --><p><posenc-shift></posenc-shift></p>',
    { kind: 'html', write, scale: 1, format: 'png' });
  assert.deepEqual(html.figures.map((f) => f.files), [['posenc-1-shift.png']]);
});

test('post: Hugo\'s posenc shortcodes get their fallback inside the paired form', async () => {
  const hugo = 'A.\n\n{{< posenc element="encoding" length="12" d-model="16" />}}\n\n{{< posenc element=`posenc-steps` length="2" >}}{{< /posenc >}}\n\n'
    + '```\n{{</* posenc element="dots" */>}}\n```\n\n<posenc-shift></posenc-shift>\n';
  const written = [];
  const { text, figures } = await fallbacks(hugo, { name: 'h', url: '/posenc/', write: (file) => written.push(file), scale: 1, format: 'png' });
  assert.deepEqual(figures.map((f) => f.tag), ['posenc-encoding', 'posenc-steps', 'posenc-shift']);
  assert.deepEqual(written, ['h-1-encoding.png', 'h-3-shift.png']);
  const lines = text.split('\n');
  assert.match(lines[2], /^\{\{< posenc element="encoding" length="12" d-model="16" >\}\}<img data-posenc-fallback src="\/posenc\/h-1-encoding.png" alt="[^"]+" width="720" fetchpriority="high" \/>\{\{< \/posenc >\}\}$/);
  assert.equal(lines[4], '{{< posenc element=`posenc-steps` length="2" >}}');
  assert.match(lines[5], /^<div data-posenc-fallback><table>.*<\/div>$/);
  assert.equal(lines[6], '{{< /posenc >}}');
  assert.equal(lines[9], '{{</* posenc element="dots" */>}}', 'an escaped shortcode is left alone');
  assert.equal((await fallbacks(text, { name: 'h', url: '/posenc/', write: () => {}, scale: 1, format: 'png' })).text, text, 'idempotent');
});

test('post: what is code stays code, and what a writer wrote stays as written', () => {
  const post = [
    'a', '', '~~~html', '<!-- how to embed -->', '<posenc-encoding length="5"></posenc-encoding>', '~~~', '',
    '- item', '', '  ```', '  <posenc-dots></posenc-dots>', '  ```', '',
    'An unclosed `backtick stops at the paragraph.', '',
    '<POSENC-LINES title="the `d` model" d-model="16"></POSENC-LINES>', '',
    '<pre><code><posenc-dots></posenc-dots></code></pre>', '',
    '<posenc-shift><!-- drawn by hand later --></posenc-shift>', '',
    '{{< posenc element=encoding length=50 />}}', '',
    '{{< posenc element="dots" >}}<posenc-dots></posenc-dots>{{< /posenc >}}', '',
  ].join('\r\n');
  const found = elementsOf(post);
  assert.deepEqual(found.map((e) => [e.tag, e.shortcode]),
    [['posenc-lines', false], ['posenc-shift', false], ['posenc-encoding', true], ['posenc-dots', true]]);
  assert.deepEqual(found[0].attributes, { title: 'the `d` model', 'd-model': '16' });
  assert.equal(found[1].content, '<!-- drawn by hand later -->');
  assert.deepEqual(found[2].attributes, { length: '50' });
});

test('the CLI: render and post, with errors as exit codes', async () => {
  const dir = tempDir('cli');
  const svg = await run('node', [CLI, 'render', 'posenc-encoding', 'length=50', 'd-model=128', '-o', join(dir, 'encoding.svg')]);
  assert.match(svg.stdout, /encoding\.svg \(720 × 244 CSS px\)\nalt: Heatmap of the positional encoding: dModel = 128, 50 positions, /);
  assert.match(readFileSync(join(dir, 'encoding.svg'), 'utf8'), /^<\?xml/);
  const png = await run('node', [CLI, 'render', 'dots', 'length=8', '-o', join(dir, 'dots.png'), '--scale', '1', '--width', '500']);
  assert.match(png.stdout, /dots\.png \(500 × 504 CSS px\)/);
  writeFileSync(join(dir, 'post.md'), POST);
  writeFileSync(join(dir, 'binary.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff]));
  const post = await run('node', [CLI, 'post', join(dir, 'post.md'), '--images', join(dir, 'static', 'img'), '--scale', '1', '--format', 'png']);
  assert.match(post.stderr, /warning: <posenc-periods> \(element 2\): d-model must be a number: using 512/);
  assert.deepEqual(readdirSync(join(dir, 'static', 'img')).sort(), ['post-1-encoding.png', 'post-2-periods.png']);
  assert.match(readFileSync(join(dir, 'post.md'), 'utf8'), /src="static\/img\/post-1-encoding\.png"/);
  for (const [args, code, message] of [
    [['render', 'encoding', '-o', 'x.gif'], 2, /render: write a \.png, \.webp or \.svg file/],
    [['render', 'encoding', 'length'], 2, /-o <file.png\|file.webp\|file.svg> is required/],
    [['render', 'encoding', 'length', '-o', 'x.png'], 2, /attributes are name=value, not "length"/],
    [['render', 'encoding', '-o', 'x.png', '--width', 'wide'], 2, /--width must be a number, not "wide"/],
    [['render', 'posenc-nope', '-o', join(dir, 'x.png')], 2, /unknown element "posenc-nope"/],
    [['render', 'encoding', 'lenght=5', '-o', join(dir, 'x.png')], 2, /<posenc-encoding> has no attribute "lenght"/],
    [['render', 'encoding', '-o', join(dir, 'x.png'), '--scale', '99'], 2, /scale must be between 0.5 and 8, not 99/],
    [['draw'], 2, /unknown command "draw"/],
    [['render', 'encoding', '-o', join(dir, 'x.png'), '--format', 'svg'], 2, /render: --format svg into a \.png file/],
    [['post', join(dir, 'post.md'), '--format', 'jpg'], 2, /post: --format is auto, png, webp or svg, not "jpg"/],
    [['post', join(dir, 'post.md'), '--quality', '101'], 2, /quality must be a whole number from 1 to 100, not 101/],
    [['post', join(dir, 'missing.md')], 1, /ENOENT/],
    [['post', join(dir, 'binary.md')], 2, /binary\.md is not a text file \(Markdown, MDX or HTML\)/],
  ]) {
    const failed = await run('node', [CLI, ...args]).then(() => null, (e) => e);
    assert.ok(failed, `${args.join(' ')} should fail`);
    assert.equal(failed.code, code, `${args.join(' ')}: ${failed.stderr}`);
    assert.match(failed.stderr, message);
  }
  assert.match((await run('node', [CLI, '--help'])).stdout, /posenc render <element>/);
  // A page bundle's index.md names its images after its folder.
  mkdirSync(join(dir, 'waves'));
  writeFileSync(join(dir, 'waves', 'index.md'), '<posenc-shift></posenc-shift>\n');
  const bundle = await run('node', [CLI, 'post', join(dir, 'waves', 'index.md')]);
  const written = readdirSync(join(dir, 'waves')).sort();
  assert.match(written.join(' '), /^index\.md waves-1-shift-2x\.(png|webp) waves-1-shift\.\1$/);
  assert.match(bundle.stdout, /posenc-shift: \S*waves-1-shift\.(png|webp), \S*waves-1-shift-2x\.\1\n/);
  // WebP by request: a RIFF file.
  const webp = await run('node', [CLI, 'render', 'dots', 'length=8', '-o', join(dir, 'dots.webp'), '--scale', '1']);
  assert.match(webp.stdout, /dots\.webp \(720 × /);
  assert.equal(readFileSync(join(dir, 'dots.webp')).subarray(8, 12).toString('latin1'), 'WEBP');
});

test('posenc/elements imports without a DOM (server-side rendering) and defines nothing', async () => {
  const { stdout } = await run('node', ['--input-type=module', '-e',
    "const m = await import('posenc/elements'); console.log(Object.keys(m).length, typeof m.PosencEncoding, typeof m.posenc, typeof customElements, typeof HTMLElement)"]);
  assert.equal(stdout.trim(), '22 function function undefined undefined');  // 21 elements and posenc()
});
