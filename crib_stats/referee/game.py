"""The referee: one two-player game (six-card or five-card) as a state machine.

The rules are the package's: the variant table (:mod:`crib_stats.core.rules`), the play's state
machine (:class:`crib_stats.peg.pegging.PlayState`), the show's scorer
(:func:`crib_stats.show.scoring.score`), the game points of :mod:`crib_stats.game.board`. A game:

- deals alternate, ``first_dealer`` dealing deal 0; the packs are :func:`.deck.pack` of (seed,
  deck, deal); in the five-card game the first deal's pone pegs 3 for last before anyone throws;
- both seats throw (the pone first, then the dealer); the starter is cut; a jack gives the
  dealer 2 for his heels;
- the play: the pone leads; go, 31 and last card as :class:`PlayState` scores them; a go is
  never a decision (the referee says it when no card fits); the five-card play stops at the
  first go or 31;
- the shows in order: the pone's hand, the dealer's hand, the crib;
- the game ends the moment a seat reaches the target (121, 61), wherever that happens (his
  heels, a card, a go, a show): nothing after it is scored, and the winner's score is the sum
  of what was scored (it may pass the target by the rest of that last scoring). The loser below
  the variant's skunk line is skunked (six-card: below 91, double below 61; five-card: a lurch,
  below 31); tournament game points: a win 2, a skunk (or double) 3. A forfeit loses the game
  as it stands: no skunk, game points 2.

Between decisions everything is deterministic, so the state is a function of the packs and the
decisions so far: :meth:`Game.from_record` replays a record's decisions and gives the identical
game. :meth:`Game.to_act` says which seat decides what; :meth:`Game.view` is what a seat sees;
:meth:`Game.apply` checks a decision completely before changing anything (an illegal, malformed
or out-of-turn decision raises :class:`IllegalDecision` and the game is as it was).

>>> g = Game("six-card", seed=0, deck=0)
>>> g.to_act()
Turn(seat='first_pone', kind='discard')
>>> g.apply("first_dealer", ["ah", "2h"])
Traceback (most recent call last):
...
crib_stats.referee.game.IllegalDecision: it is the first_pone's turn to discard, not the first_dealer's
"""

from __future__ import annotations

from typing import NamedTuple

from crib_stats.core.cards import Card, CardError, count_words, format_cards, parse, quote
from crib_stats.core.rules import HEELS, Variant
from crib_stats.game.board import SKUNK_POINTS, WIN_POINTS
from crib_stats.kernels.constants import JACK
from crib_stats.show.scoring import score

from .deal import Deal
from .deck import SEATS, RefereeError, card_text, check_seed, check_two_player, dealer_of, other, pack, text_cards
from .events import Event, breakdown_dict
from .record import FORMAT, RecordError, check, first_difference, recorded_packs
from .view import ME, OPPONENT, Played, Shown, View


class IllegalDecision(RefereeError):
    """A decision the referee refuses (illegal, malformed or out of turn); nothing changed."""


class Turn(NamedTuple):
    """Whose decision the game waits for (``Game.to_act``): ``seat`` and ``kind``, ``"discard"``
    or ``"play"``.

    >>> Game("six-card", seed=0, deck=0).to_act()
    Turn(seat='first_pone', kind='discard')
    """

    seat: str  # "first_dealer" | "first_pone"
    kind: str  # "discard" | "play"


