#include "toeplitz.hpp"

#include <algorithm>
#include <cmath>

#include "arguments.hpp"

namespace posenc {

ToeplitzFit nearestToeplitz(const double* table, std::size_t size, std::size_t rows, std::size_t cols) {
  if (auto p = nearestToeplitzArgs(double(rows), double(cols), table, size)) throw ArgumentError(*p);
  ToeplitzFit fit;
  fit.kernel.assign(rows, 0.0);
  // The distance does not change with the table's scale. Values far from 1 (past 10^±60: a dot
  // product of cols ≤ 2^24 terms, squared, stays within double's 10^±308 inside that) are divided
  // by the largest, into a copy, and the kernel scaled back.
  double largest = 0;
  for (std::size_t i = 0; i < rows * cols; ++i) largest = std::max(largest, std::abs(table[i]));
  if (largest == 0) return fit;
  std::vector<double> scaled;
  double scale = 1;
  if (largest > 1e60 || largest < 1e-60) {
    scaled.assign(table, table + rows * cols);
    for (double& v : scaled) v /= largest;
    table = scaled.data();
    scale = largest;
  }
  double spread = 0, norm = 0;  // Σ (G − mean)², ‖G‖², both over all of G (each Δ > 0 twice)
  for (std::size_t delta = 0; delta < rows; ++delta) {
    double mean = 0, m2 = 0, squares = 0;
    for (std::size_t i = 0; i + delta < rows; ++i) {
      const double* a = table + i * cols;
      const double* b = table + (i + delta) * cols;
      double g = 0;
      for (std::size_t k = 0; k < cols; ++k) g += a[k] * b[k];
      const double n = double(i + 1), step = g - mean;
      mean += step / n;
      m2 += step * (g - mean);
      squares += g * g;
    }
    const double copies = delta == 0 ? 1 : 2;
    fit.kernel[delta] = mean * scale * scale;
    spread += copies * m2;
    norm += copies * squares;
  }
  fit.distance = norm > 0 ? std::sqrt(spread / norm) : 0;
  return fit;
}

}  // namespace posenc
