// torch_pow: the ports of Sleef's and glibc's powf against values Debian's torch 1.13 printed
// (scripts/golden/rope_float32.py; all of tests/golden/rope-float32.json is checked in JS), the
// vector/tail split, and the special values C99's pow defines.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "approx.hpp"
#include "torch_pow.hpp"

using namespace posenc::torch;
using posenc::test::bitsOf;

namespace {

// torch.arange(0, dim, 2, dtype=torch.int64).float() / dim
std::vector<float> exponents(int dim) {
  std::vector<float> e(std::size_t(dim / 2));
  for (std::size_t i = 0; i < e.size(); ++i) e[i] = float(2 * i) / float(dim);
  return e;
}

constexpr float kInfFloat = std::numeric_limits<float>::infinity();

// splitmix64: the same numbers on every platform (std's distributions are not).
struct Random {
  std::uint64_t state;
  double uniform(double low, double high) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    z ^= z >> 31;
    return low + (high - low) * double(z >> 11) * 0x1p-53;
  }
};

}  // namespace

TEST_CASE("Sleef's powf is torch's on blocks of 16, glibc's on the rest", "[torch_pow]") {
  // 10000 ** (20/48 in float32): torch 46.41588211 (0x4239a9dd, Sleef, 1 ulp below), the
  // correctly rounded 46.415886 (0x4239a9de, glibc).
  const float e = float(20) / float(48);
  CHECK(bitsOf(sleefPowf(10000, e)) == 0x4239a9ddu);
  CHECK(bitsOf(glibcPowf(10000, e)) == 0x4239a9deu);
  // 500000 ** (446/512): torch 0x47b3ea38, correctly rounded 0x47b3ea39.
  CHECK(bitsOf(sleefPowf(500000, float(446) / float(512))) == 0x47b3ea38u);

  // dim 48: 24 values, 16 through Sleef, 8 through glibc; value 10 is the one above.
  const std::vector<float> x = exponents(48);
  std::vector<float> out(x.size());
  powScalarBase(10000, x.data(), out.data(), x.size());
  CHECK(bitsOf(out[10]) == 0x4239a9ddu);
  for (std::size_t i = 0; i < x.size(); ++i) {
    INFO("pair " << i);
    CHECK(bitsOf(out[i]) == bitsOf(i < 16 ? sleefPowf(10000, x[i]) : glibcPowf(10000, x[i])));
  }
  // Fewer than 16: all glibc (GPT-NeoX-20B's 12 pairs); torch's base is float32 (1e6 exactly).
  const std::vector<float> small = exponents(24);
  powScalarBase(1e6f, small.data(), out.data(), small.size());
  for (std::size_t i = 0; i < small.size(); ++i) CHECK(bitsOf(out[i]) == bitsOf(glibcPowf(1e6f, small[i])));
}

TEST_CASE("both ports: C99's special values of pow", "[torch_pow]") {
  for (auto pow : {sleefPowf, glibcPowf}) {
    CHECK(pow(10000, 0) == 1);
    CHECK(pow(1, kInfFloat) == 1);
    CHECK(pow(1, std::nanf("")) == 1);
    CHECK(pow(std::nanf(""), 0) == 1);
    CHECK(std::isnan(pow(std::nanf(""), 0.5f)));
    CHECK(pow(0, 0.5f) == 0);
    CHECK(pow(0, -0.5f) == kInfFloat);
    CHECK(pow(-2, 3) == -8);
    CHECK(pow(-2, 2) == 4);
    CHECK(std::isnan(pow(-2, 0.5f)));
    CHECK(pow(2, kInfFloat) == kInfFloat);
    CHECK(pow(0.5f, kInfFloat) == 0);
    CHECK(pow(kInfFloat, -1) == 0);
    CHECK(pow(2, 128) == kInfFloat);
    CHECK(pow(2, -150) == 0);
    CHECK(pow(2, 10) == 1024);
    CHECK(pow(4, 0.5f) == 2);
  }
}

TEST_CASE("both ports within 1 ulp of the double-precision pow, subnormal bases included (seed 7)", "[torch_pow]") {
  // Sleef's u10 is within 1.0 ulp, glibc's within 0.82: both within 1 of the correctly rounded.
  Random random{7};
  int far = 0;
  for (int n = 0; n < 200000; ++n) {
    const float x = n % 4 == 0 ? float(random.uniform(0, 1e-38)) : float(random.uniform(0, 1e7));
    const float y = float(random.uniform(-3, 3));
    const float exact = float(std::pow(double(x), double(y)));
    if (!std::isfinite(exact) || exact == 0 || std::fpclassify(exact) == FP_SUBNORMAL) continue;
    for (float p : {sleefPowf(x, y), glibcPowf(x, y)}) {
      const std::int64_t d = std::int64_t(bitsOf(p)) - std::int64_t(bitsOf(exact));
      if (d > 1 || d < -1) {
        ++far;
        UNSCOPED_INFO("pow(" << x << ", " << y << ") = " << p << ", double pow " << exact);
      }
    }
  }
  CHECK(far == 0);
}
