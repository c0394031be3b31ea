"""Exhaustive score histograms over every (hand, starter): two independent methods.

:func:`enumerate_hands` scores every combination (brute force, in parallel chunks);
:func:`enumerate_ranks` walks rank multisets and counts the suit patterns of flush and nobs.
"""

from __future__ import annotations

import numpy as np
from .jit import njit, prange

from .combinatorics import choose4, combinations, rank_multisets, sorted_ranks
from .constants import JACK, MAX_SHOW, NCHUNKS, RANKS
from .show import card_summary, rank_table


@njit(cache=True, parallel=True)
def enumerate_hands(table, hands):
    """Histograms over every (hand, starter): hand rules and crib rules in one pass.

    ``hands`` is the (H, k) array of all k-card hands; ``table`` the rank table for k+1 ranks.
    Returns (hand_hist, crib_hist), each of length MAX_SHOW.
    """
    n_hands = hands.shape[0]
    k = hands.shape[1]
    hist_h = np.zeros((NCHUNKS, MAX_SHOW), np.int64)
    hist_c = np.zeros((NCHUNKS, MAX_SHOW), np.int64)
    for c in prange(NCHUNKS):
        for h in range(c * n_hands // NCHUNKS, (c + 1) * n_hands // NCHUNKS):
            base, suit0, jacks = card_summary(hands[h], k)
            same = suit0 >= 0
            held = np.uint64(0)
            for i in range(k):
                held |= np.uint64(1) << np.uint64(hands[h, i])
            base *= RANKS
            for r in range(RANKS):
                pts = table[base + r]
                for su in range(4):
                    s = r * 4 + su
                    if (held >> np.uint64(s)) & np.uint64(1):
                        continue
                    nobs = (jacks >> su) & 1
                    fl_h = 0
                    fl_c = 0
                    if same:
                        if su == suit0:
                            fl_h = k + 1
                            fl_c = k + 1
                        else:
                            fl_h = k
                    hist_h[c, pts + fl_h + nobs] += 1
                    hist_c[c, pts + fl_c + nobs] += 1
    return hist_h.sum(axis=0), hist_c.sum(axis=0)


@njit(cache=True)
def enumerate_ranks(table, k):
    """The same two histograms as :func:`enumerate_hands`, from rank multisets.

    For each multiset of k hand ranks (at most four of a rank) and each starter rank, the
    number of card combinations is prod C(4, h_r) * (4 - h_s); flush and nobs are counted
    from the suit patterns: a flush needs k distinct hand ranks in one suit (4 suits), nobs
    a hand jack whose suit the starter shares.
    """
    hist_h = np.zeros(MAX_SHOW, np.int64)
    hist_c = np.zeros(MAX_SHOW, np.int64)
    multisets = rank_multisets(k, np.arange(RANKS))
    ranks = np.zeros(k, np.int64)
    for row in range(multisets.shape[0]):
        counts = multisets[row]
        base = sorted_ranks(counts, ranks)
        ways = 1
        distinct = True
        for r in range(RANKS):
            ways *= choose4(counts[r])
            if counts[r] > 1:
                distinct = False
        hj = counts[JACK]
        for s in range(RANKS):
            hs = counts[s]
            if hs == 4:
                continue
            pts = table[base * RANKS + s]
            total = ways * (4 - hs)
            nobs = 0
            if s != JACK and hj > 0:
                nobs = ways * hj * (4 - hs) // 4
            # flush patterns: all k hand cards in one suit (4 choices)
            f_match = 0  # starter in the flush suit too
            f_match_nobs = 0
            f_other = 0  # starter in another suit
            if distinct:
                if hs == 0:
                    f_match = 4
                    if hj == 1 and s != JACK:
                        f_match_nobs = 4
                f_other = 12  # 4 suits x 3 starter suits (hs == 1 blocks the matching one)
            plain = total - f_match - f_other
            plain_nobs = nobs - f_match_nobs
            # hand rules
            hist_h[pts] += plain - plain_nobs
            hist_h[pts + 1] += plain_nobs
            hist_h[pts + k] += f_other
            hist_h[pts + k + 1] += f_match - f_match_nobs
            hist_h[pts + k + 2] += f_match_nobs
            # crib rules: only the five-suited pattern counts as a flush
            hist_c[pts] += plain - plain_nobs + f_other
            hist_c[pts + 1] += plain_nobs
            hist_c[pts + k + 1] += f_match - f_match_nobs
            hist_c[pts + k + 2] += f_match_nobs
    return hist_h, hist_c


def warmup() -> None:
    enumerate_hands(rank_table(4), combinations(8, 3))
    enumerate_ranks(rank_table(4), 3)
