// Conventions in the core (scheme.hpp): column maps, odd-dModel rules, order, angle scale and
// amplitude; the frameworks' own numbers are checked from golden data in
// tests/js/conventions.test.js.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "approx.hpp"
#include "posenc.hpp"

using namespace posenc;
using posenc::test::approx;
using posenc::test::maxAbsDiff;

namespace {

constexpr Layout kLayouts[] = {Layout::interleaved, Layout::concatenated};
constexpr Order kOrders[] = {Order::sinCos, Order::cosSin};
constexpr OddRule kOddRules[] = {OddRule::zeroColumn, OddRule::extraSine};

// Every scheme shape: layouts x orders x odd rules x spacings, with a scaled angle and amplitude.
std::vector<Scheme> everyScheme() {
  std::vector<Scheme> out;
  for (Layout layout : kLayouts)
    for (Order order : kOrders)
      for (OddRule odd : kOddRules)
        for (Spacing spacing : {Spacing::paper, Spacing::tensor2tensor})
          out.push_back({kDefaultBase, spacing, layout, order, 1.5, 0.25, odd});
  return out;
}

}  // namespace

TEST_CASE("every column is used once, where the frameworks put it", "[conventions]") {
  for (const Scheme& scheme : everyScheme())
    for (std::size_t d = 2; d <= 21; ++d) {
      const Columns at = columnsOf(d, scheme);
      std::vector<int> used(d, 0);
      for (std::size_t i = 0; i < at.pairs; ++i) {
        ++used.at(at.sinAt(i));
        ++used.at(at.cosAt(i));
      }
      if (at.extraSine != Columns::kNone) ++used.at(at.extraSine);
      if (at.zero != Columns::kNone) ++used.at(at.zero);
      INFO("d " << d);
      CHECK(std::count(used.begin(), used.end(), 1) == std::ptrdiff_t(d));
    }
  // HF Marian, d = 7: four sines (the extra one last), then three cosines.
  const Columns marian = columnsOf(7, {kDefaultBase, Spacing::paper, Layout::concatenated, Order::sinCos, 1, 1, OddRule::extraSine});
  CHECK((std::vector<std::size_t>{marian.sinAt(0), marian.sinAt(2), marian.extraSine, marian.cosAt(0), marian.cosAt(2)} ==
         std::vector<std::size_t>{0, 2, 3, 4, 6}));
  // HF DistilBERT / keras-hub, d = 7: interleaved, the extra sine last.
  CHECK(columnsOf(7, {kDefaultBase, Spacing::paper, Layout::interleaved, Order::sinCos, 1, 1, OddRule::extraSine}).extraSine == 6);
  // guided-diffusion, d = 9: cosines, sines, then the zero column.
  const Columns guided = columnsOf(9, {kDefaultBase, Spacing::paper, Layout::concatenated, Order::cosSin, 1, 1, OddRule::zeroColumn});
  CHECK((std::vector<std::size_t>{guided.cosAt(0), guided.sinAt(0), guided.sinAt(3), guided.zero} == std::vector<std::size_t>{0, 4, 7, 8}));
}

TEST_CASE("frequencies under the odd-dModel rules and the angle scale", "[conventions]") {
  const Scheme zero{kDefaultBase, Spacing::tensor2tensor, Layout::concatenated, Order::sinCos, 1, 1, OddRule::zeroColumn};
  CHECK(frequencies(9, zero) == frequencies(8, zero));  // the d - 1 encoding
  const Scheme extra{kDefaultBase, Spacing::paper, Layout::interleaved, Order::sinCos, 1, 1, OddRule::extraSine};
  const auto omega = frequencies(7, extra);
  REQUIRE(omega.size() == 4);
  for (std::size_t i = 0; i < 4; ++i) CHECK(omega[i] == approx(std::pow(10000.0, -2.0 * double(i) / 7), 1e-16));
  Scheme scaled = extra;
  scaled.angleScale = 1000;
  const auto omegaScaled = frequencies(7, scaled);
  for (std::size_t i = 0; i < 4; ++i) CHECK(omegaScaled[i] == 1000 * omega[i]);
}

TEST_CASE("float32 recurrence equals the exact encoding under every scheme", "[conventions][recurrence]") {
  // Odd and even d with 0-3 tail pairs (d = 9: the extra sine is a 4-pair group's fifth
  // frequency), lengths crossing the re-seed blocks.
  for (const Scheme& scheme : everyScheme())
    for (std::size_t d : {4, 8, 9, 11, 16, 17, 33})
      for (double start : {0.0, -40.5}) {
        const auto fast = encoding<float>(kEncodingBlock + 70, d, scheme, start);
        const auto exact = encoding<double>(kEncodingBlock + 70, d, scheme, start);
        INFO("d " << d << ", start " << start);
        CHECK(maxAbsDiff(fast, exact) <= 0.25 * 6e-8);  // float rounding of amplitude 0.25
      }
}

