#include "encoding.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "frequencies.hpp"
#include "recurrence.hpp"

namespace posenc {

namespace {

// One row: (sin, cos) of pos * omega_i for every pair i. The angle is the exact double
// product, so each value is libm's sin/cos of it (within an ulp), with no pow/exp here.
template <class T, class Combine>
void forEachValue(T* row, double pos, const std::vector<double>& omega, Layout layout,
                  Combine combine) {
  const std::size_t dModel = 2 * omega.size();
  for (std::size_t i = 0; i < omega.size(); ++i) {
    const double angle = pos * omega[i];
    const PairColumns at = pairColumns(layout, i, dModel);
    combine(row[at.sin], std::sin(angle));
    combine(row[at.cos], std::cos(angle));
  }
}

}  // namespace

template <class T>
void encodingInto(T* out, std::size_t length, std::size_t dModel, const Scheme& scheme,
                  double start) {
  require(encodingArgs(double(length), double(dModel), scheme.base, start));
  const std::vector<double> omega = frequencies(dModel, scheme);
  // float32: the rotation recurrence, ~1e-13 from exact before rounding to float, 10-20x
  // faster. It steps exact angles, while the contract's reference rounds each angle pos * omega
  // to a double; the two agree to 1e-7 only while that rounding is small, i.e. for positions
  // below 2^28 (found by the fuzzer at start = 1e15). Beyond, and for float64 (the few-ulp
  // contract), libm's sin/cos of each double angle.
  if constexpr (std::is_same_v<T, float>) {
    if (std::max(std::abs(start), std::abs(start + double(length))) < kRecurrenceLimit)
      return encodingRecurrence(out, length, dModel, omega, start, scheme.layout);
  }
  for (std::size_t r = 0; r < length; ++r)
    forEachValue(out + r * dModel, start + double(r), omega, scheme.layout,
                 [](T& cell, double pe) { cell = T(pe); });
}

template <class T>
std::vector<T> encoding(std::size_t length, std::size_t dModel, const Scheme& scheme,
                        double start) {
  require(encodingArgs(double(length), double(dModel), scheme.base, start));
  std::vector<T> out(length * dModel);
  encodingInto(out.data(), length, dModel, scheme, start);
  return out;
}

std::vector<double> encode(double pos, std::size_t dModel, const Scheme& scheme) {
  require(encodeArgs(pos, double(dModel), scheme.base));
  return encoding<double>(1, dModel, scheme, pos);
}

template <class T>
void addTo(T* embeddings, std::size_t length, std::size_t dModel, const Scheme& scheme,
           double start, double scale) {
  require(addToArgs(double(length), double(dModel), scheme.base, start, scale));
  const std::vector<double> omega = frequencies(dModel, scheme);
  for (std::size_t r = 0; r < length; ++r)
    forEachValue(embeddings + r * dModel, start + double(r), omega, scheme.layout,
                 [scale](T& cell, double pe) { cell = T(scale * double(cell) + pe); });
}

template void encodingInto<float>(float*, std::size_t, std::size_t, const Scheme&, double);
template void encodingInto<double>(double*, std::size_t, std::size_t, const Scheme&, double);
template std::vector<float> encoding<float>(std::size_t, std::size_t, const Scheme&, double);
template std::vector<double> encoding<double>(std::size_t, std::size_t, const Scheme&, double);
template void addTo<float>(float*, std::size_t, std::size_t, const Scheme&, double, double);
template void addTo<double>(double*, std::size_t, std::size_t, const Scheme&, double, double);

}  // namespace posenc
