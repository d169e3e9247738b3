// inspectModelFile on damaged and hand-made files: every bad input is a ModelFileError naming
// the field and its byte offset (or a TypeError for what is no model file at all), never a
// hang and never an allocation of what a file claims. Versions and byte orders no writer here
// produces are made byte by byte (model-file-bytes.js).
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from 'posenc';
import { gguf, f32, safetensors, npy, concat } from './model-file-bytes.js';

const pe = await init();
const inspect = (bytes, options) => pe.inspectModelFile(bytes, options);

// A small Llama 3.1-like file: the keys that matter, a long tokenizer array, rope_freqs.
const KV = [
  ['general.architecture', 8, 'llama'],
  ['llama.context_length', 4, 131072],
  ['llama.embedding_length', 4, 4096],
  ['llama.attention.head_count', 4, 32],
  ['llama.rope.dimension_count', 4, 128],
  ['llama.rope.freq_base', 6, 500000],
  ['tokenizer.ggml.tokens', 9, [8, Array.from({ length: 5000 }, (_, i) => `token${i}`)]],
  ['tokenizer.ggml.scores', 9, [6, Array.from({ length: 5000 }, (_, i) => -i)]],
];
const FREQS = Array.from({ length: 64 }, (_, i) => (i < 29 ? 1 : i > 34 ? 8 : 1 + (i - 28) / 7));
const good = (o = {}) => gguf({ kv: KV, tensors: [['rope_freqs.weight', [64], 0, 0]], data: f32(FREQS, o.bigEndian), ...o });

async function rejects(bytes, pattern, { name = 'ModelFileError', field, offset } = {}) {
  await assert.rejects(inspect(bytes), (error) => {
    assert.equal(error.name, name, error.message);
    assert.match(error.message, pattern);
    if (field !== undefined) assert.equal(error.field, field);
    if (offset !== undefined) assert.equal(error.offset, offset);
    return true;
  });
}

test('a hand-made GGUF reads in versions 1, 2 and 3, little- and big-endian, to the same report', async () => {
  const reports = [];
  for (const version of [1, 2, 3]) for (const bigEndian of [false, true]) {
    if (bigEndian && version < 3) continue;
    const report = await inspect(good({ version, bigEndian }));
    assert.equal(report.version, version);
    assert.equal(report.littleEndian, !bigEndian);
    reports.push(report);
  }
  for (const r of reports) {
    assert.equal(r.architecture, 'llama');
    assert.equal(r.rope.base, 500000);
    assert.equal(r.rope.rotaryDims, 128);
    assert.equal(r.rope.layout, 'interleaved');
    assert.deepEqual(Array.from(r.rope.scaling.frequencyFactors), FREQS.map(Math.fround));
    assert.deepEqual(r.rope.frequencies, reports[0].rope.frequencies);
    assert.deepEqual(r.tensors, [{ name: 'rope_freqs.weight', dtype: 'F32', shape: [64], role: 'rope-frequency-factors' }]);
  }
  // pair i turns by 500000^(−2i/128) / factor_i
  const f = reports[0].rope.frequencies;
  for (const i of [0, 30, 63]) assert.ok(Math.abs(f[i] - 500000 ** (-2 * i / 128) / Math.fround(FREQS[i])) < 1e-15);
});

test('a long array is described, not kept; a long array of numbers is skipped unread', async () => {
  // 5000 token strings, then a million float32 scores (4 MB), then rope_freqs: the scores are
  // stepped over by their length, so the reads are the first chunk, the chunk after the scores
  // and rope_freqs' bytes.
  const kv = [...KV.slice(0, 7), ['tokenizer.ggml.scores', 9, [6, Array.from({ length: 1_000_000 }, () => 0)]]];
  const bytes = gguf({ kv, tensors: [['rope_freqs.weight', [64], 0, 0]], data: f32(FREQS) });
  const report = await inspect(bytes);
  assert.equal(report.fileBytes, bytes.length);
  assert.ok(bytes.length > 4_000_000 && report.bytesRead < 2 ** 20 + 10_000, `read ${report.bytesRead} of ${bytes.length}`);
  const { readGguf } = await import('../../js/files/gguf.js');
  const { openSource } = await import('../../js/files/source.js');
  const { metadata } = await readGguf(await openSource(bytes));
  assert.deepEqual(metadata['tokenizer.ggml.scores'], { arrayOf: 'FLOAT32', length: 1_000_000 });
  assert.deepEqual(metadata['tokenizer.ggml.tokens'], { arrayOf: 'STRING', length: 5000 });
  assert.equal(metadata['llama.rope.freq_base'], 500000);
});

