#include "toeplitz.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "approx.hpp"
#include "arguments.hpp"
#include "dot.hpp"
#include "encoding.hpp"

using namespace posenc;
using posenc::test::approx;

TEST_CASE("a sinusoid's table is Toeplitz: distance 0, kernel = dotKernel", "[toeplitz]") {
  const std::size_t n = 64, d = 32;
  const auto table = encoding<double>(n, d);
  const ToeplitzFit fit = nearestToeplitz(table.data(), table.size(), n, d);
  CHECK(fit.distance < 1e-13);
  const auto kernel = dotKernel(n - 1, d);
  for (std::size_t delta = 0; delta < n; ++delta) CHECK(fit.kernel[delta] == approx(kernel[delta], 1e-12));
}

TEST_CASE("a table of one column 1, 2, 3: diagonals' means and the spread around them", "[toeplitz]") {
  // G = [[1 2 3] [2 4 6] [3 6 9]]: diagonal 0 holds 1, 4, 9 (mean 14/3), diagonal 1 holds 2, 6
  // twice (mean 4), diagonal 2 holds 3 twice. Spread 294/9 + 2·8 = 438/9; ‖G‖² = 196.
  const double table[] = {1, 2, 3};
  const ToeplitzFit fit = nearestToeplitz(table, 3, 3, 1);
  CHECK(fit.kernel[0] == approx(14.0 / 3, 1e-15));
  CHECK(fit.kernel[1] == approx(4, 1e-15));
  CHECK(fit.kernel[2] == approx(3, 1e-15));
  CHECK(fit.distance == approx(std::sqrt(438.0 / 9 / 196), 1e-15));
}

TEST_CASE("one row, and a table of zeros", "[toeplitz]") {
  // (a table of zeros: ‖G‖ = 0, distance 0 by definition)
  const double row[] = {3, 4};
  const ToeplitzFit one = nearestToeplitz(row, 2, 1, 2);
  CHECK(one.kernel == std::vector<double>{25});
  CHECK(one.distance == 0);
  const double zeros[6] = {};
  CHECK(nearestToeplitz(zeros, 6, 3, 2).distance == 0);
}

TEST_CASE("values far from 1: the same distance, the kernel scaled", "[toeplitz]") {
  const double small[] = {1, 2, 3}, huge[] = {1e200, 2e200, 3e200}, tiny[] = {1e-200, 2e-200, 3e-200};
  const ToeplitzFit a = nearestToeplitz(small, 3, 3, 1), b = nearestToeplitz(huge, 3, 3, 1), c = nearestToeplitz(tiny, 3, 3, 1);
  CHECK(b.distance == approx(a.distance, 1e-14));
  CHECK(c.distance == approx(a.distance, 1e-14));
  CHECK(std::isinf(b.kernel[0]));  // 14/3 · 10⁴⁰⁰: past double's range, as the dot products are
  CHECK(c.kernel[0] == 0);         // and 14/3 · 10⁻⁴⁰⁰ below it
  // Between 10^±60 and 10^±100, where squares of dot products would overflow or vanish unscaled.
  for (const double scale : {1e80, 1e-90, 1e61, 1e-61}) {
    const double t[] = {scale, 2 * scale, 3 * scale};
    CHECK(nearestToeplitz(t, 3, 3, 1).distance == approx(a.distance, 1e-14));
  }
}

TEST_CASE("nearestToeplitz's arguments", "[toeplitz][arguments]") {
  const double v[] = {1, 2, 3, 4};
  CHECK(!nearestToeplitzArgs(2, 2, v, 4));
  CHECK(nearestToeplitzArgs(0, 2, v, 0) == "matrix.rows must be at least 1, got 0");
  CHECK(nearestToeplitzArgs(2, 0, v, 0) == "matrix.cols must be at least 1, got 0");
  CHECK(nearestToeplitzArgs(2.5, 2, v, 4) == "matrix.rows must be an integer >= 0, got 2.5");
  CHECK(nearestToeplitzArgs(2, 2, v, 3) == "matrix.data.length must equal matrix.rows × matrix.cols = 4, got 3");
  CHECK(nearestToeplitzArgs(16385, 1024, v, 4) ==
        "matrix.rows × matrix.cols must be at most 16777216 values (the size cap), got 16385 × 1024 = 16778240");
  CHECK(nearestToeplitzArgs(4096, 1024, v, 4) ==
        "matrix.rows² × matrix.cols / 2 must be at most 4294967296 multiply-adds (the work cap), got 8589934592");
  const double bad[] = {1, std::numeric_limits<double>::quiet_NaN()};
  CHECK(nearestToeplitzArgs(1, 2, bad, 2) == "matrix.data[1] must be finite, got NaN");
  CHECK_THROWS_WITH(nearestToeplitz(bad, 2, 1, 2), "matrix.data[1] must be finite, got NaN");
  CHECK_THROWS_AS(nearestToeplitz(v, 4, 0, 4), ArgumentError);
  CHECK_THROWS_WITH(nearestToeplitz(v, 4, 2, 3), "matrix.data.length must equal matrix.rows × matrix.cols = 6, got 4");
}
