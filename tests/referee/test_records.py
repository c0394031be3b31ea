"""The referee over many games: no view ever holds a card the rules have not shown its seat, a
game rebuilt from its record is the same game at every step, records replay point for point and
agree with the naive twin (tests/reference.py record_twin), and a record the rules contradict
is refused with one line naming the field."""

from __future__ import annotations

import json
import random

import pytest

import reference
from crib_stats.core.cards import Card, card_text, parse
from crib_stats.model.variants import variant
from crib_stats.players import GreedyPlayer, RandomPlayer
from crib_stats.referee import FORMAT, Game, RecordError, SEATS, play_game, validate
from crib_stats.referee.deck import other, pack

DEALER, PONE = SEATS  # in deal 0 the first dealer deals


# ---------------------------------------------------------------------------------------------


def random_game_steps(seed: int, deck: int, variant: str):
    """A random game played step by step: yields (the game after every decision, what the test
    itself knows each seat has been shown this deal, the cards dealt this deal by seat). What a
    seat has been shown: its dealt cards (the test's own packs); the starter once both have
    thrown; every card played; the hands and the crib once their show is an event, each show
    checked against the cards the test knows were kept and thrown."""
    rng = random.Random(seed * 1000 + deck)
    g = Game(variant, seed, deck)
    dealt, throws, shown = {}, {}, {}
    read = 0
    while True:
        for e in g.events[read:]:
            if e.kind == "deal":
                (dealer_cards, pone_cards), _, starter = pack(seed, deck, e.deal, variant)
                dealt[e.deal] = ({e.seat: dealer_cards, other(e.seat): pone_cards}, starter)
                throws[e.deal] = {}
                shown = {s: set(dealt[e.deal][0][s]) for s in SEATS}
            mine, starter = dealt[e.deal]
            thrown = throws[e.deal]
            if e.kind == "starter":
                assert len(thrown) == 2 and e.card == starter
            if e.kind == "show":
                dealer = SEATS[e.deal % 2]
                want = (thrown[other(dealer)] + thrown[dealer] if e.whose == "crib"
                        else tuple(c for c in mine[e.seat] if c not in thrown[e.seat]))
                assert e.cards == want
            for s in SEATS:
                shown[s] |= set(e.cards) | ({e.card} if e.card is not None else set())
        read = len(g.events)
        yield g, shown, dealt[g.deal.index][0]
        turn = g.to_act()
        if turn is None:
            return
        v = g.view(turn.seat)
        if turn.kind == "discard":
            choice = tuple(rng.sample(list(v.hand), v.throw))
            throws[g.deal.index][turn.seat] = choice
        else:
            choice = rng.choice(v.legal)
        g.apply(turn.seat, choice)


def cards_in(x) -> set:
    """Every Card anywhere inside a view (dataclasses, tuples)."""
    if isinstance(x, Card):
        return {x}
    if isinstance(x, (tuple, list)):
        return set().union(*(cards_in(y) for y in x)) if x else set()
    if hasattr(x, "__dataclass_fields__"):
        return set().union(*(cards_in(getattr(x, f)) for f in x.__dataclass_fields__))
    return set()


def texts_in(x) -> set:
    """Every card text anywhere inside a JSON object."""
    if isinstance(x, dict):
        return set().union(set(), *(texts_in(v) for v in x.values()))
    if isinstance(x, list):
        return set().union(set(), *(texts_in(v) for v in x))
    return {x} if isinstance(x, str) and x in ALL_TEXTS else set()


ALL_TEXTS = {card_text(Card.from_code(c)) for c in range(52)}


@pytest.mark.parametrize("variant", ["six-card", "five-card"])
def test_no_view_ever_holds_a_card_the_rules_have_not_shown_that_seat(variant):
    games = 0
    for deck in range(12):
        for g, shown, mine in random_game_steps(3, deck, variant):
            for s in SEATS:
                v = g.view(s)
                assert cards_in(v) <= shown[s], (deck, s, cards_in(v) - shown[s])
                assert texts_in(v.as_dict()) <= {card_text(c) for c in shown[s]}
                assert v.dealt == mine[s] and set(v.hand) <= set(mine[s])
            assert texts_in([e.as_dict() for e in g.events if e.deal == g.deal.index]) <= {
                card_text(c) for c in shown[DEALER] & shown[PONE]}  # the log is public
        games += 1
    assert games == 12


