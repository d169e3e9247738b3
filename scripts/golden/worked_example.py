"""The story's code as the page shows it (web/index.html, the <code data-snippet> blocks "numpy"
and "torch" of the worked example, and section 9's "rope"), run with Debian's python3 (python3-numpy, python3-torch):
/usr/bin/python3 scripts/golden/worked_example.py

Writes tests/golden/worked-example.json: each snippet's text and the matrix it computes (float64),
(rope: a 4 × 8 matrix turned in both layouts),
which tests/js/worked-example.test.js compares with pe.encoding and holds the page's snippets to
(a changed snippet needs this rerun). CI only reads the JSON.
"""
import html
import json
import os
import re

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
OUT = os.path.join(ROOT, "tests", "golden", "worked-example.json")


def snippets():
    with open(os.path.join(ROOT, "web", "index.html")) as f:
        page = f.read()
    return {name: html.unescape(code) for name, code in re.findall(r'<code data-snippet="(\w+)">(.*?)</code>', page, re.S)}


def run(code):
    """The snippet's positional_encoding(5, 4), as a list of rows (the print is left out)."""
    scope = {}
    exec(code.replace("print(positional_encoding(5, 4))", ""), scope)
    return [[float(v) for v in row] for row in scope["positional_encoding"](5, 4).tolist()]


# Section 9's rope(x, pos, layout): a 4 × 8 matrix of exact values at positions 0, 1, 5 and 37,
# turned in both layouts (tests/js/worked-example.test.js holds them to pe.rope's).
ROPE_X = [[((r * 8 + c) % 7 - 3) / 4 for c in range(8)] for r in range(4)]
ROPE_POS = [0, 1, 5, 37]


def run_rope(code):
    import numpy as np
    scope = {}
    exec(code, scope)
    x, pos = np.array(ROPE_X, dtype=np.float64), np.array(ROPE_POS, dtype=np.float64)
    return {layout: [[float(v) for v in row] for row in scope["rope"](x, pos, layout=layout).tolist()]
            for layout in ("interleaved", "concatenated")}


def main():
    code = snippets()
    out = {"about": "Written by scripts/golden/worked_example.py: the page's numpy and PyTorch snippets and what they compute.",
           "snippets": {name: {"code": code[name], "rows": run(code[name])} for name in ("numpy", "torch")}}
    out["snippets"]["rope"] = {"code": code["rope"], "x": ROPE_X, "positions": ROPE_POS, "rows": run_rope(code["rope"])}
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print(os.path.relpath(OUT, ROOT), "written")


if __name__ == "__main__":
    main()
