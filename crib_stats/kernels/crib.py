"""Discard tallies: every throw's exact outcomes (hand and crib sharing the starter) when the
other crib cards are uniformly random among the cards the player has not seen.

Both kernels share the per-throw setup (:func:`_throw_setup`), the per-starter hand points and
the tally of one crib outcome (:func:`_tally`); they differ only in how they walk the other
crib cards: card by card (two or three cards), or by rank classes (two cards, 91 classes per
starter instead of 990 card pairs, the suit terms counted directly). :mod:`.crib_np` is the
rank-class walk again in numpy, for a process that analyses one deal and never loads numba.
"""

from __future__ import annotations

import numpy as np
from .jit import njit, prange

from .constants import CRIB_FLUSH, JACK, MAX_SHOW, NET_BINS, NET_OFFSET, RANKS
from .show import card_summary, hand_points, rank_table


@njit(cache=True)
def _tallies(n_throws, n_unseen):
    """Zeroed outputs (hand points start at -1: that starter is not counted)."""
    hand_by_s = np.full((n_throws, n_unseen), -1, np.int64)
    crib_sum_by_s = np.zeros((n_throws, n_unseen), np.int64)
    crib_hist = np.zeros((n_throws, MAX_SHOW), np.int64)
    net_hist = np.zeros((n_throws, NET_BINS), np.int64)
    return hand_by_s, crib_sum_by_s, crib_hist, net_hist


@njit(cache=True, inline="always")
def _throw_setup(keeps, throws, ti):
    """(keep base x 13, keep suit, keep jacks, throw base, throw suit, throw jacks) of throw ti."""
    kb, ks, kj = card_summary(keeps[ti], keeps.shape[1])
    tb, ts, tj = card_summary(throws[ti], throws.shape[1])
    return kb * RANKS, ks, kj, tb, ts, tj


@njit(cache=True, inline="always")
def _tally(crib_hist, net_hist, ti, hand, sign, crib_points, ways):
    """Count ``ways`` equally likely outcomes in which the crib scores ``crib_points`` (nothing
    is touched for no ways: an unreachable score may lie outside the histograms)."""
    if ways == 0:
        return
    crib_hist[ti, crib_points] += ways
    net_hist[ti, hand + sign * crib_points + NET_OFFSET] += ways


@njit(cache=True, inline="always")
def _per_starter(n_unseen, n_other):
    """Crib outcomes per starter: C(U - 1, n_other)."""
    m = n_unseen - 1
    per = m * (m - 1) // 2
    if n_other == 3:
        per = per * (m - 2) // 3
    return per


@njit(cache=True, parallel=True)
def discard_random(keeps, throws, unseen, n_other, starter, hand_table, crib_table, sign):
    """Exact outcomes of every throw when the other crib cards are uniformly random unseen cards.

    keeps (T, k) and throws (T, t) hold each throw's kept and thrown cards; ``unseen`` the
    cards the player has not seen; ``n_other`` (2 or 3) crib cards come from the unseen cards
    other than the starter. ``starter`` is a fixed starter code or -1 for every unseen card.
    ``sign`` is +1 when the crib is the player's, -1 when it is an opponent's.

    Returns per throw: hand points by starter (T, U) (-1 where a starter is excluded), crib point
    sums by starter (T, U), crib combinations per starter, the crib histogram (T, MAX_SHOW)
    and the joint histogram of hand + sign * crib (T, NET_BINS, offset NET_OFFSET).
    """
    n_throws = keeps.shape[0]
    k = keeps.shape[1]
    n_unseen = unseen.shape[0]
    hand_by_s, crib_sum_by_s, crib_hist, net_hist = _tallies(n_throws, n_unseen)
    for ti in prange(n_throws):
        kb, ks, kj, tb, ts, tj = _throw_setup(keeps, throws, ti)
        for si in range(n_unseen):
            s = unseen[si]
            if starter >= 0 and s != starter:
                continue
            sr = s >> 2
            su = s & 3
            h = hand_points(hand_table, kb, ks, kj, k, s)
            hand_by_s[ti, si] = h
            total = 0
            flush_ok = ts == su
            nobs_t = (tj >> su) & 1
            for i in range(n_unseen):
                if i == si:
                    continue
                ci = unseen[i]
                bi = tb * RANKS + (ci >> 2)
                fi = flush_ok and (ci & 3) == su
                ni = nobs_t | (1 if ci == JACK * 4 + su else 0)
                for j in range(i + 1, n_unseen):
                    if j == si:
                        continue
                    cj = unseen[j]
                    bj = bi * RANKS + (cj >> 2)
                    fj = fi and (cj & 3) == su
                    nj = ni | (1 if cj == JACK * 4 + su else 0)
                    if n_other == 2:
                        pts = crib_table[bj * RANKS + sr] + nj
                        if fj:
                            pts += CRIB_FLUSH
                        total += pts
                        _tally(crib_hist, net_hist, ti, h, sign, pts, 1)
                    else:
                        for l in range(j + 1, n_unseen):
                            if l == si:
                                continue
                            cl = unseen[l]
                            pts = crib_table[(bj * RANKS + (cl >> 2)) * RANKS + sr]
                            pts += nj | (1 if cl == JACK * 4 + su else 0)
                            if fj and (cl & 3) == su:
                                pts += CRIB_FLUSH
                            total += pts
                            _tally(crib_hist, net_hist, ti, h, sign, pts, 1)
            crib_sum_by_s[ti, si] = total
    return hand_by_s, crib_sum_by_s, _per_starter(n_unseen, n_other), crib_hist, net_hist


