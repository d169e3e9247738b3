// inspectModelFile: what positions a model file will produce, read from the few bytes that say
// so, compared with the config.json it should match. One report for every format; the finding
// codes are stable strings (docs/model-files.md).
import { CHUNK, ModelFileError, openSource } from './source.js';
import { readGguf, readGgufTensor } from './gguf.js';
import { readSafetensors, readSafetensorsTensor } from './safetensors.js';
import { decodable } from './dtypes.js';
import { readNpy, readNpyData } from './npy.js';
import { ggufRope } from './gguf-rope.js';
import { identifyCache, identifyFrequencies, identifyTable } from './identify.js';
import { ROPE_TYPE_SOURCE } from './rope-types.js';
import { number } from '../numbers.js';

// A value in a message: the package's one number format, to float32's 7 digits.
const n = (v) => (typeof v === 'number' ? number(v, 7) : String(v));

// Relative difference past which two frequencies differ: the file stores float32 (2⁻²⁴ ≈ 6·10⁻⁸).
const TOLERANCE = 1e-5;

const ROLES = [
  [/^rope_freqs\.weight$/, 'rope-frequency-factors'],
  [/^rope_factors_long\.weight$/, 'longrope-long-factors'],
  [/^rope_factors_short\.weight$/, 'longrope-short-factors'],
  [/(^|\.)inv_freq$/, 'inv-freq'],
  [/(^position_embd|wpe|position_embeddings|embed_positions|pos_embed)(\.weight)?$/, 'position-table'],
  [/relative_attention_bias(\.weight)?$/, 'relative-bias'],
  [/(cos_cached|cos_cache)$/, 'cos-cache'],
  [/(sin_cached|sin_cache)$/, 'sin-cache'],
];
export const roleOf = (name) => ROLES.find(([pattern]) => pattern.test(name))?.[1];

/** Which format the first bytes say: 'gguf', 'npy', 'safetensors', or undefined. */
function formatOf(head, size) {
  if (head[0] === 0x47 && head[1] === 0x47 && head[2] === 0x55 && head[3] === 0x46) return 'gguf';
  if (head[0] === 0x93 && String.fromCharCode(...head.subarray(1, 6)) === 'NUMPY') return 'npy';
  if (head.length >= 9 && head[8] === 0x7b) {  // a header length, then '{'
    const n = new DataView(head.buffer, head.byteOffset, 8).getBigUint64(0, true);
    if (n <= BigInt(size - 8)) return 'safetensors';
  }
  return undefined;
}

/** The report (js/index.d.ts ModelFileReport). api: the initialised package, for the math. */
export async function inspectModelFile(api, source, options = {}, openPath) {
  if (options === null || typeof options !== 'object') throw new TypeError('inspectModelFile options must be an object');
  const { config } = options;
  if (config !== undefined && (config === null || typeof config !== 'object' || Array.isArray(config)))
    throw new TypeError('config must be a parsed config.json object');
  const file = await openSource(source, openPath);
  try {
    const format = formatOf(await file.read(0, CHUNK), file.size);
    if (!format) {
      const first = [...(await file.read(0, 8))].map((b) => b.toString(16).padStart(2, '0')).join(' ');
      throw new TypeError(`${file.name}: not a GGUF, safetensors or .npy file (it starts ${first || 'empty'})`);
    }
    const report = format === 'gguf' ? await inspectGguf(api, file, config)
      : format === 'safetensors' ? await inspectSafetensors(api, file, config)
        : await inspectNpy(api, file, config);
    return { ...report, bytesRead: file.bytesRead, fileBytes: file.size };
  } finally {
    await file.close();
  }
}

