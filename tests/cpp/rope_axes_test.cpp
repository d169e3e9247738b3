// Axial and multimodal RoPE (rope_axes.hpp): one axis is the 1D rope, scores depend on the
// offsets axis by axis, lengths are kept, M-RoPE's sections pick the axes, and every rule's
// message names the argument.
#include "rope_axes.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "approx.hpp"
#include "rope.hpp"

using namespace posenc;
using posenc::test::dot;
using posenc::test::kInf;
using posenc::test::kNaN;
using posenc::test::message;
using posenc::test::randomMatrix;
using posenc::test::maxAbsDiff;

namespace {



template <class T = double>
std::vector<T> turn(const std::vector<T>& in, std::size_t cols, const AxisPositions& positions, const RopeAxes& r) {
  std::vector<T> out(in.size());
  ropeAxesInto(out.data(), in.data(), in.size() / cols, cols, positions, r);
  return out;
}



}  // namespace

TEST_CASE("axial frequencies: axis k's i-th pair turns at base^(-2i / axes[k]), axes in order", "[rope][axes]") {
  const RopeAxes r = axialRope({16, 56, 56}, 10000, Layout::interleaved);  // FLUX
  REQUIRE(r.theta.size() == 64);
  REQUIRE(r.axisOf.size() == 64);
  CHECK(r.attentionFactor == 1);
  for (std::size_t p = 0; p < 64; ++p) {
    const std::size_t axis = p < 8 ? 0 : p < 36 ? 1 : 2, i = p < 8 ? p : p < 36 ? p - 8 : p - 36;
    const double d = axis == 0 ? 16 : 56;
    CHECK(r.axisOf[p] == axis);
    CHECK(r.theta[p] == Approx(std::pow(10000.0, -2.0 * double(i) / d)).epsilon(1e-15));
  }
  // The very frequencies of 1D RoPE over axes[k] columns.
  const std::vector<double> row = ropeFrequencies(56, 10000).theta;
  CHECK(std::equal(row.begin(), row.end(), r.theta.begin() + 8));
}

TEST_CASE("one axis is the 1D rope with positions, bit for bit", "[rope][axes]") {
  const std::size_t rows = 9, cols = 12;
  const std::vector<double> x = randomMatrix(rows, cols, 7);
  const std::vector<double> at = {0, 3, -2.5, 1e4, 7, 7, 0.125, 123456, -9};
  for (Layout layout : {Layout::interleaved, Layout::concatenated}) {
    for (std::size_t rotary : {std::size_t{12}, std::size_t{8}}) {  // all columns, and partial
      RopeOptions o;
      o.layout = layout;
      o.base = 500;
      o.rotaryDims = rotary;
      std::vector<double> expected(x.size());
      ropeInto(expected.data(), x.data(), rows, cols, o, RopePositions(at));
      const RopeAxes r = axialRope({rotary}, 500, layout);
      CHECK(turn(x, cols, {at}, r) == expected);
      const std::vector<float> xf(x.begin(), x.end());
      std::vector<float> expectedF(x.size());
      ropeInto(expectedF.data(), xf.data(), rows, cols, o, RopePositions(at));
      CHECK(turn(xf, cols, {at}, r) == expectedF);
    }
  }
}