class Game:
    """One game (module docstring). ``players``: {seat: name} for the record. ``packs``: a
    function of the deal index giving (dealer's cards, pone's cards, starter), for a game whose
    cards do not come from a seed (then ``seed`` and ``deck`` are None)."""

    def __init__(self, variant: str | Variant = "six-card", seed: int | None = 0, deck: int | None = 0, *,
                 players: dict | None = None, packs=None) -> None:
        self.variant = check_two_player(variant)
        self.target = self.variant.game
        if packs is None:
            self.seed, self.deck = check_seed(seed, deck)
            self.packs = lambda j: pack(self.seed, self.deck, j, self.variant)
        else:
            self.seed, self.deck, self.packs = seed, deck, packs
        names = players or {}
        self.players = {s: str(names.get(s, "unnamed")) for s in SEATS}
        self.scores = {s: 0 for s in SEATS}
        self.events: list[Event] = []
        self.deals: list[Deal] = []
        self.result: dict | None = None
        self._start_deal()

    # -- what the game asks and shows ---------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """The deal being played (the last one, once the game is over)."""
        return self.deals[-1]

    @property
    def over(self) -> bool:
        return self.result is not None

    def to_act(self) -> Turn | None:
        """Which seat must decide now, and what; None once the game is over."""
        if self.over:
            return None
        d = self.deal
        if d.play is None:
            return Turn(d.pone if d.pone not in d.discards else d.dealer, "discard")
        return Turn(d.mover(), "play")

    def view(self, seat: str) -> View:
        """What ``seat`` sees now (:class:`crib_stats.referee.view.View`)."""
        self._check_seat(seat)
        d = self.deal
        turn = self.to_act()
        acting = turn.kind if turn is not None and turn.seat == seat else None

        def side(s: str) -> str:
            return ME if s == seat else OPPONENT

        return View(seat=seat, variant=self.variant.name, target=self.target, throw=self.variant.throw,
                    deal=d.index, dealer=d.dealer == seat, score=self.scores[seat],
                    opponent_score=self.scores[other(seat)], to_act=acting, dealt=d.dealt[seat],
                    hand=d.hand(seat), discard=d.discards.get(seat, ()), starter=d.starter,
                    played=tuple(Played(c, side(s), n, p) for s, c, n, p in d.played), count=d.count(),
                    sequence=d.count_cards(), legal=d.legal(seat) if acting == "play" else (),
                    shows=tuple(Shown("crib" if whose == "crib" else side(s), cards, b.total)
                                for whose, s, cards, b in d.shows),
                    over=self.over)

    def events_since(self, n: int = 0) -> list[Event]:
        """The events from index ``n`` on (``events_since(len(log))`` is empty)."""
        return self.events[max(0, int(n)):]

    # -- decisions ------------------------------------------------------------------------------

    def apply(self, seat: str, decision, *, seconds: float | None = None, note: str | None = None) -> list[Event]:
        """Apply ``seat``'s decision: for a discard, the cards thrown (a list of cards or card
        strings, or one string "jd qs"); for a play, one card (a Card or a string). ``seconds``:
        the time the decision took, and ``note`` a line a player wants kept, both for the record.
        Returns the events it caused (up to the next decision). Raises IllegalDecision, changing
        nothing, for a decision out of turn, malformed or against the rules."""
        self._check_seat(seat)
        turn = self.to_act()
        if turn is None:
            raise IllegalDecision("the game is over: no decision is asked")
        if seat != turn.seat:
            raise IllegalDecision(f"it is the {turn.seat}'s turn to {turn.kind}, not the {seat}'s")
        start = len(self.events)
        position = self.view(seat).position()
        entry = {"seat": seat, "kind": turn.kind}
        if turn.kind == "discard":
            cards = self._check_discard(seat, decision)
            entry["cards"] = text_cards(cards)
        else:
            card = self._check_play(seat, decision)
            entry["card"] = card_text(card)
        entry["seconds"] = None if seconds is None else float(seconds)
        entry["position"] = position
        if note:
            entry["note"] = str(note)
        self.deal.decisions.append(entry)
        if turn.kind == "discard":
            self._discard(seat, cards)
        else:
            self._play(seat, card)
        return self.events[start:]

    def forfeit(self, seat: str, reason: str) -> list[Event]:
        """``seat`` loses the game as it stands (a player that broke the protocol, or gave up);
        ``reason`` (one line) is kept in the record."""
        self._check_seat(seat)
        if self.over:
            raise IllegalDecision("the game is over: it cannot be forfeited")
        start = len(self.events)
        self._finish(other(seat), " ".join(str(reason).split()) or "forfeit")
        return self.events[start:]

    def _check_seat(self, seat) -> None:
        if seat not in SEATS:
            raise IllegalDecision(f"no seat {quote(str(seat))}: the seats are first_dealer and first_pone")

    def _cards(self, seat: str, decision, what: str) -> tuple[Card, ...]:
        items = [decision] if isinstance(decision, (str, Card)) else decision
        if not isinstance(items, (list, tuple)) or not all(isinstance(x, (str, Card)) for x in items):
            raise IllegalDecision(f"the {seat}'s {what} is not cards: {quote(repr(decision))}")
        if all(isinstance(x, Card) for x in items) and len(set(items)) == len(items):
            return tuple(items)  # nothing to read
        try:
            return parse(items)
        except CardError as exc:
            raise IllegalDecision(f"the {seat}'s {what}: {exc}") from None

    def _check_discard(self, seat: str, decision) -> tuple[Card, ...]:
        cards = self._cards(seat, decision, "discard")
        n = self.variant.throw
        hand = self.deal.dealt[seat]
        if len(cards) != n:
            raise IllegalDecision(f"the {seat} throws {count_words(n)} in the {self.variant.name} game, got "
                                  f"{len(cards)} ({format_cards(cards) or 'none'})")
        for c in cards:
            if c not in hand:
                raise IllegalDecision(f"the {seat} cannot throw {c}: it holds {format_cards(hand)}")
        return cards

    def _check_play(self, seat: str, decision) -> Card:
        if not isinstance(decision, (str, Card)):
            raise IllegalDecision(f"the {seat}'s play is one card, got {quote(repr(decision))}")
        cards = self._cards(seat, decision, "play")
        if len(cards) != 1:
            raise IllegalDecision(f"the {seat}'s play is one card, got {len(cards)}")
        card, d = cards[0], self.deal
        if card not in d.left[seat]:
            why = "it has played it" if card in d.kept[seat] else "it is not in its hand"
            raise IllegalDecision(f"the {seat} cannot play {card}: {why} ({format_cards(d.left[seat])})")
        if card.pip > 31 - d.count():
            raise IllegalDecision(f"the {seat} cannot play {card}: the count would be {d.count() + card.pip}, past "
                                  f"31; it may play {format_cards(d.legal(seat))}")
        return card

    # -- the deterministic steps between decisions --------------------------------------------

    def _log(self, kind: str, seat: str | None, **fields) -> None:
        self.events.append(Event(len(self.events), kind, self.deal.index, seat, tuple(self.scores.items()), **fields))

    def _score(self, seat: str, points: int, kind: str, **fields) -> bool:
        """``seat`` pegs ``points`` (an event of ``kind``); True when that ends the game."""
        self.scores[seat] += points
        self.deal.scores = dict(self.scores)
        self._log(kind, seat, points=points, **fields)
        if self.scores[seat] >= self.target:
            self._finish(seat, None)
            return True
        return False

    def _start_deal(self) -> None:
        j = len(self.deals)
        dealer_cards, pone_cards, starter = self.packs(j)
        d = Deal(j, dealer_of(j), dealer_cards, pone_cards, starter, self.variant, self.scores)
        self.deals.append(d)
        self._log("deal", d.dealer)
        last = self.variant.first_deal_last
        if j == 0 and last:
            d.first_deal_last = last
            self._score(d.pone, last, "first_deal_last", why=f"{last} for last (the first deal's pone)")

    def _discard(self, seat: str, cards: tuple[Card, ...]) -> None:
        d = self.deal
        d.throw(seat, cards)
        self._log("discard", seat)
        if len(d.discards) < 2:
            return
        starter = d.cut()
        self._log("starter", d.dealer, card=starter)
        if starter.rank == JACK:
            d.heels = HEELS
            if self._score(d.dealer, HEELS, "heels", why=f"his heels for {HEELS}"):
                return
        d.start_play()
        self._settle()

    def _play(self, seat: str, card: Card) -> None:
        self.deal.play_card(seat, card)
        if not self._read_play():
            self._settle()

    def _settle(self) -> None:
        """The goes and restarts up to the next card to play, or the end of the play, then the shows."""
        d = self.deal
        d.play.settle()
        if self._read_play():
            return
        if d.play.finished:
            self._shows()

    def _read_play(self) -> bool:
        """The play's new events into the game's (and the record's); True when one ended the game."""
        d = self.deal
        for e in d.new_play_events():
            seat = d.seat_of(e.player)
            if e.kind == "card":
                card = d.card_of(e.card)
                d.played.append((seat, card, e.count, e.points))
                d.plays.append({"by": seat, "card": card_text(card), "count": e.count, "points": e.points,
                                "why": e.why})
                if self._score(seat, e.points, "card", card=card, count=e.count, why=e.why):
                    return True
            elif e.kind == "go-said":
                self._log("go-said", seat, count=e.count)
            else:  # the go or the last card
                d.plays.append({"by": seat, "go": True, "last": e.kind == "last", "points": e.points, "why": e.why})
                if self._score(seat, e.points, e.kind, count=e.count, why=e.why):
                    return True
        return False

    def _shows(self) -> None:
        d = self.deal
        for whose, seat, cards, crib in d.show_order():
            b = score(cards, d.starter, crib=crib, variant=self.variant)
            d.shows.append((whose, seat, cards, b))
            if self._score(seat, b.total, "show", whose=whose, cards=cards, card=d.starter,
                           breakdown=breakdown_dict(b)):
                return
        self._start_deal()

    def _finish(self, winner: str, forfeit: str | None) -> None:
        low = self.scores[other(winner)]
        v = self.variant
        skunk = forfeit is None and low < v.skunk
        self.result = {"winner": winner, "scores": dict(self.scores), "skunk": skunk,
                       "double_skunk": skunk and low < v.double_skunk,
                       "game_points": SKUNK_POINTS if skunk else WIN_POINTS, "forfeit": forfeit}
        self._log("game_over", winner, result=dict(self.result, scores=dict(self.scores)))

    # -- the record -----------------------------------------------------------------------------

    def record(self) -> dict:
        """The game's record so far, ``crib-stats-game/1`` (a new JSON-compatible dict; the
        format is docs/record.md); ``result`` is None until the game is over."""
        return {"format": FORMAT, "variant": self.variant.name, "target": self.target, "seed": self.seed,
                "deck": self.deck, "players": dict(self.players), "deals": [d.record() for d in self.deals],
                "result": None if self.result is None else dict(self.result, scores=dict(self.result["scores"]))}

    @classmethod
    def from_record(cls, record: dict, each=None) -> "Game":
        """The game a record describes, rebuilt by replaying its decisions (and its forfeit);
        raises :class:`crib_stats.referee.record.RecordError` (one line naming the field) for a
        malformed record, a decision the rules refuse, or any field the replay contradicts:
        every card, point, score, position and the result. ``each(decision, game)``, if given,
        is called before each decision (its record entry) is applied: ``game.view(decision
        ["seat"])`` is then the whole view the decision was made from (a review's position)."""
        check(record)
        packs = recorded_packs(record) if record["seed"] is None else None
        game = cls(record["variant"], record["seed"], record["deck"], players=record["players"], packs=packs)
        for j, deal in enumerate(record["deals"]):
            for i, d in enumerate(deal["decisions"]):
                where = f"deals[{j}].decisions[{i}]"
                turn = game.to_act()
                asked = "nothing: the game is over" if turn is None else (
                    f"the {turn.seat} to {turn.kind} in deal {game.deal.index}")
                if turn is None or game.deal.index != j or turn != (d["seat"], d["kind"]):
                    raise RecordError(f"{where}: the record has the {d['seat']} to {d['kind']}, the replay asks {asked}")
                if each is not None:
                    each(d, game)
                try:
                    game.apply(d["seat"], d["cards" if d["kind"] == "discard" else "card"], seconds=d["seconds"],
                               note=d.get("note"))
                except IllegalDecision as exc:
                    raise RecordError(f"{where}: {exc}") from None
        result = record["result"]
        if result is not None and result["forfeit"] is not None and not game.over:
            game.forfeit(other(result["winner"]), result["forfeit"])
        found = first_difference(record, game.record())
        if found:
            raise RecordError(found)
        return game
