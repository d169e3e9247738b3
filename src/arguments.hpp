// Argument rules of every posenc function, in one place.
//
// Each check returns the message of the first broken rule ("dModel must be an even integer
// between 2 and 65536, got 7") or nothing. The C++ API throws ArgumentError with it; the
// WebAssembly binding turns it into a JavaScript RangeError before calling the core.
// Checks take doubles because that is what JavaScript hands over: a non-integer length or
// NaN must be rejected before it is ever converted to an integer type.
#pragma once

#include <cmath>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "rope_scaling.hpp"

namespace posenc {
struct RopePositions;
}

namespace posenc {

inline constexpr double kDefaultBase = 10000.0;

// Largest dModel accepted.
inline constexpr std::size_t kMaxDModel = 65536;
// Largest result, in values: 2^24 float64 values are 128 MiB, so one call cannot push a
// browser tab (wasm32 heap at most 2 GiB) into an out-of-memory abort.
inline constexpr std::size_t kMaxElements = std::size_t{1} << 24;
// dotMatrix 'direct' does length^2 * dModel multiply-adds; capped so it ends within seconds.
inline constexpr double kMaxDirectWork = 4294967296.0;  // 2^32

class ArgumentError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

using Problem = std::optional<std::string>;

// The number as JavaScript prints it: 7, 0.5, NaN, Infinity, -Infinity.
std::string formatNumber(double value);

// The rules' building blocks, shared by the rule files (arguments.cpp, grid.cpp, rope_axes.cpp).
inline bool isInteger(double value) { return std::isfinite(value) && std::trunc(value) == value; }
// "<name> must be <rule>, got <got>".
inline Problem broken(const std::string& name, const std::string& rule, double got) {
  return name + " must be " + rule + ", got " + formatNumber(got);
}
// The first problem of a list, in order.
template <class... Problems>
Problem first(const Problems&... problems) {
  Problem found;
  ((found = found ? found : problems), ...);
  return found;
}

struct Scheme;  // scheme.hpp

// Even, or odd too when the scheme has a rule for it (OddRule).
Problem checkDModel(double dModel, const Scheme& scheme, const char* name = "dModel");
Problem checkCount(double value, const char* name);  // an integer >= 0
Problem checkFinite(double value, const char* name);
Problem checkBase(double base);
// base, angleScale and amplitude.
Problem checkScheme(const Scheme& scheme);
Problem checkElements(double rows, double cols, const char* rowsName, const char* colsName);

// The rules of each public function, checked in the order of its parameters.
Problem frequenciesArgs(double dModel, const Scheme& scheme);
Problem encodingArgs(double length, double dModel, const Scheme& scheme, double start);
Problem encodingAtArgs(double count, double dModel, const Scheme& scheme);  // count positions
Problem checkPositions(const double* positions, std::size_t count, const Scheme& scheme);  // finite
Problem encodeArgs(double pos, double dModel, const Scheme& scheme);
Problem rotationArgs(double k, double dModel, const Scheme& scheme);
Problem shiftArgs(double size, double k, const Scheme& scheme);
Problem dotKernelArgs(double maxOffset, double dModel, const Scheme& scheme, double start = 0);
Problem dotMatrixArgs(double length, double dModel, const Scheme& scheme, bool direct);
Problem addToArgs(double rows, double cols, const Scheme& scheme, double start, double scale);
// A table of rows position vectors of cols values: rows·cols within the size cap, rows² · cols / 2
// multiply-adds within kMaxDirectWork, every value finite.
Problem nearestToeplitzArgs(double rows, double cols, const double* values, std::size_t size);
// Rotary embeddings: rotaryDims is the caller's or headDim (cols); length is dynamic scaling's.
Problem ropeFrequenciesArgs(double headDim, double rotaryDims, double base,
                            const RopeScaling& scaling, std::optional<double> length);
// rope's positions list has one position per row of the matrix.
Problem checkPositionsLength(double listed, double rows);
Problem ropeArgs(double rows, double cols, double rotaryDims, double base,
                 const RopeScaling& scaling, std::optional<double> length,
                 const RopePositions& positions);

// Throws ArgumentError carrying the problem, if there is one.
void require(const Problem& problem);

}  // namespace posenc
