// Which columns hold the (sin, cos) pair i of a d-dimensional encoding, or rotary pair i of a
// RoPE head: (2i, 2i + 1) when interleaved (the paper, RoFormer, GPT-J, Meta's llama), (i, i + d/2)
// when concatenated (tensor2tensor: all sines, then all cosines; Hugging Face's rotate_half).
// Every chart, readout and computation asks here.

/** The columns [sin, cos] (or [x1, x2] of a rotary pair) of pair i. */
export const pairColumns = (i, d, layout = 'interleaved') => (layout === 'concatenated' ? [i, i + d / 2] : [2 * i, 2 * i + 1]);

/** The pair i that column c belongs to. */
export const pairOfColumn = (c, d, layout = 'interleaved') => (layout === 'concatenated' ? c % (d / 2) : c >> 1);

/** Pair i of an encoding vector: [sin, cos]. */
export const pairOf = (v, i, layout) => pairColumns(i, v.length, layout).map((c) => v[c]);

/** Whether column c is a sine or a cosine. */
export const kind = (c, d, layout = 'interleaved') => ((layout === 'concatenated' ? c < d / 2 : c % 2 === 0) ? 'sin' : 'cos');

/** Column c as a readout names it: "dimension 5 (cos, i = 2)". */
export const columnName = (c, d, layout) => `dimension ${c} (${kind(c, d, layout)}, i = ${pairOfColumn(c, d, layout)})`;
