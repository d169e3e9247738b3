// Grids (images and video): the 2D table's halves (column first, MAE's `emb_h`), the positions
// of each convention (numpy's float32 divisions, SD3's crop, CogVideoX's scales), the 3D layout
// (time first), the Gram matrix against the table times its transpose, and every rule.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

#include "approx.hpp"
#include "posenc.hpp"

using namespace posenc;
using posenc::test::kInf;
using posenc::test::kNaN;
using posenc::test::approx;
using posenc::test::ulps;

namespace {

Grid2d diffusers(double baseSize = 16, double interpolationScale = 1) {
  Grid2d grid;
  grid.convention = GridConvention::diffusers;
  grid.baseSize = baseSize;
  grid.interpolationScale = interpolationScale;
  return grid;
}

// The 1D block of one position with n frequencies ω_k = base^(−k/n), written out independently.
std::vector<double> block(double p, std::size_t n, double base = 10000) {
  std::vector<double> out(2 * n);
  for (std::size_t k = 0; k < n; ++k) {
    const double w = std::pow(base, -double(k) / double(n));
    out[k] = std::sin(p * w);
    out[n + k] = std::cos(p * w);
  }
  return out;
}

// Σ_c a[r·d + c]·a[s·d + c] for every r, s: the Gram matrix the plain way.
std::vector<double> gram(const std::vector<double>& table, std::size_t rows, std::size_t d) {
  std::vector<double> g(rows * rows);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t s = 0; s < rows; ++s) {
      double sum = 0;
      for (std::size_t c = 0; c < d; ++c) sum += table[r * d + c] * table[s * d + c];
      g[r * rows + s] = sum;
    }
  return g;
}

std::string problem(const Problem& p) { return p.value_or("(none)"); }


}  // namespace

TEST_CASE("gridFrequencies: numpy's 1 / base**(k/n)", "[grid]") {
  const auto omega = gridFrequencies(4);
  CHECK(omega[0] == 1);
  for (std::size_t k = 0; k < 4; ++k) CHECK(ulps(omega[k], std::pow(10.0, -double(k))) <= 1);
  const auto wide = gridFrequencies(256, 500);
  for (std::size_t k = 0; k < 256; ++k) CHECK(wide[k] == 1.0 / std::pow(500.0, double(k) / 256));
}

TEST_CASE("encoding2d mae: the first half encodes the column j, the second the row i", "[grid]") {
  const std::size_t H = 3, W = 5, D = 16, n = D / 4;
  const auto pe = encoding2d<double>(H, W, D);
  REQUIRE(pe.size() == H * W * D);
  for (std::size_t i = 0; i < H; ++i)
    for (std::size_t j = 0; j < W; ++j) {
      const double* row = pe.data() + (i * W + j) * D;
      const auto column = block(double(j), n), rowHalf = block(double(i), n);
      for (std::size_t c = 0; c < D / 2; ++c) {
        CHECK(row[c] == approx(column[c], 1e-15));
        CHECK(row[D / 2 + c] == approx(rowHalf[c], 1e-15));
        // Column half: the same for every row i; row half: the same for every column j.
        CHECK(row[c] == pe[j * D + c]);
        CHECK(row[D / 2 + c] == pe[i * W * D + D / 2 + c]);
      }
    }
}

TEST_CASE("encoding2d mae, non-square: AudioMAE's flexible grid is plain raster order", "[grid]") {
  // get_2d_sincos_pos_embed_flexible(8, (2, 3)): reshape([2, 1, H, W]) keeps the meshgrid's
  // (H, W) memory order, so token r = i·3 + j is [block(j), block(i)] (run with numpy 1.24).
  const auto pe = encoding2d<double>(2, 3, 8);
  const double* token4 = pe.data() + 4 * 8;  // i = 1, j = 1
  const double* token2 = pe.data() + 2 * 8;  // i = 0, j = 2
  CHECK(token4[0] == approx(std::sin(1.0), 1e-16));
  CHECK(token4[4] == approx(std::sin(1.0), 1e-16));
  CHECK(token2[0] == approx(std::sin(2.0), 1e-16));
  CHECK(token2[1] == approx(std::sin(0.02), 1e-16));
  CHECK(token2[4] == 0);
  CHECK(token2[6] == 1);
}

