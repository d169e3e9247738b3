// The relative-position family against the models' own code (tests/golden/position-family.json,
// written by scripts/golden/position_family.py from transformers' functions, copied verbatim):
// ALiBi slopes (BLOOM, MPT), biases (the same softmax as BLOOM's and MPT's), T5 buckets; every bad
// argument and its error.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init } from 'posenc';
import { assertErrors } from './helpers.js';
import { alibiSeries, bfloat16, lastBucket } from '../../js/story/family.js';
import { readScheme } from '../../js/charts/widgets/family.js';

const pe = await init();
const golden = JSON.parse(readFileSync(new URL('../golden/position-family.json', import.meta.url), 'utf8'));
const F32 = 2 ** -24;  // half a float32 ulp, relative

test('ALiBi slopes: MPT\'s to float32 rounding, BLOOM\'s to its float32 powers (numHeads ulps), Falcon\'s to bfloat16', () => {
  for (const n of golden.heads) {
    const slopes = pe.alibiSlopes(n);
    assert.equal(slopes.length, n);
    golden.slopes.mpt[n].forEach((v, h) => assert.ok(Math.abs(v - slopes[h]) <= 2 * F32 * slopes[h], `MPT, ${n} heads, head ${h}: ${v} vs ${slopes[h]}`));
    // BLOOM raises a float32 base to the power h: its error grows with h.
    golden.slopes.bloom[n].forEach((v, h) => assert.ok(Math.abs(v - slopes[h]) <= (h + 2) * 2 * F32 * slopes[h], `BLOOM, ${n} heads, head ${h}`));
    // Falcon rounds them to bfloat16 (8 significant bits): half an ulp is up to 2^−8 of the value, plus BLOOM's error.
    golden.slopes.falcon[n].forEach((v, h) => assert.ok(Math.abs(v - slopes[h]) <= (2 ** -8 + (h + 2) * 2 * F32) * slopes[h], `Falcon, ${n} heads, head ${h}`));
  }
  // BLOOM-176B: 64 heads of 2^(−h/8), then 48 of 2^(−(2k+1)/16).
  const bloom176 = pe.alibiSlopes(112);
  assert.equal(bloom176[0], 2 ** (-1 / 8));
  assert.equal(bloom176[64], 2 ** (-1 / 16));
  assert.equal(bloom176[111], 2 ** (-95 / 16));
});

test('ALiBi bias: −m·|i − j| gives the softmax of BLOOM\'s m·j and MPT\'s m·(j − n + 1)', () => {
  const n = 6, heads = 12, { rows, cols, data } = pe.alibiBias(n, heads);
  assert.deepEqual([rows, cols, data.length], [heads * n, n, heads * n * n]);
  for (let h = 0; h < heads; h++)
    for (let i = 0; i < n; i++) {
      const row = data.subarray((h * n + i) * n, (h * n + i + 1) * n);
      // Each model's row differs from ours by a constant over the keys a query sees (j ≤ i).
      for (const [name, theirs] of [['BLOOM', golden.bloomBias[h]], ['MPT', golden.mptBias[h]]]) {
        const shift = theirs[0] - row[0];
        for (let j = 0; j <= i; j++)
          assert.ok(Math.abs(theirs[j] - row[j] - shift) < 1e-5, `${name} head ${h} row ${i} key ${j}`);
      }
      for (let j = i + 1; j < n; j++) assert.equal(row[j], -Infinity, 'masked: the key comes later');
      assert.ok(Object.is(row[i], 0), '0 on the diagonal, not −0');
    }
  // Not causal: symmetric, and Toeplitz per head.
  const full = pe.alibiBias(5, 3, { causal: false, maxBias: 16 }), slopes = pe.alibiSlopes(3, { maxBias: 16 });
  for (let h = 0; h < 3; h++)
    for (let i = 0; i < 5; i++)
      for (let j = 0; j < 5; j++) assert.equal(full.data[(h * 5 + i) * 5 + j], i === j ? 0 : -slopes[h] * Math.abs(i - j));
  assert.deepEqual(pe.alibiBias(0, 4), { rows: 0, cols: 0, data: new Float64Array(0) });
});

