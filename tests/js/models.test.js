// js/story/models.js is generated from the real configs of tests/fixtures/configs: it must be what
// scripts/models.js prints now, and every model in it reads without an error.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init } from 'posenc';
import { FAMILY_MODULE, familyModule, MODULE, modelsModule, VISION_MODULE, visionModule } from '../../scripts/models.js';
import { MODELS } from '../../js/story/models.js';
import { FAMILY_MODELS } from '../../js/story/family-models.js';
import { VISION_MODELS } from '../../js/story/vision-models.js';

const pe = await init();

test('js/story/models.js, family-models.js and vision-models.js are generated from tests/fixtures/configs (run node scripts/models.js)', () => {
  assert.equal(readFileSync(MODULE, 'utf8'), modelsModule());
  assert.equal(readFileSync(FAMILY_MODULE, 'utf8'), familyModule());
  assert.equal(readFileSync(VISION_MODULE, 'utf8'), visionModule());
});

test('every model of the grid view\'s menu has M-RoPE (mrope_section [16, 24, 24]) and gives position ids, with its source cited', () => {
  assert.deepEqual(Object.keys(VISION_MODELS), ['qwen2-vl-7b-instruct', 'qwen2.5-vl-7b-instruct']);
  for (const [key, { source, config }] of Object.entries(VISION_MODELS)) {
    assert.match(source, /[0-9a-f]{40}|https:\/\//, `${key}: a commit or a URL`);
    assert.deepEqual(pe.ropeFromConfig(config).mropeSection, [16, 24, 24], key);
    // text 2, an image of 1 × 4 × 6 patches (2 × 3 tokens after the 2 × 2 merge), text 1.
    const { positions: [t, h, w] } = pe.mropePositions(config, [{ text: 2 }, { image: [1, 4, 6] }, { text: 1 }]);
    assert.deepEqual([Array.from(t), Array.from(h), Array.from(w)],
      [[0, 1, 2, 2, 2, 2, 2, 2, 5], [0, 1, 2, 2, 2, 3, 3, 3, 5], [0, 1, 2, 3, 4, 2, 3, 4, 5]], key);
  }
});

test('every model of the later-models menu reads as the relative family, with its source cited', () => {
  const kinds = Object.values(FAMILY_MODELS).map(({ name, source, config }) => {
    assert.match(source, /[0-9a-f]{40}|https:\/\//, `${name}: a commit or a URL`);
    return pe.positionScheme(config).kind;
  });
  assert.deepEqual(kinds, ['alibi', 'alibi', 'alibi', 'alibi', 'relative-buckets', 'relative-buckets', 'relative-buckets', 'learned', 'learned', 'learned', 'sinusoidal']);
});

test('every model of the menu reads, with its source cited', () => {
  assert.ok(Object.keys(MODELS).length >= 20);
  for (const [key, { name, source, config }] of Object.entries(MODELS)) {
    assert.match(source, /[0-9a-f]{40}|https:\/\//, `${key}: a commit or a URL`);
    const read = pe.ropeFromConfig(config);
    assert.ok(read.frequencies.length === read.rotaryDims / 2 && read.frequencies.every((f) => f > 0 && Number.isFinite(f)), name);
  }
});
