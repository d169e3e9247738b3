// Results are copied out and freed before each call returns: repeated calls leave malloc's
// bytes in use and the wasm heap's size where they were after warm-up.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';

const pe = await init();
const vector = new Float64Array(512).fill(0.5);
const matrix = { rows: 64, cols: 512, data: new Float32Array(64 * 512) };
const out = new Float32Array(64 * 512);
const yarn = { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 32768 };
const positions = Array.from({ length: 64 }, (_, i) => i * 3);
// Axial and multimodal RoPE on 16 rows of 128 columns.
const head = { rows: 16, cols: 128, data: new Float32Array(16 * 128) };
const axial = [positions.slice(0, 16), positions.slice(16, 32), Float64Array.from(positions.slice(0, 16), (p) => p / 7)];
const qwen = { model_type: 'qwen2_5_vl', hidden_size: 3584, num_attention_heads: 28, rope_theta: 1e6, rope_scaling: { type: 'mrope', mrope_section: [16, 24, 24] } };
const segments = [{ text: 3 }, { image: [1, 4, 4] }, { text: 1 }, { video: [2, 2, 4] }, { text: 4 }];

// One of each function, sizes varying with i (up to ~1 MiB per result).
function round(i) {
  const n = 1 + (i % 16);
  pe.frequencies(2 * n);
  pe.periods(512);
  pe.encoding(n * 4, 512, { dtype: i % 2 ? 'float32' : 'float64' });
  pe.encode(i, 256);
  pe.rotation(i, 2 * n);
  pe.shift(vector, i);
  pe.dotKernel(n * 8, 512);
  pe.dotMatrix(n * 4, 512, { dtype: i % 2 ? 'float32' : 'float64' });
  pe.addTo(matrix, { start: i });
  pe.encoding(64, 512, { out, start: i });
  pe.ropeFrequencies(128, { scaling: yarn, rotaryDims: 2 * n });
  pe.rope(matrix, { start: i, scaling: yarn, layout: i % 2 ? 'interleaved' : 'concatenated' });
  pe.rope(matrix, { positions, dtype: 'float64', rotaryDims: 8 * n });
  pe.rope(matrix, { out, start: i });
  pe.rope(head, { positions: axial, axes: [16, 2 * n, 64], layout: i % 2 ? 'interleaved' : 'concatenated', dtype: i % 2 ? 'float32' : 'float64' });
  pe.rope(head, { config: qwen, positions: pe.mropePositions(qwen, segments).positions });
  try { pe.rope(head, { positions: axial, axes: [16, 16, 16, 16] }); } catch { /* a refused axial call */ }
  pe.encoding2d(n, n + 3, 32, i % 2 ? { clsToken: true } : { convention: 'diffusers', interpolationScale: 1.875, posEmbedMaxSize: 24, dtype: 'float64' });
  pe.encoding3d(1 + (i % 3), n, 4, 48, { spatialInterpolationScale: 1.875 });
  pe.dotMatrix2d(n, 4, 32, i % 2 ? {} : { convention: 'diffusers', interpolationScale: 1.875 });  // the JS fill, the binding's
  try { pe.dotMatrix2d(64, 65, 8); } catch { /* a refused grid */ }
  pe.encoding([i, 0.5, -i], 2 * n + 1, { convention: 'diffusers' });
  try { pe.encoding([0, NaN], 8); } catch { /* nor a refused list */ }
  try { pe.encoding(-1, 4); } catch { /* a refused call must not leak either */ }
  try { pe.rope(matrix, { positions: [1] }); } catch { /* nor this one */ }
}

// allocatedBytes is exact: one byte leaked by one call shows after one round (the heap's size
// grows only once leaks pile up, which allocatedBytes shows first). 2000 rounds go through every
// pattern of i above (period 48) about 41 times, with starts and positions moving (10,000
// before: 22 s of npm test's CPU for nothing more). Under ASan (npm run test:sanitize) a round
// takes ~30 ms: 1000 rounds there.
const ROUNDS = process.env.POSENC_SANITIZE ? 1000 : 2000;

test(`${ROUNDS} rounds of every function leak nothing`, () => {
  for (let i = 0; i < 100; i++) round(i);  // warm-up
  const before = pe.memory();
  for (let i = 0; i < ROUNDS; i++) round(i);
  const after = pe.memory();
  assert.equal(after.allocatedBytes, before.allocatedBytes, 'bytes allocated in the wasm heap');
  // ASan's quarantine holds freed blocks for a while: the heap grows for them, bounded.
  if (!process.env.POSENC_SANITIZE) assert.equal(after.heapBytes, before.heapBytes, 'size of the wasm heap');
});

test('a big call, then small ones, then one over the cap, then small ones again', () => {
  const big = pe.encoding(32768, 512);  // exactly the cap: 2^24 values
  assert.equal(big.data.length, 1 << 24);
  assert.equal(big.data[(32767 * 512)], Math.fround(Math.sin(32767)));
  assert.equal(pe.encode(1, 4)[0], Math.sin(1));
  const allocated = pe.memory().allocatedBytes;
  assert.throws(() => pe.encoding(32769, 512), RangeError);
  assert.throws(() => pe.dotMatrix(4097, 2), RangeError);
  assert.equal(pe.memory().allocatedBytes, allocated);
  assert.equal(pe.dotMatrix(4096, 8).data.length, 4096 * 4096);
  assert.equal(pe.encode(2, 4)[1], Math.cos(2));
});
