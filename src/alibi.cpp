#include "alibi.hpp"

#include <cmath>
#include <limits>
#include <string>

namespace posenc {

std::vector<double> alibiSlopes(std::size_t numHeads, double maxBias) {
  require(alibiSlopesArgs(double(numHeads), maxBias));
  std::size_t power = 1;  // P, the largest power of two ≤ numHeads
  while (power * 2 <= numHeads) power *= 2;
  std::vector<double> slopes(numHeads);
  for (std::size_t h = 0; h < numHeads; ++h)
    slopes[h] = h < power ? std::exp2(-maxBias * double(h + 1) / double(power))
                          : std::exp2(-maxBias * double(2 * (h - power) + 1) / double(2 * power));
  return slopes;
}

void alibiBiasInto(double* out, std::size_t length, std::size_t numHeads, double maxBias, bool causal) {
  require(alibiBiasArgs(double(length), double(numHeads), maxBias));
  const std::vector<double> slopes = alibiSlopes(numHeads, maxBias);
  const double masked = -std::numeric_limits<double>::infinity();
  for (std::size_t h = 0; h < numHeads; ++h)
    for (std::size_t i = 0; i < length; ++i) {
      double* row = out + (h * length + i) * length;
      for (std::size_t j = 0; j < length; ++j) {
        const std::size_t distance = i > j ? i - j : j - i;
        row[j] = causal && j > i ? masked : distance == 0 ? 0.0 : -slopes[h] * double(distance);  // 0, not −0
      }
    }
}

namespace {

Problem headsProblem(double numHeads) {
  if (std::isfinite(numHeads) && std::trunc(numHeads) == numHeads && numHeads >= 1 && numHeads <= double(kMaxHeads))
    return {};
  return "numHeads must be an integer between 1 and " + std::to_string(kMaxHeads) + ", got " + formatNumber(numHeads);
}

}  // namespace

Problem alibiSlopesArgs(double numHeads, double maxBias) {
  if (auto p = headsProblem(numHeads)) return p;
  // Up to 1000: slopes stay ≥ 2^−1000, never a 0 that would switch the bias off (found by fuzzing).
  if (maxBias > 0 && maxBias <= kMaxBias) return {};
  return "maxBias must be a number > 0 and at most 1000, got " + formatNumber(maxBias);
}

Problem alibiBiasArgs(double length, double numHeads, double maxBias) {
  if (auto p = checkCount(length, "length")) return p;
  if (auto p = alibiSlopesArgs(numHeads, maxBias)) return p;
  return checkElements(numHeads * length, length, "numHeads × length", "length");
}

}  // namespace posenc
