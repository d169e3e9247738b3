#include "rotation.hpp"

#include <cmath>

#include "frequencies.hpp"

namespace posenc {

namespace {

struct Block {
  double c, s;  // cos(k omega_i), sin(k omega_i)
};

std::vector<Block> blocks(double k, std::size_t dModel, const Scheme& scheme) {
  std::vector<Block> out;
  for (double omega : frequencies(dModel, scheme))
    out.push_back({std::cos(k * omega), std::sin(k * omega)});
  return out;
}

}  // namespace

std::vector<double> rotation(double k, std::size_t dModel, const Scheme& scheme) {
  require(rotationArgs(k, double(dModel), scheme.base));
  std::vector<double> r(dModel * dModel, 0.0);
  const std::vector<Block> b = blocks(k, dModel, scheme);
  auto at = [&](std::size_t row, std::size_t col) -> double& { return r[row * dModel + col]; };
  for (std::size_t i = 0; i < b.size(); ++i) {
    const PairColumns p = pairColumns(scheme.layout, i, dModel);
    at(p.sin, p.sin) = b[i].c;
    at(p.sin, p.cos) = b[i].s;
    at(p.cos, p.sin) = -b[i].s;
    at(p.cos, p.cos) = b[i].c;
  }
  return r;
}

std::vector<double> shift(const std::vector<double>& v, double k, const Scheme& scheme) {
  require(shiftArgs(double(v.size()), k, scheme.base));
  std::vector<double> out(v.size());
  const std::vector<Block> b = blocks(k, v.size(), scheme);
  for (std::size_t i = 0; i < b.size(); ++i) {
    const PairColumns p = pairColumns(scheme.layout, i, v.size());
    const double x = v[p.sin], y = v[p.cos];
    out[p.sin] = b[i].c * x + b[i].s * y;
    out[p.cos] = -b[i].s * x + b[i].c * y;
  }
  return out;
}

}  // namespace posenc
