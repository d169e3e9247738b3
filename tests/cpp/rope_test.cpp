// Applying rotary embeddings: the identities that make RoPE relative, the float32 recurrence
// against the double path, layouts, partial rotary and positions.
#include "rope.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "approx.hpp"

using namespace posenc;
using posenc::test::dot;
using posenc::test::randomMatrix;
using posenc::test::maxAbsDiff;

namespace {


template <class T = double>
std::vector<T> rope(const std::vector<T>& in, std::size_t cols, const RopeOptions& o,
                    const RopePositions& p = {}) {
  std::vector<T> out(in.size());
  ropeInto(out.data(), in.data(), in.size() / cols, cols, o, p);
  return out;
}


RopeOptions yarnOptions(Layout layout) {  // attention factor 0.1 ln 16 + 1
  RopeOptions o;
  o.layout = layout;
  o.scaling.type = RopeType::yarn;
  o.scaling.factor = 16;
  o.scaling.originalMaxPositionEmbeddings = 4096;
  return o;
}

}  // namespace

TEST_CASE("the pair (x1, x2) turns counter-clockwise by position * theta_i", "[rope]") {
  // d = 4: theta = 1, 1/100. Position 2, interleaved pairs (0, 1), (2, 3).
  const std::vector<double> x = {1, 0, 0, 1};
  RopeOptions o;
  const auto y = rope(x, 4, o, {2});
  CHECK(y[0] == Approx(std::cos(2.0)).epsilon(1e-15));
  CHECK(y[1] == Approx(std::sin(2.0)).epsilon(1e-15));
  CHECK(y[2] == Approx(-std::sin(0.02)).epsilon(1e-15));
  CHECK(y[3] == Approx(std::cos(0.02)).epsilon(1e-15));
  o.layout = Layout::concatenated;  // pairs (0, 2), (1, 3)
  const auto z = rope(x, 4, o, {2});
  CHECK(z[0] == Approx(std::cos(2.0)).epsilon(1e-15));
  CHECK(z[2] == Approx(std::sin(2.0)).epsilon(1e-15));
  CHECK(z[1] == Approx(-std::sin(0.02)).epsilon(1e-15));
  CHECK(z[3] == Approx(std::cos(0.02)).epsilon(1e-15));
}

TEST_CASE("position 0 is the identity, times the attention factor", "[rope]") {
  for (Layout layout : {Layout::interleaved, Layout::concatenated}) {
    const auto x = randomMatrix(1, 64, 12);
    CHECK(rope(x, 64, RopeOptions{}) == x);
    const RopeOptions o = yarnOptions(layout);
    const auto y = rope(x, 64, o);
    const double a = 0.1 * std::log(16.0) + 1;
    for (std::size_t i = 0; i < x.size(); ++i) CHECK(y[i] == Approx(a * x[i]).epsilon(1e-15));
  }
}

TEST_CASE("lengths kept times the attention factor; q(m) . k(n) depends on m - n only", "[rope]") {
  for (Layout layout : {Layout::interleaved, Layout::concatenated}) {
    const RopeOptions o = yarnOptions(layout);
    const double a = 0.1 * std::log(16.0) + 1;
    const auto q = randomMatrix(1, 64, 1), k = randomMatrix(1, 64, 2);
    const double norm = std::sqrt(dot(q.data(), q.data(), 64));
    const double reference = a * a * dot(rope(q, 64, o, {10}).data(), rope(k, 64, o, {3}).data(), 64);
    for (double m : {7.0, 100.0, 5000.0, 123456.0}) {
      const auto qm = rope(q, 64, o, {m}), kn = rope(k, 64, o, {m - 7});
      CHECK(std::sqrt(dot(qm.data(), qm.data(), 64)) == Approx(a * norm).epsilon(1e-14));
      CHECK(a * a * dot(qm.data(), kn.data(), 64) == Approx(reference).epsilon(1e-11));
    }
  }
}

TEST_CASE("rope at b of rope at a is rope at a + b", "[rope]") {
  RopeOptions o;
  o.rotaryDims = 48;
  o.layout = Layout::concatenated;
  const auto x = randomMatrix(1, 64, 12);
  const auto twice = rope(rope(x, 64, o, {300}), 64, o, {-1250.5});
  const auto once = rope(x, 64, o, {-950.5});
  CHECK(maxAbsDiff(twice, once) < 1e-12);
}

TEST_CASE("partial rotary: only the first rotaryDims columns turn, over their own frequencies", "[rope]") {
  const auto x = randomMatrix(3, 96, 12);
  RopeOptions partial;
  partial.rotaryDims = 24;  // GPT-NeoX 20B
  partial.layout = Layout::concatenated;
  const auto y = rope(x, 96, partial, {2040});
  RopeOptions whole;  // a 24-column head at the same positions
  whole.layout = Layout::concatenated;
  for (std::size_t r = 0; r < 3; ++r) {
    const std::vector<double> head(x.begin() + long(r * 96), x.begin() + long(r * 96 + 24));
    const auto turned = rope(head, 24, whole, {2040 + double(r)});
    for (std::size_t c = 0; c < 96; ++c)
      CHECK(y[r * 96 + c] == (c < 24 ? turned[c] : x[r * 96 + c]));
  }
}

