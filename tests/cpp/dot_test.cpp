#include "dot.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "approx.hpp"
#include "seeds.hpp"
#include "encoding.hpp"

using namespace posenc;
using posenc::test::approx;
using posenc::test::maxAbsDiff;
using posenc::test::printed;

namespace {
double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += a[i] * b[i];
  return sum;
}
}  // namespace

TEST_CASE("dot products depend only on the offset, d = 512", "[toeplitz]") {
  // Seed 000: dot(1,2) = dot(80,81) ~ 249.102 and dot(1,80) = dot(2,81) ~ 117.529.
  const std::size_t d = 512, n = 82;
  const auto m = dotMatrix<double>(n, d);
  for (const auto& [i, j, text] : test::seeds::kDots512) CHECK(m[i * n + j] == printed(text));
  // The same from the encodings themselves.
  CHECK(dot(encode(1, d), encode(2, d)) == approx(m[1 * n + 2], 1e-11));
  CHECK(dot(encode(80, d), encode(81, d)) == approx(m[1 * n + 2], 1e-11));
  CHECK(dot(encode(1, d), encode(80, d)) == approx(m[1 * n + 80], 1e-11));
  CHECK(dot(encode(2, d), encode(81, d)) == approx(m[1 * n + 80], 1e-11));
}

TEST_CASE("the kernel D(delta) = sum cos(delta omega_i)", "[toeplitz]") {
  const auto kernel = dotKernel(100, 512);
  REQUIRE(kernel.size() == 101);
  CHECK(kernel[0] == 256.0);  // |PE(pos)|^2 = d/2
  for (const auto& [i, j, text] : test::seeds::kDots512) CHECK(kernel[j - i] == printed(text));
  for (std::size_t delta = 0; delta <= 100; ++delta) {
    CHECK(std::abs(kernel[delta]) <= 256.0);
    CHECK(kernel[delta] == approx(dot(encode(0, 512), encode(double(delta), 512)), 1e-11));
  }
  CHECK(dotKernel(0, 8).size() == 1);
}

TEST_CASE("a window of the kernel, D(start .. maxOffset), is that slice of the whole", "[toeplitz]") {
  const auto whole = dotKernel(6000, 512, {3.0});
  for (std::size_t start : {0, 1, 63, 64, 100, 4095, 4096, 5000, 6000}) {
    const auto window = dotKernel(6000, 512, {3.0}, start);
    REQUIRE(window.size() == 6001 - start);
    INFO("start " << start);
    for (std::size_t k = 0; k < window.size(); ++k) CHECK(window[k] == approx(whole[start + k], 1e-12 * 512));
  }
  CHECK_THROWS_WITH(dotKernel(5, 8, {}, 6), "start must be an integer from 0 to maxOffset (5), got 6");
}

TEST_CASE("the dot matrix is Toeplitz with the kernel as its row", "[toeplitz]") {
  for (auto [n, d, base] : {std::tuple{64, 512, 10000.0}, {300, 64, 10000.0}, {17, 6, 3.0}}) {
    const auto m = dotMatrix<double>(std::size_t(n), std::size_t(d), {base});
    const auto kernel = dotKernel(std::size_t(n) - 1, std::size_t(d), {base});
    INFO("n " << n << ", d " << d);
    for (std::size_t i = 0; i < std::size_t(n); ++i)
      for (std::size_t j = 0; j < std::size_t(n); ++j) {
        const std::size_t delta = i > j ? i - j : j - i;
        CHECK(m[i * n + j] == approx(kernel[delta], 1e-12 * double(d)));
        CHECK(m[i * n + j] == m[j * n + i]);
      }
  }
}

TEST_CASE("float32 dot matrix is the float64 one rounded", "[toeplitz]") {
  const auto m64 = dotMatrix<double>(200, 512);
  const auto m32 = dotMatrix<float>(200, 512);
  for (std::size_t at = 0; at < m64.size(); ++at) CHECK(m32[at] == float(m64[at]));
}

TEST_CASE("empty and single-position dot matrices", "[toeplitz]") {
  CHECK(dotMatrix<double>(0, 4).empty());
  CHECK(dotMatrix<double>(1, 4) == std::vector<double>{2.0});
}

TEST_CASE("dot functions refuse bad arguments", "[toeplitz]") {
  CHECK_THROWS_WITH(dotKernel(1, 3), "dModel must be an even integer between 2 and 65536, got 3");
  CHECK_THROWS_WITH(dotKernel(16777216, 2), "maxOffset must be at most 16777215 (the size cap), got 16777216");
  CHECK_THROWS_WITH(dotMatrix<double>(5000, 4),
                    "length × length must be at most 16777216 values (the size cap), got 5000 × 5000 = 25000000");
  CHECK_THROWS_WITH(dotMatrix<float>(3000, 1024),
                    "length² × dModel must be at most 4294967296 for method 'direct' (method 'toeplitz' "
                    "has no such limit), got 3000² × 1024 = 9216000000");
  CHECK_THROWS_WITH(dotMatrix<double>(4, 4, {0.9}), "base must be a finite number > 1, got 0.9");
}
