// Numbers as text, for readouts and exports: six significant digits to read, the shortest
// exact form to save (the form that parses back to the very same number).

// Subscripts as the page's prose sets them (ω<sub>i</sub>), in text a canvas or a title can hold.
const SUBSCRIPT = { 0: '₀', 1: '₁', 2: '₂', 3: '₃', 4: '₄', 5: '₅', 6: '₆', 7: '₇', 8: '₈', 9: '₉', i: 'ᵢ', j: 'ⱼ', k: 'ₖ', '-': '₋', '+': '₊' };

/** A symbol with its index as a subscript: sub('ω', 3) = 'ω₃', sub('θ', 'i') = 'θᵢ'. */
export const sub = (symbol, index) => symbol + [...String(index)].map((c) => SUBSCRIPT[c] ?? c).join('');

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
