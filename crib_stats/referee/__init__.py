"""The referee: the one model of a two-player game that everything that plays shares (players,
matches, reviews, the page), the way a chess library's board serves its engines and formats.

- :mod:`.deck`: the seats, cards as text, the seeded packs;
- :mod:`.view`: :class:`View`, what one seat sees (the only thing a player is given);
- :mod:`.events`: :class:`Event`, the public log of the game;
- :mod:`.deal`: one deal as the referee holds it;
- :mod:`.game`: :class:`Game`, the state machine (``to_act``, ``view``, ``apply``, ``record``,
  ``from_record``);
- :mod:`.record`: the record's format, ``crib-stats-game/1``, its check and comparison;
- :mod:`.player`: the :class:`Player` protocol and :func:`play_game`.
"""

from __future__ import annotations

from .deck import SEATS, RefereeError, card_text, other, pack, player_seed
from .events import Event
from .game import Game, IllegalDecision, Turn
from .player import Answer, Player, PlayerFailure, play_game
from .record import FORMAT, RecordError
from .view import Played, Shown, View


def validate(record: dict) -> Game:
    """Check a record completely (its shape, then a replay of every decision against every
    field): the rebuilt game, or :class:`RecordError` with one line naming the field."""
    return Game.from_record(record)


__all__ = ["SEATS", "FORMAT", "Game", "Turn", "View", "Played", "Shown", "Event", "Player", "Answer", "play_game",
           "validate", "pack", "player_seed", "card_text", "other", "RefereeError", "IllegalDecision",
           "RecordError", "PlayerFailure"]