async function inspectGguf(api, file, config) {
  const gguf = await readGguf(file);
  const r = ggufRope(gguf);
  const findings = [];
  const tensors = gguf.tensors.map(({ name, dtype, shape }) => ({ name, dtype, shape, role: roleOf(name) }));
  const report = { format: 'gguf', version: gguf.version, littleEndian: gguf.littleEndian, architecture: r.architecture, tensors, findings };
  // A learned table of positions (GPT-2, BERT, StarCoder): llama.cpp adds it to the input and
  // turns nothing, whatever its table says of the architecture.
  const table = r.tensors.table;
  if (table) {
    const elements = table.shape.reduce((a, b) => a * b, 1);
    report.numbers = [elements <= MAX_VALUES && decodable(table.dtype)
      ? numbersOf(api, table.name, await readGgufTensor(file, gguf, table), table.shape, table.dtype)
      : { name: table.name, kind: 'not-read', why: `${table.dtype} [${table.shape.join(', ')}]` }];
    for (const item of report.numbers) numberFindings(api, item, undefined, findings);
    return report;
  }
  if (r.ropeType === undefined && r.architecture !== undefined)
    findings.push(finding('layout-unknown-architecture', 'warning',
      `general.architecture "${r.architecture}" is not in llama.cpp's table of pair layouts (${ROPE_TYPE_SOURCE.path} @ ${ROPE_TYPE_SOURCE.commit.slice(0, 10)}): which columns pair up is unknown`));
  if (r.ropeType === 'NONE' || r.rotaryDims === undefined) return report;

  // Per-pair divisors: one finite number > 0 per rotary pair, or the file is damaged.
  const read = async (t) => {
    if (!t) return undefined;
    // Its shape and type first: a damaged length is refused before anything of it is read.
    if (t.shape.length !== 1 || t.shape[0] !== r.rotaryDims / 2)
      throw new ModelFileError('GGUF', `"${t.name}"`, t.info, `has shape [${t.shape.join(', ')}]; the ${r.rotaryDims} rotary dimensions have ${r.rotaryDims / 2} pairs, one divisor each`);
    if (t.dtype !== 'F32')
      throw new ModelFileError('GGUF', `"${t.name}"`, t.info, `is ${t.dtype}; llama.cpp reads these divisors as F32`);
    const values = Float32Array.from(await readGgufTensor(file, gguf, t));
    const bad = values.findIndex((v) => !(v > 0 && Number.isFinite(v)));
    if (bad >= 0) throw new ModelFileError('GGUF', `"${t.name}"`, t.offset, `holds ${values[bad]} at pair ${bad}; a divisor is a finite number > 0`);
    return values;
  };
  const [freqs, long, short] = [await read(r.tensors.freqs), await read(r.tensors.long), await read(r.tensors.short)];
  const scaling = { ...r.scaling };
  if (freqs) scaling.frequencyFactors = freqs;
  if (long) Object.assign(scaling, { kind: 'longrope', longFactors: long, shortFactors: short });
  const frequencies = fileFrequencies(api, r, scaling);
  if (scaling.kind === 'yarn' && !scaling.factor)
    findings.push(finding('yarn-differs', 'warning', `${r.architecture}.rope.scaling.type is "yarn" but the file has no rope.scaling.factor: llama.cpp scales by 1, which leaves every frequency as it is`));
  if (scaling.kind === 'longrope' && !long)
    findings.push(finding('longrope-factors-differ', 'error', `${r.architecture}.rope.scaling.type is "longrope" but the file has no rope_factors_long.weight: llama.cpp turns every pair unscaled`));
  report.rope = { layout: r.layout, ropeType: r.ropeType, base: r.base, rotaryDims: r.rotaryDims, headDim: r.headDim, context: r.context, scaling, frequencies };
  // LongRoPE: llama.cpp takes the long factors when a run's context passes the original one,
  // the short ones below it.
  if (long && short) report.rope.shortFrequencies = fileFrequencies(api, r, { ...scaling, longFactors: short });
  if (r.sections) report.rope.sections = r.sections;
  if (r.slidingWindow !== undefined) report.rope.slidingWindow = r.slidingWindow;
  if (r.sliding) report.rope.sliding = { ...r.sliding, frequencies: api.ropeFrequencies(r.sliding.rotaryDims, { base: r.sliding.base }).frequencies };
  if (r.layers) Object.assign(report.rope, { layers: r.layers, layersFrom: r.layersFrom, kindsWithoutRope: r.kindsWithoutRope });

  if (config) compareGguf(api, report, r, config, findings);
  else if (r.architecture === 'llama' && !freqs && r.base === 500000 && r.context > 8192 && scaling.kind === 'none')
    findings.push(finding('rope-freqs-missing', 'error',
      `rope_freqs.weight is missing: llama.rope.freq_base 500,000 and llama.context_length ${n(r.context)} are Llama 3.1's, whose llama3 scaling the converter stores as that tensor; without it llama.cpp runs plain RoPE, and positions past 8192 turn up to 8× too fast (llama.cpp #8650)`));
  return report;
}

