"""Players, as the referee asks them: the :class:`Player` protocol and :func:`play_game`, the loop
that plays one game between two players and returns its record.

A player is any object with

- ``name`` (str, for the record; optional: the class name otherwise);
- ``new_game(seat, variant, target, seed)``: a game begins; ``seat`` is ``"first_dealer"`` or
  ``"first_pone"``, ``variant`` its name, ``target`` 121 or 61, ``seed`` a private random seed
  for this player in this game (:func:`crib_stats.referee.deck.player_seed`: reproducible, and
  no clue to the cards);
- ``discard(view) -> cards``: the cards to throw (``view.throw`` of ``view.hand``);
- ``play(view) -> card``: the card to play, one of ``view.legal`` (asked only when a card fits:
  a go is never a choice);
- optionally ``observe(event)``: every event of the game as it happens (:mod:`.events`), both
  seats' included; no answer.

Cards may be :class:`crib_stats.core.cards.Card` values or strings the command line reads. An
answer may be an :class:`Answer` to keep a note in the record with the decision. The referee
trusts no answer: an illegal or malformed one (:class:`crib_stats.referee.game.IllegalDecision`),
a :class:`PlayerFailure` raised by the player (an external program that died, for instance), or
an answer later than ``time_limit`` ends the game as a forfeit by that seat, the reason kept in
the record. Any other exception is a bug in the player and propagates.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Mapping, Protocol, Sequence, runtime_checkable

from crib_stats.core.cards import Card
from crib_stats.core.rules import Variant

from .deck import SEATS, RefereeError, player_seed
from .events import Event
from .game import Game, IllegalDecision
from .view import View


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
    questions. An answer may be cards (or their text) or an :class:`Answer` (cards and a note for
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


def seats_of(players) -> dict:
    """{seat: player} from a mapping by seat or a pair (first dealer, first pone)."""
    if isinstance(players, Mapping):
        if set(players) != set(SEATS):
            raise RefereeError("players: give one for each seat, first_dealer and first_pone")
        return {s: players[s] for s in SEATS}
    players = tuple(players)
    if len(players) != 2:
        raise RefereeError(f"players: a game has two (first dealer, first pone), got {len(players)}")
    return dict(zip(SEATS, players))


def play_game(players, seed: int = 0, deck_index: int = 0, variant: str | Variant = "six-card", *,
              time_limit: float | None = None, names: Mapping[str, str] | None = None) -> dict:
    """Play one game of deck sequence ``deck_index`` of ``seed`` between ``players`` ((first
    dealer, first pone) or {seat: player}) and return its record (``crib-stats-game/1``).
    ``time_limit``: seconds a decision may take (None: no limit); ``names``: {seat: name} for
    the record (default: each player's ``name``). A duplicate pair is two calls with the same
    seed and deck and the players swapped."""
    seats = seats_of(players)
    if names is None:
        names = {s: str(getattr(p, "name", type(p).__name__)) for s, p in seats.items()}
    game = Game(variant, seed, deck_index, players=dict(names))
    for s, p in seats.items():
        p.new_game(s, game.variant.name, game.target, player_seed(game.seed, game.deck, s))
    observers = [p.observe for p in seats.values() if callable(getattr(p, "observe", None))]
    told = _tell(game, observers, 0)
    while (turn := game.to_act()) is not None:
        player = seats[turn.seat]
        view = game.view(turn.seat)
        who = f"{turn.seat} ({game.players[turn.seat]})"
        start = time.perf_counter()
        try:
            answer = player.discard(view) if turn.kind == "discard" else player.play(view)
        except PlayerFailure as exc:
            game.forfeit(turn.seat, f"{who}: {exc}")
            break
        seconds = time.perf_counter() - start
        if time_limit is not None and seconds > time_limit:
            game.forfeit(turn.seat, f"{who} took {seconds:.1f} s to {turn.kind} (the limit is {time_limit:g} s)")
            break
        choice, note = (answer.choice, answer.note) if isinstance(answer, Answer) else (answer, None)
        try:
            game.apply(turn.seat, choice, seconds=round(seconds, 6), note=note)
        except IllegalDecision as exc:
            game.forfeit(turn.seat, f"{who}: {exc}")
        told = _tell(game, observers, told)
    _tell(game, observers, told)
    return game.record()


def _tell(game: Game, observers: list, told: int) -> int:
    """Every event after the first ``told`` to every observer; returns the events told."""
    events: list[Event] = game.events_since(told)
    for e in events:
        for observe in observers:
            observe(e)
    return told + len(events)
