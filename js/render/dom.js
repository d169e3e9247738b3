// A page without a browser, for drawing the widgets in Node: linkedom's DOM, canvases backed by
// @napi-rs/canvas (Skia, the engine Chromium draws with), and the few window APIs the widgets
// call. Nothing lays out here, so each chart's CSS size comes from `layout(canvas)`; animation
// frames run when flush() is called; there are no resize or media events; computed styles hold
// the palette of the chosen scheme. Both libraries are optional peer dependencies: the browser
// package never loads this file.
import { PALETTE } from '../charts/index.js';

const NEEDS = 'posenc render needs @napi-rs/canvas and linkedom (optional peer dependencies): '
  + 'npm install --save-dev @napi-rs/canvas linkedom';

async function load() {
  try {
    const [skia, linkedom] = await Promise.all([import('@napi-rs/canvas'), import('linkedom')]);
    return { skia, linkedom };
  } catch (error) {
    if (error.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw Object.assign(new Error(`${NEEDS} (${error.message.split('\n')[0]})`), { code: 'POSENC_RENDER_DEPENDENCY' });
  }
}

/**
 * A headless page: { document, body, flush(), use(fn) }. use(fn) runs fn with the page's
 * window APIs as globals (the widgets read them at call time) and puts the old ones back.
 * @param options.scheme 'light' or 'dark': the palette the charts draw with
 * @param options.scale device pixels per CSS pixel
 * @param options.svg whether the charts in the page draw into SVG (off-page canvases stay bitmaps)
 * @param options.layout (canvas) => [width, height]: a chart's CSS size
 */
export async function headlessPage({ scheme = 'light', scale = 2, svg = false, layout }) {
  const { skia, linkedom } = await load();
  const { document, window } = linkedom.parseHTML('<!doctype html><html><head></head><body></body></html>');
  const frames = [];
  let nextFrame = 1;
  const palette = PALETTE[scheme];
  if (!palette) throw new RangeError(`scheme must be "light" or "dark", not "${scheme}"`);
  const globals = {
    window, document, devicePixelRatio: scale, ImageData: skia.ImageData,
    Path2D: skia.Path2D,
    requestAnimationFrame: (callback) => { frames.push([nextFrame, callback]); return nextFrame++; },
    cancelAnimationFrame: (id) => { const i = frames.findIndex(([at]) => at === id); if (i >= 0) frames.splice(i, 1); },
    matchMedia: (query) => ({ matches: query.includes('dark') === (scheme === 'dark'), addEventListener() {}, removeEventListener() {} }),
    ResizeObserver: class { observe() {} unobserve() {} disconnect() {} },
    getComputedStyle: () => ({ getPropertyValue: (name) => (name.startsWith('--_') ? palette[name.slice(3)] ?? '' : '') }),
    addEventListener() {}, removeEventListener() {},
    Option: function Option(text = '', value = text) {
      const option = Object.assign(document.createElement('option'), { textContent: text });
      option.setAttribute('value', value);
      return option;
    },
  };
  pages.set(document, { svg, layout });
  adapt(window, skia);
  return {
    document, body: document.body,
    /** Runs the pending animation frames, and those they ask for, until none is left. */
    flush() {
      for (let round = 0; frames.length && round < 100_000; round++) frames.shift()[1](0);
    },
    async use(fn) {
      const saved = Object.fromEntries(Object.keys(globals).map((key) => [key, Object.getOwnPropertyDescriptor(globalThis, key)]));
      for (const [key, value] of Object.entries(globals)) Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
      try {
        return await fn();
      } finally {
        for (const [key, descriptor] of Object.entries(saved))
          if (descriptor) Object.defineProperty(globalThis, key, descriptor);
          else delete globalThis[key];
      }
    },
  };
}

// Each page's options, by its document: linkedom's element classes are shared by every
// document it parses, so they are adapted once (adapt) and look the page up.
const pages = new WeakMap();
let adapted = false;

/** What the widgets need of linkedom's classes that it does not do, once for every page. */
function adapt(window, skia) {
  if (adapted) return;
  adapted = true;
  backCanvases(window.HTMLCanvasElement.prototype, skia);
  // The widgets make their events with Node's own Event and CustomEvent (the process's globals
  // stay as they are); linkedom dispatches only its own, so each is copied into one of those.
  const dispatch = window.EventTarget.prototype.dispatchEvent;
  window.EventTarget.prototype.dispatchEvent = function dispatchEvent(event) {
    if (event instanceof window.Event) return dispatch.call(this, event);
    const { type, bubbles, cancelable, composed, detail } = event;
    return dispatch.call(this, new window.CustomEvent(type, { bubbles, cancelable, composed, detail }));
  };
  // linkedom's <select> has no value setter: choosing sets the option's `selected`.
  Object.defineProperty(window.HTMLSelectElement.prototype, 'value', {
    get() { return this.querySelector('option[selected]')?.getAttribute('value') ?? this.querySelector('option')?.getAttribute('value') ?? ''; },
    set(value) {
      for (const option of this.querySelectorAll('option')) option.toggleAttribute('selected', option.getAttribute('value') === String(value));
    },
    configurable: true,
  });
}

// Each <canvas> gets a Skia canvas of its width × height (an SVG one for a chart in the page
// when its page draws SVG), a CSS size from its page's `layout`, and a context whose drawImage
// takes <canvas> elements.
function backCanvases(proto, skia) {
  const size = new WeakMap();
  const backing = (canvas) => size.get(canvas) ?? size.set(canvas, { width: 300, height: 150 }).get(canvas);
  const layout = (canvas) => pages.get(canvas.ownerDocument).layout(canvas);
  Object.defineProperties(proto, {
    width: { get() { return backing(this).width; }, set(v) { backing(this).width = Math.max(0, Math.floor(v)) || 0; }, configurable: true },
    height: { get() { return backing(this).height; }, set(v) { backing(this).height = Math.max(0, Math.floor(v)) || 0; }, configurable: true },
    clientWidth: { get() { return this.parentNode ? layout(this)[0] : 0; }, configurable: true },
    clientHeight: { get() { return this.parentNode ? layout(this)[1] : 0; }, configurable: true },
    offsetWidth: { get() { return this.clientWidth; }, configurable: true },
    // The Skia canvas now drawn on: made anew when the size changed (a browser clears it then too).
    skia: {
      get() {
        const b = backing(this), w = Math.max(1, b.width), h = Math.max(1, b.height);
        if (!b.skia || b.skia.width !== w || b.skia.height !== h) {
          const svg = pages.get(this.ownerDocument).svg && Boolean(this.parentNode);
          b.skia = svg ? skia.createCanvas(w, h, skia.SvgExportFlag.NoPrettyXML) : skia.createCanvas(w, h);
          const ctx = b.skia.getContext('2d'), drawImage = ctx.drawImage.bind(ctx);
          ctx.drawImage = (image, ...rest) => drawImage(image.skia ?? image, ...rest);
        }
        return b.skia;
      },
      configurable: true,
    },
    getContext: { value(type) { return type === '2d' ? this.skia.getContext('2d') : null; }, configurable: true },
    toDataURL: { value(type = 'image/png') { return this.skia.toDataURL(type); }, configurable: true },
  });
}
