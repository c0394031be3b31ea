"""One deal as the referee holds it: every card (the truth no player sees whole), the throws, the
play and the shows, and the deal's part of the record.

The play is :class:`crib_stats.model.play.PlayState`, the model's state machine of the play (the
same rules as the kernels' stepper, held against it by the tests): this module only maps its
players (their turns: 0 on the dealer's left, the dealer last) to seats and its cards to
:class:`Card` values. The scores, the events and the order of decisions are
:class:`crib_stats.referee.game.Game`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from crib_stats.core.cards import Card, card_text, text_cards
from crib_stats.model.play import PegCard, PegEvent, PlayState
from crib_stats.model.seats import ROLES, play_order
from crib_stats.model.variants import Variant
from crib_stats.show.scoring import Breakdown, score

from .deck import Pack, copy_json


@dataclass
class Show:
    """A show of a deal: ``whose`` (``"pone"``/``"dealer"`` with two seats, as the events name
    them; ``"hand"`` with more; or ``"crib"``), the seat whose points they are (the dealer's for
    the crib), its cards (without the starter), its true count; with muggins the owner's claim
    and the call on an undercount (``{"by": seat, "points": n}``, None when nothing was missed)."""

    whose: str
    seat: str
    cards: tuple[Card, ...]
    breakdown: Breakdown
    claimed: int | None = None
    muggins: dict | None = None


class Deal:
    """Deal ``index`` of a game of ``seats`` (names, clockwise): ``dealer`` deals; ``order`` the
    seats in the play's order (the dealer's left first, the dealer last); ``dealt`` the cards
    dealt by seat; ``crib_card`` the three-player crib's card from the pack; ``starter`` once cut;
    ``discards`` and ``kept`` by seat once thrown; ``play`` (a PlayState) once every seat has
    thrown; ``played`` every card of the play as (seat, card, count after, points); ``shows`` as
    (:class:`Show`, in order); ``asking`` the decision of a show the game waits for (muggins: a
    claim or a call) or None; ``decisions`` the record's entries; ``scores`` every side's score
    after the deal (so far, while it is played)."""

    def __init__(self, index: int, seats: tuple[str, ...], dealer: int, cards: Pack, v: Variant, scores: dict) -> None:
        n = len(seats)
        self.index = index
        self.variant = v
        self.seats = seats
        self.dealer = seats[dealer]
        self.order = tuple(seats[s] for s in play_order(dealer, n))
        self.pone = self.order[0]  # on the dealer's left: cuts, leads, shows first
        self.dealt: dict[str, tuple[Card, ...]] = {seats[(dealer + i) % n]: tuple(h) for i, h in enumerate(cards.hands)}
        self.crib_card = cards.crib_card  # the referee's secret until the crib is shown
        self.cut_card = cards.starter  # the referee's secret until every seat has thrown
        self.starter: Card | None = None
        self.first_deal_last = 0
        self.heels = 0
        self.discards: dict[str, tuple[Card, ...]] = {}
        self.kept: dict[str, tuple[Card, ...]] = {}
        self.left: dict[str, list[Card]] = {}
        self.play: PlayState | None = None
        self.read = 0  # the play's events already turned into the game's
        self.played: list[tuple[str, Card, int, int]] = []
        self.plays: list[dict] = []
        self.shows: list[Show] = []
        self.shown = 0  # shows begun (their claims asked, with muggins)
        self.asking: dict | None = None
        self.decisions: list[dict] = []
        self.scores = dict(scores)
        self.labels: dict[str, Card] = {str(c): c for cards in self.dealt.values() for c in cards}

    # -- the seats of the play state --------------------------------------------------------------

    def seat_of(self, turn: int) -> str:
        """The seat whose turn in this deal is ``turn`` (0 on the dealer's left)."""
        return self.order[turn]

    def mover(self) -> str:
        return self.seat_of(self.play.turn)

    def next_to_throw(self) -> str | None:
        """The next seat to throw, in the play's order (the pone first, the dealer last)."""
        return next((s for s in self.order if s not in self.discards), None)

    # -- what a seat holds ----------------------------------------------------------------------

    def hand(self, seat: str) -> tuple[Card, ...]:
        """The cards ``seat`` holds now: the dealt cards until it throws, then the kept cards
        not yet played."""
        if seat not in self.kept:
            return self.dealt[seat]
        return tuple(self.left[seat])

    def legal(self, seat: str) -> tuple[Card, ...]:
        """The cards ``seat`` may play now (empty unless it is to play)."""
        if self.play is None or self.play.finished or self.mover() != seat:
            return ()
        room = 31 - self.play.count
        return tuple(c for c in self.left[seat] if c.pip <= room)

    def count(self) -> int:
        return 0 if self.play is None else self.play.count

    def count_cards(self) -> tuple[Card, ...]:
        """The cards of the current count, in order."""
        if self.play is None or not self.play.ranks:
            return ()
        return tuple(card for _, card, _, _ in self.played[len(self.played) - len(self.play.ranks):])

    # -- the steps ------------------------------------------------------------------------------

    def throw(self, seat: str, cards: tuple[Card, ...]) -> None:
        self.discards[seat] = tuple(cards)
        self.kept[seat] = tuple(c for c in self.dealt[seat] if c not in cards)
        self.left[seat] = list(self.kept[seat])

    def cut(self) -> Card:
        self.starter = self.cut_card
        return self.starter

    def start_play(self) -> None:
        hands = [[PegCard(c.rank, str(c), True) for c in self.kept[s]] for s in self.order]
        self.play = PlayState(hands, stop_at_go=self.variant.play_stops_at_first_go)

    def play_card(self, seat: str, card: Card) -> None:
        """Apply a legal card of the mover's (the caller has checked it)."""
        player = self.play.turn
        match = next(c for c in self.play.hands[player] if c.label == str(card))
        self.play.apply(match)
        self.left[seat].remove(card)

    def new_play_events(self) -> list[PegEvent]:
        """The play's events since the last call."""
        events = self.play.events[self.read:]
        self.read = len(self.play.events)
        return events

    def card_of(self, label: str) -> Card:
        return self.labels[label]

    @property
    def crib(self) -> tuple[Card, ...]:
        """The crib: the throws in the play's order, then (three players) the pack's card."""
        cards = tuple(c for s in self.order for c in self.discards[s])
        return cards + ((self.crib_card,) if self.crib_card is not None else ())

    def show_order(self) -> list[tuple[str, str, tuple[Card, ...], bool]]:
        """(whose, seat, cards, is the crib) in the order shown: every hand in the play's order
        (the dealer's last), then the crib (:class:`Show`'s ``whose``)."""
        two = len(self.seats) == 2
        hands = [(ROLES[t] if two else "hand", s, self.kept[s], False) for t, s in enumerate(self.order)]
        return hands + [("crib", self.dealer, self.crib, True)]

    def next_show(self) -> Show | None:
        """The next show, counted (its true count), or None when every show has begun."""
        order = self.show_order()
        if self.shown >= len(order):
            return None
        whose, seat, cards, crib = order[self.shown]
        self.shown += 1
        return Show(whose, seat, cards, score(cards, self.starter, crib=crib, variant=self.variant))

    def question(self, seat: str) -> dict | None:
        """What a muggins decision of ``seat`` is about, as its view tells it: the show to count
        (``whose`` "hand" or "crib", its cards, the starter), or the show to call on (``whose``
        the owner, ``what``, its cards, the starter and the owner's claim)."""
        a = self.asking
        if a is None or a["seat"] != seat:
            return None
        show = a["show"]
        what = "crib" if show.whose == "crib" else "hand"
        cards = {"cards": text_cards(show.cards), "starter": card_text(self.starter)}
        if a["kind"] == "count":
            return {"whose": what} | cards
        return {"whose": show.seat, "what": what} | cards | {"claimed": show.claimed}

    # -- the record -----------------------------------------------------------------------------

    def record(self, version: int = 1, share: bool = False) -> dict:
        """This deal's entry of the record (the record's documentation, :mod:`.record`); version 2
        adds the three-player crib's card from the pack and, with muggins, each show's claim and
        call. ``share``: its decisions are this deal's own entries, not copies (for a caller that
        serialises the entry at once: :func:`.record.line`)."""
        shows = []
        for s in self.shows:
            b = s.breakdown
            entry = {"whose": "crib" if s.whose == "crib" else s.seat, "cards": text_cards(s.cards), "points": b.total,
                     "fifteens": b.fifteens, "pairs": b.pairs, "runs": b.runs, "flush": b.flush, "nobs": b.nobs}
            if self.variant.muggins:
                entry |= {"claimed": s.claimed, "muggins": s.muggins}
            shows.append(entry)
        out = {"dealer": self.dealer, "hands": {s: text_cards(self.dealt[s]) for s in self.seats}}
        if version > 1:
            out["crib_card"] = None if self.crib_card is None else card_text(self.crib_card)
        return out | {"first_deal_last": self.first_deal_last,
                      "discards": {s: text_cards(self.discards[s]) for s in self.seats if s in self.discards},
                      "starter": None if self.starter is None else card_text(self.starter),
                      "heels": self.heels,
                      "plays": [dict(p) for p in self.plays],
                      "shows": shows,
                      "scores": dict(self.scores),
                      "decisions": self.decisions if share else copy_json(self.decisions)}
