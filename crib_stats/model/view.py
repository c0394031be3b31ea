"""What one seat sees now: the only thing a player, an advisor or the page is ever given.

A :class:`View` holds the seat's own cards, the scores, the starter once cut, every card played
this deal and by whom, the current count and its cards, the legal cards, and the shows made so
far this deal; never a card the rules have not shown that seat (another seat's hand or throw,
a partner's included, the crib and the three-player crib's card from the pack before the crib
is shown, the starter before the cut, the rest of the pack). Seats are named as
:mod:`crib_stats.model.seats` names them; the scores are by side (a seat, or a team).

:meth:`View.position` is the part of a view a decision depends on, stored with every decision
in the record. In a game of version 1 (:attr:`View.version`: two players, the default target,
no muggins) it is told from the seat's side: ``hand`` (the cards held), ``dealer`` (true when this seat deals), ``scores`` (``{"you",
"opponent"}``); for a play also ``discard`` (the seat's own throw), ``count``, ``sequence``
(the current count's cards), ``played`` (every card of the deal so far, ``{"card", "by"}``,
``by`` ``"you"`` or ``"opponent"``), ``starter`` and ``legal``. Otherwise (version 2)
``dealer`` is the dealer's seat, ``scores`` are keyed by side and ``by`` is a seat; a muggins
decision's position adds its ``question`` (:attr:`View.question`).

>>> from crib_stats.core.cards import parse
>>> v = View(seat="first_pone", seats=("first_dealer", "first_pone"), teams=None, variant="six-card",
...          target=121, throw=2, deal=0, dealer_seat="first_dealer",
...          scores={"first_dealer": 10, "first_pone": 7}, to_act="discard", dealt=parse("5h 6h 7c jd qs kd"),
...          hand=parse("5h 6h 7c jd qs kd"), discard=(), starter=None, played=(), count=0, sequence=(),
...          legal=(), shows=(), over=False)
>>> v.dealer, v.score, v.opponent_score, v.position()["scores"]
(False, 7, 10, {'you': 7, 'opponent': 10})
"""

from __future__ import annotations

from dataclasses import dataclass

from crib_stats.core.cards import Card, card_text, text_cards
from crib_stats.model.seats import side_named

ME, OPPONENT = "you", "opponent"  # a two-seat view's words for the seats, as version 1 has them


@dataclass(frozen=True)
class Played:
    """A card of this deal's play: the seat that played it, the count after it, what it scored."""

    card: Card
    by: str  # the seat's name
    count: int
    points: int


