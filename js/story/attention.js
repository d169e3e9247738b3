// Step 1 of the story: self-attention alone cannot tell the same word at two positions apart.
//
// A sentence's tokens are looked up in an embedding table: the same word gives the same row.
// Dot-product attention (here with identity projections, Q = K = X) scores token i against
// token j by x_i·x_j/√d and normalises each row with a softmax. Permuting the tokens only
// permutes the scores (attention is permutation-equivariant), so two equal tokens get equal
// rows of scores, whatever their positions. Adding PE(pos) to each row makes them differ.

import { checkedOptions, evenIn, integerIn } from './arguments.js';
import { distance } from './matrix.js';

/** The words of a text: split at white space (the elements' `text` rule does the same). */
export function words(text) {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, got ${text === null ? 'null' : typeof text}`);
  return text.trim().split(/\s+/).filter(Boolean);
}

// FNV-1a: a word's seed, so the same word always gets the same embedding, on every machine.
function hash(word) {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

// mulberry32: a small deterministic generator of uniform numbers in [0, 1).
function generator(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A deterministic embedding table for `tokens`: a `{ rows, cols, data }` matrix, row r the
 * embedding of tokens[r], normal with mean 0 and standard deviation dModel^(−1/2), as fairseq
 * initialises its embeddings (`Embedding()` in fairseq/models/transformer.py:
 * `nn.init.normal_(m.weight, mean=0, std=embedding_dim ** -0.5)`; the model then multiplies
 * them by `embed_scale = sqrt(embed_dim)`, the paper's √dModel). Equal tokens get equal rows.
 */
export function embeddings(tokens, dModel) {
  if (!Array.isArray(tokens)) throw new TypeError('tokens must be an array of strings');
  evenIn('dModel', dModel, 2, 8192);
  const data = new Float64Array(tokens.length * dModel), std = dModel ** -0.5;
  tokens.forEach((token, r) => {
    if (typeof token !== 'string') throw new TypeError(`tokens[${r}] must be a string`);
    const next = generator(hash(token));
    // Box–Muller: two uniforms → two independent standard normals.
    for (let c = 0; c < dModel; c += 2) {
      const radius = Math.sqrt(-2 * Math.log(1 - next())), angle = 2 * Math.PI * next();
      data[r * dModel + c] = std * radius * Math.cos(angle);
      data[r * dModel + c + 1] = std * radius * Math.sin(angle);
    }
  });
  return { rows: tokens.length, cols: dModel, data };
}

/**
 * Dot-product self-attention weights of the rows of `x` with identity projections:
 * A[i][j] = softmax_j(x_i·x_j / √cols). Returns an n × n `{ rows, cols, data }` (rows sum to 1).
 */
export function attention(x) {
  const { rows: n, cols: d, data } = x;
  integerIn('x.rows', n, 1, 4096);
  integerIn('x.cols', d, 1, 65536);
  if (!(data?.length === n * d)) throw new RangeError(`x.data must hold rows·cols = ${n * d} numbers`);
  const out = new Float64Array(n * n), scale = 1 / Math.sqrt(d);
  for (let i = 0; i < n; i++) {
    let max = -Infinity;
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let c = 0; c < d; c++) s += data[i * d + c] * data[j * d + c];
      out[i * n + j] = s * scale;
      max = Math.max(max, s * scale);
    }
    let total = 0;
    for (let j = 0; j < n; j++) total += (out[i * n + j] = Math.exp(out[i * n + j] - max));  // stable softmax
    for (let j = 0; j < n; j++) out[i * n + j] /= total;
  }
  return { rows: n, cols: n, data: out };
}

/** The Euclidean distance between rows a and b of a row-major matrix (typed array). */
export function rowDistance({ cols, data }, a, b) {
  const row = (r) => data.subarray(r * cols, (r + 1) * cols);
  return distance(row(a), row(b));
}

/** The first word that appears twice, and its two positions: { word, first, second }, or null. */
export function firstRepeat(tokens) {
  const seen = new Map();
  for (const [pos, word] of tokens.entries()) {
    if (seen.has(word)) return { word, first: seen.get(word), second: pos };
    seen.set(word, pos);
  }
  return null;
}

const DEFAULTS = Object.freeze({ base: 10000, spacing: 'paper', layout: 'interleaved' });

/**
 * The sentence through attention without and with positions: `{ tokens, embedding, plain,
 * positioned, repeat }`. embedding: √d·E (the paper's scaled embeddings); plain: attention of
 * √d·E; positioned: attention of √d·E + PE (pe.addTo); repeat: firstRepeat(tokens) with the
 * distances between its two rows of weights without (`plainGap`, always 0) and with positions
 * (`positionedGap`), and between its two input vectors with positions (`inputGap` =
 * |PE(first) − PE(second)|).
 */
export function sentenceAttention(pe, text, dModel, options) {
  const scheme = checkedOptions('sentenceAttention', options, DEFAULTS);
  const tokens = words(text);
  integerIn('number of words', tokens.length, 1, 64);
  const table = embeddings(tokens, dModel), scale = Math.sqrt(dModel);
  const embedding = { ...table, data: table.data.map((v) => v * scale) };
  const input = pe.addTo(table, { ...scheme, scale });
  const plain = attention(embedding), positioned = attention(input);
  const found = firstRepeat(tokens);
  const repeat = found && { ...found,
    plainGap: rowDistance(plain, found.first, found.second),
    positionedGap: rowDistance(positioned, found.first, found.second),
    inputGap: rowDistance(input, found.first, found.second) };
  return { tokens, embedding, input, plain, positioned, repeat };
}
