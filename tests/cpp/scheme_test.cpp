#include "scheme.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "approx.hpp"
#include "dot.hpp"
#include "encoding.hpp"
#include "frequencies.hpp"
#include "rotation.hpp"

using namespace posenc;
using posenc::test::approx;
using posenc::test::maxAbsDiff;
using posenc::test::printed;

namespace {
const Scheme kT2T{kDefaultBase, Spacing::tensor2tensor, Layout::concatenated};
}

TEST_CASE("tensor2tensor spacing: omega_i = base^(-i / (d/2 - 1))", "[variants]") {
  for (std::size_t d : {4, 6, 64, 512}) {
    const auto omega = frequencies(d, {10000, Spacing::tensor2tensor});
    const double m = double(d / 2 - 1);
    // pow is a few ulp off itself (its exponent i/m is rounded), as in [frequencies].
    for (std::size_t i = 0; i < omega.size(); ++i)
      CHECK(posenc::test::ulps(omega[i], std::pow(10000.0, -double(i) / m)) <= 8);
    CHECK(omega.back() == approx(1e-4, 1e-19));  // the last wavelength is exactly 2 pi base
  }
  CHECK(frequencies(2, {10000, Spacing::tensor2tensor}) == std::vector<double>{1.0});
}

TEST_CASE("concatenated layout: all sines, then all cosines", "[variants]") {
  const std::size_t d = 8, n = 7;
  const auto inter = encoding<double>(n, d, {500});
  const auto concat = encoding<double>(n, d, {500, Spacing::paper, Layout::concatenated});
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t i = 0; i < d / 2; ++i) {
      CHECK(concat[r * d + i] == inter[r * d + 2 * i]);
      CHECK(concat[r * d + d / 2 + i] == inter[r * d + 2 * i + 1]);
    }
}

TEST_CASE("dot(1,2) at d = 512: 249.102 for the paper, 249.128 for tensor2tensor", "[variants]") {
  CHECK(dotKernel(1, 512)[1] == printed("249.102"));
  CHECK(dotKernel(1, 512, kT2T)[1] == printed("249.128"));
  // The layout permutes columns, which a dot product does not see.
  const auto paperConcat = dotMatrix<double>(40, 64, {kDefaultBase, Spacing::paper, Layout::concatenated});
  CHECK(maxAbsDiff(paperConcat, dotMatrix<double>(40, 64)) <= 1e-12);
}

TEST_CASE("what survives the variant: Toeplitz and rotation per pair", "[variants]") {
  const std::size_t d = 64;
  const auto kernel = dotKernel(99, d, kT2T);
  const auto direct = dotMatrix<double>(100, d, kT2T);
  for (std::size_t i = 0; i < 100; ++i)
    for (std::size_t j = 0; j < 100; ++j)
      CHECK(direct[i * 100 + j] == approx(kernel[i > j ? i - j : j - i], 1e-12 * double(d)));
  for (double k : {1.0, -7.0, 250.5})
    for (double pos : {0.0, 13.0, 1000.0})
      CHECK(maxAbsDiff(shift(encode(pos, d, kT2T), k, kT2T), encode(pos + k, d, kT2T)) <= 1e-11);
  // R(-k) = R(k)^T, and R(k) maps PE(pos) to PE(pos + k) in the concatenated layout too.
  const auto r = rotation(3, d, kT2T), rInverse = rotation(-3, d, kT2T);
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t j = 0; j < d; ++j) CHECK(rInverse[j * d + i] == r[i * d + j]);
  const auto pe = encode(5, d, kT2T), pe8 = encode(8, d, kT2T);
  for (std::size_t i = 0; i < d; ++i) {
    double sum = 0;
    for (std::size_t j = 0; j < d; ++j) sum += r[i * d + j] * pe[j];
    CHECK(sum == approx(pe8[i], 1e-14));
  }
}