TEST_CASE("axial scores depend only on the offsets, axis by axis; lengths are kept", "[rope][axes]") {
  const std::size_t cols = 40;  // axes 8 + 12 + 16 = 36, four columns copied
  const std::vector<double> q = randomMatrix(1, cols, 1), k = randomMatrix(1, cols, 2);
  for (Layout layout : {Layout::interleaved, Layout::concatenated}) {
    const RopeAxes r = axialRope({8, 12, 16}, 10000, layout);
    const AxisPositions m = {{3}, {-7}, {11.5}}, n = {{10}, {2}, {4}};
    const double score = dot(turn(q, cols, m, r).data(), turn(k, cols, n, r).data(), cols);
    std::mt19937 generator(5);
    std::uniform_real_distribution<double> shift(-1000, 1000);
    for (int trial = 0; trial < 20; ++trial) {
      AxisPositions m2 = m, n2 = n;
      for (std::size_t a = 0; a < 3; ++a) {
        const double s = std::round(shift(generator));  // integer shifts: exact positions
        m2[a][0] += s;
        n2[a][0] += s;
      }
      CHECK(dot(turn(q, cols, m2, r).data(), turn(k, cols, n2, r).data(), cols) == Approx(score).margin(1e-12));
    }
    // A shift of one axis alone changes the score (every axis counts).
    for (std::size_t a = 0; a < 3; ++a) {
      AxisPositions m2 = m;
      m2[a][0] += 1;
      CHECK(std::abs(dot(turn(q, cols, m2, r).data(), turn(k, cols, n, r).data(), cols) - score) > 1e-6);
    }
    const std::vector<double> y = turn(q, cols, m, r);
    CHECK(std::sqrt(dot(y.data(), y.data(), cols)) == Approx(std::sqrt(dot(q.data(), q.data(), cols))).epsilon(1e-15));
    CHECK(std::equal(q.begin() + 36, q.end(), y.begin() + 36));  // past R: copied
  }
}

TEST_CASE("out may be in", "[rope][axes]") {
  const std::size_t cols = 8;
  std::vector<double> x = randomMatrix(3, cols, 7);
  const RopeAxes r = axialRope({4, 4}, 100, Layout::concatenated);
  const AxisPositions at = {{1, 2, 3}, {-4, 5, 0.5}};
  const std::vector<double> expected = turn(x, cols, at, r);
  ropeAxesInto(x.data(), x.data(), 3, cols, at, r);
  CHECK(x == expected);
}

TEST_CASE("M-RoPE: half-pair j turns by t, h or w as mrope_section * 2 splits the columns", "[rope][axes][mrope]") {
  // Qwen2-VL-7B: head_dim 128, base 1e6, mrope_section [16, 24, 24].
  const RopeAxes r = mropeRope(128, 1e6, {}, {}, 0, {16, 24, 24});
  REQUIRE(r.theta.size() == 64);
  CHECK(r.layout == Layout::concatenated);
  for (std::size_t j = 0; j < 64; ++j) CHECK(r.axisOf[j] == (j < 16 ? 0u : j < 40 ? 1u : 2u));
  CHECK(r.theta == ropeFrequencies(128, 1e6).theta);
  // Unit vectors: pair j = (j, j + 64) turned by positions[axis][0] * theta_j.
  const AxisPositions at = {{5}, {-3}, {17}};
  for (std::size_t j : {std::size_t{0}, std::size_t{15}, std::size_t{16}, std::size_t{39}, std::size_t{40}, std::size_t{63}}) {
    std::vector<double> e(128, 0.0);
    e[j] = 1;
    const std::vector<double> y = turn(e, 128, at, r);
    const double angle = at[r.axisOf[j]][0] * r.theta[j];
    CHECK(y[j] == Approx(std::cos(angle)).epsilon(1e-15));
    CHECK(y[j + 64] == Approx(std::sin(angle)).epsilon(1e-15));
  }
  // Text tokens (t = h = w) are the 1D rope, concatenated.
  const std::size_t rows = 4;
  const std::vector<double> x = randomMatrix(rows, 128, 7), p = {0, 1, 2, 1000};
  RopeOptions o;
  o.base = 1e6;
  o.layout = Layout::concatenated;
  std::vector<double> expected(x.size());
  ropeInto(expected.data(), x.data(), rows, 128, o, RopePositions(p));
  CHECK(turn(x, 128, {p, p, p}, r) == expected);
}

