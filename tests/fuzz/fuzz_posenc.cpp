// libFuzzer harness for the core: arbitrary bytes become a function and its arguments (raw
// doubles, small integers, halves and the edge cases NaN, ±Infinity, caps ± 1, ...). Checked
// on every input, under ASan + UBSan:
//   - the argument rules (arguments.hpp) decide: valid arguments never throw, invalid ones make
//     the C++ API throw ArgumentError with the very message the rules give, naming a parameter;
//   - results are finite and obey the math: values in [-1, 1], float32 within 1e-6 of float64,
//     D(0) = d/2 and |D| <= d/2, Toeplitz fill = direct product, rotations keep lengths;
//   - formatNumber round-trips.
// Valid calls with large results are checked for validity only, to keep the fuzzer fast.
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "posenc.hpp"

using namespace posenc;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kSpecial[] = {std::numeric_limits<double>::quiet_NaN(), kInf, -kInf, 0.0, -0.0, 1.0, -1.0, 2.0,
                               0.5, 1.0000001, 65536, 65538, 4096, 4097, 16777215, 16777216, 16777217,
                               1e308, 5e-324, 9007199254740992.0, 1e15, 268435456, -268435456, 1e6};
constexpr std::size_t kMaxWork = 1 << 13;  // values per checked call: fast runs

void fail(const char* what, const std::string& detail = "") {
  std::fprintf(stderr, "posenc fuzz: %s %s\n", what, detail.c_str());
  std::abort();
}

void expect(bool ok, const char* what, const std::string& detail = "") {
  if (!ok) fail(what, detail);
}

struct Input {
  const std::uint8_t* data;
  std::size_t size;

  std::uint8_t byte() {
    if (size == 0) return 0;
    --size;
    return *data++;
  }

  double number() {
    switch (byte() % 6) {
      case 0: {
        std::uint64_t bits = 0;
        for (int i = 0; i < 8; ++i) bits |= std::uint64_t(byte()) << (8 * i);
        double value;
        std::memcpy(&value, &bits, sizeof value);
        return value;
      }
      case 1: return double(std::int8_t(byte()));
      case 2: return double(std::int16_t(byte() | byte() << 8));
      case 3: return double(std::int16_t(byte() | byte() << 8)) / 4.0;
      case 4: return double(byte()) * 2.0;  // small even sizes
      default: return kSpecial[byte() % (sizeof kSpecial / sizeof kSpecial[0])];
    }
  }
};

// The argument names a rule may start with.
void expectNamed(const Problem& problem) {
  static const char* names[] = {"dModel ", "length ", "maxOffset ", "pos ", "k ", "base ", "start ", "scale ",
                                "vector.length ", "matrix.rows ", "matrix.cols ", "dModel × ", "length × ",
                                "length² ", "matrix.rows × ", "positions[", "positions.length × "};
  for (const char* name : names)
    if (problem->rfind(name, 0) == 0) return;
  fail("problem names no parameter:", *problem);
}

// Valid: must not throw. Invalid: the C++ API must throw ArgumentError with the rule's message.
template <class Call>
void crossCheck(const Problem& problem, Call call) {
  try {
    call();
    expect(!problem, "the C++ API accepted arguments the rules refuse:", problem.value_or(""));
  } catch (const ArgumentError& error) {
    expect(bool(problem), "the C++ API refused valid arguments:", error.what());
    expect(error.what() == *problem, "different messages:", std::string(error.what()) + " | " + *problem);
  }
}

bool representable(double count) { return count >= 0 && count <= 1e12 && std::trunc(count) == count; }

// Every option the byte can pick: spacing, layout, order, the odd-d rule, a scaled angle (as
// diffusers' scale = 1000) and an amplitude (exact in binary, so D(0) stays exact).
Scheme schemeOf(double base, std::uint8_t bits) {
  Scheme scheme{base, bits & 1 ? Spacing::tensor2tensor : Spacing::paper, bits & 2 ? Layout::concatenated : Layout::interleaved};
  scheme.order = bits & 4 ? Order::cosSin : Order::sinCos;
  scheme.odd = std::array{OddRule::none, OddRule::zeroColumn, OddRule::extraSine}[(bits >> 3) % 3];
  scheme.angleScale = bits & 32 ? 1000 : 1;
  scheme.amplitude = bits & 64 ? 0.0625 : 1;
  return scheme;
}

