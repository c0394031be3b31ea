#!/usr/bin/env python
"""Regenerate every committed table under crib_stats/data/, the README figures under docs/, and the
executed notebooks.

Each file is produced by the crib-stats command named in crib_stats/data/crib-stats-index.md, or by the study
of the checkout's studies/ named there; this script only runs those commands and studies in-process.
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)  # the studies (studies/): the checkout's, not the wheel's

from crib_stats.presentation.cli import main  # noqa: E402

COMMANDS = [
    ["enumerate", "--out", os.path.join(ROOT, "crib_stats", "data"), "--plot", os.path.join(ROOT, "docs", "distribution.png")],
    ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--plot", os.path.join(ROOT, "docs", "discard.png")],
    ["peg", "--extremes", "--recompute", "--variant", "five-card", "--out", os.path.join(ROOT, "crib_stats", "data")],
    ["peg", "--extremes", "--recompute", "--variant", "six-card", "--out", os.path.join(ROOT, "crib_stats", "data")],  # under a minute
    ["peg", "--play-table", "greedy", "--out", os.path.join(ROOT, "crib_stats", "data")],
    ["peg", "--play-table", "minimax", "--out", os.path.join(ROOT, "crib_stats", "data")],  # ten seconds or so
] + [["sweep", "--variant", v, "--out", os.path.join(ROOT, "crib_stats", "data")]
      for v in ("six-card", "five-card", "three-player", "four-player")] + [
    ["claims", "--out", os.path.join(ROOT, "crib_stats", "data"), "--markdown", os.path.join(ROOT, "docs", "claims.md")],
    # the per-seat measurement: 10,000 real deals, both players discarding by their objectives (minutes)
    ["sweep", "--pegging", "greedy", "--sample", "10000", "--seed", "0", "--out", os.path.join(ROOT, "crib_stats", "data")],
    # the discard game's solution, Hessel's reproduction and the card-removal measurement
    # (15-20 minutes; the files are described in crib_stats/solution.py)
    ["crib-table", "--solve", "--out", os.path.join(ROOT, "crib_stats", "data")],
]


def run() -> int:
    os.makedirs(os.path.join(ROOT, "docs"), exist_ok=True)
    for argv in COMMANDS:
        code = main(argv)
        if code:
            return code
    # the studies (studies/): the game's deal models and their solved boards, what playing to the board is worth
    # and what its board player gives up, what the play advisor is worth, the play's rules of thumb (about an
    # hour in all), then the players' matches (data/match_*: greedy against greedy and random in minutes, points
    # against greedy in about an hour, the engine against greedy and against points several hours each; shards
    # cached: resumable); then the claims report again, which reads the rules of thumb
    import studies

    studies.regenerate(os.path.join(ROOT, "crib_stats", "data"))
    code = main(["claims", "--markdown", os.path.join(ROOT, "docs", "claims.md")])
    if code:
        return code
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    # the notebooks are committed executed, so a reader on a code host sees their outputs
    import execute_notebooks

    return execute_notebooks.main([])


if __name__ == "__main__":
    sys.exit(run())