@njit(cache=True, parallel=True)
def discard_random_pairs(keeps, throws, unseen, starter, hand_table, crib_table, sign):
    """The same tallies as :func:`discard_random` for two other crib cards, by rank classes.

    For each starter, the opponent's two cards are grouped by their ranks (a <= b): every pair
    of one class has the same fifteens, pairs and runs, and only the suit terms differ, which
    are counted directly: a pair holding the jack of the starter's suit (nobs), a pair of the
    starter's suit when the throw is of that suit too (five-card crib flush), or both.
    """
    n_throws = keeps.shape[0]
    k = keeps.shape[1]
    n_unseen = unseen.shape[0]
    hand_by_s, crib_sum_by_s, crib_hist, net_hist = _tallies(n_throws, n_unseen)
    in_unseen = np.zeros(52, np.bool_)
    all_cnt = np.zeros(RANKS, np.int64)
    for i in range(n_unseen):
        in_unseen[unseen[i]] = True
        all_cnt[unseen[i] >> 2] += 1
    for ti in prange(n_throws):
        kb, ks, kj, tb, ts, tj = _throw_setup(keeps, throws, ti)
        cnt = all_cnt.copy()
        for si in range(n_unseen):
            s = unseen[si]
            if starter >= 0 and s != starter:
                continue
            sr = s >> 2
            su = s & 3
            h = hand_points(hand_table, kb, ks, kj, k, s)
            hand_by_s[ti, si] = h
            cnt[sr] -= 1
            jack = JACK * 4 + su
            jack_in = in_unseen[jack] and jack != s
            nobs_t = ((tj >> su) & 1) == 1
            suited = ts == su
            total = 0
            for a in range(RANKS):
                na = cnt[a]
                if na == 0:
                    continue
                base_a = (tb * RANKS + a) * RANKS
                for b in range(a, RANKS):
                    nb = cnt[b]
                    if a == b:
                        w = na * (na - 1) // 2
                    else:
                        w = na * nb
                    if w == 0:
                        continue
                    pts = crib_table[(base_a + b) * RANKS + sr]
                    if nobs_t:
                        nobs = w
                    elif not jack_in:
                        nobs = 0
                    elif a == JACK and b == JACK:
                        nobs = na - 1
                    elif a == JACK:
                        nobs = nb
                    elif b == JACK:
                        nobs = na
                    else:
                        nobs = 0
                    flush = 0
                    flush_nobs = 0
                    if suited and a != b:
                        ca = a * 4 + su
                        cb = b * 4 + su
                        if in_unseen[ca] and in_unseen[cb] and ca != s and cb != s:
                            flush = 1
                            if nobs_t or a == JACK or b == JACK:
                                flush_nobs = 1
                    total += w * pts + nobs + CRIB_FLUSH * flush
                    _tally(crib_hist, net_hist, ti, h, sign, pts, w - nobs - flush + flush_nobs)
                    _tally(crib_hist, net_hist, ti, h, sign, pts + 1, nobs - flush_nobs)
                    _tally(crib_hist, net_hist, ti, h, sign, pts + CRIB_FLUSH, flush - flush_nobs)
                    _tally(crib_hist, net_hist, ti, h, sign, pts + CRIB_FLUSH + 1, flush_nobs)
            crib_sum_by_s[ti, si] = total
            cnt[sr] += 1
    return hand_by_s, crib_sum_by_s, _per_starter(n_unseen, 2), crib_hist, net_hist


def warmup() -> None:
    unseen = np.arange(20, 26, dtype=np.int64)
    keeps = np.array([[0, 1, 2, 3]], np.int64)
    throws = np.array([[4, 5]], np.int64)
    t5 = rank_table(5)
    discard_random(keeps, throws, unseen, 2, -1, t5, t5, 1)
    discard_random_pairs(keeps, throws, unseen, -1, t5, t5, 1)
