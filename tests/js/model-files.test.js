// inspectModelFile on GGUF files written by llama.cpp's own GGUFWriter with what its converter
// writes for real configs (tests/fixtures/model-files, scripts/golden/model_files.py), held to
// transformers' frequencies for the same config.json (pe.ropeFromConfig), and the porting bugs
// named with their codes. Paths (Node's ranged reads), Blobs and bytes give the same report.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { tempDir } from '../temp.js';
import { gguf, f32, npy, safetensors } from './model-file-bytes.js';
import { init } from 'posenc';

const pe = await init();
const FILES = new URL('../fixtures/model-files/', import.meta.url);
const CONFIGS = new URL('../fixtures/configs/', import.meta.url);
const path = (name) => new URL(name, FILES).pathname;
const config = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, CONFIGS), 'utf8'));
const codes = (report) => report.findings.map((f) => f.code);

function close(got, want, tolerance, what) {
  assert.equal(got.length, want.length, `${what}: ${got.length} pairs, expected ${want.length}`);
  for (let i = 0; i < want.length; i++)
    assert.ok(Math.abs(got[i] - want[i]) <= tolerance * Math.abs(want[i]), `${what}[${i}]: ${got[i]} vs ${want[i]}`);
}

// Each file, its config, and what a correct conversion gives.
const GOOD = [
  ['llama-3.1-8b.gguf', 'llama-3.1-8b', { architecture: 'llama', ropeType: 'NORM', layout: 'interleaved', base: 500000, rotaryDims: 128, kind: 'none' }],
  ['phi-3-mini-128k-instruct.gguf', 'phi-3-mini-128k-instruct', { architecture: 'phi3', ropeType: 'NEOX', layout: 'concatenated', base: 10000, rotaryDims: 96, kind: 'longrope' }],
  ['qwen2.5-72b-yarn.gguf', 'qwen2.5-72b-yarn', { architecture: 'qwen2', ropeType: 'NEOX', layout: 'concatenated', base: 1e6, rotaryDims: 128, kind: 'yarn' }],
  ['gemma-3-4b-it.gguf', 'gemma-3-4b-it', { architecture: 'gemma3', ropeType: 'NEOX', layout: 'concatenated', base: 1e6, rotaryDims: 256, kind: 'linear' }],
  ['qwen2-vl-7b-instruct.gguf', 'qwen2-vl-7b-instruct', { architecture: 'qwen2vl', ropeType: 'MROPE', layout: 'concatenated', base: 1e6, rotaryDims: 128, kind: 'none' }],
  ['qwen3-vl-4b-instruct.gguf', 'qwen3-vl-4b-instruct', { architecture: 'qwen3vl', ropeType: 'IMROPE', layout: 'concatenated', base: 5e6, rotaryDims: 128, kind: 'none' }],
];

for (const [file, name, want] of GOOD) {
  test(`${file}: what llama.cpp will turn by, equal to transformers' for ${name}.json`, async () => {
    const report = await pe.inspectModelFile(path(file), { config: config(name) });
    assert.deepEqual(codes(report), [], report.findings.map((f) => f.message).join('\n'));
    assert.equal(report.format, 'gguf');
    assert.equal(report.version, 3);
    assert.equal(report.architecture, want.architecture);
    const { rope } = report;
    assert.deepEqual({ ropeType: rope.ropeType, layout: rope.layout, base: rope.base, rotaryDims: rope.rotaryDims, kind: rope.scaling.kind },
      { ropeType: want.ropeType, layout: want.layout, base: want.base, rotaryDims: want.rotaryDims, kind: want.kind });
    // float32 in the file (base, factors): within a few float32 steps of transformers' float64
    close(rope.frequencies, report.reference.frequencies, 1e-6, file);
    assert.ok(report.bytesRead <= report.fileBytes);
  });
}

