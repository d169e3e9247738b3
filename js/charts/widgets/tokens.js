// Step 1: the same word at two positions. Self-attention weights of a sentence (identity
// projections, see js/story/attention.js) without positions and with PE added: without, the
// repeated word's two rows are identical; with, they differ (the note says by how much).
import { number } from '../../numbers.js';
import { sequential } from '../canvas/colormap.js';
import { csv, matrixRows } from '../kit/exports.js';
import { dModel, SCHEME } from '../kit/params.js';
import { TokenHeatmap } from '../plots/token-heatmap.js';
import { scheme, Widget } from '../kit/widget.js';
import { sentenceAttention } from '../../story/attention.js';

/** A sentence rule: its words, at most `max`. */
export const sentence = (def, max) => ({ label: 'text', text: true, max, def });

/** Its size: it sizes to its content, with charts this tall. */
export const size = { pairChart: '260px' };
export const rules = { text: sentence('the cat saw the dog', 12), dModel: dModel(16, 512), ...SCHEME };

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  let result, values;
  const pair = w.part('div', 'pair');
  // [key, axis title (in the saved PNG too), caption]
  const views = [['plain', 'key (attended to), no positions', 'without positions: softmax(x·xᵀ/√dModel), x = √dModel·E'],
    ['positioned', 'key (attended to), with PE', 'with positions: x = √dModel·E + PE']];
  const charts = views.map(([key, xLabel, caption]) => {
    const box = w.part('div', '', null, pair);
    const canvas = w.canvas(key, box);
    const chart = w.own(new TokenHeatmap(canvas, {
      xLabel, yLabel: 'token (query)', map: sequential, label: `Attention weights ${caption}`,
      describe: (i, j) => {
        const value = result[key].data[i * result.tokens.length + j];
        return { text: `"${result.tokens[i]}" (pos ${i}) → "${result.tokens[j]}" (pos ${j})\nweight ${number(value)}`, value };
      },
    }));
    w.part('p', 'note', null, box).textContent = `Attention ${caption}`;
    return { key, canvas, chart };
  });
  const note = w.part('p', 'note', 'note');
  w.exports({
    name: 'attention', canvases: charts.map(({ key, canvas }) => ({ name: `attention-${key}`, canvas, label: key })),
    data: () => ({
      csv: csv(['attention', 'query', ...result.tokens.map((word, j) => `${j} ${word}`)], charts.flatMap(({ key }) =>
        matrixRows(result[key]).map(([i, ...row]) => [key, `${i} ${result.tokens[i]}`, ...row]))),
      json: { ...scheme(values), dModel: values.dModel, tokens: result.tokens, repeat: result.repeat,
        plain: Array.from(result.plain.data), positioned: Array.from(result.positioned.data) },
    }),
  });
  return w.api((v) => {
    values = v;
    result = sentenceAttention(pe, v.text, v.dModel, scheme(v));
    const { tokens, repeat } = result;
    let max = 0;
    for (const { key } of charts) for (const x of result[key].data) max = Math.max(max, x);
    const marked = repeat ? [repeat.first, repeat.second] : [];
    for (const { key, chart } of charts)
      chart.show({ ...result[key], min: 0, max, rowLabels: tokens, colLabels: tokens, marked });
    note.textContent = repeat
      ? `"${repeat.word}" at ${repeat.first} and ${repeat.second}: without positions its two rows are identical `
        + `(distance ${repeat.plainGap}); with PE they are ${number(repeat.positionedGap, 3)} apart `
        + `(the Euclidean distance between the two rows of weights; their inputs are ${number(repeat.inputGap, 3)} apart).`
      : 'No word appears twice: repeat one to compare its rows.';
    for (const gap of ['plainGap', 'positionedGap', 'inputGap']) note.dataset[gap] = repeat ? repeat[gap] : '';
  });
}
