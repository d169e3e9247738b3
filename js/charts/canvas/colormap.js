// Colour lookup tables: values map to one of 256 packed RGBA colours, so a heatmap of any
// size is coloured with one table lookup per cell and drawn with putImageData.

function hex(c) {
  return [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** An opaque colour as one Uint32 pixel of ImageData (RGBA bytes in memory order). */
function pixel(r, g, b) {
  return littleEndian ? ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0 : ((r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
}

/** pixel() of a CSS hex colour, '#rrggbb'. */
export const hexPixel = (color) => pixel(...hex(color));

/** The 256 colours evenly interpolated between the anchors. */
function table(anchors) {
  const rgb = anchors.map(hex), last = rgb.length - 1;
  const lut = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    const t = (i / 255) * last, k = Math.min(Math.floor(t), last - 1), f = t - k, a = rgb[k], b = rgb[k + 1];
    lut[i] = pixel(Math.round(a[0] + (b[0] - a[0]) * f), Math.round(a[1] + (b[1] - a[1]) * f), Math.round(a[2] + (b[2] - a[2]) * f));
  }
  return lut;
}

// A colour map whose table is made at its first use, not while the script loads: the page's
// script task is one of its longest (docs/performance.md).
function colormap(name, anchors) {
  let lut;
  return { name, get lut() { return (lut ??= table(anchors)); } };
}

/**
 * Blue (−1) → dark grey (0) → red (+1): Crameri's berlin (Scientific colour maps 8, MIT licence;
 * matplotlib's "berlin"), at 13 of its colours, its three middle ones lifted to a dark grey.
 * Lightness falls to the middle and rises to each end, readable with each colour-vision
 * deficiency: on a dark panel the values far from 0 are the bright ones, as they are the dark
 * ones of RdBu on a light panel. Berlin's own 0 (#190c09) was darker than the panel: cells near 0
 * vanished into the page (issue 47's readers); the grey 0 stays apart from it.
 */
export const divergingDark = colormap('diverging-dark', ['#9eb0ff', '#6ca9e6', '#3e90bc', '#286886', '#1a4256',
  '#263b48', '#31343a', '#4f3126', '#6a2f14', '#7b321c', '#a65948', '#d2837a', '#ffadad']);

/**
 * Blue (−1) → white (0) → red (+1), ColorBrewer RdBu; on a dark background (forBackground),
 * divergingDark, whose 0 is dark: a white 0 was the brightest thing on a dark page.
 */
export const diverging = Object.assign(colormap('diverging', ['#053061', '#2166ac', '#4393c3', '#92c5de', '#d1e5f0', '#f7f7f7',
  '#fddbc7', '#f4a582', '#d6604d', '#b2182b', '#67001f']), { dark: divergingDark });

/** viridis: perceptually uniform, for dot products. */
export const sequential = colormap('sequential', ['#440154', '#482878', '#3e4989', '#31688e', '#26828e', '#1f9e89',
  '#35b779', '#6ece58', '#b5de2b', '#fde725']);

/** [r, g, b] of a CSS colour as a canvas gives it back: '#rrggbb' or 'rgb(a)(r, g, b…)'; null otherwise. */
export function rgbOf(color) {
  const c = String(color).trim();
  if (/^#[0-9a-f]{6}$/i.test(c)) return hex(c);
  if (/^#[0-9a-f]{3}$/i.test(c)) return [1, 2, 3].map((i) => parseInt(c[i] + c[i], 16));
  const m = c.match(/^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i);
  return m ? m.slice(1, 4).map(Number) : null;
}

/** pixel() of a colour as a canvas reads it back ('#rrggbb', 'rgba(…)'; black if unreadable). */
export const cssPixel = (color) => pixel(...(rgbOf(color) ?? [0, 0, 0]));

/** The colour `share` of the way from CSS colour `from` to `to`, as '#rrggbb' (`to` if either is unreadable). */
export function mixed(from, to, share) {
  const [a, b] = [rgbOf(from), rgbOf(to)];
  if (!a || !b) return to;
  return `#${a.map((c, i) => Math.round(c + (b[i] - c) * share).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance (0 black … 1 white) of [r, g, b] in 0 … 255. */
export function luminance([r, g, b]) {
  const linear = (c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The map to draw on `background` (a CSS colour): a map's dark variant (diverging's) on a dark
 * background (luminance under 0.18, a mid grey's), the map itself otherwise or when the colour
 * cannot be read. A page's own --panel counts, not only the colour scheme.
 */
export function forBackground(map, background) {
  return map.dark && isDark(background) ? map.dark : map;
}

/** A dark panel: a CSS colour (hex or rgb) of luminance under 0.18; false for one that cannot be read. */
export function isDark(background) {
  const rgb = rgbOf(background);
  return Boolean(rgb) && luminance(rgb) < 0.18;
}

/**
 * An image of a rows × cols grid at width × height pixels (at most the grid's size): pixel
 * (x, y) shows cell (⌊y·rows/height⌋, ⌊x·cols/width⌋), i.e. nearest-neighbour sampling, so a
 * grid larger than the screen costs one lookup per pixel, not per cell. Cells come from
 * row-major `data` or from `value(row, col)`; colours span [min, max]. With a `mask` pixel, a
 * cell that is not a finite number (a decoder's −∞ above the diagonal) is that colour.
 */
export function colorize({ data, value }, rows, cols, width, height, min, max, map, mask = null) {
  const image = new ImageData(width, height);
  const pixels = new Uint32Array(image.data.buffer);
  const scale = max > min ? 255 / (max - min) : 0, lut = map.lut;
  const colOf = Int32Array.from({ length: width }, (_, x) => Math.floor((x * cols) / width));
  for (let y = 0, at = 0; y < height; y++) {
    const row = Math.floor((y * rows) / height), offset = row * cols;
    for (let x = 0; x < width; x++, at++) {
      // Row-major data is read directly (the common case, no call per pixel).
      const v = data ? data[offset + colOf[x]] : value(row, colOf[x]);
      if (mask !== null && v - v !== 0) { pixels[at] = mask; continue; }  // v − v is 0 for a finite v only
      const k = ((v - min) * scale + 0.5) | 0;
      pixels[at] = lut[k < 0 ? 0 : k > 255 ? 255 : k];
    }
  }
  return image;
}

/** CSS colour at t in [0, 1] of the map, for legends (the 256 strings are made once). */
export function cssColor(map, t) {
  map.css ??= Array.from(new Uint8Array(map.lut.buffer).reduce((out, byte, i) => {
    if (i % 4 === 0) out.push([]);
    out[out.length - 1].push(byte);
    return out;
  }, []), ([r, g, b]) => `rgb(${r}, ${g}, ${b})`);
  return map.css[Math.max(0, Math.min(255, Math.round(t * 255)))];
}
