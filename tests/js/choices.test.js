// The choice lists of js/choices.js are the only ones: the API accepts exactly them, the binding
// has an enum value for each (a call with every choice works), the widgets' rules offer them, and
// index.d.ts spells the same strings.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init } from 'posenc';
import { CHOICES, GRID_CONVENTIONS } from '../../js/choices.js';
import { SCHEME, SPACING } from '../../js/charts/kit/params.js';

const pe = await init();

test('every choice reaches the binding and gives its own numbers; anything else is refused naming the option', () => {
  const seen = new Set();
  for (const spacing of CHOICES.spacing) for (const layout of CHOICES.layout) for (const order of CHOICES.order) {
    const { data } = pe.encoding(3, 8, { spacing, layout, order, dtype: 'float64' });
    seen.add(Array.from(data).join());
  }
  assert.equal(seen.size, 8, 'the 8 combinations give 8 different encodings');
  for (const dtype of CHOICES.dtype) assert.equal(pe.encoding(2, 4, { dtype }).data.constructor.name, `${dtype[0].toUpperCase()}${dtype.slice(1)}Array`);
  const [a, b] = CHOICES.method.map((method) => pe.dotMatrix(5, 8, { method, dtype: 'float64' }).data);
  for (let i = 0; i < a.length; i++) assert.ok(Math.abs(a[i] - b[i]) < 1e-12);
  for (const key of Object.keys(CHOICES))
    assert.throws(() => (key === 'method' ? pe.dotMatrix(2, 4, { method: 'nope' }) : pe.encoding(2, 4, { [key]: 'nope' })), { name: 'RangeError', message: new RegExp(`^${key} must be '${CHOICES[key][0]}'`) });
});

test('the widgets offer the same lists', () => {
  assert.equal(SPACING.choices, CHOICES.spacing);
  assert.equal(SCHEME.layout.choices, CHOICES.layout);
});

test('index.d.ts spells every list as its type', () => {
  const types = readFileSync(new URL('../../js/index.d.ts', import.meta.url), 'utf8');
  for (const [key, name] of Object.entries({ spacing: 'Spacing', layout: 'Layout', order: 'Order', dtype: 'DType', method: 'Method' })) {
    const [, union] = types.match(new RegExp(`export type ${name} = ([^;]+);`)) ?? [];
    assert.deepEqual(union?.split('|').map((s) => s.trim().replace(/'/g, '')), [...CHOICES[key]], name);
  }
});

test("the grids' conventions: each reaches the binding with numbers of its own, others are refused, index.d.ts spells them", () => {
  const tables = GRID_CONVENTIONS.encoding2d.map((convention) => Array.from(pe.encoding2d(2, 3, 8, { convention }).data).join());
  assert.equal(new Set(tables).size, GRID_CONVENTIONS.encoding2d.length);
  for (const convention of GRID_CONVENTIONS.encoding3d) assert.equal(pe.encoding3d(2, 2, 3, 16, { convention }).rows, 12);
  assert.throws(() => pe.dotMatrix2d(2, 2, 8, { convention: 'nope' }), { name: 'RangeError', message: /^convention must be 'mae' or 'diffusers'/ });
  const types = readFileSync(new URL('../../js/index.d.ts', import.meta.url), 'utf8');
  for (const [name, list] of [['GridConvention', GRID_CONVENTIONS.encoding2d], ['VideoConvention', GRID_CONVENTIONS.encoding3d]]) {
    const [, union] = types.match(new RegExp(`export type ${name} = ([^;]+);`)) ?? [];
    assert.deepEqual(union?.split('|').map((s) => s.trim().replace(/'/g, '')), [...list], name);
  }
});
