#include "arguments.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace posenc {

std::string formatNumber(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0) return "0";  // -0 too, as String(-0) in JavaScript
  char text[32];
  // JavaScript prints integers below 1e21 in full, other numbers in their shortest form
  // that reads back to the same double.
  if (std::trunc(value) == value && std::abs(value) < 1e21) {
    std::snprintf(text, sizeof text, "%.0f", value);
    return text;
  }
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    if (std::strtod(text, nullptr) == value) break;
  }
  std::string out = text;
  // C pads the exponent to two digits (1e-07); JavaScript does not (1e-7).
  const auto e = out.find('e');
  if (e != std::string::npos && out[e + 2] == '0') out.erase(e + 2, 1);
  return out;
}

namespace {

bool isInteger(double value) { return std::isfinite(value) && std::trunc(value) == value; }

Problem broken(const std::string& name, const std::string& rule, double got) {
  return name + " must be " + rule + ", got " + formatNumber(got);
}

// The first problem of a list, in order.
template <class... Problems>
Problem first(const Problems&... problems) {
  Problem found;
  ((found = found ? found : problems), ...);
  return found;
}

}  // namespace

Problem checkDModel(double dModel, const char* name) {
  const bool ok = isInteger(dModel) && dModel >= 2 && dModel <= double(kMaxDModel) &&
                  std::fmod(dModel, 2.0) == 0.0;
  if (ok) return {};
  return broken(name, "an even integer between 2 and " + std::to_string(kMaxDModel), dModel);
}

Problem checkCount(double value, const char* name) {
  if (isInteger(value) && value >= 0) return {};
  return broken(name, "an integer >= 0", value);
}

Problem checkFinite(double value, const char* name) {
  if (std::isfinite(value)) return {};
  return broken(name, "a finite number", value);
}

Problem checkBase(double base) {
  if (std::isfinite(base) && base > 1) return {};
  return broken("base", "a finite number > 1", base);
}

Problem checkElements(double rows, double cols, const char* rowsName, const char* colsName) {
  const double values = rows * cols;
  if (values <= double(kMaxElements)) return {};
  return std::string(rowsName) + " × " + colsName + " must be at most " +
         std::to_string(kMaxElements) + " values (the size cap), got " + formatNumber(rows) +
         " × " + formatNumber(cols) + " = " + formatNumber(values);
}

Problem frequenciesArgs(double dModel, double base) {
  return first(checkDModel(dModel), checkBase(base));
}

Problem encodingArgs(double length, double dModel, double base, double start) {
  // The size check only makes sense once both sizes are valid, hence the nesting.
  if (auto p = first(checkCount(length, "length"), checkDModel(dModel))) return p;
  return first(checkElements(length, dModel, "length", "dModel"), checkBase(base),
               checkFinite(start, "start"));
}

Problem encodeArgs(double pos, double dModel, double base) {
  return first(checkFinite(pos, "pos"), checkDModel(dModel), checkBase(base));
}

Problem rotationArgs(double k, double dModel, double base) {
  if (auto p = first(checkFinite(k, "k"), checkDModel(dModel))) return p;
  return first(checkElements(dModel, dModel, "dModel", "dModel"), checkBase(base));
}

Problem shiftArgs(double size, double k, double base) {
  return first(checkDModel(size, "vector.length"), checkFinite(k, "k"), checkBase(base));
}

Problem dotKernelArgs(double maxOffset, double dModel, double base) {
  if (auto p = checkCount(maxOffset, "maxOffset")) return p;
  if (maxOffset + 1 > double(kMaxElements))
    return broken("maxOffset", "at most " + std::to_string(kMaxElements - 1) + " (the size cap)",
                  maxOffset);
  return first(checkDModel(dModel), checkBase(base));
}

Problem dotMatrixArgs(double length, double dModel, double base, bool direct) {
  if (auto p = first(checkCount(length, "length"), checkDModel(dModel))) return p;
  if (auto p = first(checkElements(length, length, "length", "length"), checkBase(base))) return p;
  if (!direct) return {};
  if (auto p = checkElements(length, dModel, "length", "dModel")) return p;
  const double work = length * length * dModel;
  if (work <= kMaxDirectWork) return {};
  return "length² × dModel must be at most " + formatNumber(kMaxDirectWork) +
         " for method 'direct' (method 'toeplitz' has no such limit), got " +
         formatNumber(length) + "² × " + formatNumber(dModel) + " = " + formatNumber(work);
}

Problem addToArgs(double rows, double cols, double base, double start, double scale) {
  if (auto p = first(checkCount(rows, "matrix.rows"), checkDModel(cols, "matrix.cols"))) return p;
  return first(checkElements(rows, cols, "matrix.rows", "matrix.cols"), checkBase(base),
               checkFinite(start, "start"), checkFinite(scale, "scale"));
}

void require(const Problem& problem) {
  if (problem) throw ArgumentError(*problem);
}

}  // namespace posenc