test('Llama 3.1: rope_freqs holds the llama3 divisors, pair by pair', async () => {
  const report = await pe.inspectModelFile(path('llama-3.1-8b.gguf'));
  assert.deepEqual(codes(report), []);
  const divisors = report.rope.scaling.frequencyFactors;
  const ref = pe.ropeFromConfig(config('llama-3.1-8b'));
  const plain = pe.ropeFrequencies(128, { base: 500000 }).frequencies;
  close(divisors, Array.from(plain, (f, i) => f / ref.frequencies[i]), 1e-6, 'rope_freqs');
  assert.deepEqual([divisors[0], divisors[28], divisors[35], divisors[63]], [1, 1, 8, 8]);
  assert.deepEqual(report.tensors, [{ name: 'rope_freqs.weight', dtype: 'F32', shape: [64], role: 'rope-frequency-factors' }]);
});

test('big-endian GGUF: the same report', async () => {
  const little = await pe.inspectModelFile(path('llama-3.1-8b.gguf'));
  const big = await pe.inspectModelFile(path('llama-3.1-8b-big-endian.gguf'));
  assert.equal(big.littleEndian, false);
  assert.deepEqual({ ...big, littleEndian: true }, little);
});

test('a path, a Blob and bytes give one report', async () => {
  const bytes = readFileSync(path('phi-3-mini-128k-instruct.gguf'));
  const reports = [await pe.inspectModelFile(path('phi-3-mini-128k-instruct.gguf')),
    await pe.inspectModelFile(new Blob([bytes])), await pe.inspectModelFile(new Uint8Array(bytes)),
    await pe.inspectModelFile(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length))];
  for (const r of reports.slice(1)) assert.deepEqual(r, reports[0]);
});

test('the porting bugs, each named with its code and what the file and config say', async () => {
  const missing = await pe.inspectModelFile(path('llama-3.1-8b-no-rope-freqs.gguf'), { config: config('llama-3.1-8b') });
  assert.deepEqual(codes(missing), ['rope-freqs-missing']);
  assert.match(missing.findings[0].message, /rope_freqs\.weight is missing: config\.json's rope_scaling is llama3 \(factor 8\)/);
  // without a config: Llama 3.1's base and context tell it
  assert.deepEqual(codes(await pe.inspectModelFile(path('llama-3.1-8b-no-rope-freqs.gguf'))), ['rope-freqs-missing']);

  const stale = await pe.inspectModelFile(path('llama-3.1-8b-factor-32-freqs.gguf'), { config: config('llama-3.1-8b') });
  assert.deepEqual(codes(stale), ['rope-freqs-differ']);
  assert.match(stale.findings[0].message, /at 35 of 64 pairs, first pair 29: 1\.23\d+ instead of 1\.207\d+/);

  const gemma = await pe.inspectModelFile(path('gemma-3-1b-it-factor-8.gguf'), { config: config('gemma-3-1b-it') });
  assert.deepEqual(codes(gemma), ['factor-differs']);
  assert.match(gemma.findings[0].message, /gemma3\.rope\.scaling\.factor is 8; config\.json's rope_scaling factor is none \(1\)/);

  // the right file against the wrong config: Llama 3.1 8B's file is not Llama 3.2 3B's (head_dim 128 both, factor 32)
  const other = await pe.inspectModelFile(path('llama-3.1-8b.gguf'), { config: config('llama-3.2-3b-instruct') });
  assert.deepEqual(codes(other), ['rope-freqs-differ']);
  assert.match(other.findings[0].message, /factor 32, low 1, high 4, original 8192\) at 35 of 64 pairs, first pair 29: 1\.207484 instead of 1\.234937/);
  // and a config with dynamic scaling, which no GGUF holds: a warning, the same frequencies
  const dynamic = { ...config('llama-2-7b'), rope_scaling: { type: 'dynamic', factor: 2 } };
  const plain = await pe.inspectModelFile(path('llama-3.1-8b-inv-freq-base-10000.npy'));
  assert.equal(plain.numbers[0].identified.convention, 'default');
  const llama2 = gguf({ kv: [['general.architecture', 8, 'llama'], ['llama.embedding_length', 4, 4096], ['llama.attention.head_count', 4, 32], ['llama.context_length', 4, 4096]] });
  const dyn = await pe.inspectModelFile(llama2, { config: dynamic });
  assert.deepEqual(dyn.findings.map((f) => [f.code, f.severity]), [['factor-differs', 'warning']]);
  // a YaRN file read against the same model without YaRN
  const qwen = config('qwen2.5-72b-yarn');
  delete qwen.rope_scaling;
  assert.deepEqual(codes(await pe.inspectModelFile(path('qwen2.5-72b-yarn.gguf'), { config: qwen })), ['factor-differs', 'yarn-differs']);
});

test('LongRoPE: the long factors past the original context, the short ones below', async () => {
  const phi = await pe.inspectModelFile(path('phi-3-mini-128k-instruct.gguf'));
  const { long_factor: long, short_factor: short } = config('phi-3-mini-128k-instruct').rope_scaling;
  const plain = pe.ropeFrequencies(96).frequencies;
  close(phi.rope.frequencies, Array.from(plain, (f, i) => f / Math.fround(long[i])), 1e-12, 'long');
  close(phi.rope.shortFrequencies, Array.from(plain, (f, i) => f / Math.fround(short[i])), 1e-12, 'short');
});

test('a GGUF with a learned position table: absolute positions, the table read, no RoPE', async () => {
  // GPT-2-shaped: 64 positions × 16, learned (a smooth random stand-in); and BERT with the same table
  let seed = 7;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) - 0.5;
  const table = new Float32Array(64 * 16).map((_, k) => Math.sin((k >> 4) * (0.1 + (k % 16) * 0.37)) * 0.1 + 0.02 * rnd());
  for (const arch of ['gpt2', 'bert']) {
    const bytes = gguf({ kv: [['general.architecture', 8, arch], [`${arch}.context_length`, 4, 64], [`${arch}.embedding_length`, 4, 16], [`${arch}.attention.head_count`, 4, 2]],
      tensors: [['position_embd.weight', [16, 64], 0, 0]], data: new Uint8Array(table.buffer) });
    const report = await pe.inspectModelFile(bytes);
    assert.equal(report.rope, undefined, arch);
    assert.equal(report.numbers[0].kind, 'table', arch);
    assert.deepEqual([report.numbers[0].rows, report.numbers[0].cols], [64, 16]);
    assert.ok(report.numbers[0].toeplitz.distance > 0.01, String(report.numbers[0].toeplitz.distance));
  }
});

