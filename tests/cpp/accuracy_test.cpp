// Measured accuracy, as stated in docs/accuracy.md: the largest absolute error of each output path
// against a long double reference of the exact math, sin(pos * base^(-2i/d)), for positions up
// to 10^6 and dModel up to 4096. Run `posenc_tests "[accuracy]" -s` to see the figures.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>

#include "dot.hpp"
#include "encoding.hpp"

using namespace posenc;

namespace {

// Windows of positions: the start, the middle and the end of [0, 10^6).
constexpr double kStarts[] = {0, 499'000, 1'000'000};

struct Errors {
  double f64 = 0, f32 = 0;
};

Errors measure(std::size_t d, std::size_t window) {
  Errors worst;
  const long double logBase = std::log(10000.0L);
  for (double end : kStarts) {
    const double start = std::max(0.0, end - double(window));
    const auto f64 = encoding<double>(window, d, {}, start);
    const auto f32 = encoding<float>(window, d, {}, start);
    for (std::size_t i = 0; i < d / 2; ++i) {
      const long double omega = std::exp(-(long double)(2 * i) * logBase / (long double)d);
      for (std::size_t r = 0; r < window; ++r) {
        const long double angle = (long double)(start + double(r)) * omega;
        const long double s = std::sin(angle), c = std::cos(angle);
        const std::size_t at = r * d + 2 * i;
        worst.f64 = std::max({worst.f64, double(std::abs(f64[at] - s)), double(std::abs(f64[at + 1] - c))});
        worst.f32 = std::max({worst.f32, double(std::abs(f32[at] - s)), double(std::abs(f32[at + 1] - c))});
      }
    }
  }
  return worst;
}

}  // namespace

TEST_CASE("encoding error against long double, positions up to 10^6, d up to 4096", "[accuracy]") {
  Errors all;
  for (auto [d, window] : {std::pair<std::size_t, std::size_t>{2, 2048}, {64, 2048}, {512, 1024}, {4096, 256}}) {
    const Errors e = measure(d, window);
    std::printf("accuracy d=%zu: float64 %.2e, float32 %.2e\n", d, e.f64, e.f32);
    all.f64 = std::max(all.f64, e.f64);
    all.f32 = std::max(all.f32, e.f32);
  }
  // float64: ~1 ulp of sin/cos, plus the angle's own rounding (pos * omega near 10^6 has an
  // ulp of 1.2e-10) and omega's (2 ulp, times pos). float32: its rounding (6e-8) on top.
  CHECK(all.f64 <= 2e-10);
  CHECK(all.f32 <= 1.2e-7);
}

TEST_CASE("kernel error against long double, offsets up to 10^6", "[accuracy]") {
  for (std::size_t d : {64, 512, 4096}) {
    const std::size_t count = d == 4096 ? 100'000 : 1'000'001;
    const auto kernel = dotKernel(count - 1, d);
    const long double logBase = std::log(10000.0L);
    double worst = 0;
    for (std::size_t delta = 0; delta < count; delta += 997) {
      long double sum = 0;
      for (std::size_t i = 0; i < d / 2; ++i)
        sum += std::cos((long double)delta * std::exp(-(long double)(2 * i) * logBase / (long double)d));
      worst = std::max(worst, double(std::abs(kernel[delta] - sum)));
    }
    std::printf("accuracy kernel d=%zu, offsets < %zu: %.2e\n", d, count, worst);
    CHECK(worst <= 1e-10 * double(d));
  }
}
