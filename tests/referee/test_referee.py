"""The referee (crib_stats.referee): the rules of a whole game worked by hand, the decisions it
refuses without changing anything, the packs, and play_game's forfeits and observers (many
games, views and records: tests/referee/test_records.py)."""

from __future__ import annotations

import json

import pytest

import reference
from crib_stats.core.cards import Card, parse
from crib_stats.core.errors import CribStatsError
from crib_stats.referee import SEATS, Game, IllegalDecision, play_game, validate
from crib_stats.referee.deck import DEALS_PER_DECK, Pack, RefereeError, pack, player_seed
from crib_stats.players import GreedyPlayer, RandomPlayer

DEALER, PONE = SEATS  # in deal 0 the first dealer deals


def rigged(deals, variant="six-card", scores=None) -> Game:
    """A game dealt from given cards, deals[j] = (dealer's cards, pone's cards, starter); ``scores``
    puts the game at a position before deal 0 is played (set by hand: a test's shortcut)."""
    g = Game(variant, None, None, packs=lambda j: Pack((parse(deals[j][0]), parse(deals[j][1])), None, parse(deals[j][2])[0]))
    if scores:
        g.scores.update(scores)
        g.deal.scores = dict(g.scores)
    return g


def run(g: Game, decisions) -> None:
    for seat, choice in decisions:
        g.apply(seat, choice)


def kinds(g: Game, start: int = 0) -> list[str]:
    return [e.kind for e in g.events[start:]]


# the play of test 3 (worked with crib-stats peg): pone K♣ Q♥ 10♠ 9♣, dealer 8♦ 7♥ 6♣ 2♠
#   K 10, 8 18, Q 28, 2 30 (nothing scores: no 15, 31, pair or run); the pone cannot play (10 and 9
#   pass 31) and says go, the dealer cannot either: go for 1 to the dealer; the count restarts,
#   led by the pone: 10 10, 7 17, 9 26; the dealer's 6 would make 32: go for 1 to the pone; the
#   dealer leads 6 alone: last card for 1. The play: pone 1, dealer 2.
PLAY3 = ("8d 7h 6c 2s 4c js", "kc qh 10s 9c ad 3h", "5d")
PLAY3_CARDS = [(PONE, "kc"), (DEALER, "8d"), (PONE, "qh"), (DEALER, "2s"), (PONE, "10s"), (DEALER, "7h"),
               (PONE, "9c"), (DEALER, "6c")]
THROWS3 = [(PONE, "ad 3h"), (DEALER, "4c js")]


def test_a_deal_played_by_hand_scores_as_the_rule_book_says():
    g = rigged([PLAY3, ("ac 2c 3c 4c 5c 6c", "ad 2d 3d 4d 5d 6d", "kh")])
    run(g, THROWS3 + PLAY3_CARDS)
    d0 = [e for e in g.events if e.deal == 0]
    assert [(e.kind, e.seat, e.points) for e in d0 if e.kind in ("go-said", "go", "last")] == [
        ("go-said", PONE, 0), ("go", DEALER, 1), ("go-said", DEALER, 0), ("go", PONE, 1), ("last", DEALER, 1)]
    # the shows with the 5♦: the pone's K Q 10 9: fifteens K+5, Q+5, 10+5 = 6, no run (9 10, then
    # Q K) = 6; the dealer's 8 7 6 2: fifteens 8+7, 8+2+5, 7+6+2 = 6, the run 5 6 7 8 = 4: 10;
    # the crib A♦ 3♥ 4♣ J♠: fifteens J+5 and A+4+J = 4, the run 3 4 5 = 3, no nobs (J♠, 5♦): 7
    shows = [(e.whose, e.seat, e.points) for e in d0 if e.kind == "show"]
    assert shows == [("pone", PONE, 6), ("dealer", DEALER, 10), ("crib", DEALER, 7)]
    assert g.scores == {DEALER: 2 + 10 + 7, PONE: 1 + 6}
    # deals alternate: the first pone deals deal 1, so the first dealer, its pone, throws first
    assert g.to_act() == (DEALER, "discard") and g.deal.index == 1 and g.deal.dealer == PONE