@dataclass(frozen=True)
class Shown:
    """A show of this deal: ``whose`` is the seat whose hand it is, or ``"crib"`` (the crib is
    the dealer's), its cards without the starter, and its points (the true count)."""

    whose: str
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True)
class View:
    """One seat's view of the game now (see the module docstring).

    ``to_act`` is what this seat must decide now (``"discard"`` or ``"play"``) or None (another
    seat's turn, or the game is over). ``dealt``: the cards dealt to this seat this deal;
    ``hand``: the cards it holds now (the dealt cards until it throws, then the kept cards not
    yet played); ``discard``: its own throw (empty before it throws); ``legal``: the cards it
    may play now (empty unless ``to_act == "play"``; a discard is any ``throw`` cards of
    ``hand``); ``count`` and ``sequence``: the current count and its cards (0 and empty outside
    the play); ``played``: every card of this deal's play in order; ``scores``: by side.
    """

    seat: str
    seats: tuple[str, ...]  # every seat, clockwise, the first dealer first
    teams: dict | None  # {team: (seat, seat)} where there are partnerships
    variant: str
    target: int
    throw: int  # cards each seat throws to the crib
    deal: int  # from 0
    dealer_seat: str
    scores: dict  # {side: score}: a side is a team where there are partnerships, else a seat
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
    muggins: bool = False
    version: int = 1  # of the record and the protocol (crib_stats.model.variants.Variant.version)
    question: dict | None = None  # muggins: the show a count or a call is about (to_act "count" or "muggins")

    def __hash__(self) -> int:
        """A view is a value (the page's pool keeps answers by it): hashed by what it says, its
        scores, teams and question (dicts) included."""
        import json

        return hash(json.dumps(self.as_dict(), sort_keys=True))

    # -- sides -------------------------------------------------------------------------------

    @property
    def dealer(self) -> bool:
        """This seat deals this deal (the crib is its, or its team's)."""
        return self.dealer_seat == self.seat

    @property
    def crib_is_mine(self) -> bool:
        """The crib is this seat's side's: it deals, or (partners) its partner deals."""
        return self.side_of(self.dealer_seat) == self.side

    @property
    def role(self) -> str:
        """``"dealer"`` when the crib is this side's, else ``"pone"``: the seat's objective in
        the discard (the crib added, or taken away)."""
        return "dealer" if self.crib_is_mine else "pone"

    def side_of(self, seat: str) -> str:
        """The side ``seat`` scores for: its team, or itself."""
        return side_named(seat, self.teams)

    @property
    def side(self) -> str:
        return self.side_of(self.seat)

    @property
    def score(self) -> int:
        """This seat's side's score."""
        return self.scores[self.side]

    @property
    def opponent_score(self) -> int:
        """The other side's score, in a game of two sides (the highest other side's with three)."""
        return max(v for k, v in self.scores.items() if k != self.side)

    def mine(self, seat: str) -> bool:
        """Whether ``seat`` is on this seat's side (itself, or its partner)."""
        return self.side_of(seat) == self.side

    # -- as text -------------------------------------------------------------------------------

    @property
    def relative(self) -> bool:
        """Whether this view tells the seats from its own side (``"you"``, ``"opponent"``), as
        version 1 of the record and of the protocol do."""
        return self.version == 1

    def _who(self, seat: str) -> str:
        """A seat as this view tells it (:attr:`relative`), else its name."""
        if self.relative:
            return ME if seat == self.seat else OPPONENT
        return seat

    def _scores(self) -> dict:
        if self.relative:
            return {ME: self.score, OPPONENT: self.opponent_score}
        return dict(self.scores)

    def _dealer(self):
        return self.dealer if self.relative else self.dealer_seat

    def as_dict(self) -> dict:
        """The whole view, JSON-compatible, cards as text."""
        out = {"seat": self.seat, "variant": self.variant, "target": self.target, "throw": self.throw,
               "deal": self.deal, "dealer": self._dealer(), "scores": self._scores(), "to_act": self.to_act,
               "dealt": text_cards(self.dealt), "hand": text_cards(self.hand), "discard": text_cards(self.discard),
               "starter": None if self.starter is None else card_text(self.starter),
               "played": [{"card": card_text(p.card), "by": self._who(p.by), "count": p.count, "points": p.points}
                          for p in self.played],
               "count": self.count, "sequence": text_cards(self.sequence), "legal": text_cards(self.legal),
               "shows": [{"whose": s.whose if s.whose == "crib" else self._who(s.whose), "cards": text_cards(s.cards),
                          "points": s.points} for s in self.shows],
               "over": self.over}
        if not self.relative:
            out |= {"seats": list(self.seats), "teams": None if self.teams is None else
                    {k: list(v) for k, v in self.teams.items()}, "muggins": self.muggins}
        if self.question is not None:
            out["question"] = dict(self.question)
        return out

    def position(self) -> dict:
        """What a decision of this seat depends on (module docstring); {} when it has none to make."""
        base = {"hand": text_cards(self.hand), "dealer": self._dealer(), "scores": self._scores()}
        if self.to_act == "discard":
            return base
        if self.to_act == "play":
            return base | {"discard": text_cards(self.discard), "count": self.count,
                           "sequence": text_cards(self.sequence),
                           "played": [{"card": card_text(p.card), "by": self._who(p.by)} for p in self.played],
                           "starter": card_text(self.starter), "legal": text_cards(self.legal)}
        if self.to_act in ("count", "muggins"):
            return base | {"question": dict(self.question)}
        return {}