TEST_CASE("a positions list equals the rows one at a time", "[rope]") {
  const auto x = randomMatrix(4, 16, 12);
  RopePositions at;
  at.list = std::vector<double>{5, -3, 0.5, 1e6};
  const auto y = rope(x, 16, RopeOptions{}, at);
  for (std::size_t r = 0; r < 4; ++r) {
    const std::vector<double> row(x.begin() + long(r * 16), x.begin() + long(r * 16 + 16));
    const auto one = rope(row, 16, RopeOptions{}, {(*at.list)[r]});
    CHECK(std::vector<double>(y.begin() + long(r * 16), y.begin() + long(r * 16 + 16)) == one);
  }
}

TEST_CASE("float32 by recurrence stays within float rounding of the double path", "[rope][recurrence]") {
  // 1300 rows cross two re-seeds (every 512) and a partial group of 4 rows; odd pair counts take
  // the scalar tail; start 10^6 makes the angles large. Error budget of the float32 turn: c and
  // s rounded to float, each product and the sum rounded, 2^-24 relative each, so at most
  // 3 * 2^-24 * a (|x1| + |x2|) <= 3 * 2^-24 * a * 4 here (|x| <= 2), plus the recurrence's 1e-13.
  const double a = 0.1 * std::log(16.0) + 1, budget = 3 * std::ldexp(1.0, -24) * a * 4;
  for (Layout layout : {Layout::interleaved, Layout::concatenated})
    for (std::size_t rotary : {2, 6, 8, 40, 64})
      for (double start : {0.0, 1e6}) {
        INFO("layout " << int(layout) << ", rotaryDims " << rotary << ", start " << start);
        RopeOptions o = yarnOptions(layout);
        o.rotaryDims = rotary;
        const auto x = randomMatrix(1301, 64, 12);
        const std::vector<float> x32(x.begin(), x.end());
        const auto y = rope(x, 64, o, {start});
        const auto y32 = rope(x32, 64, o, {start});
        CHECK(maxAbsDiff(y32, y) < budget);
      }
}

TEST_CASE("float32 with frequencies above 1 follows the double path (fuzzer finding)", "[rope][recurrence]") {
  // Linear scaling by a tiny factor divides every θ_i by it: θ_0 = 1/factor. The recurrence
  // would step R(θ_0) where libm rounds each angle p·θ_0 first; past 2^28 radians they differ.
  for (double factor : {1.37e-231, 1e-6, 0.5})
    for (double start : {191.75, 0.0}) {
      INFO("factor " << factor << ", start " << start);
      RopeOptions o;
      o.base = 202;
      o.scaling.type = RopeType::linear;
      o.scaling.factor = factor;
      o.layout = Layout::concatenated;
      o.rotaryDims = 4;
      const auto x = randomMatrix(256, 8, 12);
      const std::vector<float> x32(x.begin(), x.end());
      const auto y = rope(x, 8, o, {start});
      const auto y32 = rope(x32, 8, o, {start});
      CHECK(maxAbsDiff(y32, y) < 3 * std::ldexp(1.0, -24) * 4);
    }
}

TEST_CASE("in place: out may be the input", "[rope]") {
  for (Layout layout : {Layout::interleaved, Layout::concatenated}) {
    RopeOptions o = yarnOptions(layout);
    o.rotaryDims = 40;
    const auto x = randomMatrix(600, 64, 12);
    std::vector<float> inPlace(x.begin(), x.end());
    const auto expected = rope(inPlace, 64, o, {7});
    ropeInto(inPlace.data(), inPlace.data(), 600, 64, o, {7});
    CHECK(inPlace == expected);
    std::vector<double> inPlace64 = x;
    ropeInto(inPlace64.data(), inPlace64.data(), 600, 64, o, {7});
    CHECK(inPlace64 == rope(x, 64, o, {7}));
  }
}

TEST_CASE("dynamic scaling defaults its length to the largest position + 1", "[rope]") {
  RopeOptions o;
  o.scaling.type = RopeType::dynamic;
  o.scaling.factor = 2;
  o.scaling.maxPositionEmbeddings = 2048;
  const auto x = randomMatrix(2, 16, 12);
  RopePositions at;
  at.list = std::vector<double>{4999, 10};
  RopeOptions given = o;
  given.length = 5000;
  CHECK(rope(x, 16, o, at) == rope(x, 16, given, at));
  given.length = 2048;  // the default frequencies
  CHECK(rope(x, 16, o, at) != rope(x, 16, given, at));
  CHECK(rope(x, 16, given, at) == rope(x, 16, RopeOptions{}, at));
}
