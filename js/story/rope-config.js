// The rotary scalings side by side: what each rope_type makes of one base and factor (the
// rotary step's dashed curves), and wavelengths. Reading a model's config.json is the
// package's pe.ropeFromConfig (js/model-config.js).

/** The comparison's factor when the config has no scaling: what a 4× extension would do. */
export const COMPARISON_FACTOR = 4;

/**
 * The five scalings with the same factor s and original length L (s = COMPARISON_FACTOR when
 * the config has none), as pe.ropeFrequencies options: [{ type, options }].
 */
export function scalingFamily({ base, rotaryDims, original, factor }) {
  const s = factor > 1 ? factor : COMPARISON_FACTOR, L = original;
  return [
    { type: 'default', options: { base, rotaryDims } },
    { type: 'linear', options: { base, rotaryDims, scaling: { rope_type: 'linear', factor: s } } },
    { type: 'dynamic', options: { base, rotaryDims, length: s * L, scaling: { rope_type: 'dynamic', factor: s, max_position_embeddings: L } } },
    { type: 'yarn', options: { base, rotaryDims, scaling: { rope_type: 'yarn', factor: s, original_max_position_embeddings: L } } },
    { type: 'llama3', options: { base, rotaryDims, scaling: { rope_type: 'llama3', factor: s, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: L } } },
  ].map((entry) => ({ ...entry, factor: s }));
}

/** Wavelengths 2π/θ_i from frequencies. */
export const wavelengths = (frequencies) => Float64Array.from(frequencies, (theta) => (2 * Math.PI) / theta);