def test_a_game_rebuilt_from_its_record_is_the_same_game_at_every_step():
    for variant, deck, deals in (("six-card", 0, 3), ("five-card", 1, 99)):  # six-card: its first 3 deals, the end
        for g, _, _ in random_game_steps(4, deck, variant):
            if g.deal.index >= deals and not g.over:
                continue
            rec = json.loads(json.dumps(g.record()))  # as a file would hold it
            h = Game.from_record(rec)
            assert h.record() == g.record() and h.to_act() == g.to_act() and h.scores == g.scores
            assert [e.as_dict() for e in h.events] == [e.as_dict() for e in g.events]
            assert all(h.view(s) == g.view(s) for s in SEATS)


def test_a_replay_hands_a_review_the_view_of_every_decision():
    live = []
    for g, _, _ in random_game_steps(6, 2, "six-card"):
        turn = g.to_act()
        if turn is not None:
            live.append(g.view(turn.seat))
    seen = []
    Game.from_record(g.record(), each=lambda d, game: seen.append((d, game.view(d["seat"]))))
    assert [v for _, v in seen] == live and len(live) > 20
    assert all(d["position"] == v.position() and v.to_act == d["kind"] for d, v in seen)


def test_play_game_records_replay_point_for_point_and_agree_with_the_naive_twin():
    """Random vs random and greedy vs greedy, both variants: the referee's replay reproduces each
    record, and the rule-book twin re-scores every deal's scores, every card's and go's points
    and the result from the cards and the order of play alone."""
    n = 0
    for variant in ("six-card", "five-card"):
        for deck in range(12):
            for players in ((RandomPlayer(deck), RandomPlayer(deck + 100)), (GreedyPlayer(), GreedyPlayer())):
                rec = json.loads(json.dumps(play_game(players, 11, deck, variant)))
                assert rec["format"] == FORMAT and rec["result"]["forfeit"] is None
                validate(rec)
                scores, entries, result = reference.record_twin(rec)
                assert scores == [d["scores"] for d in rec["deals"]]
                assert entries == [[(p["by"], p["points"]) for p in d["plays"]] for d in rec["deals"]]
                r = rec["result"]
                assert result == (r["winner"], r["skunk"], r["double_skunk"])
                assert r["scores"] == rec["deals"][-1]["scores"] and max(r["scores"].values()) >= rec["target"]
                n += 1
    assert n == 48


@pytest.mark.slow  # over 2 s on 2 cores
@pytest.mark.parametrize("name, target, muggins", [("three-player", 121, False), ("three-player", 61, True),
                                                   ("four-player", 121, False), ("four-player", 121, True),
                                                   ("six-card", 91, False), ("six-card", 61, True),
                                                   ("five-card", 61, True)])
def test_every_variants_records_replay_and_agree_with_the_rule_book_twin(name, target, muggins):
    """Three players, partners, the other targets and muggins (version 2 of the record): seeded
    games of random, greedy and lying players replay point for point through the referee, and the
    rule-book twin (tests/reference.py, sharing no code with the referee) re-scores every deal's
    scores, every card's and go's points, every claim and muggins call and the result."""
    v = variant(name, target, muggins)
    liars = 0
    for deck in range(6):
        for kind in ("random", "greedy", "liar"):
            players = [Liar(deck + i) if kind == "liar" else RandomPlayer(deck + 10 * i) if kind == "random"
                       else GreedyPlayer() for i in range(v.players)]
            rec = json.loads(json.dumps(play_game(players, 13, deck, v)))
            assert rec["format"] == "crib-stats-game/2" and rec["result"]["forfeit"] is None
            assert (rec["muggins"], rec["target"], len(rec["seats"])) == (muggins, target, v.players)
            validate(rec)
            scores, entries, result = reference.record_twin(rec)
            assert scores == [d["scores"] for d in rec["deals"]]
            assert entries == [[(p["by"], p["points"]) for p in d["plays"]] for d in rec["deals"]]
            r = rec["result"]
            assert result == ((r["winner"], r["skunk"], r["double_skunk"]) if v.sides == 2 else
                              (r["winner"], r["skunked"], r["double_skunked"]))
            liars += sum(1 for d in rec["deals"] for s in d["shows"] if s.get("muggins"))
    assert liars > 0 if muggins else liars == 0  # the liars' undercounts were called


