// The kernel D(Δ) = Σ_i cos(Δ·ω_i), Δ = 0 … maxOffset, as `pe.dotKernel` windows (its `start`
// option) of about WINDOW_TERMS cosine terms each (1–2 ms here), so a page can spread a long
// kernel (131072 offsets at dModel 8192: 5·10⁸ terms, ~0.4 s) across tasks. Shared by the
// near-repeat finder and the dot-product chart.

/** Cosine terms per window. */
export const WINDOW_TERMS = 1 << 21;

// A kernel of more windows starts with smaller ones: a fresh page or process runs the kernel in
// V8's baseline tier (5–10× slower until the optimized code is in), where a full window took
// 20–90 ms. Sizes double from 1/32 of a window (a fixed schedule: the windows, and so the values,
// never depend on timing). A kernel of one window is one call.
const FIRST_TERMS = WINDOW_TERMS >> 5;

/** Yields `{ from, to, kernel }`: kernel[j] = D(from + j) for from + j ≤ to, windows in order. */
export function* kernelWindows(pe, maxOffset, dModel, scheme) {
  const offsets = (terms) => Math.max(64, Math.floor(terms / (dModel / 2)));
  const first = maxOffset < offsets(WINDOW_TERMS) ? WINDOW_TERMS : FIRST_TERMS;
  for (let from = 0, terms = first; from <= maxOffset; terms = Math.min(WINDOW_TERMS, terms * 2)) {
    const to = Math.min(maxOffset, from + offsets(terms) - 1);
    yield { from, to, kernel: pe.dotKernel(to, dModel, { ...scheme, start: from }) };
    from = to + 1;
  }
}
