// libFuzzer harness for the core: arbitrary bytes become a function and its arguments (raw
// doubles, small integers, halves and the edge cases NaN, ±Infinity, caps ± 1, ...). Checked
// on every input, under ASan + UBSan:
//   - the argument rules (arguments.hpp) decide: valid arguments never throw, invalid ones make
//     the C++ API throw ArgumentError with the very message the rules give, naming a parameter;
//   - results are finite and obey the math: values in [-1, 1], float32 within 1e-6 of float64,
//     D(0) = d/2 and |D| <= d/2, Toeplitz fill = direct product, rotations keep lengths;
//   - rotary embeddings: finite frequencies, pair lengths kept times the attention factor,
//     float32 within its budget of float64;
//   - grids: tables of sines and cosines, each axis block depending on its own index, float32 the
//     float64 table rounded once, the Gram matrix equal to the table times its transpose;
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
                                "length² ", "matrix.rows × ", "positions[", "positions.length × ", "headDim ",
                                "rotaryDims ", "positions", "scaling.", "matrix.data", "matrix.rows² ", "numHeads ", "maxBias ",
                                "numHeads × ", "numBuckets ", "maxDistance ", "relativePositions[",
                                "axes ", "axes[", "mrope_section", "height ", "width ", "frames ",
                                "height × ", "height / ", "width / ", "width² ", "height² ", "frames × ",
                                "baseSize ", "interpolationScale ", "posEmbedMaxSize ", "spatialInterpolationScale ",
                                "temporalInterpolationScale "};
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
      const auto window = dotKernel(n, d, scheme, n / 2);  // seeded at its own start
      for (std::size_t k = 0; k < window.size(); ++k)
        expect(std::abs(window[k] - kernel[n / 2 + k]) <= 1e-9 * double(d), "a kernel window differs from the whole");
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

RopeScaling scalingOf(Input& in) {
  RopeScaling s;
  s.type = RopeType(in.byte() % 6);
  auto maybe = [&](std::optional<double>& key) {
    if (in.byte() & 1) key = in.number();
  };
  for (auto* key : {&s.factor, &s.originalMaxPositionEmbeddings, &s.maxPositionEmbeddings, &s.lowFreqFactor,
                    &s.highFreqFactor, &s.betaFast, &s.betaSlow, &s.attentionFactor, &s.mscale, &s.mscaleAllDim})
    maybe(*key);
  s.truncate = in.byte() & 1;
  if (s.type == RopeType::longrope) {  // lists of any length up to 64 pairs (rotaryDims / 2 to be valid)
    for (auto* list : {&s.shortFactor, &s.longFactor}) {
      list->resize(in.byte() % 65);
      for (double& v : *list) v = in.number();
    }
  }
  return s;
}

