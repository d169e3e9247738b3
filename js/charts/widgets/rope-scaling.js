// A model's rotary wavelengths, read from its config.json as transformers v5 reads it
// (pe.ropeFromConfig): the wavelength 2π/ω_i of every rotary pair of each kind of layer (thick),
// against the original and extended context lengths on a log axis, beside what default / linear /
// dynamic NTK / YaRN / Llama 3 scaling would make of the same base with the same factor (dashed),
// or beside a second model. Real models' configs to pick (js/story/models.js); a config to paste,
// open or drop. What was read, what was filled from the model type's defaults, every warning and
// a strip of the layers (sliding, full, chunked, without RoPE) are shown under the chart.
import { number } from '../../numbers.js';
import { csv } from '../kit/exports.js';
import { Widget } from '../kit/widget.js';
import { XYPlot } from '../plots/xyplot.js';
import { schemeSummary } from './family.js';
import { SERIES_COLORS } from '../canvas/legend.js';
import { MODELS } from '../../story/models.js';
import { scalingFamily, wavelengths } from '../../story/rope-config.js';

/** Its size: it sizes to its content, with charts this tall. */
export const size = { chart: '300px' };

const MAX_CONFIG = 65536;  // characters of a pasted config (Phi's, with its factor lists, are ~3000)
const KEYS = Object.keys(MODELS);
// Presets of earlier releases that are now other (real) models.
const RENAMED = { 'qwen2.5-7b-yarn': 'qwen2.5-72b-yarn' };

// A pasted config.json: any text up to MAX_CONFIG characters (read when drawn).
const configRule = {
  label: 'config', def: '',
  coerce: (raw, name = 'config') => {
    const text = String(raw);
    if (text.length <= MAX_CONFIG) return { value: text };
    return { value: '', message: `${name} must be at most ${MAX_CONFIG} characters (a config.json's rotary keys fit), got ${text.length}: left empty` };
  },
};

export const rules = {
  // `preset` (its name since the first release, kept for posts and links): a real model, or custom.
  preset: {
    label: 'model', choices: [...KEYS, 'custom'], def: 'llama-3.1-8b',
    coerce: (raw, name = 'model') => {
      if (KEYS.includes(raw) || raw === 'custom') return { value: raw };
      if (raw in RENAMED) return { value: RENAMED[raw], message: `${name} "${raw}" is now "${RENAMED[raw]}" (a real config)` };
      return { value: 'llama-3.1-8b', message: `unknown ${name} "${raw}": using llama-3.1-8b` };
    },
  },
  compare: { label: 'compare with', choices: ['none', ...KEYS], def: 'none' },
  config: configRule,
  headDim: { label: 'headDim (if the config has none)', even: true, min: 2, max: 1024, def: 128 },
  context: { label: 'your context', integer: true, min: 0, max: 16777216, def: 0 },
};

const hasHeadSize = (c) => ['head_dim', 'hidden_size', 'n_embd', 'n_embed', 'd_model', 'qk_rope_head_dim'].some((k) => c[k] !== undefined && c[k] !== null)
  || (c.text_config !== null && typeof c.text_config === 'object' && !Array.isArray(c.text_config) && hasHeadSize(c.text_config));

/**
 * A model read for every kind of its layers that rotates: { name, read (of the default kind),
 * kinds: [{ layerType, read }] }. A config without a headDim takes `headDim`, said in a warning.
 */
