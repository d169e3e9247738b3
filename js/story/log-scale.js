// Logarithmic sliders: over 1 … 131072 positions a linear slider of 224 px puts 585 positions
// on a pixel, so n = 10 … 100 cannot be reached by dragging; on a log scale every factor of 2
// gets the same width. The slider's position t ∈ [0, 1] maps to a value, snapped to what the
// control accepts (an integer, an even integer, or a few significant digits), and back. The
// number box beside it stays exact: typing 12345 sets the value to 12345 and the slider to
// position(12345), and position → value → position does not move a value the snap allows.
//
// For k, which is negative or positive, a symmetric log scale: linear within |k| ≤ linear
// (through 0), logarithmic beyond: k = sign(u)·linear·((1 + max/linear)^|u| − 1), u ∈ [−1, 1].

import { checkedOptions, integerIn, numberIn } from './arguments.js';

const SNAPS = ['integer', 'even', 'none'];

const LOG_DEFAULTS = Object.freeze({ min: 1, max: 131072, snap: 'integer', digits: undefined });
const SYMLOG_DEFAULTS = Object.freeze({ max: 131072, linear: 1, snap: 'integer', digits: undefined });

function checkSnap(fn, snap, digits) {
  if (!SNAPS.includes(snap))
    throw new RangeError(`${fn}: snap must be ${SNAPS.map((s) => `'${s}'`).join(' or ')}, got ${JSON.stringify(snap)}`);
  if (digits !== undefined) integerIn('digits', digits, 1, 17);
}

// A value rounded as the control accepts it, then clamped into [lo, hi].
function snapper(snap, digits, lo, hi) {
  return (v) => {
    if (digits !== undefined && v !== 0) v = Number(v.toPrecision(digits));
    if (snap === 'integer') v = Math.round(v);
    if (snap === 'even') v = 2 * Math.round(v / 2);
    return Math.min(hi, Math.max(lo, v));
  };
}

function clampT(t, lo) {
  numberIn('t', t, -Infinity, Infinity);
  return Math.min(1, Math.max(lo, t));
}

/**
 * A log scale over [min, max] (0 < min < max): `{ min, max, value(t), position(v), snap(v) }`.
 * value(t) for t ∈ [0, 1] (clamped) is min·(max/min)^t, snapped; position(v) is its inverse
 * for any v in range (not snapped: the exact number box's value). Options: min, max, snap
 * (`'integer'` | `'even'` | `'none'`), digits (significant digits kept, e.g. 3 for the base).
 */
export function logScale(options) {
  const { min, max, snap, digits } = checkedOptions('logScale', options, LOG_DEFAULTS);
  numberIn('min', min, Number.MIN_VALUE, Number.MAX_VALUE);
  numberIn('max', max, min, Number.MAX_VALUE);
  if (!(max > min)) throw new RangeError(`max must be greater than min, got ${max} ≤ ${min}`);
  checkSnap('logScale', snap, digits);
  const lnMin = Math.log(min), span = Math.log(max) - lnMin;
  const round = snapper(snap, digits, min, max);
  return {
    min, max,
    snap: round,
    value: (t) => {
      const u = clampT(t, 0);
      return round(u === 1 ? max : Math.exp(lnMin + span * u));
    },
    position: (v) => (Math.log(numberIn('value', v, min, max)) - lnMin) / span,
  };
}

/**
 * A symmetric log scale over [−max, max]: `{ min, max, value(t), position(v), snap(v) }` with
 * t ∈ [−1, 1] (0 is k = 0). Options: max, linear (the half-width of the linear zone around 0),
 * snap, digits.
 */
export function symlogScale(options) {
  const { max, linear, snap, digits } = checkedOptions('symlogScale', options, SYMLOG_DEFAULTS);
  numberIn('max', max, Number.MIN_VALUE, Number.MAX_VALUE);
  numberIn('linear', linear, Number.MIN_VALUE, max);
  checkSnap('symlogScale', snap, digits);
  const span = Math.log1p(max / linear);
  const round = snapper(snap, digits, -max, max);
  return {
    min: -max, max,
    snap: round,
    value: (t) => {
      const u = clampT(t, -1);
      const magnitude = Math.abs(u) === 1 ? max : linear * Math.expm1(span * Math.abs(u));
      return round(Math.sign(u) * magnitude);
    },
    position: (v) => {
      numberIn('value', v, -max, max);
      return Math.sign(v) * Math.log1p(Math.abs(v) / linear) / span;
    },
  };
}

/** The story's sliders: positions, dModel, base and the shift k. */
export const SLIDERS = Object.freeze({
  positions: () => logScale({ min: 1, max: 131072, snap: 'integer' }),
  dModel: () => logScale({ min: 2, max: 8192, snap: 'even' }),
  base: () => logScale({ min: 2, max: 1e9, snap: 'none', digits: 3 }),
  k: () => symlogScale({ max: 131072, linear: 1, snap: 'integer' }),
});
