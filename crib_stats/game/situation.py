"""The play advisor's input, checked: the situation (your dealt cards, the throw, the starter, the
play so far) and why a play history is impossible.

:func:`situation` refuses, in one line each, what no deal can be: a card dealt twice, a throw
that is not of the dealt cards, the starter among them, a card played twice, a thrown card or
the starter played, more of the opponent's cards than they keep. :func:`why_impossible` says
why no kept hand of the opponent's reproduces a history the checks passed, from the replay's
status per kept multiset (:func:`crib_stats.kernels.advise.replay`): a pass when you could
play, a card after the end of the play or past 31, the opponent's turn now. :func:`check_score`
checks ``--score`` against the committed board. :mod:`crib_stats.game.advise` gives the advice.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from crib_stats.core.cards import Card, format_cards, parse, parse_n
from crib_stats.core.errors import CribStatsError
from crib_stats.core.rules import variant as get_variant

ROLES = ("dealer", "pone")


class AdviseError(CribStatsError):
    """Bad input to the play advisor (one-line message)."""


@dataclass(frozen=True)
class Situation:
    variant: str
    me: int  # 0 you are the pone, 1 the dealer
    kept: tuple[Card, ...]
    thrown: tuple[Card, ...]
    starter: Card
    played: tuple[Card, ...]
    mine: tuple[bool, ...]  # per played card: yours?


def situation(dealt, throw, starter, role: str, played=(), variant="six-card") -> Situation:
    v = get_variant(variant)
    if v.name not in ("six-card", "five-card"):
        raise AdviseError(f"advise: the play is advised in the two-player games (six-card, five-card), not {v.name}")
    if role not in ROLES:
        raise AdviseError("advise: say whose crib it is: --dealer (yours) or --pone (the opponent's)")
    d = parse_n(dealt, v.dealt, "advise: the dealt cards")
    if len(set(d)) != len(d):
        raise AdviseError(f"advise: a card is dealt twice in {format_cards(d)}")
    t = parse_n(throw, v.throw, "advise: --throw")
    if len(set(t)) != len(t) or any(c not in d for c in t):
        raise AdviseError(f"advise: --throw {format_cards(t)} must be {v.throw} different cards of the dealt "
                          f"{format_cards(d)}")
    s = parse_n(starter, 1, "advise: --starter")[0]
    if s in d:
        raise AdviseError(f"advise: the starter {s} is one of your dealt cards; a card can be used once")
    kept = tuple(c for c in d if c not in t)
    history = parse(played) if played else ()
    seen: set = set()
    mine = []
    opp = 0
    for i, c in enumerate(history, 1):
        if c in seen:
            raise AdviseError(f"advise: --played card {i} ({c}) was already played; a card can be played once")
        seen.add(c)
        if c in kept:
            mine.append(True)
        elif c in t:
            raise AdviseError(f"advise: --played card {i} ({c}) is one you threw to the crib")
        elif c == s:
            raise AdviseError(f"advise: --played card {i} ({c}) is the starter, which nobody plays")
        else:
            mine.append(False)
            opp += 1
            if opp > v.kept:
                raise AdviseError(f"advise: --played has more than {v.kept} cards that are not yours; the "
                                  f"opponent keeps {v.kept}")
    return Situation(v.name, 1 if role == "dealer" else 0, kept, t, s, tuple(history), tuple(mine))


def why_impossible(sit: Situation, status: np.ndarray) -> str:
    """One line: why no kept hand of the opponent reproduces the play so far."""
    from crib_stats.kernels import advise as ka

    step = status // 8
    reason = status % 8
    far = int(step.max())
    at = reason[step == far]
    n = len(sit.played)

    def card(i):
        return f"card {i + 1} ({sit.played[i]})"

    if far >= n:
        if (at == ka.PLAY_OVER).any():
            return "advise: the play is over after --played; there is nothing left to play"
        return ("advise: it is the opponent's turn after --played (at this count they must still hold a card "
                "that fits); advise once they have played")
    if (at == ka.PASSED_WHEN_ABLE).all() and not sit.mine[far]:
        return (f"advise: --played {card(far)} is the opponent's, but it was your turn and you could play: "
                "a player must play when able")
    if (at == ka.PLAY_OVER).all():
        return f"advise: --played {card(far)} comes after the end of the play"
    if (at == ka.OVER_31).all():
        return f"advise: --played {card(far)} takes the count past 31 while a card still fitted"
    if sit.mine[far]:
        return (f"advise: no hand the opponent can hold lets {card(far)} be yours: they would have had to play "
                "before it (a go is said only when no card fits)")
    return f"advise: no hand the opponent can hold plays --played {card(far)} at that point under the rules"


def check_score(score, variant: str, discard: str):
    """The committed board of ``variant`` and ``discard``, once ``score`` (MINE, THEIRS) is a
    score of its game that has not already been won."""
    from crib_stats.game.board import committed

    b = committed(variant, discard)
    mine, theirs = score
    for name, x in (("MINE", mine), ("THEIRS", theirs)):
        if not isinstance(x, (int, np.integer)) or x < 0 or x >= b.target:
            raise AdviseError(f"advise --score: {name} must be a score from 0 to {b.target - 1} (the game is to "
                              f"{b.target}; a score at the target has already won), got {x}")
    return b