export function readModel(pe, config, name, headDim) {
  let own = config, guessed = null;
  if (config !== null && typeof config === 'object' && !Array.isArray(config) && !hasHeadSize(config)) {
    own = { ...config, head_dim: headDim };
    guessed = `The config has no headDim (head_dim, or hidden_size and num_attention_heads): head_dim = ${headDim} from the headDim box.`;
  }
  const read = pe.ropeFromConfig(own);
  if (guessed) read.warnings.unshift(guessed);
  const kinds = read.layerTypes.filter((k) => !read.kindsWithoutRope.includes(k))
    .map((layerType) => ({ layerType, read: layerType === read.layerType ? read : pe.ropeFromConfig(own, { layerType }) }));
  return { name, read, kinds };
}

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  const canvas = w.canvas('canvas');
  const note = w.part('p', 'note', 'note');
  const strip = w.part('div', 'layers', 'layers');
  const reading = w.part('div', 'reading note', 'reading');
  reading.style.overflowWrap = 'anywhere';  // text_config.rope_local_base_freq and the like on a phone
  const editor = w.part('div', 'controls config');
  editor.style.cssText = 'flex-direction: column; align-items: stretch; gap: 0.3rem;';
  // The element's own menus; the page builds its own (controls: false).
  const menus = w.part('div', 'controls', null, editor);
  menus.style.flexWrap = 'wrap';
  menus.hidden = options?.controls === false;
  const menu = (rule, key) => {
    const select = document.createElement('select');
    select.style.maxWidth = '100%';  // long model names on a phone
    for (const k of rule.choices) select.append(new Option(k === 'custom' ? 'your config' : k === 'none' ? 'none' : MODELS[k].name, k));
    select.setAttribute('aria-label', rule.label);
    const label = w.part('label', '', null, menus);
    label.style.cssText = 'display: inline-flex; flex-wrap: wrap; align-items: center; gap: 0.3rem; max-width: 100%; min-width: 0;';
    label.append(rule.label, select);
    select.addEventListener('input', () => change({ [key]: select.value }), { signal: w.listeners.signal });
    return select;
  };
  const modelMenu = menu(rules.preset, 'preset'), compareMenu = menu(rules.compare, 'compare');
  const label = w.part('label', '', null, editor);
  label.style.cssText = 'display: flex; flex-direction: column; gap: 0.3rem;';
  label.textContent = 'config.json: paste it, drop the file here, or open it (or just its rope_theta and rope_scaling)';
  const text = w.part('textarea', '', 'config', label);  // inside its label: named for screen readers
  Object.assign(text, { rows: 7, spellcheck: false });
  text.style.cssText = 'width: 100%; box-sizing: border-box; font: 12px/1.4 ui-monospace, monospace; color: inherit; background: transparent;';
  const open = Object.assign(w.part('input', '', 'file', editor), { type: 'file', accept: '.json,application/json' });
  open.setAttribute('aria-label', 'Open a config.json file');
  const problem = w.part('p', 'message', 'problem', editor);
  problem.setAttribute('role', 'alert');
  const plot = w.own(new XYPlot(canvas, {
    xLabel: 'pair i', yLabel: 'period 2π/ωᵢ (log)', xName: 'i', logY: true, legendLeft: true,
    label: 'Plot of the rotary periods per pair',
  }));
  let values, shown = null, raw = {}, announced = null;

  // A value the reader changed inside the widget: redrawn, and told to the page (its URL).
  function change(changes) {
    root.dispatchEvent(new CustomEvent('posenc-values', { bubbles: true, composed: true, detail: changes }));
    view.update(changes);
  }

  /** The config of a model key, or of the textarea. */
  function configOf(key, v) {
    if (key !== 'custom') return MODELS[key].config;
    try {
      return JSON.parse(v.config);
    } catch (error) {
      throw new SyntaxError(v.config.trim() === '' ? 'config: paste a config.json, or pick a model' : `config: not JSON (${error.message})`);
    }
  }

  // A model without rotary embeddings (ALiBi, T5, learned or sinusoidal tables), or null.
  // Its positionScheme error instead, when the config cannot be read that way either: it names the
  // key at fault (a T5 config's bucket count), where ropeFromConfig's only says "not rotary".
  function otherScheme(config) {
    try {
      const scheme = pe.positionScheme(config);
      return scheme.kind === 'rope' || scheme.kind === 'none' ? null : { ...schemeSummary(scheme), kind: scheme.kind };
    } catch (error) {
      return { error };
    }
  }

  function clear(message) {
    shown = null;
    plot.show({ x: [0], series: [], lines: [] });
    note.textContent = `Nothing shown: ${message}`;
    strip.replaceChildren();
    reading.replaceChildren();
    delete note.dataset.pairs;
  }

  function draw(v) {
    values = v;
    modelMenu.value = v.preset;
    compareMenu.value = v.compare;
    // Text refused for its length (config's rule, whose message says so) is not read: said here
    // too, in place of "paste a config.json".
    const refused = v.preset === 'custom' && v.config === '' && text.value.length > MAX_CONFIG ? text.value.length : 0;
    if (v.preset !== 'custom') text.value = JSON.stringify(MODELS[v.preset].config, null, 1);
    else if (document.activeElement !== text) text.value = v.config;
    let models, config;
    try {
      if (refused) throw new RangeError(`${refused} characters pasted: not a config.json (at most ${MAX_CONFIG} are read).`);
      config = configOf(v.preset, v);
      models = [readModel(pe, config, v.preset === 'custom' ? 'your config' : MODELS[v.preset].name, v.headDim)];
      if (v.compare !== 'none') models.push(readModel(pe, MODELS[v.compare].config, MODELS[v.compare].name, v.headDim));
    } catch (error) {
      const found = config && otherScheme(config), other = found?.text ? found : null;
      problem.textContent = other ? `Not a rotary model. ${other.text}: the relative family's view draws it (pe.positionScheme, docs/family.md).`
        : (found?.error ?? error).message;
      clear(other ? 'this model has no rotary embedding.' : 'the config could not be read (the message under the box says why).');
      if (other) root.dispatchEvent(new CustomEvent('posenc-scheme', { bubbles: true, composed: true, detail: other }));
      return;
    }
    problem.textContent = '';
    const [first] = models, main = first.kinds[0].read;
    const series = [];
    // Each kind in its colour of the layer strip; the compared model's kinds after them.
    models.forEach((m, k) => m.kinds.forEach(({ layerType, read }) => series.push({
      label: `${m.name}${m.kinds.length > 1 ? ` · ${layerType}` : ''}`, values: wavelengths(read.frequencies), width: 3,
      color: SERIES_COLORS[(k * 4 + read.layerTypes.indexOf(layerType)) % SERIES_COLORS.length],
    })));
    const s = main.parameters, factor = s.factor ?? 1, max = main.maxPositions;
    const original = s.original_max_position_embeddings ?? max;
    let family = [];
    if (models.length === 1 && original) {
      // Each scaling the package can compute here (dynamic needs 4 rotary dimensions or more).
      family = scalingFamily({ base: main.base, rotaryDims: main.rotaryDims, original, factor }).flatMap((f) => {
        try {
          return [{ ...f, frequencies: pe.ropeFrequencies(main.rotaryDims, f.options).frequencies }];
        } catch {
          return [];
        }
      });
      series.push(...family.map((f) => ({ label: f.type === 'default' ? 'default' : `${f.type} ×${f.factor}`, values: wavelengths(f.frequencies), dash: [5, 3], width: 1.4 })));
    }
    const pairs = Math.max(...series.map((x) => x.values.length));
    for (const x of series) if (x.values.length < pairs) x.values = Float64Array.from({ length: pairs }, (_, i) => x.values[i] ?? NaN);
    const lines = original ? [{ y: original, label: `original context ${number(original)}`, short: `original ${number(original)}` }] : [];
    if (max && max !== original) lines.push({ y: max, label: `max positions ${number(max)}`, short: `max ${number(max)}` });
    if (v.context > 0) lines.push({ y: v.context, label: `your context ${number(v.context)}` });
    plot.show({ x: Array.from({ length: pairs }, (_, i) => i), series, lines });
    shown = { models, series, v };
    const longest = series[0].values[main.frequencies.length - 1];
    note.textContent = `${first.name}: ${main.modelType}, head ${main.headDim}, rotary ${main.rotaryDims} (${main.rotaryDims / 2} pairs), `
      + `${first.kinds.map(({ layerType, read }) => `${first.kinds.length > 1 ? `${layerType}: ` : ''}${read.ropeType} RoPE, base ${number(read.base)}, attention factor ${number(read.attentionFactor)}`).join('; ')}. `
      + `Longest period ${number(Math.round(longest))} positions${original ? `; ${main.frequencies.filter((theta) => 2 * Math.PI / theta > original).length} pairs never turn a full circle within the original context` : ' (the config gives no context length)'}. `
      + (family.length ? `Dashed: the unscaled default and each scaling at ×${family[0].factor}, on the same base (dynamic at ${family[0].factor}× the original context${original ? `, ${number(family[0].factor * original)} positions` : ''}).` : `Beside ${models[1].name}.`);
    Object.assign(note.dataset, { attentionFactor: main.attentionFactor, pairs: main.frequencies.length });
    layers(first.read);
    explain(models);
    // The model read, once per model (not per redraw).
    const t = config.text_config ?? config;
    const model = { name: first.name, dModel: t.hidden_size ?? t.n_embd, context: max }, said = JSON.stringify(model);
    if (said !== announced) root.dispatchEvent(new CustomEvent('posenc-model', { bubbles: true, composed: true, detail: model }));
    announced = said;
  }

  // The strip of layers: one cell per layer, coloured by kind; kinds without RoPE hatched.
  function layers(read) {
    if (read.layers.length === 0) return strip.replaceChildren();  // no num_hidden_layers: nothing to draw
    const kinds = read.layerTypes, colour = (k) => SERIES_COLORS[kinds.indexOf(k) % SERIES_COLORS.length];
    const cells = read.layers.map((k, i) => {
      const cell = document.createElement('span');
      const none = read.kindsWithoutRope.includes(k);
      cell.title = `layer ${i}: ${k}${none ? ' (no RoPE)' : ''}`;
      cell.style.cssText = `display: inline-block; width: ${Math.max(3, Math.min(14, 560 / read.layers.length))}px; height: 14px; margin-right: 1px; `
        + (none ? `background: repeating-linear-gradient(45deg, ${colour(k)} 0 2px, transparent 2px 4px); outline: 1px solid ${colour(k)};` : `background: ${colour(k)};`);
      return cell;
    });
    const counts = kinds.map((k) => `${read.layers.filter((x) => x === k).length} ${k}${read.kindsWithoutRope.includes(k) ? ' (no RoPE: hatched)' : ''}`);
    strip.setAttribute('role', 'img');
    strip.setAttribute('aria-label', `${read.layers.length} layers: ${counts.join(', ')}`);
    const legend = Object.assign(document.createElement('div'), { className: 'note' });
    legend.textContent = `${read.layers.length} layers: ${counts.join(', ')}`;
    const row = document.createElement('div');
    row.append(...cells);
    strip.replaceChildren(row, legend);
  }

  // What was read, what was filled, every warning.
  function explain(models) {
    const blocks = models.flatMap(({ name, kinds }) => {
      const { read } = kinds[0], out = [];
      const readLine = document.createElement('p');
      readLine.textContent = `${name}, read: model_type ${read.modelType}, head_dim ${read.headDim}, rotary dimensions ${read.rotaryDims}, `
        + `layout ${read.layout}${read.mropeSection ? `, mrope_section [${read.mropeSection}]` : ''}; `
        + kinds.map(({ layerType, read: r }) => `${layerType}: ${Object.entries(r.parameters).filter(([, x]) => x !== undefined && !Array.isArray(x)).map(([k, x]) => `${k} ${x}`).join(', ')}`).join('; ') + '.';
      out.push(readLine);
      const filled = kinds.flatMap(({ read: r }) => r.filled).filter((f, i, all) => all.findIndex((g) => g.key === f.key) === i);
      if (filled.length) {
        const p = document.createElement('p');
        p.textContent = `Filled from ${read.modelType}'s defaults (not in the file): ${filled.map((f) => `${f.key} = ${Array.isArray(f.value) ? `[${f.value.length} layers]` : typeof f.value === 'object' ? JSON.stringify(f.value) : f.value} (${f.why})`).join('; ')}.`;
        out.push(p);
      }
      const warnings = [...new Set(kinds.flatMap(({ read: r }) => r.warnings))];
      if (warnings.length) {
        const list = document.createElement('ul');
        list.append(...warnings.map((text) => Object.assign(document.createElement('li'), { textContent: `⚠ ${text}` })));
        out.push(list);
      }
      return out;
    });
    reading.replaceChildren(...blocks);
  }

  const api = w.api(draw);
  text.addEventListener('input', () => change({ preset: 'custom', config: text.value }), { signal: w.listeners.signal });
  const load = async (file) => {
    if (!file) return;
    if (file.size > MAX_CONFIG * 4) {
      problem.textContent = `${file.name}: ${file.size} bytes is not a config.json (at most ${MAX_CONFIG * 4} bytes are read)`;
      return;
    }
    const content = await file.text();
    if (content.length > MAX_CONFIG) {
      problem.textContent = `${file.name}: ${content.length} characters is not a config.json (at most ${MAX_CONFIG} are read)`;
      return;
    }
    text.value = content;
    change({ preset: 'custom', config: content });
  };
  open.addEventListener('change', () => load(open.files[0]), { signal: w.listeners.signal });
  text.addEventListener('dragover', (e) => e.preventDefault(), { signal: w.listeners.signal });
  text.addEventListener('drop', (e) => { e.preventDefault(); load(e.dataTransfer.files[0]); }, { signal: w.listeners.signal });
  w.exports({
    name: 'rope-scaling', canvases: [{ name: 'rope-wavelengths', canvas, label: 'periods' }],
    data: () => (shown === null ? { csv: '', json: {} } : {
      csv: csv(['i', ...shown.series.map((x) => x.label)], Array.from(shown.series[0].values, (_, i) => [i, ...shown.series.map((x) => x.values[i])])),
      json: {
        preset: shown.v.preset, compare: shown.v.compare,
        models: shown.models.map(({ name, kinds }) => ({ name, kinds: kinds.map(({ layerType, read }) => ({ layerType, ...read, frequencies: Array.from(read.frequencies) })) })),
        wavelengths: Object.fromEntries(shown.series.map((x) => [x.label, Array.from(x.values)])),
      },
    }),
  });
  const view = { ...api, update: (v = {}) => api.update(raw = { ...raw, ...v }) };
  return view;
}
