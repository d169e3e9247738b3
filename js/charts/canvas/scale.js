// The one scale: a value → its fraction of an axis (0 at min, 1 at max), linear or
// logarithmic, with the axis's round ticks and their labels (uPlot's valToPct: every axis,
// series and cursor of every plot goes through it).
import { number, powerOfTen } from '../../numbers.js';

/**
 * The scale of an axis over [min, max]: { min, max, log, fraction(v), value(f), ticks(count) →
 * [{ v, label }] }; value() is fraction()'s inverse. log: every factor gets the same width
 * (0 < min ≤ max); digits: significant digits of the linear labels. An empty range (min = max)
 * puts every value at 0.
 */
export function scale(min, max, { log = false, digits = 4 } = {}) {
  const span = log ? Math.log(max / min) || 1 : max - min || 1;
  return {
    min, max, log,
    fraction: log ? (v) => Math.log(v / min) / span : (v) => (v - min) / span,
    value: log ? (f) => min * Math.exp(f * span) : (f) => min + f * span,
    ticks: (count) => {
      const values = log ? logTicks(min, max, count) : ticks(min, max, count);
      // One form along an axis: an axis that reaches 10⁵ writes its powers of ten from 10² on as
      // powers (1, 10, 10², 10³, …), where 1000 and 10,000 beside 10⁵ mixed two.
      const powers = log && Math.max(...values) >= 1e5 ? 2 : 5;
      return values.map((v) => ({ v, label: log ? logLabel(v, powers) : number(v, digits) }));
    },
  };
}

/** Round tick values covering [min, max], about `count` of them. */
export function ticks(min, max, count = 6) {
  if (!(max > min)) return [min];
  const raw = (max - min) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw);
  const out = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) out.push(+v.toPrecision(12));
  return out;
}

/**
 * Tick values of a log axis over [min, max] (0 < min < max): powers of 10 (every k-th when
 * there are more than `count`), and 2× and 5× (or 3×) when there are few decades.
 */
export function logTicks(min, max, count = 10) {
  if (!(min > 0 && max > min)) return [];
  const lo = Math.floor(Math.log10(min)), hi = Math.ceil(Math.log10(max));
  const steps = hi - lo <= 2 && count >= 6 ? [1, 2, 5] : hi - lo <= 4 && count >= 6 ? [1, 3] : [1];
  const every = Math.max(1, Math.ceil((hi - lo + 1) / Math.max(2, count)));
  const out = [];
  for (let e = lo; e <= hi; e++)
    for (const m of steps) {
      const v = Number(`${m}e${e}`);
      if (v >= min * (1 - 1e-12) && v <= max * (1 + 1e-12) && (m > 1 || (e - lo) % every === 0)) out.push(v);
    }
  return out;
}

/**
 * A tick label: powers of ten from 10^from on as such (10⁹ is shorter than 1,000,000,000), others
 * as numbers.
 */
export function logLabel(v, from = 5) {
  const e = Math.round(Math.log10(v));
  return Math.abs(e) >= from && Number(`1e${e}`) === v ? powerOfTen(e) : number(v, 4);
}

