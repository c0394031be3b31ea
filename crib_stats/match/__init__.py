"""Matches: two players (any names :func:`crib_stats.players.make_player` knows) in duplicate
games on the engine (:mod:`.run`), their figures (:mod:`.summary`), the greedy-against-greedy
games of the whole-game kernel (:mod:`.greedy_games`), a recorded game's decisions against the
engine's (:mod:`.review`) and the committed matches (:mod:`.committed`; played by the
checkout's ``studies/matches.py``, ``make data``). Above :mod:`crib_stats.players` (it makes
them by name) and :mod:`crib_stats.referee` (which plays their games).
"""

from __future__ import annotations

from .run import Match, MatchError, play_match, read_records, uses_kernel

__all__ = ["Match", "MatchError", "play_match", "read_records", "uses_kernel"]