// The per-pair frequencies llama.cpp turns pair i by, in transformers' terms: linear divides
// by factor, YaRN blends (llama.cpp's ramp is transformers'), rope_freqs and LongRoPE's
// factors divide pair by pair.
function fileFrequencies(api, r, scaling) {
  const parameters = scaling.kind === 'linear' ? { rope_type: 'linear', factor: scaling.factor }
    : scaling.kind === 'yarn' && scaling.factor && scaling.extFactor === 0 ? { rope_type: 'linear', factor: scaling.factor }  // no ramp: interpolation
    : scaling.kind === 'yarn' && scaling.factor ? { rope_type: 'yarn', factor: scaling.factor, original_max_position_embeddings: scaling.originalContext,
      beta_fast: scaling.betaFast, beta_slow: scaling.betaSlow }
      : null;
  const { frequencies } = api.ropeFrequencies(r.rotaryDims, { base: r.base, scaling: parameters });
  const divisors = scaling.frequencyFactors ?? scaling.longFactors;
  if (divisors) for (let i = 0; i < frequencies.length; i++) frequencies[i] /= divisors[i] ?? 1;
  return frequencies;
}

function compareGguf(api, report, r, config, findings) {
  // LongRoPE: llama.cpp turns by the long factors once the context passes the original one, as
  // transformers does at a length past it: compared at the file's context.
  let ref = api.ropeFromConfig(config);
  if (ref.ropeType === 'longrope' && r.context) ref = api.ropeFromConfig(config, { length: r.context });
  const p = ref.parameters, s = report.rope.scaling;
  report.reference = { frequencies: ref.frequencies, source: `transformers' inv_freq for config.json (${ref.modelType}, ${ref.layerType})` };
  const differs = (a, b) => Math.abs(a - b) > TOLERANCE * Math.abs(b);
  const prefix = `${r.architecture}.rope`;
  if (differs(r.base, ref.base))
    findings.push(finding('base-differs', 'error', `${prefix}.freq_base is ${n(r.base)}; config.json's rope_theta is ${n(ref.base)}`));
  if (r.sliding && ref.layerTypes.includes('sliding_attention')) {
    const sliding = api.ropeFromConfig(config, { layerType: 'sliding_attention' });
    if (differs(r.sliding.base, sliding.base))
      findings.push(finding('base-differs', 'error', `${prefix}.freq_base_swa is ${n(r.sliding.base)}; config.json's sliding layers turn with base ${n(sliding.base)}`));
  }
  // Which layers slide: llama.cpp's (the file's pattern, or its default) against config.json's.
  if (r.layers && ref.layers.length) {
    const full = (layers) => layers.flatMap((k, i) => (k === 'sliding_attention' ? [] : [i]));
    const list = (layers) => { const f = full(layers); return `${layers.length - f.length} of ${layers.length} sliding, full at ${f.length ? `${f.slice(0, 6).join(', ')}${f.length > 6 ? ', …' : ''}` : 'none'}`; };
    const mine = r.layers, theirs = ref.layers.map((k) => (k === 'sliding_attention' ? k : 'full_attention'));
    if (mine.length !== theirs.length || mine.some((k, i) => k !== theirs[i]))
      findings.push(finding('layers-differ', 'error', `${r.layersFrom} gives ${list(mine)}; config.json's layers: ${list(theirs)}`));
  }
  if (r.rotaryDims !== ref.rotaryDims)
    findings.push(finding('dims-differ', 'error', `${prefix}.dimension_count is ${r.rotaryDims}; config.json rotates ${ref.rotaryDims} of ${ref.headDim} dimensions`));
  if (p.rope_type === 'llama3') {
    if (!s.frequencyFactors) {
      findings.push(finding('rope-freqs-missing', 'error',
        `rope_freqs.weight is missing: config.json's rope_scaling is llama3 (factor ${p.factor}), which the converter stores as that tensor; without it llama.cpp runs plain RoPE (llama.cpp #8650)`));
    } else {
      const plain = api.ropeFrequencies(ref.rotaryDims, { base: ref.base }).frequencies;
      const expected = Array.from(plain, (f, i) => f / ref.frequencies[i]);
      const bad = differing(s.frequencyFactors, expected);
      if (s.frequencyFactors.length !== expected.length) findings.push(finding('rope-freqs-differ', 'error',
        `rope_freqs.weight holds ${s.frequencyFactors.length} divisors; config.json's ${ref.rotaryDims} rotary dimensions have ${expected.length} pairs`));
      else if (bad.length) findings.push(finding('rope-freqs-differ', 'error',
        `rope_freqs.weight differs from the llama3 divisors of config.json (factor ${p.factor}, low ${p.low_freq_factor}, high ${p.high_freq_factor}, original ${p.original_max_position_embeddings}) at ${bad.length} of ${expected.length} pairs, first pair ${bad[0]}: ${n(s.frequencyFactors[bad[0]])} instead of ${n(expected[bad[0]])}`));
    }
  }
  const refFactor = ['linear', 'yarn'].includes(p.rope_type) ? p.factor : 1;
  const fileFactor = ['linear', 'yarn'].includes(s.kind) ? s.factor : 1;
  if (p.rope_type === 'dynamic')
    findings.push(finding('factor-differs', 'warning', `config.json's rope_type is dynamic (factor ${n(p.factor)}), which has no GGUF form: llama.cpp turns as transformers does up to the original context, and does not raise the base past it`));
  if (p.rope_type !== 'longrope' && p.rope_type !== 'llama3' && differs(fileFactor, refFactor))
    findings.push(finding('factor-differs', 'error', `${prefix}.scaling.factor is ${s.factor === undefined ? 'absent (1)' : n(s.factor)}; config.json's rope_scaling factor is ${refFactor === 1 && !p.factor ? 'none (1)' : n(refFactor)}`));
  if ((p.rope_type === 'yarn') !== (s.kind === 'yarn'))
    findings.push(finding('yarn-differs', 'error', `${prefix}.scaling.type is ${JSON.stringify(s.kind === 'none' ? 'none' : s.kind)}; config.json's rope_type is "${p.rope_type}"`));
  else if (p.rope_type === 'yarn' && p.original_max_position_embeddings !== undefined && s.originalContext !== p.original_max_position_embeddings)
    findings.push(finding('yarn-differs', 'error', `${prefix}.scaling.original_context_length is ${s.originalContext}; config.json's original_max_position_embeddings is ${p.original_max_position_embeddings}`));
  if (p.rope_type === 'longrope') {
    for (const [list, key, values] of [['long_factor', 'rope_factors_long.weight', s.longFactors], ['short_factor', 'rope_factors_short.weight', s.shortFactors]]) {
      const bad = values ? differing(values, p[list]) : [0];
      if (values && values.length !== p[list].length) findings.push(finding('longrope-factors-differ', 'error',
        `${key} holds ${values.length} factors; config.json's ${list} has ${p[list].length}`));
      else if (bad.length) findings.push(finding('longrope-factors-differ', 'error', values
        ? `${key} differs from config.json's ${list} at ${bad.length} of ${p[list].length} pairs, first pair ${bad[0]}: ${n(values[bad[0]])} instead of ${n(p[list][bad[0]])}`
        : `${key} is missing; config.json's rope_scaling is longrope`));
    }
  }
  if (!findings.some((f) => f.severity === 'error') && ref.frequencies.length === report.rope.frequencies.length) {
    const bad = differing(report.rope.frequencies, ref.frequencies);
    if (bad.length) findings.push(finding('frequencies-differ', 'error',
      `the file's frequencies differ from transformers' at ${bad.length} of ${ref.frequencies.length} pairs, first pair ${bad[0]}: ${n(report.rope.frequencies[bad[0]])} instead of ${n(ref.frequencies[bad[0]])}`));
  }
}

