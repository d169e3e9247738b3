#include "recurrence.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "approx.hpp"
#include "dot.hpp"
#include "encoding.hpp"
#include "frequencies.hpp"

using namespace posenc;

TEST_CASE("float32 encoding by recurrence matches the exact values for every shape", "[recurrence]") {
  // Pair counts with and without a tail of 1-3 pairs, lengths crossing the re-seed blocks.
  for (std::size_t d : {2, 4, 6, 8, 10, 14, 16, 30, 512})
    for (Layout layout : {Layout::interleaved, Layout::concatenated})
      for (double start : {0.0, -37.0, 12345.5}) {
        const Scheme scheme{kDefaultBase, Spacing::paper, layout};
        const auto fast = encoding<float>(2 * kEncodingBlock + 5, d, scheme, start);
        const auto exact = encoding<double>(2 * kEncodingBlock + 5, d, scheme, start);
        INFO("d " << d << ", start " << start);
        CHECK(posenc::test::maxAbsDiff(fast, exact) <= 6e-8);  // float rounding only
      }
}

TEST_CASE("float32 encoding stays within 1e-6 up to position 10^6", "[recurrence]") {
  const std::size_t d = 512, length = 2000;
  const auto omega = frequencies(d);
  double worst = 0;
  for (double start : {0.0, 99000.0, 999000.0}) {
    const auto pe = encoding<float>(length, d, {}, start);
    for (std::size_t r = 0; r < length; ++r)
      for (std::size_t i = 0; i < d / 2; ++i) {
        const long double angle = (start + double(r)) * omega[i];
        worst = std::max({worst, std::abs(double(pe[r * d + 2 * i]) - double(std::sin(angle))),
                          std::abs(double(pe[r * d + 2 * i + 1]) - double(std::cos(angle)))});
      }
  }
  INFO("largest error " << worst);
  CHECK(worst <= 1e-6);
}

TEST_CASE("float32 far beyond 2^28 follows the double-angle reference (fuzzer finding)", "[recurrence]") {
  for (double start : {1e15, -3e9, kRecurrenceLimit - 10, 1e300}) {
    const auto fast = encoding<float>(200, 4, {}, start);
    const auto exact = encoding<double>(200, 4, {}, start);
    INFO("start " << start);
    CHECK(posenc::test::maxAbsDiff(fast, exact) <= 6e-8);
  }
}

TEST_CASE("the kernel by recurrence is within 1e-12 of a long double sum", "[recurrence]") {
  // 9000 offsets span two exact seeds (every 64² = 4096) and their coarse steps; a window
  // starting off the 64-grid (start 100003) seeds at its own start.
  for (std::size_t d : {2, 6, 512, 4096})
    for (std::size_t start : {0, 100003}) {
      const auto omega = frequencies(d);
      const std::size_t count = 9000, every = d == 4096 ? 7 : 1;
      const auto kernel = dotKernel(start + count - 1, d, {}, start);
      REQUIRE(kernel.size() == count);
      double worst = 0;
      for (std::size_t k = 0; k < count; k += every) {
        long double sum = 0;
        for (double w : omega) sum += std::cos((long double)(double(start + k) * w));
        worst = std::max(worst, std::abs(kernel[k] - double(sum)));
      }
      INFO("d " << d << ", start " << start << ": largest error " << worst);
      CHECK(worst <= 1e-12 * double(d));
    }
}
