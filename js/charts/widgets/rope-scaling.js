// The sources' period table, rescaled: the wavelength 2π/θ_i of every rotary pair of a real
// model's config (thick), beside what default / linear / dynamic NTK / YaRN / Llama 3 scaling
// would make of the same base with the same factor, against the original and extended context
// lengths, on a log axis. Presets are real configs; paste your own in the textarea.
import { csv } from '../kit/exports.js';
import { Widget } from '../kit/widget.js';
import { XYPlot } from '../plots/xyplot.js';
import { frequencyOptions, readRopeConfig, ROPE_PRESETS, scalingFamily, wavelengths } from '../../math/rope-config.js';

/** Its size: it sizes to its content, with charts this tall. */
export const size = { chart: '300px' };
export const rules = {
  preset: { label: 'preset', choices: [...Object.keys(ROPE_PRESETS), 'custom'], def: 'llama-3.1-8b' },
};

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  const canvas = w.canvas('canvas');
  const note = w.part('p', 'note', 'note');
  const editor = w.part('div', 'controls config');
  const label = w.part('label', '', null, editor);
  label.textContent = 'config.json (rope_theta, rope_scaling, head_dim or hidden_size and num_attention_heads, …)';
  const text = w.part('textarea', '', 'config', label);  // inside its label: named for screen readers
  Object.assign(text, { rows: 7, spellcheck: false });
  text.style.cssText = 'width: 100%; box-sizing: border-box; font: 12px/1.4 ui-monospace, monospace; color: inherit; background: transparent;';
  editor.style.cssText = 'flex-direction: column; align-items: stretch; gap: 0.3rem;';
  label.style.cssText = 'display: flex; flex-direction: column; gap: 0.3rem;';
  const plot = w.own(new XYPlot(canvas, {
    xLabel: 'pair i', yLabel: 'wavelength 2π/θ_i (log)', xName: 'i', logY: true, legendLeft: true,
    label: 'Plot of the rotary wavelengths per pair under each scaling',
  }));
  let values, shown = null, raw = {};

  /** The config to draw: the preset's, or the textarea's once the user has edited it. */
  function config(v) {
    // A preset, or 'custom' before anything was typed: the preset's JSON fills the textarea.
    const preset = v.preset !== 'custom' ? v.preset : text.value.trim() === '' ? rules.preset.def : null;
    if (preset) {
      text.value = JSON.stringify(ROPE_PRESETS[preset].config, null, 1);
      return ROPE_PRESETS[preset].config;
    }
    try {
      return JSON.parse(text.value);
    } catch (error) {
      throw new SyntaxError(`config: not JSON (${error.message})`);
    }
  }

  function draw(v, say) {
    values = v;
    let read, own, family;
    try {
      read = readRopeConfig(config(v));
      own = pe.ropeFrequencies(read.headDim, frequencyOptions(read));
      family = scalingFamily(read).map((f) => ({ ...f, frequencies: pe.ropeFrequencies(read.headDim, f.options).frequencies }));
    } catch (error) {
      say(error.message);  // the last good chart stays
      return;
    }
    const s = family[0].factor, name = v.preset === 'custom' ? 'your config' : ROPE_PRESETS[v.preset].name;
    const series = [{ label: name, values: wavelengths(own.frequencies), width: 3.5, color: 'fg' }].concat(family.map((f) => ({
      label: f.type === 'default' ? 'default' : `${f.type} ×${s}`, values: wavelengths(f.frequencies), dash: [5, 3], width: 1.4,
    })));
    const x = Array.from(own.frequencies, (_, i) => i);
    plot.show({ x, series, lines: [
      { y: read.original, label: `original context ${read.original}` },
      ...(read.extended !== read.original ? [{ y: read.extended, label: `extended ${read.extended}` }] : []),
    ] });
    shown = { read, own, series };
    const longest = series[0].values.at(-1);
    note.textContent = `head ${read.headDim}, rotary ${read.rotaryDims} (${read.rotaryDims / 2} pairs), base ${read.base}, `
      + `attentionFactor ${own.attentionFactor}. Longest wavelength ${Math.round(longest)} positions. Without scaling, `
      + `${family[0].frequencies.filter((theta) => 2 * Math.PI / theta > read.original).length} pairs have wavelengths longer than the `
      + `original context: in training they never turned a full circle, and they are what every scaling stretches. `
      + `Dashed: each scaling at ×${s} on the same base.`;
    Object.assign(note.dataset, { attentionFactor: own.attentionFactor, pairs: own.frequencies.length });
  }

  const api = w.api(draw);
  text.addEventListener('input', () => {
    // Editing makes the config custom until a preset is chosen again.
    api.update({ ...raw, preset: 'custom' });
  }, { signal: w.listeners.signal });
  w.exports({
    name: 'rope-scaling', canvases: [{ name: 'rope-wavelengths', canvas, label: 'wavelengths' }],
    data: () => (shown === null ? { csv: '', json: {} } : {
      csv: csv(['i', ...shown.series.map((s) => s.label)], shown.series[0].values.map((_, i) => [i, ...shown.series.map((s) => s.values[i])])),
      json: { preset: values.preset, config: shown.read, attentionFactor: shown.own.attentionFactor,
        wavelengths: Object.fromEntries(shown.series.map((s) => [s.label, Array.from(s.values)])) },
    }),
  });
  return { ...api, update: (v = {}) => api.update(raw = v) };
}
