from fractions import Fraction
from math import comb

import numpy as np
import pytest

import reference
from crib_stats.show.deals import deal_odds, format_one_in, odds
from crib_stats.show.enumeration import EnumerationError, counts, distribution, summary
from crib_stats.kernels import deals as kdeals, show
from crib_stats.core.tables import suit_classes


@pytest.mark.parametrize("table", ["hand", "crib", "five-card"])
def test_two_methods_agree_to_the_last_count(table):
    assert np.array_equal(counts(table, "brute"), counts(table, "ranks"))


def test_hand_table_facts():
    s = summary("hand")
    assert s.combinations == comb(52, 4) * 48 == 12_994_800
    # the seeds: "the average score is calculated as 4.77 points" (the exact value is checked
    # against the naive twin's histogram in test_exhaustive)
    assert round(float(s.mean), 2) == 4.77
    assert s.impossible == (19, 25, 26, 27)
    # 29: the jack of the starter's suit with the other three 5s; one per suit -> 4
    assert (s.max_score, s.n_max) == (29, 4)
    # 28: four 5s and a ten-card (16 of them), any of the 5 cards the starter -> 80 cases,
    # less the 4 that are the 29 (jack in hand, starter the 5 of its suit) -> 76
    assert s.counts[28] == 16 * 5 - 4 == 76
    # zero-point hands are 1,009,008 in the published table; P = 1009008/12994800
    assert s.counts[0] == 1_009_008


def test_crib_differs_only_by_flushes():
    hand, crib = summary("hand"), summary("crib")
    assert crib.combinations == hand.combinations
    assert crib.counts[28:] == hand.counts[28:]
    assert crib.mean < hand.mean


def test_five_card_hand_table():
    s = summary("five-card")
    assert s.combinations == comb(52, 3) * 49 == 1_082_900
    # 5-5-5 + 5: C(4,3) = 4 triples of 5s make fifteen = 8, six pairs = 12 -> 20, the maximum;
    # any of the four 5s may be the starter -> 4 combinations
    assert (s.max_score, s.n_max) == (20, 4)


def test_distribution_frame():
    df = distribution("hand")
    assert list(df.columns) == ["score", "count", "probability", "p_at_least", "probability_exact"]
    assert df["p_at_least"].iloc[0] == 1.0
    assert (df["p_at_least"].diff().dropna() <= 0).all()
    assert sum(df["probability_exact"]) == 1
    assert df.loc[df.score == 19, "count"].item() == 0


def test_unknown_names():
    with pytest.raises(EnumerationError, match="unknown table 'hands'"):
        counts("hands")
    with pytest.raises(EnumerationError, match="unknown method"):
        counts("hand", "magic")


@pytest.mark.parametrize("ranks, dealt, keep", [
    ((3, 4, 5, 10), 6, 4),   # 4 5 6 J: fifteens, runs, flushes and nobs all possible
    ((0, 4, 9, 10, 12), 5, 4),  # A 5 10 J K
    ((1, 2, 3, 10, 11), 5, 3),  # 2 3 4 J Q, five-card game keep
])
@pytest.mark.slow  # over 10 s on 2 cores
def test_best_keep_kernel_equals_brute_force_on_a_reduced_deck(ranks, dealt, keep):
    table = show.rank_table(keep + 1)
    index, rows, with_card = kdeals.best_keep_rank_rows(table, dealt, keep)
    deals, weights = suit_classes(dealt, ranks)
    got = kdeals.best_keep_hist(table, np.array(ranks, np.int64), deals, weights, keep, index, rows, with_card)
    assert got.tolist() == reference.best_keep_hist(ranks, dealt, keep)


def test_deal_odds_match_the_seeds():
    six = deal_odds(6, 4)
    assert six.combinations == comb(52, 6) * 46 == 936_491_920
    # a 29 needs J + the other three 5s in the six cards and the 5 of the jack's suit as the
    # starter: 4 suits x C(47, 2) other two cards = 4324 -> 1 in 216,580 (the seeds' figure)
    assert six.counts[29] == 4 * comb(47, 2)
    assert format_one_in(Fraction(six.combinations, six.counts[29])) == "1 in 216,580"
    assert format_one_in(Fraction(six.combinations, six.counts[28])) == "1 in 15,028.1"
    five = deal_odds(5, 4)
    # same four cards + starter, the fifth dealt card any of the other 47 -> 188 -> 1 in 649,740
    assert five.counts[29] == 4 * 47
    assert format_one_in(Fraction(five.combinations, five.counts[29])) == "1 in 649,740"


def test_odds_framings():
    keys = [o.key for o in odds(deals=False)]
    assert keys == ["random-hand", "random-crib"]
    top = odds(deals=False)[0].top(2)
    assert top[0] == (29, 4, Fraction(12_994_800, 4))


def test_rule_bounds_are_the_enumerated_maxima():
    from crib_stats.model import variants as rules

    assert rules.MAX_HAND == {4: summary("hand").max_score, 3: summary("five-card").max_score}
    assert rules.MAX_CRIB == summary("crib").max_score
