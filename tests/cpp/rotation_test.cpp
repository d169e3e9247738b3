#include "rotation.hpp"

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

using Matrix = std::vector<double>;

Matrix multiply(const Matrix& a, const Matrix& b, std::size_t n) {
  Matrix c(n * n, 0.0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < n; ++k)
      for (std::size_t j = 0; j < n; ++j) c[i * n + j] += a[i * n + k] * b[k * n + j];
  return c;
}

std::vector<double> product(const Matrix& m, const std::vector<double>& v) {
  const std::size_t n = v.size();
  std::vector<double> out(n, 0.0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) out[i] += m[i * n + j] * v[j];
  return out;
}

Matrix transpose(const Matrix& m, std::size_t n) {
  Matrix t(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) t[j * n + i] = m[i * n + j];
  return t;
}

}  // namespace

TEST_CASE("PE(10) from PE(0) by rotation, d = 4", "[rotation]") {
  // Seed 002: compute_pe(0, 10) = [-0.54402111, -0.83907153, 0.09983342, 0.99500417].
  const auto pe10 = product(rotation(10, 4), encode(0, 4));
  for (int c = 0; c < 4; ++c) CHECK(pe10[c] == printed(test::seeds::kPe10[c]));
  CHECK(maxAbsDiff(shift(encode(0, 4), 10), pe10) <= 1e-16);
}

TEST_CASE("R(k) is block-diagonal with the 2x2 rotation blocks", "[rotation]") {
  const std::size_t d = 6;
  const double k = 2.5;
  const auto r = rotation(k, d);
  const double omega[] = {1.0, std::pow(10000.0, -2.0 / 6), std::pow(10000.0, -4.0 / 6)};
  for (std::size_t row = 0; row < d; ++row)
    for (std::size_t col = 0; col < d; ++col) {
      const std::size_t i = row / 2;
      double expected = 0;
      if (col / 2 == i) {
        const double c = std::cos(k * omega[i]), s = std::sin(k * omega[i]);
        expected = row % 2 == 0 ? (col % 2 == 0 ? c : s) : (col % 2 == 0 ? -s : c);
      }
      CHECK(r[row * d + col] == approx(expected, 1e-15));
    }
}

TEST_CASE("R(-k) = R(k)^T and R(k) is orthogonal", "[rotation]") {
  const std::size_t d = 32;
  for (double k : {1.0, 7.5, -40.0, 1e5}) {
    const auto r = rotation(k, d);
    CHECK(maxAbsDiff(rotation(-k, d), transpose(r, d)) <= 1e-15);
    Matrix identity(d * d, 0.0);
    for (std::size_t i = 0; i < d; ++i) identity[i * d + i] = 1;
    CHECK(maxAbsDiff(multiply(r, transpose(r, d), d), identity) <= 1e-15);
  }
}

TEST_CASE("R(a) R(b) = R(a + b)", "[rotation]") {
  const std::size_t d = 16;
  for (auto [a, b] : {std::pair{3.0, 4.0}, {10.0, -7.5}, {-100.0, -23.0}, {0.25, 1000.0}})
    CHECK(maxAbsDiff(multiply(rotation(a, d), rotation(b, d), d), rotation(a + b, d)) <= 1e-13);
}

TEST_CASE("shift(v, k) = R(k) v and moves PE(pos) to PE(pos + k)", "[rotation]") {
  const std::size_t d = 64;
  std::vector<double> v(d);
  for (std::size_t c = 0; c < d; ++c) v[c] = std::sin(double(c) * 1.7) * 3;
  for (double k : {0.0, 1.0, -5.0, 12.5, 3000.0}) {
    CHECK(maxAbsDiff(shift(v, k), product(rotation(k, d), v)) <= 1e-14);
    for (double pos : {0.0, 17.0, -4.5, 9999.0})
      CHECK(maxAbsDiff(shift(encode(pos, d), k), encode(pos + k, d)) <= 1e-11);
  }
  // A different base rotates at that base's frequencies.
  CHECK(maxAbsDiff(shift(encode(3, d, {50}), 4, {50}), encode(7, d, {50})) <= 1e-14);
}

TEST_CASE("rotation and shift refuse bad arguments", "[rotation]") {
  CHECK_THROWS_WITH(rotation(NAN, 4), "k must be a finite number, got NaN");
  CHECK_THROWS_WITH(rotation(1, 5), "dModel must be an even integer between 2 and 65536, got 5");
  CHECK_THROWS_WITH(rotation(1, 8192),
                    "dModel × dModel must be at most 16777216 values (the size cap), got 8192 × 8192 = 67108864");
  CHECK_THROWS_WITH(shift({1, 2, 3}, 1), "vector.length must be an even integer between 2 and 65536, got 3");
  CHECK_THROWS_WITH(shift({}, 1), "vector.length must be an even integer between 2 and 65536, got 0");
  CHECK_THROWS_WITH(shift({1, 2}, -INFINITY), "k must be a finite number, got -Infinity");
  CHECK_THROWS_WITH(shift({1, 2}, 1, {1}), "base must be a finite number > 1, got 1");
}
