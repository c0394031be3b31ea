"""The two-other-card discard tally of :func:`crib_stats.kernels.crib.discard_random_pairs` in
numpy alone, for a process that analyses one deal: numba's first call of any cached kernel
costs such a process more (its CPU target set up, 0.27 s) than the whole tally does here.

The same walk, one array axis per loop: throws (T) x starters (S) x the 91 rank classes a <= b
of the opponent's two cards. A class's weight, its nobs and flush counts and the crib's rank
points are the kernel's terms, computed for every cell at once; the histograms are one
``bincount`` over every (throw, score) a class contributes to. Every value is an exact integer
(the bincount weights are counts below 2**53, exact in float64), so the arrays equal the
kernel's bit for bit; tests/kernels/test_crib_np.py compares them.

Plain numpy: importing or calling this module never imports numba.
"""

from __future__ import annotations

import numpy as np

from .constants import CRIB_FLUSH, JACK, MAX_SHOW, NET_BINS, NET_OFFSET, RANKS

# the rank classes of two other crib cards: ranks a <= b
_A, _B = np.triu_indices(RANKS)
_SAME = _A == _B
_WITH_JACK = (_A == JACK) | (_B == JACK)
# what a class's crib scores beyond its rank points: nothing, nobs, a flush, a flush and nobs
_EXTRA = np.array([0, 1, CRIB_FLUSH, CRIB_FLUSH + 1], np.int64)


def summaries(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`crib_stats.kernels.show.card_summary` of every row of ``cards`` (N, n): the
    base-13 rank index, the common suit or -1 (-1 for no cards), the bitmask of its jacks' suits."""
    ranks = cards >> 2
    suits = cards & 3
    n = cards.shape[1]
    base = ranks @ (RANKS ** np.arange(n - 1, -1, -1, dtype=np.int64))
    if n:
        suit = np.where((suits == suits[:, :1]).all(axis=1), suits[:, 0], -1)
    else:
        suit = np.full(cards.shape[0], -1, np.int64)
    jacks = np.bitwise_or.reduce(np.where(ranks == JACK, 1 << suits, 0), axis=1)
    return base.astype(np.int64), suit.astype(np.int64), jacks.astype(np.int64)


def discard_random_pairs(keeps, throws, unseen, starter, hand_table, crib_table, sign):
    """The tallies of :func:`crib_stats.kernels.crib.discard_random_pairs` (the same arguments,
    the same arrays): hand points by starter (T, U) (-1 where a starter is excluded), crib point
    sums by starter (T, U), crib combinations per starter, the crib histogram (T, MAX_SHOW) and
    the histogram of hand + sign * crib (T, NET_BINS, offset NET_OFFSET). ``throws`` hold two
    cards each; ``crib_table`` is the five-rank table; ``starter`` a code or -1 for every unseen card."""
    n_throws = keeps.shape[0]
    n_unseen = unseen.shape[0]
    cols = np.arange(n_unseen) if starter < 0 else np.flatnonzero(unseen == starter)
    s = unseen[cols]
    sr, su = s >> 2, s & 3
    in_unseen = np.zeros(52, np.bool_)
    in_unseen[unseen] = True

    # per starter (S, 91): how many card pairs a class holds, and its nobs when only the class's
    # own jack can be nobs (the throw holds no jack of the starter's suit)
    cnt = np.bincount(unseen >> 2, minlength=RANKS) - (sr[:, None] == np.arange(RANKS))
    na, nb = cnt[:, _A], cnt[:, _B]
    ways = np.where(_SAME, na * (na - 1) // 2, na * nb)
    jack_in = in_unseen[JACK * 4 + su] & (sr != JACK)
    own_nobs = np.where(_A == JACK, np.where(_SAME, na - 1, nb), np.where(_B == JACK, na, 0))
    own_nobs = np.where(jack_in[:, None] & (ways > 0), own_nobs, 0)
    # both other cards of the starter's suit, neither the starter (a flush when the throw is too;
    # such a class holds those two cards, so it needs no ``ways > 0`` mask)
    suited_pair = ~_SAME & in_unseen[_A * 4 + su[:, None]] & in_unseen[_B * 4 + su[:, None]]
    suited_pair &= (_A != sr[:, None]) & (_B != sr[:, None])

    # per throw and starter (T, S, 91)
    kb, ks, kj = summaries(keeps)
    tb, ts, tj = summaries(throws)
    k = keeps.shape[1]
    hand = (hand_table[kb[:, None] * RANKS + sr].astype(np.int64) + ((kj[:, None] >> su) & 1)
            + np.where(ks[:, None] >= 0, k + (su == ks[:, None]), 0))
    nobs_t = (((tj[:, None] >> su) & 1) == 1)[:, :, None]
    nobs = np.where(nobs_t, ways, own_nobs)
    flush = (ts[:, None] == su)[:, :, None] & suited_pair
    flush_nobs = (flush & (nobs_t | _WITH_JACK)).astype(np.int64)
    flush = flush.astype(np.int64)
    pts = crib_table[((tb[:, None, None] * RANKS + _A) * RANKS + _B) * RANKS + sr[:, None]].astype(np.int64)
    crib_sum = (ways * pts + nobs + CRIB_FLUSH * flush).sum(axis=2)

    # the four scores of a class and the outcomes scoring each, kept where there are any (an
    # unreachable score may lie outside the histograms)
    count = np.stack([ways - nobs - flush + flush_nobs, nobs - flush_nobs, flush - flush_nobs, flush_nobs])
    score = pts + _EXTRA[:, None, None, None]
    hit = count > 0
    count, score = count[hit], score[hit]
    row = np.broadcast_to(np.arange(n_throws)[:, None, None], hit.shape)[hit]
    net = np.broadcast_to(hand[:, :, None], hit.shape)[hit] + sign * score + NET_OFFSET
    weights = count.astype(np.float64)
    crib_hist = np.bincount(row * MAX_SHOW + score, weights, n_throws * MAX_SHOW).astype(np.int64)
    net_hist = np.bincount(row * NET_BINS + net, weights, n_throws * NET_BINS).astype(np.int64)

    hand_by_s = np.full((n_throws, n_unseen), -1, np.int64)
    crib_sum_by_s = np.zeros((n_throws, n_unseen), np.int64)
    hand_by_s[:, cols] = hand
    crib_sum_by_s[:, cols] = crib_sum
    m = n_unseen - 1
    return (hand_by_s, crib_sum_by_s, m * (m - 1) // 2, crib_hist.reshape(n_throws, MAX_SHOW),
            net_hist.reshape(n_throws, NET_BINS))
