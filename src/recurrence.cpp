#include "recurrence.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "rope.hpp"  // ropePair

namespace posenc {

namespace {

// GCC/Clang vector extensions: SSE2 natively, wasm SIMD128 with -msimd128, scalar elsewhere.
// (No intrinsics header, so the core stays plain C++.)
typedef double f64x2 __attribute__((vector_size(16)));
typedef float f32x2 __attribute__((vector_size(8)));
typedef float f32x4 __attribute__((vector_size(16)));

template <class V, class T>
V load(const T* p) {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <class V, class T>
void store(T* p, V v) {
  std::memcpy(p, &v, sizeof v);
}

// Four doubles (two f64x2) as one f32x4.
#if defined(__wasm_simd128__)
// LLVM 14 lowers __builtin_convertvector(f64x2 -> f32x2) to four scalar f32.demote_f64 with
// lane extracts and inserts, even where wasm has f32x4.demote_f64x2_zero; the asm statement
// makes it emit that one instruction (the double-to-float step was half the kernel's time).
f32x4 demoteLow(f64x2 v) {
  f32x4 out;
  __asm__("local.get %1\n\tf32x4.demote_zero_f64x2\n\tlocal.set %0" : "=r"(out) : "r"(v));
  return out;
}

f32x4 narrow(f64x2 lo, f64x2 hi) {
  return __builtin_shufflevector(demoteLow(lo), demoteLow(hi), 0, 1, 4, 5);
}
#else
f32x4 narrow(f64x2 lo, f64x2 hi) {
  return __builtin_shufflevector(__builtin_convertvector(lo, f32x2), __builtin_convertvector(hi, f32x2),
                                 0, 1, 2, 3);
}
#endif

// Per pair: the step rotation (cos w, sin w) and the running (sin pw, cos pw), padded to a
// multiple of 4 pairs with zeros so the vector loops need no tail.
struct Sweep {
  std::size_t pairs, padded;
  std::vector<double> c1, s1, s, c;

  // Steps of `by` positions: (cos(by w), sin(by w)).
  explicit Sweep(const std::vector<double>& omega, double by = 1)
      : pairs(omega.size()), padded((omega.size() + 3) / 4 * 4),
        c1(padded), s1(padded), s(padded), c(padded) {
    for (std::size_t i = 0; i < pairs; ++i) {
      c1[i] = std::cos(by * omega[i]);
      s1[i] = std::sin(by * omega[i]);
    }
  }

  // The rotation is linear, so seeding amplitude * (sin, cos) carries the amplitude along.
  void seed(double pos, const std::vector<double>& omega, double amplitude = 1) {
    for (std::size_t i = 0; i < pairs; ++i) {
      const double angle = pos * omega[i];
      s[i] = amplitude * std::sin(angle);
      c[i] = amplitude * std::cos(angle);
    }
  }
};

// One step of the rotation for two pairs.
inline void advance(f64x2& s, f64x2& c, f64x2 c1, f64x2 s1) {
  const f64x2 next = s * c1 + c * s1;
  c = c * c1 - s * s1;
  s = next;
}

// Pairs [i, i + 2): their current values, then one step forward.
inline void step(Sweep& sweep, std::size_t i, f64x2& sNow, f64x2& cNow) {
  sNow = load<f64x2>(&sweep.s[i]);
  cNow = load<f64x2>(&sweep.c[i]);
  f64x2 s = sNow, c = cNow;
  advance(s, c, load<f64x2>(&sweep.c1[i]), load<f64x2>(&sweep.s1[i]));
  store(&sweep.s[i], s);
  store(&sweep.c[i], c);
}

// Up to kRows consecutive rows from the sweep's current values, advancing it. Each group of 4
// pairs is loaded once, stepped through the rows in registers and stored back: fewer loads
// and stores than a row at a time, and rows are still written in order (sweeping whole columns
// instead strides by dModel floats, a power of two: cache-set conflicts). Interleaved rows are
// built with explicit shuffles: LLVM 14 scalarizes strided o[2i]/o[2i+1] stores.
constexpr std::size_t kRows = 4;

// One group of 4 pairs [i, i + 4) at the current row: its (sin, cos) as two f64x2 each.
struct Group {
  std::size_t i;
  f64x2 s01, s23, c01, c23;
  double s(std::size_t k) const { return k < 2 ? s01[k] : s23[k - 2]; }
  double c(std::size_t k) const { return k < 2 ? c01[k] : c23[k - 2]; }
};

// For each group of 4 pairs: visit(group, r) for rows r < count, stepping the group's (sin, cos)
// in registers from row to row, then storing them back into the sweep.
template <class Visit>
void sweepRows(Sweep& sweep, std::size_t count, Visit visit) {
  for (std::size_t i = 0; i < sweep.padded; i += 4) {
    Group g{i, load<f64x2>(&sweep.s[i]), load<f64x2>(&sweep.s[i + 2]), load<f64x2>(&sweep.c[i]),
            load<f64x2>(&sweep.c[i + 2])};
    const f64x2 a01 = load<f64x2>(&sweep.c1[i]), a23 = load<f64x2>(&sweep.c1[i + 2]);
    const f64x2 b01 = load<f64x2>(&sweep.s1[i]), b23 = load<f64x2>(&sweep.s1[i + 2]);
    for (std::size_t r = 0; r < count; ++r) {
      visit(g, r);
      advance(g.s01, g.c01, a01, b01);
      advance(g.s23, g.c23, a23, b23);
    }
    store(&sweep.s[i], g.s01);
    store(&sweep.s[i + 2], g.s23);
    store(&sweep.c[i], g.c01);
    store(&sweep.c[i + 2], g.c23);
  }
}

// Sin/cos first and the layout are template parameters: the loop below is the hot path, and
// the four shapes compile to the same straight-line stores as a single fixed layout.
template <bool kInterleaved, bool kSinFirst>
void writeRows(float* rows, std::size_t count, Sweep& sweep, std::size_t dModel, const Columns& at) {
  const std::size_t full = at.pairs / 4 * 4;  // groups of 4 complete pairs (not the extra sine)
  const std::size_t sinStart = at.sinStart, cosStart = at.cosStart;
  if (at.zero != Columns::kNone)
    for (std::size_t r = 0; r < count; ++r) rows[r * dModel + at.zero] = 0.0f;
  sweepRows(sweep, count, [&](const Group& g, std::size_t r) {
    float* row = rows + r * dModel;
    const std::size_t i = g.i;
    if (i < full) {
      const f32x4 sv = narrow(g.s01, g.s23), cv = narrow(g.c01, g.c23);
      if constexpr (kInterleaved) {
        const f32x4 first = kSinFirst ? sv : cv, second = kSinFirst ? cv : sv;
        store(row + 2 * i, __builtin_shufflevector(first, second, 0, 4, 1, 5));
        store(row + 2 * i + 4, __builtin_shufflevector(first, second, 2, 6, 3, 7));
      } else {
        store(row + sinStart + i, sv);
        store(row + cosStart + i, cv);
      }
      return;
    }
    for (std::size_t k = 0; i + k < sweep.pairs; ++k) {  // the last 1-3 pairs, and an extra sine
      if (i + k == at.pairs) {
        row[at.extraSine] = float(g.s(k));
        continue;
      }
      row[at.sinAt(i + k)] = float(g.s(k));
      row[at.cosAt(i + k)] = float(g.c(k));
    }
  });
}

// Rotary embeddings of up to kRows consecutive rows (stride cols), advancing the sweep, whose
// (s, c) carry the attention factor. The angles step in double; the turn itself,
// (x1, x2) -> (x1 c - x2 s, x1 s + x2 c), is float32 arithmetic on float32 inputs with c and s
// rounded to float once: within 2 ulp of the exact result (4 lanes per instruction instead of 2).
void rotateRows(float* out, const float* in, std::size_t count, std::size_t cols, Sweep& sweep,
                Layout layout) {
  const std::size_t half = sweep.pairs, full = sweep.pairs / 4 * 4;
  sweepRows(sweep, count, [&](const Group& g, std::size_t r) {
    const float* x = in + r * cols;
    float* y = out + r * cols;
    const std::size_t i = g.i;
    if (i < full) {
      const f32x4 s = narrow(g.s01, g.s23), c = narrow(g.c01, g.c23);
      f32x4 x1, x2;
      if (layout == Layout::interleaved) {
        const f32x4 lo = load<f32x4>(x + 2 * i), hi = load<f32x4>(x + 2 * i + 4);
        x1 = __builtin_shufflevector(lo, hi, 0, 2, 4, 6);
        x2 = __builtin_shufflevector(lo, hi, 1, 3, 5, 7);
      } else {
        x1 = load<f32x4>(x + i);
        x2 = load<f32x4>(x + half + i);
      }
      const f32x4 y1 = x1 * c - x2 * s, y2 = x1 * s + x2 * c;
      if (layout == Layout::interleaved) {
        store(y + 2 * i, __builtin_shufflevector(y1, y2, 0, 4, 1, 5));
        store(y + 2 * i + 4, __builtin_shufflevector(y1, y2, 2, 6, 3, 7));
      } else {
        store(y + i, y1);
        store(y + half + i, y2);
      }
      return;
    }
    for (std::size_t k = 0; i + k < sweep.pairs; ++k) {  // the last 1-3 pairs
      const RopePair at = ropePair(layout, i + k, 2 * half);
      const double x1 = x[at.first], x2 = x[at.second];
      y[at.first] = float(x1 * g.c(k) - x2 * g.s(k));
      y[at.second] = float(x1 * g.s(k) + x2 * g.c(k));
    }
  });
}

using WriteRows = void (*)(float*, std::size_t, Sweep&, std::size_t, const Columns&);

WriteRows writerFor(const Columns& at) {
  const bool sinFirst = at.sinStart < at.cosStart;
  if (at.layout == Layout::interleaved) return sinFirst ? writeRows<true, true> : writeRows<true, false>;
  return sinFirst ? writeRows<false, true> : writeRows<false, false>;
}

}  // namespace

void encodingRecurrence(float* out, std::size_t length, std::size_t dModel,
                        const std::vector<double>& omega, double start, const Columns& at,
                        double amplitude) {
  Sweep sweep(omega);
  const WriteRows write = writerFor(at);
  static_assert(kEncodingBlock % kRows == 0);
  for (std::size_t r = 0; r < length; r += kRows) {
    if (r % kEncodingBlock == 0) sweep.seed(start + double(r), omega, amplitude);
    write(out + r * dModel, std::min(kRows, length - r), sweep, dModel, at);
  }
}

void ropeRecurrence(float* out, const float* in, std::size_t rows, std::size_t cols,
                    const std::vector<double>& theta, double scale, double start, Layout layout) {
  Sweep sweep(theta);
  const std::size_t rotary = 2 * theta.size();
  for (std::size_t r = 0; r < rows; r += kRows) {
    if (r % kEncodingBlock == 0) sweep.seed(start + double(r), theta, scale);
    const std::size_t count = std::min(kRows, rows - r);
    rotateRows(out + r * cols, in + r * cols, count, cols, sweep, layout);
    if (out != in && rotary < cols)  // the columns that do not turn
      for (std::size_t k = r; k < r + count; ++k)
        std::copy(in + k * cols + rotary, in + (k + 1) * cols, out + k * cols + rotary);
  }
}

void kernelRecurrence(double* out, double first, std::size_t count, const std::vector<double>& omega) {
  static_assert(kKernelBlock % kKernelRows == 0, "passes of kKernelRows rows must meet every seed");
  // Exact seeds cost two libm calls per pair (most of the time at kKernelBlock = 64 in wasm):
  // seeds come from a coarse sweep by R(kKernelBlock) instead, itself seeded exactly every
  // kKernelBlock² offsets, so each term is at most 2 × kKernelBlock steps from an exact value.
  Sweep fine(omega), coarse(omega, double(kKernelBlock));
  for (std::size_t k = 0; k < count; k += kKernelRows) {
    if (k % kKernelBlock == 0) {
      if (k % (kKernelBlock * kKernelBlock) == 0) coarse.seed(first + double(k), omega);
      fine.s = coarse.s;
      fine.c = coarse.c;
      f64x2 s, c;
      for (std::size_t i = 0; i < coarse.padded; i += 2) step(coarse, i, s, c);
    }
    // kKernelRows offsets per pass over the pairs: each pair's (sin, cos) is loaded and stored
    // once for all of them (the pass is bound by those loads and stores, not by arithmetic).
    f64x2 sums[kKernelRows] = {};
    for (std::size_t i = 0; i < fine.padded; i += 2) {
      f64x2 s = load<f64x2>(&fine.s[i]), c = load<f64x2>(&fine.c[i]);
      const f64x2 c1 = load<f64x2>(&fine.c1[i]), s1 = load<f64x2>(&fine.s1[i]);
      for (std::size_t r = 0; r < kKernelRows; ++r) {
        sums[r] += c;
        advance(s, c, c1, s1);
      }
      store(&fine.s[i], s);
      store(&fine.c[i], c);
    }
    for (std::size_t r = 0; r < kKernelRows && k + r < count; ++r) out[k + r] = sums[r][0] + sums[r][1];
  }
}

}  // namespace posenc
