// Seeded fuzz, in Chromium, of every surface a reader or a blogger can feed (fuzz-page.js runs in
// the page): the demo page's URL state (every key, absurd values, unknown, duplicated and broken
// keys), the posenc elements' attributes (set, changed, removed mid-draw) in the awkward post, and
// the config box (pasted text, opened and dropped files: malformed, 20 MB, 10⁵ levels deep,
// __proto__ keys, binary). Each input: a message where the reader looks, the page still drawing,
// nothing executed, no uncaught error. Counts and the longest main-thread task are printed (the
// goal of no task over 200 ms is a figure of npm run bench, bench/fuzz.js: a loaded machine
// stretches any task). The seed is fixed (SEED=n reruns another); npm run soak runs the same
// rounds longer, in WebKit too.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as charts from 'posenc/charts';
import { serve } from '../../scripts/serve.js';
import { groupOf, paramsFor } from '../../web/lib/state.js';
import { random, seedFrom } from '../random.js';
import { CSP, launch, readThrough, recordLongTasks } from './browser.js';
import { fuzzSite } from './fuzz-site.js';
import { HOSTILE, valueFor } from './fuzz-page.js';

const SEED = seedFrom(process.env, 2311);
const URLS = 12, ROUNDS = 600;
let server, browser, page, origin;

