"""Players by name, so that a command (``crib-stats match A B``) or the page can make them from
text: ``greedy``, ``random``, ``points``, ``engine``, ``sloppy``, ``search``, ``search-points``
(more join with :func:`register`; a name with a colon, ``exec:COMMAND``, ``search:N`` or
``search-points:N``, goes to the maker registered for its prefix with :func:`register_prefix`:
``exec`` makes an :class:`~crib_stats.players.external.ExecPlayer`, which starts COMMAND on its
first game; ``search:N`` a :class:`~crib_stats.players.search.SearchPlayer` of N simulations a
decision, ``search-points:N`` the same valuing its play-outs by points, not the board).

>>> make_player("greedy").name, make_player("random", seed=3).seed
('greedy', 3)
>>> make_player("search:200").budget
200
>>> make_player("grredy")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crib_stats.players.registry.PlayerError: unknown player 'grredy'; choose one of greedy, random, points, engine, sloppy, search, search-points, exec:COMMAND, ...
"""

from __future__ import annotations

from typing import Callable

from crib_stats.core.cards import quote
from crib_stats.core.errors import CribStatsError
from crib_stats.referee.player import Player

from .engine import EnginePlayer
from .external import ExecPlayer
from .greedy import GreedyPlayer
from .points import PointsPlayer
from .search import SearchPlayer
from .sloppy import SloppyPlayer
from .uniform import RandomPlayer


class PlayerError(CribStatsError):
    """An unknown player name (one line naming the choices)."""


# name -> maker(seed): a new player; the seed is for players that draw at random
MAKERS: dict[str, Callable[[int], Player]] = {
    "greedy": lambda seed: GreedyPlayer(),
    "random": lambda seed: RandomPlayer(seed),
    "points": lambda seed: PointsPlayer(),  # discard --pegging greedy's throw, advise's E[points] card
    "engine": lambda seed: EnginePlayer(seed),  # discard --score's throw, advise --score's card
    "sloppy": lambda seed: SloppyPlayer(),  # greedy, counting its shows without flushes and nobs (muggins)
    "search": lambda seed: SearchPlayer(seed),  # information-set search, DEFAULT_BUDGET simulations a decision
    "search-points": lambda seed: SearchPlayer(seed, points=True),  # the same, valued by points, not the board
}
# prefix -> maker(the text after "prefix:", seed), e.g. "exec" for exec:COMMAND
PREFIXES: dict[str, Callable[[str, int], Player]] = {
    "exec": lambda command, seed: ExecPlayer(command, seed),  # an external program (the line protocol)
    "search": lambda budget, seed: SearchPlayer(seed, _budget("search", budget)),  # search:N, N simulations a decision
    "search-points": lambda budget, seed: SearchPlayer(seed, _budget("search-points", budget), points=True),
}
# prefix -> what follows its colon, as names() shows it
PREFIX_ARGS: dict[str, str] = {"exec": "COMMAND", "search": "N", "search-points": "N"}


def _budget(prefix: str, text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise PlayerError(f"player '{prefix}:{text}': give a whole number of simulations, at least 1, "
                          f"after {prefix}:")
    return int(text)


def register(name: str, maker: Callable[[int], Player]) -> None:
    """Make ``maker(seed)`` the player called ``name`` (for :func:`make_player`, ``crib-stats
    match``, the page)."""
    MAKERS[name] = maker


def register_prefix(prefix: str, maker: Callable[[str, int], Player], arg: str = "COMMAND") -> None:
    """Make ``maker(text, seed)`` the player of every name ``prefix:text`` (as ``exec:COMMAND``;
    ``arg``: the name :func:`names` gives the text)."""
    PREFIXES[prefix] = maker
    PREFIX_ARGS[prefix] = arg


def names() -> list[str]:
    """Every name and prefix a player can be made from (``exec:COMMAND`` style for a prefix)."""
    return list(MAKERS) + [f"{p}:{PREFIX_ARGS.get(p, 'COMMAND')}" for p in PREFIXES]


def check_plays(player: Player, v) -> None:
    """Refuse (one line) a player that cannot play variant ``v`` (its optional ``refuses``).

    >>> from crib_stats.model.variants import variant
    >>> check_plays(make_player("search"), variant("three-player"))
    Traceback (most recent call last):
    ...
    crib_stats.players.registry.PlayerError: search plays the two-player games only, not three-player
    """
    refuses = getattr(player, "refuses", None)
    why = refuses(v) if callable(refuses) else None
    if why:
        raise PlayerError(why)


def make_player(spec: str, seed: int = 0) -> Player:
    """A new player from its name (``seed``: for the players that draw at random)."""
    text = str(spec).strip()
    prefix, colon, rest = text.partition(":")
    if colon and prefix in PREFIXES:
        if not rest.strip():
            raise PlayerError(f"player {quote(text)}: give the command after {prefix}:")
        return PREFIXES[prefix](rest.strip(), int(seed))
    if text in MAKERS:
        return MAKERS[text](int(seed))
    raise PlayerError(f"unknown player {quote(text)}; choose one of {', '.join(names())}")
