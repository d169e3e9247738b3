// Every element's tag and the widget it shows (./charts/): the elements (elements.js) define
// these tags, and the static figures (render/) draw the same widgets without a browser.
import * as charts from './charts/index.js';

export const ELEMENTS = {
  'posenc-encoding': charts.encoding, 'posenc-heatmap': charts.encoding, 'posenc-dots': charts.dots,
  'posenc-lines': charts.lines, 'posenc-steps': charts.steps, 'posenc-clock': charts.clock,
  'posenc-periods': charts.periods, 'posenc-verify': charts.verify, 'posenc-variants': charts.variants,
  'posenc-near-repeats': charts.nearRepeats, 'posenc-float32': charts.float32, 'posenc-base': charts.base,
  'posenc-conventions': charts.conventions, 'posenc-tokens': charts.tokens, 'posenc-input': charts.input,
  'posenc-shift': charts.shift, 'posenc-extrapolation': charts.extrapolation, 'posenc-rope': charts.rope,
  'posenc-rope-scaling': charts.ropeScaling, 'posenc-family': charts.family, 'posenc-grid': charts.grid,
};

/** A widget value's attribute name: dModel → d-model. */
export const attributeOf = (key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
