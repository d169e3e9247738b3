#include "frequencies.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "approx.hpp"
#include "seeds.hpp"

using namespace posenc;
using posenc::test::approx;
using posenc::test::ulps;

TEST_CASE("frequencies of the worked example, d = 4", "[frequencies]") {
  // Seed 001: denominators 10000^(2i/4) = 1 and 100.
  const auto omega = frequencies(4);
  REQUIRE(omega.size() == 2);
  CHECK(omega[0] == 1.0);
  CHECK(omega[1] == approx(0.01, 1e-17));
}

TEST_CASE("log-space frequencies agree with the direct power form", "[frequencies]") {
  // omega_i = exp(-2i ln(base) / d) against pow(base, -2i/d), numpy's 1 / base**(2i/d) and
  // an 80-bit long double reference. pow is itself up to 7 ulp off here: its exponent 2i/d is
  // rounded before the power, and that error is multiplied by ln(base).
  std::int64_t worstExact = 0, worstPow = 0;
  for (double base : {10000.0, 2.0, 500000.0, 1.0001, 3.7}) {
    const long double logBase = std::log((long double)base);
    for (std::size_t d : {2, 4, 6, 20, 128, 512, 1000, 4096, 65536}) {
      const auto omega = frequencies(d, {base});
      REQUIRE(omega.size() == d / 2);
      for (std::size_t i = 0; i < omega.size(); ++i) {
        const double exponent = double(2 * i) / double(d);
        const long double exact = std::exp(-(long double)(2 * i) * logBase / (long double)d);
        worstExact = std::max(worstExact, ulps(omega[i], double(exact)));
        worstPow = std::max({worstPow, ulps(omega[i], std::pow(base, -exponent)),
                             ulps(omega[i], 1.0 / std::pow(base, exponent))});
      }
    }
  }
  INFO("largest distance: " << worstExact << " ulp from exact, " << worstPow << " from pow");
  CHECK(worstExact <= 2);
  CHECK(worstPow <= 8);
}

TEST_CASE("frequencies decrease geometrically from 1", "[frequencies]") {
  const auto omega = frequencies(512);
  CHECK(omega.front() == 1.0);
  const double ratio = std::pow(10000.0, -2.0 / 512);
  for (std::size_t i = 1; i < omega.size(); ++i) {
    CHECK(omega[i] < omega[i - 1]);
    CHECK(omega[i] / omega[i - 1] == approx(ratio, 1e-14));
  }
}

TEST_CASE("periods run from 2 pi to about 60611.477 for d = 512", "[frequencies]") {
  // Seed 004: the largest period is 2 pi 10000^(510/512) ~ 60611.477.
  const auto period = periods(512);
  REQUIRE(period.size() == 256);
  CHECK(period.front() == approx(2 * M_PI, 1e-15));
  CHECK(period.back() == posenc::test::printed(posenc::test::seeds::kLongestPeriod512));
  CHECK(period.back() == approx(2 * M_PI * std::pow(10000.0, 510.0 / 512), 1e-9));
  const auto omega = frequencies(512);
  for (std::size_t i = 0; i < period.size(); ++i)
    CHECK(period[i] * omega[i] == approx(2 * M_PI, 1e-14));
}

TEST_CASE("frequencies and periods refuse bad arguments", "[frequencies]") {
  CHECK_THROWS_WITH(frequencies(7), "dModel must be an even integer between 2 and 65536, got 7");
  CHECK_THROWS_WITH(frequencies(0), "dModel must be an even integer between 2 and 65536, got 0");
  CHECK_THROWS_WITH(frequencies(65538), "dModel must be an even integer between 2 and 65536, got 65538");
  CHECK_THROWS_AS(periods(4, {1.0}), ArgumentError);
  CHECK_THROWS_WITH(periods(4, {0.5}), "base must be a finite number > 1, got 0.5");
  CHECK_THROWS_WITH(periods(4, {NAN}), "base must be a finite number > 1, got NaN");
}

TEST_CASE("productError is fma's a*b - fl(a*b), bit for bit", "[frequencies]") {
  // The products frequencies() takes apart: n * ln(base) and q * d, and values spread over
  // magnitudes and signs (a regular grid, nothing random).
  std::vector<double> values = {0.0, 1.0, -1.0, 3.0, 0.1, -0.7, 1.0 / 3, 9.210340371976184, 6.907755278982137,
                                1e-8, 1e8, -123456.789, 0.6931471805599453, 4095.0, 8192.0, 1e150, -1e-150};
  for (int i = 1; i <= 64; ++i) values.push_back(std::ldexp(1.0 + i / 65.0, 3 * i - 96) * (i % 2 ? 1 : -1));
  for (int n = 0; n < 16384; n += 97) values.push_back(n * 9.210340371976184 / 8192);
  for (double a : values)
    for (double b : values) {
      const double p = a * b;
      if (!std::isfinite(p) || (p != 0 && std::abs(p) < 1e-280)) continue;  // out of its range
      CHECK(productError(a, b, p) == std::fma(a, b, -p));
    }
}
