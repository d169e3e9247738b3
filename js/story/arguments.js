// Argument checks for the story modules, with the package's conventions: TypeError for a
// wrong type or an unknown option, RangeError for a value outside its rule, each naming the
// parameter and showing what it got.

import { describe, number } from '../describe.js';

/** `given` merged over `defaults`; any other key is a TypeError. */
export function checkedOptions(fn, given, defaults) {
  if (given === undefined) return { ...defaults };
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    throw new TypeError(`${fn} options must be an object, got ${describe(given)}`);
  for (const key of Object.keys(given))
    if (!(key in defaults))
      throw new TypeError(`${fn} has no option "${key}" (options: ${Object.keys(defaults).join(', ')})`);
  const merged = { ...defaults };
  for (const [key, value] of Object.entries(given)) if (value !== undefined) merged[key] = value;
  return merged;
}

/** A finite number in [lo, hi]. */
export function numberIn(name, value, lo, hi) {
  number(name, value);
  if (!(value >= lo && value <= hi))  // also rejects NaN
    throw new RangeError(`${name} must be a number between ${lo} and ${hi}, got ${value}`);
  return value;
}

/** An integer in [lo, hi]. */
export function integerIn(name, value, lo, hi) {
  number(name, value);
  if (!Number.isInteger(value) || value < lo || value > hi)
    throw new RangeError(`${name} must be an integer between ${lo} and ${hi}, got ${value}`);
  return value;
}

/** An even integer in [lo, hi]. */
export function evenIn(name, value, lo, hi) {
  number(name, value);
  if (!Number.isInteger(value) || value % 2 !== 0 || value < lo || value > hi)
    throw new RangeError(`${name} must be an even integer between ${lo} and ${hi}, got ${value}`);
  return value;
}
