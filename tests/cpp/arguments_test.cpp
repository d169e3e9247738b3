#include "arguments.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "approx.hpp"
#include "scheme.hpp"

using namespace posenc;
using posenc::test::kInf;
using posenc::test::kNaN;

namespace {
}  // namespace

TEST_CASE("numbers print as JavaScript prints them", "[arguments]") {
  CHECK(formatNumber(7) == "7");
  CHECK(formatNumber(-0.0) == "0");
  CHECK(formatNumber(-1) == "-1");
  CHECK(formatNumber(0.5) == "0.5");
  CHECK(formatNumber(0.1) == "0.1");
  CHECK(formatNumber(1e21) == "1e+21");
  CHECK(formatNumber(1e20) == "100000000000000000000");
  CHECK(formatNumber(2.5e-7) == "2.5e-7");
  CHECK(formatNumber(kNaN) == "NaN");
  CHECK(formatNumber(kInf) == "Infinity");
  CHECK(formatNumber(-kInf) == "-Infinity");
  CHECK(formatNumber(16777216) == "16777216");
}

TEST_CASE("valid arguments have no problem", "[arguments]") {
  CHECK_FALSE(frequenciesArgs(512, {10000}));
  CHECK_FALSE(encodingArgs(0, 2, {1.0001}, -5.5));
  CHECK_FALSE(encodingArgs(32768, 512, {10000}, 0));  // exactly the size cap
  CHECK_FALSE(encodeArgs(-1e9, 65536, {10000}));
  CHECK_FALSE(rotationArgs(-3.25, 4096, {10000}));
  CHECK_FALSE(shiftArgs(4, 0, {2}));
  CHECK_FALSE(dotKernelArgs(0, 2, {10000}));
  CHECK_FALSE(dotMatrixArgs(4096, 65536, {10000}, false));
  CHECK_FALSE(dotMatrixArgs(2048, 1024, {10000}, true));
  CHECK_FALSE(addToArgs(3, 4, {10000}, 2, 0.5));
}

TEST_CASE("dModel must be an even integer between 2 and 65536", "[arguments]") {
  const std::string rule = "dModel must be an even integer between 2 and 65536, got ";
  for (double bad : {7.0, 0.0, -2.0, 1.0, 4.5, 65538.0, kNaN, kInf, -kInf})
    CHECK(*frequenciesArgs(bad, {10000}) == rule + formatNumber(bad));
  CHECK(*shiftArgs(3, 1, {10000}) ==
        "vector.length must be an even integer between 2 and 65536, got 3");
  CHECK(*addToArgs(2, 5, {10000}, 0, 1) ==
        "matrix.cols must be an even integer between 2 and 65536, got 5");
}

TEST_CASE("counts must be integers >= 0", "[arguments]") {
  CHECK(*encodingArgs(-1, 4, {10000}, 0) == "length must be an integer >= 0, got -1");
  CHECK(*encodingArgs(2.5, 4, {10000}, 0) == "length must be an integer >= 0, got 2.5");
  CHECK(*encodingArgs(kNaN, 4, {10000}, 0) == "length must be an integer >= 0, got NaN");
  CHECK(*dotKernelArgs(kInf, 4, {10000}) == "maxOffset must be an integer >= 0, got Infinity");
  CHECK(*dotMatrixArgs(-0.5, 4, {10000}, false) == "length must be an integer >= 0, got -0.5");
  CHECK(*addToArgs(1.5, 4, {10000}, 0, 1) == "matrix.rows must be an integer >= 0, got 1.5");
}

TEST_CASE("positions, offsets and scales must be finite", "[arguments]") {
  CHECK(*encodingArgs(1, 4, {10000}, kNaN) == "start must be a finite number, got NaN");
  CHECK(*encodeArgs(kInf, 4, {10000}) == "pos must be a finite number, got Infinity");
  CHECK(*rotationArgs(-kInf, 4, {10000}) == "k must be a finite number, got -Infinity");
  CHECK(*shiftArgs(4, kNaN, {10000}) == "k must be a finite number, got NaN");
  CHECK(*addToArgs(1, 4, {10000}, 0, kNaN) == "scale must be a finite number, got NaN");
}

TEST_CASE("base must be a finite number > 1", "[arguments]") {
  for (double bad : {1.0, 0.5, 0.0, -10.0, kNaN, kInf})
    CHECK(*encodingArgs(1, 4, {bad}, 0) == "base must be a finite number > 1, got " + formatNumber(bad));
}

TEST_CASE("results over the size cap are refused", "[arguments]") {
  CHECK(*encodingArgs(32769, 512, {10000}, 0) ==
        "length × dModel must be at most 16777216 values (the size cap), got 32769 × 512 = 16777728");
  CHECK(*rotationArgs(1, 4098, {10000}) ==
        "dModel × dModel must be at most 16777216 values (the size cap), got 4098 × 4098 = 16793604");
  CHECK(*dotMatrixArgs(4097, 2, {10000}, false) ==
        "length × length must be at most 16777216 values (the size cap), got 4097 × 4097 = 16785409");
  CHECK(*dotKernelArgs(16777216, 2, {10000}) ==
        "maxOffset must be at most 16777215 (the size cap), got 16777216");
  CHECK_FALSE(dotKernelArgs(16777215, 2, {10000}, 16777215));
  for (double start : {-1.0, 0.5, 11.0, kNaN, kInf})
    CHECK(*dotKernelArgs(10, 4, {10000}, start) ==
          "start must be an integer from 0 to maxOffset (10), got " + formatNumber(start));
  CHECK(*dotMatrixArgs(4096, 512, {10000}, true) ==
        "length² × dModel must be at most 4294967296 for method 'direct' (method 'toeplitz' has "
        "no such limit), got 4096² × 512 = 8589934592");
  CHECK(*addToArgs(1e15, 2, {10000}, 0, 1) ==
        "matrix.rows × matrix.cols must be at most 16777216 values (the size cap), got 1000000000000000 × 2 = 2000000000000000");
}

TEST_CASE("the first broken rule is reported, in parameter order", "[arguments]") {
  CHECK(*encodingArgs(-1, 7, {0}, kNaN) == "length must be an integer >= 0, got -1");
  CHECK(*encodingArgs(1, 7, {0}, kNaN) == "dModel must be an even integer between 2 and 65536, got 7");
  CHECK(*encodingArgs(1, 4, {0}, kNaN) == "base must be a finite number > 1, got 0");
}

TEST_CASE("require throws ArgumentError with the message", "[arguments]") {
  CHECK_NOTHROW(require(std::nullopt));
  CHECK_THROWS_AS(require(std::string("x must be y")), ArgumentError);
  CHECK_THROWS_WITH(require(std::string("x must be y")), "x must be y");
}