test('a header longer than a chunk, big-endian: a path, a Blob and bytes read alike', async () => {
  const tokens = Array.from({ length: 150_000 }, (_, i) => `token-${i}`);
  const bytes = good({ bigEndian: true, kv: [...KV.slice(0, 6), ['tokenizer.ggml.tokens', 9, [8, tokens]]] });
  assert.ok(bytes.length > 2 * 2 ** 20);  // read over three chunks
  const { tempDir } = await import('../temp.js');
  const { writeFileSync } = await import('node:fs');
  const path = `${tempDir('model-files')}/long-header-be.gguf`;
  writeFileSync(path, bytes);
  const reports = [await inspect(path), await inspect(new Blob([bytes])), await inspect(bytes)];
  for (const r of reports) assert.deepEqual(r, reports[0]);
  assert.equal(reports[0].littleEndian, false);
  assert.deepEqual(Array.from(reports[0].rope.scaling.frequencyFactors), FREQS.map(Math.fround));
});

test('a GGUF cut short anywhere is an error naming a field and its byte offset', async () => {
  const bytes = good();
  for (let cut = 0; cut < bytes.length; cut += cut < 400 ? 1 : 997) {
    await assert.rejects(inspect(bytes.subarray(0, cut)), (error) => {
      if (cut < 4) return error instanceof TypeError && /not a GGUF, safetensors or \.npy file/.test(error.message);
      assert.equal(error.name, 'ModelFileError', `cut at ${cut}: ${error.message}`);
      assert.match(error.message, /^GGUF: .+ at byte \d+: /);
      assert.ok(error.offset <= cut, `cut at ${cut}: offset ${error.offset}`);
      return true;
    });
  }
});

test('counts and lengths past the file are refused before anything of their size exists', async () => {
  const bytes = good();
  const with64 = (at, value) => { const b = bytes.slice(); new DataView(b.buffer).setBigUint64(at, value, true); return b; };
  await rejects(with64(16, 2n ** 60n), /metadata_kv_count at byte 16: is 1152921504606846976, more than the \d+ bytes left/, { field: 'metadata_kv_count', offset: 16 });
  await rejects(with64(8, 2n ** 62n), /tensor_count at byte 8: is 4611686018427387904/, { field: 'tensor_count' });
  await rejects(with64(24, 2n ** 63n), /key 0 length at byte 24: is 9223372036854775808/, { offset: 24 });
  // the tokens array's length (after its item type)
  const tokensAt = find(bytes, 'tokenizer.ggml.tokens') + 'tokenizer.ggml.tokens'.length + 8;
  await rejects(with64(tokensAt, 2n ** 61n), /"tokenizer.ggml.tokens" array length at byte \d+: is 2305843009213693952/, { offset: tokensAt });
  // one token's string length
  await rejects(with64(tokensAt + 8, 2n ** 63n - 1n), /"tokenizer.ggml.tokens"\[0\] length at byte \d+: is 9223372036854775807/);
});

