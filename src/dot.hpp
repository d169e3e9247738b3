// Dot products of encodings: PE(i) . PE(j) = sum_k cos((i - j) omega_k) depends only on i - j,
// so the matrix PE PE^T is Toeplitz and one kernel row D(delta) determines all of it.
#pragma once

#include <cstddef>
#include <vector>

#include "scheme.hpp"

namespace posenc {

// D(delta) = sum_i cos(delta * omega_i) for delta = 0 .. maxOffset; D(0) = dModel / 2.
// Computed by the rotation recurrence (recurrence.hpp): within ~1e-13 of exact for d = 512.
// The layout does not matter: a dot product sums over every column.
std::vector<double> dotKernel(std::size_t maxOffset, std::size_t dModel, const Scheme& scheme = {});

enum class DotMethod {
  toeplitz,  // every row copied from the kernel: O(length * dModel + length^2)
  direct,    // the matrix product of the encoding with itself: O(length^2 * dModel), the reference
};

// The length x length matrix PE PE^T of positions 0 .. length - 1, row-major.
template <class T>
void dotMatrixInto(T* out, std::size_t length, std::size_t dModel, const Scheme& scheme = {},
                   DotMethod method = DotMethod::toeplitz);

template <class T = double>
std::vector<T> dotMatrix(std::size_t length, std::size_t dModel, const Scheme& scheme = {},
                         DotMethod method = DotMethod::toeplitz);

}  // namespace posenc
