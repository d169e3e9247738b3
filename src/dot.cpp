#include "dot.hpp"

#include <algorithm>
#include <cmath>

#include "encoding.hpp"
#include "frequencies.hpp"
#include "recurrence.hpp"

namespace posenc {

std::vector<double> dotKernel(std::size_t maxOffset, std::size_t dModel, const Scheme& scheme) {
  require(dotKernelArgs(double(maxOffset), double(dModel), scheme.base));
  std::vector<double> kernel(maxOffset + 1);
  kernelRecurrence(kernel.data(), kernel.size(), frequencies(dModel, scheme));
  return kernel;
}

namespace {

// M[i][j] = D(|i - j|). Lay the kernel out mirrored, D(n-1) .. D(1) D(0) D(1) .. D(n-1);
// row i is then the n consecutive values starting at n-1-i: one bulk copy per row.
template <class T>
void fillToeplitz(T* out, std::size_t n, std::size_t dModel, const Scheme& scheme) {
  const std::vector<double> kernel = dotKernel(n - 1, dModel, scheme);
  std::vector<T> mirrored(2 * n - 1);
  for (std::size_t delta = 0; delta < n; ++delta)
    mirrored[n - 1 - delta] = mirrored[n - 1 + delta] = T(kernel[delta]);
  for (std::size_t i = 0; i < n; ++i)
    std::copy_n(mirrored.begin() + std::ptrdiff_t(n - 1 - i), n, out + i * n);
}

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
void dotMatrixInto(T* out, std::size_t length, std::size_t dModel, const Scheme& scheme,
                   DotMethod method) {
  const bool direct = method == DotMethod::direct;
  require(dotMatrixArgs(double(length), double(dModel), scheme.base, direct));
  if (length == 0) return;
  if (direct)
    fillDirect(out, length, dModel, scheme);
  else
    fillToeplitz(out, length, dModel, scheme);
}

template <class T>
std::vector<T> dotMatrix(std::size_t length, std::size_t dModel, const Scheme& scheme,
                         DotMethod method) {
  require(dotMatrixArgs(double(length), double(dModel), scheme.base, method == DotMethod::direct));
  std::vector<T> out(length * length);
  dotMatrixInto(out.data(), length, dModel, scheme, method);
  return out;
}

template void dotMatrixInto<float>(float*, std::size_t, std::size_t, const Scheme&, DotMethod);
template void dotMatrixInto<double>(double*, std::size_t, std::size_t, const Scheme&, DotMethod);
template std::vector<float> dotMatrix<float>(std::size_t, std::size_t, const Scheme&, DotMethod);
template std::vector<double> dotMatrix<double>(std::size_t, std::size_t, const Scheme&, DotMethod);

}  // namespace posenc
