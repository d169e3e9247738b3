// Relative positions are rotations: PE(pos + k) = R(k) PE(pos), where R(k) is block-diagonal
// with one 2x2 block per frequency omega_i:
//   [  cos(k omega_i)  sin(k omega_i) ]
//   [ -sin(k omega_i)  cos(k omega_i) ]
// acting on the pair (sin, cos) = (PE[2i], PE[2i+1]) (Layout::interleaved) or (PE[i],
// PE[i + d/2]) (Layout::concatenated). R(-k) = R(k)^T and R(a) R(b) = R(a + b).
#pragma once

#include <cstddef>
#include <vector>

#include "scheme.hpp"

namespace posenc {

// The dModel x dModel matrix R(k), row-major; zero outside the blocks (diagonal blocks when
// interleaved).
std::vector<double> rotation(double k, std::size_t dModel, const Scheme& scheme = {});

// R(k) v in O(dModel), without building R; dModel = v.size().
std::vector<double> shift(const std::vector<double>& v, double k, const Scheme& scheme = {});

}  // namespace posenc
