#include "encoding.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "frequencies.hpp"
#include "recurrence.hpp"

namespace posenc {

namespace {

// One row: the sine and cosine of pos * omega_i for every frequency, times the amplitude, in
// the scheme's columns (and 0 in a zero column). The angle is the exact double product, so
// each value is libm's sin/cos of it (within an ulp), with no pow/exp here.
template <class T, class Combine>
void forEachValue(T* row, double pos, const std::vector<double>& omega, const Columns& at,
                  double amplitude, Combine combine) {
  for (std::size_t i = 0; i < at.pairs; ++i) {
    const double angle = pos * omega[i];
    combine(row[at.sinAt(i)], amplitude * std::sin(angle));
    combine(row[at.cosAt(i)], amplitude * std::cos(angle));
  }
  if (at.extraSine != Columns::kNone)
    combine(row[at.extraSine], amplitude * std::sin(pos * omega[at.pairs]));
  if (at.zero != Columns::kNone) combine(row[at.zero], 0.0);
}

template <class T>
void assign(T& cell, double pe) {
  cell = T(pe);
}

}  // namespace

template <class T>
void encodingInto(T* out, std::size_t length, std::size_t dModel, const Scheme& scheme,
                  double start) {
  require(encodingArgs(double(length), double(dModel), scheme, start));
  const std::vector<double> omega = frequencies(dModel, scheme);
  const Columns at = columnsOf(dModel, scheme);
  // float32: the rotation recurrence, ~1e-13 from exact before rounding to float, 10-20x
  // faster. It steps exact angles, while the contract's reference rounds each angle pos * omega
  // to a double; the two agree to 1e-7 only while that rounding is small, i.e. for positions
  // below 2^28 (found by the fuzzer at start = 1e15; angleScale scales the angle, so the limit
  // is on pos * angleScale). Beyond, and for float64 (the few-ulp contract), libm's sin/cos
  // of each double angle.
  if constexpr (std::is_same_v<T, float>) {
    const double reach = std::max(std::abs(start), std::abs(start + double(length))) * scheme.angleScale;
    if (reach < kRecurrenceLimit)
      return encodingRecurrence(out, length, dModel, omega, start, at, scheme.amplitude);
  }
  for (std::size_t r = 0; r < length; ++r)
    forEachValue(out + r * dModel, start + double(r), omega, at, scheme.amplitude, assign<T>);
}

template <class T>
void encodingAtInto(T* out, const double* positions, std::size_t count, std::size_t dModel,
                    const Scheme& scheme) {
  require(encodingAtArgs(double(count), double(dModel), scheme));
  require(checkPositions(positions, count, scheme));
  const std::vector<double> omega = frequencies(dModel, scheme);
  const Columns at = columnsOf(dModel, scheme);
  for (std::size_t r = 0; r < count; ++r)
    forEachValue(out + r * dModel, positions[r], omega, at, scheme.amplitude, assign<T>);
}

template <class T>
std::vector<T> encoding(std::size_t length, std::size_t dModel, const Scheme& scheme,
                        double start) {
  require(encodingArgs(double(length), double(dModel), scheme, start));
  std::vector<T> out(length * dModel);
  encodingInto(out.data(), length, dModel, scheme, start);
  return out;
}

std::vector<double> encode(double pos, std::size_t dModel, const Scheme& scheme) {
  require(encodeArgs(pos, double(dModel), scheme));
  return encoding<double>(1, dModel, scheme, pos);
}

template <class T>
void addTo(T* embeddings, std::size_t length, std::size_t dModel, const Scheme& scheme,
           double start, double scale) {
  require(addToArgs(double(length), double(dModel), scheme, start, scale));
  const std::vector<double> omega = frequencies(dModel, scheme);
  const Columns at = columnsOf(dModel, scheme);
  for (std::size_t r = 0; r < length; ++r)
    forEachValue(embeddings + r * dModel, start + double(r), omega, at, scheme.amplitude,
                 [scale](T& cell, double pe) { cell = T(scale * double(cell) + pe); });
}

template void encodingInto<float>(float*, std::size_t, std::size_t, const Scheme&, double);
template void encodingInto<double>(double*, std::size_t, std::size_t, const Scheme&, double);
template void encodingAtInto<float>(float*, const double*, std::size_t, std::size_t, const Scheme&);
template void encodingAtInto<double>(double*, const double*, std::size_t, std::size_t, const Scheme&);
template std::vector<float> encoding<float>(std::size_t, std::size_t, const Scheme&, double);
template std::vector<double> encoding<double>(std::size_t, std::size_t, const Scheme&, double);
template void addTo<float>(float*, std::size_t, std::size_t, const Scheme&, double, double);
template void addTo<double>(double*, std::size_t, std::size_t, const Scheme&, double, double);

}  // namespace posenc
