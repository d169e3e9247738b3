// How far a table of position vectors is from having offset-only dot products. A sinusoid's
// Gram matrix G = T Tᵀ (row p of T = position p) is Toeplitz: G[i][j] depends only on j − i
// (dot.hpp). A learned table (GPT-2's wpe, BERT's position_embeddings) is not, and how far it
// is measures how relative its positions came out. The nearest Toeplitz matrix in the Frobenius
// norm keeps each diagonal's mean, so the distance is the spread around those means.
#pragma once

#include <cstddef>
#include <vector>

namespace posenc {

struct ToeplitzFit {
  // kernel[Δ]: the mean of diagonal Δ = j − i of G, Δ = 0 .. rows − 1 (G is symmetric).
  std::vector<double> kernel;
  // ‖G − Toep(G)‖_F / ‖G‖_F: 0 for a sinusoid's table (up to rounding), 1 at most.
  double distance = 0;
};

// table: size values, rows × cols of them row-major (ArgumentError past the rules of
// nearestToeplitzArgs, a size other than rows × cols included). O(rows² · cols / 2) multiply-adds, O(rows) memory: each diagonal
// is walked once, its mean and spread kept by Welford's update (no cancellation of ‖G‖² − Σ n·mean²).
ToeplitzFit nearestToeplitz(const double* table, std::size_t size, std::size_t rows, std::size_t cols);

}  // namespace posenc
