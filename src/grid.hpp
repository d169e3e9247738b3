// Sinusoidal encodings of tokens on a grid, as vision and video models compute them: an image's
// height × width patches (MAE, DiT, AudioMAE; diffusers' PixArt/SD3 PatchEmbed) and a video's
// frames × height × width (diffusers' CogVideoX), and the Gram matrix of the 2D table.
//
// Each row concatenates 1D blocks, one per axis: for a position p and n frequencies,
//   block(p) = [sin(p·ω_0) … sin(p·ω_{n−1}), cos(p·ω_0) … cos(p·ω_{n−1})],  ω_k = 1 / base^(k/n)
// with ω_k computed as numpy does (float64 `1. / base**(k/n)`) and the positions exactly as each
// code computes them (numpy float32 grids, see Grid2d). The 2D row of patch (i, j) (row i,
// column j; token r = i·W + j) is [block(p_j) | block(p_i)], n = dModel/4: the COLUMN first —
// the half MAE's code names `emb_h` encodes the column (np.meshgrid(grid_w, grid_h) puts the
// column index in grid[0]). The 3D row of (t, i, j) is [block_t(p_t) | block(p_j) | block(p_i)]
// with n = dModel/8 for time and 3·dModel/16 per spatial axis (CogVideoX: time first).
// Values are computed in double and rounded once to T (float or double).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "arguments.hpp"

namespace posenc {

// Largest grid side: float32 counts every integer up to 2^24, so np.arange(side, float32) is exact.
inline constexpr std::size_t kMaxGridSide = std::size_t{1} << 24;

enum class GridConvention {
  // facebookresearch/mae util/pos_embed.py get_2d_sincos_pos_embed (DiT's copy; AudioMAE's
  // get_2d_sincos_pos_embed_flexible for H ≠ W): position = the index.
  mae,
  // diffusers get_2d_sincos_pos_embed: position = index / (side / baseSize) / interpolationScale,
  // both divisions in float32 (numpy 1.24 casts the Python float divisor to the array's float32).
  diffusers,
};

struct Grid2d {
  GridConvention convention = GridConvention::mae;
  bool clsToken = false;  // one zero row before the grid (MAE's cls_token=True)
  double base = kDefaultBase;
  // diffusers only (ignored by mae):
  double baseSize = 16;
  double interpolationScale = 1;
  // SD3's PatchEmbed: the table of a posEmbedMaxSize² grid (positions divided by
  // posEmbedMaxSize / baseSize), of which the centred height × width window is taken:
  // top = (max − height) // 2, left = (max − width) // 2.
  std::optional<double> posEmbedMaxSize;
};

// diffusers get_3d_sincos_pos_embed, as CogVideoX calls it: time position t / temporal scale,
// spatial positions index / spatial scale, each division in float32.
struct Grid3d {
  double base = kDefaultBase;
  double spatialInterpolationScale = 1;   // CogVideoX passes 1.875
  double temporalInterpolationScale = 1;  // CogVideoX passes 1
  // The first frame's index: frames start … start + frames − 1, so a table over the size cap
  // (CogVideoX's 13 × 30 × 45 × 1920) comes a few frames at a time.
  double start = 0;  // an integer >= 0 (encoding3dArgs)
};

// The positions of each axis (float32 values, as doubles); the sides and options checked (the
// rules of encoding2dArgs / encoding3dArgs but dModel and the size: ArgumentError).
struct GridPositions {
  std::vector<double> frames, rows, cols;  // frames: 3D only
};
GridPositions grid2dPositions(std::size_t height, std::size_t width, const Grid2d& grid = {});
GridPositions grid3dPositions(std::size_t frames, std::size_t height, std::size_t width, const Grid3d& grid = {});

// numpy's ω_k = 1. / base**(k / n) for k < n (float64; libm's pow: numpy with SVML on AVX-512
// may differ in the last bit).
std::vector<double> gridFrequencies(std::size_t n, double base = kDefaultBase);

// The rules: sides integers from 0 to 2^24, dModel a multiple of 4 (2D) or 16 (3D), the result
// within kMaxElements values, base > 1; diffusers' divisors within float32's normal range and
// every position finite in float32 (numpy and torch would give inf or NaN otherwise).
Problem encoding2dArgs(double height, double width, double dModel, const Grid2d& grid);
Problem encoding3dArgs(double frames, double height, double width, double dModel, const Grid3d& grid);
// The (height·width)² Gram matrix within kMaxElements; an axis whose positions are not evenly
// spaced needs side² × dModel ≤ kMaxDirectWork (its kernel is a side × side table).
Problem dotMatrix2dArgs(double height, double width, double dModel, const Grid2d& grid);

// A 2D or 3D table, held as its axis blocks: every row is a copy of one block row per axis, so a
// block of rows costs copies only ((H + W)·dModel/2 sines and cosines for all of a 2D table).
template <class T>
class GridEncoding {
 public:
  GridEncoding(std::size_t height, std::size_t width, std::size_t dModel, const Grid2d& grid = {});
  GridEncoding(std::size_t frames, std::size_t height, std::size_t width, std::size_t dModel, const Grid3d& grid);
  std::size_t rows() const { return zeroRows_ + cells_; }
  std::size_t cols() const { return dModel_; }
  // Rows first … first + count − 1, row-major into out.
  void rowsInto(T* out, std::size_t first, std::size_t count) const;

