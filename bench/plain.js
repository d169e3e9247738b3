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

// MAE's 2D table the plain way, for an H × W grid in raster order: the first d/2 columns are
// the column index j as [sin(j·ω_k) … cos(j·ω_k) …], the second d/2 the row index i, with
// ω_k = 10000^(−k/(d/4)).
export function encoding2dJS(h, w, d, out = new Float32Array(h * w * d)) {
  const quarter = d / 4;
  const omega = Float64Array.from({ length: quarter }, (_, k) => 1 / 10000 ** (k / quarter));
  for (let i = 0; i < h; i++)
    for (let j = 0; j < w; j++) {
      const row = (i * w + j) * d;
      for (let k = 0; k < quarter; k++) {
        out[row + k] = Math.sin(j * omega[k]);
        out[row + quarter + k] = Math.cos(j * omega[k]);
        out[row + 2 * quarter + k] = Math.sin(i * omega[k]);
        out[row + 3 * quarter + k] = Math.cos(i * omega[k]);
      }
    }
  return out;
}

// The 2D Gram matrix the naive way: the table, then every dot product (symmetric half), float64.
export function dotMatrix2dNaiveJS(h, w, d) {
  const pe = encoding2dJS(h, w, d, new Float64Array(h * w * d)), n = h * w, out = new Float64Array(n * n);
  for (let a = 0; a < n; a++)
    for (let b = a; b < n; b++) {
      let s = 0;
      for (let c = 0; c < d; c++) s += pe[a * d + c] * pe[b * d + c];
      out[a * n + b] = out[b * n + a] = s;
    }
  return out;
}
