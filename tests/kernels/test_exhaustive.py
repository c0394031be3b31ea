"""The scoring kernel against the naive twin on every (hand, starter) combination.

The reference caches fifteens/pairs/runs per rank multiset and computes flush and nobs per
combination from the plain rule; the kernel scores each combination with its subset scorer.
"""

from fractions import Fraction

import numpy as np
import pytest

import reference
from crib_stats.kernels import show
from crib_stats.show.enumeration import histograms, summary

# one worker runs the module (make test: -n 2 --dist loadgroup), so each twin runs once
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("exhaustive")]


@pytest.fixture(scope="module")
def four_card_shows():
    cards, parts = reference.all_shows_both(4)  # one enumeration: the hand's and the crib's flush rule
    return {crib: (cards, parts[crib]) for crib in (False, True)}


@pytest.fixture(scope="module")
def three_card_shows():
    return reference.all_shows(3, False)


@pytest.mark.parametrize("crib", [False, True], ids=["hand", "crib"])
def test_kernel_equals_reference_on_all_12994800(four_card_shows, crib):
    cards, expected = four_card_shows[crib]
    assert len(cards) == 12_994_800
    got = show.score_batch(cards, crib)
    mismatch = np.nonzero((got != expected).any(axis=1))[0]
    assert mismatch.size == 0, f"first mismatch: cards {cards[mismatch[0]]} kernel {got[mismatch[0]]} ref {expected[mismatch[0]]}"


def test_kernel_equals_reference_on_all_1082900_three_card_hands(three_card_shows):
    cards, expected = three_card_shows
    assert len(cards) == 1_082_900
    got = show.score_batch(cards, False)
    assert np.array_equal(got, expected)


@pytest.mark.parametrize("crib", [False, True], ids=["hand", "crib"])
def test_brute_histograms_equal_reference_histograms(four_card_shows, crib):
    _, expected = four_card_shows[crib]
    ref_hist = np.bincount(expected.sum(axis=1), minlength=30)
    for method in ("brute", "ranks"):
        assert np.array_equal(histograms(4, method)[1 if crib else 0], ref_hist)
    # the exact mean from the twin's own point sum (the README and the seeds quote it)
    twin_mean = Fraction(int(expected.sum()), len(expected))
    assert summary("crib" if crib else "hand").mean == twin_mean
    assert twin_mean == (Fraction(1025467, 216580) if crib else Fraction(60759, 12740))


def test_five_card_histogram_equals_reference(three_card_shows):
    _, expected = three_card_shows
    ref_hist = np.bincount(expected.sum(axis=1), minlength=30)
    for method in ("brute", "ranks"):
        assert np.array_equal(histograms(3, method)[0], ref_hist)
