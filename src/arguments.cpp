#include "arguments.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <utility>

#include "rope.hpp"

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

Problem nearestToeplitzArgs(double rows, double cols, const double* values, std::size_t size) {
  if (auto p = first(checkCount(rows, "matrix.rows"), checkCount(cols, "matrix.cols"))) return p;
  if (rows < 1) return broken("matrix.rows", "at least 1", rows);
  if (cols < 1) return broken("matrix.cols", "at least 1", cols);
  if (auto p = checkElements(rows, cols, "matrix.rows", "matrix.cols")) return p;
  if (rows * rows * cols / 2 > kMaxDirectWork)
    return "matrix.rows² × matrix.cols / 2 must be at most " + formatNumber(kMaxDirectWork) +
           " multiply-adds (the work cap), got " + formatNumber(rows * rows * cols / 2);
  if (double(size) != rows * cols)
    return "matrix.data.length must equal matrix.rows × matrix.cols = " + formatNumber(rows * cols) +
           ", got " + formatNumber(double(size));
  for (std::size_t i = 0; i < size; ++i)
    if (!std::isfinite(values[i])) return broken("matrix.data[" + std::to_string(i) + "]", "finite", values[i]);
  return {};
}

namespace {

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

Problem dotKernelArgs(double maxOffset, double dModel, const Scheme& scheme, double start) {
  if (auto p = checkCount(maxOffset, "maxOffset")) return p;
  if (maxOffset + 1 > double(kMaxElements))
    return broken("maxOffset", "at most " + std::to_string(kMaxElements - 1) + " (the size cap)",
                  maxOffset);
  if (!(isInteger(start) && start >= 0 && start <= maxOffset))
    return broken("start", "an integer from 0 to maxOffset (" + formatNumber(maxOffset) + ")", start);
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

namespace {

Problem checkPositive(const std::optional<double>& value, const std::string& name) {
  if (!value || (std::isfinite(*value) && *value > 0)) return {};
  return broken(name, "a finite number > 0", *value);
}

// beta_fast, beta_slow, mscale, mscale_all_dim: 0 means unset (Python's `x or default`).
Problem checkNonNegative(const std::optional<double>& value, const std::string& name) {
  if (!value || (std::isfinite(*value) && *value >= 0)) return {};
  return broken(name, "a finite number >= 0", *value);
}

Problem required(const std::optional<double>& value, const char* key, RopeType type,
                 const char* hint = "") {
  if (value) return {};
  return std::string("scaling.") + key + " is required for rope_type '" + ropeTypeName(type) +
         "'" + hint;
}

Problem checkRotaryDims(double rotaryDims, double headDim, const char* headName) {
  const bool ok = isInteger(rotaryDims) && rotaryDims >= 2 && rotaryDims <= headDim &&
                  std::fmod(rotaryDims, 2.0) == 0.0;
  if (ok) return {};
  return broken("rotaryDims",
                "an even integer between 2 and " + std::string(headName) + " = " +
                    formatNumber(headDim),
                rotaryDims);
}

Problem dynamicArgs(const RopeScaling& s, double base, double rotaryDims,
                    std::optional<double> length) {
  const char* hint = " (transformers reads config.max_position_embeddings: add that key)";
  if (auto p = first(required(s.maxPositionEmbeddings, "max_position_embeddings", s.type, hint),
                     checkPositive(s.maxPositionEmbeddings, "scaling.max_position_embeddings")))
    return p;
  // base * (...)^(d / (d - 2)): d = 2 divides by zero.
  if (rotaryDims < 4) return broken("rotaryDims", "at least 4 for rope_type 'dynamic'", rotaryDims);
  const double scaled = dynamicBase(base, std::size_t(rotaryDims), s, length);
  if (std::isfinite(scaled)) return {};
  return "length " + formatNumber(length.value_or(0)) +
         " is too large for rope_type 'dynamic': the scaled base overflows";
}

Problem yarnArgs(const RopeScaling& s, double base, double rotaryDims) {
  const char* hint = " (or scaling.max_position_embeddings, config.max_position_embeddings)";
  if (!s.maxPositionEmbeddings)
    if (auto p = required(s.originalMaxPositionEmbeddings, "original_max_position_embeddings",
                          s.type, hint))
      return p;
  if (auto p = first(
          checkPositive(s.originalMaxPositionEmbeddings, "scaling.original_max_position_embeddings"),
          checkPositive(s.maxPositionEmbeddings, "scaling.max_position_embeddings"),
          checkNonNegative(s.betaFast, "scaling.beta_fast"),
          checkNonNegative(s.betaSlow, "scaling.beta_slow"),
          checkPositive(s.attentionFactor, "scaling.attention_factor"),
          checkNonNegative(s.mscale, "scaling.mscale"),
          checkNonNegative(s.mscaleAllDim, "scaling.mscale_all_dim")))
    return p;
  // Extreme but finite keys can still overflow the formulas (a beta of 1e-320, an mscale of
  // 1e308): refuse them rather than return NaN frequencies.
  const YarnRange range = yarnCorrectionRange(std::size_t(rotaryDims), base, s);
  if (!std::isfinite(range.low) || !std::isfinite(range.high))
    return "scaling.beta_fast, scaling.beta_slow and the original length give no finite correction "
           "range, got [" + formatNumber(range.low) + ", " + formatNumber(range.high) + "]";
  // The attention factor multiplies cos and sin, which the float32 path holds as floats.
  const double attention = yarnAttentionFactor(s), largest = std::numeric_limits<float>::max();
  if (std::isfinite(attention) && attention > 0 && attention <= largest) return {};
  const std::string rule = "at most " + formatNumber(largest) + " (float32's largest)";
  if (s.attentionFactor) return broken("scaling.attention_factor", rule, attention);
  return "scaling.mscale / scaling.mscale_all_dim must give an attention factor > 0 and " + rule +
         ", got " + formatNumber(attention);
}

// short_factor and long_factor: rotaryDims / 2 finite numbers > 0 each (they divide the
// frequencies); a factor, or max_position_embeddings to derive it from.
Problem longropeArgs(const RopeScaling& s, double rotaryDims) {
  if (auto p = first(required(s.originalMaxPositionEmbeddings, "original_max_position_embeddings", s.type),
                     checkPositive(s.originalMaxPositionEmbeddings, "scaling.original_max_position_embeddings"),
                     checkPositive(s.attentionFactor, "scaling.attention_factor")))
    return p;
  if (!s.factor)
    if (auto p = first(required(s.maxPositionEmbeddings, "factor", s.type,
                                " (or config.max_position_embeddings, to divide by scaling.original_max_position_embeddings)"),
                       checkPositive(s.maxPositionEmbeddings, "scaling.max_position_embeddings")))
      return p;
  // The default attention factor divides by ln(original) (transformers: ZeroDivisionError at 1).
  if (!s.attentionFactor && *s.originalMaxPositionEmbeddings <= 1 &&
      (s.factor ? *s.factor : s.maxPositionEmbeddings.value_or(0) / *s.originalMaxPositionEmbeddings) > 1)
    return broken("scaling.original_max_position_embeddings", "a finite number > 1 (the attention factor divides by its logarithm)",
                  *s.originalMaxPositionEmbeddings);
  const double pairs = rotaryDims / 2;
  for (const auto& [list, key] : {std::pair{&s.shortFactor, "short_factor"}, std::pair{&s.longFactor, "long_factor"}}) {
    if (double(list->size()) != pairs)
      return std::string("scaling.") + key + " must have rotaryDims / 2 = " + formatNumber(pairs) +
             " numbers (one per rotary pair), got " + formatNumber(double(list->size()));
    for (std::size_t i = 0; i < list->size(); ++i)
      if (auto p = checkPositive((*list)[i], std::string("scaling.") + key + "[" + std::to_string(i) + "]")) return p;
    // theta_i / ext_i must stay finite (a subnormal factor overflows it).
    for (std::size_t i = 0; i < list->size(); ++i)
      if (!std::isfinite(1 / (*list)[i]))
        return broken(std::string("scaling.") + key + "[" + std::to_string(i) + "]",
                      "at least " + formatNumber(1 / std::numeric_limits<double>::max()) + " (its reciprocal finite)",
                      (*list)[i]);
  }
  return {};
}

Problem llama3Args(const RopeScaling& s) {
  if (auto p = first(required(s.originalMaxPositionEmbeddings, "original_max_position_embeddings", s.type),
                     required(s.lowFreqFactor, "low_freq_factor", s.type),
                     required(s.highFreqFactor, "high_freq_factor", s.type)))
    return p;
  if (auto p = first(checkPositive(s.originalMaxPositionEmbeddings, "scaling.original_max_position_embeddings"),
                     checkPositive(s.lowFreqFactor, "scaling.low_freq_factor")))
    return p;
  // The smoothing band runs from low_freq_factor to high_freq_factor (equal: no band, as Llama 4's
  // configs have it; transformers warns).
  const double low = *s.lowFreqFactor, high = *s.highFreqFactor;
  if (std::isfinite(high) && high >= low) return {};
  return broken("scaling.high_freq_factor",
                "a finite number >= scaling.low_freq_factor = " + formatNumber(low), high);
}

Problem scalingArgs(const RopeScaling& s, double base, double rotaryDims,
                    std::optional<double> length) {
  if (s.type == RopeType::standard) return {};
  if (s.type == RopeType::longrope) {
    if (auto p = first(checkPositive(s.factor, "scaling.factor"), longropeArgs(s, rotaryDims))) return p;
    if (std::isfinite(longropeFactor(s))) return {};
    return broken("scaling.max_position_embeddings", "such that it / scaling.original_max_position_embeddings is finite",
                  *s.maxPositionEmbeddings);
  }
  if (auto p = first(required(s.factor, "factor", s.type), checkPositive(s.factor, "scaling.factor")))
    return p;
  // theta / factor <= 1 / factor must stay finite (a subnormal factor overflows it).
  if (!std::isfinite(1 / *s.factor))
    return broken("scaling.factor", "at least " + formatNumber(1 / std::numeric_limits<double>::max()) +
                                        " (its reciprocal finite)", *s.factor);
  switch (s.type) {
    case RopeType::dynamic: return dynamicArgs(s, base, rotaryDims, length);
    case RopeType::yarn: return yarnArgs(s, base, rotaryDims);
    case RopeType::llama3: return llama3Args(s);
    default: return {};
  }
}

// Every angle position * theta_i finite: theta_i <= 1 / factor for linear, yarn and llama3 (at
// most 1 otherwise), which a small factor makes large (fuzzer finding: cos(-Infinity) = NaN).
// The same rule and message as checkAngle's, with the largest frequency for angleScale.
Problem checkAngles(const RopePositions& positions, std::size_t rows, const RopeScaling& s) {
  const bool divided = s.type != RopeType::standard && s.type != RopeType::dynamic && s.type != RopeType::longrope;
  double fastest = divided ? std::max(1.0, 1 / *s.factor) : 1.0;
  if (s.type == RopeType::longrope)
    for (const auto* list : {&s.shortFactor, &s.longFactor})
      for (double ext : *list) fastest = std::max(fastest, 1 / ext);
  auto check = [&](double position, const std::string& name) -> Problem {
    const double angle = std::abs(position) * fastest;
    if (std::isfinite(angle)) return {};
    return name + " × the largest frequency must be finite (the largest angle), got " +
           formatNumber(position) + " × " + formatNumber(fastest) + " = " + formatNumber(angle);
  };
  if (!positions.list)
    return first(check(positions.start, "start"),
                 check(positions.start + double(rows), "start + matrix.rows"));
  for (std::size_t r = 0; r < rows; ++r)
    if (auto p = check((*positions.list)[r], "positions[" + std::to_string(r) + "]")) return p;
  return {};
}

Problem checkLength(std::optional<double> length) {
  if (!length || (std::isfinite(*length) && *length >= 0)) return {};
  return broken("length", "a finite number >= 0", *length);
}

}  // namespace

Problem ropeFrequenciesArgs(double headDim, double rotaryDims, double base,
                            const RopeScaling& scaling, std::optional<double> length) {
  if (auto p = first(checkDModel(headDim, Scheme{}, "headDim"), checkRotaryDims(rotaryDims, headDim, "headDim"),
                     checkBase(base), checkLength(length)))
    return p;
  return scalingArgs(scaling, base, rotaryDims, length);
}

Problem checkPositionsLength(double listed, double rows) {
  if (listed == rows) return {};
  return "positions.length must equal matrix.rows = " + formatNumber(rows) + ", got " + formatNumber(listed);
}

Problem ropeArgs(double rows, double cols, double rotaryDims, double base,
                 const RopeScaling& scaling, std::optional<double> length,
                 const RopePositions& positions) {
  if (auto p = first(checkCount(rows, "matrix.rows"), checkDModel(cols, Scheme{}, "matrix.cols"))) return p;
  if (auto p = first(checkElements(rows, cols, "matrix.rows", "matrix.cols"),
                     checkRotaryDims(rotaryDims, cols, "matrix.cols"), checkBase(base),
                     checkFinite(positions.start, "start"), checkLength(length)))
    return p;
  if (const auto& list = positions.list) {
    if (auto p = checkPositionsLength(double(list->size()), rows)) return p;
    for (std::size_t r = 0; r < list->size(); ++r)
      if (auto p = checkFinite((*list)[r], ("positions[" + std::to_string(r) + "]").c_str()))
        return p;
  }
  // Dynamic scaling's default length is the largest position + 1.
  const std::size_t n = static_cast<std::size_t>(rows);
  if (auto p = scalingArgs(scaling, base, rotaryDims, length ? length : ropeLength(n, positions)))
    return p;
  return checkAngles(positions, n, scaling);
}

void require(const Problem& problem) {
  if (problem) throw ArgumentError(*problem);
}

}  // namespace posenc
