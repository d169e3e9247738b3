// The (t, h, w) position ids of a Qwen2-VL / Qwen2.5-VL prompt, as the checkpoints were trained
// with them. Two rules are in use for where text resumes after an image or a video:
// - 'max+1' (the default): one past the largest id so far. The Qwen2-VL paper (arXiv 2409.12191,
//   §2.1: "position numbering for each modality is initialized by incrementing the maximum
//   position ID of the preceding modality by one"), Qwen's own training code
//   (QwenLM/Qwen3-VL qwen-vl-finetune/qwenvl/data/rope2d.py: st_idx = llm_pos_ids_list[-1].max()
//   + 1), vLLM, and transformers up to v5.2 (e.g. 4.45 – 4.5x, 4542b8fb).
// - 'start+side': the block's first id plus its larger merged side, max(H', W'): transformers
//   since v5.3 (PR #43972, c281a2de; kept by the fix of issue #45381, PR #45400, which restored
//   the video's t ids only).
// They differ only after a video whose t ids reach past its larger merged side (T - 1 >
// max(H', W') - 1 for Qwen2-VL, (T - 1) · interval for Qwen2.5-VL): transformers' following text
// then takes ids the video's last frames already have.
//
// Everything else follows transformers main: `get_rope_index` and `get_vision_position_ids` of
// Qwen2VLModel and Qwen2_5_VLModel (src/transformers/models/qwen2_vl/modeling_qwen2_vl.py,
// qwen2_5_vl/modeling_qwen2_5_vl.py at huggingface/transformers
// decba1d2ea4ed3cbf0495d1828abad4b2dba1846, with PR #48669 merged since: fractional video
// intervals, below). Pure integer logic; the positions feed pe.rope's multimodal RoPE
// ({ config, positions: [t, h, w] }).
//
// The prompt is a list of segments: { text: n } (n text tokens, <|vision_start|> and
// <|vision_end|> included), { image: [t, h, w] } and { video: [t, h, w], secondsPerGrid } (the
// grid before the spatial merge, as image_grid_thw / video_grid_thw: the segment is its
// t·h·w / merge² pad tokens). transformers main walks runs of one token type (mm_token_type_ids:
// 0 text, 1 image, 2 video); `current_pos` starts at 0:
// - text of n tokens: t = h = w = current_pos + i, then current_pos += n;
// - a vision block of grid (T, H, W), merged grid H' = H / m, W' = W / m (m =
//   vision_config.spatial_merge_size): token (k, r, c) in that order (frame outer, then rows,
//   then columns) gets t = current_pos + k · interval, h = current_pos + r, w = current_pos + c;
//   then current_pos moves on by the text-start rule. For Qwen2-VL and Qwen2.5-VL's images the
//   frame's t is current_pos + k; for a Qwen2.5-VL video current_pos + int(k · interval) with
//   interval = vision_config.tokens_per_second · second_per_grid_t, kept fractional and truncated
//   after the product (PR #48669, merged 2026-09-10: "[0, 1, 2, 3] instead of [0, 0, 0, 0]" for
//   0.5 s per grid at 2 tokens per second; Qwen's code and vLLM truncate the product too). The
//   arithmetic is torch's float32: the processor hands second_per_grid_ts over as a float32
//   tensor, int · float32 tensor stays float32.
//
// Where older transformers differ otherwise (docs/vision.md "## mropePositions"):
// - Fractional second_per_grid_t (Qwen2.5-VL): 4.49 – 4.51 truncate the product
//   int(k · second_per_grid_t · tokens_per_second), as main does again since PR #48669 (their
//   float32 roundings, (k · s) · tps there and k · (tps · s) here, agree when tokens_per_second is
//   a power of two, as in every Qwen2.5-VL config seen: 2 in the 7B); 4.52
//   (PR #37597) until #48669 (decba1d2 among them) truncate the seconds first,
//   k · tokens_per_second · int(second_per_grid_t): 0.5 s per grid puts every frame at one t.
//   All agree for whole seconds (the processor's default fps = 2 with temporal_patch_size 2
//   gives exactly 1.0).
// - Qwen2.5-VL images: 4.49 – 5.2 gave them second_per_grid_t = 0 (every t at the start), main
//   interval 1 (PR #45330): the same for an image's usual T = 1.

import { describe, isObject } from './describe.js';

const MODELS = Object.freeze({
  qwen2_vl: { name: 'Qwen2-VL', spacesVideo: false },
  qwen2_5_vl: { name: 'Qwen2.5-VL', spacesVideo: true },
});

