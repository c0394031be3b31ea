"""A match's games as rows of figures (the ``G_*`` columns), its players' decisions and their
time (the ``D_*`` columns), and the records of a shard packed as one compressed array: what
:mod:`.run` and :mod:`.greedy_games` write and :mod:`.summary` reads.

A player is A, B (and C, three players) by its place on the command line; a side is a seat, or
a team with partners. In rotation r of a deck, side i is played by player (i - r) mod sides
(:func:`player_of`): with two sides rotation 0 has A dealing first, rotation 1 B."""

from __future__ import annotations

import zlib

import numpy as np

from crib_stats.core.errors import CribStatsError

# a game's row: the deck, A deals first (1: rotation 0) or not (0), A won, the scores (A's, B's),
# a loser skunked, double-skunked, the game points (the winner's; 0 with three sides, which have
# none), deals, the forfeit (two sides: 0 none, 1 by A, 2 by B; three: 1 a forfeit), the first
# dealer (side 0) won; three sides add the rotation, the winner (0 A, 1 B, 2 C), C's score and
# the players skunked and double-skunked (bit p: player p)
(G_DECK, G_A_FIRST, G_A_WON, G_A_SCORE, G_B_SCORE, G_SKUNK, G_DOUBLE, G_POINTS, G_DEALS, G_FORFEIT,
 G_FIRST_DEALER_WON, G_ROTATION, G_WINNER, G_C_SCORE, G_SKUNKED, G_DOUBLED) = range(16)
N_GAME = 11
N_GAME_THREE = 16
# a side's decisions: after its first in the shard (which loads the player's tables), then that first
(D_COUNT, D_SECONDS, D_FIRST_COUNT, D_FIRST_SECONDS) = range(4)
N_DECISION = 4


class Players:
    """What a match (played, or committed and read back) says of its players: ``players``, their
    names in the command line's order; A and B by their letters."""

    players: tuple[str, ...]

    @property
    def a(self) -> str:
        """Player A's name (the first)."""
        return self.players[0]

    @property
    def b(self) -> str:
        """Player B's name (the second)."""
        return self.players[1]


class MatchError(CribStatsError):
    """A match that cannot be played as asked (one line)."""


def player_of(side: int, rotation: int, sides: int) -> int:
    """The player (0 A, 1 B, 2 C) who plays ``side`` in ``rotation`` of a deck."""
    return (side - rotation) % sides


def game_row(record: dict, deck: int, rotation: int, sides: tuple[str, ...]) -> list[int]:
    """The ``G_*`` row of one game's record (``sides``: the sides' names in order, seats or teams)."""
    res = record["result"]
    n = len(sides)
    by_player = [sides[(p + rotation) % n] for p in range(n)]  # the side player p played
    winner = by_player.index(res["winner"])
    a_won = winner == 0
    scores = [res["scores"][s] for s in by_player]
    if n == 2:
        forfeit = 0 if res["forfeit"] is None else (2 if a_won else 1)
        return [deck, int(rotation == 0), int(a_won), scores[0], scores[1], int(res["skunk"]),
                int(res["double_skunk"]), res["game_points"], len(record["deals"]), forfeit,
                int(res["winner"] == sides[0])]
    skunked = sum(1 << by_player.index(s) for s in res["skunked"])
    doubled = sum(1 << by_player.index(s) for s in res["double_skunked"])
    return [deck, int(rotation == 0), int(a_won), scores[0], scores[1], int(skunked > 0), int(doubled > 0), 0,
            len(record["deals"]), int(res["forfeit"] is not None), int(res["winner"] == sides[0]), rotation, winner,
            scores[2], skunked, doubled]


def pack_records(lines: list[bytes]) -> np.ndarray:
    return np.frombuffer(zlib.compress(b"".join(lines), 1), np.uint8).copy()


def unpack_records(arr: np.ndarray) -> bytes:
    return zlib.decompress(arr.tobytes())
