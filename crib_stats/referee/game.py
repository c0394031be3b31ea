"""The referee: one game as a state machine, on the model of a game (:mod:`crib_stats.model`).

The rules are the model's: the variant (:class:`crib_stats.model.variants.Variant`: its seats,
cards, target, skunk lines and game points), the seats (:mod:`crib_stats.model.seats`), the
play's state machine (:class:`crib_stats.model.play.PlayState`) and the show's scorer
(:func:`crib_stats.show.scoring.score`). A game:

- the deal passes to the left, seat 0 (``first_dealer``) dealing deal 0; the packs are
  :func:`.deck.pack` of (seed, deck, deal); in the five-card game the first deal's pone pegs 3
  for last before anyone throws;
- every seat throws, in the play's order (from the dealer's left, the dealer last); the starter
  is cut; a jack gives the dealer 2 for his heels;
- the play: the seat on the dealer's left leads; go, 31 and last card as :class:`PlayState`
  scores them; a go is never a decision (the referee says it when no card fits); the five-card
  play stops at the first go or 31;
- the shows in order: every hand from the dealer's left, the dealer's last, then the crib;
- the game ends the moment a side reaches the target, wherever that happens (his heels, a card,
  a go, a show): nothing after it is scored, and the winner's score is the sum of what was
  scored (it may pass the target by the rest of that last scoring). The loser below the skunk
  line of the target is skunked (121: below 91, double below 61; the five-card game's lurch:
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
crib_stats.referee.checks.IllegalDecision: it is the first_pone's turn to discard, not the first_dealer's
"""

from __future__ import annotations

from typing import NamedTuple

from crib_stats.core.cards import Card, card_text, quote, text_cards
from crib_stats.kernels.constants import JACK
from crib_stats.model.seats import left_of, names, team_names
from crib_stats.model.variants import HEELS, SKUNK_POINTS, WIN_POINTS, Variant, variant as get_variant
from crib_stats.model.view import Played, Shown, View

from .checks import IllegalDecision, check_discard, check_play, check_points
from .deal import Deal
from .deck import check_played, check_seed, pack
from .events import Event
from .record import RecordError, check, choice_of, first_difference, recorded_packs, write


class Turn(NamedTuple):
    """Whose decision the game waits for (``Game.to_act``): ``seat`` and ``kind``, ``"discard"``
    or ``"play"`` (with muggins also ``"count"`` and ``"muggins"``).

    >>> Game("six-card", seed=0, deck=0).to_act()
    Turn(seat='first_pone', kind='discard')
    """

    seat: str  # a seat's name (crib_stats.model.seats)
    kind: str  # "discard" | "play" | "count" (muggins: the owner's claim) | "muggins" (the call on an undercount)


