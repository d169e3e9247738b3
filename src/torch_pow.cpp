// torch_pow.hpp's two powf functions, ported operation by operation. Compiled with
// -ffp-contract=off (CMakeLists.txt): every fused multiply-add here is an explicit std::fma, the
// rest rounds after each operation, as the originals do.
#include "torch_pow.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace posenc::torch {

namespace {

// The bits of a float or double and back (glibc's asuint, asfloat, asuint64, asdouble).
template <class To, class From>
To bitCast(From from) {
  static_assert(sizeof(To) == sizeof(From));
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}
std::uint32_t bitsOf(float f) { return bitCast<std::uint32_t>(f); }
float floatOf(std::uint32_t u) { return bitCast<float>(u); }
std::uint64_t bitsOf(double d) { return bitCast<std::uint64_t>(d); }
double doubleOf(std::uint64_t u) { return bitCast<double>(u); }

// An arithmetic right shift of a 32-bit integer (vsra_vi2_vi2_i, psrad), portable.
std::int32_t sra(std::int32_t x, int n) { return x >= 0 ? x >> n : ~(~x >> n); }

// Two's complement wrap-around, as the vector integer instructions compute.
std::int32_t wrap(std::uint32_t u) {
  return u <= 0x7fffffffu ? std::int32_t(u) : -std::int32_t(~u) - 1;
}

// _mm256_cvtps_epi32 / _mm256_cvttps_epi32: round to nearest even / truncate; NaN and values
// out of int32's range give 0x80000000 ("integer indefinite").
std::int32_t cvtps(float f) {
  if (!(std::fabs(f) < 2147483648.0f)) return std::numeric_limits<std::int32_t>::min();
  return std::int32_t(std::nearbyint(f));
}

std::int32_t cvttps(float f) {
  if (!(std::fabs(f) < 2147483648.0f)) return std::numeric_limits<std::int32_t>::min();
  return std::int32_t(f);
}

// --- Sleef 3.5.1 --------------------------------------------------------------------------
// shibatch/sleef tag 3.5.1: src/libm/df.h (the ENABLE_FMA_SP branch), src/libm/sleefsimdsp.c
// (logkf, expkf, xpowf, vilogb2k, vldexp, vldexp3), src/arch/helperavx2.h (vmla = vfma =
// _mm256_fmadd_ps, vfmapn = fmsub, vfmanp = fnmadd, vrec = 1 / x), src/common/misc.h (L2Uf,
// L2Lf, R_LN2f). Boost Software License 1.0. Names below are df.h's without the type suffixes.

// A float-float number: the unevaluated sum x + y (vfloat2).
struct Float2 {
  float x, y;
};

Float2 add2(float x, float y) {  // dfadd2_vf2_vf_vf
  const float s = x + y, v = s - x;
  return {s, (x - (s - v)) + (y - v)};
}

Float2 add2(Float2 x, float y) {  // dfadd2_vf2_vf2_vf
  const float s = x.x + y, v = s - x.x;
  const float t = (x.x - (s - v)) + (y - v);
  return {s, t + x.y};
}

Float2 add2(Float2 x, Float2 y) {  // dfadd2_vf2_vf2_vf2
  const float s = x.x + y.x, v = s - x.x;
  const float t = (x.x - (s - v)) + (y.x - v);
  return {s, t + (x.y + y.y)};
}

Float2 add(float x, Float2 y) {  // dfadd_vf2_vf_vf2: vadd_vf_3vf(x - s, y.x, y.y)
  const float s = x + y.x;
  return {s, ((x - s) + y.x) + y.y};
}

Float2 add(Float2 x, Float2 y) {  // dfadd_vf2_vf2_vf2 (|x| >= |y|): vadd_vf_4vf
  const float s = x.x + y.x;
  return {s, (((x.x - s) + y.x) + x.y) + y.y};
}

Float2 normalize(Float2 t) {  // dfnormalize_vf2_vf2
  const float s = t.x + t.y;
  return {s, (t.x - s) + t.y};
}

Float2 scale(Float2 d, float s) { return {d.x * s, d.y * s}; }  // dfscale_vf2_vf2_vf

Float2 mul(Float2 x, float y) {  // dfmul_vf2_vf2_vf
  const float s = x.x * y;
  return {s, std::fma(x.y, y, std::fma(x.x, y, -s))};
}

Float2 mul(Float2 x, Float2 y) {  // dfmul_vf2_vf2_vf2
  const float s = x.x * y.x;
  return {s, std::fma(x.x, y.y, std::fma(x.y, y.x, std::fma(x.x, y.x, -s)))};
}

Float2 square(Float2 x) {  // dfsqu_vf2_vf2
  const float s = x.x * x.x;
  return {s, std::fma(x.x + x.x, x.y, std::fma(x.x, x.x, -s))};
}

Float2 div(Float2 n, Float2 d) {  // dfdiv_vf2_vf2_vf2
  const float t = 1.0f / d.x;
  const float s = n.x * t;
  const float u = std::fma(t, n.x, -s);
  const float v = std::fma(-d.y, t, std::fma(-d.x, t, 1.0f));
  return {s, std::fma(s, v, std::fma(n.y, t, u))};
}

// vilogb2k_vi2_vf: the biased exponent field minus 127.
std::int32_t ilogb2k(float d) { return std::int32_t((bitsOf(d) >> 23) & 0xff) - 0x7f; }

// vldexp3_vf_vf_vi2: q added to the exponent field.
float ldexp3(float d, std::int32_t q) { return floatOf(bitsOf(d) + (std::uint32_t(q) << 23)); }

// vldexp_vf_vf_vi2: x * 2^q in five multiplications that neither overflow nor flush early.
float ldexp(float x, std::int32_t q) {
  std::int32_t m = sra(q, 31);
  m = wrap(std::uint32_t(sra(wrap(std::uint32_t(m) + std::uint32_t(q)), 6) - m) << 4);
  q = wrap(std::uint32_t(q) - (std::uint32_t(m) << 2));
  m += 0x7f;
  m = m > 0 ? m : 0;
  m = m > 0xff ? 0xff : m;
  float u = floatOf(std::uint32_t(m) << 23);
  x = x * u * u * u * u;
  u = floatOf(std::uint32_t(q + 0x7f) << 23);
  return x * u;
}

constexpr float kL2U = 0.693145751953125f, kL2L = 1.428606765330187045e-06f;
constexpr float kRecipLn2 = 1.442695040888963407359924681001892137426645954152985934135449406931f;

// logkf: ln(d) as a float-float (the branch without AVX-512's getexp/getmant).
Float2 logk(float d) {
  const bool tiny = d < std::numeric_limits<float>::min();
  if (tiny) d = d * (float(std::int64_t{1} << 32) * float(std::int64_t{1} << 32));
  std::int32_t e = ilogb2k(d * (1.0f / 0.75f));
  const float m = ldexp3(d, -e);
  if (tiny) e -= 64;

  const Float2 x = div(add2(-1.0f, m), add2(1.0f, m));
  const Float2 x2 = square(x);

  float t = 0.240320354700088500976562f;
  t = std::fma(t, x2.x, 0.285112679004669189453125f);
  t = std::fma(t, x2.x, 0.400007992982864379882812f);
  const Float2 c{0.66666662693023681640625f, 3.69183861259614332084311e-09f};

  Float2 s = mul(Float2{0.69314718246459960938f, -1.904654323148236017e-09f}, float(e));
  s = add(s, scale(x, 2));
  s = add(s, mul(mul(x2, x), add2(mul(x2, t), c)));
  return s;
}

// expkf: e^(d.x + d.y).
float expk(Float2 d) {
  float u = (d.x + d.y) * kRecipLn2;
  const std::int32_t q = cvtps(u);

  Float2 s = add2(d, float(q) * -kL2U);
  s = add2(s, float(q) * -kL2L);
  s = normalize(s);

  u = 0.00136324646882712841033936f;
  u = std::fma(u, s.x, 0.00836596917361021041870117f);
  u = std::fma(u, s.x, 0.0416710823774337768554688f);
  u = std::fma(u, s.x, 0.166665524244308471679688f);
  u = std::fma(u, s.x, 0.499999850988388061523438f);

  Float2 t = add(s, mul(square(s), u));
  t = add(1.0f, t);
  u = ldexp(t.x + t.y, q);
  return d.x < -104 ? 0.0f : u;
}

// vmulsign_vf_vf_vf: x with its sign flipped where y is negative.
float mulsign(float x, float y) { return floatOf(bitsOf(x) ^ (bitsOf(y) & 0x80000000u)); }

// vsign_vf_vf: 1 with the sign of f.
float sign(float f) { return floatOf(bitsOf(1.0f) | (bitsOf(f) & 0x80000000u)); }

// --- glibc 2.36 ---------------------------------------------------------------------------
// sysdeps/ieee754/flt-32/e_powf.c, e_powf_log2_data.c, e_exp2f_data.c (Szabolcs Nagy, Arm
// Limited, 2017-2018; MIT in Arm's optimized-routines and musl, whose src/math/powf.c,
// powf_data.c and exp2f_data.c in Emscripten 3.1.6 are the same code and tables). The tables
// below were checked against the ones in Debian's libm.so.6. x86-64 has no fast
// round-to-integer here (TOINT_INTRINSICS 0, POWF_SCALE_BITS 0). Which products GCC fused in
// __powf_fma was read from its disassembly: all of them (r = z*invc - 1, the four polynomial
// steps of log2, the three of exp2); powf is that variant wherever the CPU has FMA and AVX2.

constexpr int kLog2TableBits = 4, kExp2TableBits = 5;

struct Log2Entry {
  double invc, logc;
};

constexpr Log2Entry kLog2Table[1 << kLog2TableBits] = {
    {0x1.661ec79f8f3bep+0, -0x1.efec65b963019p-2}, {0x1.571ed4aaf883dp+0, -0x1.b0b6832d4fca4p-2},
    {0x1.49539f0f010bp+0, -0x1.7418b0a1fb77bp-2},  {0x1.3c995b0b80385p+0, -0x1.39de91a6dcf7bp-2},
    {0x1.30d190c8864a5p+0, -0x1.01d9bf3f2b631p-2}, {0x1.25e227b0b8eap+0, -0x1.97c1d1b3b7afp-3},
    {0x1.1bb4a4a1a343fp+0, -0x1.2f9e393af3c9fp-3}, {0x1.12358f08ae5bap+0, -0x1.960cbbf788d5cp-4},
    {0x1.0953f419900a7p+0, -0x1.a6f9db6475fcep-5}, {0x1p+0, 0x0p+0},
    {0x1.e608cfd9a47acp-1, 0x1.338ca9f24f53dp-4},  {0x1.ca4b31f026aap-1, 0x1.476a9543891bap-3},
    {0x1.b2036576afce6p-1, 0x1.e840b4ac4e4d2p-3},  {0x1.9c2d163a1aa2dp-1, 0x1.40645f0c6651cp-2},
    {0x1.886e6037841edp-1, 0x1.88e9c2c1b9ff8p-2},  {0x1.767dcf5534862p-1, 0x1.ce0a44eb17bccp-2},
};

constexpr double kLog2Poly[5] = {0x1.27616c9496e0bp-2, -0x1.71969a075c67ap-2, 0x1.ec70a6ca7baddp-2,
                                 -0x1.7154748bef6c8p-1, 0x1.71547652ab82bp0};

// tab[i] = uint(2^(i/32)) - (i << 47)
constexpr std::uint64_t kExp2Table[1 << kExp2TableBits] = {
    0x3ff0000000000000, 0x3fefd9b0d3158574, 0x3fefb5586cf9890f, 0x3fef9301d0125b51,
    0x3fef72b83c7d517b, 0x3fef54873168b9aa, 0x3fef387a6e756238, 0x3fef1e9df51fdee1,
    0x3fef06fe0a31b715, 0x3feef1a7373aa9cb, 0x3feedea64c123422, 0x3feece086061892d,
    0x3feebfdad5362a27, 0x3feeb42b569d4f82, 0x3feeab07dd485429, 0x3feea47eb03a5585,
    0x3feea09e667f3bcd, 0x3fee9f75e8ec5f74, 0x3feea11473eb0187, 0x3feea589994cce13,
    0x3feeace5422aa0db, 0x3feeb737b0cdc5e5, 0x3feec49182a3f090, 0x3feed503b23e255d,
    0x3feee89f995ad3ad, 0x3feeff76f2fb5e47, 0x3fef199bdd85529c, 0x3fef3720dcef9069,
    0x3fef5818dcfba487, 0x3fef7c97337b9b5f, 0x3fefa4afa2a490da, 0x3fefd0765b6e4540,
};

constexpr double kExp2Shift = 0x1.8p+52 / (1 << kExp2TableBits);
constexpr double kExp2Poly[3] = {0x1.c6af84b912394p-5, 0x1.ebfce50fac4f3p-3, 0x1.62e42ff0c52d6p-1};
constexpr std::uint32_t kSignBias = 1u << (kExp2TableBits + 11);

// log2_inline: log2(x) for the bits of a positive normal (or normalized subnormal) x.
double log2Inline(std::uint32_t ix) {
  constexpr std::uint32_t kOff = 0x3f330000;
  const std::uint32_t tmp = ix - kOff;
  const std::size_t i = (tmp >> (23 - kLog2TableBits)) % (1 << kLog2TableBits);
  const std::uint32_t top = tmp & 0xff800000u;
  const std::uint32_t iz = ix - top;
  const std::int32_t k = sra(wrap(top), 23);
  const double invc = kLog2Table[i].invc, logc = kLog2Table[i].logc;
  const double z = double(floatOf(iz));

  const double r = std::fma(z, invc, -1.0);
  const double y0 = logc + double(k);
  const double r2 = r * r;
  double y = std::fma(kLog2Poly[0], r, kLog2Poly[1]);
  const double p = std::fma(kLog2Poly[2], r, kLog2Poly[3]);
  const double r4 = r2 * r2;
  double q = std::fma(kLog2Poly[4], r, y0);
  q = std::fma(p, r2, q);
  y = std::fma(y, r4, q);
  return y;
}

// exp2_inline: 2^xd rounded to float, xd in [-150, 128], negated by sign_bias.
float exp2Inline(double xd, std::uint32_t signBias) {
  double kd = xd + kExp2Shift;
  const std::uint64_t ki = bitsOf(kd);
  kd -= kExp2Shift;
  const double r = xd - kd;

  std::uint64_t t = kExp2Table[ki % (1 << kExp2TableBits)];
  const std::uint64_t ski = ki + signBias;
  t += ski << (52 - kExp2TableBits);
  const double s = doubleOf(t);
  const double z = std::fma(kExp2Poly[0], r, kExp2Poly[1]);
  const double r2 = r * r;
  double y = std::fma(kExp2Poly[2], r, 1.0);
  y = std::fma(z, r2, y);
  y = y * s;
  return float(y);
}

// checkint: 0 if not an integer, 1 if odd, 2 if even (iy: a non-zero finite float's bits).
int checkint(std::uint32_t iy) {
  const std::uint32_t e = iy >> 23 & 0xff;
  if (e < 0x7f) return 0;
  if (e > 0x7f + 23) return 2;
  if (iy & ((1u << (0x7f + 23 - e)) - 1)) return 0;
  if (iy & (1u << (0x7f + 23 - e))) return 1;
  return 2;
}

bool zeroinfnan(std::uint32_t i) { return 2 * i - 1 >= 2u * 0x7f800000 - 1; }

}  // namespace

