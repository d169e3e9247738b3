#include "rope.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "recurrence.hpp"

namespace posenc {

namespace {

// One row at position pos: pair i (columns ropePair(layout, i, rotaryDims)) turned by
// pos * theta_i: the angle is the exact double product, cos and sin are libm's. The columns past
// rotaryDims are copied.
template <class T>
void rotateRow(T* y, const T* x, std::size_t cols, const RopeFrequencies& f, Layout layout,
               double pos) {
  const std::size_t rotary = 2 * f.theta.size();
  for (std::size_t i = 0; i < f.theta.size(); ++i) {
    const double angle = pos * f.theta[i];
    const double c = f.attentionFactor * std::cos(angle), s = f.attentionFactor * std::sin(angle);
    const RopePair at = ropePair(layout, i, rotary);
    const double x1 = double(x[at.first]), x2 = double(x[at.second]);
    y[at.first] = T(x1 * c - x2 * s);
    y[at.second] = T(x1 * s + x2 * c);
  }
  if (y != x) std::copy(x + rotary, x + cols, y + rotary);
}

}  // namespace

double ropeLength(std::size_t rows, const RopePositions& positions) {
  if (rows == 0) return 0;
  const double largest = positions.list
      ? *std::max_element(positions.list->begin(), positions.list->end())
      : positions.start + double(rows - 1);
  return std::max(largest + 1, 0.0);
}

template <class T>
void ropeRows(T* out, const T* in, std::size_t rows, std::size_t cols, const RopeFrequencies& f,
              Layout layout, const RopePositions& positions, std::size_t first) {
  // float32 at consecutive positions: the rotation recurrence, angles ~1e-13 from exact, the
  // turn within 2 ulp (recurrence.hpp), while positions and angles stay below kRecurrenceLimit
  // (see encoding.cpp). The angle bound matters when a frequency exceeds 1: linear scaling by a
  // factor of 1e-231 made θ_0 ~ 1e231, where stepping R(θ) and libm's sin of the rounded angle
  // part ways (a fuzzer finding); libm's per value keeps the float64 path's answer.
  if constexpr (std::is_same_v<T, float>) {
    const double start = positions.start + double(first);
    const double fastest = f.theta.empty() ? 0 : *std::max_element(f.theta.begin(), f.theta.end());
    const double reach = std::max(std::abs(start), std::abs(start + double(rows))) * std::max(1.0, fastest);
    if (!positions.list && reach < kRecurrenceLimit)
      return ropeRecurrence(out, in, rows, cols, f.theta, f.attentionFactor, start, layout);
  }
  for (std::size_t r = 0; r < rows; ++r)
    rotateRow(out + r * cols, in + r * cols, cols, f, layout, positions[first + r]);
}

template <class T>
void ropeInto(T* out, const T* in, std::size_t rows, std::size_t cols, const RopeOptions& options,
              const RopePositions& positions) {
  const std::size_t rotary = options.rotaryDims == 0 ? cols : options.rotaryDims;
  require(ropeArgs(double(rows), double(cols), double(rotary), options.base, options.scaling,
                   options.length, positions));
  const std::optional<double> length =
      options.length ? options.length : ropeLength(rows, positions);
  const RopeFrequencies f = ropeFrequencies(rotary, options.base, options.scaling, length);
  ropeRows(out, in, rows, cols, f, options.layout, positions, 0);
}

template void ropeRows<float>(float*, const float*, std::size_t, std::size_t,
                              const RopeFrequencies&, Layout, const RopePositions&, std::size_t);
template void ropeRows<double>(double*, const double*, std::size_t, std::size_t,
                               const RopeFrequencies&, Layout, const RopePositions&, std::size_t);
template void ropeInto<float>(float*, const float*, std::size_t, std::size_t, const RopeOptions&,
                              const RopePositions&);
template void ropeInto<double>(double*, const double*, std::size_t, std::size_t,
                               const RopeOptions&, const RopePositions&);

}  // namespace posenc
