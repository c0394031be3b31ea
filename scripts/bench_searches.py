"""The exhaustive searches' rows of scripts/bench.py (its section 7, and ``--searches``, #34): the
play's extremes over every pair of hands of the six-card game against the naive reference (200
random pairs, extrapolated) and the five-card game's against the six-card's; the play tables
(greedy, minimax) against the extremes; and Hessel's start, the cribs against the random
strategy in closed form against the kernel's pass over every opponent hand.

Run by ``scripts/bench.py`` (``--searches``, and its default run).
"""

from __future__ import annotations

import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests"))

import reference  # noqa: E402  (the naive twins)
from bench_timing import best_of  # noqa: E402


def search_rows() -> list:
    """The exhaustive searches over every pair of hands and Hessel's start (``--searches``): the
    play's extremes against the naive reference, the play tables against the extremes, and the
    cribs against the random strategy in closed form against the kernel's pass over every
    opponent hand."""
    from crib_stats.peg import tables as playvalue
    from crib_stats.peg.extremes import extremes
    from crib_stats.strategy import equilibrium as eq

    rows = []
    extremes("five-card")
    t_peg5 = best_of(lambda: extremes("five-card"), 1)
    t_peg6 = best_of(lambda: extremes("six-card"), 1)
    rng = random.Random(3)
    sample = []
    for _ in range(200):
        deck = [r for r in range(1, 14) for _ in range(4)]
        rng.shuffle(deck)
        sample.append((deck[:4], deck[4:8]))
    t = time.perf_counter()
    for pone, dealer in sample:
        reference.all_plays(pone, dealer, False)
    per_pair = (time.perf_counter() - t) / len(sample)
    rows.append(("peg extremes, six-card: every play of 3,274,375 hand pairs", t_peg6,
                 "naive reference, 200 random pairs extrapolated", per_pair * 3_274_375))
    rows.append(("peg extremes, five-card: every play of 206,700 hand pairs", t_peg5,
                 "the six-card search", t_peg6))
    playvalue.compute_rows("greedy", 0, 2)
    t_greedy = best_of(lambda: playvalue.compute_table("greedy"), 1)
    rows.append(("play table, greedy: 3,274,375 pairs of hands (target <= 10 s)", t_greedy,
                 "peg extremes, every legal play", t_peg6))
    t_minimax = best_of(lambda: playvalue.compute_table("minimax"), 1)
    rows.append(("play table, minimax: 3,274,375 pairs of hands (target <= 120 s)", t_minimax,
                 "peg extremes, every legal play", t_peg6))
    g = eq.game()
    rnd = eq.random_crib_start(g)
    t_closed = best_of(lambda: eq.random_cribs(g), 3)
    t_pass = best_of(lambda: g.crib(rnd), 1)
    rows.append(("Hessel's start: the cribs against the random strategy, closed form", t_closed,
                 "the kernel's pass over every opponent hand", t_pass))
    return rows
