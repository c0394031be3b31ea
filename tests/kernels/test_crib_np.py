"""The numpy discard tally (crib_stats.kernels.crib_np) against the numba kernel it stands in for,
array for array, on seeded random deals of both two-player variants; against the itertools twin
through the analysis in tests/discard/test_discard.py (test_numpy_tally_equals_reference)."""

import numpy as np
import pytest

from crib_stats.core.tables import rank_table
from crib_stats.kernels import crib, crib_np
from crib_stats.kernels.jit import one_thread
from crib_stats.model.variants import variant


def inputs(rng, dealt, throw, kept):
    """Keeps (T, kept) and throws (T, throw) of every split of ``dealt`` random cards, or of
    one throw beside ``kept`` known cards when ``dealt`` is None (crib_value's shape), and the
    unseen cards."""
    from itertools import combinations

    if dealt is None:
        cards = rng.choice(52, throw + kept, replace=False)
        throws, keeps = cards[None, :throw], cards[None, throw:]
    else:
        cards = rng.choice(52, dealt, replace=False)
        splits = list(combinations(range(dealt), throw))
        throws = np.array([[cards[i] for i in s] for s in splits])
        keeps = np.array([[c for i, c in enumerate(cards) if i not in s] for s in splits]).reshape(len(splits), -1)
    unseen = np.setdiff1d(np.arange(52), cards)
    return keeps.astype(np.int64), throws.astype(np.int64), unseen.astype(np.int64)


def assert_same(keeps, throws, unseen, starter, sign):
    hand_t, crib_t = rank_table(keeps.shape[1] + 1), rank_table(5)
    with one_thread():  # one deal: a thread team's start-up would cost more than the work
        want = crib.discard_random_pairs(keeps, throws, unseen, starter, hand_t, crib_t, sign)
    got = crib_np.discard_random_pairs(keeps, throws, unseen, starter, hand_t, crib_t, sign)
    assert type(got[2]) is int and got[2] == want[2]
    for w, g in zip(want[:2] + want[3:], got[:2] + got[3:]):
        assert g.dtype == w.dtype == np.int64 and g.shape == w.shape
        assert np.array_equal(g, w)


@pytest.mark.parametrize("name", ["six-card", "five-card"])
@pytest.mark.parametrize("sign", [1, -1])
@pytest.mark.parametrize("fixed", [False, True])
def test_numpy_tally_equals_kernel_on_random_deals(name, sign, fixed):
    v = variant(name)
    rng = np.random.default_rng([v.dealt, sign + 1, int(fixed)])
    for _ in range(80):
        keeps, throws, unseen = inputs(rng, v.dealt, v.throw, v.kept)
        starter = int(rng.choice(unseen)) if fixed else -1
        assert_same(keeps, throws, unseen, starter, sign)


@pytest.mark.parametrize("kept", [0, 1, 2, 3, 4])
def test_numpy_tally_equals_kernel_for_one_throw_and_some_kept_cards(kept):
    """crib_value's calls: one throw, from none to all of the kept cards known."""
    rng = np.random.default_rng(kept)
    for _ in range(20):
        keeps, throws, unseen = inputs(rng, None, 2, kept)
        assert_same(keeps, throws, unseen, -1, 1)


def test_numpy_tally_equals_kernel_on_suit_and_jack_corners():
    """Flushes, jacks of the starter's suit in the throw, the other cards or the starter."""
    for dealt in ([0, 4, 8, 12, 40, 44], [40, 41, 42, 43, 1, 5], [41, 45, 49, 1, 5, 9], [40, 44, 48, 0, 4, 8]):
        cards = np.array(dealt)
        for t in ([0, 1], [4, 5], [0, 4]):
            throws = cards[None, t]
            keeps = np.delete(cards, t)[None, :]
            unseen = np.setdiff1d(np.arange(52), cards)
            for starter in (-1, 43, 42, 2, 3):
                if starter in cards:
                    continue
                for sign in (1, -1):
                    assert_same(keeps, throws, unseen, starter, sign)


def test_every_class_weight_adds_up_to_the_card_pairs():
    """Outcomes per starter: C(U - 1, 2), and every throw's histograms count them all."""
    rng = np.random.default_rng(7)
    keeps, throws, unseen = inputs(rng, 6, 2, 4)
    h, cs, per, ch, nh = crib_np.discard_random_pairs(keeps, throws, unseen, -1, rank_table(5), rank_table(5), -1)
    assert per == 45 * 44 // 2
    assert (ch.sum(axis=1) == 46 * per).all() and (nh.sum(axis=1) == 46 * per).all()
    assert (cs.sum(axis=1) == ch @ np.arange(ch.shape[1])).all()
