"""What one seat sees now: the only thing a player is ever given.

A :class:`View` holds the seat's own cards, the scores, the starter once cut, every card played
this deal and by whom, the current count and its cards, the legal cards, and the shows made so
far this deal; never a card the rules have not shown that seat (the opponent's hand or throw,
the crib before its show, the starter before the cut, the rest of the pack). Who played or
showed is told from the seat's side: ``"you"`` or ``"opponent"``. Earlier deals are in the
event log (:mod:`.events`), which is public.

:meth:`View.position` is the part of a view a decision depends on, stored with every decision
in the record: for a discard ``hand`` (the cards dealt), ``dealer`` and ``scores``; for a play
also ``discard`` (the seat's own throw), ``count``, ``sequence`` (the current count's cards),
``played`` (every card of the deal so far, ``{"card", "by"}``), ``starter`` and ``legal``.
"""

from __future__ import annotations

from dataclasses import dataclass

from crib_stats.core.cards import Card

from .deck import card_text, text_cards

ME, OPPONENT = "you", "opponent"


@dataclass(frozen=True)
class Played:
    """A card of this deal's play: who played it, the count after it, what it scored."""

    card: Card
    by: str  # "you" | "opponent"
    count: int
    points: int

    def as_dict(self) -> dict:
        """JSON-compatible, the card as text."""
        return {"card": card_text(self.card), "by": self.by, "count": self.count, "points": self.points}


@dataclass(frozen=True)
class Shown:
    """A show of this deal: ``whose`` is ``"you"``, ``"opponent"`` or ``"crib"`` (the crib is the
    dealer's), its cards without the starter, and its points."""

    whose: str
    cards: tuple[Card, ...]
    points: int

    def as_dict(self) -> dict:
        """JSON-compatible, the cards as text."""
        return {"whose": self.whose, "cards": text_cards(self.cards), "points": self.points}


@dataclass(frozen=True)
class View:
    """One seat's view of the game now (see the module docstring).

    ``to_act`` is what this seat must decide now (``"discard"`` or ``"play"``) or None (the
    other seat's turn, or the game is over). ``dealt``: the cards dealt to this seat this deal;
    ``hand``: the cards it holds now (the dealt cards until it throws, then the kept cards not
    yet played); ``discard``: its own throw (empty before it throws); ``legal``: the cards it
    may play now (empty unless ``to_act == "play"``; a discard is any ``throw`` cards of
    ``hand``); ``count`` and ``sequence``: the current count and its cards (0 and empty outside
    the play); ``played``: every card of this deal's play in order.
    """

    seat: str  # "first_dealer" | "first_pone"
    variant: str
    target: int
    throw: int  # cards each seat throws to the crib
    deal: int  # from 0
    dealer: bool  # this seat deals this deal (the crib is its)
    score: int
    opponent_score: int
    to_act: str | None
    dealt: tuple[Card, ...]
    hand: tuple[Card, ...]
    discard: tuple[Card, ...]
    starter: Card | None
    played: tuple[Played, ...]
    count: int
    sequence: tuple[Card, ...]
    legal: tuple[Card, ...]
    shows: tuple[Shown, ...]
    over: bool

    @property
    def scores(self) -> dict:
        return {ME: self.score, OPPONENT: self.opponent_score}

    def as_dict(self) -> dict:
        """The whole view, JSON-compatible, cards as text."""
        return {"seat": self.seat, "variant": self.variant, "target": self.target, "throw": self.throw,
                "deal": self.deal, "dealer": self.dealer, "scores": self.scores, "to_act": self.to_act,
                "dealt": text_cards(self.dealt), "hand": text_cards(self.hand), "discard": text_cards(self.discard),
                "starter": None if self.starter is None else card_text(self.starter),
                "played": [p.as_dict() for p in self.played], "count": self.count,
                "sequence": text_cards(self.sequence), "legal": text_cards(self.legal),
                "shows": [s.as_dict() for s in self.shows], "over": self.over}

    def position(self) -> dict:
        """What a decision of this seat depends on (module docstring); {} when it has none to make."""
        base = {"hand": text_cards(self.hand), "dealer": self.dealer, "scores": self.scores}
        if self.to_act == "discard":
            return base
        if self.to_act == "play":
            return base | {"discard": text_cards(self.discard), "count": self.count,
                           "sequence": text_cards(self.sequence),
                           "played": [{"card": card_text(p.card), "by": p.by} for p in self.played],
                           "starter": card_text(self.starter), "legal": text_cards(self.legal)}
        return {}
