import json

import pytest
from hypothesis import given, settings, strategies as st

import reference
from crib_stats.core.cards import DECK, Card, CardError, parse
from crib_stats.show.scoring import score


def parts(b):
    return (b.fifteens, b.pairs, b.runs, b.flush, b.nobs, b.total)


# (hand, starter, crib, variant, (fifteens, pairs, runs, flush, nobs, total))
RULE_BOOK = [
    # 5-5-5-J + 5 of the jack's suit: J with each of four 5s (4) + four ways of three 5s (4)
    # = 8 fifteens = 16; six pairs of 5s = 12; nobs 1 -> 29
    ("5h 5c 5s jd", "5d", False, "six-card", (16, 12, 0, 0, 1, 29)),
    # 5-5-5-5 + J: J with each 5 (4) + four triples of 5s (4) = 16; six pairs = 12 -> 28
    ("5h 5c 5s 5d", "js", False, "six-card", (16, 12, 0, 0, 0, 28)),
    # A-A-2-2 + 3, double-double run: no fifteen (sum 9); two pairs = 4;
    # A-2-3 four ways (2 aces x 2 twos) = 4 x 3 = 12 -> 16
    ("ac ad 2c 2d", "3h", False, "six-card", (0, 4, 12, 0, 0, 16)),
    # A-2-2-3 + 3: sum 11, no fifteen; pairs of 2s and 3s = 4; A-2-3 x (2 x 2) = 12 -> 16
    ("ac 2c 2d 3c", "3d", False, "six-card", (0, 4, 12, 0, 0, 16)),
    # 4-4-5-5 + 6: 4+5+6 four ways = 8; two pairs = 4; 4-5-6 four ways = 12 -> 24
    ("4c 4d 5c 5d", "6h", False, "six-card", (8, 4, 12, 0, 0, 24)),
    # 7-7-8-8 + 9: 7+8 four ways = 8; two pairs = 4; 7-8-9 four ways = 12 -> 24
    ("7c 7d 8c 8d", "9h", False, "six-card", (8, 4, 12, 0, 0, 24)),
    # 3-3-4-5 + K: 5+K and 3+3+4+5 = 4; pair 2; 3-4-5 twice = 6 -> 12
    ("3c 3d 4h 5s", "kh", False, "six-card", (4, 2, 6, 0, 0, 12)),
    # 9-10-J-K + A: no fifteen; run 9-10-J only (no Q, so the K joins nothing) = 3
    ("9c 10d jh ks", "ac", False, "six-card", (0, 0, 3, 0, 0, 3)),
    # Q-K-A-2 + 3, no wrap: Q+2+3 and K+2+3 = 4; A-2-3 = 3 -> 7
    ("qc kd ah 2s", "3c", False, "six-card", (4, 0, 3, 0, 0, 7)),
    # three hearts in hand + heart starter is no flush: 3-6-Q-K-7 makes nothing -> 0
    ("3h 6h qs kh", "7h", False, "six-card", (0, 0, 0, 0, 0, 0)),
    # crib A-3-7-10 of hearts + J of spades: a 4-card flush does not count in the crib -> 0
    ("ah 3h 7h 10h", "js", True, "six-card", (0, 0, 0, 0, 0, 0)),
    # ... but the same cards as a hand score a 4-card flush -> 4
    ("ah 3h 7h 10h", "js", False, "six-card", (0, 0, 0, 4, 0, 4)),
    # crib of four hearts with a heart starter: 5-card flush -> 5
    ("ah 3h 7h 10h", "kh", True, "six-card", (0, 0, 0, 5, 0, 5)),
    # 2-3-4-5 + J starter: J+2+3 and J+5 = 4; run of four = 4; a starter jack is not nobs -> 8
    ("2c 3c 4d 5s", "jh", False, "six-card", (4, 0, 4, 0, 0, 8)),
    # 2-4-6-8 of hearts + 9 of spades: 2+4+9 and 6+9 = 4; 4-card hand flush = 4 -> 8
    ("2h 4h 6h 8h", "9s", False, "six-card", (4, 0, 0, 4, 0, 8)),
    # ... with a heart starter the flush is 5: 4 + 5 -> 9
    ("2h 4h 6h 8h", "9h", False, "six-card", (4, 0, 0, 5, 0, 9)),
    # nobs: 2-3-4-J(spades) + 9 of spades: 2+4+9 and J+2+3 = 4; run 2-3-4 = 3; nobs 1 -> 8
    ("2c 3c 4d js", "9s", False, "six-card", (4, 0, 3, 0, 1, 8)),
    # run of five in a crib: A-2-3-4 + 5: 1+2+3+4+5 = 15 -> 2; run of 5 -> 5; total 7
    ("ac 2d 3h 4s", "5c", True, "six-card", (2, 0, 5, 0, 0, 7)),
    # five-card game (3-card hand), seed example 7-8-8 + 9: 7+8 twice = 4; pair 2;
    # 7-8-9 twice = 6 -> 12
    ("7c 8d 8h", "9s", False, "five-card", (4, 2, 6, 0, 0, 12)),
    # five-card game, seed example 6-7-7 + 8: 7+8 twice = 4; pair 2; 6-7-8 twice = 6 -> 12
    ("6c 7d 7h", "8s", False, "five-card", (4, 2, 6, 0, 0, 12)),
    # five-card game flush of three: 2-4-6 hearts + 9 spades: 2+4+9, 6+9 = 4; flush 3 -> 7
    ("2h 4h 6h", "9s", False, "five-card", (4, 0, 0, 3, 0, 7)),
    # ... and a matching starter makes it 4: 4 + 4 -> 8
    ("2h 4h 6h", "9h", False, "five-card", (4, 0, 0, 4, 0, 8)),
    # two hand cards + starter in one suit is no flush (five-card game): 2h 4h 6c + 9h
    ("2h 4h 6c", "9h", False, "five-card", (4, 0, 0, 0, 0, 4)),
]


