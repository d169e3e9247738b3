// The rules of ropeFrequencies and ropeInto, with their messages: each names the parameter or
// the rope_scaling key, and the C++ API throws ArgumentError with the same message.
#include <catch2/catch.hpp>
#include <limits>

#include "approx.hpp"
#include "rope.hpp"

using namespace posenc;
using posenc::test::kInf;
using posenc::test::kNaN;
using posenc::test::message;

namespace {


RopeScaling typed(RopeType type, std::optional<double> factor = 2) {
  RopeScaling s;
  s.type = type;
  s.factor = factor;
  return s;
}

// The message, or "no problem" (never dereference an empty Problem in a CHECK).

std::string problem(const RopeScaling& s, double rotaryDims = 64, std::optional<double> length = {}) {
  return ropeFrequenciesArgs(128, rotaryDims, 10000, s, length).value_or("");
}

RopeScaling llama3() {
  RopeScaling s = typed(RopeType::llama3, 8);
  s.originalMaxPositionEmbeddings = 8192;
  s.lowFreqFactor = 1;
  s.highFreqFactor = 4;
  return s;
}

}  // namespace

TEST_CASE("valid rope arguments have no problem", "[rope][arguments]") {
  CHECK_FALSE(ropeFrequenciesArgs(128, 128, 500000, llama3(), {}));
  CHECK_FALSE(ropeFrequenciesArgs(2, 2, 1.5, RopeScaling{}, 0.0));
  RopeScaling yarn = typed(RopeType::yarn, 0.5);
  yarn.maxPositionEmbeddings = 4096;  // in place of original_max_position_embeddings
  yarn.betaFast = 0;
  CHECK_FALSE(ropeFrequenciesArgs(64, 64, 10000, yarn, {}));
  RopePositions at;
  at.list = std::vector<double>{-1.5, 1e9};
  CHECK_FALSE(ropeArgs(2, 96, 24, 10000, RopeScaling{}, {}, at));
  CHECK_FALSE(ropeArgs(0, 2, 2, 10000, RopeScaling{}, {}, {1e300}));
}

TEST_CASE("headDim, rotaryDims, base, length", "[rope][arguments]") {
  CHECK(message(ropeFrequenciesArgs(7, 7, 10000, {}, {})) == "headDim must be an even integer between 2 and 65536, got 7");
  CHECK(message(ropeFrequenciesArgs(128, 127, 10000, {}, {})) ==
        "rotaryDims must be an even integer between 2 and headDim = 128, got 127");
  CHECK(message(ropeFrequenciesArgs(128, 130, 10000, {}, {})) ==
        "rotaryDims must be an even integer between 2 and headDim = 128, got 130");
  CHECK(message(ropeFrequenciesArgs(128, 0, 10000, {}, {})) ==
        "rotaryDims must be an even integer between 2 and headDim = 128, got 0");
  CHECK(message(ropeFrequenciesArgs(128, 128, 1, {}, {})) == "base must be a finite number > 1, got 1");
  CHECK(message(ropeFrequenciesArgs(128, 128, 10000, {}, -1.0)) == "length must be a finite number >= 0, got -1");
  CHECK(message(ropeFrequenciesArgs(128, 128, 10000, {}, kInf)) == "length must be a finite number >= 0, got Infinity");
}

TEST_CASE("scaling.factor: required and > 0 for every rope_type but default", "[rope][arguments]") {
  CHECK(problem(typed(RopeType::linear, {})) == "scaling.factor is required for rope_type 'linear'");
  CHECK(problem(typed(RopeType::linear, 0)) == "scaling.factor must be a finite number > 0, got 0");
  CHECK(problem(typed(RopeType::yarn, -2)) == "scaling.factor must be a finite number > 0, got -2");
  CHECK(problem(typed(RopeType::llama3, kNaN)) == "scaling.factor must be a finite number > 0, got NaN");
  CHECK(problem(typed(RopeType::standard, {})).empty());
  // Fuzzer finding: a subnormal factor made theta / factor Infinity.
  CHECK(problem(typed(RopeType::linear, 1.1706337e-317)) ==
        "scaling.factor must be at least 5.562684646268003e-309 (its reciprocal finite), got 1.1706337e-317");
}

