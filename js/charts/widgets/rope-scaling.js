// A model's rotary wavelengths, read from its config.json as transformers v5 reads it
// (pe.ropeFromConfig): the wavelength 2π/ω_i of every rotary pair of each kind of layer (thick),
// against the original and extended context lengths on a log axis, beside what default / linear /
// dynamic NTK / YaRN / Llama 3 scaling would make of the same base with the same factor (dashed),
// or beside a second model. Real models' configs to pick (js/story/models.js); a config to paste,
// open or drop. What was read, what was filled from the model type's defaults, every warning and
// a strip of the layers (sliding, full, chunked, without RoPE; each told on hover and by keyboard)
// are shown under the chart, and a table of every pair's inv_freq, unscaled and scaled, in float64
// and as transformers computes it in float32, to diff against `model.model.rotary_emb.inv_freq`.
import { number, precise, shortestFloat32 } from '../../numbers.js';
import { bits, invFreqData, invFreqRows, nextUp } from '../../story/inv-freq-table.js';
import { configBox, configRule, MAX_CONFIG } from '../kit/config-box.js';
import { csv, exportBar } from '../kit/exports.js';
import { VirtualTable } from '../plots/table.js';
import { Widget } from '../kit/widget.js';
import { XYPlot } from '../plots/xyplot.js';
import { schemeSummary } from './family.js';
import { SERIES_COLORS } from '../canvas/legend.js';
import { layerStrip } from '../kit/layer-strip.js';
import { MODELS } from '../../story/models.js';
import { MODEL_TYPES } from '../../model-config.js';
import { coincide, llama3Bands, scalingFamily, wavelengths } from '../../story/rope-config.js';

/** Its size: it sizes to its content, with charts this tall. */
export const size = { chart: '300px', scroll: '20rem' };

const KEYS = Object.keys(MODELS);
// Presets of earlier releases that are now other (real) models.
const RENAMED = { 'qwen2.5-7b-yarn': 'qwen2.5-72b-yarn' };

export const rules = {
  // `preset` (its name since the first release, kept for posts and links): a real model, or custom.
  preset: {
    label: 'model', choices: [...KEYS, 'custom'], def: 'llama-3.1-8b', names: { ...Object.fromEntries(KEYS.map((k) => [k, MODELS[k].name])), custom: 'your config' },
    coerce: (raw, name = 'model') => {
      if (KEYS.includes(raw) || raw === 'custom') return { value: raw };
      if (raw in RENAMED) return { value: RENAMED[raw], message: `${name} "${raw}" is now "${RENAMED[raw]}" (a real config)` };
      return { value: 'llama-3.1-8b', message: `unknown ${name} "${raw}": using llama-3.1-8b` };
    },
  },
  compare: { label: 'compare with', choices: ['none', ...KEYS], def: 'none', names: Object.fromEntries(KEYS.map((k) => [k, MODELS[k].name])) },
  config: configRule,
  // Used only by a pasted config without a head size (its text names none of these keys).
  headDim: { label: 'fallback headDim', even: true, min: 2, max: 1024, def: 128,
    applies: (get) => get('preset') === 'custom' && (() => {
      try {
        const config = JSON.parse(get('config'));
        return needsHeadDim(config);
      } catch {
        return false;
      }
    })() },
  // 0: none (the box shows its placeholder).
  context: { label: 'your context', integer: true, min: 0, max: 16777216, def: 0, placeholder: 'type a length to mark it' },
  length: { label: 'sequence length (dynamic NTK, LongRoPE)', integer: true, min: 0, max: 16777216, def: 0, placeholder: "the model's max positions" },
};

/** Which columns pair up, with the code that pairs them so. */
export const LAYOUTS = {
  concatenated: 'concatenated (columns i and i + rotary/2; rotate_half: Llama, GPT-NeoX in transformers)',
  interleaved: "interleaved (columns 2i and 2i + 1: GPT-J, Meta's original Llama code)",
};

