// T5's relative position buckets (Raffel et al., 2020; transformers' _relative_position_bucket,
// also mT5, LongT5, UMT5, Pix2Struct): a learned bias per head and bucket, the bucket a function
// of key − query alone, so again a Toeplitz matrix. Small distances get a bucket each, larger
// ones logarithmically wider buckets, and every distance from maxDistance on shares the last.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "arguments.hpp"

namespace posenc {

struct BucketRule {
  int numBuckets = 32;     // relative_attention_num_buckets
  int maxDistance = 128;   // relative_attention_max_distance
  bool bidirectional = true;  // the encoder; decoders look back only
};

// The bucket of relative position key − query, as T5 computes it: bidirectional, half the
// buckets for positive positions (offset numBuckets/2); otherwise positive positions count as 0.
// Of the n buckets left, n/2 are exact; beyond, max_exact + ⌊log(r/max_exact) /
// log(maxDistance/max_exact)·(n − max_exact)⌋ in float32 as torch does, at most n − 1.
std::int32_t relativePositionBucket(std::int64_t relative, const BucketRule& rule);

// The bucket of each relative position (checked: relativePositionBucketsArgs).
std::vector<std::int32_t> relativePositionBuckets(const std::vector<double>& relative, double numBuckets,
                                                  double maxDistance, bool bidirectional);

// The rule's problems: numBuckets an integer ≥ 2 (even and ≥ 4 when bidirectional), maxDistance
// an integer greater than the exact-bucket limit (T5's log would divide by log(≤ 1)); then each
// relative position, an integer of magnitude at most 2^31 − 1 (T5's own code would bucket 1.5
// as if it were 1, or a NaN as 0).
Problem relativePositionBucketsArgs(const double* relative, std::size_t count, double numBuckets,
                                    double maxDistance, bool bidirectional);

}  // namespace posenc
