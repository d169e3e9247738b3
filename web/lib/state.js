// The page's state: every parameter's current value, mirrored into the URL (only the ones that
// differ from their defaults), so a link reproduces a view. The parameters are the values of the
// widgets the page mounts (posenc/charts rules), each under a page key:
//   - base, spacing, layout: shared by every view (the header's settings);
//   - the first eight views keep the short keys of the page's first links (enc.d, dots.n,
//     lines.dims, clock.k, …), so old links keep their meaning;
//   - every other widget's value `v` is `<widget>.<v>` (nearRepeats.dModel, base.base, …).
import { coerce } from 'posenc/charts';

const URL_BURST = 20, URL_REFILL = 150;  // writeURL's rate

/** Values every view shares, set once in the header. */
export const SHARED = ['base', 'spacing', 'layout'];

// The key prefixes and short value names of the page's first links.
const LEGACY = { encoding: 'enc', dots: 'dots', lines: 'lines', steps: 'steps', clock: 'clock', periods: 'periods', variants: 'variants' };
const SHORT = { dModel: 'd', length: 'n' };
// Values the first page kept under their own name.
const BARE = { 'encoding.start': 'start' };

// Widgets whose `base` is their own subject, not the shared setting.
const OWN_BASE = new Set(['base']);

/** The group of a page key whose messages one control bar shows: 'globals', or its prefix (a bare key's widget's). */
export function groupOf(key) {
  if (SHARED.includes(key)) return 'globals';
  const bare = Object.keys(BARE).find((k) => BARE[k] === key)?.split('.')[0];
  return bare ? LEGACY[bare] ?? bare : key.split('.')[0];
}

/** The page key of a widget's value. */
export function keyOf(widget, value) {
  if (SHARED.includes(value) && !(value === 'base' && OWN_BASE.has(widget))) return value;
  if (BARE[`${widget}.${value}`]) return BARE[`${widget}.${value}`];
  if (widget in LEGACY) return `${LEGACY[widget]}.${SHORT[value] ?? value}`;
  return `${widget}.${value}`;
}

// The page's own ranges and defaults where they differ from the widgets': engineer sizes
// (dModel to 8192, positions to 131072) where a view can show them, a bigger dot-product
// matrix to explore, a shift k of ±1000 (the first page's range: its symmetric log slider then
// gives k = 1 … 5 a few pixels each). A widget clamps what it cannot draw, with a message.
const ENGINEER = { dModel: { max: 8192 }, length: { max: 131072 } };
const PAGE_RULES = {
  'enc.d': ENGINEER.dModel, 'enc.n': ENGINEER.length,
  'dots.d': ENGINEER.dModel, 'dots.n': { ...ENGINEER.length, def: 128 },
  'lines.d': ENGINEER.dModel, 'lines.n': ENGINEER.length,
  'periods.d': ENGINEER.dModel,
  'clock.k': { min: -1000, max: 1000 },
  // Section 8's trained length: GPT-3's 2048, not the widget's 512, which equals the running
  // example's dModel (two unrelated 512s).
  'extrapolation.trained': { def: 2048 },
  // The story's opening figure: the encoding of 50 positions at dModel = 128 (drawn at build time
  // by posenc render at the same sizes, the image it replaces).
  'opening.dModel': { def: 128 }, 'opening.length': { def: 50 },
  // "Your framework" opens on another convention than tensor2tensor, which the chart above it
  // already sets beside the paper.
  'conventions.convention': { def: 'fairseq' },
};

/**
 * The page's parameters for the mounted widgets ({ name: module }): { key: rule }, plus `view`
 * (the story section or view the reader is at; `sections` are the story's section ids).
 */
export function paramsFor(widgets, sections) {
  const params = { view: { label: 'view', choices: [...Object.keys(LEGACY), 'verify', ...sections], def: sections[0] } };
  for (const [name, widget] of Object.entries(widgets))
    for (const [value, rule] of Object.entries(widget.rules)) {
      const key = keyOf(name, value);
      params[key] ??= { ...rule, ...PAGE_RULES[key] };
    }
  return params;
}

/** The widget values of a mounted widget, from the page's state. */
export const valuesOf = (name, widget, state) =>
  Object.fromEntries(Object.keys(widget.rules).map((value) => [value, state.get(keyOf(name, value))]));

/** The page parameters a widget's drawing depends on. */
export const keysOf = (name, widget) => Object.keys(widget.rules).map((value) => keyOf(name, value));

/** The page's state: every parameter's current value, mirrored into the URL. */
export class State extends EventTarget {
  constructor(params, search = location.search) {
    super();
    this.params = params;
    const given = new URLSearchParams(search);
    this.values = {};
    this.messages = [];
    for (const key of Object.keys(params)) {
      const { value, message } = given.has(key) ? this.coerce(key, given.get(key)) : { value: params[key].def };
      this.values[key] = value;
      if (message) this.messages.push({ key, message });
    }
    Object.assign(this, { writes: URL_BURST, refilled: performance.now(), waiting: 0 });
  }

  coerce(key, raw) {
    return coerce(this.params[key], raw, this.params[key].label ?? key);
  }

  get(key) {
    return this.values[key];
  }

  /** Sets several parameters from raw values; returns the messages of the coerced ones. */
  set(raw) {
    const changed = [], messages = [];
    for (const [key, input] of Object.entries(raw)) {
      if (!(key in this.params)) continue;  // e.g. a preset naming a view this build lacks
      const { value, message } = this.coerce(key, input);
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
      if (value !== this.params[key].def) params.set(key, value);
    const text = params.toString();
    return text ? `?${text}` : '';
  }

  // WebKit throws a SecurityError past 100 history.replaceState calls in 10 s, which a slider
  // dragged for a few seconds reaches: a bucket of URL_BURST writes, refilled one per URL_REFILL
  // ms (at most 20 + 10000/150 ≈ 87 in any 10 s). A write over it waits for the next one, and
  // writes the state as it is then.
  writeURL() {
    const now = performance.now();
    this.writes = Math.min(URL_BURST, this.writes + (now - this.refilled) / URL_REFILL);
    this.refilled = now;
    if (this.writes < 1) {
      this.waiting ||= setTimeout(() => { this.waiting = 0; this.writeURL(); }, (1 - this.writes) * URL_REFILL);
      return;
    }
    this.writes -= 1;
    clearTimeout(this.waiting);
    this.waiting = 0;
    history.replaceState(null, '', `${location.pathname}${this.search()}${location.hash}`);
  }
}
