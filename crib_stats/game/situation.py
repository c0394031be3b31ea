"""The play advisor's input: the situation (your dealt cards, the throw, the starter, the play so
far), built in one of two ways, and why a play history is impossible.

A seat's :class:`~crib_stats.model.view.View` is the referee's, checked already: :func:`from_view`
takes it as it is (the players and the reviews). Cards a user typed are checked once, here:
:func:`situation` refuses, in one line each, what no deal can be: a card dealt twice, a throw
that is not of the dealt cards, the starter among them, a card played twice, a thrown card or
the starter played, more of the opponent's cards than they keep. :func:`why_impossible` says
why no kept hand of the opponent's reproduces a history the checks passed, from the replay's
status per kept multiset (:func:`crib_stats.kernels.advise.replay`) and the counts of the
history (:func:`counts`): a pass when you could play, a card after the end of the play or past
31, the opponent's turn now (and why), the play over (and why). :func:`check_score`
checks ``--score`` against the committed board. :mod:`crib_stats.game.advise` gives the advice.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from crib_stats.core.cards import Card, format_cards, parse, parse_n
from crib_stats.core.errors import CribStatsError
from crib_stats.model.seats import ROLES
from crib_stats.model.variants import variant as get_variant



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
    d = parse_n(dealt, v.dealt, f"advise: the {v.name} deal")
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


def from_view(view) -> Situation:
    """The situation at a play decision of a seat's view (the referee has checked every card of
    it: nothing is checked again)."""
    kept = tuple(c for c in view.dealt if c not in view.discard)
    return Situation(view.variant, 1 if view.dealer else 0, kept, tuple(view.discard), view.starter,
                     tuple(p.card for p in view.played), tuple(p.by == view.seat for p in view.played))


def counts(sit: Situation) -> list[int]:
    """The count each card of the play so far was played onto, and the count after the last:
    a 31 starts a new count, and so does (six-card) a card that does not fit the count it came
    onto, which is where a go from both must have put the restart (the five-card game has one
    count). ``counts(sit)[i]`` is the count card i came onto before any such restart."""
    stop = get_variant(sit.variant).play_stops_at_first_go
    out, count = [], 0
    for c in sit.played:
        if count == 31 and not stop:
            count = 0
        out.append(count)
        count = c.pip if not stop and c.pip > 31 - count else count + c.pip
    return out + [0 if count == 31 and not stop else count]


def why_impossible(sit: Situation, status: np.ndarray) -> str:
    """One line: why no kept hand of the opponent reproduces the play so far (``status``: the
    replay's, per kept rank multiset of theirs: the step it failed at and why)."""
    from crib_stats.kernels import advise as ka

    step = status // 8
    reason = status % 8
    far = int(step.max())
    at = reason[step == far]
    n = len(sit.played)
    count = counts(sit)
    five = get_variant(sit.variant).play_stops_at_first_go

    def card(i):
        return f"card {i + 1} ({sit.played[i]})"

    if far >= n:
        left = [c for c in sit.kept if c not in sit.played]
        you_can = any(c.pip <= 31 - count[n] for c in left)
        if (at == ka.PLAY_OVER).all():
            if n == 2 * len(sit.kept):
                why = "every card has been played"
            elif count[n] == 31 and five:
                after_go = n >= 2 and sit.mine[-1] == sit.mine[-2]  # the other said go between them
                who = "you" if sit.mine[-1] else "they"
                why = ((f"{'they' if sit.mine[-1] else 'you'} said go at {count[n - 1]} and {who} played on: "
                        if after_go else "") + f"{sit.played[-1]} made 31, the end of the five-card game's one count")
            else:
                why = (f"neither of you can play at {count[n]}, and the five-card game has one count (no restart "
                       "after a go)")
            return f"advise: the play is over after --played: {why}; there is nothing left to play"
        if (at == ka.NOT_MY_TURN).all():
            if n == 0:
                return ("advise: with nothing played the pone leads, and the pone is the opponent; advise once they "
                        "have led")
            if not left:
                why = "you have played all your cards, and they play out theirs"
            elif you_can:
                why = f"whatever hand they hold, a card of theirs fits at {count[n]}"
            else:  # none of yours fits: you played the last card (had they, you would lead after a go)
                why = (f"a card of theirs fits at {count[n]}, or, if none does, neither of you can play, the go "
                       "ends the count and they lead the next (the player after the last card leads)")
            return f"advise: it is the opponent's turn after --played: {why}; advise once they have played"
        return (f"advise: after --played it is the opponent's turn, or the play is over if they cannot play at "
                f"{count[n]}: either way there is nothing for you to play yet")
    if (at == ka.PASSED_WHEN_ABLE).all() and not sit.mine[far]:
        lead = " (you are the pone: you lead)" if far == 0 else ""
        return (f"advise: --played {card(far)} is the opponent's, but it was your turn and you could play{lead}: "
                "a player must play when able")
    if far == 0 and sit.mine[0]:
        return f"advise: --played {card(0)} cannot be yours: the pone leads, and the pone is the opponent"
    if five and sit.played[far].pip > 31 - count[far]:
        return (f"advise: --played {card(far)} takes the count from {count[far]} past 31, and the five-card game "
                "has one count (no restart after a go)")
    if (at == ka.PLAY_OVER).all():
        end = ("every card had been played" if far == 2 * len(sit.kept) else
               f"the five-card game has one count and it was over at {count[far]}" if five else "")
        return f"advise: --played {card(far)} comes after the end of the play ({end})"
    if (at == ka.OVER_31).all():
        return (f"advise: --played {card(far)} takes the count from {count[far]} past 31 while a card still "
                "fitted (a count restarts only when neither player can play)")
    if sit.mine[far]:
        return (f"advise: no hand the opponent can hold lets {card(far)} be yours: they would have had to play "
                "before it (a go is said only when no card fits)")
    return (f"advise: no hand the opponent can hold plays --played {card(far)} at a count of {count[far]} under "
            "the rules")


def check_score(score, variant: str, discard: str, board=None):
    """The committed board of ``variant`` and ``discard`` (``board`` when the caller holds it),
    once ``score`` (MINE, THEIRS) is a score of its game that has not already been won."""
    from crib_stats.game.board import check_position, committed

    b = committed(variant, discard) if board is None else board
    mine, theirs = score
    check_position(mine, theirs, b.target, where="advise --score", error=AdviseError)
    return b
