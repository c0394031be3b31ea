"""The one scorer of the show, the rank tables built from it, and the suit terms beside them.

:func:`show` lists every scoring subset, so the public breakdown can name the cards. The
enumeration, deal and discard kernels use tables of its rank-only part (fifteens + pairs +
runs depend only on the ranks) indexed by base-13 rank digits, and add the suit-dependent
flush and nobs terms with :func:`card_summary` and :func:`hand_points`.
"""

from __future__ import annotations

import numpy as np
from .jit import njit, prange

from .constants import JACK, KIND_FIFTEEN, KIND_PAIR, KIND_RUN, NCHUNKS, RANKS
from .pips import pip


@njit(cache=True)
def show(codes, n, crib, masks):
    """Score cards ``codes[0:n-1]`` (hand or crib) with ``codes[n-1]`` the starter.

    Writes every scoring subset into ``masks`` (64 long) as ``kind << 8 | bitmask`` (kind 0
    fifteen, 1 pair, 2 run) and returns (fifteens, pairs, runs, flush, nobs, number of masks).
    """
    nsub = 1 << n
    fifteens = 0
    pairs = 0
    nm = 0
    run_len = 0
    n_cand = 0
    for m in range(1, nsub):
        total = 0
        size = 0
        lo = 99
        hi = -1
        seen = 0
        distinct = True
        for i in range(n):
            if (m >> i) & 1:
                r = codes[i] >> 2
                total += pip(r)
                size += 1
                if (seen >> r) & 1:
                    distinct = False
                seen |= 1 << r
                if r < lo:
                    lo = r
                if r > hi:
                    hi = r
        if total == 15:
            fifteens += 2
            masks[nm] = (KIND_FIFTEEN << 8) | m
            nm += 1
        if size == 2 and not distinct:
            pairs += 2
            masks[nm] = (KIND_PAIR << 8) | m
            nm += 1
        if size >= 3 and distinct and hi - lo == size - 1:
            # a run candidate: parked at the back of ``masks`` until the longest length is known
            n_cand += 1
            masks[masks.shape[0] - n_cand] = (size << 8) | m
            if size > run_len:
                run_len = size
    runs = 0
    for j in range(1, n_cand + 1):
        tagged = masks[masks.shape[0] - j]
        if (tagged >> 8) == run_len:
            runs += run_len
            masks[nm] = (KIND_RUN << 8) | (tagged & 0xFF)
            nm += 1
    starter_suit = codes[n - 1] & 3
    suit0 = codes[0] & 3
    same = True
    for i in range(1, n - 1):
        if (codes[i] & 3) != suit0:
            same = False
    flush = 0
    if same:
        if starter_suit == suit0:
            flush = n
        elif not crib:
            flush = n - 1
    nobs = 0
    for i in range(n - 1):
        if (codes[i] >> 2) == JACK and (codes[i] & 3) == starter_suit:
            nobs = 1
    return fifteens, pairs, runs, flush, nobs, nm


@njit(cache=True)
def score_one(codes, crib):
    """Breakdown of one show: returns (parts[5], masks[:nm]). ``codes`` ends with the starter."""
    masks = np.zeros(64, np.int64)
    f, p, r, fl, nb, nm = show(codes, codes.shape[0], crib, masks)
    parts = np.array([f, p, r, fl, nb], np.int64)
    return parts, masks[:nm]


