"""The play's exhaustive searches: every legal play of a pair of hands, visited with the
stepper of :mod:`.play` (the rules live there, not here).

:func:`peg_search` walks every play of one pair of hands and returns the extremes of what each
player pegs (and, on request, the first play that reaches one); :func:`peg_extremes` finds the
same extremes with each node's best and worst still to come carried up the tree and the
positions that come up again kept in a table (:func:`memo_slot`, :func:`_position`);
:func:`peg_extremes_rows` runs it over rows of the pone's hands against every dealer hand, in
parallel, one table per chunk of rows.
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
from .play import (
    MAX_CARDS,
    N_STATE,
    RANK_BITS,
    S_BEST_CARD,
    S_COUNT,
    S_DEALER,
    S_DONE,
    S_HANDS,
    S_N,
    S_PLAYED,
    S_PONE,
    S_TURN,
    load_state,
    new_play,
    next_legal,
    play_card,
    settle,
    store_state,
)


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
    """The slot of (h0, h1, turn) (``turn``: who moves, or a whole :func:`_position`) in an
    open-addressed table (linear probing): its own slot if it is there, else the empty slot where
    it would go; -1 when the first MEMO_PROBES slots tried hold other positions."""
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
