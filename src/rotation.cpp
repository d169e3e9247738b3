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

// Each pair's (sin, cos) columns turn by k omega_i wherever the layout and order put them
// (the amplitude scales both alike, so it commutes). A zero column stays put: R is the
// identity there, so R(k) stays orthogonal and R(a) R(b) = R(a + b).
std::vector<double> rotation(double k, std::size_t dModel, const Scheme& scheme) {
  require(rotationArgs(k, double(dModel), scheme));
  std::vector<double> r(dModel * dModel, 0.0);
  const std::vector<Block> b = blocks(k, dModel, scheme);
  const Columns columns = columnsOf(dModel, scheme);
  auto at = [&](std::size_t row, std::size_t col) -> double& { return r[row * dModel + col]; };
  for (std::size_t i = 0; i < b.size(); ++i) {
    const std::size_t sin = columns.sinAt(i), cos = columns.cosAt(i);
    at(sin, sin) = b[i].c;
    at(sin, cos) = b[i].s;
    at(cos, sin) = -b[i].s;
    at(cos, cos) = b[i].c;
  }
  if (columns.zero != Columns::kNone) at(columns.zero, columns.zero) = 1;
  return r;
}

std::vector<double> shift(const std::vector<double>& v, double k, const Scheme& scheme) {
  require(shiftArgs(double(v.size()), k, scheme));
  std::vector<double> out(v);  // a zero column is left as it is
  const std::vector<Block> b = blocks(k, v.size(), scheme);
  const Columns columns = columnsOf(v.size(), scheme);
  for (std::size_t i = 0; i < b.size(); ++i) {
    const std::size_t sin = columns.sinAt(i), cos = columns.cosAt(i);
    const double x = v[sin], y = v[cos];
    out[sin] = b[i].c * x + b[i].s * y;
    out[cos] = -b[i].s * x + b[i].c * y;
  }
  return out;
}

}  // namespace posenc