@pytest.mark.parametrize("before, after", [(119, 121), (120, 122)])
def test_his_heels_ends_the_game_for_the_dealer_at_119_and_120(before, after):
    g = rigged([("2c 3c 4c 5c 6c 7c", "2d 3d 4d 5d 6d 7d", "jh")], scores={DEALER: before, PONE: 100})
    run(g, [(PONE, "2d 3d"), (DEALER, "2c 3c")])
    # the cut: J♥, 2 for his heels: before + 2 = after >= 121, the game ends before the play
    assert kinds(g)[-3:] == ["starter", "heels", "game_over"]
    assert g.to_act() is None and g.result["winner"] == DEALER and g.result["scores"] == {DEALER: after, PONE: 100}
    assert not g.result["skunk"] and g.deal.played == []  # 100 >= 91: no skunk; not a card played


def test_a_game_is_won_in_the_middle_of_the_play():
    # pone 7 (7), dealer 2 (9), pone 6: fifteen for 2, 119 + 2 = 121: over, the dealer's K Q J
    # are never played and nobody shows
    g = rigged([("2d 9c 9d kc qs jd", "7h 6s 3c 8c ah 4d", "5s")], scores={DEALER: 100, PONE: 119})
    run(g, [(PONE, "3c 8c"), (DEALER, "9c 9d"), (PONE, "7h"), (DEALER, "2d"), (PONE, "6s")])
    assert [(e.kind, e.points) for e in g.events[-2:]] == [("card", 2), ("game_over", 0)]
    assert g.result["winner"] == PONE and g.scores == {DEALER: 100, PONE: 121} and g.to_act() is None
    assert "show" not in kinds(g)
    with pytest.raises(IllegalDecision, match="the game is over"):
        g.apply(DEALER, "kc")


def test_the_pones_hand_is_counted_before_the_dealers_at_120_120():
    # the play of PLAY3 gives the dealer 2 and the pone 1: 118 + 2 = 120 and 119 + 1 = 120; the
    # pone's hand (6) is counted first: 126, and the dealer's 10 points and his crib never count
    g = rigged([PLAY3], scores={DEALER: 118, PONE: 119})
    run(g, THROWS3 + PLAY3_CARDS)
    shows = [(e.whose, e.points) for e in g.events if e.kind == "show"]
    assert shows == [("pone", 6)]
    assert g.result["winner"] == PONE and g.result["scores"] == {DEALER: 120, PONE: 126}


def test_a_31_scores_2_and_no_go_point_and_the_count_restarts():
    # pone K (10), dealer 5 (15: fifteen for 2), pone Q (25), dealer 6 (31: thirty-one for 2);
    # no go point after a 31; the pone leads the new count with the 3: count 3
    g = rigged([("5h 6s 9d ac 2h 4h", "kc qd 3h 2c 8s 8d", "7c")])
    run(g, [(PONE, "8s 8d"), (DEALER, "2h 4h"), (PONE, "kc"), (DEALER, "5h"), (PONE, "qd")])
    start = len(g.events)
    run(g, [(DEALER, "6s")])
    e = g.events[start]
    assert (e.kind, e.count, e.points, e.why) == ("card", 31, 2, "thirty-one for 2")
    assert len(g.events) == start + 1 and g.to_act() == (PONE, "play") and g.view(PONE).count == 0
    run(g, [(PONE, "3h")])
    assert (g.events[-1].kind, g.events[-1].count) == ("card", 3)
    assert g.scores == {DEALER: 4, PONE: 0}


def test_the_five_card_game_3_for_last_and_the_play_stopping_at_the_first_go():
    deals = [("8d 7h 6c 2s 4c", "kc qh 9c ad 3h", "5d"), ("ac 2c 3c 4c 5c", "ad 2d 3d 4d 5d", "kh"),
             ("ac 2c 3c 4c 5c", "ad 2d 3d 4d 5d", "kh")]
    g = rigged(deals, "five-card")
    # before anyone throws, the first deal's pone pegs 3 for last
    assert kinds(g) == ["deal", "first_deal_last"] and g.scores == {DEALER: 0, PONE: 3}
    assert g.view(PONE).score == 3 and g.view(DEALER).opponent_score == 3
    # pone K (10), dealer 8 (18), pone Q (28); the dealer's 7 and 6 pass 31: go; the pone's 9
    # passes too: go for 1 to the pone, and the five-card play stops (the 9, 7 and 6 unplayed)
    run(g, [(PONE, "ad 3h"), (DEALER, "2s 4c"), (PONE, "kc"), (DEALER, "8d"), (PONE, "qh")])
    d0 = [e for e in g.events if e.deal == 0]
    assert [(e.kind, e.seat, e.points) for e in d0 if e.kind in ("go-said", "go", "last")] == [
        ("go-said", DEALER, 0), ("go", PONE, 1)]
    # the shows with the 5♦: the pone's K Q 9: K+5, Q+5 = 4; the dealer's 8 7 6: 8+7 (2) and the
    # run 5 6 7 8 (4) = 6; the crib A♦ 3♥ 2♠ 4♣: its one fifteen A+2+3+4+5 (2) and the run of five
    # A 2 3 4 5 (5) = 7
    assert [(e.whose, e.points) for e in d0 if e.kind == "show"] == [("pone", 4), ("dealer", 6), ("crib", 7)]
    assert g.scores == {DEALER: 6 + 7, PONE: 3 + 1 + 4}
    assert kinds(g)[-1] == "deal" and g.deal.first_deal_last == 0  # only the first deal


