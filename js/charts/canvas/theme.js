// The colours and the styles of posenc's charts, once, for the demo page and the elements.
// A page restyles the charts with the documented custom properties (--panel, --fg, --muted,
// --grid, --accent, --accent-2, --highlight, --pass, --fail, --bg) on the chart or any
// ancestor; unset ones fall back to the palette below for the reader's colour scheme. Charts
// read the resolved colours (--_panel, …) at each draw, so a restyle needs no reload.

/** The default palette, light and dark. */
export const PALETTE = {
  light: { bg: '#fbfaf8', panel: '#ffffff', fg: '#1d2127', muted: '#5d6570', grid: '#d9dde3', accent: '#c2410c',
    'accent-2': '#1d4ed8', highlight: 'rgba(250, 204, 21, 0.35)', pass: '#15803d', fail: '#b91c1c' },
  dark: { bg: '#111418', panel: '#181c21', fg: '#e6e8eb', muted: '#9aa3ad', grid: '#2f353d', accent: '#fb923c',
    'accent-2': '#93c5fd', highlight: 'rgba(250, 204, 21, 0.22)', pass: '#4ade80', fail: '#f87171' },
};
const NAMES = Object.keys(PALETTE.light);
const DARK = '@media (prefers-color-scheme: dark)';

/** `selector { declaration(name, value); … }` for the light palette, then the dark one. */
const bySchemes = (selector, declaration) => ['light', 'dark'].map((scheme) => {
  const block = `${selector} { ${NAMES.map((name) => declaration(name, PALETTE[scheme][name])).join(' ')} }`;
  return scheme === 'dark' ? `${DARK} { ${block} }` : block;
}).join('\n');

/**
 * The palette as a page's own custom properties on :root (the demo page links it as theme.css),
 * so the page's chrome and its charts share one palette.
 */
export const PAGE_CSS = bySchemes(':root', (name, value) => `--${name}: ${value};`);

// The style observer: a custom property has no change event, but a discrete transition on it
// fires `transitionrun` and `transitionend` on the widget's root whenever its computed value
// changes: a scheme switch, the element's own style or an ancestor's (Chromium, Firefox, WebKit).
const OBSERVED = NAMES.map((name) => `--_${name} 1ms allow-discrete`).join(', ');