TEST_CASE("interleaved M-RoPE (Qwen3-VL): h and w every third pair while their sections last", "[rope][axes][mrope]") {
  // Qwen3-VL-4B: head_dim 128, base 5e6, mrope_section [24, 20, 20]. transformers'
  // apply_interleaved_mrope: pairs 0..11 t h w t h w …, 58 h, 59 w, 60..63 t (h's and w's
  // 20 pairs end at 3·20 = 60).
  const RopeAxes r = mropeRope(128, 5e6, {}, {}, 0, {24, 20, 20}, true);
  REQUIRE(r.axisOf.size() == 64);
  CHECK(r.layout == Layout::concatenated);
  CHECK(r.theta == ropeFrequencies(128, 5e6).theta);
  const std::vector<std::size_t> first = {0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}, last = {0, 1, 2, 0, 0, 0, 0};
  for (std::size_t j = 0; j < 12; ++j) CHECK(r.axisOf[j] == first[j]);
  for (std::size_t j = 57; j < 64; ++j) CHECK(r.axisOf[j] == last[j - 57]);
  std::size_t counts[3] = {};
  for (std::size_t a : r.axisOf) ++counts[a];
  CHECK(counts[0] == 24);
  CHECK(counts[1] == 20);
  CHECK(counts[2] == 20);
  // Qwen3.5's [11, 11, 10] over 64 rotary dimensions: h at 1, 4, …, 31; w at 2, 5, …, 29; t the rest.
  const RopeAxes q = mropeRope(256, 1e7, {}, {}, 64, {11, 11, 10}, true);
  for (std::size_t j = 0; j < 32; ++j) CHECK(q.axisOf[j] == (j % 3 == 1 ? 1u : j % 3 == 2 && j < 30 ? 2u : 0u));
  // Text tokens (t = h = w) are the 1D rope, as in blocks.
  const std::vector<double> x = randomMatrix(3, 128, 11), p = {0, 7, 4096};
  CHECK(turn(x, 128, {p, p, p}, r) == turn(x, 128, {p, p, p}, mropeRope(128, 5e6, {}, {}, 0, {24, 20, 20})));
}

TEST_CASE("M-RoPE with a scaled config: the scaling's frequencies and attention factor", "[rope][axes][mrope]") {
  RopeScaling yarn;
  yarn.type = RopeType::yarn;
  yarn.factor = 4;
  yarn.originalMaxPositionEmbeddings = 32768;
  const RopeAxes r = mropeRope(128, 1e6, yarn, {}, 0, {16, 24, 24});
  const RopeFrequencies f = ropeFrequencies(128, 1e6, yarn);
  CHECK(r.theta == f.theta);
  CHECK(r.attentionFactor == f.attentionFactor);
  const std::vector<double> x = randomMatrix(1, 128, 7);
  const std::vector<double> y = turn(x, 128, {{0}, {0}, {0}}, r);  // position 0: x times the factor
  CHECK(maxAbsDiff(y, std::vector<double>(x.size())) > 0);
  for (std::size_t c = 0; c < 128; ++c) CHECK(y[c] == Approx(x[c] * f.attentionFactor).epsilon(1e-15));
}

