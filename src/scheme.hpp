// Which sinusoidal encoding: the paper's, or the variants other codebases ship.
//
// tensor2tensor (and libraries that copied it) differ from the paper twice: frequencies are
// spaced omega_i = base^(-i / (d/2 - 1)), so the last one is exactly 1/base, and each row holds
// all sines first, then all cosines. Toeplitz structure and per-pair rotation survive both.
#pragma once

#include <cstddef>

#include "arguments.hpp"

namespace posenc {

enum class Spacing {
  paper,          // omega_i = base^(-2i / d)
  tensor2tensor,  // omega_i = base^(-i / (d/2 - 1))  (omega_0 = 1 when d = 2)
};

enum class Layout {
  interleaved,   // sin(pos omega_0), cos(pos omega_0), sin(pos omega_1), ...
  concatenated,  // sin(pos omega_0), ..., sin(pos omega_{d/2-1}), cos(pos omega_0), ...
};

struct Scheme {
  double base = kDefaultBase;
  Spacing spacing = Spacing::paper;
  Layout layout = Layout::interleaved;
};

// The columns of pair i's sine and cosine in a row of dModel values.
struct PairColumns {
  std::size_t sin, cos;
};

inline PairColumns pairColumns(Layout layout, std::size_t i, std::size_t dModel) {
  if (layout == Layout::interleaved) return {2 * i, 2 * i + 1};
  return {i, i + dModel / 2};
}

}  // namespace posenc
