"""Matches: two players (any names :func:`crib_stats.players.make_player` knows) in duplicate
games on the engine (:mod:`.run`), their figures (:mod:`.summary`), the greedy-against-greedy
games of the whole-game kernel (:mod:`.greedy_games`), a recorded game's decisions against the
engine's (:mod:`.review`) and the committed matches (:mod:`.committed`). Above
:mod:`crib_stats.players` (it makes them by name) and :mod:`crib_stats.referee` (which plays
their games).

``make data`` regenerates the committed matches with :func:`regenerate`.
"""

from __future__ import annotations

from .run import Match, MatchError, play_match, read_records, uses_kernel


def regenerate(data_dir, only=None, **engine) -> list:
    """Play the committed matches afresh into ``data_dir`` (``make data``: crib_stats/data/;
    data/match_results.json and data/match_games.npz): the hook for scripts/regenerate_data.py.
    ``only``: some of them (names of :data:`.committed.MATCHES`); by default every one. The
    engine's matches are hours of computing; every shard is cached as it finishes, so a stopped
    run resumes. Returns the paths written."""
    from .committed import DEFAULT_ORDER, write_committed

    keys = list(DEFAULT_ORDER if only is None else only)
    return write_committed(data_dir, only=keys, **engine)


__all__ = ["Match", "MatchError", "play_match", "read_records", "uses_kernel", "regenerate"]
