#include "grid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "frequencies.hpp"  // productError

namespace posenc {

namespace {

constexpr double kFloatMin = double(std::numeric_limits<float>::min());  // smallest normal float32
constexpr double kFloatMax = double(std::numeric_limits<float>::max());
// The Gram of an unevenly spaced axis holds its sines and cosines a chunk of frequencies at a time,
// at most kChunk frequencies and kChunkValues values (side × 2·chunk), not side × dModel/2: next
// to a side × side table of up to 2^24 values, the wasm heap then needs little more.
constexpr std::size_t kChunk = 256, kChunkValues = std::size_t{1} << 16;

Problem checkSide(double value, const char* name) {
  if (isInteger(value) && value >= 0 && value <= double(kMaxGridSide)) return {};
  return broken(name, "an integer between 0 and " + std::to_string(kMaxGridSide), value);
}

// 2D: each axis takes dModel/2 columns, each a sine and a cosine block: a multiple of 4.
// 3D: time dModel/4 and each spatial axis 3·dModel/8, each in sine-cosine halves: of 16.
Problem checkGridDModel(double dModel, std::size_t multiple) {
  const double m = double(multiple);
  if (isInteger(dModel) && dModel >= m && dModel <= double(kMaxDModel) && std::fmod(dModel, m) == 0) return {};
  return broken("dModel", "a multiple of " + std::to_string(multiple) + " between " + std::to_string(multiple) +
                              " and " + std::to_string(kMaxDModel),
                dModel);
}

// The size cap on rows × dModel values; `shape` names the factors, `shown` their values.
Problem checkValues(double values, const std::string& shape, const std::string& shown) {
  if (values <= double(kMaxElements)) return {};
  return shape + " must be at most " + std::to_string(kMaxElements) + " values (the size cap), got " + shown + " = " +
         formatNumber(values);
}

// numpy 1.24 divides a float32 array by a Python float in float32: the divisor is cast to float32
// (value-based casting) and each quotient rounded to float32. A divisor outside float32's normal
// range would not be: numpy divides in float64 above float32's largest value, and below its
// smallest normal one the cast loses bits or gives 0 (positions inf and NaN). Refused.
Problem checkDivisor(double value, const std::string& name, const std::string& shown) {
  if (value >= kFloatMin && value <= kFloatMax) return {};
  return name + " must be between " + formatNumber(kFloatMin) + " and " + formatNumber(kFloatMax) +
         " (float32's normal range: the float32 positions are divided by it), got " + shown;
}

// index / float32(divisor), rounded to float32 (exact: a float32 quotient computed once).
float divided(float index, double divisor) { return index / static_cast<float>(divisor); }

// diffusers' position of grid index `index` on an axis of `side` indices (the table's side:
// posEmbedMaxSize when cropping): index / (side / baseSize) / interpolationScale in float32.
double diffusersPosition(std::size_t index, std::size_t side, const Grid2d& grid) {
  const float step = divided(static_cast<float>(index), double(side) / grid.baseSize);
  return double(divided(step, grid.interpolationScale));
}

// CogVideoX's: index / scale in float32.
double scaledPosition(std::size_t index, double scale) { return double(divided(static_cast<float>(index), scale)); }

Problem checkLargest(double largest, const std::string& name, const std::string& formula) {
  if (std::isfinite(largest)) return {};
  return name + " must keep the largest " + formula + ", finite in float32, got " + formatNumber(largest);
}

// SD3's crop offset: top = (max − height) // 2.
std::size_t cropOffset(std::size_t max, std::size_t side) { return (max - side) / 2; }

// diffusers' float32 rules for the 2D axes (height × width ≥ 1, so both sides ≥ 1).
Problem diffusersArgs(double height, double width, const Grid2d& grid) {
  if (!(std::isfinite(grid.baseSize) && grid.baseSize > 0))
    return broken("baseSize", "a finite number > 0", grid.baseSize);
  if (auto p = checkDivisor(grid.interpolationScale, "interpolationScale", formatNumber(grid.interpolationScale)))
    return p;
  if (const auto& max = grid.posEmbedMaxSize) {
    if (!(isInteger(*max) && *max >= 1 && *max <= double(kMaxGridSide)))
      return broken("posEmbedMaxSize", "an integer between 1 and " + std::to_string(kMaxGridSide), *max);
    const std::string rule = "at most posEmbedMaxSize = " + formatNumber(*max);
    if (height > *max) return broken("height", rule, height);
    if (width > *max) return broken("width", rule, width);
  }
  if (height * width == 0) return {};  // nothing is computed
  struct Axis {
    double side;
    const char *name, *index;
  };
  for (const Axis& axis : {Axis{height, "height", "row"}, Axis{width, "width", "column"}}) {
    const bool crop = grid.posEmbedMaxSize.has_value();
    const double side = crop ? *grid.posEmbedMaxSize : axis.side;
    const std::string sideName = crop ? "posEmbedMaxSize" : axis.name;
    if (auto p = checkDivisor(side / grid.baseSize, sideName + " / baseSize",
                              formatNumber(side) + " / " + formatNumber(grid.baseSize) + " = " +
                                  formatNumber(side / grid.baseSize)))
      return p;
    const std::size_t n = std::size_t(side), last = std::size_t(axis.side) - 1;
    const std::size_t index = crop ? cropOffset(n, std::size_t(axis.side)) + last : last;
    const std::string numerator = crop ? "((posEmbedMaxSize − " + std::string(axis.name) + ") // 2 + " + axis.name + " − 1)"
                                       : "(" + std::string(axis.name) + " − 1)";
    if (auto p = checkLargest(diffusersPosition(index, n, grid), "baseSize / interpolationScale",
                              std::string(axis.index) + " position, " + numerator + " / (" + sideName +
                                  " / baseSize) / interpolationScale"))
      return p;
  }
  return {};
}

// The 3D positions' rules (sides checked): the first frame, and the divisors in float32.
Problem videoArgs(double frames, double height, double width, const Grid3d& grid) {
  if (auto p = checkSide(grid.start, "start")) return p;
  // The last frame's index is a float32 integer too (np.arange(start + frames, float32)).
  if (grid.start + frames > double(kMaxGridSide))
    return "start + frames must be at most " + std::to_string(kMaxGridSide) + ", got " +
           formatNumber(grid.start + frames);
  const double spatial = grid.spatialInterpolationScale, temporal = grid.temporalInterpolationScale;
  if (auto p = first(checkDivisor(spatial, "spatialInterpolationScale", formatNumber(spatial)),
                     checkDivisor(temporal, "temporalInterpolationScale", formatNumber(temporal))))
    return p;
  if (frames * height * width == 0) return {};
  const auto largest = [](double side, double scale) { return scaledPosition(std::size_t(side) - 1, scale); };
  return first(
      checkLargest(largest(height, spatial), "spatialInterpolationScale", "row position, (height − 1) / spatialInterpolationScale"),
      checkLargest(largest(width, spatial), "spatialInterpolationScale", "column position, (width − 1) / spatialInterpolationScale"),
      checkLargest(largest(grid.start + frames, temporal), "temporalInterpolationScale",
                   "frame position, (start + frames − 1) / temporalInterpolationScale"));
}

}  // namespace

// ---- positions and frequencies ----

GridPositions grid2dPositions(std::size_t height, std::size_t width, const Grid2d& grid) {
  const double h = double(height), w = double(width);
  require(first(checkSide(h, "height"), checkSide(w, "width")));
  if (grid.convention == GridConvention::diffusers) require(diffusersArgs(h, w, grid));
  GridPositions at;
  at.rows.resize(height);
  at.cols.resize(width);
  if (grid.convention == GridConvention::mae) {
    // np.arange(side, dtype=float32): the indices themselves.
    for (std::size_t i = 0; i < height; ++i) at.rows[i] = double(i);
    for (std::size_t j = 0; j < width; ++j) at.cols[j] = double(j);
    return at;
  }
  // diffusers: each axis divided by its own side / baseSize (both by posEmbedMaxSize / baseSize
  // for SD3's crop, which starts its window at top, left).
  const std::size_t maxSide = grid.posEmbedMaxSize ? std::size_t(*grid.posEmbedMaxSize) : 0;
  const std::size_t rowSide = maxSide ? maxSide : height, colSide = maxSide ? maxSide : width;
  const std::size_t top = maxSide ? cropOffset(maxSide, height) : 0, left = maxSide ? cropOffset(maxSide, width) : 0;
  for (std::size_t i = 0; i < height; ++i) at.rows[i] = diffusersPosition(top + i, rowSide, grid);
  for (std::size_t j = 0; j < width; ++j) at.cols[j] = diffusersPosition(left + j, colSide, grid);
  return at;
}

GridPositions grid3dPositions(std::size_t frames, std::size_t height, std::size_t width, const Grid3d& grid) {
  require(first(checkSide(double(frames), "frames"), checkSide(double(height), "height"),
                checkSide(double(width), "width")));
  require(videoArgs(double(frames), double(height), double(width), grid));
  GridPositions at;
  at.frames.resize(frames);
  at.rows.resize(height);
  at.cols.resize(width);
  for (std::size_t t = 0; t < frames; ++t) at.frames[t] = scaledPosition(std::size_t(grid.start) + t, grid.temporalInterpolationScale);
  for (std::size_t i = 0; i < height; ++i) at.rows[i] = scaledPosition(i, grid.spatialInterpolationScale);
  for (std::size_t j = 0; j < width; ++j) at.cols[j] = scaledPosition(j, grid.spatialInterpolationScale);
  return at;
}

std::vector<double> gridFrequencies(std::size_t n, double base) {
  // numpy: omega = np.arange(n, dtype=float64); omega /= n; omega = 1. / base**omega
  std::vector<double> omega(n);
  for (std::size_t k = 0; k < n; ++k) omega[k] = 1.0 / std::pow(base, double(k) / double(n));
  return omega;
}

// ---- rules ----

Problem encoding2dArgs(double height, double width, double dModel, const Grid2d& grid) {
  if (auto p = first(checkSide(height, "height"), checkSide(width, "width"), checkGridDModel(dModel, 4))) return p;
  const double cls = grid.clsToken ? 1 : 0, cells = height * width;
  const std::string shape = grid.clsToken ? "height × width × dModel + dModel (the cls row)" : "height × width × dModel";
  const std::string shown = formatNumber(height) + " × " + formatNumber(width) + " × " + formatNumber(dModel) +
                            (grid.clsToken ? " + " + formatNumber(dModel) : "");
  if (auto p = first(checkValues((cls + cells) * dModel, shape, shown), checkBase(grid.base))) return p;
  return grid.convention == GridConvention::diffusers ? diffusersArgs(height, width, grid) : Problem{};
}

Problem encoding3dArgs(double frames, double height, double width, double dModel, const Grid3d& grid) {
  if (auto p = first(checkSide(frames, "frames"), checkSide(height, "height"), checkSide(width, "width"),
                     checkGridDModel(dModel, 16)))
    return p;
  const std::string shown = formatNumber(frames) + " × " + formatNumber(height) + " × " + formatNumber(width) +
                            " × " + formatNumber(dModel);
  if (auto p = first(checkValues(frames * height * width * dModel, "frames × height × width × dModel", shown),
                     checkBase(grid.base)))
    return p;
  return videoArgs(frames, height, width, grid);
}

namespace {

// Exactly evenly spaced: p_a − p_0 = a·(p_1 − p_0) for every a, each side computed without
// rounding (differences of float32 values are exact in double; the product's error is checked).
bool evenlySpaced(const std::vector<double>& p) {
  if (p.size() < 3) return true;
  const double step = p[1] - p[0];
  for (std::size_t a = 2; a < p.size(); ++a) {
    const double offset = double(a) * step;
    if (p[a] - p[0] != offset || productError(double(a), step, offset) != 0) return false;
  }
  return true;
}

}  // namespace

Problem dotMatrix2dArgs(double height, double width, double dModel, const Grid2d& grid) {
  if (auto p = first(checkSide(height, "height"), checkSide(width, "width"), checkGridDModel(dModel, 4))) return p;
  const double cells = height * width;
  if (cells * cells > double(kMaxElements))  // the largest side of a matrix of at most kMaxElements
    return "height × width must be at most " + formatNumber(std::sqrt(double(kMaxElements))) +
           " (the size cap: (height × width)² values), got " + formatNumber(height) + " × " + formatNumber(width) +
           " = " + formatNumber(cells);
  if (auto p = checkBase(grid.base)) return p;
  if (grid.convention == GridConvention::diffusers)
    if (auto p = diffusersArgs(height, width, grid)) return p;
  if (cells == 0 || grid.convention == GridConvention::mae) return {};
  // An unevenly spaced axis's kernel is its side × side table: side² × dModel / 2 multiply-adds.
  const GridPositions at = grid2dPositions(std::size_t(height), std::size_t(width), grid);
  struct Axis {
    const std::vector<double>& positions;
    double side;
    const char *name, *index;
  };
  for (const Axis& axis : {Axis{at.rows, height, "height", "row"}, Axis{at.cols, width, "width", "column"}}) {
    const double work = axis.side * axis.side * dModel;
    if (work <= kMaxDirectWork || evenlySpaced(axis.positions)) continue;
    return std::string(axis.name) + "² × dModel must be at most " + formatNumber(kMaxDirectWork) + " where the " +
           axis.index + " positions are not evenly spaced (their kernel is a " + axis.name + " × " + axis.name +
           " table), got " + formatNumber(axis.side) + "² × " + formatNumber(dModel) + " = " + formatNumber(work);
  }
  return {};
}

// ---- tables ----

namespace {

// The 1D blocks of an axis: row a = [sin(p_a·ω_k) k < n, cos(p_a·ω_k) k < n], each angle the
// double product p_a·ω_k (as numpy's einsum of the float32 position and the float64 ω), its
// sine and cosine rounded once to T.
template <class T>
std::vector<T> sinCosBlocks(const std::vector<double>& positions, const std::vector<double>& omega) {
  const std::size_t n = omega.size();
  std::vector<T> block(positions.size() * 2 * n);
  for (std::size_t a = 0; a < positions.size(); ++a) {
    T* row = block.data() + a * 2 * n;
    for (std::size_t k = 0; k < n; ++k) {
      const double angle = positions[a] * omega[k];
      row[k] = T(std::sin(angle));
      row[n + k] = T(std::cos(angle));
    }
  }
  return block;
}

}  // namespace

template <class T>
GridEncoding<T>::GridEncoding(std::size_t height, std::size_t width, std::size_t dModel, const Grid2d& grid)
    : dModel_(dModel), zeroRows_(grid.clsToken ? 1 : 0) {
  require(encoding2dArgs(double(height), double(width), double(dModel), grid));
  cells_ = height * width;
  if (cells_ == 0) return;  // the cls row at most: no axis is computed (a side may be 2^24)
  const GridPositions at = grid2dPositions(height, width, grid);
  const std::vector<double> omega = gridFrequencies(dModel / 4, grid.base);
  // Token r = i·W + j: the column j = r % W first (MAE's `emb_h`), then the row i = r / W.
  axes_.push_back({width, 1, dModel / 2, sinCosBlocks<T>(at.cols, omega)});
  axes_.push_back({height, width, dModel / 2, sinCosBlocks<T>(at.rows, omega)});
}

template <class T>
GridEncoding<T>::GridEncoding(std::size_t frames, std::size_t height, std::size_t width, std::size_t dModel,
                              const Grid3d& grid)
    : dModel_(dModel) {
  require(encoding3dArgs(double(frames), double(height), double(width), double(dModel), grid));
  cells_ = frames * height * width;
  if (cells_ == 0) return;
  const GridPositions at = grid3dPositions(frames, height, width, grid);
  // diffusers: the temporal 1D embedding of dim dModel/4 (n = dModel/8), then the 2D one of dim
  // 3·dModel/4 (n = 3·dModel/16 per axis), column half first as in 2D.
  const std::vector<double> time = gridFrequencies(dModel / 8, grid.base);
  const std::vector<double> space = gridFrequencies(3 * dModel / 16, grid.base);
  // Token r = (t·H + i)·W + j.
  axes_.push_back({frames, height * width, dModel / 4, sinCosBlocks<T>(at.frames, time)});
  axes_.push_back({width, 1, 3 * dModel / 8, sinCosBlocks<T>(at.cols, space)});
  axes_.push_back({height, width, 3 * dModel / 8, sinCosBlocks<T>(at.rows, space)});
}

template <class T>
void GridEncoding<T>::rowsInto(T* out, std::size_t firstRow, std::size_t count) const {
  for (std::size_t r = firstRow; r < firstRow + count; ++r) {
    T* row = out + (r - firstRow) * dModel_;
    if (r < zeroRows_) {
      std::fill_n(row, dModel_, T(0));
      continue;
    }
    const std::size_t cell = r - zeroRows_;
    for (const Axis& axis : axes_) {
      const std::size_t index = cell / axis.stride % axis.size;
      row = std::copy_n(axis.block.data() + index * axis.width, axis.width, row);
    }
  }
}

Gram2d::Kernel Gram2d::kernelOf(const std::vector<double>& positions, const std::vector<double>& omega) {
  Kernel kernel;
  const std::size_t side = kernel.side = positions.size();
  kernel.even = evenlySpaced(positions);
  if (kernel.even) {
    // D(δ·step) for δ = 0 … side − 1, laid out mirrored: row a starts at side − 1 − a.
    const double step = side > 1 ? positions[1] - positions[0] : 0;
    kernel.values.resize(2 * side - 1);
    for (std::size_t delta = 0; delta < side; ++delta) {
      const double offset = double(delta) * step;
      double sum = 0;
      for (double w : omega) sum += std::cos(offset * w);
      kernel.values[side - 1 - delta] = kernel.values[side - 1 + delta] = sum;
    }
    return kernel;
  }
  // The table Σ_k sin(p_a ω_k) sin(p_b ω_k) + cos(p_a ω_k) cos(p_b ω_k) = Σ_k cos((p_a − p_b) ω_k),
  // a chunk of frequencies at a time; symmetric, so the lower triangle is filled once and mirrored.
  kernel.values.assign(side * side, 0.0);
  const std::size_t step = std::clamp<std::size_t>(kChunkValues / (2 * side), 1, kChunk);
  for (std::size_t k0 = 0; k0 < omega.size(); k0 += step) {
    const std::vector<double> chunk(omega.begin() + std::ptrdiff_t(k0),
                                    omega.begin() + std::ptrdiff_t(std::min(omega.size(), k0 + step)));
    const std::vector<double> block = sinCosBlocks<double>(positions, chunk);
    const std::size_t width = 2 * chunk.size();
    for (std::size_t a = 0; a < side; ++a)
      for (std::size_t b = 0; b <= a; ++b) {
        const double *x = block.data() + a * width, *y = block.data() + b * width;
        double sum = 0;
        for (std::size_t c = 0; c < width; ++c) sum += x[c] * y[c];
        kernel.values[a * side + b] += sum;
      }
  }
  for (std::size_t a = 0; a < side; ++a)
    for (std::size_t b = a + 1; b < side; ++b) kernel.values[a * side + b] = kernel.values[b * side + a];
  return kernel;
}

Gram2d::Gram2d(std::size_t height, std::size_t width, std::size_t dModel, const Grid2d& grid)
    : height_(height), width_(width) {
  require(dotMatrix2dArgs(double(height), double(width), double(dModel), grid));
  if (height * width == 0) return;
  const GridPositions at = grid2dPositions(height, width, grid);
  const std::vector<double> omega = gridFrequencies(dModel / 4, grid.base);
  rows_ = kernelOf(at.rows, omega);
  cols_ = kernelOf(at.cols, omega);
}

void Gram2d::rowsInto(double* out, std::size_t firstRow, std::size_t count) const {
  const std::size_t n = size();
  for (std::size_t r = firstRow; r < firstRow + count; ++r) {
    // Row (i, j): entry (i′, j′) = Dy(i, i′) + Dx(j, j′), one add and one write per cell.
    const double* dy = rows_.row(r / width_);
    const double* dx = cols_.row(r % width_);
    double* row = out + (r - firstRow) * n;
    for (std::size_t i = 0; i < height_; ++i, row += width_) {
      const double y = dy[i];
      for (std::size_t j = 0; j < width_; ++j) row[j] = y + dx[j];
    }
  }
}

void Gram2d::blocksInto(double* out) const {
  require(rowsEvenlySpaced() ? Problem{} : Problem{"blocksInto needs evenly spaced rows"});
  for (std::size_t j = 0; j < width_; ++j) {
    const double* dx = cols_.row(j);
    for (std::size_t s = 0; s < 2 * height_ - 1; ++s, out += width_) {
      const double y = rows_.values[s];  // D(|s − (height − 1)|·step), the kernel laid out mirrored
      for (std::size_t c = 0; c < width_; ++c) out[c] = y + dx[c];
    }
  }
}

template <class T>
std::vector<T> encoding2d(std::size_t height, std::size_t width, std::size_t dModel, const Grid2d& grid) {
  const GridEncoding<T> table(height, width, dModel, grid);
  std::vector<T> out(table.rows() * table.cols());
  table.rowsInto(out.data(), 0, table.rows());
  return out;
}

template <class T>
std::vector<T> encoding3d(std::size_t frames, std::size_t height, std::size_t width, std::size_t dModel,
                          const Grid3d& grid) {
  const GridEncoding<T> table(frames, height, width, dModel, grid);
  std::vector<T> out(table.rows() * table.cols());
  table.rowsInto(out.data(), 0, table.rows());
  return out;
}

std::vector<double> dotMatrix2d(std::size_t height, std::size_t width, std::size_t dModel, const Grid2d& grid) {
  const Gram2d gram(height, width, dModel, grid);
  std::vector<double> out(gram.size() * gram.size());
  gram.rowsInto(out.data(), 0, gram.size());
  return out;
}

template class GridEncoding<float>;
template class GridEncoding<double>;
template std::vector<float> encoding2d<float>(std::size_t, std::size_t, std::size_t, const Grid2d&);
template std::vector<double> encoding2d<double>(std::size_t, std::size_t, std::size_t, const Grid2d&);
template std::vector<float> encoding3d<float>(std::size_t, std::size_t, std::size_t, std::size_t, const Grid3d&);
template std::vector<double> encoding3d<double>(std::size_t, std::size_t, std::size_t, std::size_t, const Grid3d&);

}  // namespace posenc
