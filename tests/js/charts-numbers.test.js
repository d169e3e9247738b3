// The chart layer's number formats: six significant digits for readouts, the shortest exact
// float32 form for exports.
import test from 'node:test';
import assert from 'node:assert/strict';
import { float32Numbers, shortestFloat32, significant } from '../../js/charts/canvas/numbers.js';

test('significant: 6 digits to read, the exact shortest form on request', () => {
  assert.equal(significant(Math.sin(1)), '0.841471');
  assert.equal(significant(Math.sin(1), true), String(Math.sin(1)));
  assert.equal(significant(249.10209782736), '249.102');
  assert.equal(significant(1e-9 / 3), '3.33333e-10');
  assert.equal(significant(-0.5), '-0.5');
  assert.equal(significant(NaN), 'NaN');
});

test('shortestFloat32: parses back to the same float32, never longer than needed', () => {
  // Random float32 values over many magnitudes: the text round-trips, and one digit fewer does not.
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let n = 0; n < 20000; n++) {
    const value = Math.fround((random() - 0.5) * 10 ** Math.floor(random() * 20 - 10));
    const text = shortestFloat32(value);
    assert.equal(Math.fround(Number(text)), value, `${value} → ${text}`);
    const digits = text.replace(/^-/, '').replace(/e.*$/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length;
    if (digits > 1) assert.notEqual(Math.fround(+value.toPrecision(digits - 1)), value, `${value}: ${text} is not the shortest`);
  }
  // Float32 sin(1) is 0.84147095680236816… as a double; its shortest float32 form has 8 digits.
  assert.equal(String(Math.fround(Math.sin(1))), '0.8414709568023682');
  assert.equal(shortestFloat32(Math.fround(Math.sin(1))), '0.84147096');
  assert.equal(shortestFloat32(Math.fround(0.1)), '0.1');
  assert.equal(shortestFloat32(0), '0');
  assert.equal(shortestFloat32(-0), '0');
  assert.equal(shortestFloat32(Infinity), 'Infinity');
});

test('shortestFloat32 rejects a double that is not a float32 value', () => {
  assert.throws(() => shortestFloat32(0.1), { name: 'RangeError', message: /0\.1 is not a float32 value/ });
});

test('float32Numbers: JSON prints each float32 in its shortest form', () => {
  const values = Float32Array.from([Math.sin(1), Math.cos(1), 1 / 3]);
  assert.equal(JSON.stringify(float32Numbers(values)), '[0.84147096,0.5403023,0.33333334]');
  assert.deepEqual(Float32Array.from(float32Numbers(values)), values);
});
