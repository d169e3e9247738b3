// The page edited as one explainer (issue 36; the rules are docs/naming.md): every number in view
// in the one format, one name per idea, each glossary term linked where the reader first meets it,
// curves named by their legend rather than by a colour. The page is read as a reader sees it: the
// DOM's visible text, every label the canvases draw (fillText, recorded from before the page
// loads) and the canvases' accessible names, with the folded digressions open and every view drawn.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { buildSite } from '../../scripts/build-site.js';
import { serve } from '../../scripts/serve.js';
import { launch } from './browser.js';
import { drawEveryView } from './pages.js';
import { tempDir } from '../temp.js';

let server, browser, url;

before(async () => {
  server = await serve(await buildSite(tempDir('editorial')), 0);
  url = `http://127.0.0.1:${server.address().port}/`;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.close();
});

// Every label a canvas draws, with the view that drew it.
const RECORD_LABELS = () => {
  const fill = CanvasRenderingContext2D.prototype.fillText;
  window.drawnLabels = [];
  CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
    if (this.canvas.isConnected && String(text).trim())
      window.drawnLabels.push([this.canvas.closest('[data-widget]')?.dataset.widget ?? '', String(text)]);
    return fill.call(this, text, ...rest);
  };
};

/** The page at `search` as a reader sees it: texts as [where, text, kind], tables as columns. */
async function read(search = '') {
  const page = await browser.context.newPage();
  try {
    await page.addInitScript(RECORD_LABELS);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${url}${search}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
    await drawEveryView(page, { step: 450, pause: 20 });
    const dom = await page.evaluate(() => {
      const where = (el) => el.closest('[data-widget]')?.dataset.widget ?? el.closest('section, .intro, header, footer')?.id ?? '';
      const texts = [], walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const node = walker.currentNode, el = node.parentElement;
        if (!node.textContent.trim() || el.closest('script, style') || !el.checkVisibility()) continue;
        // kind: code, quotes and cited titles keep their own spelling; pre holds programs and their output.
        const kind = el.closest('pre') ? 'pre' : el.closest('code, q, samp, kbd, cite') ? 'code' : 'text';
        texts.push([where(el), node.textContent, kind]);
      }
      // Accessible names are read like text; a tooltip holds the exact value behind a rounded one.
      for (const el of document.querySelectorAll('main [aria-label]')) if (el.checkVisibility()) texts.push([where(el), el.getAttribute('aria-label'), 'text']);
      for (const el of document.querySelectorAll('main [title]')) if (el.checkVisibility()) texts.push([where(el), el.getAttribute('title'), 'exact']);
      // A table of one quantity per row (data-numbers="rows": a label, then the row's values)
      // is read by rows; any other by columns.
      const tables = [...document.querySelectorAll('main table')].filter((t) => t.checkVisibility()).map((t) => {
        const rows = [...t.querySelectorAll('tbody tr')].map((r) => [...r.cells].map((c) => c.textContent.trim()));
        return { where: where(t), rows: t.dataset.numbers === 'rows' ? rows[0]?.map((_, c) => rows.map((r) => r[c])) ?? [] : rows };
      });
      return { texts, tables };
    });
    const drawn = (await page.evaluate(() => window.drawnLabels)).map(([where, text]) => [where, text, 'canvas']);
    return { texts: [...dom.texts, ...drawn], tables: dom.tables };
  } finally {
    await page.close();
  }
}

// A number as text: digits with commas and a decimal point, or e-notation.
const NUMBER = /(?<![\w.])\d[\d,]*(?:\.\d+)?(?:e[+-]?\d+)?(?![\w])/gi;
const significant = (t) => {
  const plain = t.replaceAll(',', ''), digits = plain.replace('.', '').replace(/^0+/, '');
  return plain.includes('.') ? digits.length : digits.replace(/0+$/, '').length || 1;
};
const decimals = (t) => (t.split('.')[1] ?? '').length;