void checkValues(const std::vector<double>& v, double bound, const char* what) {
  for (double x : v) expect(std::isfinite(x) && std::abs(x) <= bound, what, formatNumber(x));
}

void fuzzEncoding(Input& in) {
  const double length = in.number(), dModel = in.number(), base = in.number(), start = in.number();
  const Scheme scheme = schemeOf(base, in.byte());
  const Problem problem = encodingArgs(length, dModel, scheme, start);
  if (problem) expectNamed(problem);
  if (!representable(length) || !representable(dModel)) return;
  if (!problem && length * dModel > kMaxWork) return;
  const std::size_t n = std::size_t(length), d = std::size_t(dModel);
  crossCheck(problem, [&] {
    const auto exact = encoding<double>(n, d, scheme, start);
    const auto fast = encoding<float>(n, d, scheme, start);
    checkValues(exact, 1.0, "encoding value out of [-1, 1]:");
    for (std::size_t i = 0; i < fast.size(); ++i)
      expect(std::abs(double(fast[i]) - exact[i]) <= 1e-6, "float32 off float64 by more than 1e-6 at start",
             formatNumber(start) + ", value " + std::to_string(i));
  });
}

void fuzzRotation(Input& in) {
  const double k = in.number(), dModel = in.number(), base = in.number();
  const Scheme scheme = schemeOf(base, in.byte());
  const Problem problem = rotationArgs(k, dModel, scheme);
  if (problem) expectNamed(problem);
  if (!representable(dModel) || (!problem && dModel * dModel > kMaxWork)) return;
  crossCheck(problem, [&] { checkValues(rotation(k, std::size_t(dModel), scheme), 1.0, "rotation entry out of [-1, 1]:"); });
}

void fuzzShift(Input& in) {
  std::vector<double> v(in.byte() % 40);
  for (double& x : v) x = in.number();
  const double k = in.number(), base = in.number();
  const Scheme scheme = schemeOf(base, in.byte());
  const Problem problem = shiftArgs(double(v.size()), k, scheme);
  if (problem) expectNamed(problem);
  crossCheck(problem, [&] {
    const auto out = shift(v, k, scheme);
    const Columns at = columnsOf(v.size(), scheme);
    for (std::size_t i = 0; i < at.pairs; ++i) {  // a rotation keeps each pair's length
      const std::size_t sin = at.sinAt(i), cos = at.cosAt(i);
      const double before = std::hypot(v[sin], v[cos]), after = std::hypot(out[sin], out[cos]);
      if (std::isfinite(before) && before < 1e300)
        // Relative to the length, plus an absolute floor: subnormal values carry fewer bits.
        expect(std::abs(after - before) <= 1e-12 * before + 1e-300, "shift changed a pair's length:", formatNumber(before));
    }
  });
}

void fuzzDots(Input& in) {
  const double length = in.number(), dModel = in.number(), base = in.number();
  const bool direct = in.byte() & 1;
  const Scheme scheme = schemeOf(base, in.byte());
  const Problem kernelProblem = dotKernelArgs(length, dModel, scheme);
  const Problem matrixProblem = dotMatrixArgs(length, dModel, scheme, direct);
  if (kernelProblem) expectNamed(kernelProblem);
  if (matrixProblem) expectNamed(matrixProblem);
  if (!representable(length) || !representable(dModel)) return;
  const std::size_t n = std::size_t(length), d = std::size_t(dModel);
  if (kernelProblem || (length + 1) * dModel <= kMaxWork)
    crossCheck(kernelProblem, [&] {
      const auto kernel = dotKernel(n, d, scheme);
      checkValues(kernel, double(d) / 2 + 1e-9, "kernel value over d/2:");
      const double pairs = double(d / 2), squared = scheme.amplitude * scheme.amplitude;
      expect(kernel[0] == squared * pairs, "D(0) != amplitude² × pairs");
    });
  if (!matrixProblem && length * length * dModel > kMaxWork) return;
  // The core's matrix is the direct product; the Toeplitz one (js/api.js) is the kernel laid
  // out as M[i][j] = D(|i - j|), so the product must equal the kernel there.
  if (!direct) return;
  crossCheck(matrixProblem, [&] {
    const auto m = dotMatrix<double>(n, d, scheme);
    if (dotKernelArgs(double(n == 0 ? 0 : n - 1), dModel, scheme)) return;  // an extra sine: no kernel
    const auto kernel = dotKernel(n == 0 ? 0 : n - 1, d, scheme);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        expect(std::abs(m[i * n + j] - kernel[i > j ? i - j : j - i]) <= 1e-9 * double(d),
               "the direct product differs from the kernel's Toeplitz matrix");
  });
}

