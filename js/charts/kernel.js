// The dot-product kernel D(Δ) = Σ_i cos(Δ·ω_i) for engineer sizes (131072 offsets at d = 8192
// are 5·10⁸ cosines, seconds of work): a strided preview at once, then every offset in slices
// of a few milliseconds across animation frames, so no task blocks the page.

import { inFrames } from './frames.js';

// Steps of the rotation recurrence before restarting from an exact cos/sin: each step adds
// about one rounding (1e-16), so a block stays within ~1e-13 of exact per term.
const BLOCK = 512;

/**
 * D(first + k·stride) for k = 0 … count − 1, added into `out` (zeroed by the caller), by
 * rotating (cos Δω, sin Δω) one stride at a time: cos((Δ + s)ω) = cos Δω·cos sω − sin Δω·sin sω
 * (and likewise sin), restarted from Math.cos/Math.sin every BLOCK steps.
 */
export function addKernel(omega, first, count, stride, out) {
  for (const w of omega) {
    const cs = Math.cos(stride * w), sn = Math.sin(stride * w);
    for (let start = 0; start < count; start += BLOCK) {
      let c = Math.cos((first + start * stride) * w), s = Math.sin((first + start * stride) * w);
      for (let k = start, end = Math.min(count, start + BLOCK); k < end; k++) {
        out[k] += c;
        const next = c * cs - s * sn;
        s = s * cs + c * sn;
        c = next;
      }
    }
  }
  return out;
}

/** D(Δ) at one offset, summed directly (for readouts). */
export function kernelAt(omega, delta) {
  let sum = 0;
  for (const w of omega) sum += Math.cos(delta * w);
  return sum;
}

/**
 * Computes D(0 … count − 1) in slices across animation frames (frames.js); onDone(kernel) when
 * complete. Returns cancel().
 */
export function kernelInFrames(omega, count, onDone) {
  const out = new Float64Array(count);
  // ~2¹⁹ terms a slice: a few milliseconds.
  const slice = Math.max(16, Math.floor((1 << 19) / omega.length));
  return inFrames(count, slice, (from, to) => addKernel(omega, from, to - from, 1, out.subarray(from, to)), () => onDone(out));
}
