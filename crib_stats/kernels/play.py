"""The two-player play (pegging) on ranks: suits never matter here.

The two-player searches (the advisor, the play's extremes and tables, the policies, the deal
model) share this stepper; the whole games of two, three or four players step with
:mod:`.playn`, which reads this module's scoring (:func:`card_points`) so that a card's points
exist once; the tests hold both to the naive twin of ``tests/reference.py``.
:func:`play_card` plays one card
and scores it (:func:`card_points`), :func:`settle` applies the deterministic steps between
cards (a player who cannot play says go; when neither can, the last player scores 1 unless the
count is 31, and the count restarts led by the other player, or the play ends: all cards
played, or the first go or 31 in the five-card game).

The state of a play is a tuple of ``N_STATE`` int64 (the ``S_*`` indices), the two hands in it
as packed rank counts (4 bits a rank, ace lowest: :func:`pack_hand`, :func:`held`); player 0
is the pone, who leads. The stepper returns a new state rather than changing one, so a search
keeps the whole state in registers and backs up by keeping its parent's (:func:`store_state`,
:func:`load_state`). ``seq`` holds the ranks played so far (``seq[:st[S_PLAYED]]``); the
current count is the last ``st[S_N]`` of them.
"""

from __future__ import annotations

import numpy as np
from .jit import njit

from .constants import RANKS
from .pips import pip


@njit(cache=True, inline="always")
def trailing_zeros_loop(x):
    """The index of the lowest set bit of ``x`` > 0, by a loop (the fallback below)."""
    n = 0
    while (x & 1) == 0:
        x >>= 1
        n += 1
    return n


try:  # LLVM cttz, the lowest set bit's index: an internal of numba's, present in the pinned range
    from numba.cpython.unsafe.numbers import trailing_zeros
except ImportError:  # pragma: no cover - a numba that moved it: the same answer (~13% slower search)
    trailing_zeros = trailing_zeros_loop

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
S_HANDS = 10  # pone's hand, packed (S_HANDS + player: that player's hand)
N_STATE = 12
MAX_CARDS = 16  # two hands of at most eight cards between them
RANK_BITS = 4  # a packed hand holds rank r's count in bits 4r..4r+3
RANK_MASK = (1 << RANK_BITS) - 1
# FITS[count]: the ranks whose pip keeps the count within 31, as a mask over a packed hand
FITS = np.array([sum(RANK_MASK << (RANK_BITS * r) for r in range(RANKS) if pip.py_func(r) <= 31 - count)
                 for count in range(32)], np.int64)


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


@njit(cache=True)
def pack_hand(counts):
    """A hand's rank counts (13 of them, each at most 15) packed into one int64."""
    h = 0
    for r in range(RANKS):
        h |= counts[r] << (RANK_BITS * r)
    return h


@njit(cache=True, inline="always")
def held(st, player, r):
    """How many cards of rank ``r`` ``player`` holds."""
    return (st[S_HANDS + player] >> (RANK_BITS * r)) & RANK_MASK


@njit(cache=True, inline="always")
def legal_ranks(st):
    """The ranks the player to move may play (held, keeping the count within 31): their counts,
    packed as a hand."""
    return st[S_HANDS + st[S_TURN]] & FITS[st[S_COUNT]]


@njit(cache=True, inline="always")
def next_legal(st, r):
    """The lowest rank >= r the player to move may play; RANKS when none."""
    if r >= RANKS:
        return RANKS
    h = legal_ranks(st) >> (RANK_BITS * r)
    if h == 0:
        return RANKS
    return r + trailing_zeros(h) // RANK_BITS


@njit(cache=True)
def new_play(pone_counts, dealer_counts):
    """(state, seq) at the start of a play: the pone to lead (not yet settled)."""
    z = np.int64(0)
    st = (z, z, z, np.int64(1), z, z, z, z, z, z, pack_hand(pone_counts), pack_hand(dealer_counts))
    return st, np.zeros(MAX_CARDS, np.int64)


@njit(cache=True, inline="always")
def play_card(seq, st, r):
    """The state after the player to move plays rank ``r`` (which must be legal) and scores it."""
    count, n, turn, last, last_points, pone, dealer, best, played, done, h0, h1 = st
    if turn == 0:
        h0 -= 1 << (RANK_BITS * r)
    else:
        h1 -= 1 << (RANK_BITS * r)
    seq[played] = r
    played += 1
    n += 1
    count += pip(r)
    f, tt, pp, rl = card_points(seq, played, n, count)
    p = f + tt + pp + rl
    if turn == 0:
        pone += p
    else:
        dealer += p
    if p > best:
        best = p
    return (count, n, 1 - turn, turn, p, pone, dealer, best, played, done, h0, h1)


@njit(cache=True, inline="always")
def settle(st, stop_at_go):
    """The state after the goes, the go / last-card point and restarts, once a player must play a
    card or the play is over (``S_DONE`` set)."""
    count, n, turn, last, last_points, pone, dealer, best, played, done, h0, h1 = st
    while True:
        fits = FITS[count]
        if ((h0 if turn == 0 else h1) & fits) != 0:
            break
        if ((h1 if turn == 0 else h0) & fits) != 0:
            turn = 1 - turn
            continue
        go = 1 if (count < 31 and n > 0) else 0
        if last == 0:
            pone += go
        else:
            dealer += go
        if last_points + go > best:
            best = last_points + go
        if stop_at_go or (h0 == 0 and h1 == 0):
            done = 1
            break
        count = 0
        n = 0
        last_points = 0
        turn = 1 - last
    return (count, n, turn, last, last_points, pone, dealer, best, played, done, h0, h1)


@njit(cache=True, inline="always")
def store_state(states, d, st):
    """Keep ``st`` in row ``d`` of a search's (depth, N_STATE) array."""
    for q in range(N_STATE):
        states[d, q] = st[q]


@njit(cache=True, inline="always")
def load_state(states, d):
    """The state kept in row ``d`` (see :func:`store_state`)."""
    return (states[d, 0], states[d, 1], states[d, 2], states[d, 3], states[d, 4], states[d, 5],
            states[d, 6], states[d, 7], states[d, 8], states[d, 9], states[d, 10], states[d, 11])


def warmup() -> None:
    peg_points(np.array([4, 4], np.int64), 2)
    # the stepper as Python calls it (game.peg_rules walks plays card by card): a 5 each
    five = np.zeros(RANKS, np.int64)
    five[4] = 1
    st, seq = new_play(five, five.copy())
    settle(play_card(seq, settle(st, False), 4), False)
