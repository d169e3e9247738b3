// The angular frequencies of the sinusoids and their periods.
#pragma once

#include <cstddef>
#include <vector>

#include "scheme.hpp"

namespace posenc {

// omega_i = base^(-2i/dModel) for i = 0 .. dModel/2 - 1 (Spacing::paper), computed in log
// space as exp(-2i * ln(base) / dModel) with the rounding errors of ln, * and / compensated:
// one exp per frequency, no pow, within 2 ulp of the exact value. Spacing::tensor2tensor
// gives base^(-i / (dModel/2 - 1)) the same way. Times scheme.angleScale (the angle per unit
// position). An odd dModel follows its OddRule: the dModel - 1 frequencies (zero column), or
// ceil(dModel/2) of them with the odd dModel in the exponent (extra sine).
std::vector<double> frequencies(std::size_t dModel, const Scheme& scheme = {});

// a*b - p exactly, for p = fl(a*b) (Dekker's product: each factor split into halves whose
// products are exact; no overflow or underflow): the value of std::fma(a, b, -p), which
// WebAssembly has no instruction for (musl's software fma made frequencies(8192) 3x slower).
double productError(double a, double b, double p);

// 2*pi / omega_i: from 2*pi (i = 0) up to 2*pi * base^((dModel - 2) / dModel).
std::vector<double> periods(std::size_t dModel, const Scheme& scheme = {});

}  // namespace posenc
