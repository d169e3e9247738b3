// How a value looks in an error message (a JS argument, a config.json value), and the number
// check every API function starts with: one wording for the package and the story modules alike.

/** `7`, `"7"` (string), `7n`, `null`, `undefined`, `an array`, `a Float32Array`, `a function`. */
export function describe(value) {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (Array.isArray(value)) return 'an array';
  return named(typeof value === 'object' ? value.constructor?.name ?? 'object' : typeof value);
}

/** A kind of thing with its article: "a Float32Array", "an Int32Array", "an object". */
export const named = (kind) => `${/^[AEIOUaeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;

/** value, if it is a number; else a TypeError naming the parameter. */
export function number(name, value) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  return value;
}

/** A config.json value in a message: its JSON (`"1024"`, `2.5`, `null`), or `nothing` when absent. */
export const show = (v) => (v === undefined ? 'nothing' : JSON.stringify(v));

/** A JSON object (not an array, not null): what a config and its sections must be. */
export const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
