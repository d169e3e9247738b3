#include "recurrence.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

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

  explicit Sweep(const std::vector<double>& omega)
      : pairs(omega.size()), padded((omega.size() + 3) / 4 * 4),
        c1(padded), s1(padded), s(padded), c(padded) {
    for (std::size_t i = 0; i < pairs; ++i) {
      c1[i] = std::cos(omega[i]);
      s1[i] = std::sin(omega[i]);
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

// Sin/cos first and the layout are template parameters: the loop below is the hot path, and
// the four shapes compile to the same straight-line stores as a single fixed layout.
template <bool kInterleaved, bool kSinFirst>
void writeRows(float* rows, std::size_t count, Sweep& sweep, std::size_t dModel, const Columns& at) {
  const std::size_t full = at.pairs / 4 * 4;  // groups of 4 complete pairs (not the extra sine)
  const std::size_t sinStart = at.sinStart, cosStart = at.cosStart;
  if (at.zero != Columns::kNone)
    for (std::size_t r = 0; r < count; ++r) rows[r * dModel + at.zero] = 0.0f;
  for (std::size_t i = 0; i < sweep.padded; i += 4) {
    f64x2 s01 = load<f64x2>(&sweep.s[i]), s23 = load<f64x2>(&sweep.s[i + 2]);
    f64x2 c01 = load<f64x2>(&sweep.c[i]), c23 = load<f64x2>(&sweep.c[i + 2]);
    const f64x2 a01 = load<f64x2>(&sweep.c1[i]), a23 = load<f64x2>(&sweep.c1[i + 2]);
    const f64x2 b01 = load<f64x2>(&sweep.s1[i]), b23 = load<f64x2>(&sweep.s1[i + 2]);
    for (std::size_t r = 0; r < count; ++r) {
      float* row = rows + r * dModel;
      if (i < full) {
        const f32x4 sv = narrow(s01, s23), cv = narrow(c01, c23);
        if constexpr (kInterleaved) {
          const f32x4 first = kSinFirst ? sv : cv, second = kSinFirst ? cv : sv;
          store(row + 2 * i, __builtin_shufflevector(first, second, 0, 4, 1, 5));
          store(row + 2 * i + 4, __builtin_shufflevector(first, second, 2, 6, 3, 7));
        } else {
          store(row + sinStart + i, sv);
          store(row + cosStart + i, cv);
        }
      } else {  // the last 1-3 pairs, and an extra sine
        const double s[4] = {s01[0], s01[1], s23[0], s23[1]}, c[4] = {c01[0], c01[1], c23[0], c23[1]};
        for (std::size_t k = 0; i + k < sweep.pairs; ++k) {
          if (i + k == at.pairs) {
            row[at.extraSine] = float(s[k]);
            continue;
          }
          row[at.sinAt(i + k)] = float(s[k]);
          row[at.cosAt(i + k)] = float(c[k]);
        }
      }
      advance(s01, c01, a01, b01);
      advance(s23, c23, a23, b23);
    }
    store(&sweep.s[i], s01);
    store(&sweep.s[i + 2], s23);
    store(&sweep.c[i], c01);
    store(&sweep.c[i + 2], c23);
  }
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

void kernelRecurrence(double* out, std::size_t count, const std::vector<double>& omega) {
  Sweep sweep(omega);
  for (std::size_t delta = 0; delta < count; ++delta) {
    if (delta % kKernelBlock == 0) sweep.seed(double(delta), omega);
    f64x2 sum0 = {0, 0}, sum1 = {0, 0};  // two accumulators: independent dependency chains
    f64x2 s, c;
    for (std::size_t i = 0; i < sweep.padded; i += 4) {
      step(sweep, i, s, c);
      sum0 += c;
      step(sweep, i + 2, s, c);
      sum1 += c;
    }
    const f64x2 sum = sum0 + sum1;
    out[delta] = sum[0] + sum[1];
  }
}

}  // namespace posenc