void fuzzFrequencies(Input& in) {
  const double dModel = in.number(), base = in.number();
  const Scheme scheme = schemeOf(base, in.byte());
  const Problem problem = frequenciesArgs(dModel, scheme);
  if (problem) expectNamed(problem);
  if (!representable(dModel)) return;
  crossCheck(problem, [&] {
    const auto omega = frequencies(std::size_t(dModel), scheme);
    const auto period = periods(std::size_t(dModel), scheme);
    for (std::size_t i = 0; i < omega.size(); ++i) {
      expect(omega[i] > 0 && omega[i] <= scheme.angleScale && (i == 0 || omega[i] < omega[i - 1]),
             "frequencies not decreasing in (0, angleScale]");
      // 2 pi / omega overflows to Infinity only for omega below ~6e-308 (base near 1e308).
      expect(period[i] > 0 && (std::isfinite(period[i]) || omega[i] < 1e-307), "period not finite");
    }
  });
}

void fuzzAddTo(Input& in) {
  const double rows = in.number(), cols = in.number(), base = in.number(), start = in.number(), scale = in.number();
  const Scheme scheme = schemeOf(base, in.byte());
  const Problem problem = addToArgs(rows, cols, scheme, start, scale);
  if (problem) expectNamed(problem);
  if (!representable(rows) || !representable(cols) || rows * cols > kMaxWork) return;
  std::vector<float> data(std::size_t(rows * cols));
  for (float& x : data) x = float(in.byte()) / 16.0f;
  crossCheck(problem, [&] { addTo(data.data(), std::size_t(rows), std::size_t(cols), scheme, start, scale); });
}

// Arbitrary positions: each row is encode() of its position, in float32 within 1e-6.
void fuzzPositions(Input& in) {
  std::vector<double> positions(in.byte() % 12);
  for (double& p : positions) p = in.number();
  const double dModel = in.number(), base = in.number();
  const Scheme scheme = schemeOf(base, in.byte());
  Problem problem = encodingAtArgs(double(positions.size()), dModel, scheme);
  if (!problem) problem = checkPositions(positions.data(), positions.size(), scheme);
  if (problem) expectNamed(problem);
  if (!representable(dModel) || (!problem && double(positions.size()) * dModel > kMaxWork)) return;
  const std::size_t d = std::size_t(dModel);
  std::vector<float> rows(problem ? 0 : positions.size() * d);  // a refused call writes nothing
  crossCheck(problem, [&] {
    encodingAtInto(rows.data(), positions.data(), positions.size(), d, scheme);
    for (std::size_t r = 0; r < positions.size(); ++r) {
      const auto exact = encode(positions[r], d, scheme);
      for (std::size_t c = 0; c < d; ++c)
        expect(std::abs(double(rows[r * d + c]) - exact[c]) <= 1e-6, "a positions row differs from encode at",
               formatNumber(positions[r]));
    }
  });
}

void fuzzFormat(Input& in) {
  const double x = in.number();
  const std::string text = formatNumber(x);
  if (std::isfinite(x)) expect(std::strtod(text.c_str(), nullptr) == x, "formatNumber does not round-trip:", text);
  else expect(text == "NaN" || text == "Infinity" || text == "-Infinity", "formatNumber of a non-finite:", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in{data, size};
  // The first byte picks the target; % 7 as before, so the regression inputs keep theirs.
  const std::uint8_t target = in.byte();
  switch (target % 7) {
    case 0: fuzzEncoding(in); break;
    case 1: fuzzRotation(in); break;
    case 2: fuzzShift(in); break;
    case 3: fuzzDots(in); break;
    case 4: fuzzFrequencies(in); break;
    case 5: fuzzAddTo(in); break;
    default: target >= 128 ? fuzzPositions(in) : fuzzFormat(in); break;
  }
  return 0;
}
