// The page's state: every parameter's current value, mirrored into the URL (only the ones that
// differ from their defaults), so a link reproduces a view. The parameters are the widgets'
// values (posenc/charts rules), under the page's short names.
import { clock, coerce, dots, encoding, lines, periods, steps, variants, verify } from 'posenc/charts';

/** The page's views, in order; each one's widget and its page-parameter names (value → key). */
export const VIEWS = {
  encoding: { widget: encoding, keys: { dModel: 'enc.d', length: 'enc.n' } },
  dots: { widget: dots, keys: { dModel: 'dots.d', length: 'dots.n' } },
  lines: { widget: lines, keys: { dModel: 'lines.d', length: 'lines.n', dims: 'lines.dims' } },
  steps: { widget: steps, keys: { dModel: 'steps.d', length: 'steps.n' } },
  clock: { widget: clock, keys: { dModel: 'clock.d', pos: 'clock.pos', k: 'clock.k' } },
  periods: { widget: periods, keys: { dModel: 'periods.d' } },
  verify: { widget: verify, keys: {} },
  variants: { widget: variants, keys: { dModel: 'variants.d', length: 'variants.n' } },
};

// The page's own defaults where they differ from the widgets' (a bigger matrix to explore;
// a k slider of a useful range).
const PAGE_DEFAULTS = { 'dots.n': { def: 128 }, 'clock.k': { min: -1000, max: 1000, sliderStep: 1 } };

export const PARAMS = { view: { choices: Object.keys(VIEWS), def: 'encoding' } };
for (const { widget, keys } of Object.values(VIEWS))
  for (const [value, rule] of Object.entries(widget.rules))
    PARAMS[keys[value] ?? value] ??= { ...rule, ...PAGE_DEFAULTS[keys[value]] };

/** The widget values of a view, from the page's state. */
export function valuesOf(view, state) {
  const { widget, keys } = VIEWS[view];
  return Object.fromEntries(Object.keys(widget.rules).map((value) => [value, state.get(keys[value] ?? value)]));
}

/** The page parameters a view's drawing depends on. */
export const keysOf = (view) => Object.keys(VIEWS[view].widget.rules).map((value) => VIEWS[view].keys[value] ?? value);

const coerceKey = (key, raw) => coerce(PARAMS[key], raw, PARAMS[key].label ?? key);

/** The page's state: every parameter's current value, mirrored into the URL. */
export class State extends EventTarget {
  constructor(search = location.search) {
    super();
    const given = new URLSearchParams(search);
    this.values = {};
    this.messages = [];
    for (const key of Object.keys(PARAMS)) {
      const { value, message } = given.has(key) ? coerceKey(key, given.get(key)) : { value: PARAMS[key].def };
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
      const { value, message } = coerceKey(key, input);
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
