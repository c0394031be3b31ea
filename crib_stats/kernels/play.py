"""The play (pegging) on ranks: suits never matter here.

The rules live in one stepper that every play kernel uses: :func:`play_card` plays one card
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
from .jit import njit, prange

from .constants import (
    PEG_COLUMNS,
    PEG_LEAST_DEALER,
    PEG_LEAST_PONE,
    PEG_MOST_BOTH,
    PEG_MOST_DEALER,
    PEG_MOST_ONE_CARD,
    PEG_MOST_PONE,
    RANKS,
)
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
    row d of ``states`` is the state before the d-th card, every step made by the stepper.
    """
    st, seq = new_play(pone_counts, dealer_counts)
    out = np.array([-1, -1, -1, 1000, -1, 1000], np.int64)
    best_seq = np.zeros(MAX_CARDS, np.int64)
    best_len = 0
    best_value = -(1 << 30)
    states = np.zeros((MAX_CARDS + 1, N_STATE), np.int64)
    nxt = np.zeros(MAX_CARDS + 1, np.int64)
    store_state(states, 0, settle(st, stop_at_go))
    d = 0
    while d >= 0:
        st = load_state(states, d)
        r = next_legal(st, nxt[d])
        if r == RANKS:
            d -= 1
            continue
        nxt[d] = r + 1
        child = settle(play_card(seq, st, r), stop_at_go)
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
        store_state(states, d, child)
        nxt[d] = 0
    return out, best_seq, best_len


MEMO_BITS = 17  # a table of positions: 2**17 slots (a pone hand's pairings keep up to ~30,000)
MEMO_PROBES = 64  # slots tried before a position goes unkept (a full table costs speed, never a value)
ROWS_PER_TABLE = 4
NO_VALUE = 1 << 20


@njit(cache=True, inline="always")
def memo_slot(keys, stamps, stamp, h0, h1, turn):
    """The slot of (h0, h1, turn) (``turn``: who moves, or a whole :func:`_position`) in an open-addressed table (linear probing): its own
    slot if it is there, else the empty slot where it would go; -1 when the first MEMO_PROBES
    slots tried hold other positions."""
    size = keys.shape[0]
    x = (h0 * 0x9E3779B97F4A7C15) ^ (h1 * 0xC2B2AE3D27D4EB4F) ^ turn
    x ^= x >> 29
    slot = x & (size - 1)
    for _ in range(MEMO_PROBES):
        if stamps[slot] != stamp:
            return slot
        if keys[slot, 0] == h0 and keys[slot, 1] == h1 and keys[slot, 2] == turn:
            return slot
        slot = (slot + 1) & (size - 1)
    return -1


@njit(cache=True, inline="always")
def _position(seq, st):
    """What the rest of the play depends on besides the two hands: the player to move, the count,
    and the cards of the count that a later card can score with: the longest run of distinct
    ranks ending the count (a card walking back for a run stops inside it), in order, and how
    many times its last rank ends the count (pairs). Packed into one int64."""
    played = st[S_PLAYED]
    n = st[S_N]
    last_times = 0
    length = 0
    ranks = 0
    seen = 0
    if n > 0:
        r = seq[played - 1]
        last_times = 1
        while last_times < n and seq[played - 1 - last_times] == r:
            last_times += 1
        for j in range(played - 1, played - n - 1, -1):
            x = seq[j]
            if (seen >> x) & 1:
                break
            seen |= 1 << x
            ranks |= x << (RANK_BITS * length)
            length += 1
    return st[S_TURN] | (st[S_COUNT] << 1) | (last_times << 6) | (length << 9) | (ranks << 13)


