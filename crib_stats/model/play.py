"""The play's rules as one Python state machine, for two, three or four players.

The players are numbered by their turn in the deal (:mod:`.seats`): 0 on the dealer's left (who
leads), ``n - 1`` the dealer; with two, 0 is the pone and 1 the dealer, as in the kernels'
stepper (:mod:`crib_stats.kernels.play`), which the tests hold to this machine. The rules
(DESIGN.md section 2):

- in turn, clockwise; a card may not take the count past 31; a card scores 2 for fifteen, 2
  for 31, 2 for a pair with the previous card (6 for three in a row, 12 for four), and k for a
  run of the last k cards (k >= 3, any order, the longest);
- a player who has no card that fits says go (once a count; nobody says go at 31) and is
  passed over; the others, in turn, go on playing while they can;
- when nobody can play, the player of the last card pegs 1 for the go (or for the last card of
  the play), never after a 31 (which pegged 2); the count restarts, led by the player to the
  left of the one who played the last card; the five-card game's play stops at its first go or
  31 instead (cards may remain).

Three players (ranks from 0, the ace): 10, K, 4, 5 make 29; the next (7) cannot play and
says go, nor can the third (3), and the first has no card left, so the first pegs the go; the
count restarts with the player on its left: 7, 3, and the third pegs the last card.

>>> hands = [[PegCard(r, str(r), False) for r in h] for h in ([9, 4], [12, 6], [3, 2])]
>>> s = PlayState(hands, stop_at_go=False)
>>> for r in (9, 12, 3, 4, 6, 2):
...     s.settle(); s.apply(next(c for c in s.hands[s.turn] if c.rank == r))
>>> s.settle(); s.finished, s.points, [e.kind for e in s.events][4:]
(True, [1, 0, 1], ['go-said', 'go', 'card', 'card', 'last'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from crib_stats.kernels.constants import pip_value

from .seats import ROLES


@dataclass(frozen=True)
class PegCard:
    """A card in the play: its rank (0 = ace .. 12 = king) and how it was written."""

    rank: int
    label: str
    suited: bool

    @property
    def pip(self) -> int:
        return pip_value(self.rank)

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True)
class PegEvent:
    """One line of a play: a card (kind 'card'), a player saying go ('go-said', no points), or
    the go / last-card point ('go' or 'last'). ``player``: the player's role with two players
    (``"pone"``, ``"dealer"``), its turn as text with more; ``turn``: its turn (0 leads)."""

    kind: str
    player: str | None
    card: str | None
    count: int
    points: int
    why: str
    turn: int | None = None

    def as_dict(self) -> dict:
        """JSON-compatible (``crib-stats peg --json``'s events)."""
        return {"kind": self.kind, "player": self.player, "card": self.card, "count": self.count,
                "points": self.points, "why": self.why}


def points_why(fifteen: int, thirty_one: int, pairs: int, run: int) -> str:
    """What a card of the play scored, as the play says it: ``"fifteen for 2 and a pair for 2"``
    (from :func:`crib_stats.kernels.play.card_points`'s parts; empty when nothing)."""
    parts = []
    if fifteen:
        parts.append("fifteen for 2")
    if thirty_one:
        parts.append("thirty-one for 2")
    if pairs:
        parts.append({2: "a pair for 2", 6: "pair royal for 6", 12: "double pair royal for 12"}[pairs])
    if run:
        parts.append(f"run of {run} for {run}")
    return " and ".join(parts)


def card_points(ranks: list[int]) -> tuple[int, str]:
    """(points, why) of the last of ``ranks``, the current count's cards in order."""
    from crib_stats.kernels import play as kplay  # lazy: numba only when used

    f, t, p, r = kplay.peg_points(np.array(ranks, dtype=np.int64), len(ranks))
    return int(f + t + p + r), points_why(int(f), int(t), int(p), int(r))


@dataclass
class PlayState:
    """A play in progress, card by card (module docstring). ``hands[t]`` is the hand of the
    player whose turn is ``t`` (0 leads, the last the dealer's); :meth:`settle` before every
    card, then :meth:`apply` a legal card of ``hands[turn]``; ``events`` grows as the play goes.
    The callers (:func:`crib_stats.peg.pegging.play`, the referee) check a card's legality
    before applying it."""

    hands: list[list[PegCard]]
    stop_at_go: bool
    count: int = 0
    ranks: list[int] = field(default_factory=list)
    turn: int = 0
    last: int = -1  # the player of the last card (the dealer before any)
    last_pts: int = 0
    best_card: int = 0
    points: list[int] = field(default_factory=list)
    events: list[PegEvent] = field(default_factory=list)
    sequence: list[PegCard] = field(default_factory=list)
    finished: bool = False
    said_go: set = field(default_factory=set)

    def __post_init__(self) -> None:
        n = len(self.hands)
        if self.last < 0:
            self.last = n - 1
        if not self.points:
            self.points = [0] * n

    @property
    def players(self) -> int:
        return len(self.hands)

    def name(self, player: int) -> str:
        """A player as the events name it: its role with two players, its turn with more."""
        return ROLES[player] if self.players == 2 else str(player)

    def can_play(self, player: int) -> bool:
        """Whether ``player`` holds a card that fits the count."""
        return any(c.pip <= 31 - self.count for c in self.hands[player])

    def _event(self, kind: str, player: int, card: str | None, points: int, why: str) -> None:
        self.events.append(PegEvent(kind, self.name(player), card, self.count, points, why, player))

    def settle(self) -> None:
        """Resolve goes until someone must play or the play is over. A player who still holds
        cards but cannot play says go (once a count; nobody says go at 31) and is passed over;
        the next player who can play plays on; when nobody can, the last player scores the go
        (or the last card) and the count restarts with the player on the last player's left."""
        n = self.players
        while not self.finished and not self.can_play(self.turn):
            if self.hands[self.turn] and self.turn not in self.said_go and self.count < 31:
                self.said_go.add(self.turn)
                self._event("go-said", self.turn, None, 0, "go")
            nxt = next((p for p in ((self.turn + k) % n for k in range(1, n)) if self.can_play(p)), None)
            if nxt is not None:
                self.turn = nxt
                continue
            empty = not any(self.hands)
            if self.ranks and self.count < 31:
                self.points[self.last] += 1
                self.best_card = max(self.best_card, self.last_pts + 1)
                self._event("last" if empty else "go", self.last, None, 1, "last card for 1" if empty else "go for 1")
            if self.stop_at_go or empty:
                self.finished = True
                return
            self.count = 0
            self.ranks = []
            self.said_go = set()
            self.turn = (self.last + 1) % n
            self.last_pts = 0

    def apply(self, card: PegCard) -> None:
        """The mover plays ``card`` (legal: the caller has checked it), scored as the rules say."""
        player = self.turn
        self.hands[player].remove(card)
        self.count += card.pip
        self.ranks.append(card.rank)
        pts, why = card_points(self.ranks)
        self.points[player] += pts
        self.last = player
        self.last_pts = pts
        self.best_card = max(self.best_card, pts)
        self.sequence.append(card)
        self._event("card", player, card.label, pts, why)
        self.turn = (player + 1) % self.players

    def playable(self) -> list[PegCard]:
        """The mover's playable cards, one per rank (suits never change what a card scores)."""
        seen: set[int] = set()
        out = []
        for c in self.hands[self.turn]:
            if c.pip <= 31 - self.count and c.rank not in seen:
                seen.add(c.rank)
                out.append(c)
        return out
