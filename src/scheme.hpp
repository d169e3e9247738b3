// Which sinusoidal encoding: the paper's, or the variants other codebases ship.
//
// tensor2tensor (and libraries that copied it) differ from the paper twice: frequencies are
// spaced omega_i = base^(-i / (d/2 - 1)), so the last one is exactly 1/base, and each row holds
// all sines first, then all cosines. Diffusion models put the cosine first, scale the angle or
// the values, and frameworks disagree on odd dModel (docs/conventions.md has the table).
// Toeplitz structure and per-pair rotation survive all of it, except an odd dModel's extra
// sine column (no cosine partner: see OddRule).
#pragma once

#include <cstddef>

#include "arguments.hpp"

namespace posenc {

enum class Spacing {
  paper,          // omega_i = base^(-2i / d)
  tensor2tensor,  // omega_i = base^(-i / (d/2 - 1))  (omega_0 = 1 when d = 2)
};

enum class Layout {
  interleaved,   // sin(pos omega_0), cos(pos omega_0), sin(pos omega_1), ...
  concatenated,  // sin(pos omega_0), ..., sin(pos omega_{d/2-1}), cos(pos omega_0), ...
};

enum class Order {
  sinCos,  // each pair (or block) sine first: the paper
  cosSin,  // cosine first: guided-diffusion, diffusers flip_sin_to_cos, MLX cos_first
};

// What an odd dModel means; without a rule it is an error (the paper's d is even).
enum class OddRule {
  none,
  // The even dModel - 1 encoding, then a zero column (tensor2tensor, fairseq, diffusers,
  // guided-diffusion, flax). The zero adds nothing to dot products: still Toeplitz.
  zeroColumn,
  // ceil(d/2) frequencies omega_i = base^(-2i/d) with the odd d, the last one a sine without
  // its cosine (HF DistilBERT/XLM, keras-hub, HF Marian). That column adds
  // sin(p w) sin(q w) = (cos((p-q) w) - cos((p+q) w)) / 2 to PE(p).PE(q), which depends on
  // p + q: no Toeplitz kernel, and sin((p+k) w) is no linear function of sin(p w) alone, so no
  // rotation either. Those functions refuse it; the encoding and the direct product are exact.
  extraSine,
};

struct Scheme {
  double base = kDefaultBase;
  Spacing spacing = Spacing::paper;
  Layout layout = Layout::interleaved;
  Order order = Order::sinCos;
  double angleScale = 1;  // angle = angleScale * pos * omega_i
  double amplitude = 1;   // every value times this (dot products times amplitude^2)
  OddRule odd = OddRule::none;
};

// Where each sinusoid of a row of dModel values goes. Pairs i < pairs have both a sine and a
// cosine column; an extra sine (OddRule::extraSine, odd dModel) is frequency `pairs`, and a
// zero column (OddRule::zeroColumn, odd dModel) is the last one.
struct Columns {
  static constexpr std::size_t kNone = ~std::size_t{0};
  std::size_t pairs = 0;          // sine-cosine pairs
  std::size_t frequencies = 0;    // pairs, plus 1 for an extra sine
  std::size_t extraSine = kNone;  // the extra sine's column, if any
  std::size_t zero = kNone;       // the zero column, if any
  // Concatenated layout: a pair's sine is at sinStart + i, its cosine at cosStart + i.
  // Interleaved: at 2i + sinStart and 2i + cosStart (starts 0 and 1, or 1 and 0).
  std::size_t sinStart = 0, cosStart = 0;
  Layout layout = Layout::interleaved;

  std::size_t sinAt(std::size_t i) const {
    return layout == Layout::interleaved ? 2 * i + sinStart : sinStart + i;
  }
  std::size_t cosAt(std::size_t i) const {
    return layout == Layout::interleaved ? 2 * i + cosStart : cosStart + i;
  }
};

Columns columnsOf(std::size_t dModel, const Scheme& scheme);

}  // namespace posenc
