// Saved images' captions name the view and the parameters it was drawn with.
import test from 'node:test';
import assert from 'node:assert/strict';
import { aboutOf, captionOf } from '../../js/charts/kit/widget.js';

test('captionOf: view, dModel, positions, base, spacing and layout, only those the view has', () => {
  assert.equal(captionOf('encoding', { length: 50, dModel: 128, base: 10000, spacing: 'paper', layout: 'interleaved', start: 0 }),
    'posenc encoding · dModel = 128 · 50 positions · base 10,000 · paper spacing · interleaved');
  assert.equal(captionOf('periods', { dModel: 8192, base: 500, spacing: 'tensor2tensor', layout: 'concatenated' }),
    'posenc periods · dModel = 8192 · base 500 · tensor2tensor spacing · concatenated');
  assert.equal(captionOf('dot products', { length: 8, dModel: 512, base: 10000, spacing: 'paper' }),
    'posenc dot products · dModel = 512 · 8 positions · base 10,000 · paper spacing');
  assert.equal(captionOf('encoding', { length: 131072, dModel: 8192, base: 500000 }), 'posenc encoding · dModel = 8192 · 131,072 positions · base 500,000');
  assert.equal(captionOf('conventions', { dModel: 64, convention: 'fairseq' }), 'posenc conventions · dModel = 64 · fairseq convention');
  assert.equal(captionOf('encoding', { length: 1, dModel: 4 }), 'posenc encoding · dModel = 4 · 1 position');
});

test('aboutOf: a chart\'s accessible name leads with dModel and the positions (docs/naming.md)', () => {
  assert.equal(aboutOf(512, 128), 'dModel = 512, 128 positions');
  assert.equal(aboutOf(8192, 131072), 'dModel = 8192, 131,072 positions');
  assert.equal(aboutOf(16, 1), 'dModel = 16, 1 position');
});
