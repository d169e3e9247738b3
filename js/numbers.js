// Numbers as text: one form to read (`number`), everywhere a reader sees one, and the shortest
// exact form to save (the form that parses back to the very same number).

// Subscripts as the page's prose sets them (ω<sub>i</sub>), in text a canvas or a title can hold.
const SUBSCRIPT = { 0: '₀', 1: '₁', 2: '₂', 3: '₃', 4: '₄', 5: '₅', 6: '₆', 7: '₇', 8: '₈', 9: '₉', i: 'ᵢ', j: 'ⱼ', k: 'ₖ', '-': '₋', '+': '₊' };

/** A symbol with its index as a subscript: sub('ω', 3) = 'ω₃', sub('θ', 'i') = 'θᵢ'. */
export const sub = (symbol, index) => symbol + [...String(index)].map((c) => SUBSCRIPT[c] ?? c).join('');

const SUPERSCRIPT = { 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹', '-': '⁻' };

/** 10 to the power `e`, as print sets it: powerOfTen(-14) = '10⁻¹⁴'. */
export const powerOfTen = (e) => `10${[...String(e)].map((c) => SUPERSCRIPT[c]).join('')}`;

/**
 * A number as an author prints it, the one form for prose, captions, readouts, tooltips, tables
 * and axes: `digits` significant digits, but never fewer than the whole units (20473564 stays
 * 20,473,564: positions are counted, not measured); commas between thousands from 10,000 on
 * (4096 stays 4096, as style guides allow for four digits); a minus sign, not a hyphen; powers
 * of ten below 10⁻⁴ and from 10¹⁵ on (5.7 × 10⁻¹⁴); and 0 for zero, whatever its sign.
 * Exact values are for exports and the `x` toggle: `significant(v, true)`.
 */
export function number(value, digits = 6) {
  if (Number.isNaN(value)) return 'NaN';
  if (value === 0) return '0';
  const sign = value < 0 ? '−' : '', abs = Math.abs(value);
  if (abs === Infinity) return `${sign}∞`;
  if (abs < 1e-4 || abs >= 1e15) {
    const [mantissa, exponent] = abs.toExponential(Math.min(digits, 3) - 1).split('e');
    const power = powerOfTen(+exponent);
    return sign + (+mantissa === 1 ? power : `${+mantissa} × ${power}`);
  }
  const rounded = abs >= 10 ** digits ? Math.round(abs) : +abs.toPrecision(digits);
  if (rounded >= 1e15) return sign + powerOfTen(15);  // 999999999999999.9 rounds up to 10¹⁵
  const [whole, fraction] = String(rounded).split('.');
  const grouped = rounded >= 1e4 ? whole.replace(/\B(?=(\d{3})+$)/g, ',') : whole;
  return sign + grouped + (fraction ? `.${fraction}` : '');
}

/**
 * A number with a fixed count of decimals, in `number()`'s form (commas from 10,000 on, a minus
 * sign, 0 for a zero of either sign): one table column, one count of decimals, so its digits line
 * up (the worked example's 0.84147 above 0.99995, not 0.841470985 above 0.99995). From 10¹⁵ on,
 * `number()`'s power of ten (toFixed would write e-notation from 10²¹).
 */
export function fixed(value, decimals) {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) return number(value);
  const text = Math.abs(value).toFixed(decimals);
  if (+text === 0) return text;  // −0.00001 at 2 decimals reads 0.00, not −0.00
  const [whole, fraction] = text.split('.');
  const grouped = +whole >= 1e4 ? whole.replace(/\B(?=(\d{3})+$)/g, ',') : whole;
  return (value < 0 ? '−' : '') + grouped + (fraction ? `.${fraction}` : '');
}

/**
 * The decimals of a column whose largest number shows `digits` significant digits (the others
 * line up with it): decimalsFor([1, 100, 3162.3], 6) = 2.
 */
export function decimalsFor(values, digits = 6) {
  let largest = 0;
  for (const v of values) if (Number.isFinite(v)) largest = Math.max(largest, Math.abs(v));
  return largest === 0 ? 0 : Math.max(0, digits - 1 - Math.floor(Math.log10(largest)));
}

/** `digits` significant digits, trailing zeros kept (249.10210, not 249.1021): for table cells. */
export const precise = (value, digits) => fixed(value, decimalsFor([value], digits));

/**
 * How far apart two computations of one number are, for prose: "equal" when they are, else the
 * order of their difference, "equal up to rounding, ~10⁻¹⁶" (a reader wants the size, not digits).
 */
export function agreement(a, b) {
  const gap = Math.abs(a - b);
  if (gap === 0) return 'equal';
  // Rounding: a gap of a few float64 steps of the larger number; anything more is a difference.
  if (gap > 1e-9 * Math.max(Math.abs(a), Math.abs(b), 1)) return `differ by ${number(gap, 3)}`;
  return `equal up to rounding, ~${powerOfTen(Math.floor(Math.log10(gap)))}`;
}

/**
 * A power of one half as the fraction it is, the way prose writes ALiBi's slopes: fraction(1/256)
 * = '1/256', fraction(2 ** -20) = '1/2²⁰' (a denominator past 65,536 as a power); any other
 * number (2^(−1/2), a bfloat16 slope) as number(value, digits).
 */
export function fraction(value, digits = 6) {
  if (!(value > 0 && value < 1)) return number(value, digits);
  const k = -Math.log2(value);
  if (!Number.isInteger(k) || 2 ** -k !== value) return number(value, digits);
  return k <= 16 ? `1/${number(2 ** k)}` : `1/2${[...String(k)].map((c) => SUPERSCRIPT[c]).join('')}`;
}

/** The number `number()` printed (its commas, minus sign and power of ten read back). */
export function parseNumber(text) {
  if (String(text).trim() === '') return NaN;  // Number('') would be 0
  const t = String(text).trim().replaceAll(',', '').replace(/^−/, '-').replace('∞', 'Infinity');
  const power = t.match(/^(-?)(?:([\d.]+) × )?10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/);
  if (!power) return Number(t);
  const exponent = [...power[3]].map((c) => (c === '⁻' ? '-' : Object.keys(SUPERSCRIPT).find((k) => SUPERSCRIPT[k] === c))).join('');
  return Number(`${power[1]}${power[2] ?? 1}e${exponent}`);
}

/** `value` for a reader (`number`, 6 digits), or its exact shortest form when `exact`. */
export const significant = (value, exact = false) => (exact ? String(value) : number(value));

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
