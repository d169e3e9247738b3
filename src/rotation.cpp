#include "rotation.hpp"

#include <cmath>

#include "frequencies.hpp"

namespace posenc {

namespace {

struct Block {
  double c, s;  // cos(k omega_i), sin(k omega_i)
};

std::vector<Block> blocks(double k, std::size_t dModel, double base) {
  std::vector<Block> out;
  for (double omega : frequencies(dModel, base))
    out.push_back({std::cos(k * omega), std::sin(k * omega)});
  return out;
}

}  // namespace

std::vector<double> rotation(double k, std::size_t dModel, double base) {
  require(rotationArgs(k, double(dModel), base));
  std::vector<double> r(dModel * dModel, 0.0);
  const std::vector<Block> b = blocks(k, dModel, base);
  for (std::size_t i = 0; i < b.size(); ++i) {
    double* top = &r[(2 * i) * dModel + 2 * i];
    double* bottom = top + dModel;
    top[0] = b[i].c;
    top[1] = b[i].s;
    bottom[0] = -b[i].s;
    bottom[1] = b[i].c;
  }
  return r;
}

std::vector<double> shift(const std::vector<double>& v, double k, double base) {
  require(shiftArgs(double(v.size()), k, base));
  std::vector<double> out(v.size());
  const std::vector<Block> b = blocks(k, v.size(), base);
  for (std::size_t i = 0; i < b.size(); ++i) {
    const double x = v[2 * i], y = v[2 * i + 1];
    out[2 * i] = b[i].c * x + b[i].s * y;
    out[2 * i + 1] = -b[i].s * x + b[i].c * y;
  }
  return out;
}

}  // namespace posenc