// Rotary embeddings: the rules decide; valid calls give finite frequencies and values, every
// pair keeps its length times the attention factor, and float32 stays within its 2-ulp budget
// of float64 (the same angles).
void fuzzRope(Input& in) {
  const double rows = in.number(), cols = in.number(), rotaryDims = in.number(), base = in.number();
  RopeOptions o;
  o.base = base;
  o.scaling = scalingOf(in);
  o.layout = in.byte() & 1 ? Layout::concatenated : Layout::interleaved;
  if (in.byte() & 1) o.length = in.number();
  RopePositions at(in.number());
  if (in.byte() & 1) {
    at = RopePositions(std::vector<double>(in.byte() % 8));
    for (double& p : *at.list) p = in.number();
  }
  const Problem freqProblem = ropeFrequenciesArgs(cols, rotaryDims, base, o.scaling, o.length);
  const Problem problem = ropeArgs(rows, cols, rotaryDims, base, o.scaling, o.length, at);
  if (freqProblem) expectNamed(freqProblem);
  if (problem) expectNamed(problem);
  if (!representable(rows) || !representable(cols) || !representable(rotaryDims)) return;
  // rotaryDims 0 means "all columns" in the C++ API; the rules (and JS) refuse it.
  if (rows * cols > kMaxWork || rotaryDims == 0) return;
  o.rotaryDims = std::size_t(rotaryDims);
  crossCheck(freqProblem, [&] {
    const RopeFrequencies f = ropeFrequencies(std::size_t(cols), base, o.scaling, o.length, o.rotaryDims);
    expect(std::isfinite(f.attentionFactor) && f.attentionFactor > 0, "attention factor not finite > 0");
    const std::string what = std::string(ropeTypeName(o.scaling.type)) + ", factor " + formatNumber(o.scaling.factor.value_or(0));
    for (double t : f.theta) expect(std::isfinite(t) && t >= 0, "frequency not finite >= 0:", formatNumber(t) + " (" + what + ")");
  });
  const std::size_t n = std::size_t(rows), d = std::size_t(cols);
  std::vector<double> x(n * d);
  for (double& v : x) v = double(std::int8_t(in.byte())) / 16.0;
  const std::vector<float> x32(x.begin(), x.end());
  std::vector<double> y(x.size());
  std::vector<float> y32(x.size());
  crossCheck(problem, [&] {
    ropeInto(y.data(), x.data(), n, d, o, at);
    ropeInto(y32.data(), x32.data(), n, d, o, at);
    const double a = ropeFrequencies(o.rotaryDims, base, o.scaling, o.length ? o.length : ropeLength(n, at)).attentionFactor;
    for (std::size_t r = 0; r < n; ++r)
      for (std::size_t i = 0; i < o.rotaryDims / 2; ++i) {
        const RopePair p = ropePair(o.layout, i, o.rotaryDims);
        const std::size_t u = r * d + p.first, v = r * d + p.second;
        const double before = a * std::hypot(x[u], x[v]), after = std::hypot(y[u], y[v]);
        expect(std::abs(after - before) <= 1e-12 * before + 1e-300, "rope changed a pair's length times a:",
               formatNumber(before) + " -> " + formatNumber(after) + " (" + ropeTypeName(o.scaling.type) + ", position " +
                   formatNumber(at[r]) + ", pair " + std::to_string(i) + " of " + std::to_string(o.rotaryDims / 2) + ")");
        // (Values beyond float32's range overflow there, as they should.)
        if (!(std::abs(y[u]) < 1e38 && std::abs(y[v]) < 1e38)) continue;
        // Plus an absolute floor: c and s below float32's normal range (a tiny attention
        // factor) keep fewer bits, down to 2^-149.
        const double sum = std::abs(x[u]) + std::abs(x[v]);
        const double budget = 3 * std::ldexp(1.0, -24) * a * sum + 1e-12 * before + std::ldexp(sum + 1, -148);
        expect(std::abs(double(y32[u]) - y[u]) <= budget && std::abs(double(y32[v]) - y[v]) <= budget,
               "float32 rope off float64 by more than its budget:",
               formatNumber(double(y32[u])) + " vs " + formatNumber(y[u]) + ", " + formatNumber(double(y32[v])) +
                   " vs " + formatNumber(y[v]) + " at row " + std::to_string(r) + ", pair " + std::to_string(i) +
                   ", a " + formatNumber(a) + ", position " + formatNumber(at[r]));
      }
  });
}