TEST_CASE("arbitrary positions: exact rows, refused non-finite ones", "[conventions]") {
  const Scheme scheme{500, Spacing::tensor2tensor, Layout::concatenated, Order::cosSin, 1000, 2, OddRule::zeroColumn};
  const std::vector<double> positions{0.5, -3, 1e-3, 999};
  std::vector<double> rows(positions.size() * 9);
  encodingAtInto(rows.data(), positions.data(), positions.size(), 9, scheme);
  for (std::size_t r = 0; r < positions.size(); ++r) {
    const std::vector<double> row(rows.begin() + std::ptrdiff_t(r * 9), rows.begin() + std::ptrdiff_t(r * 9 + 9));
    CHECK(row == encode(positions[r], 9, scheme));
    CHECK(row[8] == 0.0);
  }
  const double bad[] = {1, 2, std::nan("")};
  CHECK_THROWS_WITH(encodingAtInto(rows.data(), bad, 3, 8, scheme), "positions[2] must be a finite number, got NaN");
}

TEST_CASE("rotation and kernel keep the structure, an extra sine is refused", "[conventions][rotation][toeplitz]") {
  for (const Scheme& scheme : everyScheme())
    for (std::size_t d : {8, 9}) {
      INFO("d " << d << ", odd rule " << int(scheme.odd));
      if (d % 2 == 1 && scheme.odd == OddRule::extraSine) {
        CHECK_THROWS_WITH(rotation(1, d, scheme), Catch::Contains("extra sine column has no cosine partner"));
        CHECK_THROWS_WITH(shift(encode(1, d, scheme), 1, scheme), Catch::StartsWith("vector.length must be even here"));
        CHECK_THROWS_WITH(dotKernel(3, d, scheme), Catch::StartsWith("dModel must be even here"));
        CHECK(dotMatrix<double>(3, d, scheme).size() == 9);  // the direct product is fine
        continue;
      }
      for (double k : {1.0, -2.5, 300.0})
        CHECK(maxAbsDiff(shift(encode(4, d, scheme), k, scheme), encode(4 + k, d, scheme)) <= 1e-12);
      const auto r = rotation(2, d, scheme), rBack = rotation(-2, d, scheme);
      for (std::size_t i = 0; i < d; ++i)  // R(2) R(-2) = I
        for (std::size_t j = 0; j < d; ++j) {
          double sum = 0;
          for (std::size_t m = 0; m < d; ++m) sum += r[i * d + m] * rBack[m * d + j];
          CHECK(sum == approx(i == j ? 1 : 0, 1e-15));
        }
      const auto kernel = dotKernel(30, d, scheme);
      const auto direct = dotMatrix<double>(31, d, scheme);
      CHECK(kernel[0] == approx(scheme.amplitude * scheme.amplitude * double(d / 2), 1e-15));
      for (std::size_t delta = 0; delta <= 30; ++delta) CHECK(direct[delta] == approx(kernel[delta], 1e-15));
    }
}

TEST_CASE("scheme arguments: angleScale, amplitude, odd dModel", "[conventions][arguments]") {
  Scheme scheme;
  CHECK(*encodeArgs(1, 9, scheme) == "dModel must be an even integer between 2 and 65536, got 9");
  scheme.odd = OddRule::zeroColumn;
  CHECK_FALSE(encodeArgs(1, 9, scheme));
  CHECK(*encodeArgs(1, 1, scheme) == "dModel must be an integer between 2 and 65536, got 1");
  scheme.angleScale = -1;
  CHECK(*encodeArgs(1, 8, scheme) == "angleScale must be a finite number > 0, got -1");
  scheme.angleScale = 1;
  scheme.amplitude = INFINITY;
  CHECK(*frequenciesArgs(8, scheme) == "amplitude must be a finite number, got Infinity");
  scheme.amplitude = 1;
  scheme.angleScale = 1000;  // found by the fuzzer: sin(Infinity) is NaN
  CHECK(*encodeArgs(1e306, 8, scheme) ==
        "pos × angleScale must be finite (the largest angle), got 1e+306 × 1000 = Infinity");
  CHECK(*encodingArgs(3, 8, scheme, -1e306) ==
        "start × angleScale must be finite (the largest angle), got -1e+306 × 1000 = Infinity");
  const double far[] = {0, 1e307};
  CHECK(*checkPositions(far, 2, scheme) ==
        "positions[1] × angleScale must be finite (the largest angle), got 1e+307 × 1000 = Infinity");
  CHECK(*encodingAtArgs(40000, 512, Scheme{}) ==
        "positions.length × dModel must be at most 16777216 values (the size cap), got 40000 × 512 = 20480000");
}