/** The styles of every widget's DOM; a custom element adopts them in its shadow root. */
export const WIDGET_CSS = `${bySchemes('.posenc-widget', (name, value) => `--_${name}: var(--${name}, ${value});`)}
.posenc-widget { color: var(--_fg); transition: ${OBSERVED}; }
.posenc-widget .chart { position: relative; margin: 0.25rem 0; min-width: 0; }
.posenc-widget select { max-width: 100%; }  /* a long model name stays in a phone's card */
.posenc-widget canvas { display: block; width: 100%; height: 100%; border-radius: 6px; touch-action: pan-y pinch-zoom; }
.posenc-widget canvas:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
.posenc-widget .pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr)); gap: 1rem; }
.posenc-widget figcaption, .posenc-widget .note { color: var(--_muted); font-size: 0.85em; margin: 0.2em 0 0; }
.posenc-widget .note:empty, .posenc-widget .message:empty { display: none; }
.posenc-widget .message { color: var(--_accent); font-size: 0.85em; margin: 0.2em 0 0; }
.posenc-widget .tooltip {
  position: absolute; left: 0; top: 0; z-index: 10; pointer-events: none; max-width: 22rem;
  background: var(--_fg); color: var(--_panel); border-radius: 6px; padding: 0.3em 0.5em;
  font-size: 0.8rem; line-height: 1.35; font-variant-numeric: tabular-nums; white-space: pre;
  box-shadow: 0 4px 14px rgba(0, 0, 0, 0.25);
}
/* hidden wins over the display of any part (a widget's own controls on a page with its own) */
.posenc-widget [hidden] { display: none !important; }
.posenc-widget .scroll { overflow: auto; max-width: 100%;
  /* Scroll shadows: a shade at an edge where more of the table lies beyond it (covered, where
     there is none, by the panel's colour scrolling with the content). */
  background: linear-gradient(to right, var(--_panel) 40%, transparent) left / 1.5rem 100% no-repeat local,
    linear-gradient(to left, var(--_panel) 40%, transparent) right / 1.5rem 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.28), transparent) left / 0.6rem 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.28), transparent) right / 0.6rem 100% no-repeat scroll;
  /* The shade in the text's colour where color-mix is known: it shows on a dark panel too. */
  background: linear-gradient(to right, var(--_panel) 40%, transparent) left / 1.5rem 100% no-repeat local,
    linear-gradient(to left, var(--_panel) 40%, transparent) right / 1.5rem 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, color-mix(in srgb, var(--_fg) 35%, transparent), transparent) left / 0.7rem 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, color-mix(in srgb, var(--_fg) 35%, transparent), transparent) right / 0.7rem 100% no-repeat scroll; }
.posenc-widget .scroll.tall { height: 26rem; max-height: 100%; contain: strict; }
.posenc-widget .chart.tall { height: 20rem; flex: none; }
.posenc-widget .stack { display: grid; gap: 0.75rem; }
.posenc-widget .scroll:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
.posenc-widget caption { caption-side: top; text-align: left; color: var(--_muted); font-size: 0.9em; padding: 0.2em 0; }
.posenc-widget .tables { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr)); }
.posenc-widget table { border-collapse: collapse; font-size: 0.86em; font-variant-numeric: tabular-nums; }
.posenc-widget th, .posenc-widget td { padding: 0.25em 0.6em; border-bottom: 1px solid var(--_grid); text-align: right; white-space: nowrap; }
.posenc-widget th { position: sticky; top: 0; background: var(--_panel); }
.posenc-widget .text { text-align: left; white-space: normal; min-width: 11rem; }
/* A phone: headers wrap and cells pack tighter, so a table of five numbers fits 390 px. */
@media (max-width: 480px) {
  .posenc-widget table { font-size: 0.8em; }
  .posenc-widget th, .posenc-widget table[data-numbers="rows"] td, .posenc-widget table.wraps td { white-space: normal; overflow-wrap: normal; }
  .posenc-widget th, .posenc-widget td { padding: 0.2em 0.25em; }
  .posenc-widget .text { min-width: 4rem; }
}
.posenc-widget tr.longest td { background: var(--_highlight); font-weight: 600; }
.posenc-widget .pass { color: var(--_pass); font-weight: 700; }
.posenc-widget .fail { color: var(--_fail); font-weight: 700; }
.posenc-widget .summary { font-weight: 700; margin: 0.4em 0; }
.posenc-widget .subtitle { font-weight: 600; margin: 0.3em 0; }
.posenc-widget .view + .view { margin-top: 1.5em; }
.posenc-widget .controls { display: flex; gap: 1rem; align-items: center; margin: 0.5rem 0; }
.posenc-widget .virtual { table-layout: fixed; width: max(100%, 19rem); }
.posenc-widget .virtual th { white-space: normal; }
.posenc-widget .virtual.wide { width: max(100%, 46rem); }
.posenc-widget .virtual td { height: 28px; padding-top: 0; padding-bottom: 0; }
.posenc-widget tr.spacer td { padding: 0; border: 0; }
.posenc-widget .exports { display: flex; gap: 0.4rem; flex-wrap: wrap; margin-top: 0.4rem; }
.posenc-widget button {
  font: inherit; font-size: 0.8rem; color: inherit; background: transparent; cursor: pointer;
  border: 1px solid var(--_grid); border-radius: 6px; padding: 0.2rem 0.55rem;
}
.posenc-widget button:hover { border-color: var(--_accent); }
/* Print: no buttons or tooltips; each chart at the aspect it was drawn at (its bitmap, redrawn at
   print resolution on beforeprint), never stretched to the page's width; not split across pages. */
@media print {
  .posenc-widget .exports, .posenc-widget .tooltip { display: none !important; }
  .posenc-widget .chart { height: auto !important; flex: none !important; break-inside: avoid; }
  .posenc-widget canvas { height: auto !important; }
}
`;

/** The custom properties a widget transitions on: `transitionrun` with one of these means "restyled". */
export const isThemeProperty = (name) => name.startsWith('--_');

/**
 * The colours a chart draws with, as resolved at `element` now (getComputedStyle: the scheme,
 * the page's and the ancestors' custom properties all apply). Read at each draw, never cached.
 */
export function theme(element) {
  const css = getComputedStyle(element);
  const get = (name) => css.getPropertyValue(`--_${name}`).trim() || PALETTE.light[name];
  return {
    bg: get('panel'), fg: get('fg'), muted: get('muted'), grid: get('grid'),
    accent: get('accent'), accent2: get('accent-2'), highlight: get('highlight'),
    font: '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  };
}