test('T5 buckets: transformers\' _relative_position_bucket, bit for bit, for six rules', () => {
  for (const { buckets, ...rule } of golden.buckets) {
    const ours = pe.relativePositionBuckets(golden.relative, rule);
    assert.ok(ours instanceof Int32Array);
    assert.deepEqual(Array.from(ours), buckets, JSON.stringify(rule));
  }
  // The defaults are T5's encoder (32 buckets, 128, both ways); typed arrays are read as they are.
  assert.deepEqual(Array.from(pe.relativePositionBuckets(new Int16Array([-200, -1, 0, 1, 200]))), [15, 1, 0, 17, 31]);
});

test('bad arguments: TypeError or RangeError naming the parameter; the module keeps working', () => {
  assertErrors([
    [() => pe.alibiSlopes(), TypeError, 'numHeads must be a number, got undefined'],
    [() => pe.alibiSlopes(0), RangeError, 'numHeads must be an integer between 1 and 65536, got 0'],
    [() => pe.alibiSlopes(12.5), RangeError, 'numHeads must be an integer between 1 and 65536, got 12.5'],
    [() => pe.alibiSlopes(8, { maxBias: -1 }), RangeError, 'maxBias must be a number > 0 and at most 1000, got -1'],
    [() => pe.alibiSlopes(8, { maxBias: '8' }), TypeError, 'maxBias must be a number, got "8"'],
    [() => pe.alibiSlopes(8, { causal: true }), TypeError, 'alibiSlopes has no option "causal" (options: maxBias)'],
    [() => pe.alibiBias(-1, 8), RangeError, 'length must be an integer >= 0, got -1'],
    [() => pe.alibiBias(4096, 2), RangeError, 'numHeads × length × length must be at most 16777216 values (the size cap), got 8192 × 4096 = 33554432'],
    [() => pe.alibiBias(4, 2, { causal: 'yes' }), TypeError, 'causal must be true or false, got "yes"'],
    [() => pe.relativePositionBuckets(5), TypeError, 'relativePositions must be an array or typed array of numbers, got 5'],
    [() => pe.relativePositionBuckets([1, '2']), TypeError, 'relativePositions[1] must be a number, got "2"'],
    [() => pe.relativePositionBuckets([0, 1.5]), RangeError, 'relativePositions[1] must be an integer between -2147483647 and 2147483647, got 1.5'],
    [() => pe.relativePositionBuckets([NaN]), RangeError, 'relativePositions[0] must be an integer between -2147483647 and 2147483647, got NaN'],
    [() => pe.relativePositionBuckets([1], { numBuckets: 31 }), RangeError, 'numBuckets must be an even integer between 4 and 65536, got 31 (bidirectional buckets split in two halves)'],
    [() => pe.relativePositionBuckets([1], { numBuckets: 32, maxDistance: 8 }), RangeError, 'maxDistance must be an integer greater than the 8 exact buckets (and at most 2147483647), got 8'],
    [() => pe.relativePositionBuckets([1], { bidirectional: 0 }), TypeError, 'bidirectional must be true or false, got 0'],
  ], () => assert.equal(pe.alibiSlopes(2)[1], 1 / 256));
});

const family = (name) => JSON.parse(readFileSync(new URL(`../fixtures/configs/family/${name}.json`, import.meta.url), 'utf8'));
const rotary = (name) => JSON.parse(readFileSync(new URL(`../fixtures/configs/${name}.json`, import.meta.url), 'utf8'));

test('sinusoidal tables: pe.encoding with the scheme\'s convention and start is Whisper\'s, Marian\'s and M2M100\'s table', () => {
  for (const [name, config] of [['whisper', family('whisper-small')], ['marian', family('opus-mt-en-zh')], ['m2m_100', family('nllb-200-distilled-600M')]]) {
    const { convention, start } = pe.positionScheme(config);
    for (const dim of [8, 16]) {
      const table = golden.tables[`${name}-${dim}`], ours = pe.encoding(6, dim, { convention, start, dtype: 'float64' });
      // The models compute in float32: angles up to 7 rad, so a few float32 ulps of 7.
      table.forEach((row, r) => row.forEach((v, c) => assert.ok(Math.abs(v - ours.data[r * dim + c]) < 4e-7, `${name} d = ${dim} row ${r} col ${c}`)));
    }
  }
});

