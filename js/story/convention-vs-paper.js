// A convention against the paper, on the same positions, dModel and base. Two differences
// hide in "convention − paper": where the columns go (layout and order, a permutation: the
// same values in another order) and what the values are (spacing, amplitude, the odd-d
// rule). The paper laid out in the convention's column order separates them: convention −
// that is the change of values alone; if it is 0, the convention is the paper's encoding
// with its columns permuted, and every dot product, period and norm is the paper's.
//
// The numbers are computed exactly as the copied snippet computes them
// (convention-snippet.js), so the widget shows what the snippet prints.

const dot = (a, b) => a.reduce((sum, x, i) => sum + x * b[i], 0);
const maxAbsDiff = (a, b) => a.reduce((max, x, i) => Math.max(max, Math.abs(x - b[i])), 0);

/** PE(1)'s first values, dot(PE(1), PE(2)) and the longest period under `options`. */
export function conventionNumbers(pe, dModel, options) {
  return {
    first: Array.from(pe.encode(1, dModel, options).subarray(0, 4)),
    dot12: dot(pe.encode(1, dModel, options), pe.encode(2, dModel, options)),
    longestPeriod: Math.max(...pe.periods(dModel, options)),
  };
}

/**
 * { encoding, paper, inOrder, difference, numbers, paperNumbers, maxDiff, valueDiff } for
 * `convention` at (positions, dModel, base), float64: `encoding` the convention's matrix,
 * `paper` the paper's, `inOrder` the paper's in the convention's column order, `difference`
 * = encoding − inOrder; maxDiff = max |encoding − paper|, valueDiff = max |difference|.
 * Throws the package's RangeError/TypeError (naming the parameter) for bad values.
 */
export function conventionVsPaper(pe, { convention, dModel, positions, base }) {
  // (pe.encoding's first parameter is a length or a list; a wrong type is reported as a length.)
  if (!Array.isArray(positions) && !ArrayBuffer.isView(positions))
    throw new TypeError(`positions must be an array or typed array of numbers, got ${typeof positions}`);
  const options = { convention, base };
  const { layout, order } = pe.conventions[convention]?.options ?? {};
  const table = (o) => pe.encoding(positions, dModel, { ...o, dtype: 'float64' });
  const encoding = table(options);
  const paper = table({ convention: 'paper', base });
  const inOrder = table({ convention: 'paper', base, layout, order });
  return {
    encoding, paper, inOrder,
    difference: { ...encoding, data: encoding.data.map((x, i) => x - inOrder.data[i]) },
    numbers: conventionNumbers(pe, dModel, options),
    paperNumbers: conventionNumbers(pe, dModel, { convention: 'paper', base }),
    maxDiff: maxAbsDiff(encoding.data, paper.data),
    valueDiff: maxAbsDiff(encoding.data, inOrder.data),
  };
}
