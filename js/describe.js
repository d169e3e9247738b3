// How a value looks in an error message, and the number check every API function starts with:
// one wording for the package and the story modules alike.

/** `7`, `"7"` (string), `7n`, `null`, `undefined`, `an array`, `a Float32Array`, `a function`. */
export function describe(value) {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value === 'object' ? value.constructor?.name ?? 'object' : typeof value}`;
}

/** value, if it is a number; else a TypeError naming the parameter. */
export function number(name, value) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  return value;
}
