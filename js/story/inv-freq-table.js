// The rotary scaling view's per-pair table: each pair's inv_freq ωᵢ of one layer kind, unscaled
// and scaled, in float64 and as transformers computes it in float32 (pe's dtype 'float32'), with
// its bits, to diff against `model.model.rotary_emb.inv_freq`; and the table as CSV and JSON.
import { shortestFloat32 } from '../numbers.js';

// A float32's bit pattern, as `inv_freq.view(torch.int32)` holds it ('0x3f800000'), and how many
// float32 steps one lies from the float32 nearest a float64 (positive floats order as their bits).
const f32 = new Float32Array(1), u32 = new Uint32Array(f32.buffer);
export const bits = (x) => { f32[0] = x; return `0x${u32[0].toString(16).padStart(8, '0')}`; };
/** The next float32 above a positive float32 x: x plus one step of its last bit. */
export const nextUp = (x) => { f32[0] = x; u32[0] += 1; return f32[0]; };
export const ulpsApart = (x32, x) => { f32[0] = x; const nearest = u32[0]; f32[0] = x32; return u32[0] - nearest; };

/**
 * The rows of one kind of a model read by the view (readModel: { config, kinds, length }):
 * { layerType, read, rows: [{ i, plain, scaled, period, plain32, scaled32, ulps }] }. Dynamic
 * NTK and LongRoPE at the model's `length`, as the chart draws them.
 */
export function invFreqRows(pe, { config, kinds, length }, layerType) {
  const { read } = kinds.find((k) => k.layerType === layerType) ?? kinds[0];
  const plain = pe.ropeFrequencies(read.rotaryDims, { base: read.base }).frequencies;
  const plain32 = pe.ropeFrequencies(read.rotaryDims, { base: read.base, dtype: 'float32' }).frequencies;
  const scaled32 = pe.ropeFromConfig(config, { layerType: read.layerType, length, dtype: 'float32' }).frequencies;
  const rows = Array.from(read.frequencies, (omega, i) => ({
    i, plain: plain[i], scaled: omega, period: 2 * Math.PI / omega, plain32: plain32[i], scaled32: scaled32[i], ulps: ulpsApart(scaled32[i], omega),
  }));
  return { layerType: read.layerType, read, rows };
}

/**
 * The table's numbers, every column exact (a float32 as its shortest decimal and its bits):
 * { header, cells } for a CSV, and json.
 */
export function invFreqData(name, { layerType, read, rows }, length) {
  const header = ['i', 'period', 'inv_freq_unscaled', 'inv_freq_scaled', 'inv_freq_unscaled_float32', 'inv_freq_scaled_float32',
    'bits_unscaled_float32', 'bits_scaled_float32', 'ulps_float32_from_float64', 'attention_scaling'];
  return {
    header, cells: rows.map((r) => [r.i, r.period, r.plain, r.scaled, shortestFloat32(r.plain32), shortestFloat32(r.scaled32),
      bits(r.plain32), bits(r.scaled32), r.ulps, read.attentionFactor]),
    json: {
      model: name, layerType, ropeType: read.ropeType, base: read.base, rotaryDims: read.rotaryDims,
      length: ['dynamic', 'longrope'].includes(read.ropeType) ? length : null, attentionScaling: read.attentionFactor,
      pairs: rows.map((r) => ({ i: r.i, period: r.period, invFreqUnscaled: r.plain, invFreqScaled: r.scaled,
        invFreqUnscaledFloat32: +shortestFloat32(r.plain32), invFreqScaledFloat32: +shortestFloat32(r.scaled32),
        bitsUnscaledFloat32: bits(r.plain32), bitsScaledFloat32: bits(r.scaled32), ulpsFloat32FromFloat64: r.ulps })),
    },
  };
}
