// Every element's tag and the widget it shows (./charts/): the elements (elements.js) define
// these tags, and the static figures (render/) draw the same widgets without a browser.
import * as charts from './charts/index.js';

// Each tag's widget, by its name in posenc/charts (the module ./charts/widgets/<name, in kebab
// case>.js): what a post's own script bundles (render/elements-script.js).
export const TAGS = {
  'posenc-encoding': 'encoding', 'posenc-heatmap': 'encoding', 'posenc-dots': 'dots',
  'posenc-lines': 'lines', 'posenc-steps': 'steps', 'posenc-clock': 'clock',
  'posenc-periods': 'periods', 'posenc-verify': 'verify', 'posenc-variants': 'variants',
  'posenc-near-repeats': 'nearRepeats', 'posenc-float32': 'float32', 'posenc-base': 'base',
  'posenc-conventions': 'conventions', 'posenc-tokens': 'tokens', 'posenc-input': 'input',
  'posenc-shift': 'shift', 'posenc-extrapolation': 'extrapolation', 'posenc-rope': 'rope',
  'posenc-rope-scaling': 'ropeScaling', 'posenc-family': 'family', 'posenc-grid': 'grid',
};

export const ELEMENTS = Object.fromEntries(Object.entries(TAGS).map(([tag, name]) => [tag, charts[name]]));

export { attributeOf } from './charts/kit/params.js';
