#!/usr/bin/env python
"""Whole games of greedy in every seat in the whole-game kernel (crib_stats.kernels.wholegames:
two players, three, four in partnership), against the Python referee's own greedy games of the
same variant timed in the same run (the baseline, its records written): for each variant the
kernel's games without records (its count pass: the games played, nothing kept), in one process
and on both cores, the arrays a match keeps (counted, then filled), and the games with their
records (the referee writes them from the kernel's decisions: Game.from_decisions, the one
writer), in one process and on both cores; and the match command's own rates (each deck played
once for its pair). Each figure is the best of ``--repeat`` runs; read the ratios, the machine
is shared.

The engine's rows (``--engine``): its decisions warm, in-process, over the decisions of a few
seeded games against greedy (the referee times each answer): a play's median (the decisions with
a choice: a lone card asks nothing) against the points player's play at the same views (advise
without a score), a throw's median at score_throws' default accuracy against the points throw
(analyse with E[peg]) at the same views; and the games an hour of an engine-against-greedy
match in one process.

Usage: python scripts/bench_match.py [--decks N] [--referee-games M] [--records K] [--repeat R]
       [--engine [--engine-games G]]
(bench.py runs it too)
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from bench_referee import best_of, print_rows as print_table  # noqa: E402  (the same timing and table)


VARIANTS = (("six-card", None), ("five-card", None), ("three-player", None), ("three-player", 61), ("four-player", None))


def label(variant: str, target: int | None) -> str:
    return variant if target is None else f"{variant} to {target}"


def kernel_play(variant: str, target: int | None, lo: int, hi: int) -> int:
    """Decks lo..hi-1 played by the kernel, nothing written (its count pass, the whole cost of
    playing the games); the games played."""
    import numpy as np

    from crib_stats.kernels import wholegames as kw
    from crib_stats.match.greedy_games import kernel_inputs

    _, rules, gm_in = kernel_inputs(get_variant(variant, target))
    games = kw.greedy_games(0, np.arange(lo, hi), rules, gm_in, False, np.zeros((0, 1), np.int64),
                            np.zeros((0, kw.N_P), np.int64))
    return len(games)


def kernel_arrays(variant: str, target: int | None, lo: int, hi: int) -> int:
    """Decks lo..hi-1 played by the kernel into the arrays a match keeps (counted, then filled)."""
    import numpy as np

    from crib_stats.match.greedy_games import play_decks

    return len(play_decks(0, np.arange(lo, hi), get_variant(variant, target))[0])


def kernel_games(variant: str, target: int | None, lo: int, hi: int) -> int:
    """Decks lo..hi-1 played by the kernel, their records written by the referee (bytes); the
    games played."""
    import numpy as np

    from crib_stats.match.greedy_games import lines
    from crib_stats.model.seats import names

    v = get_variant(variant, target)
    out = lines(0, np.arange(lo, hi), v, {s: "greedy" for s in names(v.players)})
    return len(out)


def referee_games(variant: str, target: int | None, games: int) -> int:
    import json

    from crib_stats.players import GreedyPlayer
    from crib_stats.referee import play_game

    v = get_variant(variant, target)
    for k in range(games):
        json.dumps(play_game([GreedyPlayer() for _ in range(v.players)], 0, k, v), separators=(",", ":"))
    return games


def get_variant(variant: str, target: int | None):
    from crib_stats.model.variants import variant as named

    return named(variant, target)


def match_rows(decks: int = 4000, referee: int = 30, repeat: int = 3,
               records: int = 300) -> list[tuple[str, float, str, float]]:
    """(what, seconds a game, baseline, its seconds a game) rows: for every variant the kernel
    plays, its games without records (one process and two), its arrays, and its games with the
    referee's records (``records`` of them, one process and two), against the referee's own
    greedy games (``referee`` of them); then the six-card match command's rates."""
    from crib_stats.match import play_match

    rows = []
    # spawned, not forked: this process may have run a parallel kernel already (OpenMP forbids a fork then)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        def two(fn, variant, target, n):
            half = n // 2
            list(pool.map(fn, [variant] * 2, [target] * 2, [0, half], [half, n]))

        for variant, target in VARIANTS:
            name = label(variant, target)
            kernel_games(variant, target, 0, 4)  # warm: the kernels, the rank memo, the referee
            referee_games(variant, target, 2)
            for fn in (kernel_play, kernel_games):  # warm both workers
                list(pool.map(fn, [variant] * 2, [target] * 2, [0, 2], [2, 4]))
            t_ref = best_of(lambda: referee_games(variant, target, referee), repeat) / referee
            base = f"referee: greedy in every seat, {name}"
            t_play = best_of(lambda: kernel_play(variant, target, 0, decks), repeat) / decks
            rows.append((f"kernel: greedy in every seat, {name}, no records, one process", t_play, base, t_ref))
            t_play2 = best_of(lambda: two(kernel_play, variant, target, decks), repeat) / decks
            rows.append((f"kernel: the same, two processes (the machine's 2 cores)", t_play2, base, t_ref))
            t_arrays = best_of(lambda: kernel_arrays(variant, target, 0, decks), repeat) / decks
            rows.append((f"kernel: the same, the arrays a match keeps (counted, filled), one process", t_arrays, base,
                         t_ref))
            t_rec = best_of(lambda: kernel_games(variant, target, 0, records), repeat) / records
            rows.append((f"kernel: {name}, a game with its record (the referee's), one process", t_rec, base, t_ref))
            t_rec2 = best_of(lambda: two(kernel_games, variant, target, records), repeat) / records
            rows.append((f"kernel: the same, two processes (the machine's 2 cores)", t_rec2, base, t_ref))
    variant = "six-card"
    t_ref = best_of(lambda: referee_games(variant, None, referee), repeat) / referee
    t_match = best_of(lambda: play_match("greedy", "greedy", 2 * decks, cache_dir=False), repeat) / (2 * decks)
    rows.append((f"crib-stats match greedy greedy --games {2 * decks:,} (no --out: no records)", t_match,
                 f"referee: greedy vs greedy, {variant}", t_ref))

    def with_records():
        for _ in play_match("greedy", "greedy", 2 * records, cache_dir=False).lines():
            pass

    t_out = best_of(with_records, repeat) / (2 * records)
    rows.append((f"the same match, --games {2 * records:,}, every record written (as --out does)", t_out,
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
    p.add_argument("--records", type=int, default=300, help="games whose records the record rows write")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--engine", action="store_true", help="only the engine's rows")
    p.add_argument("--engine-games", type=int, default=3, help="deck pairs of engine against greedy to time")
    args = p.parse_args(argv)
    if args.engine:
        return print_engine(engine_rows(args.engine_games))
    print_rows(match_rows(args.decks, args.referee_games, args.repeat, args.records))


if __name__ == "__main__":
    main()
