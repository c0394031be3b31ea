"""The page's opponent: who may be one (the registry's players, never a program a request
names), the default (the engine, issue #33: the strongest player the toolkit makes), and its
decision as a job of the heavy pool (:func:`opponent_move`, from its seat's view only), which
:mod:`.games_live` runs on the event loop for the players that decide in a millisecond or two
(:data:`QUICK`: greedy, random, and sloppy, greedy with a beginner's count) and in the pool's
worker processes for the others (``engine``, ``points``).
"""

from __future__ import annotations

import json

from crib_stats.core.cards import Card, card_text, quote
from crib_stats.core.errors import CribStatsError
from crib_stats.players import check_plays, make_player, names
from crib_stats.referee.loop import decide

from . import pool

QUICK = frozenset({"greedy", "random", "sloppy"})  # players that decide on the event loop (a few ms)
DEFAULT = "engine"


def opponents() -> list[str]:
    """The players a game may be played against: the registry's names (never ``exec:``, which
    would run a program the request names)."""
    return [n for n in names() if ":" not in n]


def opponents_by_players() -> dict[str, list[str]]:
    """The opponents of a game of two, three and four players ({"2": names, ...}): the search
    plays two hands only, so it is not offered for a seat of three or four."""
    from crib_stats.model.variants import VARIANTS, variant

    out: dict[str, list[str]] = {}
    for name in VARIANTS:
        v = variant(name)
        out.setdefault(str(v.players), [n for n in opponents() if _plays(n, v)])
    return out


def _plays(name: str, v) -> bool:
    try:
        check_plays(make_player(name), v)
    except CribStatsError:
        return False
    return True


def default_opponent() -> str:
    """The opponent of a game asked for without one: the engine (``discard --score``'s throw,
    ``advise --score``'s card)."""
    return DEFAULT


def _one(name, where: str, v) -> str:
    name = default_opponent() if name is None else str(name).strip()
    if name not in opponents():
        raise CribStatsError(f"games: unknown {where} {quote(name[:40])}; choose one of {', '.join(opponents())}")
    try:
        check_plays(make_player(name), v)  # search: two players only
    except CribStatsError as exc:
        raise CribStatsError(f"games: {where}: {exc}") from None
    return name


def computer_players(v, opponent, others) -> list[str]:
    """The computer seats' players, clockwise from the player's left: ``opponent`` in a game of
    two, ``others`` (one a seat; None: the default for each) in a game of three or four."""
    n = v.players
    if n == 2:
        if others is not None:
            raise CribStatsError(f"games: opponents is for three or four players; {v.name} has one opponent: "
                                 "give opponent")
        return [_one(opponent, "opponent", v)]
    if opponent is not None:
        raise CribStatsError(f"games: {v.name} has {n - 1} computer seats: give opponents (a list of {n - 1}, "
                             "clockwise from your left), not opponent")
    others = [None] * (n - 1) if others is None else list(others)
    if len(others) != n - 1:
        where = "left, right" if n == 3 else "left, partner, right"
        raise CribStatsError(f"games: {v.name} has {n - 1} computer seats ({where}): opponents lists {n - 1} "
                             f"players, not {len(others)}")
    return [_one(name, "opponent", v) for name in others]


@pool.job
def opponent_move(player: str, number: int, seed: int, view) -> str:
    """The decision of ``player`` (a registry name) from ``view`` (its seat's
    :class:`~crib_stats.model.view.View`, to_act its decision), as JSON: the referee's
    :class:`~crib_stats.referee.loop.Decision` (``{"choice", "note", "seconds", "failure"}``,
    cards as text, a muggins count or call a number) of :func:`crib_stats.referee.loop.decide`
    (the built-in players claim a show's true count and call every point missed). ``number``: the decision's number
    in the game (the player's seed); ``seed``: the referee's private seed of its seat
    (``new_game``)."""
    p = make_player(player, seed=number)
    p.new_game(view.seat, view.variant, view.target, seed)
    d = decide(p, view)
    choice = d.choice
    if isinstance(choice, (list, tuple)):
        shown = [_text(c) for c in choice]
    elif choice is None or (isinstance(choice, int) and not isinstance(choice, bool)):
        shown = choice  # a muggins count or call: points, kept a number (the referee takes no text for it)
    else:
        shown = _text(choice)
    return json.dumps({"choice": shown, "note": d.note, "seconds": d.seconds, "failure": d.failure})


def _text(x) -> str:
    return card_text(x) if isinstance(x, Card) else str(x)


__all__ = ["QUICK", "DEFAULT", "opponents", "opponents_by_players", "default_opponent", "computer_players", "opponent_move"]