TEST_CASE("encoding2d: the cls row is zeros, then the grid", "[grid]") {
  Grid2d cls;
  cls.clsToken = true;
  const auto with = encoding2d<double>(4, 2, 8, cls), without = encoding2d<double>(4, 2, 8);
  REQUIRE(with.size() == without.size() + 8);
  for (std::size_t c = 0; c < 8; ++c) CHECK(with[c] == 0);
  CHECK(std::equal(without.begin(), without.end(), with.begin() + 8));
  CHECK(encoding2d<double>(0, 7, 8, cls) == std::vector<double>(8, 0.0));  // an empty grid: the cls row
  CHECK(encoding2d<float>(0, kMaxGridSide, 65536).empty());  // no axis is computed
}

TEST_CASE("encoding2d: float32 is the float64 table rounded once", "[grid]") {
  for (const Grid2d& grid : {Grid2d{}, diffusers(16, 1.875)}) {
    const auto f64 = encoding2d<double>(7, 9, 64, grid);
    const auto f32 = encoding2d<float>(7, 9, 64, grid);
    for (std::size_t v = 0; v < f64.size(); ++v) REQUIRE(f32[v] == float(f64[v]));
  }
}

TEST_CASE("encoding2d diffusers: positions divided in float32, as numpy 1.24", "[grid]") {
  // np.arange(5, dtype=float32) / (5/4) / 2.0, values as numpy prints them (float32).
  const auto at = grid2dPositions(5, 7, diffusers(4, 2));
  const std::vector<double> rows{0.0, 0.4000000059604645, 0.800000011920929, 1.2000000476837158, 1.600000023841858};
  CHECK(at.rows == rows);
  // np.arange(7, dtype=float32) / (7/16) / 1.875: float32, not the float64 1.219047619047619.
  const auto odd = grid2dPositions(1, 7, diffusers(16, 1.875));
  CHECK(odd.cols[1] == 1.2190476655960083);
  CHECK(odd.cols[6] == 7.314285755157471);
  // The table uses them: column half of token j, row half of token i.
  const auto pe = encoding2d<double>(1, 7, 8, diffusers(16, 1.875));
  CHECK(pe[1 * 8 + 0] == std::sin(1.2190476655960083));
  CHECK(pe[6 * 8 + 2] == std::cos(7.314285755157471));
  // Each axis spans baseSize / interpolationScale: 0, 16/5, …, 12.8 for height 5.
  CHECK(grid2dPositions(5, 1, diffusers()).rows[4] == double(4.0f / 0.3125f));
  // mae: the indices.
  CHECK(grid2dPositions(2, 3).cols == std::vector<double>{0, 1, 2});
}

TEST_CASE("encoding2d diffusers posEmbedMaxSize: SD3's centre crop of the max × max table", "[grid]") {
  const std::size_t M = 12, D = 16;
  Grid2d full = diffusers(8), crop = diffusers(8);
  crop.posEmbedMaxSize = double(M);
  const auto table = encoding2d<double>(M, M, D, full);
  for (const auto& [h, w] : {std::pair{5, 7}, std::pair{12, 3}, std::pair{4, 4}, std::pair{1, 12}}) {
    const auto cropped = encoding2d<double>(std::size_t(h), std::size_t(w), D, crop);
    const std::size_t top = (M - std::size_t(h)) / 2, left = (M - std::size_t(w)) / 2;
    for (std::size_t i = 0; i < std::size_t(h); ++i)
      for (std::size_t j = 0; j < std::size_t(w); ++j)
        for (std::size_t c = 0; c < D; ++c)
          REQUIRE(cropped[(i * std::size_t(w) + j) * D + c] == table[((top + i) * M + left + j) * D + c]);
  }
}

TEST_CASE("GridEncoding: any block of rows equals the whole table's", "[grid]") {
  Grid2d cls;
  cls.clsToken = true;
  const GridEncoding<float> table(6, 5, 12, cls);
  const auto whole = encoding2d<float>(6, 5, 12, cls);
  REQUIRE(table.rows() == 31);
  std::vector<float> part(7 * 12);
  for (std::size_t first = 0; first + 7 <= table.rows(); first += 3) {
    table.rowsInto(part.data(), first, 7);
    REQUIRE(std::equal(part.begin(), part.end(), whole.begin() + std::ptrdiff_t(first * 12)));
  }
}

