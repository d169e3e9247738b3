// The rotary scaling view's per-pair table (js/story/inv-freq-table.js) against transformers'
// own float32 inv_freq (tests/golden/rope-float32.json, scripts/golden/rope_float32.py) for every
// model and layer kind of the gallery, read as the view reads them (readModel, at the model's max
// positions), and its CSV and JSON.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init } from 'posenc';
import { MODELS } from '../../js/story/models.js';
import { readModel } from '../../js/charts/widgets/rope-scaling.js';
import { csv } from '../../js/charts/kit/exports.js';
import { bits, invFreqData, invFreqRows, nextUp, ulpsApart } from '../../js/story/inv-freq-table.js';

const pe = await init();
const golden = JSON.parse(readFileSync(new URL('../golden/rope-float32.json', import.meta.url), 'utf8')).models;

test("every model and kind of the gallery: the table's float32 columns are transformers' inv_freq bit for bit", () => {
  let pairs = 0, kinds = 0;
  for (const [key, { name, config }] of Object.entries(MODELS)) {
    const model = readModel(pe, config, name, 128), want = golden[key];
    assert.ok(want, `${key}: in the golden file`);
    assert.deepEqual(model.kinds.map((k) => k.layerType).sort(), Object.keys(want.kinds).sort(), `${key}: the kinds`);
    for (const { layerType } of model.kinds) {
      const w = want.kinds[layerType], what = `${key} ${layerType}`;
      const table = invFreqRows(pe, model, layerType);
      assert.equal(table.layerType, layerType, what);
      // Drawn at the max positions (131,072 for both Phi models): LongRoPE's long factors, as at any
      // length past the original 4096 (the golden's last length, 8192).
      const scaled = w.rope_type === 'longrope' ? w.at_length.at(-1) : { inv_freq: w.inv_freq };
      if (w.rope_type === 'longrope') assert.ok(scaled.length > 4096 && model.length === 131072, what);
      const data = invFreqData(name, table, model.length).json;
      assert.deepEqual(data.pairs.map((p) => p.bitsScaledFloat32), scaled.inv_freq.map((h) => `0x${h}`), `${what}: scaled`);
      assert.deepEqual(data.pairs.map((p) => p.bitsUnscaledFloat32), w.default_inv_freq.map((h) => `0x${h}`), `${what}: unscaled`);
      assert.equal(data.attentionScaling, w.attention_scaling, `${what}: attention scaling`);
      // The float64 columns are the chart's, the float32 decimals read back to the same bits.
      data.pairs.forEach((p, i) => {
        assert.equal(p.invFreqScaled, model.kinds.find((k) => k.layerType === layerType).read.frequencies[i]);
        assert.equal(bits(p.invFreqScaledFloat32), p.bitsScaledFloat32);
        assert.equal(p.period, 2 * Math.PI / p.invFreqScaled);
      });
      pairs += data.pairs.length;
      kinds += 1;
    }
  }
  assert.equal(kinds, 32);
  console.log(`${pairs} pairs of ${kinds} kinds of 25 models, bit for bit`);
});

test('bits and ulps: the float32 bit pattern, and float32 steps from the float64', () => {
  assert.equal(bits(1), '0x3f800000');
  assert.equal(bits(0.1), '0x3dcccccd');
  assert.equal(ulpsApart(Math.fround(0.1), 0.1), 0);
  const up = new Float32Array(new Uint32Array([0x3dcccccd + 2]).buffer)[0];
  assert.equal(ulpsApart(up, 0.1), 2);
  assert.equal(ulpsApart(new Float32Array(new Uint32Array([0x3dcccccd - 1]).buffer)[0], 0.1), -1);
  assert.equal(bits(nextUp(Math.fround(0.1))), '0x3dccccce');
  // docs/rope.md: one step at Llama 3.1 8B's longest pair moves its period by 1.9 positions.
  const x = pe.ropeFromConfig(MODELS['llama-3.1-8b'].config, { dtype: 'float32' }).frequencies.at(-1);
  assert.equal((2 * Math.PI / x - 2 * Math.PI / nextUp(x)).toFixed(1), '1.9');
});

test("the CSV: a header, one row a pair, exact values (Llama 3.1 8B's pair 30: its bits, 1 ulp from float64)", () => {
  const model = readModel(pe, MODELS['llama-3.1-8b'].config, 'Llama 3.1 8B', 128);
  const { header, cells: table } = invFreqData('Llama 3.1 8B', invFreqRows(pe, model, 'full_attention'), model.length);
  const rows = csv(header, table).trim().split('\n');
  assert.equal(rows[0], 'i,period,inv_freq_unscaled,inv_freq_scaled,inv_freq_unscaled_float32,inv_freq_scaled_float32,bits_unscaled_float32,bits_scaled_float32,ulps_float32_from_float64,attention_scaling');
  assert.equal(rows.length, 65);
  const cells = rows[31].split(',');
  assert.equal(cells[7], `0x${golden['llama-3.1-8b'].kinds.full_attention.inv_freq[30]}`);
  assert.equal(Number(cells[3]), model.read.frequencies[30]);
  assert.equal(Math.fround(Number(cells[5])), pe.ropeFromConfig(MODELS['llama-3.1-8b'].config, { dtype: 'float32' }).frequencies[30]);
  assert.equal(Number(cells[8]), ulpsApart(Math.fround(Number(cells[5])), Number(cells[3])));
});