TEST_CASE("axial rules name the argument", "[rope][axes][arguments]") {
  const std::vector<double> three = {4, 4, 4};
  CHECK_FALSE(ropeAxesArgs(2, 12, three, 10000, {2, 2, 2}));
  CHECK_FALSE(ropeAxesArgs(2, 14, three, 10000, {2, 2, 2}));  // two columns copied
  CHECK_FALSE(ropeAxesArgs(0, 2, {2}, 1.5, {0}));
  CHECK(message(ropeAxesArgs(-1, 12, three, 10000, {})) == "matrix.rows must be an integer >= 0, got -1");
  CHECK(message(ropeAxesArgs(2, 11, three, 10000, {})) == "matrix.cols must be an even integer between 2 and 65536, got 11");
  CHECK(message(ropeAxesArgs(1 << 20, 1024, three, 10000, {})) ==
        "matrix.rows × matrix.cols must be at most 16777216 values (the size cap), got 1048576 × 1024 = 1073741824");
  CHECK(message(ropeAxesArgs(2, 12, {}, 10000, {})) == "axes must list at least one axis (the columns of each), got none");
  CHECK(message(ropeAxesArgs(2, 12, {4, 3}, 10000, {2, 2})) ==
        "axes[1] must be an even integer > 0 (the columns of axis 1, in pairs), got 3");
  CHECK(message(ropeAxesArgs(2, 12, {4, 0}, 10000, {2, 2})) ==
        "axes[1] must be an even integer > 0 (the columns of axis 1, in pairs), got 0");
  CHECK(message(ropeAxesArgs(2, 12, {kNaN}, 10000, {2})) ==
        "axes[0] must be an even integer > 0 (the columns of axis 0, in pairs), got NaN");
  CHECK(message(ropeAxesArgs(2, 12, {-4}, 10000, {2})) ==
        "axes[0] must be an even integer > 0 (the columns of axis 0, in pairs), got -4");
  CHECK(message(ropeAxesArgs(2, 12, {4, 4, 6}, 10000, {2, 2, 2})) ==
        "axes must sum to at most matrix.cols = 12 (the rotated columns), got 4 + 4 + 6 = 14");
  CHECK(message(ropeAxesArgs(2, 12, {14}, 10000, {2})) ==
        "axes must sum to at most matrix.cols = 12 (the rotated columns), got 14");
  CHECK(message(ropeAxesArgs(2, 12, three, 1, {2, 2, 2})) == "base must be a finite number > 1, got 1");
  CHECK(message(ropeAxesArgs(2, 12, three, kInf, {2, 2, 2})) == "base must be a finite number > 1, got Infinity");
  CHECK(message(ropeAxesArgs(2, 12, three, 10000, {2, 2})) ==
        "positions.length must equal axes.length = 3 (one list of positions per axis), got 2");
  CHECK(message(ropeAxesArgs(2, 12, three, 10000, {2, 1, 2})) == "positions[1].length must equal matrix.rows = 2, got 1");
  const RopeAxes r = axialRope({4, 4}, 10000, Layout::interleaved);
  CHECK(message(checkAxisPositions({{0, 1}, {2, kNaN}}, r)) == "positions[1][1] must be a finite number, got NaN");
  CHECK(message(checkAxisPositions({{-kInf}, {2}}, r)) == "positions[0][0] must be a finite number, got -Infinity");
  CHECK_FALSE(checkAxisPositions({{-1e308}, {1e308}}, r));
  CHECK_THROWS_WITH(axialRope({4, 5}, 10000, Layout::interleaved),
                    "axes[1] must be an even integer > 0 (the columns of axis 1, in pairs), got 5");
  CHECK_THROWS_WITH(axialRope({4}, 0.5, Layout::interleaved), "base must be a finite number > 1, got 0.5");
  CHECK_THROWS_AS(axialRope({65536, 2}, 10000, Layout::interleaved), ArgumentError);
}

TEST_CASE("ropeAxesInto checks the lists against the rotation and the matrix", "[rope][axes][arguments]") {
  const RopeAxes r = axialRope({4, 4}, 10000, Layout::interleaved);
  std::vector<double> x(2 * 8, 1.0), y(x.size());
  auto run = [&](std::size_t cols, const AxisPositions& at) { ropeAxesInto(y.data(), x.data(), 16 / cols, cols, at, r); };
  CHECK_NOTHROW(run(8, {{0, 1}, {2, 3}}));
  CHECK_THROWS_WITH(run(8, {{0, 1}}), "rotation.axisOf[2] must name one of the positions.length = 1 axes, got 1");
  CHECK_THROWS_WITH(run(8, {{0, 1}, {2}}), "positions[1].length must equal matrix.rows = 2, got 1");
  CHECK_THROWS_WITH(run(4, {{0, 1, 2, 3}, {0, 1, 2, 3}}), "the rotated columns 2 × 4 pairs must be at most matrix.cols = 4, got 8");
  CHECK_THROWS_WITH(run(8, {{0, kNaN}, {2, 3}}), "positions[0][1] must be a finite number, got NaN");
  RopeAxes broken = r;
  broken.axisOf.pop_back();
  CHECK_THROWS_WITH(ropeAxesInto(y.data(), x.data(), 2, 8, {{0, 1}, {2, 3}}, broken),
                    "rotation.axisOf must have one axis per pair (4), got 3");
}