@pytest.mark.parametrize("variant, loser, skunk, double", [
    ("six-card", 91, False, False), ("six-card", 90, True, False), ("six-card", 61, True, False),
    ("six-card", 60, True, True), ("five-card", 31, False, False), ("five-card", 30, True, False),
    ("five-card", 0, True, False)])
def test_skunk_double_skunk_and_the_five_card_lurch(variant, loser, skunk, double):
    # the dealer one short of the target (120 / 60) cuts a jack: his heels wins; the loser's score
    # decides: six-card below 91 a skunk, below 61 a double; five-card below 31 a lurch, no double
    n = 6 if variant == "six-card" else 5
    target = 121 if variant == "six-card" else 61
    g = rigged([(" ".join(f"{r}c" for r in range(2, 2 + n)), " ".join(f"{r}d" for r in range(2, 2 + n)), "jh")],
               variant, scores={DEALER: target - 1, PONE: loser})
    run(g, [(PONE, "2d 3d"), (DEALER, "2c 3c")])
    r = g.result
    assert (r["winner"], r["skunk"], r["double_skunk"]) == (DEALER, skunk, double)
    assert r["game_points"] == (3 if skunk else 2)  # tournament points: a win 2, a skunk 3


# ---------------------------------------------------------------------------------------------
# decisions refused
# ---------------------------------------------------------------------------------------------


def snapshot(g: Game):
    return json.dumps(g.record()), [e.as_dict() for e in g.events], g.view(DEALER), g.view(PONE), g.to_act()


def test_an_illegal_or_malformed_decision_is_refused_and_changes_nothing():
    g = rigged([PLAY3])
    bad_discards = [(DEALER, "4c js", "turn to discard, not the first_dealer"), ("north", "ad 3h", "no seat"),
                    (PONE, "ad", "throws 2 cards"), (PONE, "ad 3h kc", "throws 2 cards"), (PONE, "ad 5d", "cannot throw 5♦"),
                    (PONE, "ad ad", "duplicate"), (PONE, "zz", "cannot read"), (PONE, 5, "not cards"),
                    (PONE, None, "not cards"), (PONE, ["ad", 3], "not cards")]
    for seat, choice, why in bad_discards:
        before = snapshot(g)
        with pytest.raises(IllegalDecision, match=why) as info:
            g.apply(seat, choice)
        assert "\n" not in str(info.value) and snapshot(g) == before, (seat, choice)
    run(g, THROWS3 + [(PONE, "kc"), (DEALER, "8d"), (PONE, "qh")])  # the count is 28
    bad_plays = [(PONE, "10s", "turn to play, not the first_pone"), (DEALER, "7h", "would be 35, past 31; it may play 2♠"),
                 (DEALER, "js", "it is not in its hand"), (DEALER, "8d", "it has played it"), (DEALER, ["2s"], "one card"),
                 (DEALER, "2s 7h", "one card"), (DEALER, "", "one card"), (DEALER, "2x", "cannot read")]
    for seat, choice, why in bad_plays:
        before = snapshot(g)
        with pytest.raises(IllegalDecision, match=why):
            g.apply(seat, choice)
        assert snapshot(g) == before, (seat, choice)
    g.apply(DEALER, Card.parse("2s"))  # a Card works as well as its text
    assert g.deal.played[-1][1] == Card.parse("2s")


