#include "encoding.hpp"

#include <cmath>

#include "frequencies.hpp"

namespace posenc {

namespace {

// One row: (sin, cos) of pos * omega_i for every pair i. The angle is the exact double
// product, so each value is libm's sin/cos of it (within an ulp), with no pow/exp here.
template <class T, class Combine>
void forEachValue(T* row, double pos, const std::vector<double>& omega, Combine combine) {
  for (std::size_t i = 0; i < omega.size(); ++i) {
    const double angle = pos * omega[i];
    combine(row[2 * i], std::sin(angle));
    combine(row[2 * i + 1], std::cos(angle));
  }
}

}  // namespace

template <class T>
void encodingInto(T* out, std::size_t length, std::size_t dModel, double base, double start) {
  require(encodingArgs(double(length), double(dModel), base, start));
  const std::vector<double> omega = frequencies(dModel, base);
  for (std::size_t r = 0; r < length; ++r)
    forEachValue(out + r * dModel, start + double(r), omega,
                 [](T& cell, double pe) { cell = T(pe); });
}

template <class T>
std::vector<T> encoding(std::size_t length, std::size_t dModel, double base, double start) {
  require(encodingArgs(double(length), double(dModel), base, start));
  std::vector<T> out(length * dModel);
  encodingInto(out.data(), length, dModel, base, start);
  return out;
}

std::vector<double> encode(double pos, std::size_t dModel, double base) {
  require(encodeArgs(pos, double(dModel), base));
  return encoding<double>(1, dModel, base, pos);
}

template <class T>
void addTo(T* embeddings, std::size_t length, std::size_t dModel, double base, double start,
           double scale) {
  require(addToArgs(double(length), double(dModel), base, start, scale));
  const std::vector<double> omega = frequencies(dModel, base);
  for (std::size_t r = 0; r < length; ++r)
    forEachValue(embeddings + r * dModel, start + double(r), omega,
                 [scale](T& cell, double pe) { cell = T(scale * double(cell) + pe); });
}

template void encodingInto<float>(float*, std::size_t, std::size_t, double, double);
template void encodingInto<double>(double*, std::size_t, std::size_t, double, double);
template std::vector<float> encoding<float>(std::size_t, std::size_t, double, double);
template std::vector<double> encoding<double>(std::size_t, std::size_t, double, double);
template void addTo<float>(float*, std::size_t, std::size_t, double, double, double);
template void addTo<double>(double*, std::size_t, std::size_t, double, double, double);

}  // namespace posenc
