#include "frequencies.hpp"

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {
constexpr double kTwoPi = 6.283185307179586476925286766559;
}  // namespace

double productError(double a, double b, double p) {
  // Veltkamp's split: x = hi + lo, each with at most 26 significant bits.
  const auto split = [](double x, double& hi, double& lo) {
    const double c = 134217729.0 * x;  // 2^27 + 1
    hi = c - (c - x);
    lo = x - hi;
  };
  double aHi, aLo, bHi, bLo;
  split(a, aHi, aLo);
  split(b, bHi, bLo);
  return ((aHi * bHi - p) + aHi * bLo + aLo * bHi) + aLo * bLo;
}

std::vector<double> frequencies(std::size_t dModel, const Scheme& scheme) {
  const double base = scheme.base;
  require(frequenciesArgs(double(dModel), scheme));
  // The plain exp(-2i * log(base) / d) is up to ~19 ulp off for base 10000: log(base) is
  // rounded (half an ulp of 9.21, scaled by 2i/d) and so are the product and the quotient.
  // Carry all three errors: ln(base) = hi + lo, where lo = (base - e^hi) / e^hi is one Newton
  // step (base - e^hi is exact, the two being within a factor 2); the product and quotient
  // errors are exact (productError; p - q·d is the exact remainder of the rounded quotient,
  // p - fl(q·d) being exact by Sterbenz). Then exp(-(q + qErr)) = exp(-q) (1 - qErr) to second
  // order.
  // Measured: within 2 ulp of a long double reference (pow itself is up to 7 ulp off).
  const double hi = std::log(base), eHi = std::exp(hi), lo = (base - eHi) / eHi;
  // omega_i = exp(-n ln(base) / d): n = 2i over d = dModel, or n = i over d = count - 1
  // (count = dModel/2 frequencies; an odd dModel's zero column leaves the even dModel - 1, an
  // extra sine makes it ceil(dModel/2), the paper's 2i/d then using the odd dModel).
  const Columns columns = columnsOf(dModel, scheme);
  const std::size_t count = columns.frequencies;
  const bool paper = scheme.spacing == Spacing::paper;
  const std::size_t even = columns.zero == Columns::kNone ? dModel : dModel - 1;
  const double d = paper ? double(even) : double(std::max<std::size_t>(count, 2) - 1);
  std::vector<double> omega(count);
  for (std::size_t i = 0; i < omega.size(); ++i) {
    const double n = double(paper ? 2 * i : i);
    const double p = n * hi, pErr = productError(n, hi, p) + n * lo;  // n ln(base) = p + pErr
    const double q = p / d, qd = q * d;
    const double qErr = (((p - qd) - productError(q, d, qd)) + pErr) / d;  // that / d = q + qErr
    // The angle per unit position: angleScale (diffusers' scale, MLX full_turns 2 pi) folds in.
    omega[i] = std::exp(-q) * (1 - qErr) * scheme.angleScale;
  }
  return omega;
}

std::vector<double> periods(std::size_t dModel, const Scheme& scheme) {
  std::vector<double> period = frequencies(dModel, scheme);
  for (double& p : period) p = kTwoPi / p;
  return period;
}

}  // namespace posenc