TEST_CASE("dynamic: max_position_embeddings, rotaryDims >= 4, a finite scaled base", "[rope][arguments]") {
  RopeScaling s = typed(RopeType::dynamic);
  CHECK(problem(s) == "scaling.max_position_embeddings is required for rope_type 'dynamic' "
                      "(transformers reads config.max_position_embeddings: add that key)");
  s.maxPositionEmbeddings = 0;
  CHECK(problem(s) == "scaling.max_position_embeddings must be a finite number > 0, got 0");
  s.maxPositionEmbeddings = 2048;
  CHECK(problem(s, 2) == "rotaryDims must be at least 4 for rope_type 'dynamic', got 2");
  CHECK(problem(s, 64, 1e300) ==
        "length 1e+300 is too large for rope_type 'dynamic': the scaled base overflows");
  CHECK(problem(s, 64, 1e6).empty());
}

TEST_CASE("yarn: an original length and the optional keys' ranges", "[rope][arguments]") {
  RopeScaling s = typed(RopeType::yarn);
  CHECK(problem(s) == "scaling.original_max_position_embeddings is required for rope_type 'yarn' "
                      "(or scaling.max_position_embeddings, config.max_position_embeddings)");
  s.originalMaxPositionEmbeddings = -1;
  CHECK(problem(s) == "scaling.original_max_position_embeddings must be a finite number > 0, got -1");
  s.originalMaxPositionEmbeddings = 4096;
  s.betaFast = -1;
  CHECK(problem(s) == "scaling.beta_fast must be a finite number >= 0, got -1");
  s.betaFast = 32;
  s.betaSlow = kInf;
  CHECK(problem(s) == "scaling.beta_slow must be a finite number >= 0, got Infinity");
  s.betaSlow = 1;
  s.attentionFactor = 0;
  CHECK(problem(s) == "scaling.attention_factor must be a finite number > 0, got 0");
  s.attentionFactor = {};
  s.mscale = -0.5;
  CHECK(problem(s) == "scaling.mscale must be a finite number >= 0, got -0.5");
  s.mscale = 1;
  s.mscaleAllDim = kNaN;
  CHECK(problem(s) == "scaling.mscale_all_dim must be a finite number >= 0, got NaN");
}

TEST_CASE("yarn: finite keys whose formulas overflow are refused, not turned into NaN", "[rope][arguments]") {
  RopeScaling s = typed(RopeType::yarn, 4);
  s.originalMaxPositionEmbeddings = 4096;
  s.betaFast = 1e-320;  // log(4096 / (1e-320 * 2 pi)) = log(Infinity)
  CHECK(problem(s) == "scaling.beta_fast, scaling.beta_slow and the original length give no finite "
                      "correction range, got [Infinity, 23]");
  s.betaFast = {};
  s.factor = 1e308;  // 0.1 * 1e308 * ln(1e308) overflows in both: Infinity / Infinity
  s.mscale = 1e308;
  s.mscaleAllDim = 1e308;
  CHECK(problem(s) == "scaling.mscale / scaling.mscale_all_dim must give an attention factor > 0 and "
                      "at most 3.4028234663852886e+38 (float32's largest), got NaN");
  s.attentionFactor = 8.739899877464283e+230;  // fuzzer finding: Infinity * 0 = NaN in float32
  CHECK(problem(s) == "scaling.attention_factor must be at most 3.4028234663852886e+38 "
                      "(float32's largest), got 8.739899877464283e+230");
}

TEST_CASE("llama3: four keys required, high_freq_factor at least low_freq_factor", "[rope][arguments]") {
  RopeScaling s = llama3();
  s.originalMaxPositionEmbeddings = {};
  CHECK(problem(s) == "scaling.original_max_position_embeddings is required for rope_type 'llama3'");
  s = llama3();
  s.lowFreqFactor = {};
  CHECK(problem(s) == "scaling.low_freq_factor is required for rope_type 'llama3'");
  s = llama3();
  s.highFreqFactor = {};
  CHECK(problem(s) == "scaling.high_freq_factor is required for rope_type 'llama3'");
  s = llama3();
  s.lowFreqFactor = 0;
  CHECK(problem(s) == "scaling.low_freq_factor must be a finite number > 0, got 0");
  s = llama3();
  s.highFreqFactor = 0.5;
  CHECK(problem(s) == "scaling.high_freq_factor must be a finite number >= scaling.low_freq_factor = 1, got 0.5");
  s.highFreqFactor = 1;  // equal (Llama 4's configs): no band, allowed
  CHECK(problem(s).empty());
}

