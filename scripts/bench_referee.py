#!/usr/bin/env python
"""Whole games in the Python referee (crib_stats.referee.play_game, records included, one process),
against baselines timed in the same run: the naive twin's whole greedy games
(tests/reference.py board_whole_games: the rule book in plain Python, exact discards by
Fractions) and the deal model's kernel playing the same number of deals (the fast path a
whole-game kernel would take). Each figure is the best of ``--repeat`` runs of ``--games``
games (deck sequences 0..N-1 of seed 0); read the ratios, the machine is shared.

Usage: python scripts/bench_referee.py [--games N] [--repeat R]   (scripts/bench.py runs it too)
"""

from __future__ import annotations

import argparse
import os
import sys
import timeit

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests"))

import reference  # noqa: E402  (the naive twins)


def best_of(fn, repeat: int) -> float:
    return min(timeit.repeat(fn, number=1, repeat=repeat))


def referee_rows(games: int = 30, repeat: int = 3) -> list[tuple[str, float, str, float]]:
    """(what, seconds a game, baseline, its seconds a game) rows."""
    from crib_stats.game.model import deal_inputs
    from crib_stats.kernels import game as kg
    from crib_stats.players import GreedyPlayer, RandomPlayer
    from crib_stats.referee import play_game

    def run(variant, make):
        deals = 0
        for k in range(games):
            deals += len(play_game(make(k), 0, k, variant)["deals"])
        return deals

    greedy = lambda k: (GreedyPlayer(), GreedyPlayer())  # noqa: E731
    uniform = lambda k: (RandomPlayer(2 * k), RandomPlayer(2 * k + 1))  # noqa: E731
    rows = []
    per = {}
    for variant in ("six-card", "five-card"):
        deals = run(variant, greedy)  # warm: the kernels, the rank memo
        t_greedy = best_of(lambda: run(variant, greedy), repeat) / games
        t_random = best_of(lambda: run(variant, uniform), repeat) / games
        k = deal_inputs(variant, "objective")
        args = (k["players"], k["dealt"], k["stop_at_go"], k["index"], k["rank_hand"], k["rank_crib"], k["throws"],
                k["hand_table"], k["crib_table"], k["rank_throws"])
        kg.deal_scripts(0, 0, deals, *args)
        t_kernel = best_of(lambda: kg.deal_scripts(0, 0, deals, *args), repeat) / games
        per[variant] = (t_greedy, t_random, t_kernel, deals / games)
    t_twin = best_of(lambda: reference.board_whole_games(2, 0, 121, 91), 1) / 2
    g6, r6, k6, d6 = per["six-card"]
    g5, r5, k5, d5 = per["five-card"]
    rows.append(("referee: greedy vs greedy, six-card, a whole game, records included", g6,
                 "naive twin: a whole greedy game (Fractions)", t_twin))
    rows.append(("referee: random vs random, six-card, a whole game", r6, "referee: greedy vs greedy, six-card", g6))
    rows.append(("referee: greedy vs greedy, five-card, a whole game", g5, "referee: greedy vs greedy, six-card", g6))
    rows.append(("referee: random vs random, five-card, a whole game", r5, "referee: greedy vs greedy, five-card", g5))
    rows.append((f"deal model kernel: a six-card game's {d6:.1f} deals, one thread", k6,
                 "referee: greedy vs greedy, six-card", g6))
    rows.append((f"deal model kernel: a five-card game's {d5:.1f} deals, one thread", k5,
                 "referee: greedy vs greedy, five-card", g5))
    return rows


def print_rows(rows, title: str = "whole games, in-process (seconds a game)") -> None:
    print(f"{title:<76} {'seconds':>9}  {'baseline':<48} {'seconds':>9} {'ratio':>8}")
    for name, t, bname, bt in rows:
        print(f"{name:<76} {t:>9.6f}  {bname:<48} {bt:>9.5f} {bt / t:>7.2f}x   ({1 / t:,.0f} a second)")


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args(argv)
    print_rows(referee_rows(args.games, args.repeat))


if __name__ == "__main__":
    main()
