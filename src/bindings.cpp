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

#include "posenc.hpp"

using emscripten::val;

namespace {

// The problem's message, or the result of compute() when there is none.
template <class Compute>
val checked(const posenc::Problem& problem, Compute compute) {
  return problem ? val(*problem) : compute();
}

template <class T>
val copyOut(const std::vector<T>& values) {
  return val(emscripten::typed_memory_view(values.size(), values.data())).call<val>("slice");
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
  return checked(posenc::encodingArgs(length, dModel, scheme.base, start), [&] {
    const std::size_t n = count(length), d = count(dModel);
    return is(options, "dtype", "float64")
               ? copyOut(posenc::encoding<double>(n, d, scheme, start))
               : copyOut(posenc::encoding<float>(n, d, scheme, start));
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

val dotMatrix(double length, double dModel, const val& options) {
  const posenc::Scheme scheme = schemeOf(options, false);
  const bool direct = is(options, "method", "direct");
  return checked(posenc::dotMatrixArgs(length, dModel, scheme.base, direct), [&] {
    const auto method = direct ? posenc::DotMethod::direct : posenc::DotMethod::toeplitz;
    const std::size_t n = count(length), d = count(dModel);
    return is(options, "dtype", "float64")
               ? copyOut(posenc::dotMatrix<double>(n, d, scheme, method))
               : copyOut(posenc::dotMatrix<float>(n, d, scheme, method));
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
  emscripten::function("allocatedBytes", &allocatedBytes);
  emscripten::function("limits", &limits);
}
