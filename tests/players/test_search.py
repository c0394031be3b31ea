"""The search player (crib_stats.players.search, crib_stats.kernels.ismcts): whole games in the
referee with no forfeit, reproducible from its seed, deciding from its view alone; its
determinisations drawn only from the opponent hands the play seen so far allows (checked against
a brute-force replay of the play, reference.search_consistent_hands), uniformly; its play-outs'
deal values those of the naive twin (reference.search_deal_value_twin)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import numpy as np
import pytest

import reference
from crib_stats.core.cards import Card
from crib_stats.kernels.ismcts import deal_value, deal_win, pick_rank, sample_hands
from crib_stats.kernels.play import new_play, play_card, settle
from crib_stats.players import GreedyPlayer, RandomPlayer, make_player
from crib_stats.players.search import DEFAULT_BUDGET, SearchPlayer, hidden_constraint
from crib_stats.referee import SEATS, Game, play_game, validate
from crib_stats.referee.deck import Pack

DEALER, PONE = SEATS


@pytest.mark.parametrize("variant", ["six-card", "five-card"])
@pytest.mark.parametrize("other", ["greedy", "random"])
def test_it_plays_whole_games_with_no_forfeit(variant, other):
    for deck in range(2):
        rec = play_game((SearchPlayer(3, budget=300), make_player(other, 5)), seed=1, deck_index=deck, variant=variant)
        assert rec["result"]["forfeit"] is None and validate(rec).result == rec["result"]
        assert rec["players"][DEALER] == "search:300"


def test_with_a_board_it_values_the_game_and_without_one_the_points():
    """In every two-player game (each has a board) search's notes give P(win), in [0, 1];
    search-points's the deal's point difference; the board search reads is the committed one to
    the game's target, at the view's scores."""
    from crib_stats.game.board import committed_tables, kernel_tables
    from crib_stats.model.variants import variant

    for target in (61, 121):
        rec = play_game((SearchPlayer(3, budget=40), make_player("search-points:40", 4)), seed=2,
                        variant=variant("six-card", target))
        notes = [(rec["players"][x["seat"]], x["note"]) for d in rec["deals"] for x in d["decisions"]]
        wins = [float(n.split("mean P(win) ")[1]) for who, n in notes if who == "search:40"]
        assert wins and all(0.0 <= p <= 1.0 for p in wins)
        assert all("difference" in n for who, n in notes if who == "search-points:40")
    game = Game(variant("six-card", 61), seed=0, deck=0)
    view = game.view(game.to_act().seat)
    me = SearchPlayer(0)
    arr, tab, worth = me._value(view)
    assert worth == "P(win)" and arr.tolist() == [view.score, view.opponent_score, 61, 31]
    assert np.array_equal(tab, kernel_tables(*committed_tables("six-card", target=61)))
    assert SearchPlayer(0, points=True)._value(view)[2] == "deal difference"


def test_the_registry_makes_it_by_name_and_budget():
    assert make_player("search").budget == DEFAULT_BUDGET and make_player("search").name == "search"
    assert make_player("search-points").name == "search-points" and make_player("search-points").points
    assert make_player("search-points:30").name == "search-points:30" and not make_player("search:30").points
    assert make_player("search:40", seed=2).budget == 40 and make_player("search:40", seed=2).seed == 2
    with pytest.raises(Exception, match="whole number of simulations"):
        make_player("search:lots")


def test_the_same_seed_makes_the_same_decisions():
    def decisions(seed):
        rec = play_game((SearchPlayer(seed, budget=200), GreedyPlayer()), seed=4, deck_index=0)
        return [(d["seat"], d.get("cards"), d.get("card"), d.get("note")) for deal in rec["deals"]
                for d in deal["decisions"]]

    a = decisions(7)
    assert a == decisions(7)
    assert a != decisions(8)  # another seed draws other determinisations (and here decides otherwise)


def packs(theirs, mine, starter):
    """A game whose first deal gives the dealer ``theirs``, the pone ``mine``, cuts ``starter``."""
    return lambda j: Pack((tuple(theirs), tuple(mine)), None, starter)


def test_it_decides_from_its_view_alone():
    """Two games whose hidden cards differ (the dealer's hand and throw, the starter until cut)
    but whose views of the search's seat (the pone) are equal: the same decisions, notes
    included; then, the same starter cut and the same card answering its lead, the same play."""
    deck = [Card.from_code(c) for c in random.Random(3).sample(range(52), 52)]
    mine, starter, answer = deck[:6], deck[6], deck[7]
    a = Game("six-card", packs=packs([answer] + deck[8:13], mine, starter))
    b = Game("six-card", packs=packs([answer] + deck[13:18], mine, deck[18]))
    va, vb = a.view(PONE), b.view(PONE)
    assert va == vb and va.to_act == "discard"
    da, db = SearchPlayer(1, 400).discard(va), SearchPlayer(1, 400).discard(vb)
    assert da == db
    c = Game("six-card", packs=packs([answer] + deck[8:13], mine, starter))
    d = Game("six-card", packs=packs([answer] + deck[13:18], mine, starter))
    leads = []
    for g, hand in ((c, deck[8:13]), (d, deck[13:18])):
        g.apply(PONE, da.choice)
        g.apply(DEALER, hand[:2])
        leads.append(SearchPlayer(1, 400).play(g.view(PONE)))
        g.apply(PONE, leads[-1].choice)
        g.apply(DEALER, answer)
    assert leads[0] == leads[1]
    vc, vd = c.view(PONE), d.view(PONE)
    assert vc == vd and vc.to_act == "play" and len(vc.played) == 2
    assert SearchPlayer(1, 400).play(vc) == SearchPlayer(1, 400).play(vd)


def play_views(variant, seeds):
    """Every play view of either seat in greedy-against-greedy games."""
    out = []
    for seed in seeds:
        g = Game(variant, seed, 0)
        p = GreedyPlayer()
        while not g.over:
            t = g.to_act()
            v = g.view(t.seat)
            if t.kind == "play":
                out.append(v)
                g.apply(t.seat, p.play(v))
            else:
                g.apply(t.seat, p.discard(v))
    return out


def allowed_and_rest(v):
    seen = {c.code for c in v.dealt} | {v.starter.code} | {p.card.code for p in v.played}
    bound = hidden_constraint(v)
    unseen = sorted(set(range(52)) - seen)
    return [c for c in unseen if Card.from_code(c).pip > bound], [c for c in unseen if Card.from_code(c).pip <= bound]


def test_the_hands_it_may_draw_are_the_hands_the_play_allows():
    """For play views where the opponent holds one or two cards unseen (some after gos): the
    hands drawn from (every subset of the allowed cards) are exactly the hands with which the
    replay of the play is the rules' (brute force over every subset of the unseen cards)."""
    checked = gos = 0
    for v in play_views("six-card", range(6)):
        keep = [c for c in v.dealt if c not in v.discard]
        known = [p.card.code for p in v.played if p.by != v.seat]
        n_hidden = len(keep) - len(known)
        if not 1 <= n_hidden <= 2:
            continue
        allowed, rest = allowed_and_rest(v)
        want = reference.search_consistent_hands([c.code for c in keep], known,
                                                 [(p.by == v.seat, p.card.code) for p in v.played], not v.dealer,
                                                 allowed + rest, n_hidden)
        assert set(combinations(allowed, n_hidden)) == want, v.position()
        checked += 1
        gos += bool(rest)
    assert checked > 20 and gos > 5


def test_the_sampler_draws_every_allowed_hand_uniformly_and_the_rest_from_what_is_left():
    allowed = np.array([3, 8, 17, 22, 40, 51], np.int64)
    rest = np.array([0, 1], np.int64)
    n = 30000
    rows = sample_hands(allowed, rest, 2, 1, n, 11)
    hands = Counter(tuple(sorted(r[:2])) for r in rows)
    assert set(hands) == set(combinations(sorted(allowed.tolist()), 2))
    p = 1 / 15  # each of the 15 hands; 5 standard errors
    assert all(abs(k / n - p) < 5 * (p * (1 - p) / n) ** 0.5 for k in hands.values())
    for r in rows[:2000]:
        assert len(set(r)) == 3 and r[2] not in r[:2]
    thirds = Counter(int(r[2]) for r in rows)  # 6 cards left of 8 for each hand: each card 1/6 + ... by symmetry
    for card in allowed.tolist():  # an allowed card is left with prob 10/15 and then drawn 1/6
        assert abs(thirds[card] / n - (10 / 15) / 6) < 5 * ((1 / 9) * (8 / 9) / n) ** 0.5
    for card in rest.tolist():
        assert abs(thirds[card] / n - 1 / 6) < 5 * ((1 / 6) * (5 / 6) / n) ** 0.5


@pytest.mark.parametrize("stop_at_go", [False, True])
def test_a_play_outs_deal_value_is_the_naive_twins(stop_at_go):
    rng = random.Random(5)
    kept = 3 if stop_at_go else 4
    for _ in range(300):
        cards = rng.sample(range(52), 2 * kept + 5)
        pone, dealer = cards[:kept], cards[kept:2 * kept]
        crib, starter = cards[2 * kept:2 * kept + 4], cards[-1]
        picks = [rng.randrange(6) for _ in range(2 * kept)]
        for me in (0, 1):
            st, seq = new_play(np.bincount([c // 4 for c in pone], minlength=13).astype(np.int64),
                               np.bincount([c // 4 for c in dealer], minlength=13).astype(np.int64))
            st = settle(st, stop_at_go)
            mine, theirs = (pone, dealer) if me == 0 else (dealer, pone)
            got = deal_value(st, seq, stop_at_go, np.array(picks, np.int64), me, np.array(mine, np.int64),
                             np.array(theirs, np.int64), kept, np.array(crib, np.int64), starter, True)
            assert got == reference.search_deal_value_twin(pone, dealer, crib, starter, me, picks, stop_at_go)


@pytest.mark.parametrize("stop_at_go", [False, True])
def test_a_play_outs_chance_of_winning_is_the_naive_twins(stop_at_go):
    """deal_win against reference.search_deal_win_twin: scores near the end (the deal ends the
    game mid-play, in a show or not at all), a random board for the next deal, his heels at the
    cut (the throw's search) or already counted with the first card played (the play's search,
    whose state holds that card's points on entry)."""
    rng = random.Random(7)
    kept = 3 if stop_at_go else 4
    target = 61 if stop_at_go else 121
    tab = np.random.default_rng(7).random((target, target, 4))
    ends = Counter()
    for _ in range(400):
        cards = rng.sample(range(52), 2 * kept + 5)
        pone, dealer = cards[:kept], cards[kept:2 * kept]
        crib, starter = cards[2 * kept:2 * kept + 4], cards[-1]
        if rng.random() < 0.25:
            starter = rng.choice([c for c in range(40, 44) if c not in cards[:-1]])  # a jack turned
        picks = [rng.randrange(6) for _ in range(2 * kept)]
        first = rng.random() < 0.5  # the first card already played (the play's search)
        for me in (0, 1):
            mine, theirs = rng.randrange(target - 30, target), rng.randrange(target - 30, target)
            game = np.array([mine, theirs, target, target - 30], np.int64)
            st, seq = new_play(np.bincount([c // 4 for c in pone], minlength=13).astype(np.int64),
                               np.bincount([c // 4 for c in dealer], minlength=13).astype(np.int64))
            st = settle(st, stop_at_go)
            rest = np.array(picks, np.int64)
            heels = True
            if first:  # the pone's lead, scored into the state as search_play hands it on
                st = settle(play_card(seq, st, pick_rank(st, rest, 0)), stop_at_go)
                rest = rest[1:]
                heels = False
            my, their = (pone, dealer) if me == 0 else (dealer, pone)
            got = deal_win(st, seq, stop_at_go, rest, me, np.array(my, np.int64), np.array(their, np.int64), kept,
                           np.array(crib, np.int64), starter, heels, game, tab)
            want = reference.search_deal_win_twin(pone, dealer, crib, starter, me, picks, mine, theirs, target,
                                                  lambda d, p: tab[d, p, 0], stop_at_go, heels)
            assert got == pytest.approx(want, abs=1e-12)
            ends[want if want in (0.0, 1.0) else "board"] += 1
    assert min(ends.values()) > 50, ends  # won, lost and still on, each many times