test('positionScheme: every real config of the family, read as transformers\' modeling code uses it', () => {
  const pick = (s, keys) => Object.fromEntries(keys.map((k) => [k, s[k]]));
  const cases = [
    ['bloom-560m', { kind: 'alibi', modelType: 'bloom', numHeads: 16, maxBias: 8, biasScale: 1 }],
    ['BLOOMChat-176B-v1', { kind: 'alibi', modelType: 'bloom', numHeads: 112, maxBias: 8, biasScale: 1 }],
    ['mpt-7b-instruct', { kind: 'alibi', modelType: 'mpt', numHeads: 32, maxBias: 8, biasScale: 1, maxPositions: 2048 }],
    ['falcon-rw-1b', { kind: 'alibi', modelType: 'falcon', numHeads: 32, maxBias: 8, biasScale: 1 / 8, slopeRounding: 'bfloat16' }],
    ['t5-small', { kind: 'relative-buckets', modelType: 't5', layerType: 'encoder', numHeads: 8, numBuckets: 32, maxDistance: 128, bidirectional: true, tables: 'first layer, shared' }],
    ['mt5-small', { kind: 'relative-buckets', modelType: 'mt5', numHeads: 6, numBuckets: 32, maxDistance: 128 }],
    ['umt5-small', { kind: 'relative-buckets', modelType: 'umt5', tables: 'every layer' }],
    ['gpt2', { kind: 'learned', modelType: 'gpt2', maxPositions: 1024, start: 0 }],
    ['bert-base-uncased', { kind: 'learned', modelType: 'bert', maxPositions: 512, start: 0 }],
    ['roberta-base', { kind: 'learned', modelType: 'roberta', maxPositions: 514, start: 2 }],
    ['opt-125m', { kind: 'learned', modelType: 'opt', maxPositions: 2048, start: 2 }],
    ['bart-large-cnn', { kind: 'learned', modelType: 'bart', layerType: 'encoder', maxPositions: 1024, start: 2 }],
    ['whisper-small', { kind: 'sinusoidal', modelType: 'whisper', layerType: 'encoder', dModel: 768, maxPositions: 1500, convention: 'tensor2tensor', start: 0 }],
    ['opus-mt-en-zh', { kind: 'sinusoidal', modelType: 'marian', dModel: 512, maxPositions: 512, convention: 'tf-tutorial', start: 0 }],
    ['nllb-200-distilled-600M', { kind: 'sinusoidal', modelType: 'm2m_100', dModel: 1024, maxPositions: 1024, convention: 'fairseq', start: 2 }],
  ];
  for (const [name, expected] of cases) assert.deepEqual(pick(pe.positionScheme(family(name)), Object.keys(expected)), expected, name);
  // The slopes are pe.alibiSlopes'; encoder-decoders list both sides.
  assert.deepEqual(pe.positionScheme(family('BLOOMChat-176B-v1')).slopes, pe.alibiSlopes(112));
  const t5 = pe.positionScheme(family('t5-small'), { layerType: 'decoder' });
  assert.deepEqual([t5.bidirectional, t5.encoder.bidirectional, t5.decoder.bidirectional, t5.layerTypes], [false, true, false, ['encoder', 'decoder']]);
  const whisper = pe.positionScheme(family('whisper-small'));
  assert.deepEqual(pick(whisper.decoder, ['kind', 'maxPositions', 'start']), { kind: 'learned', maxPositions: 448, start: 0 });
  // UMT5's shipped config has no model_type: read from its architecture, and said.
  assert.deepEqual(pe.positionScheme(family('umt5-small')).warnings, ["config.model_type is missing: read as 'umt5' from architectures[0] 'UMT5ForConditionalGeneration'"]);
  // The models' defaults where a key is missing: Whisper's d_model 384, Falcon's 71 heads.
  assert.equal(pe.positionScheme({ model_type: 'whisper' }).dModel, 384);
  assert.equal(pe.positionScheme({ model_type: 'falcon', alibi: true }).numHeads, 71);
  // A rotary model without model_type is read as the type its architectures name, and said.
  const { model_type: _, ...falcon } = rotary('falcon-7b-instruct');
  const read = pe.positionScheme(falcon);
  assert.deepEqual([read.kind, read.modelType, read.headDim], ['rope', 'falcon', pe.ropeFromConfig(rotary('falcon-7b-instruct')).headDim]);
  assert.match(read.warnings[0], /^config\.model_type is missing: read as 'falcon' from architectures\[0\]/);
  // mt5-small has no relative_attention_max_distance: T5's default 128.
  assert.equal('relative_attention_max_distance' in family('mt5-small'), false);
});

