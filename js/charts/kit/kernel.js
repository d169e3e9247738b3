// The dot-product kernel D(Δ) = Σ_i cos(Δ·ω_i) for engineer sizes (131072 offsets at d = 8192
// are 5·10⁸ cosine terms, ~0.4 s in wasm): a strided preview at once, then every offset in
// `pe.dotKernel` windows of a millisecond or two (js/math/kernel-windows.js), ~12 ms of them per
// task (slices.js), so no task blocks the page.

import { kernelWindows } from '../../math/kernel-windows.js';
import { sliced } from './slices.js';

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

/** D(Δ) at one offset, summed directly (readouts; the family view's sampled curves). */
export function kernelAt(omega, delta) {
  let sum = 0;
  for (const w of omega) sum += Math.cos(delta * w);
  return sum;
}

/**
 * D(0 … count − 1) from the package in windows, sliced across tasks: `{ done, cancel }`, done
 * resolving with the kernel (see slices.js).
 */
export function kernelInSlices(pe, count, dModel, scheme) {
  function* windows() {
    const out = new Float64Array(count);
    for (const { from, kernel } of kernelWindows(pe, count - 1, dModel, scheme)) {
      out.set(kernel, from);
      yield;
    }
    return out;
  }
  return sliced(windows());
}