class Liar(RandomPlayer):
    """A random player that undercounts its shows now and then, and calls only part of what
    others miss (muggins)."""

    def count(self, view):
        from crib_stats.referee.loop import honest

        return max(0, honest(view) - self.rng.choice((0, 0, 2, 5)))

    def muggins(self, view):
        return self.rng.choice((0, 1, 29))


def refusals(rec):
    """``refused(change, match)``: ``rec`` changed by ``change`` is refused in one line matching ``match``."""
    def refused(change, match):
        bad = json.loads(json.dumps(rec))
        change(bad)
        with pytest.raises(RecordError, match=match) as info:
            validate(bad)
        assert "\n" not in str(info.value)

    return refused


def test_a_version_2_record_whose_seats_or_teams_do_not_fit_its_variant_is_refused_in_one_line():
    rec = play_game([RandomPlayer(i) for i in range(4)], 5, 0, "four-player")
    refused = refusals(rec)
    validate(rec)
    refused(lambda r: r["teams"]["north_south"].remove("south"),
            "teams: a four-player game's teams are north_south: north and south, east_west: east and west")
    refused(lambda r: r.update(seats=["north", "east", "south"]), "seats: a four-player game has the seats north, east")
    refused(lambda r: r.update(teams=None), "teams: a four-player game's teams are")
    refused(lambda r: r.update(muggins="yes"), "muggins: expected true or false")
    refused(lambda r: r["players"].pop("west"), "players: no 'west'")


def test_a_record_the_rules_contradict_is_refused_with_one_line_naming_the_field():
    rec = play_game((RandomPlayer(1), RandomPlayer(2)), 5, 0)
    refused = refusals(rec)

    refused(lambda r: r.update(format="crib-stats-game/3"), "format: expected 'crib-stats-game/1' or 'crib-stats-game/2'")
    refused(lambda r: r.update(format="crib-stats-game/2"), "the record: no 'muggins'")  # version 2's fields
    refused(lambda r: r.pop("result"), "no 'result'")
    refused(lambda r: r.update(variant="three-player"),
            "format: a three-player game to 121 is recorded as 'crib-stats-game/2'")
    refused(lambda r: r.update(variant="seven-card"), "variant: unknown variant 'seven-card'")
    refused(lambda r: r.update(target=100), "target: the six-card game is played to 121, 91, 61, not 100")
    refused(lambda r: r.update(target=91), "format: a six-card game to 91 is recorded as 'crib-stats-game/2'")
    refused(lambda r: r.update(seed=None), "seed and deck")
    refused(lambda r: r.update(seed=6), r"deals\[0\].decisions\[0\]: the first_pone cannot throw")  # other cards
    refused(lambda r: r["deals"][0]["shows"][0].update(points=99), r"deals\[0\].shows\[0\].points: the record has 99")
    refused(lambda r: r["deals"][1]["scores"].update(first_pone=-1), r"deals\[1\].scores.first_pone")
    refused(lambda r: r["result"].update(winner="first_pone" if r["result"]["winner"] == DEALER else DEALER),
            "result.winner")
    refused(lambda r: r["deals"][0]["decisions"][0].update(seat=DEALER), "the replay asks the first_pone to discard")
    refused(lambda r: r["deals"][0]["decisions"][0].update(cards=["ah", "ah"]), "duplicate")
    refused(lambda r: r["deals"][0]["decisions"][2]["position"].update(count=7), r"position.count")
    refused(lambda r: r["deals"][0].update(extra=1), r"deals\[0\].extra: not a field")
    refused(lambda r: r["deals"][0]["plays"][0].update(go=1), r"plays\[0\]")
    refused(lambda r: r["deals"].append(dict(r["deals"][-2], dealer=SEATS[len(r["deals"]) % 2])),
            "the replay asks nothing: the game is over")
    refused(lambda r: r["deals"][0].update(dealer=PONE), "the deal passes to the left")
    refused(lambda r: r.update(players=[]), "players: expected an object")


