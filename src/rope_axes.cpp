#include "rope_axes.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "rope.hpp"

namespace posenc {

namespace {

std::string indexed(const char* name, std::size_t k) { return std::string(name) + "[" + std::to_string(k) + "]"; }

// The matrix: rows an integer >= 0, cols an even integer up to kMaxDModel, within the size cap.
Problem matrixArgs(double rows, double cols) {
  if (auto p = checkCount(rows, "matrix.rows")) return p;
  if (auto p = checkDModel(cols, Scheme{}, "matrix.cols")) return p;
  return checkElements(rows, cols, "matrix.rows", "matrix.cols");
}

// axes: at least one, each an even integer > 0, summing to at most `widest` (widestName).
Problem axesArgs(const std::vector<double>& axes, double widest, const std::string& widestName) {
  if (axes.empty()) return std::string("axes must list at least one axis (the columns of each), got none");
  for (std::size_t k = 0; k < axes.size(); ++k)
    if (!(isInteger(axes[k]) && axes[k] > 0 && std::fmod(axes[k], 2.0) == 0.0))
      return broken(indexed("axes", k), "an even integer > 0 (the columns of axis " + std::to_string(k) + ", in pairs)", axes[k]);
  double sum = 0;
  std::string terms;
  for (std::size_t k = 0; k < axes.size(); ++k) {
    sum += axes[k];
    if (axes.size() <= 8) terms += (k ? " + " : "") + formatNumber(axes[k]);
  }
  if (sum <= widest) return {};
  return "axes must sum to at most " + widestName + " = " + formatNumber(widest) + " (the rotated columns), got " +
         (axes.size() <= 8 && axes.size() > 1 ? terms + " = " : "") + formatNumber(sum);
}

// `axes` lists (`rule` says why that many), each of matrix.rows positions.
Problem positionLengthsArgs(const std::vector<double>& lengths, std::size_t axes, const std::string& rule, double rows) {
  if (lengths.size() != axes) return "positions.length must " + rule + ", got " + std::to_string(lengths.size());
  for (std::size_t k = 0; k < lengths.size(); ++k)
    if (lengths[k] != rows)
      return indexed("positions", k) + ".length must equal matrix.rows = " + formatNumber(rows) + ", got " + formatNumber(lengths[k]);
  return {};
}

Problem sectionArgs(const std::vector<double>& section, double rotaryDims) {
  if (section.size() != 3)
    return "mrope_section must have 3 entries (the t, h and w pairs), got " + std::to_string(section.size());
  for (std::size_t k = 0; k < section.size(); ++k)
    if (!(isInteger(section[k]) && section[k] > 0)) return broken(indexed("mrope_section", k), "an integer > 0", section[k]);
  const double sum = section[0] + section[1] + section[2];
  if (sum == rotaryDims / 2) return {};
  return "mrope_section must sum to rotaryDims / 2 = " + formatNumber(rotaryDims / 2) +
         " (apply_multimodal_rotary_pos_emb splits the columns of cos and sin by these sizes, twice over), got " + formatNumber(section[0]) +
         " + " + formatNumber(section[1]) + " + " + formatNumber(section[2]) + " = " + formatNumber(sum);
}

std::vector<double> asDoubles(const std::vector<std::size_t>& values) { return {values.begin(), values.end()}; }

// One row: pair p (columns ropePair(layout, p, R)) turned by pos[axisOf[p]] * theta[p] in
// double, rounded to T once; the columns past R copied. As rope.cpp's rotateRow, per pair axis.
template <class T>
void rotateRow(T* y, const T* x, std::size_t cols, const RopeAxes& r, const AxisPositions& positions, std::size_t row) {
  const std::size_t pairs = r.theta.size(), rotary = 2 * pairs;
  for (std::size_t p = 0; p < pairs; ++p) {
    const double angle = positions[r.axisOf[p]][row] * r.theta[p];
    const double c = r.attentionFactor * std::cos(angle), s = r.attentionFactor * std::sin(angle);
    const RopePair at = ropePair(r.layout, p, rotary);
    const double x1 = double(x[at.first]), x2 = double(x[at.second]);
    y[at.first] = T(x1 * c - x2 * s);
    y[at.second] = T(x1 * s + x2 * c);
  }
  if (y != x) std::copy(x + rotary, x + cols, y + rotary);
}

}  // namespace

Problem ropeAxesArgs(double rows, double cols, const std::vector<double>& axes, double base,
                     const std::vector<double>& positionLengths) {
  if (auto p = matrixArgs(rows, cols)) return p;
  if (auto p = axesArgs(axes, cols, "matrix.cols")) return p;
  if (auto p = checkBase(base)) return p;
  return positionLengthsArgs(positionLengths, axes.size(),
                             "equal axes.length = " + std::to_string(axes.size()) + " (one list of positions per axis)", rows);
}

Problem mropeArgs(double rows, double cols, double rotaryDims, double base, const RopeScaling& scaling,
                  std::optional<double> length, const std::vector<double>& section,
                  const std::vector<double>& positionLengths) {
  if (auto p = matrixArgs(rows, cols)) return p;
  if (auto p = ropeFrequenciesArgs(cols, rotaryDims, base, scaling, length)) return p;
  if (auto p = sectionArgs(section, rotaryDims)) return p;
  return positionLengthsArgs(positionLengths, 3, "be 3 for mrope_section (the t, h and w positions of each row)", rows);
}

Problem checkAxisPositions(const AxisPositions& positions, const RopeAxes& rotation) {
  const double fastest = rotation.theta.empty() ? 0 : *std::max_element(rotation.theta.begin(), rotation.theta.end());
  for (std::size_t k = 0; k < positions.size(); ++k)
    for (std::size_t r = 0; r < positions[k].size(); ++r) {
      const double at = positions[k][r];
      const std::string name = indexed("positions", k) + "[" + std::to_string(r) + "]";
      if (!std::isfinite(at)) return broken(name, "a finite number", at);
      // theta <= 1 for axial RoPE; a scaled M-RoPE config (linear by a tiny factor) can exceed it.
      const double angle = std::abs(at) * std::max(1.0, fastest);
      if (!std::isfinite(angle))
        return name + " × the largest frequency must be finite (the largest angle), got " + formatNumber(at) + " × " +
               formatNumber(fastest) + " = " + formatNumber(angle);
    }
  return {};
}

Problem ropeAxesShapeArgs(std::size_t rows, std::size_t cols, const AxisPositions& positions, const RopeAxes& rotation) {
  if (auto p = matrixArgs(double(rows), double(cols))) return p;
  const std::size_t pairs = rotation.theta.size();
  if (rotation.axisOf.size() != pairs)
    return "rotation.axisOf must have one axis per pair (" + std::to_string(pairs) + "), got " +
           std::to_string(rotation.axisOf.size());
  if (2 * pairs > cols)
    return "the rotated columns 2 × " + std::to_string(pairs) + " pairs must be at most matrix.cols = " +
           std::to_string(cols) + ", got " + std::to_string(2 * pairs);
  for (std::size_t p = 0; p < pairs; ++p)
    if (rotation.axisOf[p] >= positions.size())
      return "rotation.axisOf[" + std::to_string(p) + "] must name one of the positions.length = " +
             std::to_string(positions.size()) + " axes, got " + std::to_string(rotation.axisOf[p]);
  std::vector<double> lengths;
  for (const std::vector<double>& list : positions) lengths.push_back(double(list.size()));
  if (auto p = positionLengthsArgs(lengths, lengths.size(), "", double(rows))) return p;
  return checkAxisPositions(positions, rotation);
}

RopeAxes axialRope(const std::vector<std::size_t>& axes, double base, Layout layout) {
  require(axesArgs(asDoubles(axes), double(kMaxDModel), "the largest matrix.cols"));
  require(checkBase(base));
  RopeAxes r;
  r.layout = layout;
  for (std::size_t k = 0; k < axes.size(); ++k) {
    // The same theta_i = base^(-2i / axes[k]) as 1D RoPE of axes[k] columns (ropeFrequencies).
    const std::vector<double> theta = ropeFrequencies(axes[k], base).theta;
    r.theta.insert(r.theta.end(), theta.begin(), theta.end());
    r.axisOf.insert(r.axisOf.end(), theta.size(), k);
  }
  return r;
}

RopeAxes mropeRope(std::size_t headDim, double base, const RopeScaling& scaling, std::optional<double> length,
                   std::size_t rotaryDims, const std::vector<std::size_t>& section, bool interleaved) {
  const std::size_t rotary = rotaryDims == 0 ? headDim : rotaryDims;
  require(ropeFrequenciesArgs(double(headDim), double(rotary), base, scaling, length));
  require(sectionArgs(asDoubles(section), double(rotary)));
  const RopeFrequencies f = ropeFrequencies(headDim, base, scaling, length, rotary);
  RopeAxes r;
  r.theta = f.theta;
  r.attentionFactor = f.attentionFactor;
  r.layout = Layout::concatenated;  // rotate_half: pairs (j, j + R/2)
  // cos.split(mrope_section * 2): chunks [s0, s1, s2] over columns 0 .. R/2 - 1 take axes 0, 1, 2
  // (i % 3 for i = 0, 1, 2), and the same chunks over R/2 .. R - 1 (i = 3, 4, 5) again axes 0, 1, 2:
  // both columns of half-pair j see the same axis.
  if (!interleaved) {
    for (std::size_t k = 0; k < section.size(); ++k) r.axisOf.insert(r.axisOf.end(), section[k], k);
    return r;
  }
  // apply_interleaved_mrope: freqs_t[..., idx] = freqs[dim][..., idx] for idx = offset, offset + 3,
  // … below section[dim] * 3, dim = 1 (offset 1) and 2 (offset 2); the rest keep t.
  for (std::size_t j = 0; j < rotary / 2; ++j)
    r.axisOf.push_back(j % 3 == 1 && j < 3 * section[1] ? 1 : j % 3 == 2 && j < 3 * section[2] ? 2 : 0);
  return r;
}

template <class T>
void ropeAxesRows(T* out, const T* in, std::size_t rows, std::size_t cols, const AxisPositions& positions,
                  const RopeAxes& rotation, std::size_t first) {
  for (std::size_t r = 0; r < rows; ++r)
    rotateRow(out + r * cols, in + r * cols, cols, rotation, positions, first + r);
}

template <class T>
void ropeAxesInto(T* out, const T* in, std::size_t rows, std::size_t cols, const AxisPositions& positions,
                  const RopeAxes& rotation) {
  require(ropeAxesShapeArgs(rows, cols, positions, rotation));
  ropeAxesRows(out, in, rows, cols, positions, rotation, 0);
}

template void ropeAxesRows<float>(float*, const float*, std::size_t, std::size_t, const AxisPositions&,
                                  const RopeAxes&, std::size_t);
template void ropeAxesRows<double>(double*, const double*, std::size_t, std::size_t, const AxisPositions&,
                                   const RopeAxes&, std::size_t);
template void ropeAxesInto<float>(float*, const float*, std::size_t, std::size_t, const AxisPositions&,
                                  const RopeAxes&);
template void ropeAxesInto<double>(double*, const double*, std::size_t, std::size_t, const AxisPositions&,
                                   const RopeAxes&);

}  // namespace posenc
