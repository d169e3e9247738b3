// T5's relative position buckets: exact near, logarithmic far, the last bucket from maxDistance
// on; bidirectional halves; the decoder's one-sided rule; every rule and its message.
#include <catch2/catch.hpp>

#include <cmath>

#include "posenc.hpp"

using namespace posenc;

namespace {
std::vector<std::int32_t> buckets(std::vector<double> relative, double numBuckets = 32, double maxDistance = 128,
                                  bool bidirectional = true) {
  return relativePositionBuckets(relative, numBuckets, maxDistance, bidirectional);
}
}  // namespace

TEST_CASE("buckets: T5's encoder (32, 128, bidirectional)", "[buckets]") {
  // Keys before the query: 0 … 7 exact, then log-spaced up to 15; after it the same, plus 16.
  CHECK(buckets({0, -1, -7, -8, -12, -16, -32, -64, -127, -128, -1000}) ==
        std::vector<std::int32_t>{0, 1, 7, 8, 9, 10, 12, 14, 15, 15, 15});
  CHECK(buckets({1, 7, 8, 128, 100000}) == std::vector<std::int32_t>{17, 23, 24, 31, 31});
}

TEST_CASE("buckets: the decoder looks back only (32, 128, one-sided)", "[buckets]") {
  // Future keys share bucket 0; 16 exact buckets, then log-spaced up to 31.
  CHECK(buckets({5, 1, 0, -1, -15, -16, -128, -5000}, 32, 128, false) ==
        std::vector<std::int32_t>{0, 0, 0, 1, 15, 16, 31, 31});
}

TEST_CASE("buckets: each depends only on key - query and never decreases with the distance", "[buckets]") {
  for (bool bidirectional : {true, false}) {
    std::vector<double> relative;
    for (int r = -2000; r <= 0; ++r) relative.push_back(r);
    const auto b = buckets(relative, 64, 512, bidirectional);
    for (std::size_t k = 1; k < b.size(); ++k) CHECK(b[k] <= b[k - 1]);  // nearer: a bucket no larger
    CHECK(b.front() == (bidirectional ? 31 : 63));
  }
}

TEST_CASE("bucket rules name the parameter", "[buckets][arguments]") {
  const double one[] = {1};
  CHECK(*relativePositionBucketsArgs(one, 1, 33, 128, true) ==
        "numBuckets must be an even integer between 4 and 65536, got 33 (bidirectional buckets split in two halves)");
  CHECK(*relativePositionBucketsArgs(one, 1, 1, 128, false) == "numBuckets must be an integer between 2 and 65536, got 1");
  CHECK(*relativePositionBucketsArgs(one, 1, 32, 8, true) ==
        "maxDistance must be an integer greater than the 8 exact buckets (and at most 2147483647), got 8");
  CHECK(*relativePositionBucketsArgs(one, 1, 32, 16, false) ==
        "maxDistance must be an integer greater than the 16 exact buckets (and at most 2147483647), got 16");
  const double bad[] = {3, 1.5};
  CHECK(*relativePositionBucketsArgs(bad, 2, 32, 128, true) ==
        "relativePositions[1] must be an integer between -2147483647 and 2147483647, got 1.5");
  CHECK_FALSE(relativePositionBucketsArgs(one, 1, 33, 128, false));  // odd is fine one-sided
  CHECK_THROWS_AS(buckets({0.5}), ArgumentError);
}
