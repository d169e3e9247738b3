// The float32 story of seed 000 ("The Hidden Beauty of Sinusoidal Positional Encodings in
// Transformers"): PyTorch printed dot(1, 2) = 249.10211181640625 but dot(80, 81) =
// 249.1020965576172, although both are exactly D(1) = 249.10209782736…. Each float32 rounding
// of the tutorial's code is emulated here with Math.fround, stage by stage:
//
//   div_term = exp(arange(0, d, 2).float() · (−ln 10000 / d))   (a) frequencies in float32
//   angle    = position · div_term                              (b) the angle rounded
//   pe       = sin(angle), cos(angle)                           (c) the values rounded
//   dot      = Σ pe[a]·pe[b] in float32                         (d) the summation order
//
// Stages (a)–(c) are summed exactly (float32 products are exact in float64; Neumaier's
// compensated sum), so each stage's contribution is its own. Stage (d) depends on the BLAS:
// scripts/golden/float32_story.py shows, with Debian's torch 1.13, that torch's own rows summed
// left to right (reference BLAS sdot) give what that torch prints, and summed in 32 float32
// lanes then folded (the shape of AVX2 BLAS kernels: four 8-wide accumulators) give all four
// numbers seed 000 printed, bit for bit. torch's float32 exp and sin/cos are not always
// correctly rounded (1 ulp off for 25 of the 256 frequencies and 5–7 % of the sines and
// cosines at d = 512); this module rounds correctly. Given torch's frequencies (`frequencies`
// option), its 32-lane sums still match all four printed numbers; with its own, three of four
// (dot(1, 80) lands one ulp lower), and its left-to-right sums miss torch's for dot(80, 81)
// by one ulp (torch's sin/cos). tests/js/story-float32.test.js pins all of this to the golden
// file.

import { checkedOptions, evenIn, integerIn, numberIn } from './arguments.js';

/** The summation orders of stage (d), as BLAS kernels and numpy-style reductions use them. */
export const ORDERS = Object.freeze({
  sequential: 'left to right, one running sum (as the reference linear-algebra library adds)',
  pairwise: 'all products, then added in a balanced tree',
  lanes8: '8 running sums (one vector register of the processor), combined at the end',
  lanes16: '16 running sums',
  lanes32: '32 running sums (four vector registers, as fast libraries add)',
  lanes32fma: '32 running sums, each product and addition rounded once together (fused multiply-add)',
});

const f = Math.fround;

/** div_term of the tutorial in float32, with a correctly rounded exp. */
export function frequencies32(dModel, base = 10000) {
  evenIn('dModel', dModel, 2, 65536);
  numberIn('base', base, 1 + 2 ** -52, Number.MAX_VALUE);
  const step = f(-Math.log(base) / dModel);
  const omega = new Float32Array(dModel / 2);
  for (let i = 0; i < omega.length; i++) omega[i] = Math.exp(f(f(2 * i) * step));
  return omega;
}

/** The angles f32(pos·ω_i): a float32 product is the exact product rounded once. */
export function angles32(pos, omega32) {
  const theta = new Float32Array(omega32.length);
  for (let i = 0; i < theta.length; i++) theta[i] = pos * omega32[i];
  return theta;
}

/** The tutorial's row pe[pos] in float32: sin at 2i, cos at 2i + 1, each correctly rounded. */
export function row32(pos, omega32) {
  const theta = angles32(pos, omega32);
  const row = new Float32Array(2 * theta.length);
  theta.forEach((t, i) => { row[2 * i] = Math.sin(t); row[2 * i + 1] = Math.cos(t); });
  return row;
}

// Neumaier's compensated sum of term(i), i < n: exact to a few ulp of the result.
function compensated(n, term) {
  let sum = 0, carry = 0;
  for (let i = 0; i < n; i++) {
    const x = term(i), t = sum + x;
    carry += Math.abs(sum) >= Math.abs(x) ? (sum - t) + x : (x - t) + sum;
    sum = t;
  }
  return sum + carry;
}

const bits = new Float64Array(1), words = new Uint32Array(bits.buffer);  // little-endian
/** f32(c + a·b) rounded once: the exact sum rounded to odd in float64, then to float32. */
export function fma32(a, b, c) {
  const p = a * b, s = p + c;                       // p is exact (24 + 24 bits)
  const z = s - p, err = (p - (s - z)) + (c - z);   // TwoSum: s + err = p + c exactly
  bits[0] = s;
  if (err !== 0 && (words[0] & 1) === 0) {          // inexact and even: step to the odd neighbour
    const away = (err > 0) === (s > 0);
    if (away) words[0] += 1;
    else if (words[0] === 0) { words[0] = 0xffffffff; words[1] -= 1; } else words[0] -= 1;
  }
  return f(bits[0]);
}

