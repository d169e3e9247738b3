// Step 2: Input = Embedding + PE. A sentence's (deterministic) embedding matrix scaled by
// √dModel as in the paper, the encoding of its positions and their sum (pe.addTo), as three
// heatmaps on one colour scale: tokens down, dimensions across.
import { number } from '../../numbers.js';
import { diverging } from '../canvas/colormap.js';
import { csv } from '../kit/exports.js';
import { kind, pairOfColumn } from '../../story/pairs.js';
import { dModel, SCHEME } from '../kit/params.js';
import { TokenHeatmap } from '../plots/token-heatmap.js';
import { sentence } from './tokens.js';
import { scheme, Widget } from '../kit/widget.js';
import { embeddings, words } from '../../story/attention.js';

/** Its size: it sizes to its content, with charts this tall. */
export const size = { pairChart: '260px' };
export const rules = { text: sentence('the cat saw the dog', 8), dModel: dModel(16, 64),
  scale: { label: 'embedding scale', choices: ['sqrt', '1'], def: 'sqrt' }, ...SCHEME };

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  let parts, tokens, values;
  const pair = w.part('div', 'pair trio');
  const views = [['embedding', 'Embedding'], ['pe', 'PE (position)'], ['sum', 'Input = Embedding + PE']];
  const factor = () => (values.scale === 'sqrt' ? Math.sqrt(values.dModel) : 1);
  const charts = views.map(([key, title]) => {
    const box = w.part('div', '', null, pair);
    const canvas = w.canvas(key, box);
    const chart = w.own(new TokenHeatmap(canvas, {
      xLabel: 'dimension', yLabel: 'token', map: diverging, label: `Heatmap: ${title}`,
      describe: (r, c) => {
        const d = values.dModel, [e, p, s] = ['embedding', 'pe', 'sum'].map((k) => parts[k][r * d + c]);
        const i = pairOfColumn(c, d, values.layout);
        return { text: `"${tokens[r]}" (pos ${r}) · dimension ${c} (${kind(c, d, values.layout)}, i = ${i})\n`
          + `${values.scale === 'sqrt' ? `√${d}·` : ''}E ${number(e)}\n+ PE ${number(p)}\n= ${number(s)}`, value: parts[key][r * d + c] };
      },
    }));
    return { key, title, canvas, chart };
  });
  w.exports({
    // The buttons say what each saves: "Save PE PNG", not the part's key.
    name: 'input', canvases: charts.map(({ key, canvas }) => ({ name: `input-${key}`, canvas, label: { embedding: 'embedding', pe: 'PE', sum: 'input' }[key] })),
    data: () => ({
      csv: csv(['matrix', 'token', ...Array.from({ length: values.dModel }, (_, c) => `dim${c}`)], charts.flatMap(({ key }) =>
        tokens.map((word, r) => [key, `${r} ${word}`, ...parts[key].subarray(r * values.dModel, (r + 1) * values.dModel)]))),
      json: { ...scheme(values), dModel: values.dModel, scale: factor(), tokens,
        ...Object.fromEntries(charts.map(({ key }) => [key, Array.from(parts[key])])) },
    }),
  });
  return w.api((v) => {
    values = v;
    tokens = words(v.text);
    const d = v.dModel, table = embeddings(tokens, d), scale = factor();
    // pe.addTo computes scale·E + PE in one call (the package's own sum, as a model would).
    const sum = pe.addTo(table, { ...scheme(v), scale }).data;
    const encoding = pe.encoding(tokens.length, d, { ...scheme(v), dtype: 'float64' }).data;
    parts = { embedding: table.data.map((x) => x * scale), pe: encoding, sum };
    let max = 0;
    for (const key of Object.keys(parts)) for (const x of parts[key]) max = Math.max(max, Math.abs(x));
    // Each chart's name is its axis title, so a saved PNG says what it shows.
    for (const { key, title, chart } of charts) {
      // The sum's title has the embedding's scale too (the input is √dModel·Embedding + PE).
      chart.xLabel = `dimension · ${scale === 1 || key === 'pe' ? title : key === 'embedding' ? `${title} × √${d}` : `Input = √${d}·Embedding + PE`}`;
      chart.show({ rows: tokens.length, cols: d, data: parts[key], min: -max, max, rowLabels: tokens });
    }
  });
}
