// The numbers the source posts printed (docs: /work/shared/seeds/000–004), once: the checks of
// <posenc-verify> and the page, the JS tests and (through the generated tests/cpp/seeds.hpp,
// scripts/seeds-header.js) the C++ tests compare against these. Kept as the printed text: its
// digits are its precision.

/** Seed 001, the worked example: PE for d = 4, positions 0–4, as printed. */
export const WORKED_EXAMPLE = [
  ['0', '1', '0', '1'],
  ['0.8415', '0.5403', '0.00999983', '0.99995'],
  ['0.9093', '-0.4161', '0.0199987', '0.99980'],
  ['0.1411', '-0.9899', '0.0299955', '0.99955'],
  ['-0.7568', '-0.6536', '0.0399893', '0.99920'],
];
/** The one truncated (not rounded) entry of WORKED_EXAMPLE: cos 3 = −0.98999…, printed −0.9899. */
export const WORKED_EXAMPLE_TRUNCATED = [3, 1];

/** Seed 002, numpy's create_pos_enc(): the first three encodings, d = 4, as printed. */
export const NUMPY_ROWS = [
  ['0.', '1.', '0.', '1.'],
  ['0.84147098', '0.54030231', '0.00999983', '0.99995'],
  ['0.90929743', '-0.41614684', '0.01999867', '0.99980001'],
];

/** Seed 002: compute_pe(0, 10) turned by R(10), i.e. PE(10) for d = 4. */
export const PE10 = ['-0.54402111', '-0.83907153', '0.09983342', '0.99500417'];

/** Seed 000, d = 512: dot(i, j) of the encodings, [i, j, printed]; equal offsets, equal dots. */
export const DOTS_512 = [[1, 2, '249.102'], [80, 81, '249.102'], [1, 80, '117.529'], [2, 81, '117.529']];

/** Seed 004: the longest period for d = 512, 2π·10000^(510/512). */
export const LONGEST_PERIOD_512 = '60611.477';

/**
 * How far a value may be from a printed number: half a unit of its last digit, or a whole
 * unit where the source truncated.
 */
export function tolerance(text, truncated = false) {
  const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  return (truncated ? 1 : 0.5) / 10 ** decimals;  // 10^k is exact, so this is the correctly rounded value
}

/** Whether `value` is the printed `text` to its printed precision. */
export const within = (value, text, truncated = false) => Math.abs(value - Number(text)) <= tolerance(text, truncated);