TEST_CASE("encoding3d: [time D/4 | column 3D/8 | row 3D/8], frame outer; CogVideoX's scales", "[grid]") {
  const std::size_t T = 3, H = 2, W = 4, D = 32;
  Grid3d grid;
  grid.spatialInterpolationScale = 1.875;
  const auto pe = encoding3d<double>(T, H, W, D, grid);
  REQUIRE(pe.size() == T * H * W * D);
  for (std::size_t t = 0; t < T; ++t)
    for (std::size_t i = 0; i < H; ++i)
      for (std::size_t j = 0; j < W; ++j) {
        const double* row = pe.data() + ((t * H + i) * W + j) * D;
        const auto time = block(double(t), D / 8);
        const auto column = block(double(float(j) / 1.875f), 3 * D / 16), rowHalf = block(double(float(i) / 1.875f), 3 * D / 16);
        for (std::size_t c = 0; c < D / 4; ++c) {
          CHECK(row[c] == approx(time[c], 1e-15));
          CHECK(row[c] == pe[t * H * W * D + c]);  // the temporal block depends on the frame only
        }
        for (std::size_t c = 0; c < 3 * D / 8; ++c) {
          CHECK(row[D / 4 + c] == approx(column[c], 1e-15));
          CHECK(row[D / 4 + 3 * D / 8 + c] == approx(rowHalf[c], 1e-15));
        }
      }
  // The temporal scale divides the frame index in float32.
  Grid3d slow;
  slow.temporalInterpolationScale = 1.875;
  CHECK(grid3dPositions(4, 1, 1, slow).frames[1] == 0.5333333611488342);
}

TEST_CASE("encoding3d's spatial part is a square diffusers 2D table with baseSize = side", "[grid]") {
  // index / (side / side) / scale = index / scale: the same float32 positions and, at 3D/4
  // columns, the same 3D/16 frequencies per axis.
  const std::size_t S = 5, D = 64;
  Grid3d grid;
  grid.spatialInterpolationScale = 1.875;
  const auto video = encoding3d<double>(2, S, S, D, grid);
  const auto image = encoding2d<double>(S, S, 3 * D / 4, diffusers(double(S), 1.875));
  for (std::size_t t = 0; t < 2; ++t)
    for (std::size_t r = 0; r < S * S; ++r)
      for (std::size_t c = 0; c < 3 * D / 4; ++c)
        REQUIRE(video[(t * S * S + r) * D + D / 4 + c] == image[r * (3 * D / 4) + c]);
}

TEST_CASE("dotMatrix2d = E·Eᵀ of the table, for even and uneven positions", "[grid][dot]") {
  Grid2d crop = diffusers(8, 1.5);
  crop.posEmbedMaxSize = 11;
  struct Case {
    std::size_t H, W, D;
    Grid2d grid;
  };
  for (const Case& c : {Case{4, 4, 16, {}}, Case{3, 5, 64, {}}, Case{5, 3, 8, diffusers(16, 1.875)},
                        Case{4, 6, 1024, diffusers(4, 2)}, Case{6, 7, 600, crop}, Case{1, 1, 4, {}}, Case{1, 9, 12, {}}}) {
    const auto table = encoding2d<double>(c.H, c.W, c.D, c.grid);
    const auto expected = gram(table, c.H * c.W, c.D);
    const auto g = dotMatrix2d(c.H, c.W, c.D, c.grid);
    REQUIRE(g.size() == expected.size());
    for (std::size_t v = 0; v < g.size(); ++v) REQUIRE(g[v] == approx(expected[v], 1e-12 * double(c.D)));
    for (std::size_t r = 0; r < c.H * c.W; ++r) CHECK(g[r * c.H * c.W + r] == approx(double(c.D) / 2, 1e-12));
  }
}

