"""The game's event log: everything that happens, in order, as both seats may know it.

Every event is public when it happens (no event carries a card the rules have not shown both
seats: a discard says who threw, not what), so the log, or any slice of it, can go to either
player. Kinds (``Event.kind``), with the fields each sets besides ``index``, ``deal`` and
``scores`` (both seats' scores after the event):

- ``first_deal_last`` (five-card game, deal 0): ``seat`` the pone, ``points`` 3, ``why``;
- ``deal``: a deal begins, ``seat`` its dealer;
- ``discard``: ``seat`` has thrown to the crib;
- ``starter``: the cut, ``card``, ``seat`` the dealer;
- ``heels``: his heels, ``seat`` the dealer, ``points`` 2, ``why``;
- ``card``: ``seat`` plays ``card``; ``count`` the count after it, ``points`` what it scored and
  ``why`` (``"fifteen for 2"``, ``"thirty-one for 2"``, ``"a pair for 2"``, ``"run of 3 for
  3"``, joined by ``" and "``; empty when nothing);
- ``go-said``: ``seat`` cannot play and says go (no points, ``count``);
- ``go`` / ``last``: ``seat`` pegs 1 for the go or for the last card (``why``; never after a 31);
- ``show``: a show in order (every hand from the dealer's left, the dealer's last, then the
  crib): ``whose`` (``"pone"``, ``"dealer"`` with two seats, ``"hand"`` with more, or
  ``"crib"``), ``seat`` the seat whose points they are (the dealer's for the crib), ``cards``
  (without the starter), ``card`` the starter, ``points`` (pegged) and ``breakdown``
  (:func:`breakdown_dict`: the true count); with muggins ``claimed``, the owner's claim;
- ``muggins``: ``seat`` pegs ``points`` of what the owner of a show (``whose``, ``cards``)
  missed, ``why``;
- ``game_over``: ``seat`` the winner, ``result`` the record's result (:mod:`.record`).

The names of the play's kinds are those of ``crib-stats peg --json``.
"""

from __future__ import annotations

from dataclasses import dataclass

from crib_stats.core.cards import Card, card_text, text_cards
from crib_stats.kernels.constants import JACK
from crib_stats.show.scoring import Breakdown


KINDS = ("first_deal_last", "deal", "discard", "starter", "heels", "card", "go-said", "go", "last", "show",
         "muggins", "game_over")


@dataclass(frozen=True)
class Event:
    """One event of the game's public log (``Game.events``): its ``index`` in the log, its
    ``kind`` (one of ``first_deal_last``, ``deal``, ``discard``, ``starter``, ``heels``, ``card``,
    ``go-said``, ``go``, ``last``, ``show``, ``game_over``), its ``deal``, the ``seat`` it concerns,
    both seats' ``scores`` after it, and what its kind sets: ``points``, ``card``, ``count``,
    ``why``, ``whose`` and ``cards`` (a show, with its ``breakdown``), ``result``. Every event is
    public when it happens (a discard says who threw, not what)."""

    index: int  # its place in the game's log, from 0
    kind: str  # one of KINDS
    deal: int  # the deal it belongs to, from 0
    seat: str | None
    scores: tuple[tuple[str, int], ...]  # (seat, score) after the event, both seats
    points: int = 0
    card: Card | None = None
    count: int | None = None
    why: str = ""
    whose: str | None = None
    cards: tuple[Card, ...] = ()
    shown: Breakdown | None = None  # a show's itemised count (:attr:`breakdown` as JSON)
    result: dict | None = None
    claimed: int | None = None  # muggins: a show's claim

    @property
    def breakdown(self) -> dict | None:
        """A show's itemised count, :func:`breakdown_dict` (None for other kinds)."""
        return None if self.shown is None else breakdown_dict(self.shown)

    def as_dict(self) -> dict:
        """JSON-compatible, cards as text; fields a kind does not set are left out."""
        out = {"index": self.index, "kind": self.kind, "deal": self.deal, "seat": self.seat,
               "points": self.points, "scores": dict(self.scores)}
        if self.card is not None:
            out["card"] = card_text(self.card)
        if self.count is not None:
            out["count"] = self.count
        if self.why:
            out["why"] = self.why
        if self.whose is not None:
            out["whose"] = self.whose
            out["cards"] = text_cards(self.cards)
        if self.shown is not None:
            out["breakdown"] = self.breakdown
        if self.claimed is not None:
            out["claimed"] = self.claimed
        if self.result is not None:
            out["result"] = self.result
        return out


def breakdown_dict(b: Breakdown) -> dict:
    """The scorer's itemised show (:func:`crib_stats.show.scoring.score`): the points by
    category, the total, the count as players say it, and every scoring combination with its
    cards and points.

    >>> from crib_stats.show.scoring import score
    >>> d = breakdown_dict(score("5h 5c 5s jd", "5d"))
    >>> d["total"], d["fifteens"], d["items"][-1]
    (29, 16, {'kind': 'nobs', 'cards': ['jd'], 'points': 1})
    """
    items = [{"kind": "fifteen", "cards": text_cards(s), "points": 2} for s in b.fifteen_sets]
    items += [{"kind": "pair", "cards": text_cards(s), "points": 2} for s in b.pair_sets]
    items += [{"kind": "run", "cards": text_cards(s), "points": len(s)} for s in b.run_sets]
    if b.flush:
        suited = b.cards + ((b.starter,) if b.flush == len(b.cards) + 1 else ())
        items.append({"kind": "flush", "cards": text_cards(suited), "points": b.flush})
    if b.nobs:
        jack = [c for c in b.cards if c.rank == JACK and c.suit == b.starter.suit]
        items.append({"kind": "nobs", "cards": text_cards(jack), "points": b.nobs})
    return {"fifteens": b.fifteens, "pairs": b.pairs, "runs": b.runs, "flush": b.flush, "nobs": b.nobs,
            "total": b.total, "say": b.say(), "items": items}
