// ALiBi slopes and biases: BLOOM's and MPT's slopes (2^(−8h/P), the odd powers of the next set
// past P), the bias −m·|i − j| (Toeplitz per head), the causal mask, and every rule.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "approx.hpp"
#include "posenc.hpp"

using namespace posenc;

TEST_CASE("alibiSlopes: powers of two are 2^(-8h/n)", "[alibi]") {
  const auto slopes = alibiSlopes(8);
  for (std::size_t h = 0; h < 8; ++h) CHECK(slopes[h] == std::ldexp(1.0, -int(h) - 1));  // 1/2 … 1/256
  CHECK(alibiSlopes(1) == std::vector<double>{1.0 / 256});
}

TEST_CASE("alibiSlopes: 12 heads take 8 of the first set and 4 odd powers of 16", "[alibi]") {
  const auto slopes = alibiSlopes(12);
  for (std::size_t h = 0; h < 8; ++h) CHECK(slopes[h] == std::ldexp(1.0, -int(h) - 1));
  // 2^(−8·(2k+1)/16) = 2^(−(2k+1)/2), k = 0 … 3: √½, √⅛, …
  for (std::size_t k = 0; k < 4; ++k) CHECK(slopes[8 + k] == Approx(std::pow(2.0, -(2.0 * k + 1) / 2)).epsilon(1e-15));
}

TEST_CASE("alibiSlopes: BLOOM-176B's 112 heads; MPT's maxBias", "[alibi]") {
  const auto slopes = alibiSlopes(112);
  CHECK(slopes[63] == Approx(std::pow(2.0, -8.0)).epsilon(1e-15));   // last of the 64
  CHECK(slopes[64] == Approx(std::pow(2.0, -8.0 / 128)).epsilon(1e-15));
  CHECK(slopes[111] == Approx(std::pow(2.0, -8.0 * 95 / 128)).epsilon(1e-15));  // 2·47 + 1
  const auto mpt = alibiSlopes(4, 16);
  CHECK(mpt[0] == 0.0625);
  CHECK(mpt[3] == std::ldexp(1.0, -16));
}

TEST_CASE("alibiBias: -slope·|i - j|, Toeplitz per head, masked above the diagonal when causal", "[alibi]") {
  const std::size_t n = 5, heads = 3;
  std::vector<double> bias(heads * n * n), full(heads * n * n);
  alibiBiasInto(bias.data(), n, heads, 8, true);
  alibiBiasInto(full.data(), n, heads, 8, false);
  const auto slopes = alibiSlopes(heads);
  for (std::size_t h = 0; h < heads; ++h)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        const double expected = -slopes[h] * std::abs(double(i) - double(j));
        CHECK(full[(h * n + i) * n + j] == expected);
        if (j > i) CHECK(bias[(h * n + i) * n + j] == -std::numeric_limits<double>::infinity());
        else CHECK(bias[(h * n + i) * n + j] == expected);
        if (i + 1 < n && j + 1 < n) CHECK(full[(h * n + i + 1) * n + j + 1] == full[(h * n + i) * n + j]);
      }
  CHECK_FALSE(std::signbit(full[0]));  // 0 on the diagonal, not −0
}

TEST_CASE("alibi rules name the parameter", "[alibi][arguments]") {
  CHECK(*alibiSlopesArgs(0, 8) == "numHeads must be an integer between 1 and 65536, got 0");
  CHECK(*alibiSlopesArgs(2.5, 8) == "numHeads must be an integer between 1 and 65536, got 2.5");
  CHECK(*alibiSlopesArgs(65537, 8) == "numHeads must be an integer between 1 and 65536, got 65537");
  CHECK(*alibiSlopesArgs(8, 0) == "maxBias must be a number > 0 and at most 1000, got 0");
  CHECK(*alibiSlopesArgs(8, std::nan("")) == "maxBias must be a number > 0 and at most 1000, got NaN");
  CHECK(*alibiSlopesArgs(8, 1e308) == "maxBias must be a number > 0 and at most 1000, got 1e+308");
  CHECK(alibiSlopes(1, 1000)[0] > 0);
  CHECK(*alibiBiasArgs(-1, 8, 8) == "length must be an integer >= 0, got -1");
  CHECK(alibiBiasArgs(4096, 1000, 8)->rfind("numHeads × length × length must be at most 16777216 values", 0) == 0);
  CHECK_FALSE(alibiBiasArgs(0, 1, 8));
  CHECK_THROWS_AS(alibiSlopes(0), ArgumentError);
}
