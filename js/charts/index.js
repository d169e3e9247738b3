// `posenc/charts`: posenc's charts as widgets, for pages that draw them with their own
// controls. Each widget module has `rules` (its values: range or choices and default) and
// `create(root, posenc, options)` → { update(values), destroy() }: the widget fills `root`
// with its canvas(es), readout, legend, notes and save buttons, and redraws on update(), on
// resize and when its colours change. The styles: WIDGET_CSS (adopt it where the widget lives).
export * as encoding from './widgets/encoding.js';
export * as dots from './widgets/dots.js';
export * as lines from './widgets/lines.js';
export * as steps from './widgets/steps.js';
export * as clock from './widgets/clock.js';
export * as periods from './widgets/periods.js';
export * as verify from './widgets/verify.js';
export * as variants from './widgets/variants.js';
export * as conventions from './widgets/conventions.js';
export * as tokens from './widgets/tokens.js';
export * as input from './widgets/input.js';
export * as shift from './widgets/shift.js';
export * as extrapolation from './widgets/extrapolation.js';
export * as rope from './widgets/rope.js';
export * as ropeScaling from './widgets/rope-scaling.js';
export { coerce } from './kit/params.js';
export { deferPaints } from './canvas/chart.js';
export { printing } from './canvas/draw.js';
export { paintApart } from './kit/slices.js';
export { number, parseNumber } from '../numbers.js';
export { slider, sliderScale, STEPS } from './kit/slider.js';
export { logScale, symlogScale } from '../story/log-scale.js';
export { PAGE_CSS, PALETTE, WIDGET_CSS } from './canvas/theme.js';
export { runChecks } from '../story/proofs.js';
export * as nearRepeats from './widgets/near-repeats.js';
export * as float32 from './widgets/float32.js';
export * as base from './widgets/base.js';
export * as family from './widgets/family.js';
export * as grid from './widgets/grid.js';
export * as modelFile from './widgets/model-file.js';