test('identification says when nothing matches, and finds bases that are not round', async () => {
  const { identifyFrequencies } = await import('../../js/files/identify.js');
  const junk = Float64Array.from({ length: 32 }, (_, i) => Math.exp(-i / 5) * (1 + 0.5 * Math.sin(7 * i)));
  const id = identifyFrequencies(pe, junk);
  assert.equal(id.convention, 'per-pair');
  assert.equal(id.matches, false);
  assert.match(id.note, /no named rescaling reproduces these frequencies/);
  for (const base of [123456, 987654, 1234567]) {
    const f = Float32Array.from(pe.ropeFrequencies(128, { base }).frequencies);
    const found = identifyFrequencies(pe, f);
    assert.deepEqual([found.convention, found.base, found.matches], ['default', base, true], String(base));
  }
});

test('Gemma 3: the sliding layers\' base, and M-RoPE sections of Qwen2-VL', async () => {
  const gemma = await pe.inspectModelFile(path('gemma-3-4b-it.gguf'));
  assert.deepEqual({ base: gemma.rope.sliding.base, window: gemma.rope.slidingWindow }, { base: 10000, window: 1024 });
  close(gemma.rope.sliding.frequencies, pe.ropeFromConfig(config('gemma-3-4b-it'), { layerType: 'sliding_attention' }).frequencies, 1e-12, 'sliding');
  const qwen = await pe.inspectModelFile(path('qwen2-vl-7b-instruct.gguf'));
  assert.deepEqual(qwen.rope.sections, [16, 24, 24, 0]);
});

