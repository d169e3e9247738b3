// Relative positions are rotations: PE(pos + k) = R(k) PE(pos), where R(k) is block-diagonal
// with one 2x2 block per frequency omega_i:
//   [  cos(k omega_i)  sin(k omega_i) ]
//   [ -sin(k omega_i)  cos(k omega_i) ]
// acting on the pair (PE[2i], PE[2i+1]) = (sin, cos). R(-k) = R(k)^T and R(a) R(b) = R(a + b).
#pragma once

#include <cstddef>
#include <vector>

#include "arguments.hpp"

namespace posenc {

// The dModel x dModel matrix R(k), row-major; zero outside the diagonal blocks.
std::vector<double> rotation(double k, std::size_t dModel, double base = kDefaultBase);

// R(k) v in O(dModel), without building R; dModel = v.size().
std::vector<double> shift(const std::vector<double>& v, double k, double base = kDefaultBase);

}  // namespace posenc
