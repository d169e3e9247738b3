// torch.pow on float32 CPU tensors, bit for bit as Debian's PyTorch 1.13 computes it at its
// default CPU capability (AVX2): ATen's pow_tensor_tensor_kernel runs cpu_kernel_vec, whose loop
// takes blocks of 2 x 8 values through Vectorized<float>::pow = Sleef_powf8_u10 (libsleef 3.5.1,
// its AVX2 + FMA build) and the last n mod 16 through std::pow(float, float) = glibc 2.36's powf
// (its FMA variant, __powf_fma). Both are ported here in plain C++ (std::fma where those builds
// fuse), so the WebAssembly module gives the same bits as the native build and as torch.
// tests/golden/rope-float32.json (scripts/golden/rope_float32.py) holds torch's own results.
#pragma once

#include <cstddef>

namespace posenc::torch {

// Sleef 3.5.1's xpowf (Sleef_powf8_u10avx2), one lane: src/libm/sleefsimdsp.c with df.h's
// ENABLE_FMA_SP helpers, as helperavx2.h defines them.
float sleefPowf(float x, float y);

// glibc 2.36's powf on x86-64 with FMA (sysdeps/ieee754/flt-32/e_powf.c, the Arm optimized
// routines' algorithm also in musl), every a * b + c fused as GCC compiled __powf_fma.
float glibcPowf(float x, float y);

// torch.tensor(base, dtype=float32) ** exponent for a contiguous float32 exponent of n values
// (the 0-dim base broadcast): values [0, 16 floor(n / 16)) by sleefPowf, the rest by glibcPowf.
// (For n up to 32768, ATen's grain size, the loop runs once, whatever the thread count.)
void powScalarBase(float base, const float* exponent, float* out, std::size_t n);

}  // namespace posenc::torch
