// A model's files: drop or open a GGUF, a safetensors checkpoint or a .npy dump (and, if you
// like, its config.json), and read what positions it will produce (pe.inspectModelFile: the
// header and the position tensors, never the weights; the file stays in the browser). The
// report's lines and findings, and a chart of each pair's period, the file's beside
// transformers' for the config; the layers' strip (which slide); a table's dot-product kernel
// for a learned table.
import { LinePlot } from '../plots/lineplot.js';
import { Heatmap } from '../plots/heatmap.js';
import { diverging, sequential } from '../canvas/colormap.js';
import { number, significant } from '../../numbers.js';
import { layerStrip } from '../kit/layer-strip.js';
import { summary, toJson } from '../../files/summary.js';
import { csv } from '../kit/exports.js';
import { Widget } from '../kit/widget.js';

export const size = { scroll: '18rem' };
// No values: what it reads is the reader's file (never in a URL).
export const rules = {};

/** options.examples: [{ label, file, config? }], sample files (URLs) the reader can load with a button. */
export function create(root, pe, options = {}) {
  const w = new Widget(root, rules, options);
  const bar = w.part('div', 'controls model-file');
  bar.style.cssText = 'display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center;';
  const fileLabel = w.part('label', '', null, bar);
  fileLabel.append('Model file (.gguf, .safetensors, .npy) ');
  const fileInput = Object.assign(w.part('input', '', 'file', fileLabel), { type: 'file', accept: '.gguf,.safetensors,.npy' });
  const configLabel = w.part('label', '', null, bar);
  configLabel.append('its config.json (optional) ');
  const configInput = Object.assign(w.part('input', '', 'config', configLabel), { type: 'file', accept: '.json,application/json' });
  const samples = w.part('div', 'controls examples', 'examples');
  samples.style.cssText = 'display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center;';
  if (options.examples?.length) samples.append('Examples:');
  for (const { label, file, config } of options.examples ?? []) {
    const button = Object.assign(w.part('button', '', null, samples), { type: 'button', textContent: label });
    button.addEventListener('click', async () => {
      const name = file.split('/').pop();
      const fetched = async (url) => {
        if (!url) return null;
        const response = await fetch(url);
        if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
        return new Blob([await response.arrayBuffer()]);
      };
      status.textContent = `Reading ${name}…`;
      try {
        const [blob, json] = await Promise.all([fetched(file), fetched(config)]);
        pick(blob, json, name);
      } catch (error) {
        status.textContent = `${name}: could not load the example (${error.message})`;
      }
    }, { signal: w.listeners.signal });
  }
  const drop = w.part('p', 'note drop', 'drop');
  drop.textContent = 'Or drop the files here. They are read in this browser, by ranges (the header and the position tensors): nothing is uploaded.';
  const status = w.part('p', 'summary', 'status');
  status.setAttribute('role', 'status');
  // Lines of text, wrapped on a phone (not a code block: those keep their lines and scroll).
  const lines = w.part('div', 'report', 'report');
  lines.style.cssText = 'white-space: pre-wrap; overflow-wrap: anywhere; font: 12px/1.45 ui-monospace, monospace; margin: 0.5rem 0;';
  const findings = w.part('ul', 'findings', 'findings');
  const strip = w.part('div', 'layers', 'layers');
  const canvas = w.canvas('canvas', w.part('div', 'tall'));
  const plot = w.own(new LinePlot(canvas, {
    xLabel: 'pair i', yLabel: 'period (positions, log scale)', xName: 'i', label: 'Each pair\'s period 2π/ω in the file and in transformers for the config', yLog: true, legendLeft: true,
    describe: (i, values) => values.map((v, k) => `${seriesNames[k]}: ${significant(v)}`),
  }));
  // A table's dot products T·Tᵀ (every step-th position past 256): constant along each diagonal
  // for a sinusoid, not for a learned table.
  const gramBox = w.part('div', 'tall');
  const gramCanvas = w.canvas('gram', gramBox);
  const heatmap = w.own(new Heatmap(gramCanvas, {
    xLabel: 'position j', yLabel: 'position i', map: diverging, diagonal: true, label: 'Heatmap of the table\'s dot products between positions',
    describe: (i, j) => {
      const { step, size, data } = gram;
      const value = data[i * size + j];
      return { text: `row ${i * step} · row ${j * step} = ${significant(value)}`, value };
    },
  }));
  let gram;
  let seriesNames = [], report, run = 0, picked = { file: null, config: null, name: '' };
  w.exports({
    name: 'model-file', canvases: [{ name: 'periods', canvas, label: 'chart' }, { name: 'dot-products', canvas: gramCanvas, label: 'heatmap' }], caption: () => `posenc model file · ${picked.name || 'none'}`,
    data: () => ({
      csv: csv(['pair', ...seriesNames], (plotted ?? []).map((row, i) => [i, ...row])),
      json: report ? JSON.parse(toJson(report)) : {},
    }),
  });
  let plotted;
  // Until a file is read there is nothing to draw or save: the chart and its buttons are hidden.
  const saves = root.querySelector(':scope > .exports');
  const shown = (on) => {
    canvas.parentElement.parentElement.hidden = !on;
    saves.hidden = !on;
    if (!on) gramBox.hidden = true;
  };

  // No report to show: `message` in the status line, the rest emptied and hidden.
  const cleared = (message) => {
    status.textContent = message;
    lines.textContent = '';
    findings.replaceChildren();
    strip.replaceChildren();
    shown(false);
  };

  const show = async () => {
    const id = ++run;
    if (!picked.file) return cleared('No file yet: open or drop one, or pick an example.');
    status.textContent = `Reading ${picked.name}…`;
    try {
      const config = picked.config ? JSON.parse(await picked.config.text()) : undefined;
      const result = await pe.inspectModelFile(picked.file, { config });
      if (id !== run) return;
      report = result;
    } catch (error) {
      if (id !== run) return;
      report = undefined;
      return cleared(`${picked.name}: ${error.message}`);
    }
    const [first, ...rest] = summary(report, picked.name).filter((l) => !/^findings/.test(l) && !/^  (error|warning) /.test(l));
    status.textContent = first;
    lines.textContent = rest.join('\n');
    findings.replaceChildren(...(report.findings.length ? report.findings : [{ severity: 'none', code: 'no finding', message: report.reference ? 'the file agrees with config.json' : 'nothing in the file itself is wrong (open its config.json to compare)' }]).map((f) => {
      const item = document.createElement('li');
      item.className = `finding ${f.severity}`;
      const code = document.createElement('code');
      code.textContent = f.code;
      item.append(code, f.severity === 'none' ? `: ${f.message}` : ` (${f.severity}): ${f.message}`);
      return item;
    }));
    // Which layers slide, as llama.cpp decides: each with its base and reach.
    const r = report.rope, rotates = (k) => !r.kindsWithoutRope?.includes(k);
    layerStrip(strip, r?.layers ? {
      layers: r.layers, kinds: [...new Set(r.layers)], rotates,
      about: (i) => {
        const k = r.layers[i], sliding = k === 'sliding_attention';
        const turn = rotates(k) ? `rotates with base ${number(sliding && r.sliding ? r.sliding.base : r.base)}` : 'no RoPE (no positions at all)';
        const reach = sliding ? (r.slidingWindow ? `sliding window of ${number(r.slidingWindow)} positions` : 'sliding window') : 'no window: attends to the whole context';
        return `layer ${i} of ${r.layers.length}: ${k}; ${turn}; ${reach} (${r.layersFrom})`;
      },
    } : { layers: [] });
    // Periods per pair: the file's (GGUF: factors applied; a dump: its numbers), transformers'.
    const dump = report.numbers?.find((n) => n.kind === 'frequencies' || n.frequencies);
    const frequencies = report.rope?.frequencies ?? (dump?.kind === 'frequencies' ? dump.values : dump?.frequencies);
    const series = [];
    if (frequencies) series.push({ label: 'the file', values: Array.from(frequencies, (f) => 2 * Math.PI / f) });
    if (report.reference) series.push({ label: 'transformers, for config.json', values: Array.from(report.reference.frequencies, (f) => 2 * Math.PI / f) });
    // A learned table first: its dot products' spread is the point (a sinusoid's is a cosine sum).
    const table = report.numbers?.find((n) => n.kind === 'table') ?? report.numbers?.find((n) => n.toeplitz);
    if (!series.length && table) series.push({ label: `mean dot product at offset Δ (${table.name})`, values: Array.from(table.toeplitz.kernel) });
    shown(series.length > 0);
    gram = table?.gram;
    gramBox.hidden = !gram;
    const heatmapSave = [...saves.querySelectorAll('button')].find((b) => b.textContent === 'Save heatmap PNG');
    if (heatmapSave) heatmapSave.hidden = !gram;
    if (gram) {
      let min = Infinity, max = -Infinity;
      for (const v of gram.data) { min = Math.min(min, v); max = Math.max(max, v); }
      heatmap.map = min < 0 ? diverging : sequential;
      // A diverging map centred on 0.
      const edge = Math.max(Math.abs(min), Math.abs(max));
      heatmap.show({ rows: gram.size, cols: gram.size, data: gram.data, min: min < 0 ? -edge : min, max: min < 0 ? edge : max,
        about: `${table.name}: T·Tᵀ${gram.step > 1 ? `, every ${gram.step}th position` : ''}` });
    }
    seriesNames = series.map((s) => s.label);
    plotted = series.length ? series[0].values.map((_, i) => series.map((s) => s.values[i])) : [];
    if (series.length) {
      const periods = !table || frequencies;
      plot.yLog = Boolean(periods);
      plot.xLabel = periods ? 'pair i' : 'offset Δ';
      plot.yLabel = periods ? 'period (positions, log scale)' : 'mean dot product';
      const all = series.flatMap((s) => s.values).filter(Number.isFinite);
      plot.show({ series, yMin: Math.min(...all), yMax: Math.max(...all), about: picked.name });
    }
  };

  const pick = (file, config, name) => {
    picked = { file, config, name };
    show();
  };
  const signal = w.listeners.signal;
  fileInput.addEventListener('change', () => fileInput.files[0] && pick(fileInput.files[0], configInput.files[0], fileInput.files[0].name), { signal });
  configInput.addEventListener('change', () => picked.file && pick(picked.file, configInput.files[0], picked.name), { signal });
  root.addEventListener('dragover', (e) => e.preventDefault(), { signal });
  root.addEventListener('drop', (e) => {
    e.preventDefault();
    const files = [...e.dataTransfer.files];
    const config = files.find((f) => /\.json$/i.test(f.name)), file = files.find((f) => !/\.json$/i.test(f.name));
    if (file) pick(file, config, file.name);
  }, { signal });

  show();
  return w.api(() => {}, { report: () => report });
}
