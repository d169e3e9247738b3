// The named choices of the options, once. api.js checks options against these lists and hands
// each choice to the binding as its embind enum value (src/bindings.cpp names the values the
// same, but for C++ identifiers: BINDING_NAMES); the charts' rules offer them; index.d.ts spells
// them as types. tests/js/choices.test.js holds the binding and the types to these lists.
export const CHOICES = Object.freeze({
  spacing: Object.freeze(['paper', 'tensor2tensor']),
  layout: Object.freeze(['interleaved', 'concatenated']),
  order: Object.freeze(['sin-cos', 'cos-sin']),
  dtype: Object.freeze(['float32', 'float64']),
  method: Object.freeze(['toeplitz', 'direct']),
});

/**
 * encoding2d's (and dotMatrix2d's) and encoding3d's `convention`: whose grid code the positions
 * follow. Not the 1D presets of conventions.js, though the option has the same name. The
 * binding's GridConvention enum has encoding2d's (encoding3d has one convention).
 */
export const GRID_CONVENTIONS = Object.freeze({
  encoding2d: Object.freeze(['mae', 'diffusers']),
  encoding3d: Object.freeze(['cogvideox']),
});

/** Each choice's embind enum (module[ENUMS[key]]) and the enum value names that differ. */
export const ENUMS = Object.freeze({ spacing: 'Spacing', layout: 'Layout', order: 'Order', dtype: 'DType', method: 'Method' });
export const BINDING_NAMES = Object.freeze({ order: Object.freeze({ 'sin-cos': 'sinCos', 'cos-sin': 'cosSin' }) });

/** The default of each choice: the first of its list (the paper's). */
export const DEFAULT_CHOICES = Object.freeze(Object.fromEntries(Object.entries(CHOICES).map(([key, list]) => [key, list[0]])));
