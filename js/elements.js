// posenc's charts as custom elements, for blog posts: one <script type="module" src=".../elements.js">
// defines <posenc-encoding> (alias <posenc-heatmap>), <posenc-dots>, <posenc-lines>,
// <posenc-steps>, <posenc-clock>, <posenc-periods>, <posenc-verify>, <posenc-variants>, and the
// story's <posenc-tokens>, <posenc-input>, <posenc-shift>, <posenc-extrapolation>,
// <posenc-near-repeats>, <posenc-base>, <posenc-float32>, <posenc-conventions>, <posenc-rope>, <posenc-family>,
// <posenc-rope-scaling> and <posenc-grid>.
// Each is a thin adapter: its attributes are its widget's values (./charts/; the machinery:
// ./elements/define.js). Bundled with the wasm inlined (dist/elements.js, the package's
// `posenc/elements` export): no second request, no eval, nothing outside each element's shadow
// root; every element shares one wasm instance.
import { defineElements } from './elements/define.js';
import { ELEMENTS } from './tags.js';

export { posenc } from './elements/define.js';

const defined = defineElements(ELEMENTS);
export const PosencEncoding = defined['posenc-encoding'];
/** The earlier name of <posenc-encoding>, kept for posts that use it. */
export const PosencHeatmap = defined['posenc-heatmap'];
export const PosencDots = defined['posenc-dots'];
export const PosencLines = defined['posenc-lines'];
export const PosencSteps = defined['posenc-steps'];
export const PosencClock = defined['posenc-clock'];
export const PosencPeriods = defined['posenc-periods'];
export const PosencVerify = defined['posenc-verify'];
export const PosencVariants = defined['posenc-variants'];
export const PosencNearRepeats = defined['posenc-near-repeats'];
export const PosencFloat32 = defined['posenc-float32'];
export const PosencBase = defined['posenc-base'];
export const PosencConventions = defined['posenc-conventions'];
export const PosencTokens = defined['posenc-tokens'];
export const PosencInput = defined['posenc-input'];
export const PosencShift = defined['posenc-shift'];
export const PosencExtrapolation = defined['posenc-extrapolation'];
export const PosencRope = defined['posenc-rope'];
export const PosencRopeScaling = defined['posenc-rope-scaling'];
export const PosencFamily = defined['posenc-family'];
export const PosencGrid = defined['posenc-grid'];
