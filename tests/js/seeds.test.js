// The seeds' numbers have one source, js/story/seeds.js; the C++ tests read them from the
// generated tests/cpp/seeds.hpp, which must be what scripts/seeds-header.js prints now.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { HEADER, seedsHeader } from '../../scripts/seeds-header.js';
import { tolerance, within } from '../../js/story/seeds.js';

test('tests/cpp/seeds.hpp is generated from js/story/seeds.js (run node scripts/seeds-header.js)', () => {
  assert.equal(readFileSync(HEADER, 'utf8'), seedsHeader());
});

test('a printed number is within half a unit of its last digit, a truncated one within a whole unit', () => {
  assert.equal(tolerance('0.00999983'), 0.5e-8);
  assert.equal(tolerance('249.102'), 0.5e-3);
  assert.equal(tolerance('0.'), 0.5);
  assert.equal(tolerance('-0.9899', true), 1e-4);
  assert.ok(within(Math.cos(3), '-0.9899', true));
  assert.ok(!within(Math.cos(3), '-0.9899'));
  assert.ok(within(Math.sin(1), '0.8415') && !within(Math.sin(1), '0.8414'));
});
