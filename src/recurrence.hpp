// Sines and cosines of consecutive multiples of each frequency by the angle-addition recurrence
//   sin((p+1)w) = sin(pw) cos w + cos(pw) sin w,   cos((p+1)w) = cos(pw) cos w - sin(pw) sin w,
// i.e. one rotation R(1) per step (6 flops per pair instead of two libm calls), in double
// precision, two pairs per SIMD instruction, re-seeded with exact sin/cos every so many steps:
// the rounding drift grows by about 4e-16 per step (measured by the tests against a long
// double reference).
#pragma once

#include <cstddef>
#include <vector>

#include "encoding.hpp"  // kEncodingBlock
#include "scheme.hpp"

namespace posenc {

// Steps between re-seeds of the float64 kernel, whose seeds step by R(kKernelBlock) from exact
// values every kKernelBlock² offsets: at most 2 × 64 steps from exact keeps each term within
// ~5e-14. (The float32 encoding re-seeds every kEncodingBlock rows, encoding.hpp.)
inline constexpr std::size_t kKernelBlock = 64;
// Offsets computed per pass over the pairs (a divisor of kKernelBlock).
inline constexpr std::size_t kKernelRows = 4;

// Positions up to which the float32 encoding uses the recurrence (see encoding.cpp).
inline constexpr double kRecurrenceLimit = 268435456.0;  // 2^28

// Rows r < length of the float32 encoding at positions start + r, in the columns `at`, times
// amplitude (values within ~2e-13 of the exact ones before the final rounding to float).
void encodingRecurrence(float* out, std::size_t length, std::size_t dModel,
                        const std::vector<double>& omega, double start, const Columns& at,
                        double amplitude);

// Rotary embeddings of rows r < rows at positions start + r: pair i of each row turned by
// (start + r) * theta_i and scaled by `scale`, pairs laid out over the first 2 * theta.size()
// columns, the other columns copied (out may be in). The angles step in double as above; the
// turn is float32 arithmetic, within 2 ulp of the exact result.
void ropeRecurrence(float* out, const float* in, std::size_t rows, std::size_t cols,
                    const std::vector<double>& theta, double scale, double start, Layout layout);

// D(first + k) = sum_i cos((first + k) * omega_i) for k = 0 .. count - 1.
void kernelRecurrence(double* out, double first, std::size_t count, const std::vector<double>& omega);

}  // namespace posenc
