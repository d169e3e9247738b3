// ropeFrequencies: each scaling checked against its formula written out independently (the
// golden files of scripts/golden/rope.py check the same against transformers' code, in JS).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <optional>
#include <utility>

#include "approx.hpp"
#include "frequencies.hpp"
#include "rope.hpp"

using namespace posenc;
using posenc::test::ulps;

namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

RopeScaling scaled(RopeType type, double factor, double original);

RopeScaling llama31() {  // meta-llama/Llama-3.1-8B config.json rope_scaling
  RopeScaling s = scaled(RopeType::llama3, 8, 8192);
  s.lowFreqFactor = 1;
  s.highFreqFactor = 4;
  return s;
}

// A scaling of `type` with a factor and its original length in the key that type reads.
RopeScaling scaled(RopeType type, double factor, double original) {
  RopeScaling s;
  s.type = type;
  s.factor = factor;
  (type == RopeType::dynamic ? s.maxPositionEmbeddings : s.originalMaxPositionEmbeddings) = original;
  return s;
}

RopeScaling yarn(double factor, double original) { return scaled(RopeType::yarn, factor, original); }

}  // namespace

TEST_CASE("default: the sinusoidal encoding's frequencies over rotaryDims", "[rope]") {
  const RopeFrequencies f = ropeFrequencies(96, 10000, {}, {}, 24);  // GPT-NeoX 20B: 24 of 96
  CHECK(f.theta == frequencies(24));
  CHECK(f.attentionFactor == 1);
  CHECK(f.theta[1] == Approx(std::pow(10000.0, -2.0 / 24)).epsilon(1e-15));
}

TEST_CASE("linear: every frequency divided by factor", "[rope]") {
  RopeScaling s;
  s.type = RopeType::linear;
  s.factor = 8;
  const auto plain = frequencies(128), scaled = ropeFrequencies(128, 10000, s).theta;
  for (std::size_t i = 0; i < plain.size(); ++i) CHECK(scaled[i] == plain[i] / 8);
}

TEST_CASE("dynamic: the default frequencies up to the original length, a larger base beyond", "[rope]") {
  const RopeScaling s = scaled(RopeType::dynamic, 2, 2048);
  CHECK(ropeFrequencies(64, 10000, s, 1000).theta == frequencies(64));
  CHECK(ropeFrequencies(64, 10000, s, 2048).theta == frequencies(64));
  CHECK(ropeFrequencies(64, 10000, s).theta == frequencies(64));
  // base (factor * len / orig - (factor - 1))^(d / (d - 2)) = 10000 (2 * 5000 / 2048 - 1)^(64/62)
  const double base = 10000 * std::pow(2.0 * 5000 / 2048 - 1, 64.0 / 62);
  const auto theta = ropeFrequencies(64, 10000, s, 5000).theta;
  const auto expected = frequencies(64, Scheme{base});
  for (std::size_t i = 0; i < theta.size(); ++i) CHECK(ulps(theta[i], expected[i]) <= 4);
  CHECK(theta[0] == 1);  // the fastest pair never changes
}

TEST_CASE("yarn: fast pairs kept, slow pairs interpolated, a ramp between", "[rope]") {
  // Qwen2.5: base 1e6, d 128, factor 4, original 32768. The correction dims
  // d ln(orig / (beta 2 pi)) / (2 ln base) for beta 32 and 1: 23.6 -> 23 and 39.6 -> 40.
  const auto s = yarn(4, 32768);
  const auto plain = frequencies(128, Scheme{1e6});
  const RopeFrequencies f = ropeFrequencies(128, 1e6, s);
  auto dim = [](double beta) { return 128 * std::log(32768 / (beta * kTwoPi)) / (2 * std::log(1e6)); };
  const double low = std::floor(dim(32)), high = std::ceil(dim(1));
  REQUIRE(low == 23);
  REQUIRE(high == 40);
  for (std::size_t i = 0; i < plain.size(); ++i) {
    INFO("pair " << i);
    const double ramp = std::clamp((double(i) - low) / (high - low), 0.0, 1.0);
    CHECK(f.theta[i] == Approx(plain[i] * (1 - ramp) + plain[i] / 4 * ramp).epsilon(1e-15));
    if (i <= 23) CHECK(f.theta[i] == plain[i]);
    if (i >= 40) CHECK(f.theta[i] == Approx(plain[i] / 4).epsilon(1e-15));
  }
  CHECK(f.attentionFactor == 0.1 * std::log(4.0) + 1);
}

TEST_CASE("yarn's attention factor: mscale ratio, explicit value, factor <= 1", "[rope]") {
  auto s = yarn(40, 4096);  // DeepSeek-V2
  s.mscale = 0.707;
  s.mscaleAllDim = 0.707;
  CHECK(ropeFrequencies(64, 10000, s).attentionFactor == 1);
  s.mscale = 1;
  s.mscaleAllDim = 0.5;
  CHECK(ropeFrequencies(64, 10000, s).attentionFactor ==
        Approx((0.1 * std::log(40.0) + 1) / (0.05 * std::log(40.0) + 1)).epsilon(1e-15));
  s.mscaleAllDim = 0;  // 0 counts as unset: the plain 0.1 ln(factor) + 1
  CHECK(ropeFrequencies(64, 10000, s).attentionFactor == 0.1 * std::log(40.0) + 1);
  s.attentionFactor = 1.5;
  CHECK(ropeFrequencies(64, 10000, s).attentionFactor == 1.5);
  CHECK(ropeFrequencies(64, 10000, yarn(0.5, 4096)).attentionFactor == 1);
}

