"""One deal as the referee holds it: every card (the truth no player sees whole), the throws, the
play and the shows, and the deal's part of the record.

The play is :class:`crib_stats.peg.pegging.PlayState`, the package's state machine of the play
(the same rules as the kernels' stepper, held against it by the tests): this module only maps
its players (0 the pone, 1 the dealer) to seats and its cards to :class:`Card` values. The
scores, the events and the order of play are :class:`crib_stats.referee.game.Game`'s.
"""

from __future__ import annotations

from crib_stats.core.cards import Card
from crib_stats.core.rules import Variant
from crib_stats.peg.pegging import PegCard, PegEvent, PlayState
from crib_stats.show.scoring import Breakdown

from .deck import SEATS, card_text, copy_json, other, text_cards


class Deal:
    """Deal ``index``: ``dealer`` deals; ``dealt`` the cards dealt by seat; ``starter`` once cut;
    ``discards`` and ``kept`` by seat once thrown; ``play`` (a PlayState) once both have thrown;
    ``played`` every card of the play as (seat, card, count after, points); ``shows`` as
    (whose, seat, cards, breakdown); ``decisions`` the record's entries; ``scores`` both
    seats' scores after the deal (so far, while it is played)."""

    def __init__(self, index: int, dealer: str, dealer_cards, pone_cards, starter: Card, v: Variant,
                 scores: dict) -> None:
        self.index = index
        self.variant = v
        self.dealer = dealer
        self.pone = other(dealer)
        self.dealt: dict[str, tuple[Card, ...]] = {dealer: tuple(dealer_cards), self.pone: tuple(pone_cards)}
        self.cut_card = starter  # the referee's secret until both have thrown
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
        self.shows: list[tuple[str, str, tuple[Card, ...], Breakdown]] = []
        self.decisions: list[dict] = []
        self.scores = dict(scores)
        self.labels: dict[str, Card] = {str(c): c for cards in self.dealt.values() for c in cards}

    # -- the seats of the play state --------------------------------------------------------------

    def seat_of(self, player: int | str) -> str:
        """The seat of the play state's player (0 or "pone": the pone; 1 or "dealer": the dealer)."""
        return self.dealer if player in (1, "dealer") else self.pone

    def mover(self) -> str:
        return self.seat_of(self.play.turn)

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
        hands = [[PegCard(c.rank, str(c), True) for c in self.kept[s]] for s in (self.pone, self.dealer)]
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

    def show_order(self) -> list[tuple[str, str, tuple[Card, ...], bool]]:
        """(whose, seat, cards, is the crib) in the order shown: the pone's hand, the dealer's,
        the crib (the pone's throw, then the dealer's)."""
        crib = self.discards[self.pone] + self.discards[self.dealer]
        return [("pone", self.pone, self.kept[self.pone], False), ("dealer", self.dealer, self.kept[self.dealer], False),
                ("crib", self.dealer, crib, True)]

    # -- the record -----------------------------------------------------------------------------

    def record(self) -> dict:
        """This deal's entry of the record (docs/record.md)."""
        shows = [{"whose": "crib" if whose == "crib" else seat, "cards": text_cards(cards), "points": b.total,
                  "fifteens": b.fifteens, "pairs": b.pairs, "runs": b.runs, "flush": b.flush, "nobs": b.nobs}
                 for whose, seat, cards, b in self.shows]
        return {"dealer": self.dealer,
                "hands": {s: text_cards(self.dealt[s]) for s in SEATS},
                "first_deal_last": self.first_deal_last,
                "discards": {s: text_cards(self.discards[s]) for s in SEATS if s in self.discards},
                "starter": None if self.starter is None else card_text(self.starter),
                "heels": self.heels,
                "plays": [dict(p) for p in self.plays],
                "shows": shows,
                "scores": dict(self.scores),
                "decisions": copy_json(self.decisions)}