/** What Llama 3's scaling does to which pairs: only the groups it has ("keeps pairs 0–28, stretches …"). */
function llama3Clauses({ kept, blended, divided }, factor) {
  const pairs = kept + (blended ? blended[1] - blended[0] + 1 : 0) + divided, range = (a, b) => (a === b ? `pair ${a}` : `pairs ${a}–${b}`);
  return [kept && `keeps ${range(0, kept - 1)} (periods under the high-frequency cut-off)`,
    divided && `stretches ${range(pairs - divided, pairs - 1)} ${number(factor)}× (periods over the low-frequency cut-off)`,
    blended && `blends ${range(blended[0], blended[1])} between the two`].filter(Boolean).join(', ').replace(/, (?=[^,]*$)/, ' and ');
}

export const hasHeadSize = (c) => ['head_dim', 'hidden_size', 'n_embd', 'n_embed', 'd_model', 'qk_rope_head_dim'].some((k) => c[k] !== undefined && c[k] !== null)
  || (c.text_config !== null && typeof c.text_config === 'object' && !Array.isArray(c.text_config) && hasHeadSize(c.text_config));

/** A config that gives no head size and whose model type has no default one: it takes the fallback headDim. */
export function needsHeadDim(config) {
  if (config === null || typeof config !== 'object' || Array.isArray(config) || hasHeadSize(config)) return false;
  const text = config.text_config !== null && typeof config.text_config === 'object' ? config.text_config : null;
  const type = text?.model_type ?? (text ? MODEL_TYPES[config.model_type]?.text : undefined) ?? config.model_type;
  return !(typeof type === 'string' && Object.hasOwn(MODEL_TYPES, type) && MODEL_TYPES[type].headDefault);
}

/**
 * A model read for every kind of its layers that rotates: { name, read (of the default kind),
 * kinds: [{ layerType, read }], length }. A config without a headDim takes `headDim`, said in a
 * warning. Dynamic NTK and LongRoPE are read at sequence `length` (0: the model's max positions),
 * as transformers' inv_freq is after a forward pass that long.
 */
