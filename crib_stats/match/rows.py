"""A match's games as rows of figures (the ``G_*`` columns), its players' decisions and their
time (the ``D_*`` columns), and the records of a shard packed as one compressed array: what
:mod:`.run` and :mod:`.greedy_games` write and :mod:`.summary` reads."""

from __future__ import annotations

import zlib

import numpy as np

from crib_stats.core.errors import CribStatsError
from crib_stats.referee.deck import SEATS

# a game's row: the deck, A deals first (1) or B (0), A won, the scores (A's, B's), the loser
# skunked, double-skunked, the game points (the winner's), deals, the forfeit (0 none, 1 by A,
# 2 by B), the first dealer won
(G_DECK, G_A_FIRST, G_A_WON, G_A_SCORE, G_B_SCORE, G_SKUNK, G_DOUBLE, G_POINTS, G_DEALS, G_FORFEIT,
 G_FIRST_DEALER_WON) = range(11)
N_GAME = 11
# a side's decisions: after its first in the shard (which loads the player's tables), then that first
(D_COUNT, D_SECONDS, D_FIRST_COUNT, D_FIRST_SECONDS) = range(4)
N_DECISION = 4


class MatchError(CribStatsError):
    """A match that cannot be played as asked (one line)."""


def game_row(record: dict, deck: int, a_first: bool) -> list[int]:
    """The ``G_*`` row of one game's record."""
    res = record["result"]
    a_seat = SEATS[0] if a_first else SEATS[1]
    b_seat = SEATS[1] if a_first else SEATS[0]
    a_won = res["winner"] == a_seat
    forfeit = 0 if res["forfeit"] is None else (2 if a_won else 1)
    return [deck, int(a_first), int(a_won), res["scores"][a_seat], res["scores"][b_seat], int(res["skunk"]),
            int(res["double_skunk"]), res["game_points"], len(record["deals"]), forfeit,
            int(res["winner"] == SEATS[0])]


def pack_records(lines: list[bytes]) -> np.ndarray:
    return np.frombuffer(zlib.compress(b"".join(lines), 1), np.uint8).copy()


def unpack_records(arr: np.ndarray) -> bytes:
    return zlib.decompress(arr.tobytes())
