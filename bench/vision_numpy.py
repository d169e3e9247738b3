"""npm run bench (bench/vision.js): numpy's times for MAE's 2D sin-cos table and its Gram matrix.

The table is computed with the numpy operations of facebookresearch/mae util/pos_embed.py
(get_2d_sincos_pos_embed at be47fef7): a float32 meshgrid with the column index first, an
einsum outer product with float64 frequencies, sin and cos concatenated. (Re-written here, not
copied: MAE's code is CC BY-NC.) The Gram matrix is table @ table.T (BLAS). Prints JSON of
median milliseconds. Usage: python3 bench/vision_numpy.py H W D
"""
import json
import sys
import time

import numpy as np


def axis_table(dim, pos):
    """[sin(p·ω_k) | cos(p·ω_k)] for ω_k = 10000^(−k/(dim/2)), k < dim/2 (float64)."""
    omega = 1.0 / 10000 ** (np.arange(dim // 2, dtype=np.float64) / (dim / 2.0))
    angles = np.einsum('m,d->md', pos.reshape(-1), omega)
    return np.concatenate([np.sin(angles), np.cos(angles)], axis=1)


def mae_table(dim, height, width):
    cols, rows = np.meshgrid(np.arange(width, dtype=np.float32), np.arange(height, dtype=np.float32))
    return np.concatenate([axis_table(dim // 2, cols), axis_table(dim // 2, rows)], axis=1)


def median_ms(run, repeats):
    run()
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        run()
        times.append((time.perf_counter() - t0) * 1000)
    return sorted(times)[len(times) // 2]


def main():
    height, width, dim = (int(a) for a in sys.argv[1:4])
    table = mae_table(dim, height, width)
    print(json.dumps({
        'numpy': np.__version__,
        'encoding2d': median_ms(lambda: mae_table(dim, height, width), 7),
        'dotMatrix2d': median_ms(lambda: table @ table.T, 3),
        'checksum': float(table[-1].sum()),
    }))


if __name__ == '__main__':
    main()