test('wrong magic, unknown versions and value types, bad UTF-8, duplicates, dims, alignment, offsets', async () => {
  await rejects(new Uint8Array(100), /not a GGUF, safetensors or \.npy file \(it starts 00 00 00 00 00 00 00 00\)/, { name: 'TypeError' });
  const bad = good().slice(); new DataView(bad.buffer).setUint32(4, 4, true);
  await rejects(bad, /version at byte 4: is 4; GGUF versions are 1, 2 and 3/);
  await rejects(gguf({ kv: [['a', 13, 0]] }), /value type of "a" at byte 33: is 13; GGUF types are 0–12/);
  await rejects(gguf({ kv: [['a', 9, [14, []]]] }), /item type of "a" at byte \d+: is 14/);
  await rejects(gguf({ kv: [[new Uint8Array([0x67, 0xff, 0x61]), 4, 1]] }), /key 0 at byte 32: is not valid UTF-8/);
  await rejects(gguf({ kv: [['s', 8, new Uint8Array([0xc3, 0x28])]] }), /"s" at byte \d+: is not valid UTF-8/);
  await rejects(gguf({ kv: [['a', 4, 1], ['a', 4, 2]] }), /key 1 at byte \d+: "a" appears twice/);
  await rejects(gguf({ kv: [['general.alignment', 4, 24]] }), /general.alignment at byte 53: is 24 \(UINT32\); it must be a UINT32 power of two/, { offset: 53 });
  await rejects(gguf({ kv: [['general.alignment', 5, 32]] }), /it must be a UINT32 power of two/);
  await rejects(gguf({ tensors: [['t', [1, 1, 1, 1, 1], 0, 0]], data: f32([1]) }), /"t" n_dimensions at byte \d+: is 5; ggml tensors have at most 4/);
  await rejects(gguf({ tensors: [['t', [4], 0, 0], ['t', [4], 0, 32]], data: f32([1, 2, 3, 4]) }), /tensor 1 name at byte \d+: "t" appears twice/);
  await rejects(gguf({ tensors: [['t', [4], 0, 64]], data: f32([1, 2, 3, 4]) }), /"t" offset at byte \d+: its F32 data \(offset 64 \+ data start \d+\) ends at byte \d+, past the file's \d+/);
  await rejects(gguf({ tensors: [['t', [2n ** 40n, 2n ** 40n], 0, 0]], data: f32([1]) }), /"t" offset at byte \d+: its F32 data/);
  await rejects(gguf({ tensors: [['q', [40], 8, 0]], data: new Uint8Array(64) }), /"q" dimensions at byte \d+: ne\[0\] = 40 is not a multiple of Q8_0's block of 32/);
  const nested = (depth) => (depth === 0 ? [4, [1]] : [9, [nested(depth - 1)]]);
  assert.deepEqual((await inspect(gguf({ kv: [['a', 9, nested(3)]] }))).findings, []);
  await rejects(gguf({ kv: [['a', 9, nested(10)]] }), /"a"\[0\]\[0\]\[0\]\[0\]\[0\]\[0\]\[0\]\[0\] at byte \d+: nests arrays more than 8 deep/);
});

test('divisor tensors are checked before they are read; names that are Object properties are only names', async () => {
  await rejects(gguf({ kv: KV.slice(0, 6), tensors: [['rope_freqs.weight', [2n ** 30n], 0, 0]], data: new Uint8Array(0) }).subarray(0), /"rope_freqs.weight" offset at byte \d+: its F32 data/);
  const wrongShape = gguf({ kv: KV.slice(0, 6), tensors: [['rope_freqs.weight', [32], 0, 0]], data: f32(FREQS.slice(0, 32)) });
  await rejects(wrongShape, /"rope_freqs.weight" at byte \d+: has shape \[32\]; the 128 rotary dimensions have 64 pairs, one divisor each/);
  const wrongType = gguf({ kv: KV.slice(0, 6), tensors: [['rope_freqs.weight', [64], 26, 0]], data: new Uint8Array(256) });
  await rejects(wrongType, /"rope_freqs.weight" at byte \d+: is I32; llama.cpp reads these divisors as F32/);
  for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
    const report = await inspect(gguf({ kv: [['general.architecture', 8, name]] }));
    assert.deepEqual(report.findings.map((f) => f.code), ['layout-unknown-architecture'], name);
  }
});

test('an unknown architecture is said; a known one without RoPE gets no rope section', async () => {
  const unknown = await inspect(gguf({ kv: [['general.architecture', 8, 'mystery'], ['mystery.rope.dimension_count', 4, 64]] }));
  assert.deepEqual(unknown.findings.map((f) => f.code), ['layout-unknown-architecture']);
  assert.match(unknown.findings[0].message, /"mystery" is not in llama.cpp's table of pair layouts \(src\/llama-model.cpp @ cb44cdcc6a\)/);
  assert.equal(unknown.rope.layout, undefined);
  const gpt2 = await inspect(gguf({ kv: [['general.architecture', 8, 'gpt2']] }));
  assert.equal(gpt2.rope, undefined);
  assert.deepEqual(gpt2.findings, []);
});

test('safetensors: header lengths past the file or the format\'s limit, bad JSON, bad tensors', async () => {
  const head = (n) => safetensors('{"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}}', f32([1]), n);
  await rejects(head(100_000_001n), /not a GGUF, safetensors or \.npy file/, { name: 'TypeError' });
  await rejects(safetensors('{"a": 1', new Uint8Array(0)), /safetensors: header at byte 8: is not JSON/);
  await rejects(safetensors('[1, 2]  '), /not a GGUF, safetensors or \.npy file/, { name: 'TypeError' });  // JSON, but no object
  // a header length past the file, or past the format's limit, is no safetensors file at all
  await rejects(safetensors('{}', new Uint8Array(0), 2n ** 64n - 1n), /not a GGUF, safetensors or \.npy file/, { name: 'TypeError' });
  const huge = concat([safetensors('{}', new Uint8Array(0), 100_000_008n), new Uint8Array(100_000_010)]);
  await rejects(huge, /safetensors: header length at byte 0: is 100000008, over the format's limit of 100 MB/);
  await rejects(concat([safetensors('{"a":"', new Uint8Array(0), 9n), new Uint8Array([0xff, 0x22, 0x7d])]), /safetensors: header at byte 8: is not valid UTF-8/);
  await rejects(safetensors({ a: { dtype: 'F32', shape: [2], data_offsets: [0, 8] } }, f32([1])), /tensor "a" at byte 8: ends at data byte 8, past the file's 4 bytes of data/);
  await rejects(safetensors({ a: { dtype: 'F32', shape: [2], data_offsets: [0, 4] } }, f32([1])), /tensor "a" at byte 8: holds 4 bytes, but F32 \[2\] takes 8/);
  await rejects(safetensors({ a: { dtype: 'F32', shape: [-1], data_offsets: [0, 4] } }, f32([1])), /has shape \[-1\], not a list of sizes/);
  await rejects(safetensors({ a: { dtype: 'F32', shape: [1], data_offsets: [4, 0] } }, f32([1])), /has data_offsets \[4,0\], not \[begin, end\]/);
  await rejects(safetensors({ a: { shape: [1], data_offsets: [0, 4] } }, f32([1])), /tensor "a" at byte 8: has no dtype/);
});

test('.npy: magic, versions, header, descr and data length', async () => {
  const data = f32([1, 2, 3, 4, 5, 6]);
  const ok = (header, o) => npy(header, data, o);
  for (const major of [1, 2, 3]) {
    const r = await inspect(ok("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", { major }));
    assert.equal(r.format, 'npy');
    assert.equal(r.version, `${major}.0`);
    assert.deepEqual(r.tensors, [{ name: 'array', dtype: 'F32', shape: [2, 3] }]);
  }
  const v4 = ok("{'descr': '<f4', 'fortran_order': False, 'shape': (6,), }"); v4[6] = 4;
  await rejects(v4, /\.npy: version at byte 6: is 4\.0; \.npy versions are 1\.0, 2\.0 and 3\.0/);
  await rejects(ok("{'descr': '|O', 'fortran_order': False, 'shape': (6,), }"), /descr at byte 10: is '\|O'; posenc reads float/);
  await rejects(ok("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (6,), }"), /structured and object arrays are not read/);
  await rejects(ok("{'descr': '<f4', 'fortran_order': 1, 'shape': (6,), }"), /fortran_order at byte 10: is 1, not True or False/);
  await rejects(ok("{'descr': '<f4', 'fortran_order': False, 'shape': (7,), }"), /data at byte 128: <f4 \(7,\) takes 28 bytes; the file has 24/);
  await rejects(ok("{'descr': '<f4', 'fortran_order': False, 'shape': (6,), "), /header at byte 10: /);
  await rejects(ok("{'descr': '<f4' 'fortran_order': False}"), /header at byte 10: expected "," or "}" at character 16/);
});

function find(bytes, text) {
  const needle = new TextEncoder().encode(text);
  outer: for (let i = 0; i < bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
