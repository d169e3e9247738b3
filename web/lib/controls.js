// The controls of one widget, built from its rules: a number box and a slider for a number, a
// menu for a choice, a text box for a list or a text. Sliders over a
// wide range are logarithmic (positions, dModel, base; k symmetric through 0), so that n = 10 …
// 100 or k = 1 … 5 can be reached by dragging; the number box beside it stays exact.
// Every control's accessible name says what it sets and in which view ("dModel, encoding heatmap").
// The log scales are the package's (js/math/log-scale.js, not a public entry point yet).
import { logScale, symlogScale } from '../../js/math/log-scale.js';

// Slider positions: 0 … STEPS (or −STEPS … STEPS for a symmetric scale).
const STEPS = 1000;

/** The slider scale for a numeric rule: log, symmetric log or linear. */
function sliderScale(rule) {
  const snap = rule.even ? 'even' : rule.integer ? 'integer' : 'none';
  const digits = snap === 'none' ? 3 : undefined;
  if (rule.min > 0 && rule.max / rule.min >= 64) return { kind: 'log', ...logScale({ min: rule.min, max: rule.max, snap, digits }) };
  if (rule.min < 0 && -rule.min === rule.max && rule.max >= 64)
    return { kind: 'symlog', ...symlogScale({ max: rule.max, linear: 1, snap: rule.integer || rule.even ? snap : 'integer' }) };
  return null;
}

const kindOf = (rule) =>
  rule.choices ? 'choice' : rule.list || typeof rule.def === 'string' ? 'text' : 'number';

/**
 * Fills `bar` with controls for `keys` ({ value: pageKey }) of a widget, each by its page rule
 * (state.params[pageKey]); `view` names the widget in the accessible names. `state` is the page
 * state, `apply(changes)` sets values (and shows messages). Returns `sync(key)`: puts the
 * state's value into the controls of that key.
 */
export function buildControls(bar, { keys, view, state, apply }) {
  const syncs = [];
  for (const [value, key] of Object.entries(keys)) {
    const rule = state.params[key], name = rule.label ?? value;
    const label = document.createElement('label');
    label.append(`${name} `);
    bar.append(label);
    const kind = kindOf(rule);
    if (kind === 'choice') {
      const select = document.createElement('select');
      for (const choice of rule.choices) select.append(new Option(choice, choice));
      Object.assign(select, { ariaLabel: `${name}, ${view}` });
      select.dataset.param = key;
      select.addEventListener('input', () => apply({ [key]: select.value }));
      label.append(select);
      syncs.push([key, () => { select.value = state.get(key); }]);
    } else if (kind === 'text') {
      const text = Object.assign(document.createElement('input'), { type: 'text', size: rule.list ? 14 : 28, ariaLabel: `${name}, ${view}` });
      text.dataset.param = key;
      text.addEventListener('change', () => apply({ [key]: text.value }));
      label.append(text);
      syncs.push([key, () => { text.value = state.get(key); }]);
    } else syncs.push([key, numberControl(label, { rule, key, name, view, state, apply })]);
  }
  const byKey = new Map();
  for (const [key, sync] of syncs) byKey.set(key, [...(byKey.get(key) ?? []), sync]);
  const sync = (key) => byKey.get(key)?.forEach((f) => f());
  for (const key of byKey.keys()) sync(key);
  return sync;
}

// A number box (exact) and, for a range worth dragging, a slider (log where the range is wide).
function numberControl(label, { rule, key, name, view, state, apply }) {
  const box = Object.assign(document.createElement('input'), {
    type: 'number', min: rule.min, max: rule.max, step: rule.even ? 2 : rule.integer ? 1 : 'any', ariaLabel: `${name}, ${view}`,
  });
  box.inputMode = rule.integer || rule.even ? 'numeric' : 'decimal';
  box.dataset.param = key;
  // While typing, take only values that are already valid; the rest on Enter or leaving.
  box.addEventListener('input', () => {
    const v = Number(box.value);
    if (box.value !== '' && v >= rule.min && v <= rule.max && (!rule.even || v % 2 === 0) && (!rule.integer || Number.isInteger(v)))
      apply({ [key]: box.value });
  });
  box.addEventListener('change', () => apply({ [key]: box.value }));
  label.append(box);
  if (!Number.isFinite(rule.min) || !Number.isFinite(rule.max) || rule.max - rule.min < 4) return () => { box.value = state.get(key); };

  const scale = sliderScale(rule);
  const slider = Object.assign(document.createElement('input'), { type: 'range', ariaLabel: `${name} slider, ${view}` });
  slider.dataset.param = key;
  slider.dataset.scale = scale?.kind ?? 'linear';
  if (scale) Object.assign(slider, { min: scale.kind === 'symlog' ? -STEPS : 0, max: STEPS, step: 1 });
  else Object.assign(slider, { min: rule.min, max: rule.max, step: rule.even ? 2 : rule.integer ? 1 : 'any' });
  // The slider position of a value (scripts and tests drag to a value with it).
  slider.positionOf = (v) => (scale ? Math.round(scale.position(Math.min(scale.max, Math.max(scale.min, v))) * STEPS) : v);
  slider.addEventListener('input', () =>
    apply({ [key]: scale ? scale.value(Number(slider.value) / STEPS) : slider.value }));
  label.append(slider);
  return () => {
    const v = state.get(key);
    box.value = v;
    slider.value = slider.positionOf(v);
    slider.ariaValueText = String(v);
  };
}
