#!/usr/bin/python3
"""The float32 story of seed 000 ("The Hidden Beauty of Sinusoidal Positional Encodings in
Transformers"), from the real thing: torch's own numbers and an independent numpy emulation
of each rounding stage, written to tests/golden/float32-story.json for js/story/float32.js.

Run with Debian's python (numpy 1.24, torch 1.13):  /usr/bin/python3 scripts/golden/float32_story.py

The encoding is the PyTorch tutorial's / Annotated Transformer's PositionalEncoding, all in
float32:  div_term = exp(arange(0, d, 2).float() * (-ln(10000) / d)),
pe[:, 0::2] = sin(position * div_term), pe[:, 1::2] = cos(position * div_term).
"""
import json
import math
import os
import re
from fractions import Fraction

import numpy as np
import torch

D_MODEL = 512
PAIRS = [(1, 2), (80, 81), (1, 80), (2, 81)]
# What seed 000 printed (torch.dot(pe[a], pe[b]).item() on the author's machine).
SEED_PRINTED = {"1,2": 249.10211181640625, "80,81": 249.1020965576172,
                "1,80": 117.52901458740234, "2,81": 117.52900695800781}
ORDERS = ["sequential", "pairwise", "lanes8", "lanes16", "lanes32", "lanes32fma"]


def torch_encoding(length, d):
    pe = torch.zeros(length, d)
    position = torch.arange(0, length).unsqueeze(1)
    div_term = torch.exp(torch.arange(0, d, 2).float() * (-math.log(10000.0) / d))
    pe[:, 0::2] = torch.sin(position * div_term)
    pe[:, 1::2] = torch.cos(position * div_term)
    return pe, div_term


def emulated_frequencies(d):
    """div_term with a correctly rounded float32 exp (torch's vectorised exp may differ by 1 ulp)."""
    x = (np.arange(0, d, 2).astype(np.float32) * np.float32(-math.log(10000.0) / d)).astype(np.float32)
    return np.exp(x.astype(np.float64)).astype(np.float32)


def angles32(pos, w32):
    return (np.float32(pos) * w32).astype(np.float32)


def row32(pos, w32):
    theta = angles32(pos, w32).astype(np.float64)
    row = np.empty(len(w32) * 2, np.float32)
    row[0::2] = np.sin(theta)
    row[1::2] = np.cos(theta)
    return row


def exact_dot(delta, d):
    """D(Δ) = Σ cos(Δ·ω_i), ω_i = 10000^(−2i/d) in float64, summed exactly (fsum)."""
    omega = np.exp(-np.arange(0, d, 2) / d * math.log(10000.0))
    return math.fsum(np.cos(delta * omega))


def stage_frequencies(delta, w32):
    return math.fsum(np.cos(delta * w32.astype(np.float64)))


def stage_angles(a, b, w32):
    return math.fsum(np.cos(angles32(b, w32).astype(np.float64) - angles32(a, w32).astype(np.float64)))


def stage_sincos(x, y):
    """Σ x_j·y_j of float32 values, exactly (each product is exact in float64; fsum is exact)."""
    return math.fsum(x.astype(np.float64) * y.astype(np.float64))


def fma32(acc, a, b):
    """float32 fma: acc + a·b rounded once (round-to-odd in float64, then to float32)."""
    exact = Fraction(float(acc)) + Fraction(float(a)) * Fraction(float(b))
    s = float(exact)
    if Fraction(s) != exact and np.array([s]).view(np.int64)[0] & 1 == 0:
        s = float(np.nextafter(s, math.inf if exact > Fraction(s) else -math.inf))
    return np.float32(s)


def dot32(x, y, order):
    if order == "sequential":   # reference BLAS sdot (netlib, Debian's libblas): left to right
        acc = np.float32(0)
        for a, b in zip(x, y):
            acc = np.float32(acc + np.float32(a * b))
        return acc
    if order == "pairwise":     # products, then halves added as a balanced tree
        terms = [np.float32(a * b) for a, b in zip(x, y)]
        while len(terms) > 1:
            terms = [np.float32(terms[i] + terms[i + 1]) for i in range(0, len(terms), 2)]
        return terms[0]
    lanes = int(re.match(r"lanes(\d+)", order).group(1))
    fma = order.endswith("fma")
    acc = [np.float32(0)] * lanes  # SIMD accumulators: element j goes to lane j mod lanes
    for j, (a, b) in enumerate(zip(x, y)):
        acc[j % lanes] = fma32(acc[j % lanes], a, b) if fma else np.float32(acc[j % lanes] + np.float32(a * b))
    while len(acc) > 1:  # horizontal reduction: upper half onto lower half
        half = len(acc) // 2
        acc = [np.float32(acc[i] + acc[i + half]) for i in range(half)]
    return acc[0]


def main():
    pe, div_term = torch_encoding(100, D_MODEL)
    w_torch = div_term.numpy()
    w_emul = emulated_frequencies(D_MODEL)
    rows = {p: pe[p].numpy() for p in sorted({p for pair in PAIRS for p in pair})}
    out = {
        "about": "Written by scripts/golden/float32_story.py; see js/story/float32.js.",
        "torchVersion": torch.__version__,
        "blas": "reference BLAS (netlib libblas.so.3, Debian)",
        "dModel": D_MODEL,
        "seedPrinted": SEED_PRINTED,
        "torchFrequencies": [float(w) for w in w_torch],
        "frequenciesDifferFromCorrectlyRounded": int((w_torch != w_emul).sum()),
        "torchRows": {str(p): [float(v) for v in r] for p, r in rows.items()},
        "rowsDifferFromCorrectlyRounded": {str(p): int((row32(p, w_torch) != r).sum()) for p, r in rows.items()},
        "pairs": {},
    }
    for a, b in PAIRS:
        key = f"{a},{b}"
        entry = {
            "torchDot": torch.dot(pe[a], pe[b]).item(),
            "torchMatmul": torch.matmul(pe[: b + 1], pe[: b + 1].T)[a, b].item(),
            "exact": exact_dot(b - a, D_MODEL),
        }
        for name, w in (("torchFrequencies", w_torch), ("correctlyRounded", w_emul)):
            x, y = row32(a, w), row32(b, w)
            entry[name] = {
                "frequencies": stage_frequencies(b - a, w),
                "angles": stage_angles(a, b, w),
                "sinCos": stage_sincos(x, y),
                "sums": {o: float(dot32(x, y, o)) for o in ORDERS},
            }
        entry["torchRowSums"] = {o: float(dot32(rows[a], rows[b], o)) for o in ORDERS}
        out["pairs"][key] = entry
    path = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "golden", "float32-story.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    for key, e in out["pairs"].items():
        print(f"dot({key}): torch {e['torchDot']!r} (seed printed {SEED_PRINTED[key]!r}), exact {e['exact']!r}")
        for name in ("torchFrequencies", "correctlyRounded"):
            s = e[name]
            print(f"  {name}: frequencies {s['frequencies']!r}, angles {s['angles']!r}, sin/cos {s['sinCos']!r}")
            print("    sums: " + ", ".join(f"{o} {v!r}" for o, v in s["sums"].items()))
        print("  torch's rows summed: " + ", ".join(f"{o} {v!r}" for o, v in e["torchRowSums"].items()))


if __name__ == "__main__":
    main()
