// transformers' inv_freq as its torch code computes it in float32 on the CPU: the expressions
// of src/transformers/modeling_rope_utils.py (the function named at each) replayed one tensor
// operation at a time, each rounded to float32 as ATen rounds it. What each Python expression
// becomes, measured against Debian's torch 1.13 (scripts/golden/rope_float32.py):
//   base ** t          Tensor.__rpow__: torch.tensor(base, dtype=float32) ** t (torch_pow.hpp)
//   s / t, 1.0 / t     Tensor.__rtruediv__: t.reciprocal() * s, two roundings (s to float32)
//   t / s, t * s, t - s, s - t, t > s   s (a Python number) rounded to float32, then one
//                      correctly rounded operation (no multiplication by a reciprocal)
// Python's own arithmetic (math.log, the yarn range, dynamic's base) stays in double.
// Compiled with -ffp-contract=off (CMakeLists.txt): no product is fused into a sum.
#include <algorithm>
#include <cmath>

#include "rope.hpp"
#include "torch_pow.hpp"

namespace posenc {

namespace {

using Floats = std::vector<float>;

// A Python number as a float32 operand of a tensor operation.
float f32(double x) { return static_cast<float>(x); }

// torch.arange(0, dim, 2, dtype=torch.int64).float() / dim
Floats exponents(std::size_t dim) {
  Floats e(dim / 2);
  for (std::size_t i = 0; i < e.size(); ++i) e[i] = float(2 * i) / float(dim);
  return e;
}

// base ** exponents (base a Python float, or a 0-dim float32 tensor: the same kernel)
Floats powers(double base, const Floats& e) {
  Floats out(e.size());
  torch::powScalarBase(f32(base), e.data(), out.data(), e.size());
  return out;
}

// s / t for a Python number s: t.reciprocal() * s
Floats rdiv(double s, const Floats& t) {
  Floats out(t.size());
  for (std::size_t i = 0; i < t.size(); ++i) out[i] = (1.0f / t[i]) * f32(s);
  return out;
}

// 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
Floats standard(std::size_t dim, double base) { return rdiv(1.0, powers(base, exponents(dim))); }

// _compute_dynamic_ntk_parameters' base (in Python):
//   base * ((factor * seq_len / config.max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2))
// At initialisation seq_len is None -> max_position_embeddings, a Python int: all of it in
// double. Past the original length, dynamic_rope_update passes seq_len = torch.max(position_ids)
// + 1, an int64 tensor: then every step is a float32 tensor operation (`factor * seq_len` is
// float32 by type promotion, and stays a 0-dim tensor), the power is pow(Tensor, Scalar) on one
// value, std::pow(float, double) in double, and the base a 0-dim float32 tensor.
double dynamicBaseFloat32(double base, std::size_t dim, const RopeScaling& s, std::optional<double> length) {
  const double original = *s.maxPositionEmbeddings, factor = *s.factor;
  const double exponent = double(dim) / double(dim - 2);
  if (!length || *length <= original)
    return base * std::pow(factor * original / original - (factor - 1), exponent);
  const float seqLen = f32(std::max(*length, original));  // torch.maximum(seq_len, max_position_embeddings)
  const float scaled = f32(factor) * seqLen / f32(original) - f32(factor - 1);
  return f32(base) * float(std::pow(double(scaled), exponent));
}

// _compute_yarn_parameters
Floats yarn(std::size_t dim, double base, const RopeScaling& s) {
  const float factor = f32(*s.factor);
  const Floats posFreqs = powers(base, exponents(dim));
  const Floats extrapolation = rdiv(1.0, posFreqs);  // 1.0 / pos_freqs
  Floats interpolation(posFreqs.size());               // 1.0 / (factor * pos_freqs)
  for (std::size_t i = 0; i < posFreqs.size(); ++i) interpolation[i] = (1.0f / (factor * posFreqs[i])) * 1.0f;
  // find_correction_range (Python floats), then linear_ramp_factor(low, high, dim // 2):
  // (torch.arange(dim, dtype=torch.float32) - min) / (max - min), clamped to [0, 1]
  auto [low, high] = yarnCorrectionRange(dim, base, s);
  if (low == high) high += 0.001;  // "Prevent singularity"
  Floats theta(posFreqs.size());
  for (std::size_t i = 0; i < theta.size(); ++i) {
    const float ramp = std::min(std::max((float(i) - f32(low)) / f32(high - low), 0.0f), 1.0f);
    const float extrapolationFactor = 1.0f - ramp;  // inv_freq_extrapolation_factor
    theta[i] = interpolation[i] * (1.0f - extrapolationFactor) + extrapolation[i] * extrapolationFactor;
  }
  return theta;
}

// _compute_llama3_parameters
Floats llama3(std::size_t dim, double base, const RopeScaling& s) {
  const double original = *s.originalMaxPositionEmbeddings, factor = *s.factor;
  const double low = *s.lowFreqFactor, high = *s.highFreqFactor;
  const double lowFreqWavelen = original / low, highFreqWavelen = original / high;
  const Floats invFreq = standard(dim, base);
  const Floats wavelen = rdiv(2 * 3.14159265358979323846, invFreq);  // 2 * math.pi / inv_freq
  const Floats overOriginal = rdiv(original, wavelen);               // old_context_len / wavelen
  Floats theta(invFreq.size());
  for (std::size_t i = 0; i < theta.size(); ++i) {
    const float w = wavelen[i];
    // torch.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
    const float scaled = w > f32(lowFreqWavelen) ? invFreq[i] / f32(factor) : invFreq[i];
    // (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor): with
    // equal factors a division by zero, selected only for a wavelength on the boundary (NaN,
    // as in transformers).
    const float smooth = (overOriginal[i] - f32(low)) / f32(high - low);
    const float smoothed = (1.0f - smooth) * scaled / f32(factor) + smooth * scaled;
    const bool medium = !(w < f32(highFreqWavelen)) && !(w > f32(lowFreqWavelen));
    theta[i] = medium ? smoothed : scaled;
  }
  return theta;
}

// _compute_longrope_parameters: 1.0 / (ext_factors * base ** inv_freq_shape), the factors a
// float32 tensor (torch.tensor(list, dtype=torch.float32)).
Floats longrope(std::size_t dim, double base, const RopeScaling& s, std::optional<double> length) {
  const std::vector<double>& ext = longropeUsesLong(s, length) ? s.longFactor : s.shortFactor;
  Floats product = powers(base, exponents(dim));
  for (std::size_t i = 0; i < product.size(); ++i) product[i] = f32(ext[i]) * product[i];
  return rdiv(1.0, product);
}

}  // namespace

RopeFrequenciesFloat32 ropeFrequenciesFloat32(std::size_t headDim, double base, const RopeScaling& scaling,
                                              std::optional<double> length, std::size_t rotaryDims) {
  const std::size_t d = rotaryDims == 0 ? headDim : rotaryDims;
  require(ropeFrequenciesArgs(double(headDim), double(d), base, scaling, length));
  const double attention = ropeAttentionFactor(scaling);  // Python arithmetic: in double
  switch (scaling.type) {
    case RopeType::linear: {  // _compute_linear_scaling_rope_parameters: inv_freq /= factor
      Floats theta = standard(d, base);
      for (float& t : theta) t /= f32(*scaling.factor);
      return {theta, attention};
    }
    case RopeType::dynamic: return {standard(d, dynamicBaseFloat32(base, d, scaling, length)), attention};
    case RopeType::yarn: return {yarn(d, base, scaling), attention};
    case RopeType::llama3: return {llama3(d, base, scaling), attention};
    case RopeType::longrope: return {longrope(d, base, scaling, length), attention};
    default: return {standard(d, base), attention};
  }
}

}  // namespace posenc