@pytest.mark.parametrize("hand, starter, crib, variant, expected", RULE_BOOK)
def test_rule_book(hand, starter, crib, variant, expected):
    b = score(hand, starter, crib=crib, variant=variant)
    assert parts(b) == expected
    # the naive twin agrees on every rule-book hand too
    codes = [c.code for c in parse(hand)]
    assert reference.show(codes, parse(starter)[0].code, crib) == expected[:5]


def test_combination_lists_match_points():
    b = score("5h 5c 5s jd", "5d")
    assert len(b.fifteen_sets) * 2 == b.fifteens == 16
    assert len(b.pair_sets) * 2 == b.pairs == 12
    assert all(sum(c.pip for c in s) == 15 for s in b.fifteen_sets)
    r = score("ac ad 2c 2d", "3h")
    assert [len(s) for s in r.run_sets] == [3, 3, 3, 3]


def test_say_counts_like_a_player():
    said = score("5h 5c 5s jd", "5d").say()
    assert said.startswith("fifteen two (")
    assert "fifteen sixteen" in said
    assert "and a pair is 18" in said
    assert said.endswith("and nobs is 29 (J♦)")
    assert score("3h 6h qs kh", "7h").say().startswith("nineteen")
    flush = score("2h 4h 6h 8h", "9h").say()
    assert "and a flush of five is 9 (2♥ 4♥ 6♥ 8♥ 9♥)" in flush


def test_json_shape():
    from crib_stats.presentation.report import score_json

    d = score_json(score("5h 5c 5s jd", "5d"), "six-card")
    json.dumps(d)
    assert {k: d[k] for k in ("fifteens", "pairs", "runs", "flush", "nobs", "total")} == {
        "fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1, "total": 29}


@pytest.mark.parametrize(
    "hand, starter, kwargs, fragment",
    [
        ("5h 5c 5s", "5d", {}, "needs 4 cards, got 3"),
        ("5h 5c 5s jd", "5h", {}, "also in the hand"),
        ("5h 5c 5s jd", "5d 6d", {}, "the starter needs 1 card, got 2"),
        ("5h 5c 5s jd 2c", "5d", {"variant": "five-card"}, "needs 3 cards"),
        ("5h 5c 5s", "5d", {"crib": True, "variant": "five-card"}, "a crib needs 4 cards"),
        ("5h 5c 5s 5h", "5d", {}, "duplicate card"),
    ],
)
def test_bad_input(hand, starter, kwargs, fragment):
    with pytest.raises(CardError, match=fragment):
        score(hand, starter, **kwargs)


five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@settings(max_examples=200, deadline=None)
@given(five_cards, st.booleans(), st.randoms(use_true_random=False))
def test_order_does_not_matter(cards, crib, rnd):
    hand, starter = cards[:4], cards[4]
    shuffled = hand[:]
    rnd.shuffle(shuffled)
    assert parts(score(hand, starter, crib=crib)) == parts(score(shuffled, starter, crib=crib))


@settings(max_examples=200, deadline=None)
@given(five_cards, st.booleans(), st.permutations(range(4)))
def test_renaming_suits_does_not_change_the_score(cards, crib, perm):
    renamed = [Card(c.rank, perm[c.suit]) for c in cards]
    assert parts(score(cards[:4], cards[4], crib=crib)) == parts(score(renamed[:4], renamed[4], crib=crib))


@settings(max_examples=300, deadline=None)
@given(five_cards, st.booleans())
def test_total_is_sum_of_parts_and_matches_reference(cards, crib):
    b = score(cards[:4], cards[4], crib=crib)
    assert 0 <= b.total <= 29
    assert (b.fifteens, b.pairs, b.runs, b.flush, b.nobs) == reference.show(
        [c.code for c in cards[:4]], cards[4].code, crib)


def test_the_table_scorer_equals_the_kernel_on_random_shows():
    """score() reads the kernel's show of every card pattern from tables (so a process scoring
    a few hands never imports numba); the tables must give what the kernel gives, subsets and
    their order included, on hands, cribs and five-card hands (3 cards + starter)."""
    import random

    import numpy as np

    from crib_stats.kernels import show
    from crib_stats.show.scoring import show_of

    rng = random.Random(11)
    checked = 0
    while checked < 4000:
        n = rng.choice([4, 5])
        crib = rng.random() < 0.5
        codes = rng.sample(range(52), n)
        if rng.random() < 0.4:  # flushes and nobs are rare at random: force suits and jacks
            suit = rng.randrange(4)
            codes = [(c >> 2) * 4 + suit if rng.random() < 0.8 else c for c in codes]
            if rng.random() < 0.5:
                codes[0] = 40 + (codes[-1] & 3)  # the jack of the starter's suit
            if len(set(codes)) < n:
                continue
        parts, masks = show.score_one(np.array(codes, np.int64), crib)
        want = [(int(m) >> 8, int(m) & 0xFF) for m in masks]
        got_parts, got = show_of(codes, crib)
        assert got_parts == tuple(int(x) for x in parts), codes
        assert [m for m in got] == sorted(want) and [m for k, m in got] == [m for k, m in sorted(want)], codes
        checked += 1


def test_scoring_a_hand_imports_no_numba_once_the_tables_exist():
    import subprocess
    import sys

    code = ("import sys; from crib_stats.show.scoring import score; "
            "t = score('5h 5c 5s jd', '5d').total; print(t, 'numba' in sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)  # makes the tables
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.split() == ["29", "False"]
