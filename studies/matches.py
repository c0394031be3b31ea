"""The committed matches played (``data/match_results.json`` and ``data/match_games.npz``, read
by :func:`crib_stats.match.committed.committed`, where :data:`~crib_stats.match.committed.MATCHES`
says what each one measures): each match of the plan is :class:`CommittedMatch`, written into the
files as soon as it is played, the other matches' entries kept as they were, so a stop after
hours loses nothing played (and every shard of a match is cached by the match engine itself: a
match stopped half-way resumes).

A match's parts are the match engine's (:func:`crib_stats.match.play_match` runs its shards
through :func:`crib_stats.core.engine.run_shards` with its own cache key), so
:class:`CommittedMatch` replaces :meth:`~crib_stats.core.measurement.Measurement.run` by that
call and keeps the rest of the protocol: its result and its committed files.
"""

from __future__ import annotations

import json
import os
import time

import numpy as np

from crib_stats.core.measurement import Measurement
from crib_stats.match.committed import (DEFAULT_ORDER, GAMES, MATCHES, RESULTS, SEED, board_first_dealer, planned,
                                        read)
from crib_stats.match.rows import MatchError


class CommittedMatch(Measurement):
    """Match ``key`` of :data:`~crib_stats.match.committed.MATCHES` (``pairs``: fewer deck
    pairs, for a reduced run). The result: {"games": its rows, "decisions": its players'
    decisions and seconds, "entry": its entry of the results}."""

    files = (RESULTS, GAMES)

    def __init__(self, key: str, pairs: int | None = None):
        if key not in MATCHES:
            raise MatchError(f"no committed match {key!r}; the matches are {', '.join(MATCHES)}")
        self.match, self.plan = key, MATCHES[key]
        self.pairs = self.plan.pairs if pairs is None else int(pairs)

    def run(self, **engine) -> dict:
        """Play the match (``engine``: :func:`crib_stats.match.play_match`'s scheduler, workers,
        shards, cache_dir, fresh, progress)."""
        from crib_stats.match.run import play_match

        p, n = self.plan, self.pairs
        games = len(p.players) * n
        load = os.getloadavg()[0]
        start = time.perf_counter()
        m = play_match(p.a, p.b, games, SEED, p.variant, c=p.c, target=p.target, muggins=p.muggins or None, **engine)
        s = m.summary()
        decided = float(m.decisions[:, 1].sum() + m.decisions[:, 3].sum())  # D_SECONDS + D_FIRST_SECONDS, every side
        extra = {} if p.rules.version == 1 and p.c is None else {"players": list(p.players), "target": p.rules.target,
                                                                  "muggins": p.muggins}
        entry = {"a": p.a, "b": p.b, "variant": p.variant, **extra, "seed": SEED, "pairs": n, "games": games,
                 "what": p.why, "summary": s, "decision_seconds_a_game": decided / games,
                 "wall_seconds": round(time.perf_counter() - start, 1), "shards_computed": m.computed,
                 "load": [round(load, 1), round(os.getloadavg()[0], 1)], "cores": os.cpu_count()}
        if p.a == p.b == "greedy" and p.rules.version == 1:
            w, se = board_first_dealer(p.variant)
            entry["board_first_dealer"] = {"p_win": w, "se": se}
        return {"games": m.rows.astype(np.int32), "decisions": m.decisions, "entry": entry}

    def write(self, out, result: dict) -> None:
        """This match's entry and arrays into the folder's files, every other match's kept."""
        k = self.match
        results, arrays = read(out.dir)
        results[k] = result["entry"]
        arrays[f"{k}/games"], arrays[f"{k}/decisions"] = result["games"], result["decisions"]
        text = json.dumps({k2: results[k2] for k2 in sorted(results)}, indent=1, sort_keys=True) + "\n"
        listed = contents(results)
        command = "scripts/regenerate_data.py: studies.matches.regenerate(DIR)"
        out.write(RESULTS, text, command, "the players' duplicate matches, each one's figures as match --json "
                                         f"prints them, its pairs and its time: {listed}")
        out.write_with(GAMES, lambda fh: np.savez_compressed(fh, **arrays), command,
                       "every game of match_results.json (the G_* columns of crib_stats.match.rows) and its "
                       f"players' decisions and seconds: {listed}", binary=True)


def contents(results) -> str:
    """What the files hold, for the index: the matches committed and the ones still planned."""
    done = [k for k in DEFAULT_ORDER if k in results]
    later = planned(results)
    return f"committed {', '.join(done) or 'none'}" + (f"; planned, not yet run: {', '.join(later)}" if later else "")


def regenerate(data_dir, only=None, **engine) -> list:
    """Play the committed matches ``only`` (names of :data:`~crib_stats.match.committed.MATCHES`;
    all of them by default, in :data:`~crib_stats.match.committed.DEFAULT_ORDER`) afresh into
    ``data_dir`` (``make data``: crib_stats/data/), each written as soon as it is played. The
    engine's matches are hours of computing. Returns the paths written."""
    matches = [CommittedMatch(k) for k in (DEFAULT_ORDER if only is None else only)]  # every name checked first
    written = []
    for m in matches:
        written += m.write_committed(data_dir, **engine)
    return sorted(set(written))
