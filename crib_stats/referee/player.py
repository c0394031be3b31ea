"""Players, as the referee asks them: the :class:`Player` protocol (the loop that asks them is
:mod:`.loop`).

A player is any object with

- ``name`` (str, for the record; optional: the class name otherwise);
- ``new_game(seat, variant, target, seed)``: a game begins; ``seat`` is its seat's name
  (:mod:`crib_stats.model.seats`), ``variant`` the variant's name, ``target`` the game's target,
  ``seed`` a private random seed for this player in this game
  (:func:`crib_stats.referee.deck.player_seed`: reproducible, and no clue to the cards);
- ``discard(view) -> cards``: the cards to throw (``view.throw`` of ``view.hand``);
- ``play(view) -> card``: the card to play, one of ``view.legal`` (asked only when a card fits:
  a go is never a choice);
- optionally ``observe(event)``: every event of the game as it happens (:mod:`.events`), both
  seats' included; no answer;
- optionally ``refuses(variant) -> str | None``: why it cannot play ``variant`` (a
  :class:`~crib_stats.model.variants.Variant`), one line, or None; a match or a game of the page
  asks before any game starts (:func:`crib_stats.players.registry.check_plays`), so a player
  that plays the two-player games only is refused there, not forfeited mid-game.

Cards may be :class:`crib_stats.core.cards.Card` values or strings the command line reads. An
answer may be an :class:`Answer` to keep a note in the record with the decision. The referee
trusts no answer: an illegal or malformed one (:class:`crib_stats.referee.game.IllegalDecision`),
a :class:`PlayerFailure` raised by the player (an external program that died, for instance), or
an answer later than ``time_limit`` ends the game as a forfeit by that seat, the reason kept in
the record. Any other exception is a bug in the player and propagates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence, runtime_checkable

from crib_stats.core.cards import Card
from crib_stats.model.view import View

from .deck import RefereeError


class PlayerFailure(RefereeError):
    """Raised by a player that cannot answer (its message is the forfeit's reason)."""


@dataclass(frozen=True)
class Answer:
    """A decision with a note for the record (``decisions[i].note``), e.g. how it was found."""

    choice: object  # the cards of a discard, the card of a play
    note: str = ""


@runtime_checkable
class Player(Protocol):
    """What the referee asks of a player: it sees only its seat's :class:`View` and answers two
    questions (with muggins two more, optional: ``count(view)`` and ``muggins(view)``, a whole
    number of points each; without them the player claims the true count and calls every point
    missed). An answer may be cards (or their text) or an :class:`Answer` (cards and a note for
    the record); an optional ``observe(event)`` hears every public event. The referee trusts no
    answer: an illegal or malformed one, a :class:`PlayerFailure`, or one past the time limit
    forfeits the game."""

    name: str

    def new_game(self, seat: str, variant: str, target: int, seed: int) -> None:
        """A game starts: the player's ``seat``, the ``variant``'s name, the ``target`` and the
        player's own ``seed`` for this game (a digest that says nothing about the cards)."""
        ...

    def discard(self, view: View) -> Sequence[Card | str] | Answer:
        """The cards to throw to the crib: ``view.throw`` of ``view.hand``."""
        ...

    def play(self, view: View) -> Card | str | Answer:
        """The card to play: one of ``view.legal`` (never asked when none fits: a go is the
        referee's)."""
        ...