float sleefPowf(float x, float y) {
  const bool yIsInt = std::trunc(y) == y || std::fabs(y) > float(1 << 24);
  const bool yIsOdd = (cvttps(y) & 1) == 1 && yIsInt && std::fabs(y) < float(1 << 24);

  float result = expk(mul(logk(std::fabs(x)), y));
  if (std::isnan(result)) result = std::numeric_limits<float>::infinity();
  result = result * (x > 0 ? 1.0f : yIsInt ? (yIsOdd ? -1.0f : 1.0f) : std::numeric_limits<float>::quiet_NaN());

  const float efx = mulsign(std::fabs(x) - 1, y);
  if (std::isinf(y))
    result = efx < 0 ? 0.0f : efx == 0 ? 1.0f : std::numeric_limits<float>::infinity();
  if (std::isinf(x) || x == 0)
    result = (yIsOdd ? sign(x) : 1.0f) * ((x == 0 ? -y : y) < 0 ? 0.0f : std::numeric_limits<float>::infinity());
  if (std::isnan(x) || std::isnan(y)) result = floatOf(0xffffffffu);
  if (y == 0 || x == 1) result = 1;
  return result;
}

float glibcPowf(float x, float y) {
  std::uint32_t signBias = 0;
  std::uint32_t ix = bitsOf(x);
  const std::uint32_t iy = bitsOf(y);
  if (ix - 0x00800000u >= 0x7f800000u - 0x00800000u || zeroinfnan(iy)) {
    // Either (x < 0x1p-126 or inf or nan) or (y is 0 or inf or nan).
    if (zeroinfnan(iy)) {
      if (2 * iy == 0) return 1.0f;
      if (ix == 0x3f800000) return 1.0f;
      if (2 * ix > 2u * 0x7f800000 || 2 * iy > 2u * 0x7f800000) return x + y;
      if (2 * ix == 2 * 0x3f800000) return 1.0f;
      if ((2 * ix < 2 * 0x3f800000) == !(iy & 0x80000000)) return 0.0f;  // |x|<1 && y==inf or |x|>1 && y==-inf
      return y * y;
    }
    if (zeroinfnan(ix)) {
      float x2 = x * x;
      if (ix & 0x80000000 && checkint(iy) == 1) x2 = -x2;
      return iy & 0x80000000 ? 1 / x2 : x2;
    }
    // x and y are non-zero finite.
    if (ix & 0x80000000) {  // finite x < 0
      const int yint = checkint(iy);
      if (yint == 0) return std::numeric_limits<float>::quiet_NaN();  // __math_invalidf
      if (yint == 1) signBias = kSignBias;
      ix &= 0x7fffffff;
    }
    if (ix < 0x00800000) {  // normalize a subnormal x so its exponent becomes negative
      ix = bitsOf(x * 0x1p23f);
      ix &= 0x7fffffff;
      ix -= 23 << 23;
    }
  }
  const double logx = log2Inline(ix);
  const double ylogx = double(y) * logx;  // cannot overflow, y is single precision
  if ((bitsOf(ylogx) >> 47 & 0xffff) >= bitsOf(126.0) >> 47) {  // |y * log2(x)| >= 126
    const float huge = signBias ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
    if (ylogx > 0x1.fffffffd1d571p+6) return huge;  // __math_oflowf
    if (ylogx <= -150.0) return signBias ? -0.0f : 0.0f;  // __math_uflowf
  }
  return exp2Inline(ylogx, signBias);
}

void powScalarBase(float base, const float* exponent, float* out, std::size_t n) {
  constexpr std::size_t kBlock = 16;  // cpu_kernel_vec's step: 2 x Vectorized<float>::size()
  const std::size_t vectorized = n / kBlock * kBlock;
  for (std::size_t i = 0; i < vectorized; ++i) out[i] = sleefPowf(base, exponent[i]);
  for (std::size_t i = vectorized; i < n; ++i) out[i] = glibcPowf(base, exponent[i]);
}

}  // namespace posenc::torch