TEST_CASE("yarn: truncate false keeps the fractional correction range", "[rope]") {
  auto s = yarn(32, 4096);  // gpt-oss: base 150000, head 64
  s.truncate = false;
  const auto plain = frequencies(64, Scheme{150000});
  const auto theta = ropeFrequencies(64, 150000, s).theta;
  auto dim = [](double beta) { return 64 * std::log(4096 / (beta * kTwoPi)) / (2 * std::log(150000.0)); };
  const double low = dim(32), high = dim(1);
  for (std::size_t i = 0; i < plain.size(); ++i) {
    const double ramp = std::clamp((double(i) - low) / (high - low), 0.0, 1.0);
    CHECK(theta[i] == Approx(plain[i] * (1 - ramp) + plain[i] / 32 * ramp).epsilon(1e-15));
  }
  s.truncate = true;
  CHECK(ropeFrequencies(64, 150000, s).theta != theta);
}

TEST_CASE("llama3: short wavelengths kept, long ones divided by factor, smooth between", "[rope]") {
  const auto plain = frequencies(128, Scheme{500000});
  const auto theta = ropeFrequencies(128, 500000, llama31()).theta;
  int kept = 0, divided = 0, smoothed = 0;
  for (std::size_t i = 0; i < plain.size(); ++i) {
    const double wavelength = kTwoPi / plain[i];
    if (wavelength < 2048) {
      CHECK(theta[i] == plain[i]);
      ++kept;
    } else if (wavelength > 8192) {
      CHECK(theta[i] == plain[i] / 8);
      ++divided;
    } else {
      const double smooth = (8192 / wavelength - 1) / 3;
      CHECK(theta[i] == Approx((1 - smooth) * plain[i] / 8 + smooth * plain[i]).epsilon(1e-15));
      CHECK(theta[i] < plain[i]);
      CHECK(theta[i] > plain[i] / 8);
      ++smoothed;
    }
  }
  // Counted with torch: w = 2 pi / (1 / 500000^(arange(0, 128, 2) / 128)); (w < 2048).sum() ...
  CHECK(kept == 29);
  CHECK(smoothed == 6);
  CHECK(divided == 29);
}

TEST_CASE("llama3: the band's bounds are inclusive and the blend is continuous there", "[rope]") {
  // A wavelength exactly at original / low_freq_factor: 2 pi / theta_0 = 2 pi for d = 2, so
  // original = 2 pi low. smooth = 0 there: theta / factor, the same as just outside.
  auto s = llama31();
  s.originalMaxPositionEmbeddings = kTwoPi * 1;
  CHECK(ropeFrequencies(2, 10000, s).theta[0] == Approx(1.0 / 8).epsilon(1e-15));
  s.originalMaxPositionEmbeddings = kTwoPi * 4;  // at original / high_freq_factor: smooth = 1
  CHECK(ropeFrequencies(2, 10000, s).theta[0] == Approx(1.0).epsilon(1e-15));
}

TEST_CASE("llama3 with high_freq_factor = low_freq_factor (Llama 4): no band, kept or divided", "[rope]") {
  auto s = llama31();
  s.highFreqFactor = s.lowFreqFactor = 1;
  const auto plain = frequencies(128, Scheme{500000});
  const auto theta = ropeFrequencies(128, 500000, s).theta;
  for (std::size_t i = 0; i < plain.size(); ++i) {
    const double wavelength = kTwoPi / plain[i];
    CHECK(theta[i] == (wavelength > 8192 ? plain[i] / 8 : plain[i]));
    CHECK(std::isfinite(theta[i]));
  }
}

namespace {
// Phi-3.5's shape: 48 pairs (head 96), original context 4096, max 131072.
RopeScaling phi35() {
  RopeScaling s;
  s.type = RopeType::longrope;
  s.originalMaxPositionEmbeddings = 4096;
  s.maxPositionEmbeddings = 131072;
  for (int i = 0; i < 48; ++i) {
    s.shortFactor.push_back(1 + i / 100.0);
    s.longFactor.push_back(1 + i);
  }
  return s;
}
}  // namespace

TEST_CASE("longrope: each frequency divided by its factor, short up to the original context, long beyond", "[rope]") {
  const auto s = phi35();
  const auto plain = frequencies(96, Scheme{10000});
  for (const auto& [length, list] : {std::pair{std::optional<double>{}, &s.shortFactor}, std::pair{std::optional<double>{4096}, &s.shortFactor},
                                      std::pair{std::optional<double>{4097}, &s.longFactor}}) {
    const auto f = ropeFrequencies(96, 10000, s, length);
    REQUIRE(f.theta.size() == 48);
    for (std::size_t i = 0; i < 48; ++i) CHECK(f.theta[i] == plain[i] / (*list)[i]);
    // transformers v5: factor = 131072 / 4096 = 32, sqrt(1 + ln 32 / ln 4096), whatever the length.
    CHECK(f.attentionFactor == Approx(1.1902380714238083).epsilon(1e-15));
  }
}

TEST_CASE("longrope's factor and attention factor: explicit values win, factor <= 1 gives 1", "[rope]") {
  auto s = phi35();
  s.factor = 4;  // an explicit factor wins over max / original (transformers v5)
  CHECK(ropeFrequencies(96, 10000, s).attentionFactor == Approx(std::sqrt(1 + std::log(4.0) / std::log(4096.0))).epsilon(1e-15));
  s.factor = 1;
  CHECK(ropeFrequencies(96, 10000, s).attentionFactor == 1.0);
  s.attentionFactor = 0.75;
  CHECK(ropeFrequencies(96, 10000, s).attentionFactor == 0.75);
}