@njit(cache=True, parallel=True)
def score_batch(cards, crib):
    """Score every row of ``cards`` (N, n); the last column is the starter. Returns (N, 5) int8
    in the SHOW_* column order."""
    n_rows = cards.shape[0]
    n = cards.shape[1]
    out = np.zeros((n_rows, 5), np.int8)
    for c in prange(NCHUNKS):
        masks = np.zeros(64, np.int64)
        codes = np.zeros(n, np.int64)
        for row in range(c * n_rows // NCHUNKS, (c + 1) * n_rows // NCHUNKS):
            for i in range(n):
                codes[i] = cards[row, i]
            f, p, r, fl, nb, nm = show(codes, n, crib, masks)
            out[row, 0] = f
            out[row, 1] = p
            out[row, 2] = r
            out[row, 3] = fl
            out[row, 4] = nb
    return out


@njit(cache=True)
def rank_table(n):
    """Rank-only points (fifteens + pairs + runs) for every tuple of n ranks, base-13 indexed.

    The points depend only on the multiset, so each sorted tuple is scored once with
    :func:`show` and every ordering of it copies that value.
    """
    size = RANKS**n
    table = np.zeros(size, np.int8)
    memo = np.full(size, -1, np.int16)
    digits = np.zeros(n, np.int64)
    codes = np.zeros(n, np.int64)
    masks = np.zeros(64, np.int64)
    for idx in range(size):
        rest = idx
        for i in range(n - 1, -1, -1):
            digits[i] = rest % RANKS
            rest //= RANKS
        for i in range(1, n):  # insertion sort of n <= 5 digits
            v = digits[i]
            j = i - 1
            while j >= 0 and digits[j] > v:
                digits[j + 1] = digits[j]
                j -= 1
            digits[j + 1] = v
        key = 0
        for i in range(n):
            key = key * RANKS + digits[i]
        if memo[key] < 0:
            for i in range(n):
                codes[i] = digits[i] * 4
            f, p, r, fl, nb, nm = show(codes, n, False, masks)
            memo[key] = f + p + r
        table[idx] = memo[key]
    return table


@njit(cache=True, inline="always")
def card_summary(cards, n):
    """(base-13 rank index, common suit or -1, bitmask of the suits of its jacks) of n cards."""
    base = 0
    suit = cards[0] & 3 if n > 0 else -1
    jacks = 0
    for i in range(n):
        card = cards[i]
        base = base * RANKS + (card >> 2)
        if (card & 3) != suit:
            suit = -1
        if (card >> 2) == JACK:
            jacks |= 1 << (card & 3)
    return base, suit, jacks


@njit(cache=True, inline="always")
def hand_points(hand_table, keep_base, keep_suit, keep_jacks, k, s):
    """Hand-rules show of a kept hand (summarised by :func:`card_summary`, base already x 13)
    with starter code ``s``: rank points + nobs + a flush of k (k + 1 when the starter matches)."""
    su = s & 3
    pts = hand_table[keep_base + (s >> 2)] + ((keep_jacks >> su) & 1)
    if keep_suit >= 0:
        pts += k
        if su == keep_suit:
            pts += 1
    return pts


MEMO_WIDTH = 32  # scoring subsets of one show: at most 8 fifteens + 6 pairs + 4 runs of 3


@njit(cache=True)
def show_memo(multisets, n):
    """The show of every card pattern of ``n`` cards, from :func:`show`, for a scorer that reads
    tables instead of compiling (``crib-stats score`` starts without numba once these exist).

    Ranks: for each count row of ``multisets`` (M, 13), the sorted ranks' base-13 ``keys`` (M,),
    the fifteens, pairs and runs ``parts`` (M, 3) and the scoring subsets ``masks`` (M,
    MEMO_WIDTH) as ``kind << 8 | bitmask`` over the sorted positions (-1 after the last).
    Suits: ``suit_terms`` (2, 4**n * 2**(n-1), 2), flush and nobs for crib 0/1 of every
    assignment of suits to the n positions (base 4, the starter last) and of jacks to the n - 1
    hand positions (a bit each): what the ranks of the other cards cannot change.
    """
    m = multisets.shape[0]
    keys = np.zeros(m, np.int64)
    parts = np.zeros((m, 3), np.int8)
    out = np.full((m, MEMO_WIDTH), -1, np.int16)
    masks = np.zeros(64, np.int64)
    codes = np.zeros(n, np.int64)
    for row in range(m):
        i = 0
        key = 0
        for r in range(RANKS):
            for k in range(multisets[row, r]):
                codes[i] = r * 4 + k  # equal ranks in distinct suits: real cards
                key = key * RANKS + r
                i += 1
        f, p, ru, fl, nb, nm = show(codes, n, False, masks)
        keys[row] = key
        parts[row, 0] = f
        parts[row, 1] = p
        parts[row, 2] = ru
        for j in range(nm):
            out[row, j] = masks[j]
    n_suits = 4**n
    n_jacks = 1 << (n - 1)
    suit_terms = np.zeros((2, n_suits * n_jacks, 2), np.int8)
    for crib in range(2):
        for sp in range(n_suits):
            for jp in range(n_jacks):
                x = sp
                for i in range(n):
                    su = x % 4
                    x //= 4
                    rank = JACK if i < n - 1 and (jp >> i) & 1 else i  # other ranks: 0..n-1, no jack
                    codes[i] = rank * 4 + su
                f, p, ru, fl, nb, nm = show(codes, n, crib == 1, masks)
                suit_terms[crib, sp * n_jacks + jp, 0] = fl
                suit_terms[crib, sp * n_jacks + jp, 1] = nb
    return keys, parts, out, suit_terms


def warmup() -> None:
    codes = np.array([0, 4, 8, 12, 16], np.int64)
    score_one(codes, False)
    score_batch(codes.reshape(1, 5), True)
    rank_table(2)
    card_summary(codes, 4)
    hand_points(rank_table(2), 0, -1, 0, 1, 4)
    show_memo(np.array([[1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]], np.int64), 3)
