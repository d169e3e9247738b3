// Rotary embeddings over several position axes: axial RoPE (FLUX's (t, row, column) ids, EVA-02's
// and Qwen2-VL's vision tower's (row, column)) and multimodal RoPE (Qwen2-VL / Qwen2.5-VL's
// M-RoPE over (t, h, w) ids). Both are one rotation: a row has K positions, one per axis, and its
// pair p turns by positions[axisOf[p]][row] * theta[p]. Each axis on its own is the 1D RoPE of
// rope.hpp, so q(m) . k(n) depends only on the offsets m_k - n_k, axis by axis.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "arguments.hpp"
#include "rope_scaling.hpp"
#include "scheme.hpp"

namespace posenc {

// One list of positions per axis, each with one position per row.
using AxisPositions = std::vector<std::vector<double>>;

// The rotation: R/2 pairs at ropePair(layout, p, R) (rope.hpp), R = 2 * theta.size(); pair p
// turns by positions[axisOf[p]][row] * theta[p], cos and sin times attentionFactor.
struct RopeAxes {
  std::vector<std::size_t> axisOf;  // R/2 axis indices
  std::vector<double> theta;        // R/2 angular frequencies, radians per unit position
  double attentionFactor = 1;       // YaRN's mscale for a scaled M-RoPE config; 1 otherwise
  Layout layout = Layout::interleaved;
};

// Axial RoPE: pairs p = 0 .. R/2 - 1 (R = sum of axes) run over the axes in order, axis k owning
// axes[k] / 2 consecutive pairs; its i-th pair has theta = base^(-2i / axes[k]), computed as
// ropeFrequencies computes base^(-2i/d) (frequencies.hpp, within 2 ulp). FLUX: axes (16, 56, 56),
// interleaved; EVA-02: (D/2, D/2), interleaved; Qwen2-VL's vision tower: (D/2, D/2), concatenated.
RopeAxes axialRope(const std::vector<std::size_t>& axes, double base, Layout layout);

// Qwen2-VL's M-RoPE: the model's frequencies (ropeFrequencies(headDim, base, scaling, length,
// rotaryDims), length unset: the frequencies at initialisation, as Qwen2VLRotaryEmbedding has
// them), concatenated pairs (j, j + R/2), half-pair j turned by the axis
// apply_multimodal_rotary_pos_emb gives it: `mrope_section * 2` splits the R columns of cos and
// sin into chunks, chunk i taking axis i % 3, so j < section[0] is t, the next section[1] h,
// the next section[2] w, and column j + R/2 the same axis.
// Interleaved (Qwen3-VL's apply_interleaved_mrope): half-pair j is h when j % 3 = 1 and
// j < 3·section[1], w when j % 3 = 2 and j < 3·section[2], t otherwise (so every axis turns at
// fast and slow frequencies alike). llama.cpp's IMROPE differs where the rule runs out: a pair
// with j % 3 = k and j ≥ 3·section[k] turns by a fourth position, 0 for text (docs/vision.md).
RopeAxes mropeRope(std::size_t headDim, double base, const RopeScaling& scaling,
                   std::optional<double> length, std::size_t rotaryDims,
                   const std::vector<std::size_t>& section, bool interleaved = false);

// out = the rotation of in, a rows x cols row-major matrix of T (float or double; out may be
// in): the first R columns turn, the rest are copied. Each value is computed in double (the
// angle the exact double product, libm's cos and sin) and rounded to T once, as rope.cpp's
// rotateRow. Throws ArgumentError when the rotation does not fit (ropeAxesShapeArgs).
template <class T>
void ropeAxesInto(T* out, const T* in, std::size_t rows, std::size_t cols,
                  const AxisPositions& positions, const RopeAxes& rotation);

// The same without checks, for rows first .. first + rows - 1 of `positions` (the binding calls
// this a block of rows at a time, after checking).
template <class T>
void ropeAxesRows(T* out, const T* in, std::size_t rows, std::size_t cols,
                  const AxisPositions& positions, const RopeAxes& rotation, std::size_t first);

// The rules, as arguments.cpp writes them: the first broken one's message, naming the argument.
// Axial: matrix.rows an integer >= 0, matrix.cols an even integer up to kMaxDModel, the size cap;
// axes at least one, each an even integer > 0, their sum at most matrix.cols; base finite > 1;
// positions.length = axes.length and each positions[k].length = matrix.rows (lengths given
// before the lists are copied: the binding checks them first).
Problem ropeAxesArgs(double rows, double cols, const std::vector<double>& axes, double base,
                     const std::vector<double>& positionLengths);
// M-RoPE: the matrix as above; headDim = matrix.cols, rotaryDims, base, scaling and length as
// ropeFrequenciesArgs; mrope_section 3 integers > 0 summing to rotaryDims / 2; 3 position lists
// (t, h, w) of matrix.rows positions each.
Problem mropeArgs(double rows, double cols, double rotaryDims, double base, const RopeScaling& scaling,
                  std::optional<double> length, const std::vector<double>& section,
                  const std::vector<double>& positionLengths);
// Every positions[k][r] finite, and times the largest theta finite (the largest angle).
Problem checkAxisPositions(const AxisPositions& positions, const RopeAxes& rotation);
// What ropeAxesInto checks: the lists' count and lengths against the rotation and the matrix,
// the rotation within the columns, and checkAxisPositions.
Problem ropeAxesShapeArgs(std::size_t rows, std::size_t cols, const AxisPositions& positions,
                          const RopeAxes& rotation);

}  // namespace posenc
