// Where the (sin, cos) pair i of a d-dimensional encoding lives: dimensions (2i, 2i + 1) when
// interleaved (the paper), (i, i + d/2) when concatenated (tensor2tensor: all sines, then all
// cosines).

/** The dimensions [sin, cos] of pair i. */
export const pairIndices = (i, d, layout) => (layout === 'concatenated' ? [i, i + d / 2] : [2 * i, 2 * i + 1]);

/** Pair i of an encoding vector: [sin, cos]. */
export const pairOf = (v, i, layout) => pairIndices(i, v.length, layout).map((c) => v[c]);

/** Whether dimension c is a sine or a cosine. */
export const kind = (c, d, layout) => ((layout === 'concatenated' ? c < d / 2 : c % 2 === 0) ? 'sin' : 'cos');
