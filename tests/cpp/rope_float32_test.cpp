// ropeFrequenciesFloat32: values Debian's torch 1.13 computed with transformers' own functions
// (tests/golden/rope-float32.json, all of which tests/js/rope-float32.test.js checks through the
// wasm module), pinned here for each scaling, and its relation to the float64 path.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>

#include "approx.hpp"
#include "arguments.hpp"
#include "rope.hpp"

using namespace posenc;
using posenc::test::bitsOf;

namespace {


// The pairs named, each as torch's hex.
void pinned(const std::vector<float>& theta, const std::map<std::size_t, std::uint32_t>& torch) {
  for (const auto& [pair, bits] : torch) {
    INFO("pair " << pair << ": posenc " << std::hex << bitsOf(theta.at(pair)) << ", torch " << bits);
    CHECK(bitsOf(theta.at(pair)) == bits);
  }
}

RopeScaling scaling(RopeType type) {
  RopeScaling s;
  s.type = type;
  return s;
}

}  // namespace

TEST_CASE("float32: each scaling as transformers' torch code computes it", "[rope][float32]") {
  SECTION("llama3 (Llama 3.1 8B): the band between the cut-offs") {
    RopeScaling s = scaling(RopeType::llama3);
    s.factor = 8, s.originalMaxPositionEmbeddings = 8192, s.lowFreqFactor = 1, s.highFreqFactor = 4;
    const auto f = ropeFrequenciesFloat32(128, 500000, s);
    pinned(f.theta, {{0, 0x3f800000}, {20, 0x3c87a9c3}, {40, 0x380fc8f8}, {45, 0x374e51f5}, {50, 0x369406cb}, {63, 0x34a4c2ff}});
    CHECK(f.attentionFactor == 1);
  }
  SECTION("yarn (a Qwen2.5 72B fine-tune): the ramp, and the attention factor in double") {
    RopeScaling s = scaling(RopeType::yarn);
    s.factor = 4, s.originalMaxPositionEmbeddings = 32768;
    const auto f = ropeFrequenciesFloat32(128, 1e6, s);
    pinned(f.theta, {{0, 0x3f800000}, {20, 0x3c5a7bf2}, {40, 0x383a7753}, {63, 0x34a68e4c}});
    CHECK(f.attentionFactor == 1.138629436111989);
  }
  SECTION("linear (Gemma 3 4B's full attention): inv_freq /= factor") {
    RopeScaling s = scaling(RopeType::linear);
    s.factor = 8;
    pinned(ropeFrequenciesFloat32(256, 1e6, s).theta, {{0, 0x3e000000}, {64, 0x3903126f}, {127, 0x341583da}});
  }
  SECTION("default over 24 rotary dimensions (GPT-NeoX 20B: all 12 through glibc's powf)") {
    pinned(ropeFrequenciesFloat32(96, 10000, {}, std::nullopt, 24).theta, {{0, 0x3f800000}, {5, 0x3cb07dc6}, {11, 0x3961e8a7}});
  }
}

TEST_CASE("float32 longrope (Phi-3.5 mini): short factors up to the original length, long beyond", "[rope][float32]") {
  RopeScaling s = scaling(RopeType::longrope);
  s.originalMaxPositionEmbeddings = 4096, s.maxPositionEmbeddings = 131072;
  // Its first, 21st and last factors; the others 1 (each pair reads only its own).
  s.shortFactor.assign(48, 1.0), s.longFactor.assign(48, 1.0);
  s.shortFactor[0] = 1.0, s.shortFactor[20] = 1.8499997854232788, s.shortFactor[47] = 2.8399994373321533;
  s.longFactor[0] = 1.0800000429153442, s.longFactor[20] = 32.590003967285156, s.longFactor[47] = 64.83999633789062;
  const auto at = [&](std::optional<double> length) { return ropeFrequenciesFloat32(96, 10000, s, length); };
  pinned(at(std::nullopt).theta, {{0, 0x3f800000}, {20, 0x3c3ecd2c}, {47, 0x3832ed36}});
  pinned(at(4096).theta, {{0, 0x3f800000}, {20, 0x3c3ecd2c}, {47, 0x3832ed36}});
  pinned(at(8192).theta, {{0, 0x3f6d097b}, {20, 0x3a2d4bd1}, {47, 0x35fac8c1}});
  CHECK(at(8192).attentionFactor == 1.1902380714238083);
}