/** Indices where a and b differ by more than TOLERANCE (relative), or where lengths differ. */
function differing(a, b) {
  const out = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (!(Math.abs(a[i] - b[i]) <= TOLERANCE * Math.abs(b[i]))) out.push(i);
  return out;
}

const finding = (code, severity, message) => ({ code, severity, message });

// A tensor read for its numbers: position tensors are small; past this many values it is no
// position tensor (a 4096 × 128k embedding) and is listed, not read.
const MAX_VALUES = 1 << 24;

// What the numbers of a tensor say: frequencies (a vector), a cos/sin cache, or a table.
function numbersOf(api, name, values, shape, dtype, sinValues) {
  if (shape.length === 0 || shape.some((d) => d === 0)) return { name, kind: 'empty', shape };
  const bad = [values, sinValues ?? []].map((v) => v.findIndex((x) => !Number.isFinite(x)));
  if (bad[0] >= 0 || bad[1] >= 0) {
    const [list, at] = bad[0] >= 0 ? [values, bad[0]] : [sinValues, bad[1]];
    return { name, kind: 'not-finite', element: at, value: list[at] };
  }
  if (shape.length === 1 || (shape.length === 2 && shape[0] === 1)) {
    const identified = identifyFrequencies(api, values, { dtype });
    return { name, kind: 'frequencies', dtype, identified };
  }
  const cols = shape[shape.length - 1], rows = values.length / cols;
  if (sinValues) return { name, kind: 'cos-sin-cache', ...identifyCache(api, values, sinValues, rows, cols, { dtype }) };
  const table = identifyTable(api, values, rows, cols, { dtype });
  // A cos cache on its own: every value within the first row's amplitude, the first row flat.
  const amplitude = Math.abs(values[0]);
  const flatFirst = amplitude > 0 && Array.from(values.subarray(0, cols)).every((v) => Math.abs(v - values[0]) <= 1e-6 * amplitude);
  if (!table.sinusoid && flatFirst && values.every((v) => Math.abs(v) <= amplitude * (1 + 1e-6)))
    return { name, kind: 'cos-cache', ...identifyCache(api, values, null, rows, cols, { dtype }) };
  return { name, kind: table.sinusoid ? 'sinusoid-table' : 'table', rows, cols, ...table };
}