 private:
  // One axis: its block rows (size × width values); table row r (after the zero rows) uses
  // block row (r / stride) % size.
  struct Axis {
    std::size_t size, stride, width;
    std::vector<T> block;
  };
  std::size_t dModel_, zeroRows_ = 0, cells_ = 0;
  std::vector<Axis> axes_;  // in column order
};

// The Gram matrix G = E·Eᵀ of the 2D table E (no cls row): with E's row [block(x) | block(y)],
//   G[(i, j), (i′, j′)] = Dx(j, j′) + Dy(i, i′),  D(p, p′) = Σ_{k<n} cos((p − p′)·ω_k),
// a block matrix whose blocks are Dx plus a constant: block-Toeplitz with Toeplitz blocks
// where the positions are evenly spaced (MAE). Each axis kernel is one row by offset,
// D(δ·step), when the axis is exactly evenly spaced, else its side × side table
// (block·blockᵀ, summed as table @ table.T sums it). Filling is one add and one write per cell.
class Gram2d {
 public:
  Gram2d(std::size_t height, std::size_t width, std::size_t dModel, const Grid2d& grid = {});
  std::size_t size() const { return height_ * width_; }
  void rowsInto(double* out, std::size_t first, std::size_t count) const;
  // Where the rows are evenly spaced, Dy(i, i′) = Dy(i′ − i) and each row of G is one run of a
  // short table: for column j, the 2·height − 1 segments s (each `width` values)
  //   Dy(|s − (height − 1)|·step) + Dx(j, ·),
  // of which row (i, j) of G is the height·width values from segment height − 1 − i on. These
  // tables (width × (2·height − 1) × width values ≤ size()², written by blocksInto) let a caller
  // fill G with one block copy per row (js/api.js does, straight into the JS-owned result).
  bool rowsEvenlySpaced() const { return size() > 0 && rows_.even; }
  std::size_t blocksSize() const { return width_ * (2 * height_ - 1) * width_; }
  void blocksInto(double* out) const;

 private:
  // An axis kernel: row a of the side × side kernel is `side` values from row(a).
  struct Kernel {
    std::size_t side = 0;
    bool even = false;           // evenly spaced: values = D(|δ|) mirrored, δ = −(side−1) … side−1
    std::vector<double> values;  // else the side × side table
    const double* row(std::size_t a) const {
      return even ? values.data() + (side - 1 - a) : values.data() + a * side;
    }
  };
  static Kernel kernelOf(const std::vector<double>& positions, const std::vector<double>& omega);
  std::size_t height_, width_;
  Kernel rows_, cols_;
};

// Whole tables as new vectors (T is float or double).
template <class T = double>
std::vector<T> encoding2d(std::size_t height, std::size_t width, std::size_t dModel, const Grid2d& grid = {});
template <class T = double>
std::vector<T> encoding3d(std::size_t frames, std::size_t height, std::size_t width, std::size_t dModel,
                          const Grid3d& grid = {});
std::vector<double> dotMatrix2d(std::size_t height, std::size_t width, std::size_t dModel, const Grid2d& grid = {});

}  // namespace posenc
