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

val frequencies(double dModel, double base) {
  return checked(posenc::frequenciesArgs(dModel, base), [&] {
    return copyOut(posenc::frequencies(count(dModel), base));
  });
}

val periods(double dModel, double base) {
  return checked(posenc::frequenciesArgs(dModel, base), [&] {
    return copyOut(posenc::periods(count(dModel), base));
  });
}

val encoding(double length, double dModel, double base, double start, bool float64) {
  return checked(posenc::encodingArgs(length, dModel, base, start), [&] {
    const std::size_t n = count(length), d = count(dModel);
    return float64 ? copyOut(posenc::encoding<double>(n, d, base, start))
                   : copyOut(posenc::encoding<float>(n, d, base, start));
  });
}

val encode(double pos, double dModel, double base) {
  return checked(posenc::encodeArgs(pos, dModel, base), [&] {
    return copyOut(posenc::encode(pos, count(dModel), base));
  });
}

val rotation(double k, double dModel, double base) {
  return checked(posenc::rotationArgs(k, dModel, base), [&] {
    return copyOut(posenc::rotation(k, count(dModel), base));
  });
}

val shift(const val& vector, double k, double base) {
  return checked(posenc::shiftArgs(vector["length"].as<double>(), k, base), [&] {
    return copyOut(posenc::shift(emscripten::convertJSArrayToNumberVector<double>(vector), k, base));
  });
}

val dotKernel(double maxOffset, double dModel, double base) {
  return checked(posenc::dotKernelArgs(maxOffset, dModel, base), [&] {
    return copyOut(posenc::dotKernel(count(maxOffset), count(dModel), base));
  });
}

val dotMatrix(double length, double dModel, double base, bool float64, bool direct) {
  return checked(posenc::dotMatrixArgs(length, dModel, base, direct), [&] {
    const auto method = direct ? posenc::DotMethod::direct : posenc::DotMethod::toeplitz;
    const std::size_t n = count(length), d = count(dModel);
    return float64 ? copyOut(posenc::dotMatrix<double>(n, d, base, method))
                   : copyOut(posenc::dotMatrix<float>(n, d, base, method));
  });
}

template <class T>
val addToAs(const val& data, std::size_t rows, std::size_t cols, double base, double start,
            double scale) {
  std::vector<T> values = emscripten::convertJSArrayToNumberVector<T>(data);
  posenc::addTo(values.data(), rows, cols, base, start, scale);
  return copyOut(values);
}

val addTo(const val& data, double rows, double cols, double base, double start, double scale,
          bool float64) {
  posenc::Problem problem = posenc::addToArgs(rows, cols, base, start, scale);
  const double length = data["length"].as<double>();
  if (!problem && length != rows * cols)
    problem = "matrix.data.length must equal matrix.rows × matrix.cols = " +
              posenc::formatNumber(rows * cols) + ", got " + posenc::formatNumber(length);
  return checked(problem, [&] {
    return float64 ? addToAs<double>(data, count(rows), count(cols), base, start, scale)
                   : addToAs<float>(data, count(rows), count(cols), base, start, scale);
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