TEST_CASE("M-RoPE rules: the config's, mrope_section's and the three lists'", "[rope][axes][mrope][arguments]") {
  const std::vector<double> section = {16, 24, 24}, lengths = {3, 3, 3};
  CHECK_FALSE(mropeArgs(3, 128, 128, 1e6, {}, {}, section, lengths));
  CHECK(message(mropeArgs(3, 127, 128, 1e6, {}, {}, section, lengths)) ==
        "matrix.cols must be an even integer between 2 and 65536, got 127");
  CHECK(message(mropeArgs(3, 128, 130, 1e6, {}, {}, section, lengths)) ==
        "rotaryDims must be an even integer between 2 and headDim = 128, got 130");
  CHECK(message(mropeArgs(3, 128, 128, 0.5, {}, {}, section, lengths)) == "base must be a finite number > 1, got 0.5");
  RopeScaling linear;
  linear.type = RopeType::linear;
  CHECK(message(mropeArgs(3, 128, 128, 1e6, linear, {}, section, lengths)) ==
        "scaling.factor is required for rope_type 'linear'");
  CHECK(message(mropeArgs(3, 128, 128, 1e6, {}, {}, {16, 24}, lengths)) ==
        "mrope_section must have 3 entries (the t, h and w pairs), got 2");
  CHECK(message(mropeArgs(3, 128, 128, 1e6, {}, {}, {16, 24, 24, 0}, lengths)) ==
        "mrope_section must have 3 entries (the t, h and w pairs), got 4");
  CHECK(message(mropeArgs(3, 128, 128, 1e6, {}, {}, {16, 0, 48}, lengths)) == "mrope_section[1] must be an integer > 0, got 0");
  CHECK(message(mropeArgs(3, 128, 128, 1e6, {}, {}, {16.5, 24, 24}, lengths)) == "mrope_section[0] must be an integer > 0, got 16.5");
  CHECK(message(mropeArgs(3, 128, 128, 1e6, {}, {}, {16, 24, 23}, lengths)) ==
        "mrope_section must sum to rotaryDims / 2 = 64 (apply_multimodal_rotary_pos_emb splits the columns of cos "
        "and sin by these sizes, twice over), got 16 + 24 + 23 = 63");
  CHECK(message(mropeArgs(3, 128, 128, 1e6, {}, {}, section, {3, 3})) ==
        "positions.length must be 3 for mrope_section (the t, h and w positions of each row), got 2");
  CHECK(message(mropeArgs(3, 128, 128, 1e6, {}, {}, section, {3, 3, 4})) == "positions[2].length must equal matrix.rows = 3, got 4");
  CHECK_THROWS_WITH(mropeRope(128, 1e6, {}, {}, 0, {16, 24, 25}),
                    "mrope_section must sum to rotaryDims / 2 = 64 (apply_multimodal_rotary_pos_emb splits the columns of cos "
                    "and sin by these sizes, twice over), got 16 + 24 + 25 = 65");
  // A tiny linear factor makes theta huge: a large position's angle overflows.
  linear.factor = 1e-300;
  const RopeAxes r = mropeRope(8, 10, linear, {}, 0, {2, 1, 1});
  CHECK(message(checkAxisPositions({{1e10}, {0}, {0}}, r)) ==
        "positions[0][0] × the largest frequency must be finite (the largest angle), got 10000000000 × 9.999999999999999e+299 = Infinity");
}