TEST_CASE("float32 dynamic: the base in float32 tensor arithmetic past the original length", "[rope][float32]") {
  RopeScaling s = scaling(RopeType::dynamic);
  s.factor = 2, s.maxPositionEmbeddings = 131072;
  // Qwen2 7B with rope_scaling dynamic 2.0 (tests/fixtures/configs/edge/qwen2-dynamic.json).
  const auto at = [&](std::optional<double> length) { return ropeFrequenciesFloat32(128, 1e6, s, length).theta; };
  pinned(at(std::nullopt), {{0, 0x3f800000}, {32, 0x3a83126f}, {63, 0x35a68e4c}});
  CHECK(at(65536) == at(std::nullopt));  // at or below the original length: the initial values
  pinned(at(262144), {{0, 0x3f800000}, {32, 0x3a1608f6}, {63, 0x34de1310}});
  pinned(at(405561), {{0, 0x3f800000}, {32, 0x39e32f5a}, {63, 0x34806836}});
  // dynamic_rope_update's seq_len is a tensor, so factor * seq_len / max_position_embeddings -
  // (factor - 1) is float32 arithmetic: base 10000, factor 2, 2048 positions, 64 dimensions, at
  // 2049 pair 6 is 0x3e360fb9, where _compute_dynamic_ntk_parameters with an int seq_len (the
  // base in double) gives 0x3e360fb8.
  s.maxPositionEmbeddings = 2048;
  pinned(ropeFrequenciesFloat32(64, 10000, s, 2049).theta, {{6, 0x3e360fb9}});
}

TEST_CASE("float32 is the float64 path's values to within its roundings", "[rope][float32]") {
  RopeScaling llama3 = scaling(RopeType::llama3);
  llama3.factor = 32, llama3.originalMaxPositionEmbeddings = 8192, llama3.lowFreqFactor = 1, llama3.highFreqFactor = 4;
  RopeScaling yarn = scaling(RopeType::yarn);
  yarn.factor = 32, yarn.originalMaxPositionEmbeddings = 4096, yarn.betaFast = 32, yarn.betaSlow = 1;
  for (const RopeScaling& s : {RopeScaling{}, llama3, yarn})
    for (std::size_t d : {16, 48, 64, 96, 128, 256}) {
      const RopeFrequenciesFloat32 single = ropeFrequenciesFloat32(d, 500000, s);
      const RopeFrequencies twice = ropeFrequencies(d, 500000, s);
      REQUIRE(single.theta.size() == twice.theta.size());
      CHECK(single.attentionFactor == twice.attentionFactor);
      const std::vector<double> plain = ropeFrequencies(d, 500000).theta;
      for (std::size_t i = 0; i < single.theta.size(); ++i) {
        INFO(ropeTypeName(s.type) << ", d " << d << ", pair " << i);
        // pow within 1 ulp (2^-23 relative at most), then the reciprocal and yarn's product, ramp,
        // blend and sum, each rounding within 2^-24: 3.5 x 2^-23 at most (2.5 seen). Llama 3's
        // smooth factor (old / wavelen - 1) / 3 carries four roundings of old / wavelen <= 4:
        // within 2^-21, which moves the blend by that times the unscaled frequency.
        const double smooth = s.type == RopeType::llama3 ? 0x1p-21 * plain[i] : 0;
        CHECK(std::abs(single.theta[i] - twice.theta[i]) <= 4 * 0x1p-23 * twice.theta[i] + smooth);
      }
    }
}

TEST_CASE("float32: the same argument rules as float64", "[rope][float32]") {
  CHECK_THROWS_AS(ropeFrequenciesFloat32(7), ArgumentError);
  CHECK_THROWS_AS(ropeFrequenciesFloat32(128, 1), ArgumentError);
  CHECK_THROWS_AS(ropeFrequenciesFloat32(128, 10000, scaling(RopeType::linear)), ArgumentError);  // no factor
}