def test_a_record_without_a_seed_replays_from_its_own_cards():
    rec = play_game((GreedyPlayer(), GreedyPlayer()), 7, 2, "five-card")
    rec.update(seed=None, deck=None)
    g = validate(rec)
    assert g.result == rec["result"]
    rec["deals"][1]["starter"] = None
    with pytest.raises(RecordError, match="without a seed gives every deal's starter"):
        validate(rec)




def test_a_three_player_record_without_a_seed_gives_its_crib_cards_and_is_checked_in_one_line():
    """A record whose cards come from itself (seed and deck null): each deal's crib card from the
    pack is read, and a missing or malformed one is one line naming the field."""
    rec = play_game([RandomPlayer(i) for i in range(3)], 2, 0, "three-player")
    rec["seed"] = rec["deck"] = None
    validate(json.loads(json.dumps(rec)))
    for bad, says in ((5, "crib_card: expected a card or null, got 5"),
                      (None, "crib_card: a three-player record without a seed gives every deal's crib card"),
                      ("zz", "crib_card: cannot read 'zz'")):
        r = json.loads(json.dumps(rec))
        r["deals"][0]["crib_card"] = bad
        with pytest.raises(RecordError, match=r"deals\[0\]\." + says) as info:
            validate(r)
        assert "\n" not in str(info.value)
    r = json.loads(json.dumps(rec))
    r["deals"][0]["extra"] = 1
    with pytest.raises(RecordError, match=r"deals\[0\].extra: not a field of the record here"):
        validate(r)


@pytest.mark.slow  # over 2 s on 2 cores
@pytest.mark.parametrize("name, target, muggins", [("three-player", 121, False), ("three-player", 61, True),
                                                   ("four-player", 121, True), ("six-card", 91, True)])
def test_no_view_of_any_variant_holds_a_card_the_rules_have_not_shown_that_seat(name, target, muggins):
    """Three players (the crib's card from the pack), partners (a partner's hand), muggins (a
    crib counted by its dealer before it is shown): what the test knows each seat has been shown
    (its own deal from the test's packs; the starter once cut; every card played; each show once
    it is an event; the crib to its dealer while it counts it) bounds every view, its JSON and the
    public log."""
    from crib_stats.referee.loop import honest

    v = variant(name, target, muggins)
    seats = Game(v, 0, 0).seats
    for deck in range(3):
        rng = random.Random(deck)
        g = Game(v, 7, deck)
        read, shown, public = 0, {}, set()
        while True:
            for e in g.events[read:]:
                if e.kind == "deal":
                    p = pack(7, deck, e.deal, v)
                    d = seats.index(e.seat)
                    shown = {s: set(p.hands[(seats.index(s) - d) % len(seats)]) for s in seats}
                    public = set()
                public |= set(e.cards) | ({e.card} if e.card is not None else set())
            read = len(g.events)
            turn = g.to_act()
            for s in seats:
                view = g.view(s)
                allowed = shown[s] | public
                if turn is not None and turn.seat == s and turn.kind == "count":
                    allowed |= set(parse(view.question["cards"]))  # its own show, the crib to its dealer
                assert cards_in(view) <= allowed, (deck, s, cards_in(view) - allowed)
                assert texts_in(view.as_dict()) <= {card_text(c) for c in allowed}
            assert texts_in([e.as_dict() for e in g.events if e.deal == g.deal.index]) <= {
                card_text(c) for c in public}
            if turn is None:
                break
            view = g.view(turn.seat)
            choice = (tuple(rng.sample(list(view.hand), view.throw)) if turn.kind == "discard" else
                      rng.choice(view.legal) if turn.kind == "play" else max(0, honest(view) - rng.choice((0, 2))))
            g.apply(turn.seat, choice)