// Rotary embeddings over several axes (axial, and Qwen2-VL's M-RoPE with a scaling): the rules
// decide and the C++ API refuses what they refuse; valid calls keep every pair's length times
// the attention factor, float32 stays within its budget of float64, and one axis is the 1D rope.
void fuzzRopeAxes(Input& in) {
  const bool multimodal = in.byte() & 1;
  const double rows = in.number(), cols = in.number(), base = in.number();
  std::vector<double> axes(in.byte() % 5);  // axial: the axes; M-RoPE: mrope_section
  for (double& a : axes) a = in.number();
  const Layout layout = in.byte() & 1 ? Layout::concatenated : Layout::interleaved;
  double rotaryDims = 0;
  RopeScaling scaling;
  std::optional<double> length;
  if (multimodal) {
    rotaryDims = in.number();
    scaling = scalingOf(in);
    if (in.byte() & 1) length = in.number();
  }
  if (!representable(rows) || !representable(cols) || rows * cols > kMaxWork) {
    const std::vector<double> lengths(in.byte() % 5, rows);
    const Problem problem = multimodal ? mropeArgs(rows, cols, rotaryDims, base, scaling, length, axes, lengths)
                                       : ropeAxesArgs(rows, cols, axes, base, lengths);
    if (problem) expectNamed(problem);
    return;
  }
  const std::size_t n = std::size_t(rows), d = std::size_t(cols);
  AxisPositions at(in.byte() % 5);
  std::vector<double> lengths;
  for (auto& list : at) {
    const std::uint8_t pick = in.byte();
    list.resize(pick % 4 == 3 ? n + 1 : pick % 4 == 2 && n > 0 ? n - 1 : n);
    for (double& p : list) p = in.byte() & 1 ? double(std::int8_t(in.byte())) : in.number();
    lengths.push_back(double(list.size()));
  }
  const Problem problem = multimodal ? mropeArgs(rows, cols, rotaryDims, base, scaling, length, axes, lengths)
                                     : ropeAxesArgs(rows, cols, axes, base, lengths);
  auto make = [&] {
    if (multimodal) {
      std::vector<std::size_t> section;
      for (double a : axes) section.push_back(representable(a) && a <= 65536 ? std::size_t(a) : 65537);
      // rotaryDims 0 means "all columns" in the C++ API; the rules refuse it.
      const bool fits = representable(rotaryDims) && rotaryDims > 0 && rotaryDims <= 65536;
      return mropeRope(d, base, scaling, length, fits ? std::size_t(rotaryDims) : 65537, section);
    }
    std::vector<std::size_t> widths;
    for (double a : axes) widths.push_back(representable(a) && a <= 65536 ? std::size_t(a) : 65537);
    return axialRope(widths, base, layout);
  };
  std::vector<double> x(n * d), y(x.size());
  for (double& v : x) v = double(std::int8_t(in.byte())) / 16.0;
  const std::vector<float> x32(x.begin(), x.end());
  std::vector<float> y32(x.size());
  if (problem) {
    expectNamed(problem);
    // The C++ API refuses it too (it takes extra, unused position lists: not a problem there).
    if (problem->rfind("positions.length ", 0) == 0) return;
    try {
      const RopeAxes r = make();
      ropeAxesInto(y.data(), x.data(), n, d, at, r);
    } catch (const ArgumentError&) {
      return;
    }
    fail("the C++ API accepted arguments the rules refuse:", *problem);
  }
  RopeAxes r;
  try {
    r = make();
  } catch (const ArgumentError& error) {
    fail("the C++ API refused valid arguments:", error.what());
  }
  const Problem values = checkAxisPositions(at, r);
  if (values) expectNamed(values);
  crossCheck(values, [&] {
    ropeAxesInto(y.data(), x.data(), n, d, at, r);
    ropeAxesInto(y32.data(), x32.data(), n, d, at, r);
  });
  if (values) return;
  const double a = r.attentionFactor, pairs = double(r.theta.size());
  for (std::size_t row = 0; row < n; ++row)
    for (std::size_t i = 0; i < r.theta.size(); ++i) {
      const RopePair p = ropePair(r.layout, i, 2 * r.theta.size());
      const std::size_t u = row * d + p.first, v = row * d + p.second;
      const double before = a * std::hypot(x[u], x[v]), after = std::hypot(y[u], y[v]);
      expect(std::abs(after - before) <= 1e-12 * before + 1e-300, "rope over axes changed a pair's length times a:",
             formatNumber(before) + " -> " + formatNumber(after) + ", pair " + std::to_string(i) + " of " + formatNumber(pairs));
      if (!(std::abs(y[u]) < 1e38 && std::abs(y[v]) < 1e38)) continue;
      const double sum = std::abs(x[u]) + std::abs(x[v]);
      const double budget = 3 * std::ldexp(1.0, -24) * a * sum + 1e-12 * before + std::ldexp(sum + 1, -148);
      expect(std::abs(double(y32[u]) - y[u]) <= budget && std::abs(double(y32[v]) - y[v]) <= budget,
             "float32 rope over axes off float64 by more than its budget:",
             formatNumber(double(y32[u])) + " vs " + formatNumber(y[u]) + " at row " + std::to_string(row) + ", pair " + std::to_string(i));
    }
  for (std::size_t c = 2 * r.theta.size(); c < d; ++c)
    for (std::size_t row = 0; row < n; ++row) expect(y[row * d + c] == x[row * d + c], "a column past the rotated ones changed");
  // One axis: the 1D rope with that list of positions, bit for bit.
  if (!multimodal && axes.size() == 1 && at.size() == 1) {
    RopeOptions o;
    o.base = base;
    o.layout = layout;
    o.rotaryDims = std::size_t(axes[0]);
    std::vector<double> z(x.size());
    ropeInto(z.data(), x.data(), n, d, o, RopePositions(at[0]));
    expect(z == y, "one axis differs from the 1D rope with positions");
  }
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

// Grids (images and video): the rules decide and the C++ API refuses what they refuse; valid
// tables are sines and cosines, each axis block depending on its own index only, float32 is the
// float64 table rounded once, and the Gram matrix is the table times its transpose (compared
// while every position is below 2^24: beyond, the table's own rounding of p·ω, which the kernels
// do not share, is larger than the comparison's margin).
void fuzzGrid(Input& in) {
  const std::uint8_t kind = in.byte();
  const double frames = in.number(), height = in.number(), width = in.number(), dModel = in.number(), base = in.number();
  Grid2d grid;
  grid.convention = kind & 1 ? GridConvention::diffusers : GridConvention::mae;
  grid.clsToken = kind & 2;
  grid.base = base;
  grid.baseSize = in.number();
  grid.interpolationScale = in.number();
  if (kind & 4) grid.posEmbedMaxSize = in.number();
  Grid3d video;
  video.base = base;
  video.spatialInterpolationScale = in.number();
  video.temporalInterpolationScale = in.number();
  const Problem flat = encoding2dArgs(height, width, dModel, grid), deep = encoding3dArgs(frames, height, width, dModel, video),
                gram = dotMatrix2dArgs(height, width, dModel, grid);
  for (const Problem* p : {&flat, &deep, &gram})
    if (*p) expectNamed(*p);
  if (!representable(frames) || !representable(height) || !representable(width) || !representable(dModel)) return;
  const std::size_t f = std::size_t(frames), h = std::size_t(height), w = std::size_t(width), d = std::size_t(dModel);
  // Each block of row r reads index (r / stride) % size: equal to that of the first row with it.
  auto checkBlocks = [&](const auto& table, std::size_t zeroRows, std::size_t cells,
                         std::initializer_list<std::array<std::size_t, 4>> blocks) {  // {from, width, stride, size}
    for (std::size_t c = 0; c < zeroRows * d; ++c) expect(table[c] == 0, "the cls row is not zero");
    for (std::size_t r = 0; r < cells; ++r)
      for (const auto& [from, columns, stride, size] : blocks) {
        const std::size_t first = (r / stride) % size * stride;
        for (std::size_t c = from; c < from + columns; ++c)
          expect(table[(zeroRows + r) * d + c] == table[(zeroRows + first) * d + c], "a block depends on another index");
      }
  };
  if (flat || height * width * dModel <= kMaxWork)
    crossCheck(flat, [&] {
      const auto exact = encoding2d<double>(h, w, d, grid);
      const auto fast = encoding2d<float>(h, w, d, grid);
      checkValues(exact, 1.0, "encoding2d value out of [-1, 1]:");
      for (std::size_t v = 0; v < exact.size(); ++v) expect(fast[v] == float(exact[v]), "float32 is not float64 rounded once");
      checkBlocks(exact, grid.clsToken ? 1 : 0, h * w, {{0, d / 2, 1, w}, {d / 2, d / 2, w, h}});
    });
  if (deep || frames * height * width * dModel <= kMaxWork)
    crossCheck(deep, [&] {
      const auto exact = encoding3d<double>(f, h, w, d, video);
      const auto fast = encoding3d<float>(f, h, w, d, video);
      checkValues(exact, 1.0, "encoding3d value out of [-1, 1]:");
      for (std::size_t v = 0; v < exact.size(); ++v) expect(fast[v] == float(exact[v]), "float32 is not float64 rounded once");
      checkBlocks(exact, 0, f * h * w, {{0, d / 4, h * w, f}, {d / 4, 3 * d / 8, 1, w}, {5 * d / 8, 3 * d / 8, w, h}});
    });
  const double cells = height * width;
  if (gram || cells * cells * dModel <= 64 * kMaxWork)
    crossCheck(gram, [&] {
      const auto g = dotMatrix2d(h, w, d, grid);
      const std::size_t n = h * w;
      expect(g.size() == n * n, "dotMatrix2d's size");
      checkValues(g, double(d) / 2 + 1e-9, "|G| over d/2:");
      if (n == 0) return;
      const GridPositions at = grid2dPositions(h, w, grid);
      const double far = std::max(std::abs(at.rows.back()), std::abs(at.cols.back()));
      if (!(far < 16777216.0)) return;
      Grid2d plain = grid;
      plain.clsToken = false;
      const auto table = encoding2d<double>(h, w, d, plain);
      for (std::size_t r = 0; r < n; ++r)
        for (std::size_t s = 0; s < n; ++s) {
          double sum = 0;
          for (std::size_t c = 0; c < d; ++c) sum += table[r * d + c] * table[s * d + c];
          expect(std::abs(g[r * n + s] - sum) <= 1e-9 * double(d), "dotMatrix2d differs from the table times its transpose");
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

// ALiBi and T5 buckets: the rules decide; slopes in (0, 1], biases ≤ 0 and Toeplitz, buckets in
// [0, numBuckets) and never smaller for a farther key on the same side.
void fuzzFamily(Input& in) {
  const double heads = in.number(), maxBias = in.number(), length = in.number();
  const bool causal = in.byte() & 1;
  Problem problem = alibiBiasArgs(length, heads, maxBias);
  if (problem) expectNamed(problem);
  if (representable(heads) && representable(length) && heads * length * length <= kMaxWork) {
    const std::size_t n = std::size_t(length), h = std::size_t(heads);
    std::vector<double> bias(h * n * n);
    crossCheck(problem, [&] {
      alibiBiasInto(bias.data(), n, h, maxBias, causal);
      const auto slopes = alibiSlopes(h, maxBias);
      for (double m : slopes) expect(m > 0 && m <= 1 && std::isfinite(m), "slope outside (0, 1]", formatNumber(m));
      for (std::size_t k = 0; k < h; ++k)
        for (std::size_t i = 0; i + 1 < n; ++i)
          for (std::size_t j = 0; j + 1 < n; ++j) {
            const double a = bias[(k * n + i) * n + j], b = bias[(k * n + i + 1) * n + j + 1];
            expect(a <= 0 && a == b, "ALiBi bias not ≤ 0 and Toeplitz", formatNumber(a) + " " + formatNumber(b));
          }
    });
  }
  const double numBuckets = in.number(), maxDistance = in.number();
  const bool bidirectional = in.byte() & 1;
  std::vector<double> relative;
  for (std::size_t k = 0, count = in.byte() % 16; k < count; ++k) relative.push_back(in.number());
  problem = relativePositionBucketsArgs(relative.data(), relative.size(), numBuckets, maxDistance, bidirectional);
  if (problem) expectNamed(problem);
  crossCheck(problem, [&] {
    const auto buckets = relativePositionBuckets(relative, numBuckets, maxDistance, bidirectional);
    for (std::size_t k = 0; k < buckets.size(); ++k) {
      expect(buckets[k] >= 0 && buckets[k] < numBuckets, "bucket out of range", std::to_string(buckets[k]));
      // One step farther on the same side: a bucket no smaller.
      const double r = relative[k], farther = r > 0 ? r + 1 : r - 1;
      if (std::abs(farther) <= 2147483647.0) {
        const auto next = relativePositionBuckets({farther}, numBuckets, maxDistance, bidirectional);
        expect(next[0] >= buckets[k], "bucket smaller farther out", formatNumber(r));
      }
    }
  });
  // A table of position vectors (a learned table): its distance from offset-only dot products
  // is in [0, 1], its kernel's first value (the mean squared norm) ≥ 0.
  const double rows = in.number(), cols = in.number();
  std::vector<double> table;
  for (std::size_t k = 0, count = in.byte() % 64; k < count; ++k) table.push_back(in.number());
  problem = nearestToeplitzArgs(rows, cols, table.data(), table.size());
  if (problem) expectNamed(problem);
  if (representable(rows) && representable(cols)) crossCheck(problem, [&] {
    const ToeplitzFit fit = nearestToeplitz(table.data(), table.size(), std::size_t(rows), std::size_t(cols));
    expect(fit.kernel.size() == std::size_t(rows), "kernel of another length", std::to_string(fit.kernel.size()));
    expect(!std::isnan(fit.distance) && fit.distance >= 0 && fit.distance <= 1 + 1e-12, "distance outside [0, 1]", formatNumber(fit.distance));
  });
}

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
    // Above 128: positions lists; above 192: rotary embeddings (regressions rope-* start with 202);
    // 97 … 125 (6 mod 7): the relative family; 48 … 90: rotary embeddings over several axes;
    // 20 … 41: grids (images and video).
    default:
      target >= 192 ? fuzzRope(in) : target >= 128 ? fuzzPositions(in) : target >= 97 ? fuzzFamily(in)
      : target >= 48 ? fuzzRopeAxes(in) : target >= 20 ? fuzzGrid(in) : fuzzFormat(in);
      break;
  }
  return 0;
}
