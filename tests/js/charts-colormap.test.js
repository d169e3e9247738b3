// Colour tables (js/charts/canvas/colormap.js): 256 colours interpolated between a map's
// anchors, made at first use, and the CSS colours of legends read from the same table.
import test from 'node:test';
import assert from 'node:assert/strict';
import { cssColor, diverging, divergingDark, forBackground, hexPixel, luminance, rgbOf, sequential } from '../../js/charts/canvas/colormap.js';
import { PALETTE } from '../../js/charts/canvas/theme.js';

const rgb = (pixel) => [pixel & 255, (pixel >>> 8) & 255, (pixel >>> 16) & 255, pixel >>> 24];

test('the tables begin and end at their anchors, opaque, and pass through the middle anchor', () => {
  assert.deepEqual(rgb(diverging.lut[0]), [0x05, 0x30, 0x61, 255]);
  assert.deepEqual(rgb(diverging.lut[255]), [0x67, 0x00, 0x1f, 255]);
  assert.deepEqual(rgb(sequential.lut[0]), [0x44, 0x01, 0x54, 255]);
  assert.deepEqual(rgb(sequential.lut[255]), [0xfd, 0xe7, 0x25, 255]);
  // diverging has 11 anchors: #f7f7f7 (white) at t = 5/10, between entries 127 and 128.
  for (const i of [127, 128]) for (const c of rgb(diverging.lut[i]).slice(0, 3)) assert.ok(c >= 0xf4, `entry ${i}: ${rgb(diverging.lut[i])}`);
  assert.equal(diverging.lut.length, 256);
  assert.ok(diverging.lut.every((p) => p >>> 24 === 255));
  assert.equal(hexPixel('#053061'), diverging.lut[0]);
});

test('an entry between two anchors is their linear mix, rounded (sequential, entry 100)', () => {
  // 10 anchors: t = 100/255·9 = 3.529…, between #31688e (3) and #26828e (4), f = 0.529…
  const t = (100 / 255) * 9, f = t - 3;
  const expected = [[0x31, 0x26], [0x68, 0x82], [0x8e, 0x8e]].map(([a, b]) => Math.round(a + (b - a) * f));
  assert.deepEqual(rgb(sequential.lut[100]).slice(0, 3), expected);
});

test('the table is made once, and legends read it', () => {
  assert.equal(diverging.lut, diverging.lut);
  assert.equal(cssColor(diverging, 0), 'rgb(5, 48, 97)');
  assert.equal(cssColor(sequential, 1), 'rgb(253, 231, 37)');
});

// Relative luminance of table entry i.
const lum = (map, i) => luminance(rgb(map.lut[i]).slice(0, 3));

test("on a dark panel the diverging map's 0 is dark, yet apart from the panel, and its ends are the bright ones", () => {
  const panel = luminance(rgbOf(PALETTE.dark.panel));
  const contrast = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  for (const i of [127, 128]) {
    assert.ok(lum(divergingDark, i) < lum(divergingDark, 0) && lum(divergingDark, i) < lum(divergingDark, 255), `entry ${i} darker than both ends`);
    // Dark (a dim cell stays dim), but not the panel's own colour: cells near 0 must not vanish.
    assert.ok(lum(divergingDark, i) < 0.05, `entry ${i}: luminance ${lum(divergingDark, i)}`);
    assert.ok(contrast(lum(divergingDark, i), panel) >= 1.3, `entry ${i}: contrast ${contrast(lum(divergingDark, i), panel)} with the panel`);
  }
  // Each end stands out from the dark panel (WCAG contrast ≥ 7 against it), as RdBu's ends do on the light one.
  for (const i of [0, 255]) assert.ok(contrast(lum(divergingDark, i), panel) >= 7, `entry ${i}: contrast ${contrast(lum(divergingDark, i), panel)}`);
  // Perceptually ordered: luminance falls from −1 to 0 and rises from 0 to +1, entry by entry, up
  // to 0.001 (about half a unit of CIE L* at these darks: below what an eye tells apart) where the
  // grey 0's channels and its neighbours' move apart.
  for (let i = 1; i < 128; i++) assert.ok(lum(divergingDark, i) <= lum(divergingDark, i - 1) + 0.001, `entry ${i} no lighter than ${i - 1}`);
  for (let i = 129; i < 256; i++) assert.ok(lum(divergingDark, i) >= lum(divergingDark, i - 1) - 0.001, `entry ${i} no darker than ${i - 1}`);
  assert.ok(lum(divergingDark, 96) > lum(divergingDark, 127) && lum(divergingDark, 160) > lum(divergingDark, 128), 'lighter a quarter away from 0');
  // Still blue for −1 and red for +1, as on the light page.
  const [b0, , bb] = rgb(divergingDark.lut[0]), [r1, , rb] = rgb(divergingDark.lut[255]);
  assert.ok(bb > b0 && r1 > rb, 'blue at −1, red at +1');
  assert.ok(divergingDark.lut.every((p) => p >>> 24 === 255));
});

test('a heatmap takes the dark variant on a dark background only; the light map and viridis stay as they are', () => {
  assert.equal(forBackground(diverging, PALETTE.dark.panel), divergingDark);
  assert.equal(forBackground(diverging, 'rgb(24, 28, 33)'), divergingDark);  // as a canvas reads a colour back
  assert.equal(forBackground(diverging, PALETTE.light.panel), diverging);
  assert.equal(forBackground(diverging, '#fff3d6'), diverging);  // a page's own light --panel
  assert.equal(forBackground(diverging, 'not a colour'), diverging);
  assert.equal(forBackground(sequential, PALETTE.dark.panel), sequential);
  // On the light panel 0 stays the lightest entry (RdBu's white), unchanged.
  assert.ok(lum(diverging, 127) > lum(diverging, 0) && lum(diverging, 127) > lum(diverging, 255));
});
