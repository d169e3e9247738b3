// The rules of every widget parameter, once: a range, a choice or a list, and a default. The
// demo page's controls and URL and the elements' attributes are coerced by the same rules: a
// value outside its rule becomes the nearest allowed one, with a message saying so.

import { CHOICES, DEFAULT_CHOICES } from '../../choices.js';

/** dModel: even, 2 … max. */
export const dModel = (def, max = 1024) => ({ label: 'dModel', even: true, min: 2, max, def });
/** A number of positions: whole, min … max. */
export const positions = (def, min = 1, max = 4096) => ({ label: 'positions', integer: true, min, max, def });
/** The largest offset Δ a view searches (its control says offsets, not positions). */
export const offsets = (def, min = 1, max = 4096) => ({ ...positions(def, min, max), label: 'offsets' });
export const BASE = { label: 'base', min: 1.01, max: 1e9, def: 10000 };
export const SPACING = { label: 'spacing', choices: CHOICES.spacing, def: DEFAULT_CHOICES.spacing };
const LAYOUT = { label: 'layout', choices: CHOICES.layout, def: DEFAULT_CHOICES.layout };
/** The frequency scheme every encoding widget takes. */
export const SCHEME = { base: BASE, spacing: SPACING, layout: LAYOUT };

/** A widget value's attribute name on its element: dModel → d-model. */
export const attributeOf = (key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The allowed value nearest to `raw` under `rule`, and a message naming the parameter (`name`)
 * when it differs from what was asked for: { value, message }.
 */
export function coerce(rule, raw, name = rule.label) {
  if (rule.coerce) return rule.coerce(raw, name);  // a rule of its own kind (e.g. a list of positions)
  if (rule.choices) {
    if (rule.choices.includes(raw)) return { value: raw };
    return { value: rule.def, message: `unknown ${name} "${raw}": using ${rule.def}` };
  }
  if (rule.list) return coerceList(rule, String(raw), name);
  if (rule.text) return coerceText(rule, String(raw), name);
  const text = String(raw).trim();
  if (text === '' && rule.placeholder) return { value: rule.def };  // an empty box: the rule's "none"
  let value = Number(text);
  if (text === '' || !Number.isFinite(value))
    return { value: rule.def, message: `${name} must be a number: using ${rule.def}` };
  const notes = [];
  if ((rule.integer || rule.even) && !Number.isInteger(value)) {
    value = Math.round(value);
    notes.push('a whole number');
  }
  if (rule.even && value % 2 !== 0) {
    value += 1;
    notes.push('even');
  }
  if (value < rule.min || value > rule.max) {
    value = Math.min(rule.max, Math.max(rule.min, value));
    notes.push(`between ${rule.min} and ${rule.max}`);
  }
  if (notes.length === 0) return { value };
  return { value, message: `${name} must be ${notes.join(', ')}: using ${value}` };
}

function coerceList(rule, text, name) {
  const items = text.split(/[\s,]+/).filter(Boolean);
  const dims = [...new Set(items.map(Number).filter((v) => Number.isInteger(v) && v >= 0))];
  const kept = dims.slice(0, rule.max);
  const value = kept.join(',');
  if (kept.length === 0) return { value: rule.def, message: `${name}: none valid, using ${rule.def}` };
  if (kept.length !== items.length)
    return { value, message: `${name} must be up to ${rule.max} whole numbers ≥ 0: using ${value}` };
  return { value };
}

// Free text (a sentence): its words, split at white space, at most rule.max of them.
function coerceText(rule, text, name) {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { value: rule.def, message: `${name} is empty: using "${rule.def}"` };
  const value = words.slice(0, rule.max).join(' ');
  if (words.length > rule.max) return { value, message: `${name} must be at most ${rule.max} words: using "${value}"` };
  return { value };
}

/** Every value of `values` coerced by its rule in `rules` (absent ones take the default). */
export function coerceAll(rules, values, name = (key, rule) => rule.label ?? key) {
  const out = {}, messages = [];
  for (const [key, rule] of Object.entries(rules)) {
    const { value, message } = values[key] === undefined || values[key] === null ? { value: rule.def } : coerce(rule, values[key], name(key, rule));
    out[key] = value;
    if (message) messages.push(message);
  }
  return { values: out, messages };
}
