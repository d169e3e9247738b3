// The JavaScript that reproduces a convention with posenc, for people to copy: the framework's
// call it equals (in a comment), the options, the encoding of the positions, and the numbers
// the widget shows, computed the same way (convention-vs-paper.js). A test runs it in Node
// and compares what it prints with what the widget shows (tests/browser/framework.test.js).

/** A number as a JavaScript literal that reads back to the same number. */
const literal = (x) => (Object.is(x, -0) ? '0' : String(x));

const run = (from, length) => `Array.from({ length: ${length} }, (_, i) => ${from === 0 ? 'i' : `${literal(from)} + i`})`;

/** The positions as JavaScript: runs of 4 or more whole steps (0, 1, 2, …) as Array.from. */
function positionsLiteral(list) {
  const parts = [];
  for (let i = 0; i < list.length;) {
    let j = i + 1;
    while (Number.isInteger(list[i]) && list[j] === list[j - 1] + 1) j++;
    parts.push(j - i >= 4 ? { from: list[i], length: j - i } : literal(list[i]));
    i = j - i >= 4 ? j : i + 1;
  }
  if (parts.length === 1 && typeof parts[0] === 'object') return run(parts[0].from, parts[0].length);
  return `[${parts.map((p) => (typeof p === 'object' ? `...${run(p.from, p.length)}` : p)).join(', ')}]`;
}

/**
 * The snippet for `convention` (an entry of posenc.conventions) at (positions, dModel, base):
 * an ES module that imports posenc and prints { first, dot12, longestPeriod, maxDiff, valueDiff }.
 */
export function conventionSnippet(convention, { dModel, positions, base }) {
  const { name, equals } = convention;
  const quoted = `'${name}'`;
  const calls = equals.map(({ call, file }) => `//   ${call}\n//     (${file})`).join('\n');
  return `import { init } from 'posenc';

const pe = await init();
// ${quoted} equals:
${calls}
const options = { convention: ${quoted}, base: ${literal(base)} };
const positions = ${positionsLiteral(positions)};
// Row r is PE(positions[r]): a positions × ${dModel} matrix, row-major.
const table = pe.encoding(positions, ${dModel}, { ...options, dtype: 'float64' });

// The paper's encoding as it is, and in this convention's column order (layout and order):
// what differs from the latter is a change of values, not a permutation of columns.
const { layout, order } = pe.conventions[${quoted}].options;
const paper = pe.encoding(positions, ${dModel}, { convention: 'paper', base: ${literal(base)}, dtype: 'float64' });
const inOrder = pe.encoding(positions, ${dModel}, { convention: 'paper', base: ${literal(base)}, layout, order, dtype: 'float64' });
const maxAbsDiff = (a, b) => a.reduce((max, x, i) => Math.max(max, Math.abs(x - b[i])), 0);
const dot = (a, b) => a.reduce((sum, x, i) => sum + x * b[i], 0);

console.log(JSON.stringify({
  first: Array.from(pe.encode(1, ${dModel}, options).subarray(0, 4)),   // PE(1)'s first values
  dot12: dot(pe.encode(1, ${dModel}, options), pe.encode(2, ${dModel}, options)),
  longestPeriod: Math.max(...pe.periods(${dModel}, options)),
  maxDiff: maxAbsDiff(table.data, paper.data),
  valueDiff: maxAbsDiff(table.data, inOrder.data),
}));
`;
}
