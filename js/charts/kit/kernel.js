// The dot-product kernel D(Δ) = Σ_i cos(Δ·ω_i) for engineer sizes (131072 offsets at d = 8192
// are 5·10⁸ cosine terms, ~0.4 s in wasm): every offset in `pe.dotKernel` windows of a
// millisecond or two (js/story/kernel-windows.js), ~12 ms of them per task (slices.js), so no
// task blocks the page (the dots widget shows a strided preview meanwhile, dots.js).

import { kernelWindows } from '../../story/kernel-windows.js';
import { sliced } from './slices.js';

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
