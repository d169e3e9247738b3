// npm run bench, model files: pe.inspectModelFile on a GGUF of Llama 3.1 8B Q4_K_M's size and
// layout (4.8 GiB: its keys, a 128,256-token tokenizer with types and 280,147 merges, 292 tensor
// infos with their Q4_K/Q6_K sizes past 2³² bytes, rope_freqs; the weights a hole in a sparse file). Reports the bytes read and the time
// (median of 7, warm; and a fresh process's first call). Writes bench/model-files-results.json.
// Usage: node bench/model-files.js
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync, ftruncateSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { init } from '../js/node.js';
import { gguf, f32 } from '../tests/js/model-file-bytes.js';

const pe = await init();

// Tokens of about a real vocabulary's length (3–12 bytes), merges "a b".
const token = (i) => `tok${i.toString(36)}${'x'.repeat(i % 7)}`;
const tokens = Array.from({ length: 128256 }, (_, i) => token(i));
const merges = Array.from({ length: 280147 }, (_, i) => `${token(i % 5000)} ${token((i * 7) % 5000)}`);
const freqs = pe.ropeFromConfig({ model_type: 'llama', hidden_size: 4096, num_attention_heads: 32, rope_theta: 500000,
  max_position_embeddings: 131072, rope_scaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 } });
const plain = pe.ropeFrequencies(128, { base: 500000 }).frequencies;
const divisors = Array.from(plain, (p, i) => p / freqs.frequencies[i]);
// 291 tensors: token_embd, 32 blocks of 9, output_norm, output, rope_freqs (Q4_K_M-like types).
const infos = [['rope_freqs.weight', [64], 0]];
infos.push(['token_embd.weight', [4096, 128256], 12]);
for (let b = 0; b < 32; b++)
  for (const [name, ne, type] of [['attn_q', [4096, 4096], 12], ['attn_k', [4096, 1024], 12], ['attn_v', [4096, 1024], 14], ['attn_output', [4096, 4096], 12],
    ['ffn_gate', [4096, 14336], 12], ['ffn_up', [4096, 14336], 12], ['ffn_down', [14336, 4096], 14], ['attn_norm', [4096], 0], ['ffn_norm', [4096], 0]])
    infos.push([`blk.${b}.${name}.weight`, ne, type]);
infos.push(['output_norm.weight', [4096], 0], ['output.weight', [4096, 128256], 14]);
const BLOCK = { 0: [1, 4], 12: [256, 144], 14: [256, 210] };
let offset = 0;
const tensors = infos.map(([name, ne, type]) => {
  const [block, bytes] = BLOCK[type];
  const t = [name, ne, type, offset];
  offset += Math.ceil((ne.reduce((a, b) => a * b, 1) / block * bytes) / 32) * 32;
  return t;
});
const head = gguf({
  kv: [['general.architecture', 8, 'llama'], ['general.name', 8, 'Meta Llama 3.1 8B Instruct'], ['llama.block_count', 4, 32],
    ['llama.context_length', 4, 131072], ['llama.embedding_length', 4, 4096], ['llama.feed_forward_length', 4, 14336],
    ['llama.attention.head_count', 4, 32], ['llama.attention.head_count_kv', 4, 8], ['llama.rope.freq_base', 6, 500000],
    ['llama.attention.layer_norm_rms_epsilon', 6, 1e-5], ['llama.rope.dimension_count', 4, 128], ['general.file_type', 4, 15],
    ['tokenizer.ggml.model', 8, 'gpt2'], ['tokenizer.ggml.tokens', 9, [8, tokens]],
    ['tokenizer.ggml.token_type', 9, [5, tokens.map(() => 1)]], ['tokenizer.ggml.merges', 9, [8, merges]],
    ['tokenizer.ggml.bos_token_id', 4, 128000], ['tokenizer.chat_template', 8, '{% for m in messages %}{{ m.content }}{% endfor %}']],
  tensors, data: f32(divisors),
});
const SIZE = head.length - 256 + offset;  // the data start, then every tensor
console.log(`the file: ${(head.length / 2 ** 20).toFixed(1)} MiB of header and rope_freqs, ${(SIZE / 2 ** 30).toFixed(2)} GiB in all (sparse), ${tensors.length} tensors`);

const dir = mkdtempSync(join(tmpdir(), 'posenc-bench-'));
try {
  const file = join(dir, 'llama-3.1-8b-q4_k_m.gguf');
  const fd = openSync(file, 'w');
  writeSync(fd, head);
  ftruncateSync(fd, Math.max(SIZE, head.length));
  closeSync(fd);
  const times = [];
  let report;
  for (let i = 0; i < 8; i++) {
    const t0 = performance.now();
    report = await pe.inspectModelFile(file);
    if (i > 0) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  if (report.findings.length || report.rope.scaling.frequencyFactors?.length !== 64) throw new Error(`unexpected report: ${JSON.stringify(report.findings)}`);
  // A fresh process: module load, init and the first call.
  const cold = spawnSync(process.execPath, ['--input-type=module', '-e', `
    const t0 = performance.now();
    const { init } = await import(${JSON.stringify(new URL('../js/node.js', import.meta.url).href)});
    const pe = await init();
    const r = await pe.inspectModelFile(${JSON.stringify(file)});
    console.log(JSON.stringify({ ms: performance.now() - t0, bytesRead: r.bytesRead }));`], { encoding: 'utf8' });
  if (cold.status !== 0) throw new Error(cold.stderr);
  const first = JSON.parse(cold.stdout);
  const result = { fileBytes: report.fileBytes, bytesRead: report.bytesRead, headerBytes: head.length - 256, warmMedianMs: times[times.length >> 1], coldFirstCallMs: first.ms };
  console.log(`| file | bytes read | warm (median of 7) | fresh process (import, init, first call) |\n|---|---|---|---|`);
  console.log(`| Llama 3.1 8B Q4_K_M's layout | ${(result.bytesRead / 2 ** 20).toFixed(2)} MiB of ${(result.fileBytes / 2 ** 30).toFixed(2)} GiB | ${result.warmMedianMs.toFixed(0)} ms | ${result.coldFirstCallMs.toFixed(0)} ms |`);
  writeFileSync(new URL('model-files-results.json', import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), cpu: cpus()[0].model, cores: cpus().length, ...result }, null, 2)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
