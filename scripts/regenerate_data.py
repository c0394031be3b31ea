#!/usr/bin/env python
"""Regenerate every committed table under crib_stats/data/, the README figures under docs/, and the
executed notebooks.

Each file is produced by the crib-stats command named in crib_stats/data/crib-stats-index.md; this script only
runs those commands in-process.
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from crib_stats.presentation.cli import main  # noqa: E402

COMMANDS = [
    ["enumerate", "--out", os.path.join(ROOT, "crib_stats", "data"), "--plot", os.path.join(ROOT, "docs", "distribution.png")],
    ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--plot", os.path.join(ROOT, "docs", "discard.png")],
    ["peg", "--extremes", "--variant", "five-card", "--out", os.path.join(ROOT, "crib_stats", "data")],
    ["peg", "--extremes", "--variant", "six-card", "--out", os.path.join(ROOT, "crib_stats", "data")],  # under a minute
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
    # the game's deal models and their solved boards (2-3 minutes), then the whole games of a player who
    # throws for the board against one who throws by points (data/board_play*, about 10 minutes), and what that
    # board player gives up against discard --score (data/board_cost*, 3 to 11 minutes)
    from crib_stats.game import regenerate

    regenerate(os.path.join(ROOT, "crib_stats", "data"))
    # the play's rules of thumb measured with crib-stats advise (under 10 minutes), then the claims
    # report again, which reads it
    from crib_stats.game import peg_rules

    peg_rules.write_committed(os.path.join(ROOT, "crib_stats", "data"), scheduler="local")
    # the players' matches (data/match_*): greedy against greedy and random in minutes, points against greedy in
    # about an hour, the engine against greedy and against points several hours each (shards cached: resumable)
    from crib_stats.match import regenerate as matches

    matches(os.path.join(ROOT, "crib_stats", "data"))
    code = main(["claims", "--markdown", os.path.join(ROOT, "docs", "claims.md")])
    if code:
        return code
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    # the notebooks are committed executed, so a reader on a code host sees their outputs
    import execute_notebooks

    return execute_notebooks.main([])


if __name__ == "__main__":
    sys.exit(run())
