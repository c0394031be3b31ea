#!/usr/bin/env python
"""Whole greedy-against-greedy games in the whole-game kernel (crib_stats.kernels.wholegames,
the records built by crib_stats.match.greedy_games) against the Python referee's own greedy
games timed in the same run (the baseline: records included in both), one process and both
cores; and the match command's own rate (each deck played once for its pair). Each figure is
the best of ``--repeat`` runs; read the ratios, the machine is shared.

The engine's rows (``--engine``): its decisions warm, in-process, over the decisions of a few
seeded games against greedy (the referee times each answer): a play's median (the decisions with
a choice: a lone card asks nothing) against the points player's play at the same views (advise
without a score), a throw's median at score_throws' default accuracy against the points throw
(analyse with E[peg]) at the same views; and the games an hour of an engine-against-greedy
match in one process.

Usage: python scripts/bench_match.py [--decks N] [--referee-games M] [--repeat R] [--engine [--engine-games G]]
(bench.py runs it too)
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from bench_referee import best_of, print_rows as print_table  # noqa: E402  (the same timing and table)


def kernel_games(variant: str, lo: int, hi: int) -> int:
    """Decks lo..hi-1 played by the kernel, their records written (bytes); the games played."""
    import numpy as np

    from crib_stats.match.greedy_games import lines
    from crib_stats.referee import SEATS

    out = lines(0, np.arange(lo, hi), variant, {SEATS[0]: "greedy", SEATS[1]: "greedy"})
    return len(out)


def referee_games(variant: str, games: int) -> int:
    import json

    from crib_stats.players import GreedyPlayer
    from crib_stats.referee import play_game

    for k in range(games):
        json.dumps(play_game((GreedyPlayer(), GreedyPlayer()), 0, k, variant), separators=(",", ":"))
    return games


def match_rows(decks: int = 4000, referee: int = 30, repeat: int = 3) -> list[tuple[str, float, str, float]]:
    """(what, seconds a game, baseline, its seconds a game) rows."""
    from crib_stats.match import play_match

    rows = []
    for variant in ("six-card", "five-card"):
        kernel_games(variant, 0, 10)  # warm: the kernels, the rank memo
        referee_games(variant, 2)
        t_ref = best_of(lambda: referee_games(variant, referee), repeat) / referee
        t_one = best_of(lambda: kernel_games(variant, 0, decks), repeat) / decks
        rows.append((f"kernel: greedy vs greedy, {variant}, a game with its record, one process", t_one,
                     f"referee: greedy vs greedy, {variant}", t_ref))
        if variant == "six-card":
            with ProcessPoolExecutor(2) as pool:
                list(pool.map(kernel_games, [variant] * 2, [0, 5], [5, 10]))  # warm both workers

                def both():
                    half = decks // 2
                    list(pool.map(kernel_games, [variant] * 2, [0, half], [half, decks]))

                t_two = best_of(both, repeat) / decks
            rows.append((f"kernel: the same, two processes (the machine's 2 cores)", t_two,
                         f"referee: greedy vs greedy, {variant}", t_ref))
            t_match = best_of(lambda: play_match("greedy", "greedy", 2 * decks, cache_dir=False), repeat) / (2 * decks)
            rows.append((f"crib-stats match greedy greedy --games {2 * decks:,} (no --out: no records)", t_match,
                         f"referee: greedy vs greedy, {variant}", t_ref))

            def with_records():
                for _ in play_match("greedy", "greedy", 2 * decks, cache_dir=False).lines():
                    pass

            t_out = best_of(with_records, repeat) / (2 * decks)
            rows.append(("the same match with every record written (as --out does)", t_out,
                         f"referee: greedy vs greedy, {variant}", t_ref))
    return rows


def engine_rows(games: int = 3, variant: str = "six-card") -> list[tuple[str, float, str, float]]:
    """(what, seconds, baseline, its seconds) rows of the engine's decisions (module docstring)."""
    import statistics
    import time

    from crib_stats.players import EnginePlayer, GreedyPlayer, PointsPlayer
    from crib_stats.referee import Game, play_game

    play_game((EnginePlayer(), GreedyPlayer()), 1, 99, variant)  # warm: the kernels, the tables, the board
    throws, plays, p_throws, p_plays, walls = [], [], [], [], []
    for k in range(games):
        for first in (True, False):
            seats = (EnginePlayer(), GreedyPlayer()) if first else (GreedyPlayer(), EnginePlayer())
            start = time.perf_counter()
            rec = play_game(seats, 0, k, variant)
            walls.append(time.perf_counter() - start)
            mine = "first_dealer" if first else "first_pone"
            points = PointsPlayer()

            def each(d, game, mine=mine, points=points):
                if d["seat"] != mine:
                    return
                view = game.view(mine)
                if d["kind"] == "discard":
                    throws.append(d["seconds"])
                    t = time.perf_counter()
                    points.discard(view)
                    p_throws.append(time.perf_counter() - t)
                elif len(view.legal) > 1:
                    plays.append(d["seconds"])
                    t = time.perf_counter()
                    points.play(view)
                    p_plays.append(time.perf_counter() - t)

            Game.from_record(rec, each=each)
    med = statistics.median
    per_game = statistics.mean(walls)
    return [(f"engine: a play, median of {len(plays)} with a choice ({games} deck pairs, warm)", med(plays),
             "points: advise without a score, the same views", med(p_plays)),
            (f"engine: a throw, median of {len(throws)} (score_throws, accuracy 0.002)", med(throws),
             "points: analyse with E[peg], the same views", med(p_throws)),
            (f"engine vs greedy: a whole game, one process ({3600 / per_game:,.0f} games an hour)", per_game,
             "its throws and plays' share", (sum(throws) + sum(plays)) / len(walls))]


def print_rows(rows) -> None:
    print_table(rows, "greedy vs greedy whole games (seconds a game)")


def print_engine(rows) -> None:
    print(f"{'the engine, warm, in-process (seconds)':<76} {'seconds':>9}  {'baseline':<48} {'seconds':>9} {'ratio':>8}")
    for name, t, bname, bt in rows:
        print(f"{name:<76} {t:>9.4f}  {bname:<48} {bt:>9.4f} {bt / t:>7.2f}x")


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--decks", type=int, default=4000)
    p.add_argument("--referee-games", type=int, default=30)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--engine", action="store_true", help="only the engine's rows")
    p.add_argument("--engine-games", type=int, default=3, help="deck pairs of engine against greedy to time")
    args = p.parse_args(argv)
    if args.engine:
        return print_engine(engine_rows(args.engine_games))
    print_rows(match_rows(args.decks, args.referee_games, args.repeat))


if __name__ == "__main__":
    main()