test('positionScheme: rotary models are ropeFromConfig\'s; a layer kind without RoPE has no positions', () => {
  const llama = rotary('llama-3.1-8b'), scheme = pe.positionScheme(llama);
  const { kind, ...read } = scheme;
  assert.equal(kind, 'rope');
  assert.deepEqual(read, pe.ropeFromConfig(llama));
  const cohere = pe.positionScheme(rotary('command-r7b'), { layerType: 'full_attention' });
  assert.deepEqual([cohere.kind, cohere.modelType, cohere.kindsWithoutRope], ['none', 'cohere2', ['full_attention']]);
  assert.equal(pe.positionScheme(rotary('command-r7b'), { layerType: 'sliding_attention' }).kind, 'rope');
  // Falcon without alibi rotates.
  assert.equal(pe.positionScheme(rotary('falcon-7b-instruct')).kind, 'rope');
});

test('positionScheme: bad configs and options, each error naming the key', () => {
  assertErrors([
    [() => pe.positionScheme('bloom'), TypeError, 'config must be a config.json object, got "bloom"'],
    [() => pe.positionScheme(family('Baichuan2-7B-Base')), RangeError,
      "config.model_type 'baichuan' does not tell its positions: Baichuan 2 uses rotary embeddings at 7B and ALiBi at 13B under the same keys"],
    [() => pe.positionScheme({ model_type: 'bloom' }), RangeError, 'config.n_head or config.num_attention_heads is missing'],
    [() => pe.positionScheme({ model_type: 'bloom', n_head: 0 }), RangeError, 'config.n_head must be a whole number from 1 to 65536, got 0'],
    [() => pe.positionScheme({ model_type: 't5', relative_attention_num_buckets: 2.5 }), RangeError, 'config.relative_attention_num_buckets must be a whole number from 2 to 65536, got 2.5'],
    [() => pe.positionScheme({ model_type: 'gpt2', n_positions: '1024' }), RangeError, 'config.n_positions must be a whole number from 1 to 2147483647, got "1024"'],
    [() => pe.positionScheme({ model_type: 'bert', position_embedding_type: 'rotary' }), RangeError, "config.position_embedding_type must be 'absolute', 'relative_key' or 'relative_key_query', got \"rotary\""],
    [() => pe.positionScheme(family('t5-small'), { layerType: 'cross' }), RangeError, 'layerType must be \'encoder\' or \'decoder\' for this t5 model, got "cross"'],
    [() => pe.positionScheme(family('gpt2'), { layerType: 'decoder' }), RangeError, 'layerType "decoder": this gpt2 model has one kind of layer'],
    [() => pe.positionScheme(family('gpt2'), { layerType: 3 }), TypeError, 'layerType must be a string, got 3'],
    [() => pe.positionScheme(family('gpt2'), { length: 3 }), TypeError, 'positionScheme has no option "length" (options: layerType)'],
    [() => pe.positionScheme({ model_type: 't5', relative_attention_num_buckets: 33 }), RangeError,
      "config.relative_attention_num_buckets (the encoder's rule): numBuckets must be an even integer between 4 and 65536, got 33 (bidirectional buckets split in two halves)"],
    [() => pe.positionScheme({ model_type: 't5', relative_attention_max_distance: 16 }), RangeError,
      "config.relative_attention_max_distance (the decoder's rule): maxDistance must be an integer greater than the 16 exact buckets (and at most 2147483647), got 16"],
    [() => pe.positionScheme({ model_type: 'falcon', alibi: true, num_attention_heads: 7, hidden_size: 100 }), RangeError,
      'config.hidden_size must be divisible by the 7 heads, got 100'],
    // MPT's alibi_bias_max: transformers ignores it, but a value no code can make slopes of is refused, naming the key.
    ...[[-1, '-1'], [0, '0'], ['8', '"8"'], [NaN, 'null'], [Infinity, 'null'], [true, 'true'], [[8], '[8]']].map(([bad, shown]) => [
      () => pe.positionScheme({ ...family('mpt-7b-instruct'), attn_config: { ...family('mpt-7b-instruct').attn_config, alibi_bias_max: bad } }), RangeError,
      `config.attn_config.alibi_bias_max must be a number > 0, got ${shown}`]),
    [() => pe.ropeFromConfig(family('Baichuan2-7B-Base')), RangeError,
      "config.model_type 'baichuan' does not tell its positions: Baichuan 2 uses rotary embeddings at 7B and ALiBi at 13B under the same keys"],
    // ropeFromConfig no longer reads a model without RoPE as a Llama, model_type or not.
    [() => { const { model_type: _, ...c } = family('bloom-560m'); return pe.ropeFromConfig(c); }, Error,
      'this bloom model has no rotary embedding (ALiBi: pe.positionScheme reads it)'],
    [() => pe.ropeFromConfig(family('bloom-560m')), Error, 'this bloom model has no rotary embedding (ALiBi: pe.positionScheme reads it)'],
    [() => pe.ropeFromConfig(family('t5-small')), Error, "this t5 model has no rotary embedding (T5's relative buckets: pe.positionScheme reads it)"],
    [() => pe.ropeFromConfig(family('whisper-small')), Error, 'this whisper model has no rotary embedding (sinusoidal tables: pe.positionScheme reads it)'],
  ], () => assert.equal(pe.positionScheme(family('gpt2')).kind, 'learned'));
});

