// The WebAssembly binding: the only file that sees Emscripten. For each function it checks the
// arguments (JavaScript numbers arrive as doubles), calls the core and copies the result into a
// JS-owned typed array, so nothing in the wasm heap outlives the call and nothing needs .delete().
// Options arrive as one typed struct (Options, an embind value_object) and every function
// returns one shape, Result { data, error }: a broken rule comes back as its message in `error`,
// which the JS wrapper (js/api.js) throws as a RangeError. Throwing from here, even a JS error,
// would skip the destructors of the C++ frames it leaves and leak (and a C++ exception reaches
// JS as a bare number). Types and option names are checked by the JS wrapper before this is called.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POSENC_ASAN 1
#include <sanitizer/allocator_interface.h>
#endif
#endif

#include <algorithm>
#include <memory>
#include <string>
#include <type_traits>

#include "posenc.hpp"

using emscripten::val;

namespace {

enum class DType { float32, float64 };
enum class Method { toeplitz, direct };

// rope_scaling as js/rope-scaling.js parses it: the type as an enum, each optional key a number
// or undefined (embind 3.1.6's value_object has no std::optional).
struct Scaling {
  posenc::RopeType type = posenc::RopeType::standard;
  val factor = val::undefined(), originalMaxPositionEmbeddings = val::undefined(),
      maxPositionEmbeddings = val::undefined(), lowFreqFactor = val::undefined(),
      highFreqFactor = val::undefined(), betaFast = val::undefined(), betaSlow = val::undefined(),
      attentionFactor = val::undefined(), mscale = val::undefined(), mscaleAllDim = val::undefined();
  bool truncate = true;
  val shortFactor = val::undefined(), longFactor = val::undefined();  // longrope: arrays of numbers
};

// Every option of every function, defaults merged by js/api.js (a value_object needs all fields;
// each function reads the ones it takes). Choices arrive as embind enum values.
struct Options {
  double base = posenc::kDefaultBase;
  posenc::Spacing spacing = posenc::Spacing::paper;
  posenc::Layout layout = posenc::Layout::interleaved;
  posenc::Order order = posenc::Order::sinCos;
  double angleScale = 1, amplitude = 1;
  posenc::OddRule odd = posenc::OddRule::none;  // set by a convention (js/conventions.js)
  double start = 0, scale = 1;
  DType dtype = DType::float32;
  Method method = Method::toeplitz;
  val out = val::undefined();  // a Float32Array/Float64Array to write into, or undefined
  // rope: rotaryDims is filled in by js/api.js; length (a number) and positions (an array or
  // typed array of numbers) may be undefined.
  Scaling scaling;
  double rotaryDims = 0;
  val length = val::undefined(), positions = val::undefined();
  // The relative family: ALiBi's maxBias and mask, T5's bucket rule.
  double maxBias = posenc::kDefaultMaxBias;
  bool causal = true;
  double numBuckets = 32, maxDistance = 128;
  bool bidirectional = true;
  // Images and video (grid.hpp): encoding2d's and dotMatrix2d's convention and diffusers'
  // options (posEmbedMaxSize a number or undefined), encoding3d's scales.
  posenc::GridConvention gridConvention = posenc::GridConvention::mae;
  bool clsToken = false;
  double baseSize = 16, interpolationScale = 1;
  val posEmbedMaxSize = val::undefined();
  double spatialInterpolationScale = 1, temporalInterpolationScale = 1;
};

// What every function returns: data (a typed array) or, when a rule is broken, its message.
struct Result {
  val data = val::undefined();
  std::string error;
};

// The problem's message, or the data compute() returns when there is none.
template <class Compute>
Result checked(const posenc::Problem& problem, Compute compute) {
  if (problem) return {val::undefined(), *problem};
  return {compute(), ""};
}

template <class T>
constexpr const char* kArrayType = std::is_same_v<T, float> ? "Float32Array" : "Float64Array";

// Where a result goes: the caller's `out` (type and length already checked) or a new JS-owned
// typed array. (A new array filled by set() is about twice as fast as TypedArray.slice in V8.)
template <class T>
val target(std::size_t size, const val& out) {
  return out.isUndefined() ? val::global(kArrayType<T>).new_(size) : out;
}

// Copies values out of the wasm heap into their target.
template <class T>
val copyOut(const T* values, std::size_t size, const val& out = val::undefined()) {
  val result = target<T>(size, out);
  result.call<void>("set", val(emscripten::typed_memory_view(size, values)));
  return result;
}

template <class T>
val copyOut(const std::vector<T>& values) {
  return copyOut(values.data(), values.size());
}

// The rows of a matrix, computed a block of blockRows at a time into a small wasm buffer and
// copied out block by block: the block stays in cache between the write and the copy, so the
// result goes to main memory once (into the JS array) instead of three times.
// write(buffer, firstRow, rows) fills rows x cols.
template <class T, class Write>
val produceRows(std::size_t rows, std::size_t cols, std::size_t blockRows, const val& out,
                Write write) {
  val result = target<T>(rows * cols, out);
  const std::size_t block = std::min(rows, blockRows);
  std::unique_ptr<T[]> buffer(new T[block * cols]);
  for (std::size_t first = 0; first < rows; first += block) {
    const std::size_t count = std::min(block, rows - first);
    write(buffer.get(), first, count);
    result.call<void>("set", val(emscripten::typed_memory_view(count * cols, buffer.get())),
                      double(first * cols));
  }
  return result;
}

// Runs write(buffer) on an uninitialized buffer of `size` values (write sets all of them: no
// zero-fill pass over up to 128 MiB), then copies it out.
template <class T, class Write>
val produce(std::size_t size, const val& out, Write write) {
  std::unique_ptr<T[]> buffer(new T[size]);
  write(buffer.get());
  return copyOut(buffer.get(), size, out);
}

// The problem with options.out, if any: its length must be the result's.
posenc::Problem outProblem(const val& out, double size, const char* shape) {
  if (out.isUndefined() || out["length"].as<double>() == size) return {};
  return std::string("out.length must equal ") + shape + " = " + posenc::formatNumber(size) +
         ", got " + posenc::formatNumber(out["length"].as<double>());
}

std::size_t count(double value) { return static_cast<std::size_t>(value); }

bool float64(const Options& options) { return options.dtype == DType::float64; }

posenc::Scheme schemeOf(const Options& options) {
  return {options.base,       options.spacing,   options.layout, options.order,
          options.angleScale, options.amplitude, options.odd};
}

Result frequencies(double dModel, const Options& options) {
  const posenc::Scheme scheme = schemeOf(options);
  return checked(posenc::frequenciesArgs(dModel, scheme), [&] {
    return copyOut(posenc::frequencies(count(dModel), scheme));
  });
}

Result periods(double dModel, const Options& options) {
  const posenc::Scheme scheme = schemeOf(options);
  return checked(posenc::frequenciesArgs(dModel, scheme), [&] {
    return copyOut(posenc::periods(count(dModel), scheme));
  });
}

Result encoding(double length, double dModel, const Options& options) {
  const posenc::Scheme scheme = schemeOf(options);
  const double start = options.start;
  const val& out = options.out;
  posenc::Problem problem = posenc::encodingArgs(length, dModel, scheme, start);
  if (!problem) problem = outProblem(out, length * dModel, "length × dModel");
  return checked(problem, [&] {
    const std::size_t n = count(length), d = count(dModel);
    auto write = [&](auto* values, std::size_t first, std::size_t rows) {
      posenc::encodingInto(values, rows, d, scheme, start + double(first));
    };
    // Blocks of kEncodingBlock rows start where the recurrence re-seeds anyway.
    const std::size_t block = posenc::kEncodingBlock;
    return float64(options) ? produceRows<double>(n, d, block, out, write)
                            : produceRows<float>(n, d, block, out, write);
  });
}

// Row r is PE(positions[r]): exact sin/cos per value (arbitrary positions have no recurrence).
Result encodingAt(const val& positions, double dModel, const Options& options) {
  const posenc::Scheme scheme = schemeOf(options);
  const val& out = options.out;
  const double rows = positions["length"].as<double>();
  posenc::Problem problem = posenc::encodingAtArgs(rows, dModel, scheme);
  if (!problem) problem = outProblem(out, rows * dModel, "positions.length × dModel");
  std::vector<double> at;
  if (!problem) {
    at = emscripten::convertJSArrayToNumberVector<double>(positions);
    problem = posenc::checkPositions(at.data(), at.size(), scheme);
  }
  return checked(problem, [&] {
    const std::size_t d = count(dModel);
    auto write = [&](auto* values, std::size_t first, std::size_t rows) {
      posenc::encodingAtInto(values, at.data() + first, rows, d, scheme);
    };
    const std::size_t block = posenc::kEncodingBlock;
    return float64(options) ? produceRows<double>(at.size(), d, block, out, write)
                            : produceRows<float>(at.size(), d, block, out, write);
  });
}

Result encode(double pos, double dModel, const Options& options) {
  const posenc::Scheme scheme = schemeOf(options);
  return checked(posenc::encodeArgs(pos, dModel, scheme), [&] {
    return copyOut(posenc::encode(pos, count(dModel), scheme));
  });
}

Result rotation(double k, double dModel, const Options& options) {
  const posenc::Scheme scheme = schemeOf(options);
  return checked(posenc::rotationArgs(k, dModel, scheme), [&] {
    return copyOut(posenc::rotation(k, count(dModel), scheme));
  });
}

Result shift(const val& vector, double k, const Options& options) {
  const posenc::Scheme scheme = schemeOf(options);
  return checked(posenc::shiftArgs(vector["length"].as<double>(), k, scheme), [&] {
    const auto v = emscripten::convertJSArrayToNumberVector<double>(vector);
    return copyOut(posenc::shift(v, k, scheme));
  });
}

Result dotKernel(double maxOffset, double dModel, const Options& options) {
  const posenc::Scheme scheme = schemeOf(options);
  return checked(posenc::dotKernelArgs(maxOffset, dModel, scheme, options.start), [&] {
    return copyOut(posenc::dotKernel(count(maxOffset), count(dModel), scheme, count(options.start)));
  });
}

// For method 'direct', the matrix. For 'toeplitz', only its kernel row D(0 .. length-1): the JS
// wrapper fills the length x length result from it (the one place a Toeplitz matrix is filled,
// see dot.hpp) straight into the JS-owned array, so the matrix is written once instead of built
// in the wasm heap and copied out.
Result dotMatrix(double length, double dModel, const Options& options) {
  const posenc::Scheme scheme = schemeOf(options);
  const bool direct = options.method == Method::direct;
  const val& out = options.out;
  posenc::Problem problem = posenc::dotMatrixArgs(length, dModel, scheme, direct);
  if (!problem) problem = outProblem(out, length * length, "length × length");
  return checked(problem, [&] {
    const std::size_t n = count(length), d = count(dModel);
    if (!direct) return copyOut(posenc::dotKernel(n == 0 ? 0 : n - 1, d, scheme));
    auto write = [&](auto* values) { posenc::dotMatrixInto(values, n, d, scheme); };
    return float64(options) ? produce<double>(n * n, out, write) : produce<float>(n * n, out, write);
  });
}

template <class T>
val addToAs(const val& data, std::size_t rows, std::size_t cols, const posenc::Scheme& scheme,
            double start, double scale) {
  std::vector<T> values = emscripten::convertJSArrayToNumberVector<T>(data);
  posenc::addTo(values.data(), rows, cols, scheme, start, scale);
  return copyOut(values);
}

Result addTo(const val& data, double rows, double cols, const Options& options) {
  const posenc::Scheme scheme = schemeOf(options);
  const double start = options.start, scale = options.scale;
  posenc::Problem problem = posenc::addToArgs(rows, cols, scheme, start, scale);
  const double length = data["length"].as<double>();
  if (!problem && length != rows * cols)
    problem = "matrix.data.length must equal matrix.rows × matrix.cols = " +
              posenc::formatNumber(rows * cols) + ", got " + posenc::formatNumber(length);
  return checked(problem, [&] {
    const std::size_t n = count(rows), d = count(cols);
    return data.instanceof(val::global("Float32Array"))
               ? addToAs<float>(data, n, d, scheme, start, scale)
               : addToAs<double>(data, n, d, scheme, start, scale);
  });
}

std::optional<double> optionalNumber(const val& value) {
  if (value.isUndefined()) return std::nullopt;
  return value.as<double>();
}

posenc::RopeScaling scalingOf(const Scaling& given) {
  posenc::RopeScaling s;
  s.type = given.type;
  s.factor = optionalNumber(given.factor);
  s.originalMaxPositionEmbeddings = optionalNumber(given.originalMaxPositionEmbeddings);
  s.maxPositionEmbeddings = optionalNumber(given.maxPositionEmbeddings);
  s.lowFreqFactor = optionalNumber(given.lowFreqFactor);
  s.highFreqFactor = optionalNumber(given.highFreqFactor);
  s.betaFast = optionalNumber(given.betaFast);
  s.betaSlow = optionalNumber(given.betaSlow);
  s.attentionFactor = optionalNumber(given.attentionFactor);
  s.mscale = optionalNumber(given.mscale);
  s.mscaleAllDim = optionalNumber(given.mscaleAllDim);
  s.truncate = given.truncate;
  if (!given.shortFactor.isUndefined()) s.shortFactor = emscripten::convertJSArrayToNumberVector<double>(given.shortFactor);
  if (!given.longFactor.isUndefined()) s.longFactor = emscripten::convertJSArrayToNumberVector<double>(given.longFactor);
  return s;
}

// data: { frequencies, attentionFactor }; frequencies a Float64Array, or with dtype float32 a
// Float32Array of what transformers' torch code computes in float32.
Result ropeFrequencies(double headDim, const Options& options) {
  const posenc::RopeScaling scaling = scalingOf(options.scaling);
  const std::optional<double> length = optionalNumber(options.length);
  const double base = options.base, rotaryDims = options.rotaryDims;
  auto answer = [](const auto& f) {
    val result = val::object();
    result.set("frequencies", copyOut(f.theta));
    result.set("attentionFactor", f.attentionFactor);
    return result;
  };
  return checked(posenc::ropeFrequenciesArgs(headDim, rotaryDims, base, scaling, length), [&] {
    if (options.dtype == DType::float32)
      return answer(posenc::ropeFrequenciesFloat32(count(headDim), base, scaling, length, count(rotaryDims)));
    return answer(posenc::ropeFrequencies(count(headDim), base, scaling, length, count(rotaryDims)));
  });
}

// Internal (not in the JS API; tests/js/rope-float32.test.js checks it against torch): the pow
// of float32 frequencies, torch.tensor(base, dtype=float32) ** exponents for a Float32Array.
val torchPow(double base, const val& exponents) {
  const std::vector<float> e = emscripten::convertJSArrayToNumberVector<float>(exponents);
  std::vector<float> out(e.size());
  posenc::torch::powScalarBase(static_cast<float>(base), e.data(), out.data(), e.size());
  return copyOut(out);
}

// The matrix's rules the core does not see: data's length, and out's.
posenc::Problem matrixProblem(const val& data, double rows, double cols, const val& out) {
  const double size = data["length"].as<double>();
  if (size != rows * cols)
    return "matrix.data.length must equal matrix.rows × matrix.cols = " + posenc::formatNumber(rows * cols) +
           ", got " + posenc::formatNumber(size);
  return outProblem(out, rows * cols, "matrix.rows × matrix.cols");
}

// A rotation's result: rows x cols of `data` read a block of rows at a time into the result's
// type, turned in place by turn(values, first, count) and copied out. Blocks of kEncodingBlock
// rows start where the float32 recurrence re-seeds (rope.cpp).
template <class Turn>
val turnedRows(const val& data, std::size_t rows, std::size_t cols, const Options& options, Turn turn) {
  auto write = [&](auto* values, std::size_t first, std::size_t count) {
    const double from = double(first * cols), to = double((first + count) * cols);
    val(emscripten::typed_memory_view(count * cols, values)).call<void>("set", data.call<val>("subarray", from, to));
    turn(values, first, count);
  };
  const std::size_t block = posenc::kEncodingBlock;
  return float64(options) ? produceRows<double>(rows, cols, block, options.out, write)
                          : produceRows<float>(rows, cols, block, options.out, write);
}

// data: a typed array of rows x cols values (the JS wrapper turns plain arrays into one).
Result rope(const val& data, double rows, double cols, const Options& options) {
  const posenc::RopeScaling scaling = scalingOf(options.scaling);
  const std::optional<double> length = optionalNumber(options.length);
  const double base = options.base, rotaryDims = options.rotaryDims;
  posenc::RopePositions positions(options.start);
  posenc::Problem problem;
  if (!options.positions.isUndefined()) {
    // The list's length is checked before the list is copied into the wasm heap.
    problem = posenc::checkPositionsLength(options.positions["length"].as<double>(), rows);
    if (!problem)
      positions = posenc::RopePositions(emscripten::convertJSArrayToNumberVector<double>(options.positions));
  }
  if (!problem) problem = posenc::ropeArgs(rows, cols, rotaryDims, base, scaling, length, positions);
  if (!problem) problem = matrixProblem(data, rows, cols, options.out);
  return checked(problem, [&] {
    const std::size_t n = count(rows), d = count(cols);
    const posenc::RopeFrequencies f = posenc::ropeFrequencies(
        d, base, scaling, length ? length : posenc::ropeLength(n, positions), count(rotaryDims));
    return turnedRows(data, n, d, options, [&](auto* values, std::size_t first, std::size_t count) {
      posenc::ropeRows(values, values, count, d, f, options.layout, positions, first);
    });
  });
}

// Rotary embeddings over several axes (rope_axes.hpp). positions: an array of position lists
// (arrays or typed arrays, one per axis); their count and lengths are checked before they are
// copied into the wasm heap: check(lengths) gives the scheme's rule check, make() its rotation
// (made once the rules hold).
template <class Check, class Make>
Result ropeOverAxes(const val& data, double rows, double cols, const val& positions, const Options& options,
                    Check check, Make make) {
  std::vector<double> lengths(positions["length"].as<std::size_t>());
  for (std::size_t k = 0; k < lengths.size(); ++k) lengths[k] = positions[k]["length"].as<double>();
  posenc::Problem problem = check(lengths);
  posenc::AxisPositions at;
  posenc::RopeAxes rotation;
  if (!problem) {
    for (std::size_t k = 0; k < lengths.size(); ++k)
      at.push_back(emscripten::convertJSArrayToNumberVector<double>(positions[k]));
    rotation = make();
    problem = posenc::checkAxisPositions(at, rotation);
  }
  if (!problem) problem = matrixProblem(data, rows, cols, options.out);
  return checked(problem, [&] {
    const std::size_t d = count(cols);
    return turnedRows(data, count(rows), d, options, [&](auto* values, std::size_t first, std::size_t count) {
      posenc::ropeAxesRows(values, values, count, d, at, rotation, first);
    });
  });
}

// Axial RoPE: axes (an array of column counts, one per axis), base and layout from options.
Result ropeAxial(const val& data, double rows, double cols, const val& positions, const val& axes,
                 const Options& options) {
  const std::vector<double> widths = emscripten::convertJSArrayToNumberVector<double>(axes);
  return ropeOverAxes(data, rows, cols, positions, options,
      [&](const std::vector<double>& lengths) { return posenc::ropeAxesArgs(rows, cols, widths, options.base, lengths); },
      [&] { return posenc::axialRope(std::vector<std::size_t>(widths.begin(), widths.end()), options.base, options.layout); });
}

// Multimodal RoPE (Qwen2-VL): the config's base, scaling, rotaryDims and length in options (as
// rope's), section its mrope_section, positions the t, h and w lists.
Result ropeMultimodal(const val& data, double rows, double cols, const val& positions, const val& section,
                      bool interleaved, const Options& options) {
  const posenc::RopeScaling scaling = scalingOf(options.scaling);
  const std::optional<double> length = optionalNumber(options.length);
  const std::vector<double> sections = emscripten::convertJSArrayToNumberVector<double>(section);
  return ropeOverAxes(data, rows, cols, positions, options,
      [&](const std::vector<double>& lengths) {
        return posenc::mropeArgs(rows, cols, options.rotaryDims, options.base, scaling, length, sections, lengths);
      },
      [&] {
        return posenc::mropeRope(count(cols), options.base, scaling, length, count(options.rotaryDims),
                                 std::vector<std::size_t>(sections.begin(), sections.end()), interleaved);
      });
}

Result alibiSlopes(double numHeads, const Options& options) {
  return checked(posenc::alibiSlopesArgs(numHeads, options.maxBias), [&] {
    return copyOut(posenc::alibiSlopes(count(numHeads), options.maxBias));
  });
}

// Rows h·length + i, one per head and query position.
Result alibiBias(double length, double numHeads, const Options& options) {
  return checked(posenc::alibiBiasArgs(length, numHeads, options.maxBias), [&] {
    const std::size_t n = count(length), heads = count(numHeads);
    return produce<double>(heads * n * n, val::undefined(), [&](double* values) {
      posenc::alibiBiasInto(values, n, heads, options.maxBias, options.causal);
    });
  });
}

// { kernel, distance } of a table of position vectors (toeplitz.hpp).
Result nearestToeplitz(const val& data, double rows, double cols) {
  const std::vector<double> values = data["length"].as<double>() <= double(posenc::kMaxElements)
                                         ? emscripten::convertJSArrayToNumberVector<double>(data)
                                         : std::vector<double>();
  const double length = data["length"].as<double>();
  const posenc::Problem problem = length > double(posenc::kMaxElements)
                                      ? "matrix.data.length must be at most " + std::to_string(posenc::kMaxElements) +
                                            " values (the size cap), got " + posenc::formatNumber(length)
                                      : posenc::nearestToeplitzArgs(rows, cols, values.data(), values.size());
  return checked(problem, [&] {
    const posenc::ToeplitzFit fit = posenc::nearestToeplitz(values.data(), values.size(), count(rows), count(cols));
    val result = val::object();
    result.set("kernel", copyOut(fit.kernel));
    result.set("distance", fit.distance);
    return result;
  });
}

// One bucket per relative position (key − query), an Int32Array.
Result relativePositionBuckets(const val& relative, const Options& options) {
  const double size = relative["length"].as<double>();
  // The list's length is checked before it is copied into the wasm heap.
  posenc::Problem problem;
  if (size > double(posenc::kMaxElements))
    problem = "relativePositions.length must be at most " + posenc::formatNumber(double(posenc::kMaxElements)) +
              " (the size cap), got " + posenc::formatNumber(size);
  std::vector<double> given;
  if (!problem) {
    given = emscripten::convertJSArrayToNumberVector<double>(relative);
    problem = posenc::relativePositionBucketsArgs(given.data(), given.size(), options.numBuckets,
                                                  options.maxDistance, options.bidirectional);
  }
  return checked(problem, [&] {
    const std::vector<std::int32_t> buckets =
        posenc::relativePositionBuckets(given, options.numBuckets, options.maxDistance, options.bidirectional);
    val result = val::global("Int32Array").new_(buckets.size());
    result.call<void>("set", val(emscripten::typed_memory_view(buckets.size(), buckets.data())));
    return result;
  });
}

// Images and video (grid.hpp). The tables are filled a block of about kGridBlock values at a
// time, by copies of the axis blocks (encoding2d, encoding3d) or one add per cell (dotMatrix2d),
// and copied out while in cache (produceRows).
constexpr std::size_t kGridBlock = std::size_t{1} << 16;

std::size_t gridBlockRows(std::size_t cols) { return std::max<std::size_t>(1, kGridBlock / std::max<std::size_t>(cols, 1)); }

posenc::Grid2d grid2dOf(const Options& options) {
  posenc::Grid2d grid;
  grid.convention = options.gridConvention;
  grid.clsToken = options.clsToken;
  grid.base = options.base;
  grid.baseSize = options.baseSize;
  grid.interpolationScale = options.interpolationScale;
  grid.posEmbedMaxSize = optionalNumber(options.posEmbedMaxSize);
  return grid;
}

// A GridEncoding<T> made by make(T{}), its rows produced into a new array or `out`.
template <class Make>
val gridTable(const Options& options, Make make) {
  auto produce = [&](auto zero) {
    using T = decltype(zero);
    const posenc::GridEncoding<T> table = make(zero);
    return produceRows<T>(table.rows(), table.cols(), gridBlockRows(table.cols()), options.out,
                          [&](T* values, std::size_t first, std::size_t rows) { table.rowsInto(values, first, rows); });
  };
  return float64(options) ? produce(0.0) : produce(0.0f);
}

// Rows (clsToken ? 1 : 0) + height·width, token i·width + j.
Result encoding2d(double height, double width, double dModel, const Options& options) {
  const posenc::Grid2d grid = grid2dOf(options);
  posenc::Problem problem = posenc::encoding2dArgs(height, width, dModel, grid);
  if (!problem)
    problem = grid.clsToken ? outProblem(options.out, (1 + height * width) * dModel, "(1 + height × width) × dModel")
                            : outProblem(options.out, height * width * dModel, "height × width × dModel");
  return checked(problem, [&] {
    return gridTable(options, [&](auto zero) {
      return posenc::GridEncoding<decltype(zero)>(count(height), count(width), count(dModel), grid);
    });
  });
}

// Rows frames·height·width, token (t·height + i)·width + j (frame start + t).
Result encoding3d(double frames, double height, double width, double dModel, const Options& options) {
  posenc::Grid3d grid;
  grid.base = options.base;
  grid.spatialInterpolationScale = options.spatialInterpolationScale;
  grid.temporalInterpolationScale = options.temporalInterpolationScale;
  grid.start = options.start;
  posenc::Problem problem = posenc::encoding3dArgs(frames, height, width, dModel, grid);
  if (!problem) problem = outProblem(options.out, frames * height * width * dModel, "frames × height × width × dModel");
  return checked(problem, [&] {
    return gridTable(options, [&](auto zero) {
      return posenc::GridEncoding<decltype(zero)>(count(frames), count(height), count(width), count(dModel), grid);
    });
  });
}

// The (height·width)² Gram matrix of encoding2d's table, float64. Where the rows are evenly
// spaced (MAE; diffusers with exact quotients) and the blocks are at most an eighth of the
// matrix (height ≥ 16), only { blocks }: each row of the matrix is one run of them, which the
// JS wrapper copies straight into the JS-owned result (grid.hpp, Gram2d::blocksInto; as
// dotMatrix's Toeplitz fill, not written in the wasm heap and copied once more). Otherwise the
// matrix, a block of rows at a time (few rows: the blocks would be as large as the matrix).
Result dotMatrix2d(double height, double width, double dModel, const Options& options) {
  const posenc::Grid2d grid = grid2dOf(options);
  posenc::Problem problem = posenc::dotMatrix2dArgs(height, width, dModel, grid);
  const double cells = height * width;
  if (!problem) problem = outProblem(options.out, cells * cells, "(height × width)²");
  return checked(problem, [&] {
    const posenc::Gram2d gram(count(height), count(width), count(dModel), grid);
    const std::size_t n = gram.size();
    if (gram.rowsEvenlySpaced() && gram.blocksSize() <= n * n / 8) {
      val result = val::object();
      result.set("blocks", produce<double>(gram.blocksSize(), val::undefined(), [&](double* values) { gram.blocksInto(values); }));
      return result;
    }
    return produceRows<double>(n, n, gridBlockRows(n), options.out,
                               [&](double* values, std::size_t first, std::size_t rows) { gram.rowsInto(values, first, rows); });
  });
}

// Bytes malloc holds right now: what a leak would make grow. Under ASan (npm run test:sanitize)
// its allocator replaces malloc's, and mallinfo would not see them.
double allocatedBytes() {
#if POSENC_ASAN
  return double(__sanitizer_get_current_allocated_bytes());
#else
  return double(mallinfo().uordblks);
#endif
}

// The caps, so the JS side states them without repeating the numbers.
struct Limits {
  double maxDModel, maxElements, maxDirectWork;
};

Limits limits() {
  return {double(posenc::kMaxDModel), double(posenc::kMaxElements), posenc::kMaxDirectWork};
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc) {
  emscripten::enum_<posenc::Spacing>("Spacing")
      .value("paper", posenc::Spacing::paper)
      .value("tensor2tensor", posenc::Spacing::tensor2tensor);
  emscripten::enum_<posenc::Layout>("Layout")
      .value("interleaved", posenc::Layout::interleaved)
      .value("concatenated", posenc::Layout::concatenated);
  emscripten::enum_<posenc::Order>("Order")
      .value("sinCos", posenc::Order::sinCos)
      .value("cosSin", posenc::Order::cosSin);
  emscripten::enum_<posenc::OddRule>("OddRule")
      .value("none", posenc::OddRule::none)
      .value("zeroColumn", posenc::OddRule::zeroColumn)
      .value("extraSine", posenc::OddRule::extraSine);
  emscripten::enum_<DType>("DType").value("float32", DType::float32).value("float64", DType::float64);
  emscripten::enum_<Method>("Method").value("toeplitz", Method::toeplitz).value("direct", Method::direct);
  emscripten::enum_<posenc::GridConvention>("GridConvention")
      .value("mae", posenc::GridConvention::mae)
      .value("diffusers", posenc::GridConvention::diffusers);
  emscripten::enum_<posenc::RopeType>("RopeType")
      .value("default", posenc::RopeType::standard)
      .value("linear", posenc::RopeType::linear)
      .value("dynamic", posenc::RopeType::dynamic)
      .value("yarn", posenc::RopeType::yarn)
      .value("llama3", posenc::RopeType::llama3)
      .value("longrope", posenc::RopeType::longrope);
  emscripten::value_object<Scaling>("Scaling")
      .field("type", &Scaling::type)
      .field("factor", &Scaling::factor)
      .field("originalMaxPositionEmbeddings", &Scaling::originalMaxPositionEmbeddings)
      .field("maxPositionEmbeddings", &Scaling::maxPositionEmbeddings)
      .field("lowFreqFactor", &Scaling::lowFreqFactor)
      .field("highFreqFactor", &Scaling::highFreqFactor)
      .field("betaFast", &Scaling::betaFast)
      .field("betaSlow", &Scaling::betaSlow)
      .field("attentionFactor", &Scaling::attentionFactor)
      .field("mscale", &Scaling::mscale)
      .field("mscaleAllDim", &Scaling::mscaleAllDim)
      .field("truncate", &Scaling::truncate)
      .field("shortFactor", &Scaling::shortFactor)
      .field("longFactor", &Scaling::longFactor);
  emscripten::value_object<Options>("Options")
      .field("base", &Options::base)
      .field("spacing", &Options::spacing)
      .field("layout", &Options::layout)
      .field("order", &Options::order)
      .field("angleScale", &Options::angleScale)
      .field("amplitude", &Options::amplitude)
      .field("odd", &Options::odd)
      .field("start", &Options::start)
      .field("scale", &Options::scale)
      .field("dtype", &Options::dtype)
      .field("method", &Options::method)
      .field("out", &Options::out)
      .field("scaling", &Options::scaling)
      .field("rotaryDims", &Options::rotaryDims)
      .field("length", &Options::length)
      .field("positions", &Options::positions)
      .field("maxBias", &Options::maxBias)
      .field("causal", &Options::causal)
      .field("numBuckets", &Options::numBuckets)
      .field("maxDistance", &Options::maxDistance)
      .field("bidirectional", &Options::bidirectional)
      .field("gridConvention", &Options::gridConvention)
      .field("clsToken", &Options::clsToken)
      .field("baseSize", &Options::baseSize)
      .field("interpolationScale", &Options::interpolationScale)
      .field("posEmbedMaxSize", &Options::posEmbedMaxSize)
      .field("spatialInterpolationScale", &Options::spatialInterpolationScale)
      .field("temporalInterpolationScale", &Options::temporalInterpolationScale);
  emscripten::value_object<Result>("Result")
      .field("data", &Result::data)
      .field("error", &Result::error);
  emscripten::value_object<Limits>("Limits")
      .field("maxDModel", &Limits::maxDModel)
      .field("maxElements", &Limits::maxElements)
      .field("maxDirectWork", &Limits::maxDirectWork);
  emscripten::function("frequencies", &frequencies);
  emscripten::function("periods", &periods);
  emscripten::function("encoding", &encoding);
  emscripten::function("encodingAt", &encodingAt);
  emscripten::function("encode", &encode);
  emscripten::function("rotation", &rotation);
  emscripten::function("shift", &shift);
  emscripten::function("dotKernel", &dotKernel);
  emscripten::function("dotMatrix", &dotMatrix);
  emscripten::function("addTo", &addTo);
  emscripten::function("ropeFrequencies", &ropeFrequencies);
  emscripten::function("rope", &rope);
  emscripten::function("ropeAxial", &ropeAxial);
  emscripten::function("ropeMultimodal", &ropeMultimodal);
  emscripten::function("torchPow", &torchPow);  // internal: tests only
  emscripten::function("alibiSlopes", &alibiSlopes);
  emscripten::function("alibiBias", &alibiBias);
  emscripten::function("relativePositionBuckets", &relativePositionBuckets);
  emscripten::function("nearestToeplitz", &nearestToeplitz);
  emscripten::function("encoding2d", &encoding2d);
  emscripten::function("encoding3d", &encoding3d);
  emscripten::function("dotMatrix2d", &dotMatrix2d);
  emscripten::function("allocatedBytes", &allocatedBytes);
  emscripten::function("limits", &limits);
}