@njit(cache=True)
def peg_extremes(pone_counts, dealer_counts, stop_at_go, keys, values, stamps, stamp):
    """The extremes of :func:`peg_search` for one pair of hands (the PEG_* columns), each node's
    best and worst future carried up the tree instead of every leaf scored.

    A node's future is the extremes of what is scored after it: the most and least each player
    pegs from here, the most both peg, the most one card scores (its go / last-card point
    included). A card's points are scored with the totals zeroed, so a child's totals are
    what that card (and the go after it) adds. The rest of the play depends only on the two
    hands left and :func:`_position` (who moves, the count, the cards of the count a later card
    can score with); at a position that recurs often (the count just restarted, or ended by a
    pair) the future is kept in the table ``keys``/``values`` under (hands, position) (rows
    marked ``stamp`` in ``stamps`` belong to this search; the caller reuses the table across
    pairs of one pone hand, where the same positions recur) and read instead of searched again.
    """
    st, seq = new_play(pone_counts, dealer_counts)
    states = np.zeros((MAX_CARDS + 1, N_STATE), np.int64)
    nxt = np.zeros(MAX_CARDS + 1, np.int64)
    where = np.full(MAX_CARDS + 1, -1, np.int64)  # node d's position (:func:`_position`; -1: not kept)
    # fut[d]: most dealer, most pone, most both, least dealer, most one card, least pone after node d
    fut = np.zeros((MAX_CARDS + 1, PEG_COLUMNS), np.int64)
    store_state(states, 0, settle(st, stop_at_go))
    for q in range(PEG_COLUMNS):
        fut[0, q] = NO_VALUE if q == PEG_LEAST_DEALER or q == PEG_LEAST_PONE else -NO_VALUE
    d = 0
    while True:
        st = load_state(states, d)
        r = next_legal(st, nxt[d])
        if r == RANKS:  # node d is done: its future is fut[d]
            s = memo_slot(keys, stamps, stamp, st[S_HANDS], st[S_HANDS + 1], where[d]) if where[d] >= 0 else -1
            if s >= 0:
                stamps[s] = stamp
                keys[s, 0] = st[S_HANDS]
                keys[s, 1] = st[S_HANDS + 1]
                keys[s, 2] = where[d]  # the key it is looked up by: the position, not only who moves
                for q in range(PEG_COLUMNS):
                    values[s, q] = fut[d, q]
            if d == 0:
                break
            d -= 1
            _add_child(fut, d, st[S_PONE], st[S_DEALER], st[S_BEST_CARD], fut[d + 1])
            continue
        nxt[d] = r + 1
        count, n, turn, last, last_points, pone, dealer, best, played, done, h0, h1 = st
        zeroed = (count, n, turn, last, last_points, np.int64(0), np.int64(0), np.int64(0), played, done, h0, h1)
        child = settle(play_card(seq, zeroed, r), stop_at_go)
        if child[S_DONE] == 1:
            _add_leaf(fut, d, child[S_PONE], child[S_DEALER], child[S_BEST_CARD])
            continue
        pos = -1
        s = -1
        pl = child[S_PLAYED]
        if child[S_N] == 0 or (child[S_N] >= 2 and seq[pl - 1] == seq[pl - 2]):
            pos = _position(seq, child)
            s = memo_slot(keys, stamps, stamp, child[S_HANDS], child[S_HANDS + 1], pos)
        if s >= 0 and stamps[s] == stamp:
            _add_child(fut, d, child[S_PONE], child[S_DEALER], child[S_BEST_CARD], values[s])
            continue
        d += 1
        store_state(states, d, child)
        nxt[d] = 0
        where[d] = pos
        for q in range(PEG_COLUMNS):
            fut[d, q] = NO_VALUE if q == PEG_LEAST_DEALER or q == PEG_LEAST_PONE else -NO_VALUE
    out = np.empty(PEG_COLUMNS, np.int64)
    for q in range(PEG_COLUMNS):
        out[q] = fut[0, q]
    return out


@njit(cache=True, inline="always")
def _add_leaf(fut, d, pone, dealer, best):
    """A card after node d that ends the play, scoring (pone, dealer) and best one card ``best``."""
    fut[d, PEG_MOST_DEALER] = max(fut[d, PEG_MOST_DEALER], dealer)
    fut[d, PEG_MOST_PONE] = max(fut[d, PEG_MOST_PONE], pone)
    fut[d, PEG_MOST_BOTH] = max(fut[d, PEG_MOST_BOTH], pone + dealer)
    fut[d, PEG_LEAST_DEALER] = min(fut[d, PEG_LEAST_DEALER], dealer)
    fut[d, PEG_MOST_ONE_CARD] = max(fut[d, PEG_MOST_ONE_CARD], best)
    fut[d, PEG_LEAST_PONE] = min(fut[d, PEG_LEAST_PONE], pone)


