#include "scheme.hpp"

namespace posenc {

Columns columnsOf(std::size_t dModel, const Scheme& scheme) {
  Columns at;
  at.layout = scheme.layout;
  const bool odd = dModel % 2 == 1;
  at.pairs = dModel / 2;
  at.frequencies = at.pairs;
  if (odd && scheme.odd == OddRule::zeroColumn) at.zero = dModel - 1;
  if (odd && scheme.odd == OddRule::extraSine) at.frequencies = at.pairs + 1;
  const bool sinFirst = scheme.order == Order::sinCos;
  if (scheme.layout == Layout::interleaved) {
    at.sinStart = sinFirst ? 0 : 1;
    at.cosStart = sinFirst ? 1 : 0;
  } else {
    // The first block holds one function of every frequency: all sines (with the extra one,
    // as HF Marian) or all cosines.
    at.sinStart = sinFirst ? 0 : at.pairs;
    at.cosStart = sinFirst ? at.frequencies : 0;
  }
  // The extra sine ends the sines: the last column (interleaved, or cosines first), or the
  // end of the sine block (HF Marian: ceil(d/2) sines, then floor(d/2) cosines).
  if (at.frequencies > at.pairs)
    at.extraSine = scheme.layout == Layout::interleaved ? 2 * at.pairs : at.sinAt(at.pairs);
  return at;
}

}  // namespace posenc
