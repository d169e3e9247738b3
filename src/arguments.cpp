#include "arguments.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "scheme.hpp"

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

Problem checkDModel(double dModel, const Scheme& scheme, const char* name) {
  const bool oddToo = scheme.odd != OddRule::none;
  const bool ok = isInteger(dModel) && dModel >= 2 && dModel <= double(kMaxDModel) &&
                  (oddToo || std::fmod(dModel, 2.0) == 0.0);
  if (ok) return {};
  const std::string range = "between 2 and " + std::to_string(kMaxDModel);
  return broken(name, oddToo ? "an integer " + range : "an even integer " + range, dModel);
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

Problem checkScheme(const Scheme& scheme) {
  if (auto p = checkBase(scheme.base)) return p;
  if (!(std::isfinite(scheme.angleScale) && scheme.angleScale > 0))
    return broken("angleScale", "a finite number > 0", scheme.angleScale);
  return checkFinite(scheme.amplitude, "amplitude");
}

namespace {

// The largest angle is |position| * angleScale (omega_0 = angleScale): it must stay finite, or
// sin and cos give NaN. (Without angleScale every finite position is fine: omega <= 1.)
Problem checkAngle(double position, const Scheme& scheme, const std::string& name) {
  const double angle = std::abs(position) * scheme.angleScale;
  if (!std::isfinite(position) || std::isfinite(angle)) return {};
  return name + " × angleScale must be finite (the largest angle), got " + formatNumber(position) +
         " × " + formatNumber(scheme.angleScale) + " = " + formatNumber(angle);
}

// Rotation, shift and the dot kernel need every column in a sine-cosine pair.
Problem checkPairs(double dModel, const Scheme& scheme, const char* name = "dModel") {
  if (scheme.odd != OddRule::extraSine || std::fmod(dModel, 2.0) == 0.0) return {};
  return broken(name,
                "even here: an odd dModel's extra sine column has no cosine partner, so "
                "PE(p + k) is no rotation of PE(p) and PE·PEᵀ is not Toeplitz (dotMatrix "
                "method 'direct' computes it)",
                dModel);
}

}  // namespace

Problem checkElements(double rows, double cols, const char* rowsName, const char* colsName) {
  const double values = rows * cols;
  if (values <= double(kMaxElements)) return {};
  return std::string(rowsName) + " × " + colsName + " must be at most " +
         std::to_string(kMaxElements) + " values (the size cap), got " + formatNumber(rows) +
         " × " + formatNumber(cols) + " = " + formatNumber(values);
}

Problem frequenciesArgs(double dModel, const Scheme& scheme) {
  return first(checkDModel(dModel, scheme), checkScheme(scheme));
}

Problem encodingArgs(double length, double dModel, const Scheme& scheme, double start) {
  // The size check only makes sense once both sizes are valid, hence the nesting.
  if (auto p = first(checkCount(length, "length"), checkDModel(dModel, scheme))) return p;
  return first(checkElements(length, dModel, "length", "dModel"), checkScheme(scheme),
               checkFinite(start, "start"), checkAngle(start, scheme, "start"),
               checkAngle(start + length, scheme, "start + length"));
}

Problem encodingAtArgs(double count, double dModel, const Scheme& scheme) {
  if (auto p = checkDModel(dModel, scheme)) return p;
  return first(checkElements(count, dModel, "positions.length", "dModel"), checkScheme(scheme));
}

Problem checkPositions(const double* positions, std::size_t count, const Scheme& scheme) {
  for (std::size_t r = 0; r < count; ++r) {
    const std::string name = "positions[" + std::to_string(r) + "]";
    if (!std::isfinite(positions[r])) return broken(name, "a finite number", positions[r]);
    if (auto p = checkAngle(positions[r], scheme, name)) return p;
  }
  return {};
}

Problem encodeArgs(double pos, double dModel, const Scheme& scheme) {
  return first(checkFinite(pos, "pos"), checkDModel(dModel, scheme), checkScheme(scheme),
               checkAngle(pos, scheme, "pos"));
}

Problem rotationArgs(double k, double dModel, const Scheme& scheme) {
  if (auto p = first(checkFinite(k, "k"), checkDModel(dModel, scheme))) return p;
  return first(checkElements(dModel, dModel, "dModel", "dModel"), checkScheme(scheme),
               checkAngle(k, scheme, "k"), checkPairs(dModel, scheme));
}

Problem shiftArgs(double size, double k, const Scheme& scheme) {
  return first(checkDModel(size, scheme, "vector.length"), checkFinite(k, "k"), checkScheme(scheme),
               checkAngle(k, scheme, "k"), checkPairs(size, scheme, "vector.length"));
}

Problem dotKernelArgs(double maxOffset, double dModel, const Scheme& scheme) {
  if (auto p = checkCount(maxOffset, "maxOffset")) return p;
  if (maxOffset + 1 > double(kMaxElements))
    return broken("maxOffset", "at most " + std::to_string(kMaxElements - 1) + " (the size cap)",
                  maxOffset);
  return first(checkDModel(dModel, scheme), checkScheme(scheme), checkPairs(dModel, scheme));
}

Problem dotMatrixArgs(double length, double dModel, const Scheme& scheme, bool direct) {
  if (auto p = first(checkCount(length, "length"), checkDModel(dModel, scheme))) return p;
  if (auto p = first(checkElements(length, length, "length", "length"), checkScheme(scheme)))
    return p;
  if (!direct) return checkPairs(dModel, scheme);
  if (auto p = checkElements(length, dModel, "length", "dModel")) return p;
  const double work = length * length * dModel;
  if (work <= kMaxDirectWork) return {};
  return "length² × dModel must be at most " + formatNumber(kMaxDirectWork) +
         " for method 'direct' (method 'toeplitz' has no such limit), got " +
         formatNumber(length) + "² × " + formatNumber(dModel) + " = " + formatNumber(work);
}

Problem addToArgs(double rows, double cols, const Scheme& scheme, double start, double scale) {
  if (auto p = first(checkCount(rows, "matrix.rows"), checkDModel(cols, scheme, "matrix.cols")))
    return p;
  return first(checkElements(rows, cols, "matrix.rows", "matrix.cols"), checkScheme(scheme),
               checkFinite(start, "start"), checkFinite(scale, "scale"),
               checkAngle(start, scheme, "start"), checkAngle(start + rows, scheme, "start + matrix.rows"));
}

void require(const Problem& problem) {
  if (problem) throw ArgumentError(*problem);
}

}  // namespace posenc
