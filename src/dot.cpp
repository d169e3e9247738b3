#include "dot.hpp"

#include <algorithm>
#include <cmath>

#include "encoding.hpp"
#include "frequencies.hpp"
#include "recurrence.hpp"  // kernelRecurrence

namespace posenc {

std::vector<double> dotKernel(std::size_t maxOffset, std::size_t dModel, const Scheme& scheme,
                              std::size_t start) {
  require(dotKernelArgs(double(maxOffset), double(dModel), scheme, double(start)));
  std::vector<double> kernel(maxOffset - start + 1);
  kernelRecurrence(kernel.data(), double(start), kernel.size(), frequencies(dModel, scheme));
  // amplitude^2 sum_i cos(delta omega_i): a zero column adds nothing (the args refuse an extra
  // sine, whose term depends on p + q, scheme.hpp).
  const double squared = scheme.amplitude * scheme.amplitude;
  if (squared != 1)
    for (double& value : kernel) value *= squared;
  return kernel;
}

namespace {

template <class T>
void fillDirect(T* out, std::size_t n, std::size_t dModel, const Scheme& scheme) {
  const std::vector<double> pe = encoding<double>(n, dModel, scheme);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i; j < n; ++j) {
      double sum = 0;
      for (std::size_t c = 0; c < dModel; ++c) sum += pe[i * dModel + c] * pe[j * dModel + c];
      out[i * n + j] = out[j * n + i] = T(sum);
    }
}

}  // namespace

template <class T>
void dotMatrixInto(T* out, std::size_t length, std::size_t dModel, const Scheme& scheme) {
  require(dotMatrixArgs(double(length), double(dModel), scheme, true));
  fillDirect(out, length, dModel, scheme);
}

template <class T>
std::vector<T> dotMatrix(std::size_t length, std::size_t dModel, const Scheme& scheme) {
  require(dotMatrixArgs(double(length), double(dModel), scheme, true));
  std::vector<T> out(length * length);
  dotMatrixInto(out.data(), length, dModel, scheme);
  return out;
}

template void dotMatrixInto<float>(float*, std::size_t, std::size_t, const Scheme&);
template void dotMatrixInto<double>(double*, std::size_t, std::size_t, const Scheme&);
template std::vector<float> dotMatrix<float>(std::size_t, std::size_t, const Scheme&);
template std::vector<double> dotMatrix<double>(std::size_t, std::size_t, const Scheme&);

}  // namespace posenc
