// The frequencies of rotary embeddings and how long-context models rescale them. Each formula
// follows transformers' src/transformers/modeling_rope_utils.py (function named at each), in
// double precision where the models use float32.
#include <algorithm>
#include <cmath>

#include "frequencies.hpp"
#include "rope.hpp"

namespace posenc {

namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

// _compute_default_rope_parameters: theta_i = base^(-2i/d), i < d/2 (the sinusoidal encoding's
// omega_i, so frequencies() computes them, within 2 ulp).
std::vector<double> standard(std::size_t d, double base) { return frequencies(d, Scheme{base}); }

// _compute_yarn_parameters' get_mscale: the attention temperature 0.1 m ln(s) + 1 for s > 1.
double mscale(double scale, double m = 1) { return scale <= 1 ? 1.0 : 0.1 * m * std::log(scale) + 1.0; }

}  // namespace

double yarnAttentionFactor(const RopeScaling& s) {
  if (s.attentionFactor) return *s.attentionFactor;
  const double factor = *s.factor;
  // `if mscale and mscale_all_dim`: 0 counts as unset (DeepSeek-V2: equal, so exactly 1).
  if (s.mscale.value_or(0) != 0 && s.mscaleAllDim.value_or(0) != 0)
    return mscale(factor, *s.mscale) / mscale(factor, *s.mscaleAllDim);
  return mscale(factor);
}

YarnRange yarnCorrectionRange(std::size_t d, double base, const RopeScaling& s) {
  const double original = s.originalMaxPositionEmbeddings.value_or(
      s.maxPositionEmbeddings.value_or(0));  // `... or config.max_position_embeddings`
  const double betaFast = s.betaFast.value_or(0) != 0 ? *s.betaFast : 32;
  const double betaSlow = s.betaSlow.value_or(0) != 0 ? *s.betaSlow : 1;
  // find_correction_dim: the dimension whose wavelength fits `rotations` times into original.
  auto correctionDim = [&](double rotations) {
    return double(d) * std::log(original / (rotations * kTwoPi)) / (2 * std::log(base));
  };
  // find_correction_range, floored/ceiled unless truncate is false, clamped to [0, d - 1].
  double low = correctionDim(betaFast), high = correctionDim(betaSlow);
  if (s.truncate) low = std::floor(low), high = std::ceil(high);
  return {std::max(low, 0.0), std::min(high, double(d - 1))};
}

namespace {

// YaRN ("NTK-by-parts"): pairs that turn more than beta_fast times over the original context
// keep their frequency, pairs that turn less than beta_slow times are interpolated (divided by
// factor), and a linear ramp over the pair index blends the two in between.
std::vector<double> yarn(std::size_t d, double base, const RopeScaling& s) {
  auto [low, high] = yarnCorrectionRange(d, base, s);
  if (low == high) high += 0.001;  // linear_ramp_factor: "prevent singularity"
  std::vector<double> theta = standard(d, base);
  for (std::size_t i = 0; i < theta.size(); ++i) {
    const double ramp = std::clamp((double(i) - low) / (high - low), 0.0, 1.0);
    const double extrapolation = 1 - ramp;  // inv_freq_extrapolation_factor
    theta[i] = theta[i] / *s.factor * (1 - extrapolation) + theta[i] * extrapolation;
  }
  return theta;
}

// _compute_llama3_parameters: wavelengths 2 pi / theta below original / high_freq_factor stay,
// those above original / low_freq_factor are divided by factor, the band between (both bounds
// inclusive) blends the two by original / wavelength.
std::vector<double> llama3(std::size_t d, double base, const RopeScaling& s) {
  const double original = *s.originalMaxPositionEmbeddings, factor = *s.factor;
  const double low = *s.lowFreqFactor, high = *s.highFreqFactor;
  std::vector<double> theta = standard(d, base);
  for (double& t : theta) {
    const double wavelength = kTwoPi / t;
    if (wavelength < original / high) continue;
    if (wavelength > original / low) {
      t /= factor;
      continue;
    }
    if (high == low) continue;  // no band between (transformers: a wavelength exactly on it is NaN)
    const double smooth = (original / wavelength - low) / (high - low);
    t = (1 - smooth) * t / factor + smooth * t;
  }
  return theta;
}

// _compute_longrope_parameters: theta_i / ext_i with the long factors when the sequence is
// longer than the original context, else the short ones (at initialisation: the short ones).
std::vector<double> longrope(std::size_t d, double base, const RopeScaling& s, std::optional<double> length) {
  const std::vector<double>& ext = longropeUsesLong(s, length) ? s.longFactor : s.shortFactor;
  std::vector<double> theta = standard(d, base);
  for (std::size_t i = 0; i < theta.size(); ++i) theta[i] /= ext[i];
  return theta;
}

}  // namespace