def test_events_since_and_the_events_a_decision_returns():
    g = Game("six-card", 2, 0)
    n = len(g.events)
    t = g.to_act()
    got = g.apply(t.seat, list(g.view(t.seat).hand)[:2])
    assert [e.kind for e in got] == ["discard"] and g.events_since(n) == got and g.events_since(len(g.events)) == []
    assert [e.index for e in g.events] == list(range(len(g.events)))


# ---------------------------------------------------------------------------------------------
# the packs and play_game's forfeits
# ---------------------------------------------------------------------------------------------


def test_the_packs_are_the_game_models_stream_and_depend_on_seed_deck_and_deal_only():
    for seed, deck, j in ((0, 0, 0), (3, 1, 5), (2**40, 7, 255)):
        for variant, n in (("six-card", 6), ("five-card", 5)):
            codes = reference.board_deal_cards(seed, deck * DEALS_PER_DECK + j, 2 * n + 1)  # the naive twin
            (dealer, pone), _, starter = pack(seed, deck, j, variant)
            assert [c.code for c in dealer + pone + (starter,)] == codes
    assert pack(0, 1, 0, "six-card") != pack(0, 0, 0, "six-card") != pack(1, 0, 0, "six-card")
    with pytest.raises(RefereeError, match="the deck must be a whole number"):
        Game("six-card", 0, -1)
    with pytest.raises(CribStatsError, match="unknown variant 'seven-card'"):
        Game("seven-card")
    # three players: the dealer's five, then each seat's from the dealer's left, the pack's card to the crib,
    # the starter; decks spaced by 512 deals (a three-sided game may run past 256)
    codes = reference.board_deal_cards(5, 3 * 512 + 2, 3 * 5 + 2)
    p = pack(5, 3, 2, "three-player")
    assert [c.code for h in p.hands for c in h] + [p.crib_card.code, p.starter.code] == codes
    assert player_seed(0, 0, DEALER) != player_seed(0, 1, DEALER)


class Refuses:
    name = "refuses"

    def __init__(self, answer):
        self.answer = answer

    def new_game(self, seat, variant, target, seed):
        pass

    def discard(self, view):
        return self.answer(view)

    def play(self, view):
        return self.answer(view)


def test_a_player_that_breaks_the_rules_forfeits_and_the_record_says_why():
    from crib_stats.referee import PlayerFailure

    def fail(view):
        raise PlayerFailure("the program exited")

    for answer, why in ((lambda v: ["ah", "ah"], "duplicate card"), (lambda v: 17, "not cards"),
                        (fail, "the program exited")):
        rec = play_game((GreedyPlayer(), Refuses(answer)), 0, 0)
        r = rec["result"]
        assert r["winner"] == DEALER and why in r["forfeit"] and r["forfeit"].startswith("first_pone (refuses)")
        assert not r["skunk"] and r["game_points"] == 2
        assert validate(rec).result == r  # a forfeit replays too
    rec = play_game((RandomPlayer(1), RandomPlayer(2)), 0, 0, time_limit=0.0)  # every answer takes > 0 s
    assert "took" in rec["result"]["forfeit"] and "the limit is 0 s" in rec["result"]["forfeit"]


def test_observers_hear_every_event_once_in_order():
    class Listener(RandomPlayer):
        def __init__(self, seed):
            super().__init__(seed)
            self.heard = []

        def observe(self, event):
            self.heard.append(event.index)

    a, b = Listener(1), Listener(2)
    rec = play_game((a, b), 9, 0, "five-card")
    g = validate(rec)
    assert a.heard == b.heard == list(range(len(g.events)))


def test_a_duplicate_pair_deals_the_same_cards_to_the_same_seat():
    a = play_game((GreedyPlayer(), RandomPlayer(1)), 4, 3)
    b = play_game((RandomPlayer(1), GreedyPlayer()), 4, 3)
    assert a["players"] == {DEALER: "greedy", PONE: "random"} and b["players"] == {DEALER: "random", PONE: "greedy"}
    for da, db in zip(a["deals"], b["deals"]):
        assert da["dealer"] == db["dealer"] and da["hands"] == db["hands"]
        assert None in (da["starter"], db["starter"]) or da["starter"] == db["starter"]
    assert [d["dealer"] for d in a["deals"]][:3] == [DEALER, PONE, DEALER]
