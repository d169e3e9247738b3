// The one slider: an <input type=range> for a numeric rule (params.js). Over a wide range it is
// logarithmic (positions 1 … 131072, dModel, base; k symmetric through 0), so that n = 10 … 100
// or k = 1 … 5 can be reached by dragging; narrow ranges are linear. The page's controls and the
// widgets' own controls (base, shift) are built by it.
import { logScale, symlogScale } from '../../story/log-scale.js';

/** Slider positions of a log scale: 0 … STEPS (or −STEPS … STEPS when symmetric). */
export const STEPS = 1000;

/** The slider scale of a numeric rule: log, symmetric log, or null (linear). */
export function sliderScale(rule) {
  const snap = rule.even ? 'even' : rule.integer ? 'integer' : 'none';
  const digits = snap === 'none' ? 3 : undefined;
  if (rule.min > 0 && rule.max / rule.min >= 64) return { kind: 'log', ...logScale({ min: rule.min, max: rule.max, snap, digits }) };
  if (rule.min < 0 && -rule.min === rule.max && rule.max >= 64)
    return { kind: 'symlog', ...symlogScale({ max: rule.max, linear: 1, snap: rule.integer || rule.even ? snap : 'integer' }) };
  return null;
}

// The keys of a range input and the direction they move it.
const KEYS = { ArrowRight: 1, ArrowUp: 1, PageUp: 10, ArrowLeft: -1, ArrowDown: -1, PageDown: -10 };

/**
 * A log slider's keys move to the next value it snaps to: one position of 1000 may round back
 * to the same whole number (k = 3, positions at 52, …), so the browser's own step sticks. The
 * arrows step to the next distinct value (PageUp/PageDown ten of them), Home and End to the ends.
 */
function stepByKey(input, scale, event) {
  const by = KEYS[event.key];
  const min = Number(input.min), max = Number(input.max);
  let position = Number(input.value);
  if (event.key === 'Home' || event.key === 'End') position = event.key === 'Home' ? min : max;
  else if (by) {
    const sign = Math.sign(by);
    for (let n = 0; n < Math.abs(by); n++) {
      const from = scale.value(position / STEPS);
      while (position !== (sign > 0 ? max : min) && scale.value(position / STEPS) === from) position += sign;
    }
  } else return;
  event.preventDefault();
  if (String(position) === input.value) return;
  input.value = String(position);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A range input for `rule` ({ min, max, integer?, even?, step? }), named `ariaLabel`, with
 * `positionOf(value)` (where a value sits: scripts and tests drag to a value with it),
 * `valueAt()` (the value its position stands for) and `show(value)`.
 */
export function slider(rule, ariaLabel) {
  const scale = sliderScale(rule);
  const input = Object.assign(document.createElement('input'), { type: 'range', ariaLabel });
  input.dataset.scale = scale?.kind ?? 'linear';
  if (scale) Object.assign(input, { min: scale.kind === 'symlog' ? -STEPS : 0, max: STEPS, step: 1 });
  else Object.assign(input, { min: rule.min, max: rule.max, step: rule.step ?? (rule.even ? 2 : rule.integer ? 1 : 'any') });
  input.positionOf = (v) => (scale ? Math.round(scale.position(Math.min(scale.max, Math.max(scale.min, v))) * STEPS) : v);
  input.valueAt = () => (scale ? scale.value(Number(input.value) / STEPS) : Number(input.value));
  input.show = (v) => {
    input.value = String(input.positionOf(v));
    input.ariaValueText = String(v);
  };
  if (scale) input.addEventListener('keydown', (event) => stepByKey(input, scale, event));
  return input;
}
