// `posenc/charts`: posenc's charts as widgets, for pages that draw them with their own
// controls. Each widget module has `rules` (its values: range or choices and default) and
// `create(root, posenc, options)` → { update(values), destroy() }: the widget fills `root`
// with its canvas(es), readout, legend, notes and save buttons, and redraws on update(), on
// resize and when its colours change. The styles: WIDGET_CSS (adopt it where the widget lives).
export * as encoding from './encoding.js';
export * as dots from './dots.js';
export * as lines from './lines.js';
export * as steps from './steps.js';
export * as clock from './clock.js';
export * as periods from './periods.js';
export * as verify from './verify.js';
export * as variants from './variants.js';
export * as conventions from './conventions.js';
export * as tokens from './tokens.js';
export * as input from './input.js';
export * as shift from './shift.js';
export * as extrapolation from './extrapolation.js';
export * as rope from './rope.js';
export * as ropeScaling from './rope-scaling.js';
export { coerce } from './params.js';
export { PAGE_CSS, PALETTE, WIDGET_CSS } from './theme.js';
export { runChecks } from './checks.js';
export * as nearRepeats from './near-repeats.js';
export * as float32 from './float32.js';
export * as base from './base.js';