test("positionScheme: MPT's attn_config.alibi_bias_max read as transformers reads it (8), a value MosaicML's code would use said in a warning", () => {
  const mpt = family('mpt-7b-instruct');
  assert.equal(mpt.attn_config.alibi_bias_max, 8);
  assert.deepEqual(pe.positionScheme(mpt).warnings, []);
  const sixteen = pe.positionScheme({ ...mpt, attn_config: { ...mpt.attn_config, alibi_bias_max: 16 } });
  assert.deepEqual([sixteen.maxBias, sixteen.slopes], [8, pe.alibiSlopes(32)]);
  assert.deepEqual(sixteen.warnings, ["attn_config.alibi_bias_max is 16, but transformers' MptModel uses 8 (MosaicML's own code would use it)"]);
  // null or absent: the default, 8, in both codes.
  for (const attn of [{ ...mpt.attn_config, alibi_bias_max: null }, {}]) assert.deepEqual(pe.positionScheme({ ...mpt, attn_config: attn }).warnings, []);
});

test("positionScheme: BERT's relative_key and relative_key_query are learned relative-distance embeddings, not a table of positions", () => {
  const bert = family('bert-base-uncased');
  assert.equal(pe.positionScheme(bert).kind, 'learned');
  for (const [variant, dottedWith] of [['relative_key', ['query']], ['relative_key_query', ['query', 'key']]]) {
    const read = pe.positionScheme({ ...bert, position_embedding_type: variant });
    // BertSelfAttention: nn.Embedding(2·max − 1) indexed by i − j + max − 1, never clipped (no text is longer than max).
    assert.deepEqual({ ...read, warnings: undefined }, { kind: 'relative-learned', variant, maxPositions: 512, maxDistance: 511, distances: 1023, dottedWith,
      modelType: 'bert', layerType: null, layerTypes: [], warnings: undefined });
  }
});

test('Flan-T5 (a T5 config with gated-gelu) reads as T5\'s buckets', () => {
  const flan = family('flan-t5-large');
  assert.equal(flan._name_or_path, 'google/flan-t5-large');
  const read = pe.positionScheme(flan);
  assert.deepEqual([read.kind, read.modelType, read.numHeads, read.numBuckets, read.maxDistance, read.tables], ['relative-buckets', 't5', 16, 32, 128, 'first layer, shared']);
});

