// Shared comparison helpers: every tolerance in the tests is explicit.
#pragma once

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "arguments.hpp"

namespace posenc::test {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();

// A rule's message, or "no problem".
inline std::string message(const Problem& p) { return p.value_or("no problem"); }

// A float's bits (to compare float32 values to the bit).
inline std::uint32_t bitsOf(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

inline double dot(const double* a, const double* b, std::size_t n) {
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

// rows x cols uniform values in [-2, 2), each exactly a float (the same input for float and double).
inline std::vector<double> randomMatrix(std::size_t rows, std::size_t cols, unsigned seed) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<double> uniform(-2, 2);
  std::vector<double> m(rows * cols);
  for (double& v : m) v = double(float(uniform(generator)));
  return m;
}

// expected within an absolute margin (no relative slack).
inline Approx approx(double expected, double margin) {
  return Approx(expected).margin(margin).epsilon(0);
}

// A number as a source printed it, e.g. "0.00999983": equal within half its last digit.
inline Approx printed(const std::string& text) {
  const auto dot = text.find('.');
  const int decimals = dot == std::string::npos ? 0 : int(text.size() - dot - 1);
  return approx(std::stod(text), 0.5 * std::pow(10.0, -decimals));
}

// Distance in units in the last place between two finite doubles.
inline std::int64_t ulps(double a, double b) {
  auto ordered = [](double x) {
    std::int64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    return bits < 0 ? INT64_MIN - bits : bits;
  };
  const std::int64_t d = ordered(a) - ordered(b);
  return d < 0 ? -d : d;
}

// Largest |a[i] - b[i]|.
template <class A, class B>
double maxAbsDiff(const std::vector<A>& a, const std::vector<B>& b) {
  REQUIRE(a.size() == b.size());
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    worst = std::max(worst, std::abs(double(a[i]) - double(b[i])));
  return worst;
}

}  // namespace posenc::test