// Findings from the numbers: a table that is nearly a sinusoid but not quite (a port's wrong
// layout or offset), frequencies no rescaling explains, and against a config its frequencies.
function numberFindings(api, item, config, findings) {
  if (item.kind === 'not-finite')
    return findings.push(finding('values-not-finite', 'error', `${item.name} holds ${item.value} at element ${item.element}: positions that pass through it come out NaN`));
  const id = item.identified;
  if (item.kind === 'frequencies' && (item.dtype === 'F16' || item.dtype === 'BF16'))
    findings.push(finding('frequencies-low-precision', 'warning',
      `${item.name} is stored in ${item.dtype} (${item.dtype === 'BF16' ? 8 : 11} significant bits)`
      + (id.matches && id.maxAbsError > 0
        ? `: against ${id.convention} frequencies of base ${n(id.base)} each is off by up to ${number(100 * id.maxRelativeError, 2)} %, and its angle drifts a whole turn by position ${n(Math.round(2 * Math.PI / id.maxAbsError))}`
        : '')
      + ' (transformers #29496: compute inv_freq in float32)'));
  if ((item.kind === 'table') && item.closest.matchingRows > 0) {
    const c = item.closest;
    findings.push(finding('table-not-sinusoidal', 'warning',
      `${item.name}: ${c.matchingRows} of ${item.rows} rows are ${c.convention}'s sinusoid${c.offset ? ` from position ${c.offset}` : ''}, `
      + `row ${c.firstDifferentRow} differs by up to ${n(c.maxAbsError)}; dot products ${n(item.toeplitz.distance)} from offset-only`));
  }
  const identified = item.identified;
  if (config && identified && identified.convention !== 'unknown') {
    item.length = dynamicLength(api, config, identified);
    const ref = api.ropeFromConfig(config, item.length ? { length: item.length } : {});
    // (a dynamic dump's larger base is its length's, checked below frequency by frequency)
    if (!item.length && identified.base && Math.abs(identified.base - ref.base) > TOLERANCE * ref.base && identified.convention !== 'per-pair')
      findings.push(finding('base-differs', 'error', `${item.name}: its frequencies fall with base ${n(identified.base)}; config.json's rope_theta is ${n(ref.base)}`));
    if (identified.rotaryDims !== ref.rotaryDims)
      findings.push(finding('dims-differ', 'error', `${item.name}: ${identified.rotaryDims / 2} pairs; config.json rotates ${ref.rotaryDims} dimensions (${ref.rotaryDims / 2} pairs)`));
    else {
      const frequencies = item.frequencies ?? item.values;
      const bad = frequencies ? differing(frequencies, ref.frequencies) : [];
      if (bad.length) findings.push(finding('frequencies-differ', 'error',
        `${item.name}: differs from transformers' frequencies for config.json at ${bad.length} of ${ref.frequencies.length} pairs, first pair ${bad[0]}: ${n(frequencies[bad[0]])} instead of ${n(ref.frequencies[bad[0]])}`));
    }
  }
}