TEST_CASE("dotMatrix2d depends only on (Δy, Δx) where the positions are evenly spaced", "[grid][dot]") {
  // mae, and diffusers with power-of-two divisors (4 / 2 = 2 and 8 / 2 = 4; 4 / 4 and 8 / 4,
  // then 4): exact quotients.
  for (const Grid2d& grid : {Grid2d{}, diffusers(2, 1), diffusers(4, 4)}) {
    const std::size_t H = 4, W = 8, n = H * W;
    const auto g = dotMatrix2d(H, W, 32, grid);
    for (std::size_t i = 0; i + 1 < H; ++i)
      for (std::size_t j = 0; j + 1 < W; ++j)
        for (std::size_t i2 = 0; i2 + 1 < H; ++i2)
          for (std::size_t j2 = 0; j2 + 1 < W; ++j2)
            REQUIRE(g[(i * W + j) * n + i2 * W + j2] == g[((i + 1) * W + j + 1) * n + (i2 + 1) * W + j2 + 1]);
  }
  // Uneven (1.875): the kernel is a table, still symmetric with d/2 on the diagonal.
  const auto g = dotMatrix2d(3, 7, 16, diffusers(16, 1.875));
  for (std::size_t r = 0; r < 21; ++r)
    for (std::size_t s = 0; s < 21; ++s) REQUIRE(g[r * 21 + s] == g[s * 21 + r]);
}

TEST_CASE("Gram2d's blocks: each row of G is one run of them, where the rows are evenly spaced", "[grid][dot]") {
  for (const Grid2d& grid : {Grid2d{}, diffusers(3, 1.875), diffusers(16, 1)}) {
    // Rows 4 / 16 = 0.25: exact quotients; the columns (5 / 3 · 1.875, 5 / 16) need not be.
    const std::size_t H = 4, W = 5, n = H * W;
    const Gram2d gram(H, W, 12, grid);
    const auto g = dotMatrix2d(H, W, 12, grid);
    REQUIRE(gram.rowsEvenlySpaced() == (grid.baseSize != 3));
    if (!gram.rowsEvenlySpaced()) continue;
    std::vector<double> blocks(gram.blocksSize());
    gram.blocksInto(blocks.data());
    for (std::size_t i = 0; i < H; ++i)
      for (std::size_t j = 0; j < W; ++j) {
        const double* run = blocks.data() + j * (2 * H - 1) * W + (H - 1 - i) * W;
        REQUIRE(std::equal(run, run + n, g.begin() + std::ptrdiff_t((i * W + j) * n)));
      }
  }
  CHECK_FALSE(Gram2d(0, 5, 8).rowsEvenlySpaced());
}

TEST_CASE("dotMatrix2d at the size cap: 64 × 64 patches", "[grid][dot]") {
  const Gram2d gram(64, 64, 1024);
  REQUIRE(gram.size() == 4096);
  std::vector<double> rows(2 * 4096);
  gram.rowsInto(rows.data(), 4094, 2);
  // Row (63, 62) against (63, 63): Dx(62, 63) + Dy(63, 63) = D(1) + D(0), D over d/4 = 256 pairs.
  double d1 = 0;
  for (double w : gridFrequencies(256)) d1 += std::cos(w);
  CHECK(rows[4095] == approx(d1 + 256, 1e-12));
  CHECK(rows[4096 + 4095] == 512);
}

