// Numbers as text, for readouts and exports: six significant digits to read, the shortest
// exact form to save (the form that parses back to the very same number).

/** `value` to 6 significant digits (readouts), or its exact shortest form when `exact`. */
export function significant(value, exact = false) {
  if (exact || !Number.isFinite(value)) return String(value);
  return String(+value.toPrecision(6));
}

/**
 * The shortest decimal that rounds back to the float32 `value` (a float32 held in a double):
 * String() of the double would print up to 17 digits of the float32's binary expansion
 * (0.8414709568023682 for Math.fround(sin 1)); 9 digits always suffice for float32.
 */
export function shortestFloat32(value) {
  if (!Number.isFinite(value) || value === 0) return String(value);
  if (Math.fround(value) !== value) throw new RangeError(`shortestFloat32: ${value} is not a float32 value`);
  for (let digits = 1; digits < 9; digits++) {
    const text = String(+value.toPrecision(digits));
    if (Math.fround(+text) === value) return text;
  }
  return String(+value.toPrecision(9));
}

/** The numbers of a Float32Array as numbers whose shortest form is their float32's (for JSON). */
export const float32Numbers = (values) => Array.from(values, (v) => +shortestFloat32(v));
