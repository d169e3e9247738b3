// Positions on a grid (the story's images-and-video section, <posenc-grid>): what the charts read
// out of the package's 2D and 3D tables, with no drawing. A patch sits at row y and column x
// of an H × W grid, raster order r = y·W + x (frame t outer for video). The 2D sin-cos table
// (pe.encoding2d, MAE's layout) is two 1D encodings of dModel/2 numbers, all sines first: the
// first half of the columns encodes the column x (the half MAE's code names `emb_h`), the
// second the row y, pair i of each turning at ω_i = base^(−i/(dModel/4)) = base^(−4i/dModel).
// So PE(y, x)·PE(y′, x′) = D_x(x − x′) + D_y(y − y′), each D the 1D kernel of section 5 at
// dModel/2 (pe.dotKernel): the Gram matrix is block-Toeplitz with Toeplitz blocks.

/** The columns of a 2D table of `dModel` (MAE's layout) for pair i: { sinX, cosX, sinY, cosY }. */
export function columns2d(dModel, i) {
  const q = dModel / 4;
  return { sinX: i, cosX: q + i, sinY: 2 * q + i, cosY: 3 * q + i };
}

/** What column c of a 2D table of `dModel` holds: { axis: 'x' | 'y', fn: 'sin' | 'cos', pair }. */
export function column2d(c, dModel) {
  const q = dModel / 4, block = Math.floor(c / q);
  return { axis: block < 2 ? 'x' : 'y', fn: block % 2 === 0 ? 'sin' : 'cos', pair: c % q };
}

/**
 * What column c of a 3D table (pe.encoding3d, CogVideoX's layout) holds: the temporal block
 * (dModel/4 columns: sin then cos of t) or the spatial one (3·dModel/4: the 2D layout, column
 * half first): { block: 'time' | 'space', axis: 't' | 'x' | 'y', fn, pair, pairs } (pairs: the
 * pairs of that axis, so ω_pair = base^(−pair/pairs)).
 */
export function column3d(c, dModel) {
  const tq = dModel / 8, sq = (3 * dModel) / 16;
  if (c < 2 * tq) return { block: 'time', axis: 't', fn: c < tq ? 'sin' : 'cos', pair: c % tq, pairs: tq };
  const s = c - 2 * tq, block = Math.floor(s / sq);
  return { block: 'space', axis: block < 2 ? 'x' : 'y', fn: block % 2 === 0 ? 'sin' : 'cos', pair: s % sq, pairs: sq };
}

/** The 3D table's columns that the video chart shows for pair i: [time sin, space column sin, space row sin]. */
export function columns3d(dModel, i) {
  const tq = dModel / 8, sq = (3 * dModel) / 16;
  return [i, 2 * tq + i, 2 * tq + 2 * sq + i];
}

/**
 * The two kernels of a Gram matrix of an H × W grid at dModel: D(Δ) = Σ_i cos(Δ·ω_i) over the
 * dModel/4 pairs of one axis, for Δ = 0 … W − 1 (x) and 0 … H − 1 (y), from pe.dotKernel at
 * dModel/2 (its ω_i = base^(−2i/(dModel/2)), the same frequencies). { x, y } (Float64Arrays).
 */
export function axisKernels(pe, height, width, dModel, base = 10000) {
  const both = pe.dotKernel(Math.max(height, width) - 1, dModel / 2, { base });
  return { x: both.slice(0, width), y: both.slice(0, height) };
}

/**
 * How far a matrix over patch pairs (rows: patch p, columns: patch p′, raster order) is from
 * depending on (Δy, Δx) alone: the largest |M[p, p′] − M[first pair at the same offset]|.
 */
export function offsetSpread({ data }, height, width) {
  // The first value at each offset, by (Δy + H − 1)·(2W − 1) + Δx + W − 1; NaN until seen.
  const first = new Float64Array((2 * height - 1) * (2 * width - 1)).fill(NaN);
  let spread = 0;
  const n = height * width;
  for (let p = 0; p < n; p++) {
    const y = Math.floor(p / width), x = p % width;
    for (let q = 0; q < n; q++) {
      const key = (Math.floor(q / width) - y + height - 1) * (2 * width - 1) + (q % width) - x + width - 1, v = data[p * n + q];
      if (Number.isNaN(first[key])) first[key] = v;
      else spread = Math.max(spread, Math.abs(v - first[key]));
    }
  }
  return spread;
}

/**
 * Axial 2D RoPE scores over a grid: q and k turned at every patch by pe.rope with positions
 * [rows, columns] and `axes` (EVA-02: [headDim/2, headDim/2], rows first), then every
 * q(p)·k(p′): { rows: H·W, cols: H·W, data }, and the turned tables { q, k }.
 */
export function axialScores(pe, height, width, q, k, { axes, base = 10000, layout = 'interleaved' }) {
  const n = height * width, d = q.length;
  const ys = Array.from({ length: n }, (_, p) => Math.floor(p / width)), xs = Array.from({ length: n }, (_, p) => p % width);
  const tiled = (v) => {
    const data = new Float64Array(n * d);
    for (let p = 0; p < n; p++) data.set(v, p * d);
    return { rows: n, cols: d, data };
  };
  const options = { positions: [ys, xs], axes, base, layout, dtype: 'float64' };
  const turnedQ = pe.rope(tiled(q), options).data, turnedK = pe.rope(tiled(k), options).data;
  const data = new Float64Array(n * n);
  for (let p = 0; p < n; p++)
    for (let r = 0; r < n; r++) {
      let sum = 0;
      for (let c = 0; c < d; c++) sum += turnedQ[p * d + c] * turnedK[r * d + c];
      data[p * n + r] = sum;
    }
  return { rows: n, cols: n, data, q: turnedQ, k: turnedK };
}