TEST_CASE("grid rules name the argument", "[grid][arguments]") {
  Grid2d cls;
  cls.clsToken = true;
  const std::string side = " must be an integer between 0 and 16777216, got ";
  CHECK(problem(encoding2dArgs(-1, 4, 8, {})) == "height" + side + "-1");
  CHECK(problem(encoding2dArgs(2.5, 4, 8, {})) == "height" + side + "2.5");
  CHECK(problem(encoding2dArgs(kNaN, 4, 8, {})) == "height" + side + "NaN");
  CHECK(problem(encoding2dArgs(4, kInf, 8, {})) == "width" + side + "Infinity");
  CHECK(problem(encoding2dArgs(4, 16777217, 8, {})) == "width" + side + "16777217");
  CHECK(problem(encoding2dArgs(4, 4, 6, {})) == "dModel must be a multiple of 4 between 4 and 65536, got 6");
  CHECK(problem(encoding2dArgs(4, 4, 0, {})) == "dModel must be a multiple of 4 between 4 and 65536, got 0");
  CHECK(problem(encoding2dArgs(4, 4, 65540, {})) == "dModel must be a multiple of 4 between 4 and 65536, got 65540");
  CHECK(problem(encoding2dArgs(64, 64, 8192, {})) ==
        "height × width × dModel must be at most 16777216 values (the size cap), got 64 × 64 × 8192 = 33554432");
  CHECK(problem(encoding2dArgs(64, 64, 4096, cls)) ==
        "height × width × dModel + dModel (the cls row) must be at most 16777216 values (the size cap), got 64 × 64 × 4096 + 4096 = 16781312");
  CHECK(!encoding2dArgs(64, 64, 4096, {}));  // exactly at the cap
  CHECK(!encoding2dArgs(0, 16777216, 65536, {}));
  Grid2d base;
  base.base = 1;
  CHECK(problem(encoding2dArgs(2, 2, 8, base)) == "base must be a finite number > 1, got 1");

  // diffusers
  CHECK(problem(encoding2dArgs(2, 2, 8, diffusers(0))) == "baseSize must be a finite number > 0, got 0");
  CHECK(problem(encoding2dArgs(2, 2, 8, diffusers(kNaN))) == "baseSize must be a finite number > 0, got NaN");
  const std::string range = " must be between 1.1754943508222875e-38 and 3.4028234663852886e+38 (float32's normal "
                            "range: the float32 positions are divided by it), got ";
  CHECK(problem(encoding2dArgs(2, 2, 8, diffusers(16, 0))) == "interpolationScale" + range + "0");
  CHECK(problem(encoding2dArgs(2, 2, 8, diffusers(16, -1))) == "interpolationScale" + range + "-1");
  CHECK(problem(encoding2dArgs(2, 2, 8, diffusers(16, 1e-40))) == "interpolationScale" + range + "1e-40");
  CHECK(problem(encoding2dArgs(2, 2, 8, diffusers(16, kInf))) == "interpolationScale" + range + "Infinity");
  CHECK(problem(encoding2dArgs(2, 2, 8, diffusers(1e-300))) == "height / baseSize" + range + "2 / 1e-300 = 1.9999999999999998e+300");
  CHECK(problem(encoding2dArgs(2, 3, 8, diffusers(1e300))) == "height / baseSize" + range + "2 / 1e+300 = 2e-300");
  CHECK(problem(encoding2dArgs(2, 2, 8, diffusers(1e38, 0.01))) ==
        "baseSize / interpolationScale must keep the largest row position, (height − 1) / (height / baseSize) / "
        "interpolationScale, finite in float32, got Infinity");
  CHECK(!encoding2dArgs(0, 2, 8, diffusers(1e-300)));  // an empty grid divides nothing
  CHECK(!encoding2dArgs(2, 2, 8, diffusers(1e30, 1e-5)));

  Grid2d crop = diffusers();
  crop.posEmbedMaxSize = 0;
  CHECK(problem(encoding2dArgs(2, 2, 8, crop)) == "posEmbedMaxSize must be an integer between 1 and 16777216, got 0");
  crop.posEmbedMaxSize = 9.5;
  CHECK(problem(encoding2dArgs(2, 2, 8, crop)) == "posEmbedMaxSize must be an integer between 1 and 16777216, got 9.5");
  crop.posEmbedMaxSize = 96;
  CHECK(problem(encoding2dArgs(97, 2, 8, crop)) == "height must be at most posEmbedMaxSize = 96, got 97");
  CHECK(problem(encoding2dArgs(2, 100, 8, crop)) == "width must be at most posEmbedMaxSize = 96, got 100");
  CHECK(!encoding2dArgs(96, 96, 8, crop));
  crop.baseSize = 1e-300;
  CHECK(problem(encoding2dArgs(2, 2, 8, crop)) == "posEmbedMaxSize / baseSize" + range + "96 / 1e-300 = 9.6e+301");

  // 3D
  Grid3d video;
  CHECK(problem(encoding3dArgs(-1, 2, 2, 16, video)) == "frames" + side + "-1");
  CHECK(problem(encoding3dArgs(2, 0.5, 2, 16, video)) == "height" + side + "0.5");
  CHECK(problem(encoding3dArgs(2, 2, 2, 8, video)) == "dModel must be a multiple of 16 between 16 and 65536, got 8");
  CHECK(problem(encoding3dArgs(2, 2, 2, 24, video)) == "dModel must be a multiple of 16 between 16 and 65536, got 24");
  CHECK(problem(encoding3dArgs(13, 60, 90, 1920, video)) ==
        "frames × height × width × dModel must be at most 16777216 values (the size cap), got 13 × 60 × 90 × 1920 = 134784000");
  video.start = 0.5;
  CHECK(problem(encoding3dArgs(2, 2, 2, 16, video)) == "start" + side + "0.5");
  video.start = 16777215;
  CHECK(problem(encoding3dArgs(2, 2, 2, 16, video)) == "start + frames must be at most 16777216, got 16777217");
  CHECK(!encoding3dArgs(1, 2, 2, 16, video));
  video.start = 0;
  video.spatialInterpolationScale = 0;
  CHECK(problem(encoding3dArgs(2, 2, 2, 16, video)) == "spatialInterpolationScale" + range + "0");
  video.spatialInterpolationScale = 1;
  video.temporalInterpolationScale = kNaN;
  CHECK(problem(encoding3dArgs(2, 2, 2, 16, video)) == "temporalInterpolationScale" + range + "NaN");
  video.temporalInterpolationScale = 2e-38;
  CHECK(problem(encoding3dArgs(8, 2, 2, 16, video)) ==
        "temporalInterpolationScale must keep the largest frame position, (start + frames − 1) / temporalInterpolationScale, "
        "finite in float32, got Infinity");
  CHECK(!encoding3dArgs(1, 2, 2, 16, video));  // frame 0 only: 0 / 2e-38 = 0
  video.base = kInf;
  CHECK(problem(encoding3dArgs(1, 2, 2, 16, video)) == "base must be a finite number > 1, got Infinity");

  // dotMatrix2d
  CHECK(problem(dotMatrix2dArgs(64, 65, 8, {})) ==
        "height × width must be at most 4096 (the size cap: (height × width)² values), got 64 × 65 = 4160");
  CHECK(!dotMatrix2dArgs(64, 64, 65536, {}));
  CHECK(problem(dotMatrix2dArgs(3, 3, 10, {})) == "dModel must be a multiple of 4 between 4 and 65536, got 10");
  CHECK(problem(dotMatrix2dArgs(1, 4096, 1024, diffusers(16, 1.875))) ==
        "width² × dModel must be at most 4294967296 where the column positions are not evenly spaced (their kernel "
        "is a width × width table), got 4096² × 1024 = 17179869184");
  CHECK(!dotMatrix2dArgs(1, 4096, 1024, diffusers(16, 1)));  // 4096 / 16 = 256: exact quotients
  CHECK(!dotMatrix2dArgs(1, 4096, 256, diffusers(16, 1.875)));

  // The C++ API throws the same messages.
  CHECK_THROWS_WITH(encoding2d<double>(2, 2, 6), "dModel must be a multiple of 4 between 4 and 65536, got 6");
  CHECK_THROWS_WITH(encoding3d<float>(2, 2, 2, 8), "dModel must be a multiple of 16 between 16 and 65536, got 8");
  CHECK_THROWS_WITH(dotMatrix2d(64, 65, 8), "height × width must be at most 4096 (the size cap: (height × width)² values), got 64 × 65 = 4160");
  CHECK_THROWS_AS(grid2dPositions(std::size_t(1) << 25, 1), ArgumentError);
  // The positions check the options too (no NaN, no wrapped crop offset).
  CHECK_THROWS_WITH(grid2dPositions(2, 2, diffusers(16, 0)), "interpolationScale" + range + "0");
  Grid2d small = diffusers();
  small.posEmbedMaxSize = 2;
  CHECK_THROWS_WITH(grid2dPositions(4, 1, small), "height must be at most posEmbedMaxSize = 2, got 4");
  Grid3d early;
  early.start = -1;
  CHECK_THROWS_WITH(grid3dPositions(1, 1, 1, early), "start" + side + "-1");
}
