// The plain JS a user would write instead of posenc, which the benchmarks time it against.

// The plain JS loop a user would write: Math.sin/Math.cos into a Float32Array.
export function encodingJS(n, d, out = new Float32Array(n * d)) {
  for (let i = 0; i < d / 2; i++) {
    const w = Math.exp((-2 * i * Math.log(10000)) / d);
    for (let p = 0; p < n; p++) {
      out[p * d + 2 * i] = Math.sin(p * w);
      out[p * d + 2 * i + 1] = Math.cos(p * w);
    }
  }
  return out;
}

// Rotary embeddings the plain way: Math.cos/Math.sin per pair, interleaved pairs, base 10000.
export function ropeJS(data, n, d, out = new Float32Array(n * d)) {
  const inv = Float64Array.from({ length: d / 2 }, (_, i) => Math.exp((-2 * i * Math.log(10000)) / d));
  for (let p = 0; p < n; p++)
    for (let i = 0; i < d / 2; i++) {
      const a = p * inv[i], c = Math.cos(a), s = Math.sin(a);
      const x1 = data[p * d + 2 * i], x2 = data[p * d + 2 * i + 1];
      out[p * d + 2 * i] = x1 * c - x2 * s;
      out[p * d + 2 * i + 1] = x1 * s + x2 * c;
    }
  return out;
}

// PE·PEᵀ the naive way: the encoding, then every dot product (symmetric half).
export function dotMatrixNaiveJS(n, d) {
  const pe = encodingJS(n, d), out = new Float32Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = i; j < n; j++) {
      let s = 0;
      for (let c = 0; c < d; c++) s += pe[i * d + c] * pe[j * d + c];
      out[i * n + j] = out[j * n + i] = s;
    }
  return out;
}

// The dot-product matrix the way a user who knows it is Toeplitz would write it in plain JS:
// the kernel row D(k) = Σ_i cos(k·ω_i) with Math.cos (N·d/2 terms), then M[i][j] = D(|i − j|).
export function dotMatrixToeplitzJS(n, d, out = new Float32Array(n * n)) {
  const kernel = new Float64Array(n);
  for (let i = 0; i < d / 2; i++) {
    const w = Math.exp((-2 * i * Math.log(10000)) / d);
    for (let k = 0; k < n; k++) kernel[k] += Math.cos(k * w);
  }
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) out[i * n + j] = kernel[Math.abs(i - j)];
  return out;
}
