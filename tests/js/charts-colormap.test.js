// Colour tables (js/charts/canvas/colormap.js): 256 colours interpolated between a map's
// anchors, made at first use, and the CSS colours of legends read from the same table.
import test from 'node:test';
import assert from 'node:assert/strict';
import { cssColor, diverging, hexPixel, sequential } from '../../js/charts/canvas/colormap.js';

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
