// Saved images' captions name the view and the parameters it was drawn with.
import test from 'node:test';
import assert from 'node:assert/strict';
import { captionOf } from '../../js/charts/kit/widget.js';

test('captionOf: view, d, N, base, spacing and layout, only those the view has', () => {
  assert.equal(captionOf('encoding', { length: 50, dModel: 128, base: 10000, spacing: 'paper', layout: 'interleaved', start: 0 }),
    'posenc encoding · d = 128 · N = 50 · base 10,000 · paper spacing · interleaved');
  assert.equal(captionOf('periods', { dModel: 8192, base: 500, spacing: 'tensor2tensor', layout: 'concatenated' }),
    'posenc periods · d = 8192 · base 500 · tensor2tensor spacing · concatenated');
  assert.equal(captionOf('dot products', { length: 8, dModel: 512, base: 10000, spacing: 'paper' }),
    'posenc dot products · d = 512 · N = 8 · base 10,000 · paper spacing');
  assert.equal(captionOf('encoding', { length: 131072, dModel: 8192, base: 500000 }), 'posenc encoding · d = 8192 · N = 131,072 · base 500,000');
  assert.equal(captionOf('conventions', { dModel: 64, convention: 'fairseq' }), 'posenc conventions · d = 64 · fairseq convention');
});
