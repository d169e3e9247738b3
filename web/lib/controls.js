// The controls of one widget, built from its rules: a number box and a slider for a number, a
// menu for a choice, a text box for a list or a text. The slider is the package's (posenc/charts
// slider: logarithmic over wide ranges); the number box beside it stays exact.
// Every control's accessible name says what it sets and in which view ("dModel, encoding heatmap").
import { slider as rangeInput } from 'posenc/charts';

const kindOf = (rule) =>
  rule.choices ? 'choice' : rule.list || typeof rule.def === 'string' ? 'text' : 'number';

/**
 * Fills `bar` with controls for `keys` ({ value: pageKey }) of a widget, each by its page rule
 * (state.params[pageKey]); `view` names the widget in the accessible names. `state` is the page
 * state, `apply(changes)` sets values (and shows messages). Returns `sync(key)`: puts the
 * state's value into the controls of that key.
 */
export function buildControls(bar, { keys, view, state, apply }) {
  const syncs = [], conditional = [];
  for (const [value, key] of Object.entries(keys)) {
    const rule = state.params[key], name = rule.label ?? value;
    const label = document.createElement('label');
    label.append(`${name} `);
    bar.append(label);
    // A control that only some of the view's settings use (rule.applies(get), get: this view's
    // values by name) is disabled where it does nothing, and says so.
    if (rule.applies) conditional.push([label, rule.applies]);
    const kind = kindOf(rule);
    if (kind === 'choice') {
      const select = document.createElement('select');
      for (const choice of rule.choices) select.append(new Option(rule.names?.[choice] ?? choice, choice));  // names: what a reader reads
      Object.assign(select, { ariaLabel: `${name}, ${view}` });
      select.dataset.param = key;
      select.addEventListener('input', () => apply({ [key]: select.value }));
      label.append(select);
      syncs.push([key, () => { select.value = state.get(key); }]);
    } else if (kind === 'text') {
      const text = Object.assign(document.createElement('input'), { type: 'text', size: rule.list ? 14 : 28, ariaLabel: `${name}, ${view}` });
      // A wide rule (a prompt): as wide as its default and more; on a phone the whole row (style.css).
      if (rule.wide) {
        text.size = String(rule.def).length + 6;
        label.classList.add('wide');
      }
      text.dataset.param = key;
      text.addEventListener('change', () => apply({ [key]: text.value }));
      label.append(text);
      syncs.push([key, () => { text.value = state.get(key); }]);
    } else syncs.push([key, numberControl(label, { rule, key, name, view, state, apply })]);
  }
  const byKey = new Map();
  for (const [key, sync] of syncs) byKey.set(key, [...(byKey.get(key) ?? []), sync]);
  const prefix = Object.values(keys)[0]?.split('.')[0];
  const get = (value) => state.get(keys[value] ?? `${prefix}.${value}`);  // a value without a control of its own too
  const refresh = () => {
    for (const [label, applies] of conditional) {
      const on = applies(get);
      for (const input of label.querySelectorAll('input, select')) {
        input.disabled = !on;
        input.dataset.name ??= input.ariaLabel;  // the reason, for screen readers too
        input.ariaLabel = on ? input.dataset.name : `${input.dataset.name} (not used by the model shown)`;
      }
      label.classList.toggle('unused', !on);
      label.title = on ? '' : 'not used by the model shown';
    }
  };
  // The conditions read this view's values only: re-read when one of them changed (not on every
  // other view's slider step; the rotary one parses the pasted config).
  const sync = (key) => {
    byKey.get(key)?.forEach((f) => f());
    if (key.startsWith(`${prefix}.`)) refresh();
  };
  for (const key of byKey.keys()) sync(key);
  return sync;
}

// A number box (exact) and, for a range worth dragging, a slider (log where the range is wide).
function numberControl(label, { rule, key, name, view, state, apply }) {
  const box = Object.assign(document.createElement('input'), {
    type: 'number', min: rule.min, max: rule.max, step: rule.even ? 2 : rule.integer ? 1 : 'any', ariaLabel: `${name}, ${view}`,
  });
  box.inputMode = rule.integer || rule.even ? 'numeric' : 'decimal';
  // A rule whose default means "none" shows an empty box with its placeholder there.
  if (rule.placeholder) Object.assign(box, { placeholder: rule.placeholder }).style.width = `${rule.placeholder.length + 3}ch`;
  const shown = (v) => (rule.placeholder && Number(v) === rule.def ? '' : v);
  box.dataset.param = key;
  // While typing, take only values that are already valid; the rest on Enter or leaving.
  box.addEventListener('input', () => {
    const v = Number(box.value);
    if (box.value !== '' && v >= rule.min && v <= rule.max && (!rule.even || v % 2 === 0) && (!rule.integer || Number.isInteger(v)))
      apply({ [key]: box.value });
  });
  box.addEventListener('change', () => apply({ [key]: box.value }));
  label.append(box);
  // No slider for a rule whose default means "none" (its thumb could not show the empty box), nor for a narrow range.
  if (rule.placeholder || !Number.isFinite(rule.min) || !Number.isFinite(rule.max) || rule.max - rule.min < 4) return () => { box.value = shown(state.get(key)); };

  const slider = rangeInput(rule, `${name} slider, ${view}`);
  slider.dataset.param = key;
  slider.addEventListener('input', () => apply({ [key]: slider.dataset.scale === 'linear' ? slider.value : slider.valueAt() }));
  label.append(slider);
  return () => {
    const v = state.get(key);
    box.value = shown(v);
    slider.show(v);
  };
}

/**
 * A view's bar before its root: its controls (buildControls), its presets (`presets`:
 * "text|query;…", each a button that applies the query's values) and its message line (an
 * output for the messages of group `message`); left out when it has nothing to press. Returns
 * the controls' sync(key).
 */
export function viewBar(root, { keys, view, presets = '', message, state, apply }) {
  const bar = document.createElement('div');
  bar.className = 'controls';
  root.before(bar);
  const sync = buildControls(bar, { keys, view, state, apply });
  const group = Object.assign(document.createElement('span'), { className: 'presets', role: 'group', ariaLabel: `Presets, ${view}` });
  for (const preset of presets.split(';').filter(Boolean)) {
    const [text, query] = preset.split('|');
    const button = Object.assign(document.createElement('button'), { type: 'button', textContent: text, ariaLabel: `${text}, ${view}` });
    button.dataset.preset = query;
    button.addEventListener('click', () => apply(Object.fromEntries(new URLSearchParams(query))));
    group.append(button);
  }
  if (group.childElementCount) bar.append(group);
  const out = Object.assign(document.createElement('output'), { className: 'message' });
  out.dataset.message = message;
  bar.append(out);
  if (!bar.querySelector('input, select, button')) bar.remove();
  return sync;
}