// The prompt of the M-RoPE chart, as text: items by commas, `text N`, `image TxHxW`,
// `video TxHxW` with an optional ` s=S` (seconds per temporal patch; 1 by default, what
// Qwen2.5-VL's processor gives at its default 2 frames per second). Grid sizes are before the
// spatial merge, as image_grid_thw: an image or video segment is T·H·W/merge² tokens.
const ITEM = /^(text)\s+(\d+)$|^(image|video)\s+(\d+)\s*[x×]\s*(\d+)\s*[x×]\s*(\d+)(?:\s+s\s*=\s*(\d+(?:\.\d+)?|\.\d+))?$/i;

/** Limits of a prompt the chart draws. */
export const PROMPT_LIMITS = { items: 12, text: 512, grid: 128, frames: 64, tokens: 4096 };

/**
 * A prompt's text read: { segments (pe.mropePositions' form), text (the canonical form) } or
 * { error } naming the item at fault.
 */
export function parsePrompt(source) {
  const items = String(source).split(/[,;]/).map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) return { error: 'the prompt is empty' };
  if (items.length > PROMPT_LIMITS.items) return { error: `at most ${PROMPT_LIMITS.items} items, got ${items.length}` };
  const segments = [], texts = [];
  for (const item of items) {
    const m = item.match(ITEM);
    if (!m) return { error: `"${item}" is none of text N, image TxHxW, video TxHxW s=S` };
    if (m[1]) {
      const n = Number(m[2]);
      if (n < 1 || n > PROMPT_LIMITS.text) return { error: `"${item}": a text of 1 … ${PROMPT_LIMITS.text} tokens` };
      segments.push({ text: n });
      texts.push(`text ${n}`);
      continue;
    }
    const kind = m[3].toLowerCase(), [t, h, w] = [m[4], m[5], m[6]].map(Number);
    if (t < 1 || t > PROMPT_LIMITS.frames) return { error: `"${item}": T must be 1 … ${PROMPT_LIMITS.frames}` };
    if (h < 1 || w < 1 || h > PROMPT_LIMITS.grid || w > PROMPT_LIMITS.grid) return { error: `"${item}": H and W must be 1 … ${PROMPT_LIMITS.grid}` };
    if (kind === 'image') {
      if (m[7] !== undefined) return { error: `"${item}": an image has no seconds per grid` };
      segments.push({ image: [t, h, w] });
      texts.push(`image ${t}x${h}x${w}`);
    } else {
      const s = m[7] === undefined ? 1 : Number(m[7]);
      if (!(s > 0 && s <= 1000)) return { error: `"${item}": s must be above 0 and at most 1000` };
      segments.push({ video: [t, h, w], secondsPerGrid: s });
      texts.push(`video ${t}x${h}x${w}${s === 1 ? '' : ` s=${s}`}`);
    }
  }
  // Tokens at the spatial merge of 2 (both models'): a chart of every token stays drawable.
  const tokens = segments.reduce((n, s) => n + (s.text ?? ((s.image ?? s.video).reduce((a, b) => a * b) / 4)), 0);
  if (tokens > PROMPT_LIMITS.tokens) return { error: `at most ${PROMPT_LIMITS.tokens} tokens (at the models' 2 × 2 merge), got ${tokens}` };
  return { segments, text: texts.join(', ') };
}

/** A config's spatial merge (vision_config.spatial_merge_size; 2, transformers' default, when absent). */
export function mergeOf(config) {
  const merge = config?.vision_config?.spatial_merge_size;
  return Number.isInteger(merge) && merge > 0 ? merge : 2;
}

/**
 * Every token of a prompt, in order: { segment, kind ('text' | 'image' | 'video'), at (its index
 * in its segment), frame, row, col (on the merged grid, for image and video tokens) }. Vision
 * tokens run frame by frame, each frame row by row, as get_rope_index orders them.
 */
export function promptTokens(segments, merge) {
  const out = [];
  segments.forEach((s, segment) => {
    if (s.text !== undefined) {
      for (let at = 0; at < s.text; at++) out.push({ segment, kind: 'text', at });
      return;
    }
    const kind = s.image ? 'image' : 'video', [t, h, w] = s.image ?? s.video, rows = Math.floor(h / merge), cols = Math.floor(w / merge);
    for (let at = 0; at < t * rows * cols; at++)
      out.push({ segment, kind, at, frame: Math.floor(at / (rows * cols)), row: Math.floor((at % (rows * cols)) / cols), col: at % cols });
  });
  return out;
}

/**
 * Where the two text-start rules part (pe.mropePositions' textStart): `trained` and `side` are
 * the [t, h, w] ids under 'max+1' and 'start+side'. The first token whose ids differ is the first
 * text after a video whose t ids reach past its larger merged side: { token, trained, side }
 * (its id under each rule), or null.
 */
export function textStartGap(trained, side) {
  const n = trained[0].findIndex((id, k) => id !== side[0][k]);
  return n < 0 ? null : { token: n, trained: trained[0][n], side: side[0][n] };
}