/** Σ x_j·y_j in float32, in one of the ORDERS. */
export function dot32(x, y, order) {
  if (!(order in ORDERS))
    throw new RangeError(`order must be one of ${Object.keys(ORDERS).join(', ')}, got ${JSON.stringify(order)}`);
  if (x.length !== y.length) throw new RangeError(`rows must have equal lengths, got ${x.length} and ${y.length}`);
  if (order === 'sequential') {
    let acc = 0;
    for (let j = 0; j < x.length; j++) acc = f(acc + f(x[j] * y[j]));
    return acc;
  }
  if (order === 'pairwise') {
    let terms = Array.from(x, (v, j) => f(v * y[j]));
    while (terms.length > 1) {
      const next = [];
      for (let j = 0; j < terms.length; j += 2) next.push(j + 1 < terms.length ? f(terms[j] + terms[j + 1]) : terms[j]);
      terms = next;
    }
    return terms[0] ?? 0;
  }
  const lanes = Number(/\d+/.exec(order)[0]), fused = order.endsWith('fma');
  let acc = new Array(lanes).fill(0);
  for (let j = 0; j < x.length; j++) {
    const k = j % lanes;
    acc[k] = fused ? fma32(x[j], y[j], acc[k]) : f(acc[k] + f(x[j] * y[j]));
  }
  while (acc.length > 1) {  // fold the upper half of the lanes onto the lower half
    const half = acc.length / 2;
    acc = acc.slice(0, half).map((v, k) => f(v + acc[k + half]));
  }
  return acc[0];
}

const DEFAULTS = Object.freeze({ dModel: 512, base: 10000, frequencies: undefined });

/**
 * dot(a, b) of the tutorial's float32 encoding, taken apart. Returns
 * `{ exact, posenc, stages: { frequencies, angles, sinCos }, sums, ulp }`:
 * exact = D(b − a) from `pe.dotKernel` (float64); posenc = that dot in posenc's float32
 * `dotMatrix` (the exact value rounded once); each stage value is the exact sum after that
 * stage's rounding (frequencies: Σ cos(Δ·ω32); angles: Σ cos(θ_b − θ_a); sinCos: Σ of the
 * float32 products), so stage − previous stage is its contribution; sums[order] is the float32
 * result for each of ORDERS; ulp is the float32 spacing at the result.
 * Options: dModel (even, 2 … 8192), base, frequencies (a float32 div_term to use instead of
 * frequencies32, e.g. the one torch computed).
 */
export function float32Story(pe, a, b, options) {
  const { dModel, base, frequencies } = checkedOptions('float32Story', options, DEFAULTS);
  evenIn('dModel', dModel, 2, 8192);
  integerIn('a', a, 0, 4095);  // dotMatrix holds up to 4096 positions
  integerIn('b', b, 0, 4095);
  let omega32 = frequencies32(dModel, base);
  if (frequencies !== undefined) {
    if (!(frequencies instanceof Float32Array || Array.isArray(frequencies)))
      throw new TypeError(`frequencies must be a Float32Array or an array, got a ${typeof frequencies}`);
    if (frequencies.length !== dModel / 2)
      throw new RangeError(`frequencies must have dModel/2 = ${dModel / 2} values, got ${frequencies.length}`);
    omega32 = Float32Array.from(frequencies);
  }
  const delta = Math.abs(b - a);
  const scheme = { base };
  const exact = pe.dotKernel(delta, dModel, scheme)[delta];
  const last = Math.max(a, b) + 1;
  const posenc = pe.dotMatrix(last, dModel, scheme).data[a * last + b];
  const ta = angles32(a, omega32), tb = angles32(b, omega32);
  const x = row32(a, omega32), y = row32(b, omega32);
  const stages = {
    frequencies: compensated(omega32.length, (i) => Math.cos(delta * omega32[i])),
    angles: compensated(omega32.length, (i) => Math.cos(tb[i] - ta[i])),
    sinCos: compensated(dModel, (j) => x[j] * y[j]),
  };
  const sums = Object.fromEntries(Object.keys(ORDERS).map((order) => [order, dot32(x, y, order)]));
  return { exact, posenc, stages, sums, ulp: ulp32(exact) };
}

/** The spacing of float32 numbers at |x| (2^-16 ≈ 1.5e-5 at 249). */
export function ulp32(x) {
  const e = Math.floor(Math.log2(Math.abs(x)));
  return 2 ** (Math.max(e, -126) - 23);
}
