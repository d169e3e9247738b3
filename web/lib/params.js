// Every page parameter, once: its default and its rule. The URL holds the ones that differ
// from their defaults, so a link reproduces a view.

const VIEWS = ['encoding', 'dots', 'lines', 'steps', 'clock', 'periods', 'verify', 'variants'];
export const dModel = (def, max = 1024) => ({ label: 'dModel', even: true, min: 2, max, def });
export const positions = (def, min = 1, max = 4096) => ({ label: 'positions', integer: true, min, max, def });

export const PARAMS = {
  view: { choices: VIEWS, def: 'encoding' },
  base: { label: 'base', min: 1.01, max: 1e9, def: 10000 },
  spacing: { choices: ['paper', 'tensor2tensor'], def: 'paper' },
  layout: { choices: ['interleaved', 'concatenated'], def: 'interleaved' },
  'enc.d': dModel(128),
  'enc.n': positions(50),
  'dots.d': dModel(512),
  'dots.n': positions(128),
  'lines.d': dModel(20),
  'lines.n': positions(100, 2),
  'lines.dims': { label: 'dimensions', list: true, max: 10, def: '4,5,6,7' },
  'steps.d': dModel(4, 16),
  'steps.n': positions(5, 1, 20),
  'clock.d': dModel(16, 64),
  'clock.pos': { label: 'pos', min: -1e6, max: 1e6, def: 0 },
  'clock.k': { label: 'k', min: -1000, max: 1000, def: 3, sliderStep: 1 },
  'periods.d': dModel(512),
  // Both variants also get a direct O(N²·d) product here, hence the smaller limits.
  'variants.d': dModel(64, 512),
  'variants.n': positions(100, 1, 256),
};

/**
 * The allowed value nearest to `raw` for parameter `key`, and a message when it differs
 * from what was asked for (shown next to the control): { value, message }.
 */
export function coerce(key, raw) {
  return coerceValue(PARAMS[key], raw, PARAMS[key].label ?? key);
}

/** coerce() for any rule of the same shape (the custom elements' attributes use it too). */
export function coerceValue(rule, raw, name = rule.label) {
  if (rule.choices) {
    if (rule.choices.includes(raw)) return { value: raw };
    return { value: rule.def, message: `unknown ${name} "${raw}": using ${rule.def}` };
  }
  if (rule.list) return coerceList(rule, String(raw), name);
  const text = String(raw).trim();
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

/** The page's state: every parameter's current value, mirrored into the URL. */
export class State extends EventTarget {
  constructor(search = location.search) {
    super();
    const given = new URLSearchParams(search);
    this.values = {};
    this.messages = [];
    for (const key of Object.keys(PARAMS)) {
      const { value, message } = given.has(key) ? coerce(key, given.get(key)) : { value: PARAMS[key].def };
      this.values[key] = value;
      if (message) this.messages.push({ key, message });
    }
  }

  get(key) {
    return this.values[key];
  }

  /** Sets several parameters from raw values; returns the messages of the coerced ones. */
  set(raw) {
    const changed = [], messages = [];
    for (const [key, input] of Object.entries(raw)) {
      const { value, message } = coerce(key, input);
      if (message) messages.push({ key, message });
      if (this.values[key] !== value) {
        this.values[key] = value;
        changed.push(key);
      }
    }
    if (changed.length) {
      this.writeURL();
      this.dispatchEvent(new CustomEvent('change', { detail: { keys: changed } }));
    }
    return messages;
  }

  search() {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(this.values))
      if (value !== PARAMS[key].def) params.set(key, value);
    const text = params.toString();
    return text ? `?${text}` : '';
  }

  writeURL() {
    history.replaceState(null, '', `${location.pathname}${this.search()}${location.hash}`);
  }
}
