// The one number format a reader sees (prose, captions, readouts, tables, axes) and the exact
// forms for exports: the shortest float32 form.
import test from 'node:test';
import assert from 'node:assert/strict';
import { agreement, decimalsFor, fixed, float32Numbers, fraction, number, parseNumber, powerOfTen, precise, shortestFloat32, significant } from '../../js/numbers.js';
import * as charts from 'posenc/charts';

test('number: the values issue 20 saw, as an author prints them', () => {
  const cases = [
    [1.138629436111989, undefined, '1.13863'],   // was "attentionFactor 1.138629436111989"
    [1424262.9313139278, undefined, '1,424,263'], // a tooltip: whole units are never rounded away
    [1.5539643526729854, undefined, '1.55396'],
    [0, 2, '0'], [-0, undefined, '0'],            // was "= 0.00e+0"
    [1365.3333333333333, undefined, '1365.33'],
    [20473564, undefined, '20,473,564'],          // was "20473564 positions"
    [60611.47710612105, undefined, '60,611.5'],   // the slowest period at d = 512, one form everywhere
    [60611.47710612105, 3, '60,611'],
    [5.684341886080802e-14, 2, '5.7 × 10⁻¹⁴'],
    [-1.973, 4, '−1.973'],                        // a minus sign, not a hyphen
    [1e-9 / 3, undefined, '3.33 × 10⁻¹⁰'],
    [1e-15, 2, '10⁻¹⁵'], [2.5e17, undefined, '2.5 × 10¹⁷'],
    [131072, undefined, '131,072'], [10000, undefined, '10,000'],
    [4096, undefined, '4096'], [9999, undefined, '9999'],        // four digits stay together
    [0.0001, undefined, '0.0001'], [0.5, undefined, '0.5'],
    [249.10209782736, undefined, '249.102'], [249.10209782736, 10, '249.1020978'],
    [1e9, undefined, '1,000,000,000'], [-123456.789, 4, '−123,457'],
    [999999999999999.9, undefined, '10¹⁵'],
    [Infinity, undefined, '∞'], [-Infinity, undefined, '−∞'], [NaN, undefined, 'NaN'],
  ];
  for (const [value, digits, text] of cases) assert.equal(number(value, digits), text, `${value} at ${digits ?? 6} digits`);
});

test('parseNumber reads back what number printed, to the digits printed', () => {
  let seed = 777;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let n = 0; n < 5000; n++) {
    const value = (random() - 0.5) * 10 ** Math.floor(random() * 40 - 20), digits = 1 + Math.floor(random() * 9);
    const text = number(value, digits), back = parseNumber(text);
    assert.ok(Math.abs(back - value) <= Math.abs(value) * 10 ** (1 - Math.min(digits, Math.abs(value) < 1e-4 || Math.abs(value) >= 1e15 ? 3 : digits)), `${value} → ${text} → ${back}`);
    assert.equal(number(back, digits), text, `${text} prints again as itself`);
  }
  assert.equal(parseNumber('−1,234.5'), -1234.5);
  assert.equal(parseNumber('10⁻¹⁵'), 1e-15);
  assert.equal(parseNumber('5.7 × 10⁻¹⁴'), 5.7e-14);
  assert.equal(powerOfTen(9), '10⁹');
  assert.ok(Number.isNaN(parseNumber('')) && Number.isNaN(parseNumber('  ')), 'nothing is not 0');
});

test('posenc/charts exports the one formatter the charts use', () => {
  assert.equal(charts.number, number);
  assert.equal(charts.parseNumber, parseNumber);
});

test('significant: the reader form, or the exact shortest form on request', () => {
  assert.equal(significant(Math.sin(1)), '0.841471');
  assert.equal(significant(Math.sin(1), true), String(Math.sin(1)));
  assert.equal(significant(249.10209782736), '249.102');
  assert.equal(significant(1e-9 / 3), '3.33 × 10⁻¹⁰');
  assert.equal(significant(-0.5), '−0.5');
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

test('fixed, decimalsFor, precise: one count of decimals per column, in number()\'s form', () => {
  assert.deepEqual([0.841470985, 0.99995, 0, -0.416146837].map((x) => fixed(x, 5)), ['0.84147', '0.99995', '0.00000', '−0.41615']);
  assert.equal(fixed(-0.000001, 3), '0.000', 'no minus sign on a rounded zero');
  assert.equal(fixed(60611.4772, 2), '60,611.48');
  assert.equal(fixed(4096.5, 1), '4096.5', 'four digits keep no comma');
  assert.equal(fixed(1e22, 2), number(1e22), 'no e-notation from toFixed');
  assert.equal(decimalsFor([1, 100, 3162.3], 6), 2);
  assert.equal(decimalsFor([0, 0]), 0);
  assert.equal(decimalsFor([NaN, 0.0894, 0], 4), 5);
  assert.deepEqual([249.1020978, 60611.477, 2 * Math.PI].map((x) => precise(x, 6)), ['249.102', '60,611.5', '6.28319']);
  assert.equal(precise(249.1021, 8), '249.10210', 'trailing zeros kept');
});

test('agreement: equal, equal up to rounding (its order), or a difference', () => {
  assert.equal(agreement(1.5, 1.5), 'equal');
  assert.equal(agreement(249.10209782736297, 249.10209782736297 + 5.7e-14), 'equal up to rounding, ~10⁻¹⁴');
  assert.equal(agreement(1, 1 + 2.2e-16), 'equal up to rounding, ~10⁻¹⁶');
  assert.equal(agreement(249.102, 249.128), 'differ by 0.026');
});

test('fraction: a power of one half as the fraction prose writes (ALiBi\'s slopes), any other number as number()', () => {
  assert.deepEqual([0.5, 1 / 256, 2 ** -16, 2 ** -17, 2 ** -1074].map((v) => fraction(v)), ['1/2', '1/256', '1/65,536', '1/2¹⁷', '1/2¹⁰⁷⁴']);
  // Not a power of one half: number()'s form, with its digits.
  assert.deepEqual([2 ** -0.5, 0.83984375, 1, 0, -0.5, 3 / 256, NaN].map((v) => fraction(v)), ['0.707107', '0.839844', '1', '0', '−0.5', '0.0117188', 'NaN']);
  assert.equal(fraction(2 ** -0.5, 3), '0.707');
  // What the slopes of 8 heads read as, the text's "1/2, 1/4, … 1/256".
  assert.equal(Array.from({ length: 8 }, (_, h) => fraction(2 ** (-(h + 1)))).join(', '), '1/2, 1/4, 1/8, 1/16, 1/32, 1/64, 1/128, 1/256');
});