/** Numbers a reader should not see: over 8 significant digits, e-notation, a ragged column. */
export function numberProblems({ texts, tables }) {
  const problems = [];
  for (const [where, text, kind] of texts) {
    if (kind === 'pre' || kind === 'exact') continue;
    for (const { 0: t, index } of text.matchAll(NUMBER)) {
      const context = `${where}: "${text.slice(Math.max(0, index - 30), index + t.length + 30).trim()}"`;
      if (/e[+-]?\d/i.test(t)) problems.push(`e-notation ${t} in ${context}`);
      else if (significant(t) > 8) problems.push(`${significant(t)} significant digits in ${context}`);
    }
  }
  for (const { where, rows } of tables)
    for (let c = 0; c < Math.max(0, ...rows.map((r) => r.length)); c++) {
      // A column's numbers (an exact 0 is written 0) share their decimals or their significant digits.
      const column = rows.map((r) => (r[c] ?? '').replace(/^−/, '')).filter((t) => /^\d[\d,]*(\.\d+)?$/.test(t) && t !== '0');
      if (new Set(column.map(decimals)).size > 1 && new Set(column.map(significant)).size > 1)
        problems.push(`${where}: a table column's numbers differ in decimals and in digits: ${column.slice(0, 6).join(' | ')}`);
    }
  return problems;
}