class Game:
    """One game (module docstring). ``players``: {seat: name} for the record. ``packs``: a
    function of the deal index giving its :class:`~.deck.Pack`, for a game whose cards do not
    come from a seed (then ``seed`` and ``deck`` are None)."""

    def __init__(self, variant: str | Variant = "six-card", seed: int | None = 0, deck: int | None = 0, *,
                 players: dict | None = None, packs=None) -> None:
        self.variant = check_played(variant)
        self.target = self.variant.target
        self.seats = names(self.variant.players)
        teams = self.variant.teams
        self.teams = None if teams is None else {t: tuple(self.seats[s] for s in members)
                                                 for t, members in zip(team_names(teams), teams)}
        self.sides = tuple(self.teams) if self.teams else self.seats
        if packs is None:
            self.seed, self.deck = check_seed(seed, deck)
            self.packs = lambda j: pack(self.seed, self.deck, j, self.variant)
        else:
            self.seed, self.deck, self.packs = seed, deck, packs
        given = players or {}
        self.players = {s: str(given.get(s, "unnamed")) for s in self.seats}
        self.scores = {s: 0 for s in self.sides}
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
        if d.asking is not None:
            return Turn(d.asking["seat"], d.asking["kind"])
        if d.play is None:
            return Turn(d.next_to_throw(), "discard")
        return Turn(d.mover(), "play")

    def side_of(self, seat: str) -> str:
        """The side ``seat`` scores for: its team, or itself."""
        if self.teams is None:
            return seat
        return next(team for team, members in self.teams.items() if seat in members)

    def view(self, seat: str) -> View:
        """What ``seat`` sees now (:class:`crib_stats.model.view.View`)."""
        self._check_seat(seat)
        d = self.deal
        turn = self.to_act()
        acting = turn.kind if turn is not None and turn.seat == seat else None
        return View(seat=seat, seats=self.seats, teams=self.teams, variant=self.variant.name, target=self.target,
                    throw=self.variant.throw, deal=d.index, dealer_seat=d.dealer, scores=dict(self.scores),
                    to_act=acting, dealt=d.dealt[seat], hand=d.hand(seat), discard=d.discards.get(seat, ()),
                    starter=d.starter, played=tuple(Played(c, s, n, p) for s, c, n, p in d.played), count=d.count(),
                    sequence=d.count_cards(), legal=d.legal(seat) if acting == "play" else (),
                    shows=tuple(Shown("crib" if s.whose == "crib" else s.seat, s.cards, s.breakdown.total)
                                for s in d.shows),
                    over=self.over, muggins=self.variant.muggins, version=self.variant.version,
                    question=d.question(seat) if acting in ("count", "muggins") else None)

    def events_since(self, n: int = 0) -> list[Event]:
        """The events from index ``n`` on (``events_since(len(log))`` is empty)."""
        return self.events[max(0, int(n)):]

    # -- decisions ------------------------------------------------------------------------------

    def apply(self, seat: str, decision, *, seconds: float | None = None, note: str | None = None) -> list[Event]:
        """Apply ``seat``'s decision: for a discard, the cards thrown (a list of cards or card
        strings, or one string "jd qs"); for a play, one card (a Card or a string); for a count
        or a muggins call (muggins), a whole number of points. ``seconds``: the time the
        decision took, and ``note`` a line a player wants kept, both for the record. Returns the
        events it caused (up to the next decision). Raises IllegalDecision, changing nothing,
        for a decision out of turn, malformed or against the rules."""
        self._check_seat(seat)
        turn = self.to_act()
        if turn is None:
            raise IllegalDecision("the game is over: no decision is asked")
        if seat != turn.seat:
            raise IllegalDecision(f"it is the {turn.seat}'s turn to {turn.kind}, not the {seat}'s")
        start = len(self.events)
        d = self.deal
        position = self.view(seat).position()
        entry = {"seat": seat, "kind": turn.kind}
        if turn.kind == "discard":
            choice = check_discard(d, seat, decision)
            entry["cards"] = text_cards(choice)
        elif turn.kind == "play":
            choice = check_play(d, seat, decision)
            entry["card"] = card_text(choice)
        else:
            choice = check_points(seat, decision, "count" if turn.kind == "count" else "muggins call")
            entry["points"] = choice
        entry["seconds"] = None if seconds is None else float(seconds)
        entry["position"] = position
        if note:
            entry["note"] = str(note)
        d.decisions.append(entry)
        getattr(self, "_" + turn.kind)(seat, choice)
        return self.events[start:]

    def forfeit(self, seat: str, reason: str) -> list[Event]:
        """``seat`` loses the game as it stands (a player that broke the protocol, or gave up);
        ``reason`` (one line) is kept in the record."""
        self._check_seat(seat)
        if self.over:
            raise IllegalDecision("the game is over: it cannot be forfeited")
        start = len(self.events)
        self._finish(self._forfeit_winner(seat), " ".join(str(reason).split()) or "forfeit")
        return self.events[start:]

    def _forfeit_winner(self, seat: str) -> str:
        """The side that wins when ``seat`` forfeits: the other side of two; of more, the highest
        score among the others (a tie to the first clockwise from the forfeiting seat)."""
        loser = self.side_of(seat)
        i = self.seats.index(seat)
        others = [self.side_of(self.seats[(i + k) % len(self.seats)]) for k in range(1, len(self.seats))]
        others = [s for s in dict.fromkeys(others) if s != loser]
        return max(others, key=lambda s: (self.scores[s], -others.index(s)))

    def _check_seat(self, seat) -> None:
        if seat not in self.seats:
            raise IllegalDecision(f"no seat {quote(str(seat))}: the seats are {' and '.join(self.seats) if len(self.seats) == 2 else ', '.join(self.seats)}")

    # -- the deterministic steps between decisions --------------------------------------------

    def _log(self, kind: str, seat: str | None, **fields) -> None:
        self.events.append(Event(len(self.events), kind, self.deal.index, seat, tuple(self.scores.items()), **fields))

    def _score(self, seat: str, points: int, kind: str, **fields) -> bool:
        """``seat`` pegs ``points`` for its side (an event of ``kind``); True when that ends the game."""
        side = self.side_of(seat)
        self.scores[side] += points
        self.deal.scores = dict(self.scores)
        self._log(kind, seat, points=points, **fields)
        if self.scores[side] >= self.target:
            self._finish(side, None)
            return True
        return False

    def _start_deal(self) -> None:
        j = len(self.deals)
        d = Deal(j, self.seats, j % len(self.seats), self.packs(j), self.variant, self.scores)
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
        if len(d.discards) < len(self.seats):
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
            seat = d.seat_of(e.turn)
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
        """The shows from the next on, in order, each pegged as it is counted, then the next
        deal; with muggins, up to the next claim asked of a show's owner."""
        d = self.deal
        while (show := d.next_show()) is not None:
            if self.variant.muggins:
                d.asking = {"kind": "count", "seat": show.seat, "show": show}
                return
            d.shows.append(show)
            if self._score(show.seat, show.breakdown.total, "show", whose=show.whose, cards=show.cards,
                           card=d.starter, shown=show.breakdown):
                return
        self._start_deal()

    def _count(self, seat: str, claimed: int) -> None:
        """Muggins: the owner's claim of its show; a claim above the true count is cut to it, one
        below leaves the rest to the seat on the owner's left, who is asked next."""
        d = self.deal
        show = d.asking["show"]
        d.asking = None
        true = show.breakdown.total
        pegged = min(claimed, true)
        show.claimed = claimed
        d.shows.append(show)
        if self._score(seat, pegged, "show", whose=show.whose, cards=show.cards, card=d.starter,
                       shown=show.breakdown, claimed=claimed):
            return
        if pegged < true:
            d.asking = {"kind": "muggins", "seat": self.seats[left_of(self.seats.index(seat), len(self.seats))],
                        "show": show, "missed": true - pegged}
            return
        self._shows()

    def _muggins(self, seat: str, called: int) -> None:
        """Muggins: the call of the seat on an undercounting owner's left; it pegs what it calls
        of the points missed (a call above them gets them all)."""
        d = self.deal
        show, missed = d.asking["show"], d.asking["missed"]
        d.asking = None
        got = min(called, missed)
        show.muggins = {"by": seat, "points": got}
        if got and self._score(seat, got, "muggins", whose=show.whose, cards=show.cards, card=d.starter,
                               why=f"muggins: {got} of the {missed} the {show.seat} missed"):
            return
        self._shows()

    def _finish(self, winner: str, forfeit: str | None) -> None:
        """The game is over: ``winner`` (a side) has won, by reaching the target or by a forfeit."""
        v = self.variant
        losers = [s for s in self.sides if s != winner]
        skunked = [s for s in losers if forfeit is None and self.scores[s] < v.skunk]
        double = [s for s in skunked if self.scores[s] < v.double_skunk]
        result = {"winner": winner, "scores": dict(self.scores)}
        if len(self.sides) == 2:
            result |= {"skunk": bool(skunked), "double_skunk": bool(double),
                       "game_points": SKUNK_POINTS if skunked else WIN_POINTS}
        else:  # no standard game points for three sides: each side's skunk is reported
            result |= {"skunked": skunked, "double_skunked": double, "game_points": None}
        self.result = result | {"forfeit": forfeit}
        self._log("game_over", winner if self.teams is None else self.teams[winner][0],
                  result=dict(self.result, scores=dict(self.scores)))

    # -- the record -----------------------------------------------------------------------------

    def record(self) -> dict:
        """The game's record so far (a new JSON-compatible dict, :func:`.record.write`: the one
        writer); ``result`` is None until the game is over."""
        return write(self)

    @classmethod
    def from_decisions(cls, variant: str | Variant, seed: int, deck: int, players: dict, decisions) -> "Game":
        """The game of deck sequence ``deck`` of ``seed`` with ``decisions`` applied in order,
        ``(seat, choice)`` each (cards as :class:`Card` values or text): a game another engine
        played (the whole-game kernel's, :mod:`crib_stats.match.greedy_games`), checked decision
        by decision (:class:`IllegalDecision` for one the rules refuse) and recorded by this,
        the record's one writer (:meth:`record`)."""
        game = cls(variant, seed, deck, players=players)
        for seat, choice in decisions:
            game.apply(seat, choice)
        return game

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
        v = get_variant(record["variant"], record["target"], record.get("muggins", False))
        game = cls(v, record["seed"], record["deck"], players=record["players"], packs=packs)
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
                    game.apply(d["seat"], choice_of(d), seconds=d["seconds"], note=d.get("note"))
                except IllegalDecision as exc:
                    raise RecordError(f"{where}: {exc}") from None
        result = record["result"]
        if result is not None and result["forfeit"] is not None and not game.over:
            game.forfeit(_forfeiter(game, record), result["forfeit"])
        found = first_difference(record, game.record())
        if found:
            raise RecordError(found)
        return game


def _forfeiter(game: Game, record: dict) -> str:
    """The seat that forfeited a recorded game: the one asked to decide when the game ended, if
    its side lost, else the first seat of a side that lost."""
    winner = record["result"]["winner"]
    turn = game.to_act()
    if turn is not None and game.side_of(turn.seat) != winner:
        return turn.seat
    return next(s for s in game.seats if game.side_of(s) != winner)