@njit(cache=True, inline="always")
def _add_child(fut, d, pone, dealer, best, after):
    """A card after node d scoring (pone, dealer), best one card ``best``, to a node whose future is ``after``."""
    fut[d, PEG_MOST_DEALER] = max(fut[d, PEG_MOST_DEALER], dealer + after[PEG_MOST_DEALER])
    fut[d, PEG_MOST_PONE] = max(fut[d, PEG_MOST_PONE], pone + after[PEG_MOST_PONE])
    fut[d, PEG_MOST_BOTH] = max(fut[d, PEG_MOST_BOTH], pone + dealer + after[PEG_MOST_BOTH])
    fut[d, PEG_LEAST_DEALER] = min(fut[d, PEG_LEAST_DEALER], dealer + after[PEG_LEAST_DEALER])
    fut[d, PEG_MOST_ONE_CARD] = max(fut[d, PEG_MOST_ONE_CARD], max(best, after[PEG_MOST_ONE_CARD]))
    fut[d, PEG_LEAST_PONE] = min(fut[d, PEG_LEAST_PONE], pone + after[PEG_LEAST_PONE])


@njit(cache=True, parallel=True)
def peg_extremes_rows(multisets, lo, hi, stop_at_go):
    """The extremes of :func:`peg_search` for every (pone, dealer) pair with the pone's multiset
    in rows lo..hi-1 and any dealer multiset, when the ranks fit in one pack (at most four of a
    rank in both hands together). Rows of -1 mark pairs that do not fit.
    Returns (hi - lo, M, PEG_COLUMNS) int16."""
    m = multisets.shape[0]
    out = np.full((hi - lo, m, PEG_COLUMNS), -1, np.int16)
    n_chunks = (hi - lo + ROWS_PER_TABLE - 1) // ROWS_PER_TABLE
    for c in prange(n_chunks):
        a = lo + c * ROWS_PER_TABLE
        _extremes_chunk(multisets, a, min(hi, a + ROWS_PER_TABLE), stop_at_go, out, lo)
    return out


@njit(cache=True)
def positions_table(bits):
    """An empty table of ``2**bits`` positions for :func:`peg_extremes` (and the minimax search of
    :mod:`.policies`, which keeps one value a position): (keys, values, stamps). Made by a
    function that each thread of a parallel loop calls, so that each has its own."""
    return (np.empty((1 << bits, 3), np.int64), np.empty((1 << bits, PEG_COLUMNS), np.int64),
            np.zeros(1 << bits, np.int64))


@njit(cache=True)
def _extremes_chunk(multisets, a, b, stop_at_go, out, lo):
    """Rows a..b-1 of :func:`peg_extremes_rows` (written to ``out[i - lo]``), one table of
    positions for them all (allocated here, so that each thread has its own), a row's entries
    marked with its own stamp: a pone hand's pairings share their subplays."""
    m = multisets.shape[0]
    keys, values, stamps = positions_table(MEMO_BITS)
    for i in range(a, b):
        for j in range(m):
            ok = True
            for r in range(RANKS):
                if multisets[i, r] + multisets[j, r] > 4:
                    ok = False
            if ok:
                res = peg_extremes(multisets[i], multisets[j], stop_at_go, keys, values, stamps, i + 1)
                for q in range(PEG_COLUMNS):
                    out[i - lo, j, q] = res[q]


def warmup() -> None:
    from .combinatorics import rank_multisets  # lazy: numba only when used

    small = rank_multisets(1, np.array([0, 4], np.int64))
    peg_extremes_rows(small, 0, small.shape[0], False)
    peg_search(small[0], small[1], False, 0)
    peg_points(np.array([4, 4], np.int64), 2)
