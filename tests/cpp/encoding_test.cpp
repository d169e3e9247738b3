#include "encoding.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "approx.hpp"
#include "frequencies.hpp"
#include "seeds.hpp"

using namespace posenc;
using posenc::test::approx;
using posenc::test::printed;
using posenc::test::ulps;

TEST_CASE("the worked example's table, d = 4, positions 0-4", "[encoding]") {
  // Seed 001, to its printed precision (half a unit of the last digit shown). One entry is
  // truncated, not rounded, in the source: cos(3) = -0.98999..., printed -0.9899; that one
  // is allowed a whole unit of its last digit.
  const auto& table = test::seeds::kWorkedExample;
  const auto [tPos, tDim] = test::seeds::kWorkedExampleTruncated;
  const auto pe = encoding<double>(5, 4);
  const auto pe32 = encoding<float>(5, 4);
  for (int pos = 0; pos < 5; ++pos)
    for (int dim = 0; dim < 4; ++dim) {
      INFO("pos " << pos << ", dimension " << dim);
      const bool truncated = std::size_t(pos) == tPos && std::size_t(dim) == tDim;
      const Approx expected = truncated ? approx(std::stod(table[pos][dim]), 1e-4) : printed(table[pos][dim]);
      CHECK(pe[pos * 4 + dim] == expected);
      CHECK(pe32[pos * 4 + dim] == expected);
    }
}

TEST_CASE("numpy's first three encodings, d = 4", "[encoding]") {
  // Seed 002's printout of create_pos_enc().
  const auto& rows = test::seeds::kNumpyRows;
  const auto pe = encoding<double>(3, 4);
  for (int pos = 0; pos < 3; ++pos)
    for (int dim = 0; dim < 4; ++dim) CHECK(pe[pos * 4 + dim] == printed(rows[pos][dim]));
}

TEST_CASE("accuracy contract up to position 100000", "[encoding]") {
  // float64: libm-exact sin/cos of the double angle pos * omega_i, within a few ulp of a
  // long double reference; float32: within 1e-6 absolute.
  const std::size_t d = 64, length = 100001;
  const auto omega = frequencies(d);
  const auto pe = encoding<double>(length, d);
  const auto pe32 = encoding<float>(length, d);
  std::int64_t worstUlps = 0;
  double worst32 = 0;
  for (std::size_t pos = 0; pos < length; ++pos)
    for (std::size_t i = 0; i < d / 2; ++i) {
      const long double angle = double(pos) * omega[i];
      const double s = double(std::sin(angle)), c = double(std::cos(angle));
      const std::size_t at = pos * d + 2 * i;
      worstUlps = std::max({worstUlps, ulps(pe[at], s), ulps(pe[at + 1], c)});
      worst32 = std::max({worst32, std::abs(pe32[at] - s), std::abs(pe32[at + 1] - c)});
    }
  INFO("float64: " << worstUlps << " ulp; float32: " << worst32);
  CHECK(worstUlps <= 2);
  CHECK(worst32 <= 1e-6);
}

TEST_CASE("values are bounded and each pair lies on the unit circle", "[encoding]") {
  const std::size_t d = 512, length = 2048;
  const auto pe = encoding<double>(length, d, {}, 1e5);
  for (std::size_t at = 0; at < pe.size(); at += 2) {
    CHECK(std::abs(pe[at]) <= 1.0);
    CHECK(std::abs(pe[at + 1]) <= 1.0);
    CHECK(pe[at] * pe[at] + pe[at + 1] * pe[at + 1] == approx(1.0, 1e-15));
  }
}

TEST_CASE("encode gives one row for any finite position", "[encoding]") {
  const std::size_t d = 16;
  const auto table = encoding<double>(20, d, {}, -7);
  for (int r = 0; r < 20; ++r) {
    const auto row = encode(-7 + r, d);
    for (std::size_t c = 0; c < d; ++c) CHECK(row[c] == table[r * d + c]);
  }
  // Fractional and far positions extrapolate the same formula.
  const auto omega = frequencies(d);
  for (double pos : {0.5, -2.25, 123456.75, 1e9}) {
    const auto row = encode(pos, d);
    for (std::size_t i = 0; i < d / 2; ++i) {
      CHECK(row[2 * i] == std::sin(pos * omega[i]));
      CHECK(row[2 * i + 1] == std::cos(pos * omega[i]));
    }
  }
}

TEST_CASE("an empty encoding is empty", "[encoding]") {
  CHECK(encoding<double>(0, 8).empty());
  CHECK(encoding<float>(0, 8).empty());
}

TEST_CASE("addTo makes scale * embedding + PE", "[encoding]") {
  const std::size_t length = 6, d = 8;
  std::vector<double> embedding(length * d), embedding64;
  for (std::size_t at = 0; at < embedding.size(); ++at) embedding[at] = 0.25 * double(at) - 3;
  std::vector<float> embedding32(embedding.begin(), embedding.end());
  embedding64 = embedding;
  addTo(embedding64.data(), length, d, {500}, 3, 2.5);
  addTo(embedding32.data(), length, d, {500}, 3, 2.5);
  const auto pe = encoding<double>(length, d, {500}, 3);
  for (std::size_t at = 0; at < embedding.size(); ++at) {
    const double expected = 2.5 * embedding[at] + pe[at];
    CHECK(embedding64[at] == approx(expected, 1e-15));
    CHECK(embedding32[at] == approx(expected, 2e-6));
  }
}

TEST_CASE("encoding functions refuse bad arguments", "[encoding]") {
  CHECK_THROWS_WITH(encoding<double>(4, 3), "dModel must be an even integer between 2 and 65536, got 3");
  CHECK_THROWS_WITH(encoding<float>(4, 4, {1.0}), "base must be a finite number > 1, got 1");
  CHECK_THROWS_WITH(encoding<double>(4, 4, {}, INFINITY), "start must be a finite number, got Infinity");
  CHECK_THROWS_WITH(encoding<double>(40000, 512),
                    "length × dModel must be at most 16777216 values (the size cap), got 40000 × 512 = 20480000");
  CHECK_THROWS_WITH(encode(NAN, 4), "pos must be a finite number, got NaN");
  CHECK_THROWS_WITH(encode(1, 0), "dModel must be an even integer between 2 and 65536, got 0");
  std::vector<double> data(12);
  CHECK_THROWS_WITH(addTo(data.data(), 4, 3), "matrix.cols must be an even integer between 2 and 65536, got 3");
  CHECK_THROWS_WITH(addTo(data.data(), 3, 4, {}, 0, NAN), "scale must be a finite number, got NaN");
  std::vector<float> out(8);
  CHECK_THROWS_WITH(encodingInto(out.data(), 2, 4, {-1.0}), "base must be a finite number > 1, got -1");
}
