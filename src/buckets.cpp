#include "buckets.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace posenc {

namespace {

// The exact-bucket limit: half of the buckets one direction has.
int maxExact(int numBuckets, bool bidirectional) { return (bidirectional ? numBuckets / 2 : numBuckets) / 2; }

}  // namespace

std::int32_t relativePositionBucket(std::int64_t relative, const BucketRule& rule) {
  int buckets = rule.numBuckets;
  std::int32_t bucket = 0;
  std::int64_t r = relative;
  if (rule.bidirectional) {
    buckets /= 2;
    if (r > 0) bucket += buckets;
    r = r < 0 ? -r : r;
  } else {
    r = -std::min<std::int64_t>(r, 0);
  }
  const int exact = buckets / 2;
  if (r < exact) return bucket + std::int32_t(r);
  // torch: relative_position.float() / max_exact, torch.log, / math.log(...) (a float64 scalar
  // applied in float32), * (num_buckets - max_exact), .to(long): each step rounded to float32.
  const float ratio = float(r) / float(exact);
  const float scaled = std::log(ratio) / float(std::log(double(rule.maxDistance) / double(exact)));
  const float large = scaled * float(buckets - exact);
  const std::int64_t ifLarge = exact + std::int64_t(large);
  return bucket + std::int32_t(std::min<std::int64_t>(ifLarge, buckets - 1));
}

std::vector<std::int32_t> relativePositionBuckets(const std::vector<double>& relative, double numBuckets,
                                                  double maxDistance, bool bidirectional) {
  require(relativePositionBucketsArgs(relative.data(), relative.size(), numBuckets, maxDistance, bidirectional));
  const BucketRule rule{int(numBuckets), int(maxDistance), bidirectional};
  std::vector<std::int32_t> buckets(relative.size());
  for (std::size_t k = 0; k < relative.size(); ++k) buckets[k] = relativePositionBucket(std::int64_t(relative[k]), rule);
  return buckets;
}

namespace {

Problem ruleProblem(double numBuckets, double maxDistance, bool bidirectional) {
  const double least = bidirectional ? 4 : 2;
  const bool whole = std::isfinite(numBuckets) && std::trunc(numBuckets) == numBuckets;
  if (!whole || numBuckets < least || numBuckets > 65536 || (bidirectional && std::fmod(numBuckets, 2.0) != 0))
    return std::string("numBuckets must be ") + (bidirectional ? "an even integer between 4" : "an integer between 2") +
           " and 65536, got " + formatNumber(numBuckets) +
           (bidirectional && whole && std::fmod(numBuckets, 2.0) != 0 ? " (bidirectional buckets split in two halves)" : "");
  const int exact = maxExact(int(numBuckets), bidirectional);
  if (std::isfinite(maxDistance) && std::trunc(maxDistance) == maxDistance && maxDistance > exact && maxDistance <= 2147483647.0)
    return {};
  return "maxDistance must be an integer greater than the " + std::to_string(exact) +
         " exact buckets (and at most 2147483647), got " + formatNumber(maxDistance);
}

}  // namespace

Problem relativePositionBucketsArgs(const double* relative, std::size_t count, double numBuckets,
                                    double maxDistance, bool bidirectional) {
  if (auto p = ruleProblem(numBuckets, maxDistance, bidirectional)) return p;
  for (std::size_t k = 0; k < count; ++k) {
    const double r = relative[k];
    if (!(std::isfinite(r) && std::trunc(r) == r && std::abs(r) <= 2147483647.0))
      return "relativePositions[" + std::to_string(k) + "] must be an integer between -2147483647 and 2147483647, got " +
             formatNumber(r);
  }
  return {};
}

}  // namespace posenc