// Dynamic NTK scaling: past the original context L₀, transformers recomputes inv_freq with base
// b·(f·L/L₀ − (f − 1))^(d/(d − 2)) for a sequence of length L, so a dump taken after a long
// forward pass falls with a larger base. The length that base implies (whole positions), where
// the config is dynamic and the dump plain with a larger base; undefined otherwise.
function dynamicLength(api, config, identified) {
  const ref = api.ropeFromConfig(config), p = ref.parameters;
  if (p.rope_type !== 'dynamic' || identified.convention !== 'default' || !(identified.base > ref.base * (1 + TOLERANCE))) return undefined;
  const d = ref.rotaryDims, original = p.original_max_position_embeddings ?? ref.maxPositions;
  const length = Math.round(original * ((identified.base / ref.base) ** ((d - 2) / d) + p.factor - 1) / p.factor);
  return length > original ? length : undefined;
}

// With a config: transformers' frequencies for it (dynamic: at the length a dump implies), what a
// dump's numbers are compared with.
function referenceOf(api, config, numbers) {
  if (!config) return {};
  const length = numbers.find((item) => item.length)?.length;
  const ref = api.ropeFromConfig(config, length ? { length } : {});
  return { reference: { frequencies: ref.frequencies, source: `transformers' inv_freq for config.json (${ref.modelType}, ${ref.layerType}${length ? `, dynamic at sequence length ${n(length)}` : ''})` } };
}

async function inspectSafetensors(api, file, config) {
  const st = await readSafetensors(file);
  const tensors = st.tensors.map(({ name, dtype, shape }) => ({ name, dtype, shape, role: roleOf(name) }));
  const findings = [], numbers = [];
  const byName = new Map(st.tensors.map((t) => [t.name, t]));
  for (const t of st.tensors) {
    const role = roleOf(t.name);
    if (!role || role === 'sin-cache') continue;
    if (role === 'relative-bias') {  // its shape is what there is to say: not read
      numbers.push({ name: t.name, kind: 'relative-bias', buckets: t.shape[0], heads: t.shape[1] });
      continue;
    }
    if (t.shape.reduce((a, b) => a * b, 1) > MAX_VALUES || !decodable(t.dtype)) {
      numbers.push({ name: t.name, kind: 'not-read', why: `${t.dtype} [${t.shape.join(', ')}]: ${decodable(t.dtype) ? `over ${MAX_VALUES} values` : 'a type posenc does not decode'}` });
      continue;
    }
    const values = await readSafetensorsTensor(file, t);
    let sin;
    if (role === 'cos-cache') {
      const partner = byName.get(t.name.replace(/cos_cache(d?)$/, 'sin_cache$1'));
      if (partner) sin = await readSafetensorsTensor(file, partner);
    }
    const item = numbersOf(api, t.name, values, t.shape, t.dtype, sin);
    if (item.kind === 'frequencies') item.values = values;
    numberFindings(api, item, config, findings);
    numbers.push(item);
  }
  return { format: 'safetensors', metadata: st.metadata, tensors, numbers, ...referenceOf(api, config, numbers), findings };
}

async function inspectNpy(api, file, config) {
  const npy = await readNpy(file);
  const findings = [], numbers = [];
  const elements = npy.shape.reduce((a, b) => a * b, 1);
  if (npy.shape.length >= 1 && elements > 0 && elements <= MAX_VALUES && npy.dtype.startsWith('F')) {
    const values = await readNpyData(file, npy);
    // (2, rows, cols): cos and sin stacked, cos first (row 0 of cos is the amplitude, of sin 0).
    const stacked = npy.shape.length === 3 && npy.shape[0] === 2;
    const shape = stacked ? npy.shape.slice(1) : npy.shape;
    const half = elements / 2;
    const item = stacked ? numbersOf(api, 'array', values.subarray(0, half), shape, npy.dtype, values.subarray(half))
      : numbersOf(api, 'array', values, shape, npy.dtype);
    if (item.kind === 'frequencies') item.values = values;
    numberFindings(api, item, config, findings);
    numbers.push(item);
  }
  return { format: 'npy', version: npy.version, tensors: [{ name: 'array', dtype: npy.dtype, shape: npy.shape }], numbers, ...referenceOf(api, config, numbers), findings };
}