// The retired names (docs/naming.md), outside code and quotes.
const RETIRED = [
  [/\bd_model\b/, 'dModel'],
  [/(?<![\w√])d = \d/, 'dModel = …'],
  [/√d\b/, '√dModel'],
  [/\bhead (size|dimension)\b/i, 'headDim'],
  [/\bhands?\b/i, 'pair (its point on the clock)'],
  [/θ/, 'ω for a frequency, "angle pos·ω" for an angle'],
  [/\bdims?\b/, 'dimension'],
  // One offset: the query's position minus the key's (the first position minus the second).
  [/\bn − m\b|\bj − i\b|\bb − a\b|x′ − x|y′ − y/, 'm − n, i − j, a − b, x − x′'],
  [/\bresolution\b|\bneighbour step\b|distance between neighbours/i, 'neighbour distance'],
  [/\bsave range\b|\brange PNG\b/i, 'horizon'],
  [/'s share\b|\bshare (first|stays)\b/i, 'cosine similarity'],
  [/\btraining length\b/i, 'trained length'],
  [/\bwavelengths?\b/i, 'period'],
];

export function nameProblems({ texts }) {
  const problems = new Set();
  for (const [where, text, kind] of texts) {
    if (kind === 'pre' || kind === 'code') continue;
    for (const [retired, name] of RETIRED)
      if (retired.test(text)) problems.add(`${where}: "${text.match(retired)[0]}" (say ${name}) in "${text.trim().slice(0, 120)}"`);
  }
  return [...problems];
}

const LINKS = {
  default: '',
  'workbench': 'workbench.html',
  'engineer sizes': '?enc.d=8192&enc.n=131072&dots.d=4096&dots.n=131072&lines.n=131072&nearRepeats.dModel=64&nearRepeats.maxOffset=4096',
  "tensor2tensor's spacing, base 500,000, Qwen 2.5": '?spacing=tensor2tensor&base=500000&ropeScaling.preset=qwen2.5-7b-instruct&extrapolation.dModel=128&extrapolation.trained=100',
  'YaRN beside LongRoPE (attention factors, two scalings)': '?ropeScaling.preset=yarn-llama-2-7b-64k&ropeScaling.compare=phi-3-mini-128k-instruct&rope.headDim=128',
  "Falcon-RW's bfloat16 slopes in the later-models view": '?family.preset=falcon-rw-1b&family.head=5',
  'the grid at DiT-XL/2\'s size, random q and k, Qwen2-VL\'s ids of a long video': '?grid.gridHeight=16&grid.gridWidth=16&grid.dModel=1152&grid.seed=1&grid.preset=qwen2-vl-7b-instruct&grid.prompt=text%205,%20video%2012x6x10%20s=0.5,%20text%202',
};

for (const [name, search] of Object.entries(LINKS))
  test(`numbers and names at the ${name} link (docs/naming.md)`, async () => {
    const seen = await read(search);
    assert.ok(seen.texts.filter(([, , kind]) => kind === 'canvas').length > 200, 'the canvases\' labels were read');
    const problems = [...numberProblems(seen), ...nameProblems(seen)];
    assert.ok(problems.length === 0, `${problems.length} numbers not in the one format or retired names:\n${problems.join('\n')}`);
  });

test('the rules can fail: each finds what it is there to find', () => {
  const texts = [['x', 'D(1) = 249.10209782736297, 0.00e+0, 20,473,564 positions', 'text'], ['x', 'hands of d = 512', 'canvas'], ['x', 'd_model', 'code']];
  assert.deepEqual(numberProblems({ texts, tables: [{ where: 't', rows: [['0.841470985'], ['0.99995'], ['0']] }] }).map((p) => p.split(' ')[0]),
    ['17', 'e-notation', 't:']);
  assert.deepEqual(nameProblems({ texts }).length, 2);
});

test('each glossary term is a link to it where the reader first meets it; prose names curves, not colours', async () => {
  const page = await browser.context.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
    const misses = await page.evaluate(() => {
      const terms = [...document.querySelectorAll('#glossary + dl dt')].map((dt) => [dt.id, dt.dataset.term ?? dt.textContent.split(/[,(]/)[0].trim()]);
      const out = [];
      for (const [id, term] of terms) {
        const pattern = new RegExp(`(?<![\\w-])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'i');
        const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
        let first = null;
        while (walker.nextNode()) {
          const el = walker.currentNode.parentElement;
          // Not the glossary itself, code, a chart's own text, headings (no link in a heading: the
          // first use in prose has it), or the list of sections (its items are links already).
          if (el.closest('#glossary + dl, script, style, pre, [data-widget], .checklist, h1, h2, h3')) continue;
          if (pattern.test(walker.currentNode.textContent)) { first = el; break; }
        }
        const link = first?.closest('a');
        if (!first) out.push(`${term}: never used`);
        else if (link?.getAttribute('href') !== `#${id}`) out.push(`${term}: first met in "${first.textContent.trim().slice(0, 100)}" (${first.closest('section, .intro')?.id}), not a link to #${id}`);
      }
      return { terms: terms.length, out };
    });
    assert.ok(misses.terms >= 11, `${misses.terms} terms`);
    assert.deepEqual(misses.out, []);
    const colours = await page.$$eval('main p, main li, main summary', (all) => all.filter((p) => !p.closest('[data-widget]'))
      .flatMap((p) => p.textContent.match(/\b(orange|green|blue|red|purple|brown|grey|gray|yellow)\b/gi) ?? []));
    assert.deepEqual(colours, [], 'the prose names a curve by its legend entry, not its colour (colours change with the scheme)');
  } finally {
    await page.close();
  }
});

test('the rotary prose names the decay chart\'s curves by their legend entries', async () => {
  const seen = await read('workbench.html#rotary');
  const legend = new Set(seen.texts.filter(([where, , kind]) => where === 'rope' && kind === 'canvas').map(([, text]) => text.trim().toLowerCase()));
  const page = await browser.context.newPage();
  try {
    await page.goto(`${url}workbench.html`);
    const prose = await page.$$eval('#rotary > p', (all) => all.map((p) => p.textContent).join(' '));
    const quoted = [...prose.matchAll(/“([^”]+)”/g)].map((m) => m[1].toLowerCase()).filter((q) => /bound|score|value/.test(q));
    assert.ok(quoted.length >= 3, `quoted: ${quoted}`);
    for (const name of quoted) assert.ok(legend.has(name), `“${name}” is a legend entry of the rotary chart (${[...legend].join(' | ')})`);
  } finally {
    await page.close();
  }
});

test("Settings: a paragraph whose numbers depend on them says they are the paper's, and which the charts now use", async () => {
  const page = await browser.context.newPage();
  const notes = () => page.$$eval('[data-at]', (all) => all.map((p) => [p.dataset.at, p.querySelector(':scope > .at-paper')?.textContent ?? '']));
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
    const paper = await notes();
    assert.ok(paper.length >= 9, `${paper.length} paragraphs`);
    assert.deepEqual(paper.filter(([, note]) => note), [], 'at the paper\'s settings the text says nothing');
    await page.goto(`${url}?base=500000&spacing=tensor2tensor`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
    for (const [at, note] of await notes()) {
      const changed = ['base', 'spacing'].filter((key) => at.includes(key));
      const expected = changed.length === 2 ? " (These numbers are at the paper's settings: base 10,000, the paper's spacing; the charts now use base 500,000, tensor2tensor's spacing.)"
        : changed[0] === 'base' ? " (These numbers are at the paper's settings: base 10,000; the charts now use base 500,000.)"
          : " (These numbers are at the paper's settings: the paper's spacing; the charts now use tensor2tensor's spacing.)";
      assert.equal(note, changed.length ? expected : '', at);
    }
    // Back to the paper's base and spacing from the header: the notes go.
    await page.click('details.settings summary');
    await page.fill('#base', '10000');
    await page.press('#base', 'Enter');
    await page.selectOption('#spacing', 'paper');
    await page.waitForFunction(() => !document.querySelector('.at-paper'), null, { timeout: 10_000 });
  } finally {
    await page.close();
  }
});

// Per page: the tables and code blocks (at least), and the heatmaps of 512 dimensions that say they sample their columns.
const PHONE_PAGES = [['', 4, 3, ['nearRepeats']], ['workbench.html', 4, 1, ['variants', 'conventions']]];
for (const [path, least, programs, sampled] of PHONE_PAGES)
  test(`at 390 px every table of ${path || 'the story'} fits without scrolling sideways, and code keeps its lines`, async () => {
    const page = await browser.context.newPage();
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${url}${path}`);
      await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
      await page.$$eval('main details', (all) => all.forEach((d) => { d.open = true; }));
      // Not the float32 story's two tables of 8-digit numbers: they may scroll on a phone, by
      // design, while their explanations below them are lists at full width (the orders table
      // shows its errors in ulps first, the sums after); nor the rotary view's per-pair table
      // (seven columns of numbers and float32 bits, to diff against a model: its focusable box
      // scrolls sideways, its title says what the columns are).
      const tables = await page.$$eval('main table', (all) => all.filter((t) => t.checkVisibility() && !['float32-table', 'float32-orders', 'ropeScaling-pairs'].includes(t.id))
        .map((t) => [t.closest('[data-widget]')?.dataset.widget ?? t.className, (t.closest('.scroll') ?? t.parentElement).scrollWidth - (t.closest('.scroll') ?? t.parentElement).clientWidth]));
      assert.ok(tables.length >= least, `${tables.length} tables`);
      assert.deepEqual(tables.filter(([, overflow]) => overflow > 0), [], 'tables wider than a phone');
      // Heatmaps of 512 dimensions on 350 px sample their columns: each says so (aliasing).
      for (const id of sampled) {
        await page.locator(`#${id} canvas`).last().scrollIntoViewIfNeeded();
        await page.waitForFunction((root) => document.getElementById(root).textContent.includes('(aliasing;'), id, { timeout: 10_000 });
      }
      const wrapped = await page.$$eval('main pre', (all) => all.filter((p) => p.checkVisibility()).map((p) => getComputedStyle(p).whiteSpace));
      assert.ok(wrapped.length >= programs && wrapped.every((w) => w === 'pre'), `code blocks: ${wrapped}`);
    } finally {
      await page.close();
    }
  });
