"""The one game loop: a step that asks the seat to decide and applies what it answered, and
:func:`play_game`, which repeats it to the end of a game.

A step is two halves, so that the server can run the first where it likes (a worker process,
while its event loop answers other requests) and the second under its game's lock:

- :func:`decide`: ask a player its decision from its seat's view (:class:`Decision`: the
  choice, its note, the seconds it took; or the failure that forfeits the game);
- :func:`settle`: apply a decision to the game, or forfeit the game for the seat that made it
  when it is refused, failed or late, the reason kept in the record.

:func:`play_game` (the command line's matches, the tests, anyone's script) is the two halves
in a loop; the page's games (:mod:`crib_stats.presentation.web.games_live`) call the same two.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Mapping

from crib_stats.core.cards import parse
from crib_stats.model.variants import Variant, variant as get_variant
from crib_stats.show.scoring import score

from .deck import RefereeError, player_seed
from .events import Event
from .game import Game, IllegalDecision, Turn
from .player import Answer, PlayerFailure


@dataclass(frozen=True)
class Decision:
    """What a player answered: ``choice`` (cards as the player gave them) with its ``note`` and
    the ``seconds`` it took, or the ``failure`` (one line) that forfeits its game."""

    choice: object = None
    note: str | None = None
    seconds: float | None = None
    failure: str | None = None


def decide(player, view) -> Decision:
    """Ask ``player`` its decision from ``view`` (to decide ``view.to_act``). With muggins, a
    player without ``count`` or ``muggins`` claims the true count and calls every point missed
    (:func:`honest`)."""
    start = time.perf_counter()
    ask = getattr(player, view.to_act, None)
    try:
        answer = honest(view) if ask is None and view.to_act in ("count", "muggins") else ask(view)
    except PlayerFailure as exc:
        return Decision(failure=" ".join(str(exc).split()) or "failed")
    seconds = round(time.perf_counter() - start, 6)
    choice, note = (answer.choice, answer.note) if isinstance(answer, Answer) else (answer, None)
    return Decision(choice, note or None, seconds)


def honest(view) -> int:
    """The true count of the show a muggins decision is about (``count``), or every point its
    owner missed (``muggins``): what the built-in players answer."""
    q = view.question
    cards, starter = parse(q["cards"]), parse(q["starter"])[0]
    crib = q["whose" if view.to_act == "count" else "what"] == "crib"
    true = score(cards, starter, crib=crib, variant=view.variant).total
    return true if view.to_act == "count" else max(0, true - q["claimed"])


def settle(game: Game, turn: Turn, name: str, decision: Decision, time_limit: float | None = None) -> list[Event]:
    """Apply ``decision`` (``turn``'s, made by the player ``name``) to ``game``, or forfeit the
    game for ``turn.seat``: a failure, a decision later than ``time_limit`` seconds, or one the
    referee refuses. Returns the events it caused."""
    who = f"{turn.seat} ({name})"
    if decision.failure is not None:
        return game.forfeit(turn.seat, f"{who}: {decision.failure}")
    if time_limit is not None and decision.seconds is not None and decision.seconds > time_limit:
        return game.forfeit(turn.seat, f"{who} took {decision.seconds:.1f} s to {turn.kind} "
                                       f"(the limit is {time_limit:g} s)")
    try:
        return game.apply(turn.seat, decision.choice, seconds=decision.seconds, note=decision.note)
    except IllegalDecision as exc:
        return game.forfeit(turn.seat, f"{who}: {exc}")


def seats_of(players, seats: tuple[str, ...]) -> dict:
    """{seat: player} from a mapping by seat or a sequence in the seats' order (the first dealer
    first, clockwise)."""
    if isinstance(players, Mapping):
        if set(players) != set(seats):
            raise RefereeError(f"players: give one for each seat, {', '.join(seats)}")
        return {s: players[s] for s in seats}
    players = tuple(players)
    if len(players) != len(seats):
        raise RefereeError(f"players: a game has {len(seats)} ({', '.join(seats)}), got {len(players)}")
    return dict(zip(seats, players))


def play_game(players, seed: int = 0, deck_index: int = 0, variant: str | Variant = "six-card", *,
              time_limit: float | None = None, names: Mapping[str, str] | None = None) -> dict:
    """Play one game of deck sequence ``deck_index`` of ``seed`` between ``players`` (a sequence
    in the seats' order, the first dealer first, or {seat: player}) and return its record.
    ``time_limit``: seconds a decision may take (None: no limit); ``names``: {seat: name} for
    the record (default: each player's ``name``). A duplicate set is one call a rotation of the
    players over the seats, with the same seed and deck."""
    v = get_variant(variant)
    game = Game(v, seed, deck_index, players={})
    seats = seats_of(players, game.seats)
    if names is None:
        names = {s: str(getattr(p, "name", type(p).__name__)) for s, p in seats.items()}
    game.players = {s: str(names.get(s, "unnamed")) for s in game.seats}
    for s, p in seats.items():
        p.new_game(s, game.variant.name, game.target, player_seed(game.seed, game.deck, s))
    observers = [p.observe for p in seats.values() if callable(getattr(p, "observe", None))]
    told = _tell(game, observers, 0)
    while (turn := game.to_act()) is not None:
        settle(game, turn, game.players[turn.seat], decide(seats[turn.seat], game.view(turn.seat)), time_limit)
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
