// "Your model" in the header: one dModel and one context length, set in every view whose page
// range holds them (the engineer-size views: encoding, dot products, waves, periods,
// near-repeats, …); the teaching views with small ranges (the worked example, the clocks at
// their size, …) keep theirs. Each view keeps its own keys, so a link still says exactly what
// every view shows.
import { coerce, number } from 'posenc/charts';
import { keyOf } from './state.js';

// The value of a widget that stands for a context length, where it is not `length`.
const CONTEXT = { nearRepeats: 'maxOffset', base: 'maxOffset', extrapolation: 'trained', ropeScaling: 'context' };
// Views about one example's numbers (the float32 story is the post's dModel = 512; the story's
// opening figure is a picture of the idea, at 50 positions and dModel = 128).
const OWN_EXAMPLE = new Set(['float32', 'opening']);

// A value fits a view when the page's rule takes it as it is (no coercion message).
const fits = (rule, v) => rule && !coerce(rule, v).message;

/**
 * The state changes that set dModel d and context length n in the views that can draw them:
 * `{ changes, dModel: [titles], length: [titles], kept: [titles] }` (kept: views with a size
 * that took neither).
 */
export function modelChanges(views, params, d, n) {
  const out = { changes: {}, dModel: [], length: [], kept: [] };
  for (const { name, title, rules } of views) {
    if (OWN_EXAMPLE.has(name)) continue;
    const sizes = [['dModel', 'dModel', d], ['length', CONTEXT[name] ?? 'length', n]].filter(([, value]) => value in rules);
    if (sizes.length === 0) continue;
    let took = false;
    for (const [what, value, v] of sizes) {
      const key = keyOf(name, value);
      if (!fits(params[key], v)) continue;
      out.changes[key] = v;
      out[what].push(title);
      took = true;
    }
    if (!took) out.kept.push(title);
  }
  return out;
}

/**
 * Wires the header's form: on submit, apply(changes) and say where each size went. Until then it
 * says what the views draw now. (A model read in the rotary step does not fill it: a rotary
 * model's dModel is not an encoding's, and its headDim and base are the rotary step's own.)
 */
export function bindModelForm(form, { views, params, apply, state }) {
  const message = form.querySelector('output');
  // What the views with a dModel draw now, e.g. "Now: dModel 512 in 5 views, 16 in 3".
  const now = () => {
    const counts = new Map();
    for (const { name, rules } of views)
      if ('dModel' in rules && !OWN_EXAMPLE.has(name)) {
        const d = state.get(keyOf(name, 'dModel'));
        counts.set(d, (counts.get(d) ?? 0) + 1);
      }
    const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([d, n], i) => `${i ? '' : 'dModel '}${d} in ${n} ${n === 1 ? 'view' : 'views'}`);
    return parts.length ? `Now: ${parts.join(', ')}.` : '';
  };
  let applied = false;
  state.addEventListener('change', () => { if (!applied) message.textContent = now(); });
  message.textContent = now();
  form.addEventListener('submit', (event) => {
    applied = true;
    event.preventDefault();
    const d = Number(form.elements.dModel.value), n = Number(form.elements.context.value);
    const { changes, dModel, length, kept } = modelChanges(views, params, d, n);
    apply(changes);
    const list = (titles) => (titles.length ? titles.map((t) => `“${t}”`).join(', ') : 'no view');
    message.textContent = `dModel ${d} in ${list(dModel)}; context length ${number(n)} in ${list(length)}.`
      + (kept.length ? ` The others (${list(kept)}) stop at smaller sizes and keep theirs.` : '');
  });
}
