#!/usr/bin/env python
"""Whole games, simulated, against the board's induction (a check of crib-stats game, not a test).

Each game is played from a starting position with fresh deals (the deal kernel's scripts of a
seed the committed model did not use, consumed one after another), point by point in plain
Python, the game ending the moment a player reaches 121. The simulated P(win) (and skunks, deals)
with its binomial error is printed beside the committed board's value and its error.

Usage: python scripts/game_check.py [--deals N] [--seed S]
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numpy as np

from crib_stats.game.board import committed
from crib_stats.game.model import deal_inputs
from crib_stats.kernels import game as kg

POSITIONS = [((0, 0), "the start"), ((35, 37), "dealer 35, pone 37"), ((100, 110), "dealer 100, pone 110"),
             ((60, 60), "both at 60"), ((110, 100), "dealer 110, pone 100")]


def deal_stream(seed: int, total: int, step: int = 200_000):
    k = deal_inputs("six-card", "objective")
    for lo in range(0, total, step):
        hi = min(total, lo + step)
        who, pts, ne, _ = kg.deal_scripts(seed, lo, hi, 2, 6, False, k["index"], k["rank_hand"], k["rank_crib"],
                                          k["throws"], k["hand_table"], k["crib_table"], k["rank_throws"])
        for i in range(hi - lo):
            yield who[i, :ne[i]].tolist(), pts[i, :ne[i]].tolist()


def games(start, deals: int, seed: int, target: int = 121, skunk: int = 91) -> np.ndarray:
    """(first dealer won, he skunked, he was skunked, deals) of every game the deals complete."""
    out = []
    stream = deal_stream(seed, deals)
    try:
        while True:
            score = list(start)
            dealer, n, winner = 0, 0, None
            while winner is None:
                who, pts = next(stream)
                n += 1
                for w, x in zip(who, pts):
                    player = dealer if w == 1 else 1 - dealer
                    score[player] += x
                    if score[player] >= target:
                        winner = player
                        break
                dealer = 1 - dealer
            lost = score[1 - winner] < skunk
            out.append((winner == 0, lost and winner == 0, lost and winner == 1, n))
    except StopIteration:
        pass
    return np.array(out, dtype=np.float64)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=1_000_000, help="deals per position (default 1,000,000)")
    p.add_argument("--seed", type=int, default=12345, help="the deals' seed (default 12345; the model used 0)")
    args = p.parse_args(argv)
    board = committed("six-card")
    r = board.row
    print(f"{'position':<24}{'figure':<14}{'simulated':>22}{'induction':>22}{'z':>7}")
    for i, ((a, b), label) in enumerate(POSITIONS):
        t = time.perf_counter()
        g = games((a, b), args.deals, args.seed + i)
        n = len(g)
        rows = [("P(win)", g[:, 0], board.values[r("win"), a, b], board.se[r("win"), a, b])]
        if (a, b) == (0, 0):
            rows += [("P(skunks)", g[:, 1], board.values[r("skunk_win"), a, b], board.se[r("skunk_win"), a, b]),
                     ("P(skunked)", g[:, 2], board.values[r("skunk_loss"), a, b], board.se[r("skunk_loss"), a, b]),
                     ("deals", g[:, 3], board.values[r("deals"), a, b], board.se[r("deals"), a, b])]
        for name, x, want, want_se in rows:
            mean, se = x.mean(), x.std(ddof=1) / math.sqrt(n)
            z = (mean - want) / math.hypot(se, want_se)
            print(f"{label:<24}{name:<14}{mean:>12.5f} ± {se:.5f}{want:>12.5f} ± {want_se:.5f}{z:>7.2f}")
        print(f"{'':<24}({n:,} games, {time.perf_counter() - t:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
