// The WebAssembly binding: the only file that sees Emscripten. For each function it checks the
// arguments (JavaScript numbers arrive as doubles), calls the core and copies the result into a
// JS-owned typed array, so nothing in the wasm heap outlives the call and nothing needs .delete().
// A broken rule comes back as its message (a string), which the JS wrapper (js/api.js) throws
// as a RangeError: throwing from here, even a JS error, would skip the destructors of the C++
// frames it leaves and leak (and a C++ exception reaches JS as a bare number).
// Types and option objects are checked by the JS wrapper before this is called.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <algorithm>
#include <memory>
#include <type_traits>

#include "posenc.hpp"
#include "recurrence.hpp"

using emscripten::val;

namespace {

// The problem's message, or the result of compute() when there is none.
template <class Compute>
val checked(const posenc::Problem& problem, Compute compute) {
  return problem ? val(*problem) : compute();
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

// The rows of a matrix, computed a block at a time into a small wasm buffer and copied out
// block by block: the block stays in cache between the write and the copy, so the result goes
// to main memory once (into the JS array) instead of three times. Blocks of kEncodingBlock rows
// start where the recurrence re-seeds anyway. write(buffer, firstRow, rows) fills rows x cols.
template <class T, class Write>
val produceRows(std::size_t rows, std::size_t cols, const val& out, Write write) {
  val result = target<T>(rows * cols, out);
  const std::size_t block = std::min(rows, posenc::kEncodingBlock);
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

// Options arrive as the JS wrapper's merged options object, values already type-checked.
double number(const val& options, const char* name) { return options[name].as<double>(); }

bool is(const val& options, const char* name, const char* value) {
  return options[name].as<std::string>() == value;
}

posenc::Scheme schemeOf(const val& options, bool withLayout = true) {
  posenc::Scheme scheme;
  scheme.base = number(options, "base");
  if (is(options, "spacing", "tensor2tensor")) scheme.spacing = posenc::Spacing::tensor2tensor;
  if (withLayout && is(options, "layout", "concatenated"))
    scheme.layout = posenc::Layout::concatenated;
  return scheme;
}

val frequencies(double dModel, const val& options) {
  const posenc::Scheme scheme = schemeOf(options, false);
  return checked(posenc::frequenciesArgs(dModel, scheme.base), [&] {
    return copyOut(posenc::frequencies(count(dModel), scheme));
  });
}

val periods(double dModel, const val& options) {
  const posenc::Scheme scheme = schemeOf(options, false);
  return checked(posenc::frequenciesArgs(dModel, scheme.base), [&] {
    return copyOut(posenc::periods(count(dModel), scheme));
  });
}

val encoding(double length, double dModel, const val& options) {
  const posenc::Scheme scheme = schemeOf(options);
  const double start = number(options, "start");
  const val out = options["out"];
  posenc::Problem problem = posenc::encodingArgs(length, dModel, scheme.base, start);
  if (!problem) problem = outProblem(out, length * dModel, "length × dModel");
  return checked(problem, [&] {
    const std::size_t n = count(length), d = count(dModel);
    auto write = [&](auto* values, std::size_t first, std::size_t rows) {
      posenc::encodingInto(values, rows, d, scheme, start + double(first));
    };
    return is(options, "dtype", "float64") ? produceRows<double>(n, d, out, write)
                                           : produceRows<float>(n, d, out, write);
  });
}

val encode(double pos, double dModel, const val& options) {
  const posenc::Scheme scheme = schemeOf(options);
  return checked(posenc::encodeArgs(pos, dModel, scheme.base), [&] {
    return copyOut(posenc::encode(pos, count(dModel), scheme));
  });
}

val rotation(double k, double dModel, const val& options) {
  const posenc::Scheme scheme = schemeOf(options);
  return checked(posenc::rotationArgs(k, dModel, scheme.base), [&] {
    return copyOut(posenc::rotation(k, count(dModel), scheme));
  });
}

val shift(const val& vector, double k, const val& options) {
  const posenc::Scheme scheme = schemeOf(options);
  return checked(posenc::shiftArgs(vector["length"].as<double>(), k, scheme.base), [&] {
    const auto v = emscripten::convertJSArrayToNumberVector<double>(vector);
    return copyOut(posenc::shift(v, k, scheme));
  });
}

val dotKernel(double maxOffset, double dModel, const val& options) {
  const posenc::Scheme scheme = schemeOf(options, false);
  return checked(posenc::dotKernelArgs(maxOffset, dModel, scheme.base), [&] {
    return copyOut(posenc::dotKernel(count(maxOffset), count(dModel), scheme));
  });
}

// For method 'direct', the matrix. For 'toeplitz', only its kernel row D(0 .. length-1): the JS
// wrapper fills the length x length result from it with one TypedArray.set per row, straight
// into the JS-owned array, so the matrix is written once instead of built in the wasm heap and
// copied out.
val dotMatrix(double length, double dModel, const val& options) {
  const posenc::Scheme scheme = schemeOf(options, false);
  const bool direct = is(options, "method", "direct");
  const val out = options["out"];
  posenc::Problem problem = posenc::dotMatrixArgs(length, dModel, scheme.base, direct);
  if (!problem) problem = outProblem(out, length * length, "length × length");
  return checked(problem, [&] {
    const std::size_t n = count(length), d = count(dModel);
    if (!direct) return copyOut(posenc::dotKernel(n == 0 ? 0 : n - 1, d, scheme));
    auto write = [&](auto* values) { posenc::dotMatrixInto(values, n, d, scheme, posenc::DotMethod::direct); };
    return is(options, "dtype", "float64") ? produce<double>(n * n, out, write)
                                           : produce<float>(n * n, out, write);
  });
}

template <class T>
val addToAs(const val& data, std::size_t rows, std::size_t cols, const posenc::Scheme& scheme,
            double start, double scale) {
  std::vector<T> values = emscripten::convertJSArrayToNumberVector<T>(data);
  posenc::addTo(values.data(), rows, cols, scheme, start, scale);
  return copyOut(values);
}

val addTo(const val& data, double rows, double cols, const val& options) {
  const posenc::Scheme scheme = schemeOf(options);
  const double start = number(options, "start"), scale = number(options, "scale");
  posenc::Problem problem = posenc::addToArgs(rows, cols, scheme.base, start, scale);
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

std::optional<double> optionalNumber(const val& options, const char* name) {
  if (options[name].isUndefined()) return std::nullopt;
  return number(options, name);
}

// rope_scaling as js/rope-scaling.js normalises it: camelCase keys, undefined when unset.
posenc::RopeScaling scalingOf(const val& scaling) {
  posenc::RopeScaling s;
  if (scaling.isUndefined()) return s;
  const std::string type = scaling["type"].as<std::string>();
  for (auto t : {posenc::RopeType::linear, posenc::RopeType::dynamic, posenc::RopeType::yarn,
                 posenc::RopeType::llama3})
    if (type == posenc::ropeTypeName(t)) s.type = t;
  auto optional = [&](const char* key) { return optionalNumber(scaling, key); };
  s.factor = optional("factor");
  s.originalMaxPositionEmbeddings = optional("originalMaxPositionEmbeddings");
  s.maxPositionEmbeddings = optional("maxPositionEmbeddings");
  s.lowFreqFactor = optional("lowFreqFactor");
  s.highFreqFactor = optional("highFreqFactor");
  s.betaFast = optional("betaFast");
  s.betaSlow = optional("betaSlow");
  s.attentionFactor = optional("attentionFactor");
  s.mscale = optional("mscale");
  s.mscaleAllDim = optional("mscaleAllDim");
  s.truncate = scaling["truncate"].as<bool>();
  return s;
}

val ropeFrequencies(double headDim, const val& options) {
  const posenc::RopeScaling scaling = scalingOf(options["scaling"]);
  const double base = number(options, "base"), rotaryDims = number(options, "rotaryDims");
  const std::optional<double> length = optionalNumber(options, "length");
  return checked(posenc::ropeFrequenciesArgs(headDim, rotaryDims, base, scaling, length), [&] {
    const posenc::RopeFrequencies f =
        posenc::ropeFrequencies(count(headDim), base, scaling, length, count(rotaryDims));
    val result = val::object();
    result.set("frequencies", copyOut(f.theta));
    result.set("attentionFactor", f.attentionFactor);
    return result;
  });
}

// data: a typed array of rows x cols values (the JS wrapper turns plain arrays into one), read
// a block of rows at a time into the result's type, turned in place and copied out.
val rope(const val& data, double rows, double cols, const val& options) {
  const posenc::RopeScaling scaling = scalingOf(options["scaling"]);
  const double base = number(options, "base"), rotaryDims = number(options, "rotaryDims");
  const std::optional<double> length = optionalNumber(options, "length");
  const val out = options["out"];
  posenc::RopePositions positions(number(options, "start"));
  if (!options["positions"].isUndefined())
    positions = posenc::RopePositions(
        emscripten::convertJSArrayToNumberVector<double>(options["positions"]));
  posenc::Problem problem =
      posenc::ropeArgs(rows, cols, rotaryDims, base, scaling, length, positions);
  const double size = data["length"].as<double>();
  if (!problem && size != rows * cols)
    problem = "matrix.data.length must equal matrix.rows × matrix.cols = " +
              posenc::formatNumber(rows * cols) + ", got " + posenc::formatNumber(size);
  if (!problem) problem = outProblem(out, rows * cols, "matrix.rows × matrix.cols");
  return checked(problem, [&] {
    const std::size_t n = count(rows), d = count(cols);
    const posenc::RopeFrequencies f = posenc::ropeFrequencies(
        count(rotaryDims), base, scaling, length ? length : posenc::ropeLength(n, positions));
    const posenc::Layout layout =
        is(options, "layout", "concatenated") ? posenc::Layout::concatenated : posenc::Layout::interleaved;
    auto write = [&](auto* values, std::size_t first, std::size_t count) {
      val(emscripten::typed_memory_view(count * d, values))
          .call<void>("set", data.call<val>("subarray", double(first * d), double((first + count) * d)));
      posenc::ropeRows(values, values, count, d, f, layout, positions, first);
    };
    return is(options, "dtype", "float64") ? produceRows<double>(n, d, out, write)
                                           : produceRows<float>(n, d, out, write);
  });
}

// Bytes malloc holds right now: what a leak would make grow.
double allocatedBytes() { return double(mallinfo().uordblks); }

// The caps, so the JS side states them without repeating the numbers.
val limits() {
  val out = val::object();
  out.set("maxDModel", double(posenc::kMaxDModel));
  out.set("maxElements", double(posenc::kMaxElements));
  out.set("maxDirectWork", posenc::kMaxDirectWork);
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc) {
  emscripten::function("frequencies", &frequencies);
  emscripten::function("periods", &periods);
  emscripten::function("encoding", &encoding);
  emscripten::function("encode", &encode);
  emscripten::function("rotation", &rotation);
  emscripten::function("shift", &shift);
  emscripten::function("dotKernel", &dotKernel);
  emscripten::function("dotMatrix", &dotMatrix);
  emscripten::function("addTo", &addTo);
  emscripten::function("ropeFrequencies", &ropeFrequencies);
  emscripten::function("rope", &rope);
  emscripten::function("allocatedBytes", &allocatedBytes);
  emscripten::function("limits", &limits);
}
