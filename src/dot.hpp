// Dot products of encodings: PE(i) . PE(j) = sum_k cos((i - j) omega_k) depends only on i - j,
// so the matrix PE PE^T is Toeplitz and one kernel row D(delta) determines all of it.
#pragma once

#include <cstddef>
#include <vector>

#include "scheme.hpp"

namespace posenc {

// D(delta) = amplitude^2 sum_i cos(delta * omega_i) for delta = start .. maxOffset, over the
// sine-cosine pairs; D(0) = amplitude^2 dModel / 2 (an odd dModel's zero column adds nothing).
// Computed by the rotation recurrence (recurrence.hpp): within ~1e-13 of exact for d = 512.
// The layout does not matter: a dot product sums over every column. A start > 0 gives a
// window of a long kernel (e.g. computed in slices).
std::vector<double> dotKernel(std::size_t maxOffset, std::size_t dModel, const Scheme& scheme = {},
                              std::size_t start = 0);

// The length x length matrix PE PE^T of positions 0 .. length - 1, row-major, as the product of
// the encoding with itself: O(length^2 * dModel), the reference the kernel is checked against.
// Its Toeplitz form is M[i][j] = dotKernel(length - 1)[|i - j|]; the one place that expands it
// into a matrix is the JS API (js/api.js toeplitz()), which writes it straight into the
// JS-owned result: filled here, it would be written in the wasm heap and copied out once more.
template <class T>
void dotMatrixInto(T* out, std::size_t length, std::size_t dModel, const Scheme& scheme = {});

template <class T = double>
std::vector<T> dotMatrix(std::size_t length, std::size_t dModel, const Scheme& scheme = {});

}  // namespace posenc
