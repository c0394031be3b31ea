"""The play (pegging): score each card, check a whole play, search every legal play.

Suits never matter in the play, so cards may be given with or without them ("7c", "7♣" or
just "7"). Player 0 is the pone (who leads), player 1 the dealer. The rules are the model's
state machine (:class:`crib_stats.model.play.PlayState`); this module checks and scores plays
typed by a user, and searches every legal play with the kernels.

>>> [e.points for e in count_points("4 2 3 5 6")]
[0, 0, 3, 4, 5]
>>> [e.why for e in count_points("7 7 7 7")]
['', 'a pair for 2', 'pair royal for 6', 'double pair royal for 12']
>>> r = play("7c 7d 4h 4s", "7h 7s 4c 4d", "7c 7h 7d 7s 4h 4c 4s 4d")
>>> r.points
{'pone': 12, 'dealer': 30}
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

import numpy as np

from crib_stats.core.cards import Card, CardError, RANK_NAMES, parse
from crib_stats.core.errors import CribStatsError
from crib_stats.kernels.constants import (
    PEG_LEAST_DEALER, PEG_LEAST_PONE, PEG_MOST_BOTH, PEG_MOST_DEALER, PEG_MOST_ONE_CARD, PEG_MOST_PONE,
)
from crib_stats.model.play import PegCard, PegEvent, PlayState, card_points, points_why  # noqa: F401 (the face)
from crib_stats.model.seats import ROLES as PLAYERS
from crib_stats.model.variants import Variant, variant as get_variant

_RANK_TOKEN = re.compile(r"^(10|[2-9]|[atjqk])$", re.IGNORECASE)
_RANK_OF = {name.lower(): i for i, name in enumerate(RANK_NAMES)} | {"t": 9}


class PegError(CribStatsError):
    """A play that breaks a rule, or bad play input; the message names the rule."""


def parse_play_cards(text: str | Iterable[str], what: str = "cards") -> list[PegCard]:
    """Cards with suits ("7c", "7♣", "5h5c") or bare ranks ("7", "10", "T", "j").

    >>> [str(c) for c in parse_play_cards("7c 10 t jd")]
    ['7♣', '10', '10', 'J♦']
    """
    items = [text] if isinstance(text, str) else list(text)
    out: list[PegCard] = []
    for item in items:
        for token in re.split(r"[\s,;]+", item.strip()):
            if not token:
                continue
            if _RANK_TOKEN.match(token):
                r = _RANK_OF[token.lower()]
                out.append(PegCard(r, RANK_NAMES[r], False))
                continue
            try:
                cards = parse(token)
            except CardError as exc:
                raise PegError(f"{what}: {exc}; in the play a bare rank (7, 10, T, J) also works") from None
            out.extend(PegCard(c.rank, str(c), True) for c in cards)
    return out


def _check_pack(cards: list[PegCard], what: str) -> None:
    seen: set[str] = set()
    counts = [0] * 13
    for c in cards:
        if c.suited:
            if c.label in seen:
                raise PegError(f"{what}: {c.label} appears twice")
            seen.add(c.label)
        counts[c.rank] += 1
        if counts[c.rank] > 4:
            raise PegError(f"{what}: more than four cards of rank {RANK_NAMES[c.rank]}; a pack has four of each rank")


def count_points(cards: str | Iterable[str]) -> list[PegEvent]:
    """Score a single count: each card with the running count and what it scores, and why."""
    played = parse_play_cards(cards)
    if not played:
        raise PegError("give the cards of the count in the order played, e.g. 4 2 3 5 6")
    _check_pack(played, "the count")
    events = []
    ranks: list[int] = []
    count = 0
    for i, c in enumerate(played, 1):
        if count + c.pip > 31:
            raise PegError(f"card {i} ({c}) would take the count to {count + c.pip}: a count never passes 31")
        count += c.pip
        ranks.append(c.rank)
        pts, why = card_points(ranks)
        events.append(PegEvent("card", None, c.label, count, pts, why))
    return events


# ---------------------------------------------------------------------------------------------
# A whole play
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayResult:
    pone: tuple[str, ...]
    dealer: tuple[str, ...]
    variant: str
    events: tuple[PegEvent, ...]
    points: dict[str, int]
    most_one_card: int  # the most one card scored, its go / last-card point included

    @property
    def sequence(self) -> list[str]:
        return [e.card for e in self.events if e.kind == "card"]

    def as_dict(self) -> dict:
        return {"pone": list(self.pone), "dealer": list(self.dealer), "variant": self.variant,
                "play": self.sequence, "points": self.points, "most_one_card": self.most_one_card,
                "events": [e.as_dict() for e in self.events]}


def _hands(pone, dealer, v: Variant) -> tuple[list[PegCard], list[PegCard]]:
    if not v.two_player_play:
        raise PegError(f"the play is modelled for the two-player games (six-card, five-card), not {v.name}")
    p = parse_play_cards(pone, "the pone's hand")
    d = parse_play_cards(dealer, "the dealer's hand")
    for who, h in (("pone", p), ("dealer", d)):
        if len(h) != v.kept:
            raise PegError(f"the {who}'s hand needs {v.kept} cards in the {v.name} game, got {len(h)}")
    _check_pack(p + d, "the two hands")
    return p, d


def _result(p, d, v: Variant, s: PlayState) -> PlayResult:
    return PlayResult(tuple(c.label for c in p), tuple(c.label for c in d), v.name, tuple(s.events),
                      {"pone": s.points[0], "dealer": s.points[1]}, s.best_card)


def _fmt(cards: Iterable[PegCard]) -> str:
    return " ".join(c.label for c in cards) or "nothing"


def play(pone, dealer, sequence, variant: str | Variant = "six-card") -> PlayResult:
    """Check a whole play for legality and score it (go and last-card points included)."""
    v = get_variant(variant)
    p, d = _hands(pone, dealer, v)
    return _replay(p, d, v, parse_play_cards(sequence, "the play"))


def _replay(p: list[PegCard], d: list[PegCard], v: Variant, seq: list[PegCard]) -> PlayResult:
    """Validate a play card by card (the rules as the Python state machine states them, held
    against the kernel's stepper by the tests) and collect its events."""
    s = PlayState([p[:], d[:]], stop_at_go=v.play_stops_at_first_go)
    for i, card in enumerate(seq, 1):
        s.settle()
        if s.finished:
            rule = "the five-card play stops at the first go or 31" if s.stop_at_go else "every card is played"
            raise PegError(f"card {i} ({card}) is played after the end of the play: {rule}")
        mover = s.turn
        match = _find(s.hands[mover], card)
        if match is None:
            other = _find(s.hands[1 - mover], card)
            if other is not None:
                raise PegError(
                    f"card {i} ({card}) is the {PLAYERS[1 - mover]}'s, but it is the {PLAYERS[mover]}'s turn and "
                    f"the {PLAYERS[mover]} can play ({_fmt(s.playable())}): a player must play when able")
            raise PegError(f"card {i} ({card}) is in neither player's remaining cards "
                           f"(pone: {_fmt(s.hands[0])}; dealer: {_fmt(s.hands[1])})")
        if s.count + match.pip > 31:
            raise PegError(f"card {i} ({card}) would take the count to {s.count + match.pip}: the count may not pass 31")
        s.apply(match)
    s.settle()
    if not s.finished:
        held = "; ".join(f"the {PLAYERS[i]} still holds {_fmt(s.hands[i])}" if s.hands[i]
                         else f"the {PLAYERS[i]} has played every card" for i in (0, 1))
        raise PegError(f"the play is incomplete: {held}; next to play: the {PLAYERS[s.turn]}")
    return _result(p, d, v, s)


def _find(hand: list[PegCard], card: PegCard) -> PegCard | None:
    for c in hand:
        if c.suited and card.suited:
            if c.label == card.label:
                return c
        elif c.rank == card.rank:
            return c
    return None


# ---------------------------------------------------------------------------------------------
# Searching every legal play (the kernel's stepper; the play is replayed here for its events)
# ---------------------------------------------------------------------------------------------

# (side, worst) -> the kernel column searched
SEARCHES = {
    ("dealer", False): PEG_MOST_DEALER,
    ("pone", False): PEG_MOST_PONE,
    ("both", False): PEG_MOST_BOTH,
    ("card", False): PEG_MOST_ONE_CARD,
    ("dealer", True): PEG_LEAST_DEALER,
    ("pone", True): PEG_LEAST_PONE,
}


def _counts(cards: list[PegCard]) -> np.ndarray:
    c = np.zeros(13, np.int64)
    for card in cards:
        c[card.rank] += 1
    return c


def best_play(pone, dealer, side: str = "dealer", worst: bool = False,
              variant: str | Variant = "six-card") -> PlayResult:
    """The play that gives ``side`` ('pone', 'dealer', 'both' or 'card' for the best single card)
    the most points over every legal play, both players cooperating (the least with ``worst``,
    for 'pone' or 'dealer'). Of several such plays, the first with ranks ascending at each turn.

    >>> best_play("7 7 4 4", "7 7 4 4", "dealer").points["dealer"]
    30
    """
    from crib_stats.kernels import playsearch  # lazy: numba only when used

    if (side, bool(worst)) not in SEARCHES:
        which = "pone or dealer" if worst else "pone, dealer, both or card"
        raise PegError(f"{'--worst' if worst else '--best'} takes {which}, got {side!r}")
    v = get_variant(variant)
    p, d = _hands(pone, dealer, v)
    _, seq, n = playsearch.peg_search(_counts(p), _counts(d), v.play_stops_at_first_go, SEARCHES[side, bool(worst)])
    sequence = [PegCard(int(r), RANK_NAMES[int(r)], False) for r in seq[:n]]
    return _replay(p, d, v, sequence)


POLICIES = ("greedy", "minimax")


def policy_play(pone, dealer, policy: str, variant: str | Variant = "six-card") -> PlayResult:
    """The play when both players follow ``policy`` (see :mod:`crib_stats.kernels.policies`):
    'greedy' (the card scoring most for itself; ties to a count off 5, 10 and 21, then the higher
    rank; a lead from A-4 when held) or 'minimax' (both hands visible, each maximising its own
    points minus the other's; of the optimal plays, the lowest rank achieving the value at every
    turn). The kernel chooses the ranks; the play is replayed here for its events.

    >>> r = policy_play("4 4 7 7", "4 4 7 7", "greedy")
    >>> r.sequence, r.points
    (['4', '4', '4', '4', '7', '7', '7', '7'], {'pone': 6, 'dealer': 20})
    """
    from crib_stats.kernels import policies as kpol  # lazy: numba only when used

    if policy not in POLICIES:
        raise PegError(f"unknown play policy {policy!r}: choose {' or '.join(POLICIES)}")
    v = get_variant(variant)
    p, d = _hands(pone, dealer, v)
    stop = v.play_stops_at_first_go
    if policy == "greedy":
        _, _, moves, n = kpol.greedy_sequence(_counts(p), _counts(d), stop)
    else:
        _, moves, n = kpol.minimax_line(_counts(p), _counts(d), stop)
    sequence = [PegCard(int(r), RANK_NAMES[int(r)], False) for r in moves[:n, 1]]
    return _replay(p, d, v, sequence)


__all__ = ["count_points", "play", "best_play", "policy_play", "PegError", "PegEvent", "PlayResult", "PlayState"]
