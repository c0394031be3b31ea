#!/usr/bin/env python
"""Solve the rank-level discard game and reproduce Hessel's table; write the results to crib_stats/data/.

    python scripts/solve_equilibrium.py [OUT_DIR] [crib-table --solve options]

The same as ``crib-stats crib-table --solve --out OUT_DIR`` (default: crib_stats/data/ of this checkout);
the files are described in :mod:`crib_stats.strategy.solution` and in crib_stats/data/crib-stats-index.md. About
15-20 minutes on two cores, most of it the card-removal measurement; a killed run resumes.
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from crib_stats.presentation.cli import main  # noqa: E402


def run(out: str = os.path.join(ROOT, "crib_stats", "data"), *options: str) -> int:
    return main(["crib-table", "--solve", "--out", out, *options])


if __name__ == "__main__":
    args = sys.argv[1:]
    out = args.pop(0) if args and not args[0].startswith("-") else os.path.join(ROOT, "crib_stats", "data")
    sys.exit(run(out, *args))