export function readModel(pe, config, name, headDim, length = 0) {
  let own = config, guessed = null;
  if (needsHeadDim(config)) {
    // Where transformers reads it: the text config when there is one.
    own = config.text_config !== null && typeof config.text_config === 'object' && !Array.isArray(config.text_config)
      ? { ...config, text_config: { ...config.text_config, head_dim: headDim } } : { ...config, head_dim: headDim };
    guessed = `The config has no headDim (head_dim, or hidden_size and num_attention_heads): head_dim = ${headDim} from the fallback headDim box.`;
  }
  const at = length || pe.ropeFromConfig(own).maxPositions || undefined;
  const read = pe.ropeFromConfig(own, { length: at });
  if (guessed) read.warnings.unshift(guessed);
  const kinds = read.layerTypes.filter((k) => !read.kindsWithoutRope.includes(k))
    .map((layerType) => ({ layerType, read: layerType === read.layerType ? read : pe.ropeFromConfig(own, { layerType, length: at }) }));
  return { name, read, kinds, length: at, config: own };
}

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  const canvas = w.canvas('canvas');
  const note = w.part('p', 'note', 'note');
  const strip = w.part('div', 'layers', 'layers');
  // The per-pair table: a title (model, kind, length, attention scaling), a kind menu for models
  // with several, the virtual table, its save and copy buttons.
  const pairsBox = w.part('div', 'pairs');
  const pairsTitle = w.part('p', 'note', 'pairs-title', pairsBox);
  const kindLabel = w.part('label', 'controls', null, pairsBox);
  const kindMenu = document.createElement('select');
  kindLabel.append('layer kind ', kindMenu);
  kindMenu.addEventListener('input', () => table(), { signal: w.listeners.signal });
  const scroller = w.scroller("Table of every pair's inv_freq", 'scroll tall', pairsBox);
  const pairs = new VirtualTable(scroller, w.part('table', 'virtual', 'pairs', scroller), "inv_freq ωᵢ of each pair");
  const pairsBar = w.part('div', 'exports', 'pairs-exports', pairsBox);
  pairsBar.append('The table: ');
  const reading = w.part('div', 'reading note', 'reading');
  reading.style.overflowWrap = 'anywhere';  // text_config.rope_local_base_freq and the like on a phone
  // The element's own menus; the page builds its own (controls: false).
  const box = configBox(w, {
    menus: [{ key: 'preset', rule: rules.preset, name: (k) => (k === 'custom' ? 'your config' : MODELS[k].name) },
      { key: 'compare', rule: rules.compare, name: (k) => (k === 'none' ? 'none' : MODELS[k].name) }],
    hint: 'config.json: paste it, drop the file here, or open it (or just its rope_theta and rope_scaling)',
    hidden: options?.controls === false, change,
  });
  const { problem } = box;
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
  const configOf = (key, v) => (key === 'custom' ? box.parse(v) : MODELS[key].config);

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
    pairsBox.hidden = true;
    reading.replaceChildren();
    delete note.dataset.pairs;
  }

  function draw(v) {
    values = v;
    const refused = box.refused(v);  // before show() empties the textarea
    box.show(v, (key) => JSON.stringify(MODELS[key].config, null, 1));
    let models, config;
    try {
      if (refused) throw new RangeError(`${refused} characters pasted: not a config.json (at most ${MAX_CONFIG} are read).`);
      config = configOf(v.preset, v);
      models = [readModel(pe, config, v.preset === 'custom' ? 'your config' : MODELS[v.preset].name, v.headDim, v.length)];
      if (v.compare !== 'none') models.push(readModel(pe, MODELS[v.compare].config, MODELS[v.compare].name, v.headDim, v.length));
    } catch (error) {
      const found = config && otherScheme(config), other = found?.text ? found : null;
      problem.textContent = other ? `Not a rotary model. ${other.text}: the relative family's view draws it (pe.positionScheme, docs/family.md).`
        : (found?.error ?? error).message;
      clear(other ? 'this model has no rotary embedding.' : 'the config could not be read (the message under the box says why).');
      if (other) root.dispatchEvent(new CustomEvent('posenc-scheme', { bubbles: true, composed: true, detail: { ...other, config: v.preset === 'custom' ? v.config : JSON.stringify(config) } }));
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
    const own = series.length;
    // The kind that scales (Gemma 3's full_attention), else the first: the comparison's base and factor.
    const scaled = first.kinds.find(({ read }) => read.ropeType !== 'default')?.read ?? main;
    const s = scaled.parameters, max = main.maxPositions;
    // The pretraining context: llama3, yarn and longrope name it; an unscaled model's is its max
    // positions; linear and dynamic configs do not say it (their lengths are the max positions).
    const original = s.original_max_position_embeddings, context = original ?? max;
    const within = original ? `the original context, ${number(original)}` : `its max positions, ${number(max)}`;
    // LongRoPE's factor, when the config gives none: max / original (transformers' own fallback).
    const factor = s.factor ?? (scaled.ropeType === 'longrope' && original ? max / original : 1);
    let family = [];
    if (models.length === 1 && context) {
      // Each scaling the package can compute here (dynamic needs 4 rotary dimensions or more).
      family = scalingFamily({ base: scaled.base, rotaryDims: scaled.rotaryDims, original: context, factor, length: first.length }).flatMap((f) => {
        try {
          return [{ ...f, frequencies: pe.ropeFrequencies(scaled.rotaryDims, f.options).frequencies }];
        } catch {
          return [];
        }
      });
      for (const f of family) {
        const values = wavelengths(f.frequencies);
        // A curve on top of another says so: the model's own (its type at its factor), or an earlier dashed one.
        const under = series.find((x) => coincide(values, x.values));
        const label = f.type === 'default' ? 'default' : `${f.type} ×${f.factor}`;
        series.push({ label: under ? `${label} = ${series.indexOf(under) < own ? `the model's${first.kinds.length > 1 ? ` ${under.label.split(' · ')[1]}` : ''}` : under.label}` : label,
          values, dash: [5, 3], width: 1.4 });
      }
    }
    const count = Math.max(...series.map((x) => x.values.length));
    for (const x of series) if (x.values.length < count) x.values = Float64Array.from({ length: count }, (_, i) => x.values[i] ?? NaN);
    // Horizontal lines: the contexts, Llama 3's cut-offs; lines at one height share a label
    // ("original context = low-frequency cut-off 8192").
    const heights = [];
    const line = (y, name, short) => {
      const at = heights.find((l) => l.y === y);
      if (at) at.names.push([name, short]);
      else heights.push({ y, names: [[name, short]] });
    };
    if (original) line(original, 'original context', 'original');
    if (max && max !== original) line(max, original || scaled.ropeType !== 'default' ? 'max positions' : 'context (max positions)', 'max');
    const llama3 = first.kinds.find(({ read }) => read.ropeType === 'llama3')?.read;
    const p3 = llama3?.parameters;
    const bands = llama3 && llama3Bands(llama3.parameters, pe.ropeFrequencies(llama3.rotaryDims, { base: llama3.base }).frequencies);
    if (bands) {
      line(bands.low, 'low-frequency cut-off', 'low cut-off');
      line(bands.high, 'high-frequency cut-off', 'high cut-off');
    }
    if (v.context > 0) line(v.context, 'your context', 'yours');
    const lines = heights.map(({ y, names }) => ({ y, label: `${names.map(([n]) => n).join(' = ')} ${number(y)}`, short: `${names.map(([, n]) => n).join(' = ')} ${number(y)}` }));
    plot.show({ x: Array.from({ length: count }, (_, i) => i), series, lines });
    shown = { models, series, v };
    // Per kind: its longest period, and how many of its pairs never turn a full circle within the context.
    // (Counted on the scaled frequencies; the unscaled count beside it where scaling changes it:
    // an engineer compares it with inv_freq before or after the scaling.)
    const periods = first.kinds.map(({ layerType, read }) => {
      const waves = wavelengths(read.frequencies), never = (w) => (context ? w.filter((x) => x > context).length : null);
      const plain = wavelengths(pe.ropeFrequencies(read.headDim, { base: read.base, rotaryDims: read.rotaryDims }).frequencies);
      return { layerType, longest: waves.at(-1), never: never(waves), plainNever: never(plain) };
    });
    const many = periods.length > 1, of = (k) => (many ? ` (${k.layerType})` : '');
    const dynamic = family.find((f) => f.type === 'dynamic');
    const atLength = first.length ? `${number(first.length)}${v.length ? '' : " (the model's max positions)"}` : 'of its initial state (the config gives no max positions)';
    note.textContent = `${first.name}: ${main.modelType}, headDim ${main.headDim}, rotary dimensions ${main.rotaryDims} (${main.rotaryDims / 2} pairs), `
      + `${first.kinds.map(({ layerType, read }) => `layer kind ${layerType}: ${read.ropeType} RoPE, base ${number(read.base)}, attention factor ${number(read.attentionFactor)}`).join('; ')}. `
      + `Longest period ${periods.map((k) => `${number(Math.round(k.longest))}${of(k)}`).join(', ')} positions`
      + (context ? `; ${periods.map((k) => `${k.never}${k.plainNever === k.never ? '' : ` (${k.plainNever} unscaled)`}${of(k)}`).join(', ')} pairs never turn a full circle within ${within}. ` : ' (the config gives no context length). ')
      + (bands ? `Llama 3 scaling (cut-offs: original context ${number(p3.original_max_position_embeddings)} ÷ high_freq_factor ${number(p3.high_freq_factor)} = ${number(bands.high)}, `
        + `÷ low_freq_factor ${number(p3.low_freq_factor)} = ${number(bands.low)}) ${llama3Clauses(bands, p3.factor)}. ` : '')
      + (first.kinds.some(({ read }) => ['dynamic', 'longrope'].includes(read.ropeType)) ? `Its ${first.kinds.find(({ read }) => ['dynamic', 'longrope'].includes(read.ropeType)).read.ropeType} frequencies are drawn at sequence length ${atLength}. ` : '')
      + (family.length ? `Dashed: the unscaled default and each scaling at ×${family[0].factor}${factor > 1 ? '' : ' (the config has none: what a 4× extension would do)'}, `
        + `on the same base${many ? ` as ${scaled.layerType}` : ''} and context, ${number(context)}; llama3 with low_freq_factor 1 and high_freq_factor 4; dynamic NTK at sequence length ${atLength}`
        + `${dynamic && coincide(dynamic.frequencies, family[0].frequencies) ? `, where it is the default (it changes nothing until a sequence passes ${number(context)})` : ''}. `
        + 'A dashed curve whose legend entry says “= …” lies on the curve it names.'
        : models[1] ? `Beside ${models[1].name}.` : 'No dashed comparison: the config gives no context length.')
      + (v.context > 0 ? '' : ' Type a length in "your context" to mark it.');
    Object.assign(note.dataset, { attentionFactor: main.attentionFactor, pairs: main.frequencies.length });
    layers(first, config);
    const chosen = kindMenu.value;  // kept across redraws while the model has that kind
    kindMenu.replaceChildren(...first.kinds.map(({ layerType }) => new Option(layerType, layerType)));
    if (first.kinds.some((k) => k.layerType === chosen)) kindMenu.value = chosen;
    kindLabel.hidden = first.kinds.length < 2;
    pairsBox.hidden = false;
    table();
    explain(models);
    // The model read, once per model (not per redraw).
    const t = config.text_config ?? config;
    const model = { name: first.name, dModel: t.hidden_size ?? t.n_embd, context: max }, said = JSON.stringify(model);
    if (said !== announced) root.dispatchEvent(new CustomEvent('posenc-model', { bubbles: true, composed: true, detail: model }));
    announced = said;
  }

  // The per-pair rows of the first model's chosen kind.
  const pairRows = () => ({ name: shown.models[0].name, length: shown.models[0].length, ...invFreqRows(pe, shown.models[0], kindMenu.value) });

  function table() {
    if (!shown) return;
    const { name, layerType, read, length, rows } = pairRows(), last = rows.at(-1);
    const step = 2 * Math.PI / last.scaled32 - 2 * Math.PI / nextUp(last.scaled32);  // not finite where float32 overflowed (as torch would)
    const lengthDependent = ['dynamic', 'longrope'].includes(read.ropeType);
    const firstScaled = rows.findIndex((r) => r.scaled !== r.plain);
    pairsTitle.textContent = `Every pair of ${name}${shown.models[0].kinds.length > 1 ? `, layer kind ${layerType}` : ''} (${rows.length} rows, `
      + `${firstScaled < 0 ? 'none changed by scaling' : firstScaled === 0 ? 'every one changed by scaling' : `the first changed by scaling: i = ${firstScaled}`}; scroll the table): ${read.ropeType} RoPE, base ${number(read.base)}`
      + `${lengthDependent ? ` at sequence length ${number(length)}, as inv_freq is after a forward pass that long (right after loading it holds the values at the original context: type that length to see them)` : ''}; `
      + `attention factor ${number(read.attentionFactor)} (transformers' attention_scaling: cos and sin are multiplied by it). `
      + `The float32 columns are transformers' inv_freq bit for bit on a CPU (PyTorch's float32 steps; the exact decimal on hover and in the saved files), `
      + `to compare with model.model.rotary_emb.inv_freq (Gemma 3, ModernBERT and OLMo 3 keep one per layer kind); `
      + `another PyTorch build or a GPU may differ in the last bit (docs/rope.md)`
      + (Number.isFinite(step) ? `: one float32 step moves the longest period here, ${number(last.period)} positions, by ${number(step, 2)} positions.` : '.');
    const hex = (x) => ({ textContent: bits(x), title: shortestFloat32(x) });
    pairs.table.classList.add('wide');  // seven columns: the box scrolls sideways on a phone
    pairs.show(['i', 'period 2π/ωᵢ (scaled)', 'ωᵢ unscaled', 'ωᵢ scaled', 'float32 unscaled', 'float32 scaled', 'scaled: float32 steps from float64'], rows.map((r) => ({
      get cells() { return [r.i, precise(r.period, 8), precise(r.plain, 8), precise(r.scaled, 8), hex(r.plain32), hex(r.scaled32), r.ulps]; },
    })));
  }

  // The strip of layers: each cell tells its layer (kind, base, window, whether it rotates).
  function layers({ read, kinds }, config) {
    const t = config.text_config ?? config;
    const byKind = Object.fromEntries(kinds.map(({ layerType, read: r }) => [layerType, r]));
    const reach = (k) => (k === 'sliding_attention' && Number.isInteger(t.sliding_window) ? `sliding window of ${number(t.sliding_window)} positions`
      : k === 'chunked_attention' && Number.isInteger(t.attention_chunk_size) ? `attends within chunks of ${number(t.attention_chunk_size)} positions`
        : k === 'full_attention' ? 'no window: attends to the whole context' : null);
    layerStrip(strip, {
      layers: read.layers, kinds: read.layerTypes, rotates: (k) => Boolean(byKind[k]),
      about: (i) => {
        const k = read.layers[i], r = byKind[k];
        return [`layer ${i} of ${read.layers.length}: ${k}`, r ? `rotates (${r.ropeType} RoPE, base ${number(r.base)})` : 'no RoPE (no positions at all)', reach(k)].filter(Boolean).join('; ');
      },
    });
  }

  // What was read, what was filled, every warning.
  function explain(models) {
    const blocks = models.flatMap(({ name, kinds }) => {
      const { read } = kinds[0], out = [];
      const readLine = document.createElement('p');
      readLine.textContent = `${name}, read: model_type ${read.modelType}, head_dim ${read.headDim}, rotary dimensions ${read.rotaryDims}, `
        + `layout ${LAYOUTS[read.layout]}${read.mropeSection ? `, mrope_section [${read.mropeSection}]` : ''}; `
        + kinds.map(({ layerType, read: r }) => `layer kind ${layerType}: ${Object.entries(r.parameters).filter(([, x]) => x !== undefined && !Array.isArray(x)).map(([k, x]) => `${k} ${x}`).join(', ')}`).join('; ') + '.';
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
  w.exports({
    name: 'rope-scaling', canvases: [{ name: 'rope-wavelengths', canvas, label: 'periods' }], label: 'periods',
    data: () => (shown === null ? { csv: '', json: {} } : {
      csv: csv(['i', ...shown.series.map((x) => x.label)], Array.from(shown.series[0].values, (_, i) => [i, ...shown.series.map((x) => x.values[i])])),
      json: {
        preset: shown.v.preset, compare: shown.v.compare,
        models: shown.models.map(({ name, kinds }) => ({ name, kinds: kinds.map(({ layerType, read }) => ({ layerType, ...read, frequencies: Array.from(read.frequencies) })) })),
        wavelengths: Object.fromEntries(shown.series.map((x) => [x.label, Array.from(x.values)])),
      },
    }),
  });
  const pairsData = () => {
    const t = pairRows(), { header, cells, json } = invFreqData(t.name, t, t.length);
    return { csv: csv(header, cells), json };
  };
  // The table's own bar, beside it, its buttons named by what they hold (the chart's bar below
  // saves the periods): inv_freq, saved or copied.
  exportBar(pairsBar, { name: 'rope-inv-freq', title: 'per-pair table', label: 'inv_freq', data: () => (shown ? pairsData() : { csv: '', json: {} }) });
  const copy = Object.assign(document.createElement('button'), { type: 'button', className: 'copy', textContent: 'Copy inv_freq CSV' });
  copy.setAttribute('aria-label', 'Copy inv_freq CSV of the per-pair table');
  const copied = Object.assign(document.createElement('output'), { className: 'message' });
  copy.addEventListener('click', async () => {
    try {
      const { csv: text } = pairsData();
      await navigator.clipboard.writeText(text);
      copied.textContent = `copied: ${text.trim().split('\n').length - 1} rows`;
    } catch (error) {
      copied.textContent = `the browser refused the clipboard (${error.message}): Save CSV instead`;
    }
  }, { signal: w.listeners.signal });
  pairsBar.append(copy, copied);
  const view = { ...api, update: (v = {}) => api.update(raw = { ...raw, ...v }) };
  return view;
}