// The vision config's defaults (Qwen2VLVisionConfig, Qwen2_5_VLVisionConfig at decba1d2):
// spatial_merge_size 2 for both, tokens_per_second 4 for Qwen2.5-VL (the 7B's config says 2).
const DEFAULTS = Object.freeze({ spatial_merge_size: 2, tokens_per_second: 4 });

const KINDS = ['text', 'image', 'video'];
// Where text resumes after an image or video (see above): one past the largest id so far, or
// the block's first id plus its larger merged side.
const TEXT_STARTS = ['max+1', 'start+side'];
const SEGMENT = 'a segment is { text: n }, { image: [t, h, w] } or { video: [t, h, w], secondsPerGrid }';

// A whole number >= min from the config (a RangeError naming its key when it is not one).
function whole(value, path, min) {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
    throw new (typeof value === 'number' ? RangeError : TypeError)(`${path} must be a whole number >= ${min}, got ${describe(value)}`);
  return value;
}

function integer(name, value, min) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer >= ${min}, got ${value}`);
  return value;
}

/** The model's settings get_rope_index reads: { model, merge, tokensPerSecond }. */
function settingsOf(config) {
  if (!isObject(config)) throw new TypeError(`config must be a config.json object, got ${describe(config)}`);
  const type = config.model_type;
  if (!Object.hasOwn(MODELS, type)) {
    const qwen3 = typeof type === 'string' && type.startsWith('qwen3_vl');
    throw new RangeError(`config.model_type must be 'qwen2_vl' or 'qwen2_5_vl' (the get_rope_index posenc follows), got ${describe(type)}`
      + (qwen3 ? ' (Qwen3-VL splits videos into frames with timestamp tokens: a different get_rope_index)' : ''));
  }
  const vision = config.vision_config ?? {};
  if (!isObject(vision)) throw new TypeError(`config.vision_config must be an object, got ${describe(vision)}`);
  const merge = whole(vision.spatial_merge_size ?? DEFAULTS.spatial_merge_size, 'config.vision_config.spatial_merge_size', 1);
  const model = MODELS[type];
  const tokensPerSecond = model.spacesVideo
    ? whole(vision.tokens_per_second ?? DEFAULTS.tokens_per_second, 'config.vision_config.tokens_per_second', 0) : 0;
  return { model, merge, tokensPerSecond };
}

// One segment, checked: { kind: 'text', count } or { kind, grid: [t, h, w], seconds }.
function segmentOf(segment, i, merge) {
  const at = `segments[${i}]`;
  if (!isObject(segment)) throw new TypeError(`${at} must be an object (${SEGMENT}), got ${describe(segment)}`);
  const keys = Object.keys(segment);
  const kinds = keys.filter((k) => KINDS.includes(k));
  if (kinds.length !== 1)
    throw new TypeError(`${at} must have exactly one of text, image, video (${SEGMENT}), got ${kinds.length ? kinds.join(' and ') : 'none'}`);
  const [kind] = kinds;
  for (const key of keys)
    if (key !== kind && !(kind === 'video' && key === 'secondsPerGrid'))
      throw new TypeError(`${at} has no key "${key}" (${SEGMENT})`);
  if (kind === 'text') return { kind, count: integer(`${at}.text`, segment.text, 0) };
  const grid = segment[kind];
  if (!Array.isArray(grid)) throw new TypeError(`${at}.${kind} must be an array [t, h, w] (the grid before the spatial merge), got ${describe(grid)}`);
  if (grid.length !== 3) throw new RangeError(`${at}.${kind} must be [t, h, w] (3 grid sizes), got ${grid.length} entries`);
  grid.forEach((v, k) => integer(`${at}.${kind}[${k}]`, v, 1));
  for (const k of [1, 2])
    if (grid[k] % merge)
      throw new RangeError(`${at}.${kind}[${k}] must be a multiple of config.vision_config.spatial_merge_size = ${merge} (the merged grid), got ${grid[k]}`);
  let seconds = 1;  // transformers main: second_per_grid_ts None gives 1 per video
  if (segment.secondsPerGrid !== undefined) {
    seconds = segment.secondsPerGrid;
    if (typeof seconds !== 'number') throw new TypeError(`${at}.secondsPerGrid must be a number, got ${describe(seconds)}`);
    if (!(Number.isFinite(seconds) && seconds >= 0)) throw new RangeError(`${at}.secondsPerGrid must be a finite number >= 0, got ${seconds}`);
  }
  return { kind, grid, seconds };
}

// Frame k's t offset: k, or for a Qwen2.5-VL video (spaced) int(k · interval) in torch's float32,
// interval = float32(tokensPerSecond · float32(seconds)) (a product of two float32 values is
// exact in double, so Math.fround rounds it as torch does).
function frameIds(spaced, tokensPerSecond, seconds) {
  if (!spaced) return (k) => k;
  const interval = Math.fround(Math.fround(tokensPerSecond) * Math.fround(seconds));
  return (k) => Math.trunc(Math.fround(k * interval));
}

/**
 * get_rope_index's position ids for `segments` under `config` (model_type qwen2_vl or
 * qwen2_5_vl), text resuming after a vision block by `textStart` ('max+1' or 'start+side', see
 * above): { positions: [t, h, w] (Float64Arrays, one id per token), ropeDelta } where
 * ropeDelta = largest id + 1 − tokens (transformers' mrope_position_deltas: token n ≥ the prompt's
 * length decodes at n + ropeDelta on all three axes). maxTokens caps the prompt's length.
 */
export function mropePositions(config, segments, { maxTokens = Infinity, textStart = 'max+1' } = {}) {
  const { model, merge, tokensPerSecond } = settingsOf(config);
  if (!TEXT_STARTS.includes(textStart))
    throw new (typeof textStart === 'string' ? RangeError : TypeError)(`textStart must be ${TEXT_STARTS.map((r) => `'${r}'`).join(' or ')}, got ${describe(textStart)}`);
  if (!Array.isArray(segments)) throw new TypeError(`segments must be an array of segments (${SEGMENT}), got ${describe(segments)}`);
  const parsed = segments.map((s, i) => segmentOf(s, i, merge));
  // transformers main groups consecutive tokens of one type (itertools.groupby over
  // mm_token_type_ids) and takes one grid per group: two images (or videos) with no text between
  // would be read as one, and its positions would not match the tokens (a shape error there).
  let tokens = 0, previous = null;
  parsed.forEach((s, i) => {
    const size = s.kind === 'text' ? s.count : s.grid[0] * (s.grid[1] / merge) * (s.grid[2] / merge);
    if (size === 0) return;
    if (previous !== null && s.kind !== 'text' && s.kind === parsed[previous].kind)
      throw new RangeError(`segments[${i}] is a${s.kind === 'image' ? 'n' : ''} ${s.kind} right after segments[${previous}], another ${s.kind}: `
        + `transformers reads consecutive ${s.kind} tokens as one ${s.kind} (one run of mm_token_type_ids), so put text between them `
        + '(in a real prompt, <|vision_end|><|vision_start|>)');
    tokens += size;
    previous = i;
    if (tokens > maxTokens)
      throw new RangeError(`segments must make at most ${maxTokens} tokens (the size cap), got ${tokens} by segments[${i}]`);
  });
  const t = new Float64Array(tokens), h = new Float64Array(tokens), w = new Float64Array(tokens);
  let n = 0, current = 0, largest = -1;
  parsed.forEach((s, i) => {
    if (s.kind === 'text') {
      for (let k = 0; k < s.count; k++, n++) t[n] = h[n] = w[n] = current + k;
      largest = Math.max(largest, current + s.count - 1);
      current += s.count;
      return;
    }
    const [frames, rows, cols] = [s.grid[0], s.grid[1] / merge, s.grid[2] / merge];
    const frameT = frameIds(model.spacesVideo && s.kind === 'video', tokensPerSecond, s.seconds);
    // A step past float32's range (0 · Infinity would be NaN) or ids past 2^53: refused.
    if (!Number.isFinite(frameT(1)))
      throw new RangeError(`segments[${i}].secondsPerGrid makes tokens_per_second · secondsPerGrid overflow float32 (transformers computes it in float32), got ${s.seconds}`);
    const last = current + frameT(frames - 1);
    if (!Number.isSafeInteger(last))
      throw new RangeError(`segments[${i}].secondsPerGrid makes the last frame's t id ${last}, past 2^53 - 1 (exact integers)`);
    for (let k = 0; k < frames; k++)
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++, n++) {
          t[n] = current + frameT(k);
          h[n] = current + r;
          w[n] = current + c;
        }
    largest = Math.max(largest, last, current + Math.max(rows, cols) - 1);
    current = textStart === 'max+1' ? largest + 1 : current + Math.floor(Math.max(s.grid[1], s.grid[2]) / merge);
  });
  return { positions: [t, h, w], ropeDelta: largest + 1 - tokens };
}
