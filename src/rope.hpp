// Rotary position embeddings (RoPE: RoFormer, GPT-J, GPT-NeoX, LLaMA): each pair (x1, x2) of a
// query or key at position p turns by p * theta_i, the rotation PE(p) = R(p) PE(0) of the
// sinusoidal encoding applied to the vector itself, so q(m) . k(n) depends on m - n only.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "rope_scaling.hpp"
#include "scheme.hpp"

namespace posenc {

// The columns (x1, x2) of pair i: interleaved (2i, 2i + 1), concatenated (i, i + rotaryDims/2).
struct RopePair {
  std::size_t first, second;
};

inline RopePair ropePair(Layout layout, std::size_t i, std::size_t rotaryDims) {
  if (layout == Layout::interleaved) return {2 * i, 2 * i + 1};
  return {i, i + rotaryDims / 2};
}

struct RopeFrequencies {
  std::vector<double> theta;  // rotaryDims / 2 angular frequencies, radians per position
  double attentionFactor;     // multiplies cos and sin (YaRN's mscale; 1 otherwise)
};

// transformers' ROPE_INIT_FUNCTIONS[rope_type](config, seq_len) for dim = rotaryDims (0: the
// head dimension), computed in double precision (the models round these to float32). `length`
// is the sequence length dynamic scaling sees; unset, the original length (the frequencies at
// initialisation).
RopeFrequencies ropeFrequencies(std::size_t headDim, double base = kDefaultBase,
                                const RopeScaling& scaling = {},
                                std::optional<double> length = std::nullopt,
                                std::size_t rotaryDims = 0);

struct RopeFrequenciesFloat32 {
  std::vector<float> theta;  // rotaryDims / 2 values: transformers' inv_freq, bit for bit
  double attentionFactor;    // a Python float in transformers: ropeFrequencies' own
};

// The same in float32, as transformers' torch code computes inv_freq on the CPU: each tensor
// operation of its ROPE_INIT_FUNCTIONS replayed and rounded to float32 as ATen rounds it, pow
// included (torch_pow.hpp: Debian's torch 1.13 at its AVX2 capability). For dynamic past the
// original length: what dynamic_rope_update computes, whose seq_len is a tensor
// (rope_float32.cpp). Other torch builds may differ in the last bit (docs/rope.md).
RopeFrequenciesFloat32 ropeFrequenciesFloat32(std::size_t headDim, double base = kDefaultBase,
                                              const RopeScaling& scaling = {},
                                              std::optional<double> length = std::nullopt,
                                              std::size_t rotaryDims = 0);

// The attention factor (transformers' attention_scaling) of a scaling: YaRN's and LongRoPE's,
// 1 for the others.
double ropeAttentionFactor(const RopeScaling& scaling);

struct RopeOptions {
  double base = kDefaultBase;
  RopeScaling scaling;
  Layout layout = Layout::interleaved;  // interleaved: pairs (2i, 2i+1); concatenated: (i, i+r/2)
  std::size_t rotaryDims = 0;           // 0: all columns
  std::optional<double> length;         // for dynamic scaling; unset: largest position + 1
};

// Where the rows are: row r at start + r, or at (*list)[r] when there is a list.
struct RopePositions {
  double start = 0;
  std::optional<std::vector<double>> list;

  RopePositions(double first = 0) : start(first) {}  // NOLINT: implicit, `{7}` reads as start 7
  explicit RopePositions(std::vector<double> at) : list(std::move(at)) {}

  double operator[](std::size_t r) const { return list ? (*list)[r] : start + double(r); }
};

// out = rope(in) for a rows x cols row-major matrix (out may be in): the first rotaryDims
// columns turn, the rest are copied; in and out hold T (float or double). Angles are exact
// doubles; float32 at consecutive positions steps them by recurrence and turns the pairs in
// float32 arithmetic (within 2 ulp), everything else is double arithmetic rounded once.
template <class T>
void ropeInto(T* out, const T* in, std::size_t rows, std::size_t cols, const RopeOptions& options,
              const RopePositions& positions = {});

// The rotation with given frequencies, rows r at first + r of `positions` (no argument checks:
// ropeInto checks them; the binding calls this a block of rows at a time).
template <class T>
void ropeRows(T* out, const T* in, std::size_t rows, std::size_t cols, const RopeFrequencies& f,
              Layout layout, const RopePositions& positions, std::size_t first);

// The largest position + 1, at least 0 (0 for no rows): the default `length` of dynamic scaling.
double ropeLength(std::size_t rows, const RopePositions& positions);

// Dynamic NTK's base for a sequence of `length` (transformers' _compute_dynamic_ntk_parameters):
// base * (factor * length / original - (factor - 1))^(d / (d - 2)) when length > original,
// else base. Needs scaling.factor and scaling.maxPositionEmbeddings.
double dynamicBase(double base, std::size_t rotaryDims, const RopeScaling& scaling,
                   std::optional<double> length);

// YaRN's pieces (transformers' _compute_yarn_parameters), for the rules to check their results:
// the attention factor (attention_factor, else get_mscale's 0.1 m ln(factor) + 1 or the ratio
// for mscale / mscale_all_dim), and find_correction_range's [low, high] pair indices.
double yarnAttentionFactor(const RopeScaling& scaling);
struct YarnRange {
  double low, high;
};
YarnRange yarnCorrectionRange(std::size_t rotaryDims, double base, const RopeScaling& scaling);

// LongRoPE's pieces (transformers' _compute_longrope_parameters): whether a sequence of
// `length` takes the long factors (length > original_max_position_embeddings; unset: no), the
// factor (explicit, else max_position_embeddings / original) and the attention factor
// (attention_factor, else sqrt(1 + ln(factor) / ln(original)), 1 for factor <= 1).
bool longropeUsesLong(const RopeScaling& scaling, std::optional<double> length);
double longropeFactor(const RopeScaling& scaling);
double longropeAttentionFactor(const RopeScaling& scaling);

}  // namespace posenc
