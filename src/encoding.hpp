// The positional encoding matrix: PE[pos, 2i] = sin(pos * omega_i), PE[pos, 2i+1] = cos(pos * omega_i),
// in the scheme's columns and order, times its amplitude (scheme.hpp).
#pragma once

#include <cstddef>
#include <vector>

#include "scheme.hpp"

namespace posenc {

// Rows between exact re-seeds of the float32 encoding's recurrence (recurrence.hpp): a drift of
// 512 * 4e-16 = 2e-13 is nothing next to float rounding (3e-8), and fewer seeds (two libm calls
// per pair) halve the time. A caller writing an encoding a block of rows at a time should use
// blocks of this many rows: each then starts where the recurrence re-seeds anyway.
inline constexpr std::size_t kEncodingBlock = 512;

// Writes length x dModel values, row-major, into out: row r is position start + r.
// Angles are doubles; float output is the double result rounded once.
template <class T>
void encodingInto(T* out, std::size_t length, std::size_t dModel, const Scheme& scheme = {},
                  double start = 0);

// Row r is PE(positions[r]), for any finite positions (diffusion timesteps, left-padded
// batches): exact sin/cos of each angle.
template <class T>
void encodingAtInto(T* out, const double* positions, std::size_t count, std::size_t dModel,
                    const Scheme& scheme = {});

// The same as a new vector (T is float or double).
template <class T = double>
std::vector<T> encoding(std::size_t length, std::size_t dModel, const Scheme& scheme = {},
                        double start = 0);

// PE(pos) for any finite real pos: fractional, negative and far beyond any training length.
std::vector<double> encode(double pos, std::size_t dModel, const Scheme& scheme = {});

// The Transformer's input, in place: embeddings = scale * embeddings + PE, for the
// length x dModel row-major matrix whose row r is position start + r.
template <class T>
void addTo(T* embeddings, std::size_t length, std::size_t dModel, const Scheme& scheme = {},
           double start = 0, double scale = 1);

}  // namespace posenc