// Each page's parameters, as it builds them: its placeholders' widgets and its sections (the
// story's links to the story, the workbench's to the workbench: a link of moved keys goes there).
const PAGES = ['workbench.html', 'index.html'].map((file) => {
  const html = readFileSync(new URL(`../../web/${file}`, import.meta.url), 'utf8');
  const widgets = Object.fromEntries([...html.matchAll(/data-widget="(\w+)"/g)].map(([, name]) => name)
    .filter((name) => charts[name]?.rules).map((name) => [name, charts[name]]));
  const sections = [...html.matchAll(/<section id="([\w-]+)" class="step/g)].map(([, id]) => id);
  return { file, params: paramsFor(widgets, sections) };
});
const LINKS_PER_PAGE = URLS / PAGES.length;

before(async () => {
  server = await serve(await fuzzSite(), 0, { 'content-security-policy': CSP });
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await launch();
  page = await browser.context.newPage();
  await page.addInitScript(recordLongTasks);
  // What the config box of the element `tag` says: its message lines and the config's reading.
  await page.addInitScript(() => {
    window.shownIn = (tag) => [...document.querySelector(tag).shadowRoot.querySelectorAll('.message, [role=alert], [role=status], .reading li')]
      .map((m) => m.textContent).join(' ').trim();
  });
  // Every history.replaceState call's time: WebKit throws past 100 in 10 s.
  await page.addInitScript(() => {
    window.urlWrites = [];
    const replace = history.replaceState.bind(history);
    history.replaceState = (...args) => { window.urlWrites.push(performance.now()); return replace(...args); };
  });
});
after(() => browser?.close().finally(() => server?.close()));

/** Everything that went wrong in the page so far: hook, console, page errors, code that ran. */
async function problems() {
  const inPage = await page.evaluate(() => [...(window.__posencProblems ?? []),
    ...(window.__posencExecuted ? ['a hostile value ran as code'] : []),
    ...(({}).polluted !== undefined ? ['Object.prototype was polluted'] : [])]);
  return [...inPage, ...browser.problems.consoleErrors.splice(0)];
}
const longestTask = () => page.evaluate(() => Math.max(0, ...window.longTasks.map((t) => t.end - t.start)));

const largest = (params) => `?${Object.entries(params).filter(([key, rule]) => /\.(d|n|dModel|length)$/.test(key) && Number.isFinite(rule.max))
  .map(([key, rule]) => `${key}=${rule.max}`).join('&')}`;

/** A query string of n seeded parts: known keys with valueFor values, unknown keys, duplicates, broken escapes. */
function query(r, params) {
  const keys = Object.keys(params), parts = [], given = [];
  for (let i = 0, n = 1 + r.int(8); i < n; i++) {
    const u = r();
    if (u < 0.7 || !given.length) {
      const key = r.pick(keys), value = valueFor(r, params[key]);
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
      given.push([key, value]);
    } else if (u < 0.8) parts.push(`${r.pick(['zzz', 'enc.q', '__proto__', 'constructor.prototype'])}=${encodeURIComponent(r.pick(HOSTILE))}`);
    else if (u < 0.9) parts.push(`${encodeURIComponent(r.pick(given)[0])}=${encodeURIComponent(r.pick(HOSTILE))}`);
    else parts.push(r.pick(['%', '%E0%A4%A', 'enc.d=%zz', '%%%=1', '&&', '=', 'dots.n=%FF%FE']));
  }
  return { search: `?${parts.join('&')}`, given };
}

test(`the page's URL state, ${URLS} seeded links of absurd values: a message, a drawn page, nothing run (SEED=${SEED})`, { timeout: 300_000 }, async () => {
  const r = random(SEED);
  let keys = 0, messages = 0, longest = 0;
  for (let i = 0; i < URLS; i++) {
    // Each page's first link: every size at its largest (no view may then ask for a result over the cap).
    const { file, params } = PAGES[Math.floor(i / LINKS_PER_PAGE)];
    const { search, given } = i % LINKS_PER_PAGE === 0 ? { search: largest(params), given: [] } : query(r, params);
    const where = `SEED=${SEED} ${file} link ${i}: ${search.slice(0, 300)}`;
    await page.goto(`${origin}/${file}${search}${r.chance(0.2) ? '#%3Cscript%3E' : ''}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 90_000 });
    assert.deepEqual(await problems(), [], where);
    // A value its rule refuses or adjusts is said in its view's message line (the first given wins).
    const firsts = given.filter(([key], j) => given.findIndex(([k]) => k === key) === j);
    for (const [key, value] of firsts) {
      keys++;
      if (!charts.coerce(params[key], value).message) continue;
      const shown = await page.evaluate((group) => [...document.querySelectorAll(`[data-message="${group}"]`)].map((m) => m.textContent).join(''), groupOf(key));
      assert.notEqual(shown, '', `${where}: no message for ${key}=${JSON.stringify(value).slice(0, 80)}`);
      messages++;
    }
    // The searches (near-repeats, base) draw their charts when they end, in slices after the page
    // is ready: at the largest sizes under load, seconds later (a pair chart was once still blank).
    await page.waitForFunction(() => !document.querySelector('[data-done="false"]'), null, { timeout: 120_000 });
    assert.deepEqual(await page.evaluate(() => window.__posencFuzz.blankCanvases()), [], `${where}: blank charts`);
    longest = Math.max(longest, await longestTask());
  }
  console.log(`URL state, SEED=${SEED}: ${URLS} links, ${keys} known keys given, ${messages} refused or adjusted with a message; longest task ${Math.round(longest)} ms (first load included)`);

  // A slider dragged (150 changes, seconds of redraws): the URL follows within WebKit's 100 writes per 10 s
  // (the soak found its SecurityError), and ends at the value the slider ends at.
  const dragged = await page.evaluate(async () => {
    window.urlWrites.length = 0;
    const slider = document.querySelector('input[type=range][data-param="enc.n"]');
    for (let i = 0; i < 150; i++) {
      slider.value = String(Number(slider.min) + ((i * 37) % 100) / 100 * (Number(slider.max) - Number(slider.min)));
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 10));
    }
    return document.querySelector('input[type=number][data-param="enc.n"]').value;
  });
  await page.waitForFunction((n) => new URLSearchParams(location.search).get('enc.n') === n, dragged, { timeout: 30_000 });
  const writes = await page.evaluate(() => window.urlWrites);
  const most = Math.max(...writes.map((t) => writes.filter((u) => u >= t && u < t + 10_000).length));
  console.log(`a slider dragged 150 times in ${Math.round(writes.at(-1) - writes[0])} ms: ${writes.length} URL writes, at most ${most} in 10 s`);
  assert.ok(most <= 100, `${most} history.replaceState calls in 10 s`);
});

test(`every element's attributes, ${ROUNDS} seeded changes and removals mid-draw in the awkward post (SEED=${SEED})`, { timeout: 300_000 }, async () => {
  await page.goto(`${origin}/awkward-post.html`);
  await page.evaluate(readThrough);
  await page.waitForFunction(() => document.querySelector('posenc-verify')?.dataset.done === 'true', null, { timeout: 60_000 });
  // Every first drawing done (each starts once its element was near the viewport): the tasks
  // measured below are the changes' redraws.
  await page.waitForFunction(() => [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('posenc-') && e.shadowRoot)
    .every((e) => e.dataset.rendered), null, { timeout: 60_000 });
  const templates = await page.evaluate(() => window.__posencFuzz.elementTemplates());
  await page.evaluate(() => { window.longTasks.length = 0; });
  const counts = await page.evaluate((o) => window.__posencFuzz.attributes(o), { seed: SEED, rounds: ROUNDS });
  const longest = await longestTask();
  assert.deepEqual(await problems(), [], `SEED=${SEED}`);
  // Back to the post's own attributes: every chart draws again.
  await page.evaluate((all) => {
    const elements = [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('posenc-'));
    elements.forEach((e, i) => {
      for (const name of e.getAttributeNames()) if (!(name in all[i].attributes) && name !== 'data-rendered' && name !== 'data-done') e.removeAttribute(name);
      for (const [name, value] of Object.entries(all[i].attributes)) e.setAttribute(name, value);
    });
  }, templates);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.deepEqual(await page.evaluate(() => window.__posencFuzz.blankCanvases()), [], 'blank charts after the attributes came back');
  console.log(`attributes, SEED=${SEED}: ${counts.rounds} changes on ${templates.length} elements, ${counts.removed} removals, ${counts.midDraw} removals mid-draw, ${counts.draws} redraws; longest task ${Math.round(longest)} ms`);
  assert.ok(counts.draws > ROUNDS / 4, `${counts.draws} redraws`);
});

// Texts and files for the config box: what readers paste, open or drop by mistake or on purpose.
// A file is [kind, argument], made in the page (a 20 MB array would take minutes to send there).
// Each with the message the reader then sees (undefined: not checked, printed).
const deep = (n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
const CONFIG_INPUTS = [
  ['malformed JSON', '{"rope_theta": 10000,', /^config: not JSON \(/],
  ['a number', '42', /config must be a config.json object, got 42/],
  ['null', 'null', /config must be a config.json object, got null/],
  ['an array', '[1, 2, 3]', /config must be a config.json object, got \[1,2,3\]/],
  ['10⁵ levels of nesting (pasted)', deep(100_000), /^(?=.*config must be at most 65536 characters)(?=.*600001 characters pasted: not a config\.json)(?!.*paste a config)/s],
  ['10⁴ levels of nesting (pasted)', deep(10_000), /The config has no headDim/],
  ['__proto__ and constructor keys', '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "rope_theta": 10000, "head_dim": 64}', /^⚠ config\.model_type is missing: read as a Llama-style model/],
  ['rope_scaling with __proto__', '{"head_dim": 64, "rope_scaling": {"__proto__": {"rope_type": "yarn"}, "factor": 4}}', undefined],
  ['absurd values', '{"head_dim": 1e308, "rope_theta": -1, "max_position_embeddings": "NaN"}', /config\.head_dim must give an even head dimension up to 65536, got 1e\+308/],
  ['a script', '<script>window.__posencExecuted = true</script>', /^config: not JSON \(/],
  ['a file of 20 MB', ['spaces', 20 * 2 ** 20], /20971520 bytes is not a config.json \(at most 262144 bytes are read\)/],
  ['a file 10⁵ levels deep', ['text', deep(100_000)], /600001 bytes is not a config.json/],
  ['a file of 100 000 characters', ['text', `{"note": "${'x'.repeat(100_000)}"}`], /100012 characters is not a config\.json \(at most 65536 are read\)/],
  ['a binary file', ['binary', 4096], /^config: not JSON \(/],
  ['a config with a UTF-8 BOM', ['text', '\ufeff{"head_dim": 64, "rope_theta": 10000}'], /^⚠ config\.model_type is missing: read as a Llama-style model/],
];

// The same texts and files in the family's box (<posenc-family>), each with the message it shows
// there: a config without model_type is not one it can read, and a rotary one is said to be
// drawn by the rotary view; and configs of the family whose values are absurd.
const FAMILY_EXPECTED = {
  '10⁴ levels of nesting (pasted)': /^config\.model_type is missing: this view reads a model by it/,
  '__proto__ and constructor keys': /^config\.model_type is missing/,
  'rope_scaling with __proto__': /^config\.model_type is missing/,
  'absurd values': /^config\.model_type is missing/,
  'a config with a UTF-8 BOM': /^config\.model_type is missing/,
};
const FAMILY_INPUTS = [
  ...CONFIG_INPUTS.map(([what, content, expected]) => [what, content, FAMILY_EXPECTED[what] ?? expected]),
  ['a rotary config (Llama 3.1 8B)', readFileSync(new URL('../fixtures/configs/llama-3.1-8b.json', import.meta.url), 'utf8'),
    /^A rotary model \(model_type llama\): RoPE, none of ALiBi, T5's buckets or a table of positions\. The rotary frequency scaling view draws it/],
  ['ALiBi with 10⁹ heads', '{"model_type": "bloom", "n_head": 1000000000}', /^config\.n_head must be a whole number from 1 to 65536, got 1000000000/],
  ['MPT with alibi_bias_max −10³⁰⁸', '{"model_type": "mpt", "n_heads": 8, "attn_config": {"alibi_bias_max": -1e308}}', /^config\.attn_config\.alibi_bias_max must be a number > 0, got -1e\+308/],
  ['T5 with 2³¹ − 1 as maxDistance', '{"model_type": "t5", "relative_attention_num_buckets": 65536, "relative_attention_max_distance": 2147483647}', /^$/],
  ['a learned table of 2³¹ − 1 positions', '{"model_type": "gpt2", "n_positions": 2147483647}', /^$/],
  ['Whisper of dModel 10⁹', '{"model_type": "whisper", "d_model": 1000000000}', /^config\.d_model must be even and at most 2048 for this view to draw its sinusoid, got 1000000000/],
  ['BERT with position_embedding_type __proto__', '{"model_type": "bert", "position_embedding_type": "__proto__"}', /^config\.position_embedding_type must be 'absolute'/],
];

// The same in the grid's box (<posenc-grid>): only Qwen2-VL and Qwen2.5-VL configs give M-RoPE
// ids, and their vision_config's absurd values are named.
const NOT_QWEN_VL = /^config\.model_type must be 'qwen2_vl' or 'qwen2_5_vl'/;
const GRID_EXPECTED = {
  'an array': /config must be a config\.json object, got an array/,
  '10⁴ levels of nesting (pasted)': NOT_QWEN_VL, '__proto__ and constructor keys': NOT_QWEN_VL, 'rope_scaling with __proto__': NOT_QWEN_VL,
  'absurd values': NOT_QWEN_VL, 'a config with a UTF-8 BOM': NOT_QWEN_VL,
};
const GRID_INPUTS = [
  ...CONFIG_INPUTS.map(([what, content, expected]) => [what, content, GRID_EXPECTED[what] ?? expected]),
  ['a rotary config without M-RoPE (Llama 3.1 8B)', readFileSync(new URL('../fixtures/configs/llama-3.1-8b.json', import.meta.url), 'utf8'), NOT_QWEN_VL],
  ['Qwen2-VL with spatial_merge_size 0', '{"model_type": "qwen2_vl", "vision_config": {"spatial_merge_size": 0}}', /^config\.vision_config\.spatial_merge_size must be a whole number >= 1, got 0/],
  ['Qwen2-VL with spatial_merge_size 3', '{"model_type": "qwen2_vl", "vision_config": {"spatial_merge_size": 3}}', /must be a multiple of config\.vision_config\.spatial_merge_size = 3/],
  ['Qwen2.5-VL with tokens_per_second 10³⁰⁸', '{"model_type": "qwen2_5_vl", "vision_config": {"tokens_per_second": 1e308}}', /^segments\[3\]\.secondsPerGrid makes /],
  ['Qwen2-VL with spatial_merge_size 1 (four times the tokens)', '{"model_type": "qwen2_vl", "vision_config": {"spatial_merge_size": 1}}', /^$/],
];

// In the page: feeds the config box of the element `tag` by `how` (paste, drop, open).
async function feed([how, content, name, seed, tag = 'posenc-rope-scaling']) {
  const root = document.querySelector(tag).shadowRoot;
  const box = root.querySelector('textarea');
  // What the last input made the box say, cleared: a message awaited is this input's (a file is
  // read asynchronously; the drop before an open of the same file said the same).
  for (const said of root.querySelectorAll('.message, [role=alert], [role=status], .reading li')) said.textContent = '';
  if (how === 'paste') {
    box.value = content;
    box.dispatchEvent(new Event('input', { bubbles: true }));
    return;
  }
  const [kind, arg] = content;
  let state = seed;
  const byte = () => (state = (state * 1103515245 + 12345) >>> 0) >>> 24;
  const bytes = kind === 'spaces' ? new Uint8Array(arg).fill(0x20) : kind === 'binary' ? Uint8Array.from({ length: arg }, byte) : arg;
  const transfer = new DataTransfer();
  transfer.items.add(new File([bytes], name, { type: 'application/json' }));
  if (how === 'drop') box.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  else {
    const input = root.querySelector('input[type=file]');
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

for (const [tag, inputs] of [['posenc-rope-scaling', CONFIG_INPUTS], ['posenc-family', FAMILY_INPUTS], ['posenc-grid', GRID_INPUTS]])
  test(`the config box of <${tag}>: malformed, huge, deep, hostile and binary configs, pasted, opened and dropped (SEED=${SEED})`, { timeout: 300_000 }, async () => {
    await page.goto(`${origin}/awkward-post.html`);
    await page.$eval(tag, (el) => el.scrollIntoView());  // it draws near the viewport
    await page.waitForFunction((t) => document.querySelector(t)?.shadowRoot.querySelector('textarea'), tag, { timeout: 60_000 });
    await page.evaluate(() => { window.longTasks.length = 0; });
    const said = [];
    for (const [what, content, expected] of inputs) {
      for (const how of typeof content === 'string' ? ['paste'] : ['drop', 'open']) {
        await page.evaluate(feed, [how, content, `${what}.json`, SEED, tag]);
        // A file is read asynchronously, then drawn: the message awaited (30 s: load only
        // delays it), or two frames when none is expected.
        if (expected) await page.waitForFunction(([t, source, flags]) => new RegExp(source, flags).test(shownIn(t)), [tag, expected.source, expected.flags],
          { timeout: 30_000 }).catch(() => {});
        else await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const shown = await page.evaluate((t) => shownIn(t), tag);
        assert.deepEqual(await problems(), [], `${what} (${how})`);
        if (expected) assert.match(shown, expected, `${what} (${how})`);
        said.push(`${what} (${how}): ${shown.slice(0, 100)}`);
      }
    }
    const longest = await longestTask();
    console.log(`<${tag}>'s config box, SEED=${SEED}: ${said.length} inputs; longest task ${Math.round(longest)} ms\n  ${said.join('\n  ')}`);
  });
