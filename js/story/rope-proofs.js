// The rotary form's properties, checked numerically with pe.rope (float64) on real configs:
// RoFormer's relative-position property, position 0 as the identity, lengths kept (times
// attentionFactor), R(a)R(b) = R(a + b). Rows of the verification table, after the sources'
// claims (proofs.js), in the same { claim, computed, expected, pass } form.
import { number } from '../numbers.js';
import { MODELS } from './models.js';
import { seededVector } from './rope-scores.js';
import { maxAbsDiff } from './matrix.js';

const sci = (v) => number(v, 2);  // differences, as proofs.js prints them
// Real configs, applied by pe.rope's `config` option (the interleaved pairs for the length check).
const LLAMA3 = { config: MODELS['llama-3.1-8b'].config };
const YARN = { config: MODELS['yarn-llama-2-7b-64k'].config, layout: 'interleaved' };
const HEAD = 128;  // both models' head_dim

/** Vectors of one head (rows of `data`), each turned by pe.rope to its position in `positions`. */
function turn(pe, data, d, positions, options) {
  return pe.rope({ rows: positions.length, cols: d, data }, { ...options, positions, dtype: 'float64' }).data;
}

const dot = (a, b) => a.reduce((s, x, c) => s + x * b[c], 0);

// Where the rotary form comes from (not one of the five source posts).
const ROFORMER = '“RoFormer: Enhanced Transformer with Rotary Position Embedding” (Su et al., 2021)';
// The attention factor is YaRN's addition to RoFormer's rotation.
const ROFORMER_YARN = `${ROFORMER}, with the attention factor of “YaRN: Efficient Context Window Extension of Large Language Models” (Peng et al., 2023)`;

export const ROPE_CHECKS = [
  (pe) => {
    const d = HEAD, options = LLAMA3;
    const q = seededVector(d, 12), k = seededVector(d, 34);
    const pairs = [[7, 3], [107, 103], [4004, 4000], [100004, 100000]];
    const scores = pairs.map(([m, n]) => dot(turn(pe, q, d, [m], options), turn(pe, k, d, [n], options)));
    const spread = Math.max(...scores) - Math.min(...scores);
    return {
      claim: 'Rotary embeddings see only the distance: a query at m and a key at n score the same for every pair 4 apart (Llama 3.1 8B\'s rope_scaling, headDim 128, n from 3 to 100,000)',
      source: ROFORMER,
      computed: `scores ${scores.map((s) => number(s, 10)).join(', ')}; spread ${sci(spread)}`,
      expected: 'all equal (spread < 10⁻⁹: the angle n·ωᵢ is rounded at n = 100,000)',
      pass: spread < 1e-9,
    };
  },
  (pe) => {
    const d = HEAD, x = seededVector(3 * d, 5), options = YARN;
    const { attentionFactor } = pe.ropeFromConfig(YARN.config);
    const diff = maxAbsDiff(turn(pe, x, d, [0, 0, 0], options), x.map((v) => v * attentionFactor));
    return {
      claim: `Rotary embeddings leave position 0 unturned, only scaled by the attention factor (Yarn-Llama-2-7b-64k: ${number(attentionFactor, 5)})`,
      source: ROFORMER_YARN,
      computed: `max |rope(x, 0) − attentionFactor·x| = ${sci(diff)}`, expected: '0 up to rounding (< 10⁻¹⁵)', pass: diff < 1e-15,
    };
  },
  (pe) => {
    const d = HEAD, x = seededVector(d, 9), options = YARN;
    const { attentionFactor } = pe.ropeFromConfig(YARN.config);
    const turned = turn(pe, x, d, [65535], options);
    let worst = 0;
    for (let i = 0; i < d; i += 2)
      worst = Math.max(worst, Math.abs(Math.hypot(turned[i], turned[i + 1]) - attentionFactor * Math.hypot(x[i], x[i + 1])));
    return {
      claim: 'Rotary embeddings only turn: every pair keeps its length, scaled by the attention factor (Yarn-Llama-2-7b-64k, position 65,535)',
      source: ROFORMER_YARN,
      computed: `max over ${d / 2} pairs of ||pair′| − attentionFactor·|pair|| = ${sci(worst)}`,
      expected: '0 up to rounding (< 10⁻¹⁴)', pass: worst < 1e-14,
    };
  },
  (pe) => {
    const d = 64, a = 1234, b = 4321, x = seededVector(d, 77), options = { base: 10000 };
    const twice = turn(pe, turn(pe, x, d, [a], options), d, [b], options), once = turn(pe, x, d, [a + b], options);
    const diff = maxAbsDiff(twice, once);
    return {
      claim: `Turning by a and then by b is turning by a + b: R(b)·R(a) = R(a + b) (headDim 64, a = ${a}, b = ${b})`,
      source: ROFORMER,
      computed: `max |rope(rope(x, a), b) − rope(x, a + b)| = ${sci(diff)}`,
      expected: '0 up to rounding (< 10⁻¹²)', pass: diff < 1e-12,
    };
  },
];
