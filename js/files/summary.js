// A report of inspectModelFile as lines of text (`posenc inspect`), and as JSON (typed arrays as
// arrays, 64-bit values past 2⁵³ as strings).
import { number } from '../numbers.js';

const PAIRS = { NORM: 'pairs (2i, 2i + 1): interleaved', NEOX: 'pairs (i, i + n/2): concatenated, rotate_half',
  MROPE: 'M-RoPE sections over (i, i + n/2) pairs', IMROPE: 'interleaved M-RoPE sections' };

const range = (values) => `${number(values[0])} … ${number(values[values.length - 1])}`;

/** The report in lines a terminal shows. */
export function summary(report, name) {
  const lines = [];
  const head = report.format === 'gguf'
    ? `GGUF v${report.version}${report.littleEndian ? '' : ' (big-endian)'}, architecture ${report.architecture ?? 'unnamed'}`
    : report.format === 'npy' ? `.npy ${report.version}` : 'safetensors';
  lines.push(`${name}: ${head}; ${number(report.bytesRead)} of ${number(report.fileBytes)} bytes read`);
  const r = report.rope;
  if (r) {
    lines.push(`RoPE: ${r.ropeType ? `${r.ropeType}, ${PAIRS[r.ropeType]}` : 'pair layout unknown'}; base ${number(r.base)}; `
      + `${r.rotaryDims} of ${r.headDim ?? '?'} dimensions turn; context ${r.context === undefined ? 'not given' : number(r.context)}`);
    const s = r.scaling;
    const parts = s.kind === 'none' && s.frequencyFactors ? [] : [s.kind];
    if (s.factor !== undefined) parts.push(`factor ${number(s.factor)}`);
    if (s.originalContext !== undefined) parts.push(`original context ${number(s.originalContext)}`);
    if (s.frequencyFactors) parts.push(`rope_freqs divisors ${range(s.frequencyFactors)}`);
    if (s.longFactors) parts.push(`long factors ${range(s.longFactors)}`);
    if (s.shortFactors) parts.push(`short factors ${range(s.shortFactors)}`);
    lines.push(`scaling: ${parts.join(', ')}`);
    lines.push(`frequencies (${r.frequencies.length} pairs, factors applied): ${range(r.frequencies)}`);
    if (r.sections) lines.push(`sections (pairs per axis): ${r.sections.join(', ')}`);
    if (r.slidingWindow !== undefined) lines.push(`sliding window: ${number(r.slidingWindow)} positions`);
    if (r.sliding) lines.push(`sliding-window layers turn with base ${number(r.sliding.base)} over ${r.sliding.rotaryDims} dimensions (${r.sliding.from})`);
    if (r.layers) {
      const full = r.layers.flatMap((k, i) => (k === 'full_attention' ? [i] : []));
      lines.push(`layers: ${r.layers.length}, ${r.layers.length - full.length} sliding, full at ${full.length ? full.join(', ') : 'none'} (${r.layersFrom})`);
    }
  } else if (report.format === 'gguf') {
    lines.push('RoPE: none (llama.cpp applies no rotary embedding to this architecture)');
  }
  for (const item of report.numbers ?? []) lines.push(...numbersLines(item));
  if (report.reference) lines.push(`compared with ${report.reference.source}`);
  const positional = report.tensors.filter((t) => t.role);
  lines.push(`tensors: ${report.tensors.length}${positional.length ? `; holding positions: ${positional.map((t) => `${t.name} (${t.dtype} [${t.shape.join(', ')}], ${t.role})`).join('; ')}` : ''}`);
  lines.push(report.findings.length ? 'findings:' : 'findings: none');
  for (const f of report.findings) lines.push(`  ${f.severity} ${f.code}: ${f.message}`);
  return lines;
}

// What a tensor's numbers were found to be.
function numbersLines(item) {
  const id = item.identified;
  const convention = id && (id.convention === 'unknown' ? `no convention found (${id.note})`
    : id.convention === 'per-pair' ? `base ${number(id.base)} with a divisor per pair, ${range(id.divisors)}`
      : [`${id.convention}, base ${number(id.base)}, ${id.rotaryDims} rotary dimensions`,
        id.factor !== undefined && `factor ${number(id.factor)}`, id.originalContext !== undefined && `original context ${number(id.originalContext)}`,
        id.lowFreqFactor !== undefined && `low ${id.lowFreqFactor}, high ${id.highFreqFactor}`,
        id.betaFast !== undefined && `beta_fast ${id.betaFast}, beta_slow ${id.betaSlow}`,
        `${id.matches ? 'every pair matches' : `${id.unmatchedPairs.length} pairs differ`} (to ${number(id.maxRelativeError, 2)} relative)`]
        .filter(Boolean).join(', '));
  switch (item.kind) {
    case 'frequencies': return [`${item.name}: frequencies: ${convention}`];
    case 'cos-sin-cache':
    case 'cos-cache': return [`${item.name}: ${item.kind === 'cos-cache' ? 'cos' : 'cos/sin'} cache, ${item.layout} columns, amplitude ${number(item.amplitude)}, `
      + `first row at position ${number(item.offset)}${item.pairsRead < item.frequencies.length ? `, ${item.pairsRead} of ${item.frequencies.length} pairs read` : ''}: ${convention}`];
    case 'sinusoid-table': return [`${item.name}: ${item.rows} × ${item.cols} sinusoid table, ${item.closest.convention}'s`
      + `${item.closest.offset ? ` from position ${item.closest.offset}` : ''}${item.zeroRows.length ? `, zero rows ${item.zeroRows.join(', ')}` : ''}`];
    case 'table': return [`${item.name}: ${item.rows} × ${item.cols} table, no sinusoid; its dot products are ${number(item.toeplitz.distance, 3)} from depending on offsets only (0 for a sinusoid)`];
    case 'relative-bias': return [`${item.name}: relative attention bias, ${item.buckets} buckets × ${item.heads} heads`];
    case 'not-read': return [`${item.name}: not read (${item.why})`];
    case 'not-finite': return [`${item.name}: holds ${item.value} at element ${item.element}`];
    case 'empty': return [`${item.name}: empty (shape [${item.shape.join(', ')}])`];
    default: return [];
  }
}

/** JSON text of a report. */
export const toJson = (report) => JSON.stringify(report, (key, value) => (
  ArrayBuffer.isView(value) ? Array.from(value) : typeof value === 'bigint' ? String(value) : value), 2);
