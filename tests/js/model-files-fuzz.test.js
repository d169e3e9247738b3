// Seeded fuzz of the model-file readers: every fixture of tests/fixtures/model-files, damaged at
// random (bytes flipped or set to 0x00/0xff, a 64-bit field made huge, cut short, a chunk copied
// elsewhere), read with and without a config. Each read must end in a report, a ModelFileError
// naming a field and byte offset, or a TypeError saying what the file is not: never another
// error, never a hang. SEED=n reruns another seed, ROUNDS=n more rounds (npm run fuzz -- files).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { init } from 'posenc';
import { random, seedFrom } from '../random.js';

const pe = await init();
const seed = seedFrom(process.env, 48);
const rounds = Number(process.env.ROUNDS ?? 60);
const DIR = new URL('../fixtures/model-files/', import.meta.url);
const files = readdirSync(DIR).filter((f) => /\.(gguf|safetensors|npy)$/.test(f)).sort();
const config = JSON.parse(readFileSync(new URL('../fixtures/configs/llama-3.1-8b.json', import.meta.url), 'utf8'));

function damage(bytes, rng) {
  let b = bytes.slice();
  const edits = 1 + rng.int(4), log = [];
  for (let e = 0; e < edits; e++) {
    const at = rng.int(Math.max(1, b.length));
    switch (rng.int(6)) {
      case 0: b[at] ^= 1 << rng.int(8); log.push(`flip ${at}`); break;
      case 1: b[at] = rng.pick([0, 0xff, 0x7f, 0x80]); log.push(`set ${at}`); break;
      case 2: if (at + 8 <= b.length) { new DataView(b.buffer).setBigUint64(at, 1n << BigInt(rng.int(64)), rng.chance(0.5)); log.push(`u64 ${at}`); } break;
      case 3: b = b.subarray(0, at); log.push(`cut ${at}`); break;
      case 4: { const n = 1 + rng.int(16), to = rng.int(Math.max(1, b.length - n)); b.copyWithin(to, at, at + n); log.push(`copy ${at}→${to}`); break; }
      default: { const n = 1 + rng.int(8); const out = new Uint8Array(b.length + n); out.set(b.subarray(0, at)); out.set(b.subarray(at), at + n); b = out; log.push(`insert ${at}`); }
    }
  }
  return [b, log.join(', ')];
}

test(`${files.length} model files, ${rounds} damaged copies each (seed ${seed}): a report or a clear error, nothing else`, async () => {
  const rng = random(seed);
  const outcomes = { report: 0, ModelFileError: 0, TypeError: 0 };
  for (const file of files) {
    const bytes = new Uint8Array(readFileSync(new URL(file, DIR)));
    for (let round = 0; round < rounds; round++) {
      const [damaged, how] = damage(bytes, rng);
      for (const options of [undefined, { config }]) {
        try {
          const report = await pe.inspectModelFile(damaged, options);
          assert.ok(['gguf', 'safetensors', 'npy'].includes(report.format));
          assert.ok(report.bytesRead <= report.fileBytes);
          outcomes.report++;
        } catch (error) {
          const where = `seed ${seed}, ${file} round ${round} (${how})${options ? ' with config' : ''}`;
          if (error?.name === 'ModelFileError') {
            assert.match(error.message, /^(GGUF|safetensors|\.npy): .+ at byte \d+: /, where);
            assert.ok(error.offset <= damaged.length, `${where}: offset ${error.offset}`);
          } else if (error instanceof TypeError) {
            assert.match(error.message, /not a GGUF, safetensors or \.npy file|posenc reads/, `${where}: ${error.stack}`);
          } else {
            assert.fail(`${where}: ${error?.stack ?? error}`);
          }
          outcomes[error.name === 'ModelFileError' ? 'ModelFileError' : 'TypeError']++;
        }
      }
    }
  }
  console.log(`outcomes: ${JSON.stringify(outcomes)}`);
  assert.ok(outcomes.report > 0 && outcomes.ModelFileError > 0);
});
