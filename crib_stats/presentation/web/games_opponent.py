"""The page's opponent: who may be one (the registry's players, never a program a request
names), the default (the engine, issue #33: the strongest player the toolkit makes), and its
decision as a job of the heavy pool (:func:`opponent_move`, from its seat's view only), which
:mod:`.games_live` runs on the event loop for the players that decide in a millisecond or two
(:data:`QUICK`) and in the pool's worker processes for the others (``engine``, ``points``).
"""

from __future__ import annotations

import json
import time

from crib_stats.core.cards import Card
from crib_stats.players import Answer, PlayerFailure, make_player, names
from crib_stats.referee.deck import card_text

from . import pool

QUICK = frozenset({"greedy", "random"})  # players that decide on the event loop (a few ms)
DEFAULT = "engine"


def opponents() -> list[str]:
    """The players a game may be played against: the registry's names (never ``exec:``, which
    would run a program the request names)."""
    return [n for n in names() if ":" not in n]


def default_opponent() -> str:
    """The opponent of a game asked for without one: the engine (``discard --score``'s throw,
    ``advise --score``'s card)."""
    return DEFAULT


def _text(x) -> str:
    return card_text(x) if isinstance(x, Card) else str(x)


@pool.job
def opponent_move(player: str, number: int, seed: int, view) -> str:
    """The decision of ``player`` (a registry name) from ``view`` (its seat's
    :class:`~crib_stats.referee.View`, to_act its decision), as JSON: ``{"choice", "note",
    "seconds"}``, or ``{"failure": reason}`` for a :class:`PlayerFailure`. ``number``: the
    decision's number in the game (the player's seed); ``seed``: the referee's private seed of
    its seat (``new_game``)."""
    p = make_player(player, seed=number)
    p.new_game(view.seat, view.variant, view.target, seed)
    start = time.perf_counter()
    try:
        answer = p.discard(view) if view.to_act == "discard" else p.play(view)
    except PlayerFailure as exc:
        return json.dumps({"failure": " ".join(str(exc).split()) or "failed"})
    seconds = time.perf_counter() - start
    choice, note = (answer.choice, answer.note) if isinstance(answer, Answer) else (answer, None)
    shown = [_text(c) for c in choice] if isinstance(choice, (list, tuple)) else _text(choice)
    return json.dumps({"choice": shown, "note": note or None, "seconds": round(seconds, 6)})


__all__ = ["QUICK", "DEFAULT", "opponents", "default_opponent", "opponent_move"]