test("the view's numbers: Falcon's bfloat16 slopes are the golden ones exactly; ALiBi's two series; T5's last bucket", () => {
  for (const n of golden.heads) assert.deepEqual(Array.from(pe.alibiSlopes(n), bfloat16), golden.slopes.falcon[n], `Falcon, ${n} heads`);
  assert.deepEqual([bfloat16(2 ** -0.25), bfloat16(1 / 256), bfloat16(1 + 2 ** -8), bfloat16(1 + 3 * 2 ** -8)], [0.83984375, 1 / 256, 1, 1 + 2 ** -6]);  // ties to even
  assert.deepEqual([alibiSeries(16), alibiSeries(112), alibiSeries(12), alibiSeries(1)], [{ P: 16, extra: 0 }, { P: 64, extra: 48 }, { P: 8, extra: 4 }, { P: 1, extra: 0 }]);
  // The second series (h ≥ P) is the odd powers of the series for 2P heads: between the first's.
  const bloom176 = pe.alibiSlopes(112);
  for (let k = 0; k < 48; k++) assert.equal(bloom176[64 + k], 2 ** (-8 * (2 * k + 1) / 128));
  // Where the last bucket begins, for many rules: the first Δ in bucket side − 1 by brute force, and
  // the real threshold exact·(maxDistance/exact)^((side − exact − 1)/(side − exact)) just below it.
  for (const numBuckets of [4, 8, 32, 50, 64]) for (const maxDistance of [30, 128, 1000]) for (const bidirectional of [true, false]) {
    const rule = { numBuckets, maxDistance, bidirectional };
    if (maxDistance <= Math.floor((bidirectional ? numBuckets / 2 : numBuckets) / 2)) continue;
    const last = lastBucket(pe, rule), bucket = (d) => pe.relativePositionBuckets([-d], rule)[0];
    const from = Array.from({ length: maxDistance + 1 }, (_, d) => d).find((d) => bucket(d) === bucket(maxDistance * 4));
    assert.deepEqual([last.from, last.bucket], [from, last.side - 1], JSON.stringify(rule));
    assert.ok(last.begins <= from && last.begins > from - 1 - 1e-9, `${JSON.stringify(rule)}: begins ${last.begins}, from ${from}`);
  }
  const encoder = lastBucket(pe, { numBuckets: 32, maxDistance: 128, bidirectional: true });
  assert.deepEqual([encoder.from, encoder.side, encoder.exact], [91, 16, 8]);
  assert.ok(Math.abs(encoder.begins - 8 * 16 ** (7 / 8)) < 1e-12 && Math.abs(encoder.width - 2 ** 0.5) < 1e-12);
  assert.equal(lastBucket(pe, { numBuckets: 32, maxDistance: 128, bidirectional: false }).from, 113);
});

test('the view reads a config as positionScheme does, and says what it cannot draw, naming the key', () => {
  assert.equal(readScheme(pe, family('t5-small'), 'decoder').bidirectional, false);
  assert.equal(readScheme(pe, family('whisper-small'), 'decoder').kind, 'learned');
  assert.throws(() => readScheme(pe, rotary('llama-3.1-8b'), 'encoder'), /^Error: A rotary model \(model_type llama\): RoPE, .*<posenc-rope-scaling>/);
  assert.throws(() => readScheme(pe, { a: 1 }, 'encoder'), /^RangeError: config\.model_type is missing: this view reads a model by it \(bloom, mpt, /);
  assert.throws(() => readScheme(pe, { model_type: 'foo' }, 'encoder'),
    /^RangeError: config\.model_type "foo" is not one of the relative family \(.*\); read as a rotary model: config\.hidden_size must be a whole number > 0, got nothing$/);
  assert.throws(() => readScheme(pe, [1], 'encoder'), /^TypeError: config must be a config.json object, got \[1\]$/);
  assert.throws(() => readScheme(pe, family('Baichuan2-7B-Base'), 'encoder'), /^RangeError: config\.model_type 'baichuan' does not tell its positions/);
});