// Which layers slide: the GGUF's pattern (a bool per layer, or a period), else llama.cpp's
// default for the architecture; compared with config.json's layer_types.
test('layers: the file\'s sliding pattern or llama.cpp\'s default, against config.json', async () => {
  const kinds = (report) => report.rope.layers.map((k) => (k === 'sliding_attention' ? 's' : 'f')).join('');
  const gemma = await pe.inspectModelFile(path('gemma-3-4b-it.gguf'));
  assert.equal(kinds(gemma), 'sssssf'.repeat(5) + 'ssss');  // 34 layers: llama.cpp's set_swa_pattern(6)
  assert.match(gemma.rope.layersFrom, /default for gemma3/);
  assert.deepEqual(gemma.rope.layers, pe.ropeFromConfig(config('gemma-3-4b-it')).layers);
  // The config's pattern moved (every 4th full): named, with both patterns.
  const moved = { ...config('gemma-3-4b-it') };
  moved.text_config = { ...moved.text_config, sliding_window_pattern: 4 };
  const differs = await pe.inspectModelFile(path('gemma-3-4b-it.gguf'), { config: moved });
  assert.deepEqual(codes(differs), ['layers-differ']);
  assert.match(differs.findings[0].message, /gives 29 of 34 sliding, full at 5, 11, 17, 23, 29; config\.json's layers: 26 of 34 sliding, full at 3, 7, 11, 15, 19, 23, …/);

  const base = [['general.architecture', 8, 'gemma2'], ['gemma2.block_count', 4, 6], ['gemma2.attention.head_count', 4, 8],
    ['gemma2.embedding_length', 4, 2048], ['gemma2.rope.freq_base', 6, 10000], ['gemma2.attention.sliding_window', 4, 4096]];
  const file = (kv) => pe.inspectModelFile(gguf({ kv: [...base, ...kv] }));
  assert.equal(kinds(await file([])), 'sfsfsf');  // gemma2's default period 2
  const bools = await file([['gemma2.attention.sliding_window_pattern', 9, [7, [true, true, false, true, true, false]]]]);
  assert.equal(kinds(bools), 'ssfssf');
  assert.equal(bools.rope.layersFrom, 'gemma2.attention.sliding_window_pattern');
  assert.equal(kinds(await file([['gemma2.attention.sliding_window_pattern', 4, 3]])), 'ssfssf');
  assert.equal(kinds(await file([['gemma2.attention.sliding_window_pattern', 4, 0]])), 'ssssss');
  await assert.rejects(file([['gemma2.attention.sliding_window_pattern', 9, [7, [true, false]]]]),
    /gemma2\.attention\.sliding_window_pattern.*holds 2 values; block_count is 6, one bool per layer/);
  await assert.rejects(file([['gemma2.attention.sliding_window_pattern', 9, [4, [1, 0, 1, 1, 0, 1]]]]),
    /sliding_window_pattern at byte \d+: holds 6 values, not all bools; block_count is 6, one bool per layer/);
  // An architecture without a sliding pattern: no layers claimed.
  assert.equal((await pe.inspectModelFile(path('llama-3.1-8b.gguf'))).rope.layers, undefined);
});

test('posenc inspect prints the report (or its JSON) and exits 1 on an error finding, 2 on a usage error', () => {
  const cli = (...args) => spawnSync(process.execPath, [new URL('../../js/cli.js', import.meta.url).pathname, 'inspect', ...args], { encoding: 'utf8' });
  const good = cli(path('llama-3.1-8b.gguf'), '--config', new URL('llama-3.1-8b.json', CONFIGS).pathname);
  assert.equal(good.status, 0, good.stderr);
  assert.match(good.stdout, /GGUF v3, architecture llama; 992 of 992 bytes read\nRoPE: NORM, pairs \(2i, 2i \+ 1\): interleaved; base 500,000; 128 of 128 dimensions turn; context 131,072\n/);
  assert.match(good.stdout, /rope_freqs divisors 1 … 8/);
  assert.match(good.stdout, /findings: none\n$/);
  const bad = cli(path('gemma-3-1b-it-factor-8.gguf'), '--config', new URL('gemma-3-1b-it.json', CONFIGS).pathname);
  assert.equal(bad.status, 1);
  assert.match(bad.stdout, /  error factor-differs: gemma3\.rope\.scaling\.factor is 8; config\.json's rope_scaling factor is none \(1\)\n/);
  const json = cli(path('qwen2-vl-7b-instruct.gguf'), '--json');
  assert.equal(json.status, 0);
  const parsed = JSON.parse(json.stdout);
  assert.deepEqual(parsed.rope.sections, [16, 24, 24, 0]);
  assert.equal(parsed.rope.frequencies.length, 64);
  for (const [args, message] of [[['missing.gguf'], /inspect: missing\.gguf: no such file/], [[], /inspect: one model file/],
    [[path('llama-3.1-8b.gguf'), '--config', 'missing.json'], /--config missing\.json: no such file/]]) {
    const r = cli(...args);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, message);
  }
  const damaged = cli(new URL('../fixtures/configs/llama-3.1-8b.json', import.meta.url).pathname);
  assert.equal(damaged.status, 1);
  assert.match(damaged.stderr, /posenc: .*llama-3\.1-8b\.json: not a GGUF, safetensors or \.npy file \(it starts 7b 0a/);
});

// .npy dumps (np.save) and safetensors checkpoints: what their numbers are, found from the numbers.
const identified = async (file, options) => (await pe.inspectModelFile(path(file), options)).numbers[0];

test('inv_freq dumps: each rescaling told from the numbers, with its parameters', async () => {
  const want = {
    'llama-2-7b-inv-freq.npy': { convention: 'default', base: 10000, rotaryDims: 128 },
    'llama-3.1-8b-inv-freq.npy': { convention: 'llama3', base: 500000, rotaryDims: 128, factor: 8, originalContext: 8192, lowFreqFactor: 1, highFreqFactor: 4 },
    'gemma-3-4b-it-inv-freq.npy': { convention: 'linear', base: 1e6, rotaryDims: 256, factor: 8 },
    'qwen2.5-72b-yarn-inv-freq.npy': { convention: 'yarn', base: 1e6, rotaryDims: 128, factor: 4, originalContext: 32768, betaFast: 32, betaSlow: 1 },
  };
  for (const [file, expected] of Object.entries(want)) {
    const item = await identified(file);
    assert.equal(item.kind, 'frequencies', file);
    const { identified: id } = item;
    assert.ok(id.matches && id.maxRelativeError < 2e-7, `${file}: ${id.maxRelativeError}`);
    for (const [key, value] of Object.entries(expected)) assert.equal(id[key], value, `${file}: ${key}`);
  }
  // Dynamic NTK after a forward pass of 262,144 positions: plain frequencies with a larger base,
  // b·(2·262144/131072 − 1)^(128/126); with its config, the length found and the frequencies
  // compared with transformers' at that length (no finding); a port that kept the base, named.
  const dynamic = await identified('qwen2-dynamic-inv-freq-262144.npy');
  assert.equal(dynamic.identified.convention, 'default');
  assert.ok(Math.abs(dynamic.identified.base / (1e6 * 3 ** (128 / 126)) - 1) < 2e-6, `base ${dynamic.identified.base}`);  // float32 values, base rounded
  const dynamicConfig = config('edge/qwen2-dynamic');
  const withConfig = await pe.inspectModelFile(path('qwen2-dynamic-inv-freq-262144.npy'), { config: dynamicConfig });
  assert.deepEqual(codes(withConfig), []);
  assert.equal(withConfig.numbers[0].length, 262144);
  assert.match(withConfig.reference.source, /dynamic at sequence length 262,144\)$/);
  close(withConfig.reference.frequencies, pe.ropeFromConfig(dynamicConfig, { length: 262144 }).frequencies, 0, 'reference');
  const kept = await pe.inspectModelFile(path('llama-2-7b-inv-freq.npy'), { config: { ...dynamicConfig, rope_theta: 10000 } });
  assert.deepEqual(codes(kept), [], 'a dump at the original base is transformers\' before any long pass');
  // LongRoPE: a divisor per pair, which are Phi-3.5's short factors over base 10,000
  const phi = (await identified('phi-3.5-mini-instruct-inv-freq.npy')).identified;
  assert.equal(phi.convention, 'per-pair');
  assert.equal(phi.base, 10000);
  close(phi.divisors, config('phi-3.5-mini-instruct').rope_scaling.short_factor, 1e-6, 'divisors');
});

test('.npy versions 2.0 and 3.0, float64 big-endian, Fortran order: the same numbers', async () => {
  const v1 = await identified('llama-3.1-8b-inv-freq.npy');
  for (const file of ['llama-3.1-8b-inv-freq-v2.npy', 'llama-3.1-8b-inv-freq-v3.npy', 'llama-3.1-8b-inv-freq-f64-big-endian.npy']) {
    const item = await identified(file);
    assert.deepEqual({ ...item.identified, maxRelativeError: 0, maxAbsError: 0 }, { ...v1.identified, maxRelativeError: 0, maxAbsError: 0 }, file);
  }
  assert.ok((await identified('llama-3.1-8b-inv-freq-f64-big-endian.npy')).identified.maxRelativeError < 1e-12);
  const whisper = await identified('whisper-sinusoids-fortran.npy');
  assert.deepEqual({ kind: whisper.kind, rows: whisper.rows, cols: whisper.cols, convention: whisper.closest.convention, offset: whisper.closest.offset },
    { kind: 'sinusoid-table', rows: 200, cols: 64, convention: 'tensor2tensor', offset: 0 });
  assert.ok(whisper.toeplitz.distance < 1e-7);
});

test('a cos/sin cache: layout, attention factor, first position and the rescaling behind it', async () => {
  const item = await identified('qwen2.5-72b-yarn-cos-sin.npy');
  assert.equal(item.kind, 'cos-sin-cache');
  assert.equal(item.layout, 'concatenated');
  assert.equal(item.offset, 3);
  assert.ok(Math.abs(item.amplitude - (0.1 * Math.log(4) + 1)) < 1e-6, String(item.amplitude));
  assert.equal(item.identified.convention, 'yarn');
  assert.deepEqual([item.identified.factor, item.identified.originalContext], [4, 32768]);
  close(item.frequencies, pe.ropeFromConfig(config('qwen2.5-72b-yarn')).frequencies, 1e-6, 'cache frequencies');
});

test('safetensors: rotary buffers, bfloat16, sinusoid and learned tables, T5 buckets; weights listed, not read', async () => {
  const llama = await pe.inspectModelFile(path('llama-2-7b-layer.safetensors'));
  assert.deepEqual(llama.metadata, { format: 'pt' });
  assert.deepEqual(llama.tensors.map((t) => [t.name, t.dtype, t.shape, t.role]), [
    ['model.layers.0.self_attn.rotary_emb.inv_freq', 'F32', [64], 'inv-freq'], ['model.layers.0.self_attn.q_proj.weight', 'F16', [64, 64], undefined]]);
  assert.equal(llama.numbers.length, 1);
  assert.equal(llama.numbers[0].identified.convention, 'default');

  const bf16 = await pe.inspectModelFile(path('llama-2-7b-inv-freq-bf16.safetensors'));
  assert.deepEqual(codes(bf16), ['frequencies-low-precision']);
  assert.match(bf16.findings[0].message, /stored in BF16 \(8 significant bits\): against default frequencies of base 10,000 each is off by up to 0\.\d+ %, and its angle drifts a whole turn by position \d/);
  assert.equal(bf16.numbers[0].identified.base, 10000);

  const whisper = await pe.inspectModelFile(path('whisper-shaped.safetensors'));
  const [encoder, decoder] = whisper.numbers;
  assert.deepEqual([encoder.kind, encoder.closest.convention], ['sinusoid-table', 'tensor2tensor']);
  assert.equal(decoder.kind, 'table');
  assert.ok(decoder.toeplitz.distance > 0.2, String(decoder.toeplitz.distance));
  assert.deepEqual(codes(whisper), []);

  const t5 = await pe.inspectModelFile(path('t5-shaped.safetensors'));
  assert.deepEqual(t5.numbers, [{ name: 'encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight', kind: 'relative-bias', buckets: 32, heads: 8 }]);
});

test('a dump against its config: base and frequencies that differ are named', async () => {
  const report = await pe.inspectModelFile(path('llama-3.1-8b-inv-freq-base-10000.npy'), { config: config('llama-3.1-8b') });
  assert.deepEqual(codes(report), ['base-differs', 'frequencies-differ']);
  assert.match(report.findings[0].message, /array: its frequencies fall with base 10,000; config\.json's rope_theta is 500,000/);
  assert.match(report.findings[1].message, /at 63 of 64 pairs, first pair 1: /);
  assert.deepEqual(codes(await pe.inspectModelFile(path('llama-3.1-8b-inv-freq.npy'), { config: config('llama-3.1-8b') })), []);
});

test('a table nearly a sinusoid is named with its first differing row', async () => {
  // tensor2tensor's table with its first ten rows in the paper's interleaved layout (a port's slip)
  const t2t = pe.encoding(50, 16, { convention: 'tensor2tensor', dtype: 'float64' }).data;
  const paper = pe.encoding(50, 16, { convention: 'paper', dtype: 'float64' }).data;
  const mixed = Float32Array.from(t2t, (v, i) => (i < 160 ? paper[i] : v));
  const header = "{'descr': '<f4', 'fortran_order': False, 'shape': (50, 16), }";
  const { npy } = await import('./model-file-bytes.js');
  const report = await pe.inspectModelFile(npy(header, new Uint8Array(mixed.buffer)));
  assert.deepEqual(codes(report), ['table-not-sinusoidal']);
  assert.match(report.findings[0].message, /array: 40 of 50 rows are tensor2tensor's sinusoid, row 0 differs by up to 1\.\d+/);
});

test('a .npy past the first chunk is read once: bytesRead is the file\'s size', async () => {
  // 2¹⁸ + 1 float32 frequencies (1 MiB and a bit): the header's chunk, then only the rest.
  const count = 2 ** 18 + 1, values = new Float32Array(count);
  for (let i = 0; i < count; i++) values[i] = 10000 ** (-i / count);
  const file = npy(`{'descr': '<f4', 'fortran_order': False, 'shape': (${count},), }`, new Uint8Array(values.buffer));
  const report = await pe.inspectModelFile(file);
  assert.equal(report.numbers[0].kind, 'frequencies');
  assert.deepEqual(report.numbers[0].values.slice(-2), Float64Array.from(values.slice(-2)));  // the last bytes, past the chunk
  assert.equal(report.bytesRead, file.length);
});

test('the weights are never read: a 3 GiB GGUF (sparse on disk) and a 64 MiB checkpoint cost their headers', async () => {
  const dir = tempDir('model-files');
  // Llama 3.1's keys and rope_freqs, then a 3 GiB token_embd (its bytes a hole in the file).
  const file = join(dir, 'big.gguf');
  const freqs = f32(Array.from({ length: 64 }, (_, i) => (i < 29 ? 1 : 8)));
  const head = gguf({
    kv: [['general.architecture', 8, 'llama'], ['llama.rope.freq_base', 6, 500000], ['llama.embedding_length', 4, 4096],
      ['llama.attention.head_count', 4, 32], ['llama.context_length', 4, 131072]],
    tensors: [['rope_freqs.weight', [64], 0, 0], ['token_embd.weight', [4096, 196608], 0, 256]], data: freqs,
  });
  const { openSync, writeSync, ftruncateSync, closeSync } = await import('node:fs');
  const fd = openSync(file, 'w');
  writeSync(fd, head);
  ftruncateSync(fd, head.length - freqs.length + 256 + 4096 * 196608 * 4);
  closeSync(fd);
  const report = await pe.inspectModelFile(file);
  assert.equal(report.fileBytes, head.length - 256 + 256 + 3 * 2 ** 30);
  assert.ok(report.bytesRead <= 2 ** 20, `read ${report.bytesRead} bytes`);
  assert.deepEqual(report.tensors.map((t) => [t.name, t.shape]), [['rope_freqs.weight', [64]], ['token_embd.weight', [196608, 4096]]]);
  assert.equal(report.rope.scaling.frequencyFactors[63], 8);

  // A checkpoint whose header comes first and whose position buffer sits after 64 MiB of weights.
  const weights = 64 * 2 ** 20, inv = f32(pe.ropeFrequencies(128).frequencies);
  const blob = new Blob([safetensors({
    'model.embed_tokens.weight': { dtype: 'F32', shape: [weights / 4], data_offsets: [0, weights] },
    'model.layers.0.self_attn.rotary_emb.inv_freq': { dtype: 'F32', shape: [64], data_offsets: [weights, weights + 256] },
  }), new Uint8Array(weights), inv]);
  const st = await pe.inspectModelFile(blob);
  assert.equal(st.numbers[0].identified.convention, 'default');
  assert.ok(st.bytesRead <= 2 ** 20 + 256, `read ${st.bytesRead} of ${st.fileBytes} bytes`);
});