const char* ropeTypeName(RopeType type) {
  switch (type) {
    case RopeType::linear: return "linear";
    case RopeType::dynamic: return "dynamic";
    case RopeType::yarn: return "yarn";
    case RopeType::llama3: return "llama3";
    case RopeType::longrope: return "longrope";
    default: return "default";
  }
}

bool longropeUsesLong(const RopeScaling& s, std::optional<double> length) {
  return length && *length > *s.originalMaxPositionEmbeddings;
}

double longropeFactor(const RopeScaling& s) {
  // An explicit factor wins, else max_position_embeddings / original (transformers v5).
  return s.factor ? *s.factor : *s.maxPositionEmbeddings / *s.originalMaxPositionEmbeddings;
}

double longropeAttentionFactor(const RopeScaling& s) {
  if (s.attentionFactor) return *s.attentionFactor;
  const double factor = longropeFactor(s);
  if (factor <= 1) return 1.0;
  return std::sqrt(1 + std::log(factor) / std::log(*s.originalMaxPositionEmbeddings));
}

double dynamicBase(double base, std::size_t rotaryDims, const RopeScaling& scaling,
                   std::optional<double> length) {
  const double original = *scaling.maxPositionEmbeddings, factor = *scaling.factor;
  // "seq_len: default to max_position_embeddings"; at or below it the default frequencies
  // (transformers evaluates the formula there, which gives base to within an ulp).
  const double n = length.value_or(original);
  if (n <= original) return base;
  const double d = double(rotaryDims);
  return base * std::pow(factor * n / original - (factor - 1), d / (d - 2));
}

double ropeAttentionFactor(const RopeScaling& scaling) {
  switch (scaling.type) {
    case RopeType::yarn: return yarnAttentionFactor(scaling);
    case RopeType::longrope: return longropeAttentionFactor(scaling);
    default: return 1.0;
  }
}

RopeFrequencies ropeFrequencies(std::size_t headDim, double base, const RopeScaling& scaling,
                                std::optional<double> length, std::size_t rotaryDims) {
  const std::size_t d = rotaryDims == 0 ? headDim : rotaryDims;
  require(ropeFrequenciesArgs(double(headDim), double(d), base, scaling, length));
  switch (scaling.type) {
    case RopeType::linear: {  // _compute_linear_scaling_rope_parameters: positions / factor
      std::vector<double> theta = standard(d, base);
      for (double& t : theta) t /= *scaling.factor;
      return {theta, 1.0};
    }
    case RopeType::dynamic:  // _compute_dynamic_ntk_parameters
      return {standard(d, dynamicBase(base, d, scaling, length)), 1.0};
    case RopeType::yarn: return {yarn(d, base, scaling), ropeAttentionFactor(scaling)};
    case RopeType::llama3: return {llama3(d, base, scaling), 1.0};
    case RopeType::longrope: return {longrope(d, base, scaling, length), ropeAttentionFactor(scaling)};
    default: return {standard(d, base), 1.0};
  }
}

}  // namespace posenc
