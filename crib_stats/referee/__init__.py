"""The referee: the one game loop and the one record writer, on the model of a game
(:mod:`crib_stats.model`), that everything that plays shares (players, matches, reviews, the
page), the way a chess library's board serves its engines and formats.

- :mod:`.deck`: the seeded packs, what the referee plays;
- :mod:`.events`: :class:`Event`, the public log of the game;
- :mod:`.deal`: one deal as the referee holds it;
- :mod:`.game`: :class:`Game`, the state machine (``to_act``, ``view``, ``apply``, ``record``,
  ``from_record``): the record's one writer;
- :mod:`.record`: the record's format, ``crib-stats-game/1``, its check and comparison;
- :mod:`.player`: the :class:`Player` protocol;
- :mod:`.loop`: the one step (:func:`decide`, :func:`settle`) and :func:`play_game`.

The view a player is given is the model's (:class:`crib_stats.model.view.View`), named here too.
"""

from __future__ import annotations

from crib_stats.model.view import Played, Shown, View

from .deck import SEATS, Pack, RefereeError, other, pack, player_seed
from .events import Event
from .game import Game, IllegalDecision, Turn
from .loop import Decision, decide, play_game, settle
from .player import Answer, Player, PlayerFailure
from .record import FORMAT, RecordError


def validate(record: dict) -> Game:
    """Check a record completely (its shape, then a replay of every decision against every
    field): the rebuilt game, or :class:`RecordError` with one line naming the field."""
    return Game.from_record(record)


__all__ = ["SEATS", "FORMAT", "Game", "Turn", "View", "Played", "Shown", "Event", "Player", "Answer", "Decision",
           "decide", "settle", "play_game", "validate", "pack", "Pack", "player_seed", "other", "RefereeError",
           "IllegalDecision", "RecordError", "PlayerFailure"]
