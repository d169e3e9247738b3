// ALiBi (Press et al., 2022): no position vector at all, a bias −m_h·|i − j| added to every
// attention score, one slope m_h per head. Like PE(i)·PE(j), it depends only on i − j: each
// head's bias matrix is Toeplitz, the relative idea of the sinusoid made explicit.
#pragma once

#include <cstddef>
#include <vector>

#include "arguments.hpp"

namespace posenc {

// The largest head count accepted (BLOOM-176B has 112).
inline constexpr std::size_t kMaxHeads = 65536;
inline constexpr double kDefaultMaxBias = 8;  // MPT's alibi_bias_max; BLOOM's fixed 8
inline constexpr double kMaxBias = 1000;      // slopes ≥ 2^−1000 > 0

// Head slopes as BLOOM's build_alibi_tensor and MPT's gen_slopes give them (float64): with
// P = 2^⌊log2 n⌋, head h < P gets 2^(−B·(h+1)/P); the n − P heads beyond take the odd powers of
// the next set, head h ≥ P gets 2^(−B·(2(h−P)+1)/(2P)). B = maxBias (8 in both).
std::vector<double> alibiSlopes(std::size_t numHeads, double maxBias = kDefaultMaxBias);

// The bias of every head, row-major: row h·length + i, column j is −slope_h·|i − j|, and
// −Infinity where j > i when causal (keys after the query are masked).
void alibiBiasInto(double* out, std::size_t length, std::size_t numHeads, double maxBias, bool causal);

Problem alibiSlopesArgs(double numHeads, double maxBias);
Problem alibiBiasArgs(double length, double numHeads, double maxBias);

}  // namespace posenc
