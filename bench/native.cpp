// The native build of the same core, timed like bench/run.js times the wasm one: median
// milliseconds over repeats, printed as JSON for run.js to merge into its table.
// Built by CMake as posenc_bench (Release: -O3, no -march: SSE2, no AVX).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "posenc.hpp"

namespace {

template <class F>
double medianMs(F&& run) {
  std::vector<double> times;
  auto total = std::chrono::duration<double>::zero();
  while (times.size() < 7 || (total.count() < 0.3 && times.size() < 200)) {
    const auto t0 = std::chrono::steady_clock::now();
    run();
    const auto elapsed = std::chrono::steady_clock::now() - t0;
    total += elapsed;
    times.push_back(std::chrono::duration<double, std::milli>(elapsed).count());
  }
  std::nth_element(times.begin(), times.begin() + long(times.size() / 2), times.end());
  return times[times.size() / 2];
}

}  // namespace

int main() {
  const std::size_t d = 512;
  std::printf("{\n");
  bool first = true;
  for (std::size_t n : {512, 2048, 8192}) {
    std::vector<float> out(n * d);
    std::vector<double> out64(n * d);
    const std::size_t m = std::min<std::size_t>(n, 4096);
    const double encoding = medianMs([&] { posenc::encodingInto(out.data(), n, d); });
    const double encoding64 = medianMs([&] { posenc::encodingInto(out64.data(), n, d); });
    // The Toeplitz matrix's row: the core's part of dotMatrix (the JS API lays it out).
    const double kernel = medianMs([&] { posenc::dotKernel(m - 1, d); });
    std::printf("%s  \"%zu\": {\"encoding\": %.4f, \"encoding64\": %.4f, \"dotKernel\": %.4f}", first ? "" : ",\n",
                n, encoding, encoding64, kernel);
    first = false;
  }
  for (std::size_t n : {4096, 32768}) {  // rope: n rows of a 128-dimensional head, in place
    std::vector<float> q(n * 128, 0.5f);
    const double rope = medianMs([&] { posenc::ropeInto(q.data(), q.data(), n, 128, {}); });
    std::printf(",\n  \"rope %zu\": {\"rope\": %.4f}", n, rope);
  }
  std::printf("\n}\n");
}
