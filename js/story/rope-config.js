// The rotary scalings side by side: what each rope_type makes of one base and factor (the
// rotary step's dashed curves), and wavelengths. Reading a model's config.json is the
// package's pe.ropeFromConfig (js/model-config.js).

/** The comparison's factor when the config has no scaling: what a 4× extension would do. */
export const COMPARISON_FACTOR = 4;

/**
 * The five scalings with the same factor s and original length L (s = COMPARISON_FACTOR when
 * the config has none), as pe.ropeFrequencies options: [{ type, options }]. Dynamic NTK depends
 * on the sequence length: it is drawn at `length` (at or below L it is the default).
 */
export function scalingFamily({ base, rotaryDims, original, factor, length }) {
  const s = factor > 1 ? factor : COMPARISON_FACTOR, L = original;
  return [
    { type: 'default', options: { base, rotaryDims } },
    { type: 'linear', options: { base, rotaryDims, scaling: { rope_type: 'linear', factor: s } } },
    { type: 'dynamic', options: { base, rotaryDims, length, scaling: { rope_type: 'dynamic', factor: s, max_position_embeddings: L } } },
    { type: 'yarn', options: { base, rotaryDims, scaling: { rope_type: 'yarn', factor: s, original_max_position_embeddings: L } } },
    { type: 'llama3', options: { base, rotaryDims, scaling: { rope_type: 'llama3', factor: s, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: L } } },
  ].map((entry) => ({ ...entry, factor: s }));
}

/** Wavelengths 2π/θ_i from frequencies. */
export const wavelengths = (frequencies) => Float64Array.from(frequencies, (theta) => (2 * Math.PI) / theta);

/** Two curves drawn on one another: equal to 1e-12 relative at every pair. */
export const coincide = (a, b) => a.length === b.length && a.every((x, i) => Math.abs(x - b[i]) <= 1e-12 * Math.abs(b[i]));

/**
 * Llama 3's two cut-offs and the pairs on each side (_compute_llama3_parameters): with L the
 * original context, a pair whose unscaled period 2π/ωᵢ is under L / high_freq_factor keeps its
 * frequency, one over L / low_freq_factor is divided by factor, the pairs between blend the two.
 * `plain`: the unscaled frequencies. { low, high, kept, blended: [first, last] or null, divided }.
 */
export function llama3Bands(parameters, plain) {
  const L = parameters.original_max_position_embeddings;
  const low = L / parameters.low_freq_factor, high = L / parameters.high_freq_factor;
  const waves = wavelengths(plain);
  const kept = waves.filter((x) => x < high).length, divided = waves.filter((x) => x > low).length;
  const blended = waves.length - kept - divided > 0 ? [kept, waves.length - divided - 1] : null;
  return { low, high, kept, blended, divided };
}
