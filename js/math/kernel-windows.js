// The kernel D(Δ) = Σ_i cos(Δ·ω_i), Δ = 0 … maxOffset, as `pe.dotKernel` windows (its `start`
// option) of about WINDOW_TERMS cosine terms each (1–2 ms here), so a page can spread a long
// kernel (131072 offsets at dModel 8192: 5·10⁸ terms, ~0.4 s) across tasks. Shared by the
// near-repeat finder and the dot-product chart.

/** Cosine terms per window. */
export const WINDOW_TERMS = 1 << 21;

/** Yields `{ from, to, kernel }`: kernel[j] = D(from + j) for from + j ≤ to, windows in order. */
export function* kernelWindows(pe, maxOffset, dModel, scheme) {
  const size = Math.max(64, Math.floor(WINDOW_TERMS / (dModel / 2)));
  for (let from = 0; from <= maxOffset; from += size) {
    const to = Math.min(maxOffset, from + size - 1);
    yield { from, to, kernel: pe.dotKernel(to, dModel, { ...scheme, start: from }) };
  }
}