TEST_CASE("longrope: both factor lists, one positive number per pair; a factor or max_position_embeddings", "[rope][arguments]") {
  RopeScaling s;
  s.type = RopeType::longrope;
  s.originalMaxPositionEmbeddings = 4096;
  s.maxPositionEmbeddings = 131072;
  s.shortFactor.assign(2, 1.0);
  s.longFactor.assign(2, 4.0);
  CHECK(message(ropeFrequenciesArgs(4, 4, 10000, s, {})) == "no problem");
  CHECK(message(ropeFrequenciesArgs(8, 8, 10000, s, {})) == "scaling.short_factor must have rotaryDims / 2 = 4 numbers (one per rotary pair), got 2");
  s.longFactor[1] = std::numeric_limits<double>::infinity();
  CHECK(message(ropeFrequenciesArgs(4, 4, 10000, s, {})) == "scaling.long_factor[1] must be a finite number > 0, got Infinity");
  s.longFactor[1] = 1e-320;  // its reciprocal overflows
  CHECK(message(ropeFrequenciesArgs(4, 4, 10000, s, {})).rfind("scaling.long_factor[1] must be at least", 0) == 0);
  s.longFactor[1] = 4;
  s.maxPositionEmbeddings = {};
  CHECK(message(ropeFrequenciesArgs(4, 4, 10000, s, {})) ==
        "scaling.factor is required for rope_type 'longrope' (or config.max_position_embeddings, to divide by scaling.original_max_position_embeddings)");
  s.factor = 8;
  CHECK(message(ropeFrequenciesArgs(4, 4, 10000, s, {})) == "no problem");
  s.originalMaxPositionEmbeddings = 1;  // the default attention factor divides by ln 1 = 0
  CHECK(message(ropeFrequenciesArgs(4, 4, 10000, s, {})) ==
        "scaling.original_max_position_embeddings must be a finite number > 1 (the attention factor divides by its logarithm), got 1");
  s.attentionFactor = 1.5;  // given: nothing divides
  CHECK(message(ropeFrequenciesArgs(4, 4, 10000, s, {})) == "no problem");
  s.originalMaxPositionEmbeddings = {};
  CHECK(message(ropeFrequenciesArgs(4, 4, 10000, s, {})) == "scaling.original_max_position_embeddings is required for rope_type 'longrope'");
}

TEST_CASE("the matrix, start and positions", "[rope][arguments]") {
  const RopeScaling none;
  CHECK(message(ropeArgs(-1, 4, 4, 10000, none, {}, {})) == "matrix.rows must be an integer >= 0, got -1");
  CHECK(message(ropeArgs(2, 5, 4, 10000, none, {}, {})) ==
        "matrix.cols must be an even integer between 2 and 65536, got 5");
  CHECK(message(ropeArgs(2, 4, 6, 10000, none, {}, {})) ==
        "rotaryDims must be an even integer between 2 and matrix.cols = 4, got 6");
  CHECK(message(ropeArgs(1 << 20, 64, 64, 10000, none, {}, {})) ==
        "matrix.rows × matrix.cols must be at most 16777216 values (the size cap), got 1048576 × 64 = 67108864");
  CHECK(message(ropeArgs(2, 4, 4, 10000, none, {}, {kNaN})) == "start must be a finite number, got NaN");
  RopePositions at;
  at.list = std::vector<double>{1, 2, 3};
  CHECK(message(ropeArgs(2, 4, 4, 10000, none, {}, at)) == "positions.length must equal matrix.rows = 2, got 3");
  at.list = std::vector<double>{1, -kInf};
  CHECK(message(ropeArgs(2, 4, 4, 10000, none, {}, at)) == "positions[1] must be a finite number, got -Infinity");
  // Fuzzer finding: a tiny factor makes theta_0 = 1 / factor huge, and position * theta_0 Infinity.
  const RopeScaling tiny = typed(RopeType::linear, 1e-306);
  at.list = std::vector<double>{1, -1978.75};  // the fuzzer's position
  CHECK(message(ropeArgs(2, 4, 4, 10000, tiny, {}, at)) ==
        "positions[1] × the largest frequency must be finite (the largest angle), got -1978.75 × 1e+306 = Infinity");
  CHECK(message(ropeArgs(2, 4, 4, 10000, tiny, {}, {1e10})) ==
        "start × the largest frequency must be finite (the largest angle), got 10000000000 × 1e+306 = Infinity");
  CHECK_FALSE(ropeArgs(2, 4, 4, 10000, tiny, {}, {1e2}));
}

TEST_CASE("the C++ API throws ArgumentError with the rule's message", "[rope][arguments]") {
  CHECK_THROWS_WITH(ropeFrequencies(6, 10000, typed(RopeType::linear, 0)),
                    "scaling.factor must be a finite number > 0, got 0");
  std::vector<float> m(8);
  RopeOptions o;
  o.rotaryDims = 6;
  CHECK_THROWS_AS(ropeInto(m.data(), m.data(), 2, 4, o), ArgumentError);
}
