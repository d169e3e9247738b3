// Which convention and parameters produce the numbers a file holds: a vector of per-pair
// frequencies (a stored inv_freq, a dumped tensor) or a cos/sin cache. Each guess is checked by
// recomputing the frequencies in the core (api.ropeFrequencies) and comparing pair by pair.

// Relative agreement of stored numbers with a float64 recomputation: a few steps of their type
// (float32 2⁻²⁴; float16's 11 and bfloat16's 8 significant bits).
const TOLERANCES = { F64: 1e-12, F32: 2e-6, F16: 2e-3, BF16: 1e-2 };
export const toleranceOf = (dtype) => TOLERANCES[dtype] ?? TOLERANCES.F32;

// The number with the fewest significant digits within `within` of x, relatively (a base of
// 499,999.7 read back from float32 frequencies is 500,000).
function nice(x, within = 1e-4) {
  for (let digits = 1; digits <= 7; digits++) {
    const v = Number(x.toPrecision(digits));
    if (Math.abs(v - x) <= within * Math.abs(x)) return v;
  }
  return x;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// got: recomputed, want: the file's. maxAbsError: the largest error of a frequency, which is the
// rate at which its angle drifts (a whole turn off by position 2π / maxAbsError).
function worst(got, want, tolerance) {
  let error = 0, absolute = 0;
  const pairs = [];
  for (let i = 0; i < want.length; i++) {
    const e = Math.abs(got[i] - want[i]) / Math.abs(want[i]);
    if (!(e <= tolerance)) pairs.push(i);
    error = Math.max(error, Number.isNaN(e) ? Infinity : e);
    absolute = Math.max(absolute, Math.abs(got[i] - want[i]));
  }
  return { maxRelativeError: error, maxAbsError: absolute, unmatchedPairs: pairs };
}

/**
 * { convention, base, rotaryDims, factor?, originalContext?, lowFreqFactor?, highFreqFactor?,
 *   divisors?, matches, maxRelativeError, maxAbsError, unmatchedPairs, note? } for a vector of
 * frequencies (pair 0 first). convention: 'default', 'linear', 'llama3', 'yarn' (matches: every
 * pair recomputed within the dtype's tolerance); 'per-pair' (no named rescaling reproduces it:
 * its divisors over a base, as LongRoPE's factor lists; matches false); or 'unknown'.
 */
export function identifyFrequencies(api, values, { known = values.length, dtype = 'F32' } = {}) {
  const tolerance = toleranceOf(dtype), within = Math.max(1e-4, tolerance);
  const all = Array.from(values);
  const pairs = all.length, dims = 2 * pairs;
  // Only the first `known` pairs are compared (a cos cache alone in float32 loses the slowest).
  const f = all.slice(0, known);
  if (known < 2 || pairs > 32768 || !f.every((v) => v > 0 && Number.isFinite(v)))
    return { convention: 'unknown', matches: false, note: 'frequencies are 2 to 32,768 finite numbers > 0' };
  // The base from the fastest quarter of the pairs, which every rescaling but linear leaves alone
  // (and linear divides all alike): ln f_i = ln f_0 − (2i/dims)·ln base, fitted by least squares
  // (a low-precision type's rounding averages out).
  const head = Math.min(known, Math.max(2, Math.floor(pairs / 4)));
  const mean = (head - 1) / 2, logs = f.slice(0, head).map(Math.log), logMean = logs.reduce((a, b) => a + b) / head;
  let num = 0, den = 0;
  logs.forEach((l, i) => { num += (i - mean) * (l - logMean); den += (i - mean) ** 2; });
  const raw = Math.exp((-num / den) * dims / 2);
  if (!(raw > 1 && Number.isFinite(raw))) return { convention: 'unknown', matches: false, note: 'the frequencies do not fall from pair to pair' };
  // A round base first (500,000 read back as 499,999.7), then the fitted one as it is.
  let best;
  for (const base of new Set([nice(raw, within * 4), nice(raw, tolerance), raw])) {
    if (!(base > 1)) continue;
    const found = rescaling(api, f, base, dims, known, tolerance, within);
    if (found.matches) return found;
    if (!best || found.maxRelativeError < best.maxRelativeError) best = found;
  }
  // A divisor per pair: base and divisors cannot be told apart, so the base is the fitted one
  // (rounded), or else the smallest common one, under which no pair turns faster than unscaled
  // (LongRoPE's factors are ≥ 1).
  const fitted = nice(raw, within * 4);
  const common = [fitted, 10000, 100000, 500000, 1e6, 5e6, 1e7].find((b) => {
    const p = api.ropeFrequencies(dims, { base: b }).frequencies;
    return f.every((v, i) => p[i] / v >= 1 - within);
  }) ?? fitted;
  const p = api.ropeFrequencies(dims, { base: common }).frequencies;
  return { convention: 'per-pair', base: common, rotaryDims: dims, divisors: Float64Array.from(f, (v, i) => p[i] / v), matches: false,
    note: `no named rescaling reproduces these frequencies (closest: ${best.convention}, off by up to ${(best.maxRelativeError * 100).toPrecision(2)} %); `
      + `as divisors over base ${common} (${common === fitted ? 'the fitted base' : 'the smallest common base under which none is below 1'}), as LongRoPE's factor lists are` };
}

// The rescaling that reproduces f over this base, or the closest tried: divisors plain/stored
// all 1 (default), all equal (linear), 1 then a factor with a smoothed band (llama3 or YaRN).
function rescaling(api, f, base, dims, known, tolerance, within) {
  const plain = api.ropeFrequencies(dims, { base }).frequencies.slice(0, known);
  const divisors = plain.map((p, i) => p / f[i]);
  const guess = (convention, parameters, scaling) => {
    const { frequencies } = api.ropeFrequencies(dims, { base, scaling });
    const fit = worst(frequencies.slice(0, known), f, tolerance);
    return { convention, base: nice(base, tolerance / 4), rotaryDims: dims, ...parameters, matches: fit.unmatchedPairs.length === 0, ...fit };
  };
  const same = (a, b) => Math.abs(a - b) <= within * 2 * b;
  const first = divisors[0], last = divisors[known - 1];
  if (divisors.every((r) => same(r, first))) {
    const note = 'dynamic NTK scaling past its original length is this shape too, with a larger base';
    return same(first, 1) ? { ...guess('default', {}, null), note }
      : guess('linear', { factor: nice(first, within) }, { rope_type: 'linear', factor: nice(first, within) });
  }
  const candidates = [guess('default', {}, null)];
  if (same(first, 1) && last > 1 && Number.isFinite(last)) {
    const factor = nice(last, within);
    // The smoothed band: 1/r = (1 − s)/factor + s, s rising from 0 (pair kept) to 1.
    const band = [];
    divisors.forEach((r, i) => { if (r > 1 + within && r < factor * (1 - within)) band.push([i, (1 / r - 1 / factor) / (1 - 1 / factor)]); });
    // llama3: s = (original / wavelength − low) / (high − low), wavelength 2π / plain_i; Llama 3.x
    // use low 1, high 4, and original 8192 when no pair falls in the band.
    for (const [low, high] of [[1, 4]]) {
      const originals = band.map(([i, s]) => (s * (high - low) + low) * (2 * Math.PI / plain[i]));
      const original = originals.length ? nice(median(originals)) : 8192;
      candidates.push(guess('llama3', { factor, originalContext: original, lowFreqFactor: low, highFreqFactor: high },
        { rope_type: 'llama3', factor, low_freq_factor: low, high_freq_factor: high, original_max_position_embeddings: original }));
    }
    // YaRN: its ramp runs over pair indices between correction dimensions that beta_fast 32 and
    // beta_slow 1 set from the original context: tried at every power of two.
    for (let original = 512; original <= 1 << 21; original *= 2)
      candidates.push(guess('yarn', { factor, originalContext: original, betaFast: 32, betaSlow: 1 },
        { rope_type: 'yarn', factor, original_max_position_embeddings: original }));
  }
  return candidates.sort((a, b) => a.maxRelativeError - b.maxRelativeError)[0];
}

// An angle in (−π, π].
const wrap = (a) => a - 2 * Math.PI * Math.round(a / (2 * Math.PI));

/**
 * A cos/sin cache: cos (and sin, if the file has it) as rows = positions, cols. Finds the column
 * layout (the angles of pair i in columns i and i + cols/2: 'concatenated', as transformers'
 * cat(freqs, freqs); in 2i and 2i + 1: 'interleaved'; once each: 'half'), the amplitude (YaRN's
 * and LongRoPE's attention factor multiplies both), the frequencies (refined over far rows: the
 * angle of row n is n·f plus the first row's), and the position of the first row.
 */
export function identifyCache(api, cos, sin, rows, cols, { dtype = 'F32' } = {}) {
  const at = (m, r, c) => m[r * cols + c];
  const equalColumns = (pairOf) => {
    for (let r = 0; r < Math.min(rows, 64); r++)
      for (let c = 0; c < cols / 2; c++) {
        const [a, b] = pairOf(c);
        if (Math.abs(at(cos, r, a) - at(cos, r, b)) > 1e-6) return false;
      }
    return true;
  };
  const layout = cols % 2 === 0 && equalColumns((c) => [c, c + cols / 2]) ? 'concatenated'
    : cols % 2 === 0 && equalColumns((c) => [2 * c, 2 * c + 1]) ? 'interleaved' : 'half';
  const pairs = layout === 'half' ? cols : cols / 2;
  const column = (i) => (layout === 'interleaved' ? 2 * i : i);
  let amplitude = sin ? Math.hypot(at(cos, 0, 0), at(sin, 0, 0)) : 0;
  if (!sin) for (let r = 0; r < rows; r++) amplitude = Math.max(amplitude, Math.abs(at(cos, r, 0)));
  // Row n's angle of pair i; with cos alone, its two candidates ±acos.
  const angle = (r, i) => (sin ? [Math.atan2(at(sin, r, column(i)), at(cos, r, column(i)))]
    : [1, -1].map((s) => s * Math.acos(Math.max(-1, Math.min(1, at(cos, r, column(i)) / amplitude)))));
  const frequencies = new Float64Array(pairs), first = new Float64Array(pairs);
  for (let i = 0; i < pairs; i++) {
    const a0 = angle(0, i)[0];
    first[i] = a0;
    const step = angle(1, i).map((a) => wrap(a - a0)).sort((a, b) => Math.abs(a) - Math.abs(b));
    let f = sin ? step[0] : Math.abs(step[0]);
    // n·f must land on row n's angle: each doubling fixes the next digits.
    for (let n = 2; n < rows; n = Math.min(2 * n, rows - 1)) {
      const predicted = a0 + n * f;
      const nearest = angle(n, i).map((a) => a + 2 * Math.PI * Math.round((predicted - a) / (2 * Math.PI)))
        .sort((x, y) => Math.abs(x - predicted) - Math.abs(y - predicted))[0];
      f = (nearest - a0) / n;
      if (n === rows - 1) break;
    }
    frequencies[i] = f;
  }
  // With cos alone, an angle a is read to about 6·10⁻⁸ / a (cos is flat near 0): pairs that turn
  // less than half a radian over all the rows are not read to float32's digits (known: how many are).
  let known = pairs;
  if (!sin) while (known > 0 && frequencies[known - 1] * (rows - 1) < 0.5) known--;
  // The first row's position: from the slowest pair read, where it has not wrapped around.
  const slowest = known - 1;
  const offset = frequencies[slowest] > 0 ? first[slowest] / frequencies[slowest] : 0;
  return { layout, amplitude, offset: Math.abs(offset - Math.round(offset)) < 1e-3 ? Math.round(offset) : offset, frequencies,
    pairsRead: known, identified: identifyFrequencies(api, frequencies, { known, dtype }) };
}

// The sinusoid tables a checkpoint may hold, by the package's convention names.
const TABLES = ['paper', 'tensor2tensor', 'tf-tutorial', 'stable-diffusion', 'dit'];

/**
 * A table of position vectors (rows = positions): which sinusoid convention wrote it, if any
 * (every row within `tolerance` of the convention's row at position row + offset, offset 0–2;
 * rows of zeros, as fairseq's padding row, allowed and listed), else the closest; and how far its
 * dot products are from depending on offsets only (nearestToeplitz), beside the sinusoid's 0.
 */
export function identifyTable(api, data, rows, cols, { dtype = 'F32' } = {}) {
  // A table's values are sin and cos in [−1, 1]: their type's absolute step (bfloat16: 2⁻⁸).
  const tolerance = { F16: 2e-3, BF16: 8e-3 }[dtype] ?? 1e-3;
  const zeroRows = [];
  for (let r = 0; r < rows; r++) {
    let zero = true;
    for (let c = 0; c < cols && zero; c++) zero = data[r * cols + c] === 0;
    if (zero) zeroRows.push(r);
  }
  const zero = new Set(zeroRows);
  let best = { convention: undefined, offset: 0, matchingRows: 0, firstDifferentRow: 0, maxAbsError: Infinity };
  // (the package's encodings stop at 65,536 dimensions: a wider table is no sinusoid table)
  if (cols <= 65536) search: for (const convention of TABLES) for (const offset of [0, 1, 2]) {
    if (cols % 2 && convention !== 'paper') continue;
    const e = api.encoding(rows, cols, { convention, start: offset, dtype: 'float64' }).data;
    let matching = 0, worstError = 0, firstBad;
    for (let r = 0; r < rows; r++) {
      let error = 0;
      for (let c = 0; c < cols; c++) error = Math.max(error, Math.abs(data[r * cols + c] - e[r * cols + c]));
      if (error <= tolerance) matching++;
      else if (!zero.has(r)) { firstBad ??= r; worstError = Math.max(worstError, error); }
    }
    const fit = { convention, offset, matchingRows: matching, firstDifferentRow: firstBad, maxAbsError: worstError };
    if (best.convention === undefined || matching > best.matchingRows) best = fit;
    if (firstBad === undefined && matching > rows / 2) break search;
  }
  const sinusoid = best.firstDifferentRow === undefined && best.matchingRows > rows / 2;
  return { sinusoid, zeroRows, closest: best, toeplitz: toeplitzOf(api, data, rows, cols), gram: gramOf(data, rows, cols) };
}

// T·Tᵀ to draw: every `step`-th row, at most GRAM_ROWS of them (a 256 × 256 heatmap).
const GRAM_ROWS = 256;
function gramOf(data, rows, cols) {
  const step = Math.ceil(rows / GRAM_ROWS), size = Math.ceil(rows / step);
  const gram = new Float64Array(size * size);
  for (let i = 0; i < size; i++)
    for (let j = i; j < size; j++) {
      let dot = 0;
      const a = i * step * cols, b = j * step * cols;
      for (let k = 0; k < cols; k++) dot += data[a + k] * data[b + k];
      gram[i * size + j] = gram[j * size + i] = dot;
    }
  return { step, size, data: gram };
}

// nearestToeplitz within its work cap (rows² · cols / 2 ≤ 2³²): a longer table (OPT's 2050 ×
// 4096) is read every `step` rows, which keeps its diagonals (Δ in steps of `step`).
function toeplitzOf(api, data, rows, cols) {
  const step = Math.max(1, Math.ceil(Math.sqrt(rows * rows * cols / 2 / 2 ** 32)));
  const kept = Math.ceil(rows / step);
  const sampled = step === 1 ? data : Float64Array.from({ length: kept * cols }, (_, k) => data[(Math.floor(k / cols) * step) * cols + (k % cols)]);
  const { kernel, distance } = api.nearestToeplitz({ rows: kept, cols, data: sampled });
  return { distance, kernel, step };
}
