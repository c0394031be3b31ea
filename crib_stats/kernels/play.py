"""The play (pegging) on ranks: suits never matter here.

The rules live in one stepper that every play kernel uses: :func:`play_card` plays one card
and scores it (:func:`card_points`), :func:`settle` applies the deterministic steps between
cards (a player who cannot play says go; when neither can, the last player scores 1 unless the
count is 31, and the count restarts led by the other player, or the play ends: all cards
played, or the first go or 31 in the five-card game). The state of a play is a small int64
array (the ``S_*`` indices), the hands a (2, 13) array of rank counts (player 0 is the pone,
who leads), and ``seq`` the ranks played so far; the current count is the last ``S_N`` of them.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .constants import (
    PEG_COLUMNS, PEG_LEAST_DEALER, PEG_LEAST_PONE, PEG_MOST_BOTH, PEG_MOST_DEALER, PEG_MOST_ONE_CARD,
    PEG_MOST_PONE, RANKS, pip,
)

# the state of a play
S_COUNT = 0  # the running count
S_N = 1  # cards in the current count
S_TURN = 2  # the player to move
S_LAST = 3  # the last player to play a card
S_LAST_POINTS = 4  # what that card scored (for the most one card scores, its go point included)
S_PONE = 5  # pone's points (S_PONE + player: that player's points)
S_DEALER = 6
S_BEST_CARD = 7  # the most one card has scored, its go / last-card point included
S_PLAYED = 8  # cards played so far (the length of seq)
S_DONE = 9  # 1 when the play is over
N_STATE = 10
MAX_CARDS = 16  # two hands of at most eight cards between them


@njit(cache=True, inline="always")
def card_points(seq, end, n, count):
    """Points for the card ``seq[end - 1]``, the last of the ``n`` cards ``seq[end - n:end]`` of
    a count that now stands at ``count``.

    Returns (fifteen, thirty_one, pairs, run): 2 for a count of 15, 2 for 31, 2/6/12 for the
    second/third/fourth consecutive card of one rank, and k for the longest k >= 3 such that
    the last k cards are k distinct consecutive ranks (in any order).
    """
    fifteen = 2 if count == 15 else 0
    thirty_one = 2 if count == 31 else 0
    last = seq[end - 1]
    same = 1
    i = end - 2
    while i >= end - n and seq[i] == last:
        same += 1
        i -= 1
    pairs = 0
    if same == 2:
        pairs = 2
    elif same == 3:
        pairs = 6
    elif same >= 4:
        pairs = 12
    run = 0
    if same == 1:
        # the last k cards, k growing: a repeated rank ends every longer run; k distinct ranks
        # are a run when they span exactly k ranks
        lo = last
        hi = last
        seen = 1 << last
        for j in range(end - 2, end - n - 1, -1):
            r = seq[j]
            if (seen >> r) & 1:
                break
            seen |= 1 << r
            if r < lo:
                lo = r
            elif r > hi:
                hi = r
            if hi - lo == end - 1 - j and end - j >= 3:
                run = end - j
    return fifteen, thirty_one, pairs, run


@njit(cache=True)
def peg_points(seq, n):
    """:func:`card_points` of the last card of the count ``seq[0:n]`` (the count summed here)."""
    count = 0
    for i in range(n):
        count += pip(seq[i])
    return card_points(seq, n, n, count)


@njit(cache=True, inline="always")
def can_play(hands, player, count):
    """True when ``player`` holds a card that keeps the count within 31."""
    for r in range(RANKS):
        if hands[player, r] > 0 and pip(r) <= 31 - count:
            return True
    return False


@njit(cache=True, inline="always")
def _empty(hands, player):
    for r in range(RANKS):
        if hands[player, r] > 0:
            return False
    return True


@njit(cache=True)
def new_play(pone_counts, dealer_counts):
    """(hands, state, seq) at the start of a play: the pone to lead."""
    hands = np.zeros((2, RANKS), np.int64)
    hands[0] = pone_counts
    hands[1] = dealer_counts
    st = np.zeros(N_STATE, np.int64)
    st[S_LAST] = 1
    seq = np.zeros(MAX_CARDS, np.int64)
    return hands, st, seq


@njit(cache=True, inline="always")
def play_card(hands, seq, st, r):
    """The player to move plays rank ``r`` (which must be legal); returns what it scores."""
    t = st[S_TURN]
    hands[t, r] -= 1
    seq[st[S_PLAYED]] = r
    st[S_PLAYED] += 1
    st[S_N] += 1
    st[S_COUNT] += pip(r)
    n = st[S_N]
    f, tt, pp, rl = card_points(seq, st[S_PLAYED], n, st[S_COUNT])
    p = f + tt + pp + rl
    st[S_PONE + t] += p
    st[S_LAST] = t
    st[S_LAST_POINTS] = p
    if p > st[S_BEST_CARD]:
        st[S_BEST_CARD] = p
    st[S_TURN] = 1 - t
    return p


@njit(cache=True, inline="always")
def settle(hands, st, stop_at_go):
    """Apply goes, the go / last-card point and restarts until a player must play a card or the
    play is over (``st[S_DONE]`` set). Returns the go / last-card points scored here."""
    scored = 0
    while True:
        mover = st[S_TURN]
        if can_play(hands, mover, st[S_COUNT]):
            return scored
        if can_play(hands, 1 - mover, st[S_COUNT]):
            st[S_TURN] = 1 - mover
            continue
        go = 1 if (st[S_COUNT] < 31 and st[S_N] > 0) else 0
        who = st[S_LAST]
        st[S_PONE + who] += go
        scored += go
        if st[S_LAST_POINTS] + go > st[S_BEST_CARD]:
            st[S_BEST_CARD] = st[S_LAST_POINTS] + go
        if stop_at_go or (_empty(hands, 0) and _empty(hands, 1)):
            st[S_DONE] = 1
            return scored
        st[S_COUNT] = 0
        st[S_N] = 0
        st[S_LAST_POINTS] = 0
        st[S_TURN] = 1 - who


@njit(cache=True)
def _objective(st, want):
    """The value a search maximises for column ``want`` (minimised columns negated)."""
    if want == PEG_MOST_DEALER:
        return st[S_DEALER]
    if want == PEG_MOST_PONE:
        return st[S_PONE]
    if want == PEG_MOST_BOTH:
        return st[S_PONE] + st[S_DEALER]
    if want == PEG_LEAST_DEALER:
        return -st[S_DEALER]
    if want == PEG_MOST_ONE_CARD:
        return st[S_BEST_CARD]
    return -st[S_PONE]


@njit(cache=True)
def peg_search(pone_counts, dealer_counts, stop_at_go, want):
    """Visit every legal play of one pair of hands (rank counts).

    Returns (extremes, best_seq, best_len): ``extremes`` in the PEG_* column order (most the
    dealer pegs, most the pone pegs, most both together, least the dealer pegs, most one card
    scores with its go / last-card point, least the pone pegs); for ``want`` a PEG_* column
    (-1 for none), the first play in search order (ranks ascending at every turn) that reaches
    that column's extreme, as ranks ``best_seq[:best_len]``.

    Depth-first with an explicit stack (numba's on-disk cache does not survive recursion):
    ``states[d]`` is the state before the d-th card, every step made by the stepper.
    """
    hands, st0, seq = new_play(pone_counts, dealer_counts)
    out = np.array([-1, -1, -1, 1000, -1, 1000], np.int64)
    best_seq = np.zeros(MAX_CARDS, np.int64)
    best_len = 0
    best_value = -(1 << 30)
    states = np.zeros((MAX_CARDS + 1, N_STATE), np.int64)
    nxt = np.zeros(MAX_CARDS + 1, np.int64)
    chosen = np.full(MAX_CARDS + 1, -1, np.int64)
    settle(hands, st0, stop_at_go)
    states[0] = st0
    d = 0
    while d >= 0:
        st = states[d]
        if chosen[d] >= 0:
            hands[st[S_TURN], chosen[d]] += 1
            chosen[d] = -1
        t = st[S_TURN]
        r = nxt[d]
        while r < RANKS and not (hands[t, r] > 0 and pip(r) <= 31 - st[S_COUNT]):
            r += 1
        if r == RANKS:
            d -= 1
            continue
        nxt[d] = r + 1
        chosen[d] = r
        child = states[d + 1]
        child[:] = st
        play_card(hands, seq, child, r)
        settle(hands, child, stop_at_go)
        if child[S_DONE] == 1:
            out[PEG_MOST_DEALER] = max(out[PEG_MOST_DEALER], child[S_DEALER])
            out[PEG_MOST_PONE] = max(out[PEG_MOST_PONE], child[S_PONE])
            out[PEG_MOST_BOTH] = max(out[PEG_MOST_BOTH], child[S_PONE] + child[S_DEALER])
            out[PEG_LEAST_DEALER] = min(out[PEG_LEAST_DEALER], child[S_DEALER])
            out[PEG_MOST_ONE_CARD] = max(out[PEG_MOST_ONE_CARD], child[S_BEST_CARD])
            out[PEG_LEAST_PONE] = min(out[PEG_LEAST_PONE], child[S_PONE])
            if want >= 0:
                v = _objective(child, want)
                if v > best_value:
                    best_value = v
                    best_len = child[S_PLAYED]
                    best_seq[:best_len] = seq[:best_len]
            continue
        d += 1
        nxt[d] = 0
        chosen[d] = -1
    return out, best_seq, best_len


@njit(cache=True, parallel=True)
def peg_extremes_rows(multisets, lo, hi, stop_at_go):
    """The extremes of :func:`peg_search` for every (pone, dealer) pair with the pone's multiset
    in rows lo..hi-1 and any dealer multiset, when the ranks fit in one pack (at most four of a
    rank in both hands together). Rows of -1 mark pairs that do not fit.
    Returns (hi - lo, M, PEG_COLUMNS) int16."""
    m = multisets.shape[0]
    out = np.full((hi - lo, m, PEG_COLUMNS), -1, np.int16)
    for k in prange(hi - lo):
        i = lo + k
        for j in range(m):
            ok = True
            for r in range(RANKS):
                if multisets[i, r] + multisets[j, r] > 4:
                    ok = False
            if ok:
                res, _, _ = peg_search(multisets[i], multisets[j], stop_at_go, -1)
                for q in range(PEG_COLUMNS):
                    out[k, j, q] = res[q]
    return out


def warmup() -> None:
    from .combinatorics import rank_multisets

    small = rank_multisets(1, np.array([0, 4], np.int64))
    peg_extremes_rows(small, 0, small.shape[0], False)
    peg_search(small[0], small[1], False, 0)
    peg_points(np.array([4, 4], np.int64), 2)
