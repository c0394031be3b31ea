"""Play policies on ranks: greedy and minimax, one pair of hands or every pair (E[peg] of a keep
is in :mod:`.pegvalue`).

Both policies depend on ranks only, so a play is a function of the two kept rank multisets.
Every card is played and scored by the stepper of :mod:`.play` (``play_card``/``settle``):
the rules exist once.

- greedy: among the legal cards the one scoring the most for its own play (fifteen, 31,
  pairs, runs; never a later go / last card point); ties: a card leaving the count not at
  5, 10 or 21, then the higher rank. At count 0 a player holding any A-4 leads the highest of them.
- minimax: both hands visible; the dealer maximises and the pone minimises (dealer - pone)
  over the rest of the play (zero-sum, so that is each maximising own - opponent's).
  Alpha-beta on an explicit stack (exact: a pruned branch can never change the value), with
  the rest of the play after each restart searched once and remembered in a table of positions
  that a table row's pairings (and one optimal line's searches) share.

Values of every pair of 4-card rank multisets are indexed by the rows of
``combinatorics.rank_multisets(k, arange(13))``; pairs that do not fit in one pack (more than
four of a rank in both hands together) hold the sentinel ``INVALID``.

>>> fours_sevens = np.zeros(13, np.int64); fours_sevens[[3, 6]] = 2     # 4 4 7 7 each
>>> [int(x) for x in greedy_play(fours_sevens, fours_sevens)]           # pone, dealer
[6, 20]
>>> pone = np.zeros(13, np.int64); pone[3], pone[12] = 1, 3              # 4 K K K
>>> dealer = np.zeros(13, np.int64); dealer[4] = 4                       # 5 5 5 5
>>> int(minimax_value(pone, dealer))                                     # dealer - pone
4
"""

from __future__ import annotations

import numpy as np
from .jit import njit, prange

from .combinatorics import sorted_ranks
from .constants import INVALID, RANKS
from .pips import pip
from .play import (
    MAX_CARDS, N_STATE, RANK_BITS, RANK_MASK, S_COUNT, S_DEALER, S_DONE, S_HANDS, S_N, S_PLAYED, S_PONE, S_TURN,
    card_points, held, legal_ranks, load_state, new_play, next_legal, play_card, settle, store_state,
)
from .playsearch import MEMO_BITS, memo_slot, positions_table

INF = 1 << 20
GREEDY = 0
MINIMAX = 1


@njit(cache=True)
def greedy_choice(seq, st):
    """The rank greedy plays in this state (the mover must be able to play)."""
    t = st[S_TURN]
    n = st[S_N]
    if n == 0:
        for r in range(3, -1, -1):  # a lead: the highest A-4 held
            if held(st, t, r) > 0:
                return r
    p = st[S_PLAYED]
    legal = legal_ranks(st)
    best = -1
    best_key = -1
    for r in range(RANKS - 1, -1, -1):  # descending: on a full tie the higher rank is kept
        if ((legal >> (RANK_BITS * r)) & RANK_MASK) == 0:
            continue
        seq[p] = r
        after = st[S_COUNT] + pip(r)
        f, tt, pp, rl = card_points(seq, p + 1, n + 1, after)
        safe = 0 if (after == 5 or after == 10 or after == 21) else 1
        key = (f + tt + pp + rl) * 2 + safe
        if key > best_key:
            best_key = key
            best = r
    return best


@njit(cache=True)
def greedy_sequence(pone_counts, dealer_counts, stop_at_go):
    """Greedy by both players: (pone points, dealer points, moves, n) with ``moves[:n]`` the
    (player, rank) of every card played (player 0 the pone)."""
    st, seq = new_play(pone_counts, dealer_counts)
    moves = np.zeros((MAX_CARDS, 2), np.int64)
    st = settle(st, stop_at_go)
    k = 0
    while st[S_DONE] == 0:
        r = greedy_choice(seq, st)
        moves[k, 0] = st[S_TURN]
        moves[k, 1] = r
        k += 1
        st = settle(play_card(seq, st, r), stop_at_go)
    return st[S_PONE], st[S_DEALER], moves, k


@njit(cache=True)
def greedy_play(pone_counts, dealer_counts):
    """Points (pone, dealer) of the six-card play when both players play greedy."""
    p, d, _, _ = greedy_sequence(pone_counts, dealer_counts, False)
    return p, d


SINGLE_TABLE_BITS = 12  # one pair's search: its restarts fit in 2**12 slots with room to spare
ROWS_PER_TABLE = 4  # pone rows of play_table_rows sharing one table of restarts (each its own stamp)


@njit(cache=True)
def minimax_from(st0, seq, stop_at_go, keys, values, stamps, stamp):
    """(dealer - pone) at the end of the play under optimal play by both from a settled state
    ``st0`` (points already pegged included). ``seq[:st0[S_PLAYED]]`` is left as it was.

    Alpha-beta, depth-first on an explicit stack, children in ascending rank. After a restart
    (count 0) what is still to come depends only on the remaining hands and who leads (and
    ``stop_at_go``, the same for every search sharing a table), so each such position is
    searched once with a full window (an exact value, not a bound) and its value over the
    points already pegged is kept in the table of positions ``keys``/``values``/``stamps``
    (:func:`~.play.positions_table`; the entries marked ``stamp`` are this search's), where
    later searches of the same stamp (another pair of hands, another move of one play) find
    it too."""
    if st0[S_DONE] == 1:
        return st0[S_DEALER] - st0[S_PONE]
    states = np.zeros((MAX_CARDS + 1, N_STATE), np.int64)
    nxt = np.zeros(MAX_CARDS + 1, np.int64)
    alpha = np.zeros(MAX_CARDS + 1, np.int64)
    beta = np.zeros(MAX_CARDS + 1, np.int64)
    best = np.zeros(MAX_CARDS + 1, np.int64)
    kept = np.zeros(MAX_CARDS + 1, np.bool_)  # a frame whose exact value goes in the table
    store_state(states, 0, st0)
    alpha[0] = -INF
    beta[0] = INF
    best[0] = -INF if st0[S_TURN] == 1 else INF
    d = 0
    while True:
        st = load_state(states, d)
        r = RANKS if alpha[d] >= beta[d] else next_legal(st, nxt[d])
        if r == RANKS:  # node finished: hand its value to the parent
            value = best[d]
            if kept[d]:
                slot = memo_slot(keys, stamps, stamp, st[S_HANDS], st[S_HANDS + 1], st[S_TURN])
                if slot >= 0:
                    stamps[slot] = stamp
                    keys[slot, 0] = st[S_HANDS]
                    keys[slot, 1] = st[S_HANDS + 1]
                    keys[slot, 2] = st[S_TURN]
                    values[slot, 0] = value - (st[S_DEALER] - st[S_PONE])
            d -= 1
            if d < 0:
                return value
        else:
            nxt[d] = r + 1
            child = settle(play_card(seq, st, r), stop_at_go)
            value = child[S_DEALER] - child[S_PONE]
            if child[S_DONE] == 0:
                restart = child[S_N] == 0
                slot = -1
                if restart:
                    slot = memo_slot(keys, stamps, stamp, child[S_HANDS], child[S_HANDS + 1], child[S_TURN])
                if slot < 0 or stamps[slot] != stamp:
                    d += 1
                    store_state(states, d, child)
                    nxt[d] = 0
                    kept[d] = restart
                    alpha[d] = -INF if restart else alpha[d - 1]
                    beta[d] = INF if restart else beta[d - 1]
                    best[d] = -INF if child[S_TURN] == 1 else INF
                    continue
                value += values[slot, 0]
        if states[d, S_TURN] == 1:  # the dealer maximises
            if value > best[d]:
                best[d] = value
            if value > alpha[d]:
                alpha[d] = value
        else:
            if value < best[d]:
                best[d] = value
            if value < beta[d]:
                beta[d] = value


@njit(cache=True)
def minimax_value(pone_counts, dealer_counts):
    """dealer - pone of the six-card play when both play optimally with both hands visible."""
    keys, values, stamps = positions_table(SINGLE_TABLE_BITS)
    return _minimax_value(pone_counts, dealer_counts, keys, values, stamps, 1)


@njit(cache=True)
def _minimax_value(pone_counts, dealer_counts, keys, values, stamps, stamp):
    st, seq = new_play(pone_counts, dealer_counts)
    return minimax_from(settle(st, False), seq, False, keys, values, stamps, stamp)


@njit(cache=True)
def minimax_line(pone_counts, dealer_counts, stop_at_go):
    """One optimal play: at every turn the lowest rank whose exact value equals the position's.
    Returns (value, moves, n) with ``moves[:n]`` the (player, rank) of every card played."""
    st, seq = new_play(pone_counts, dealer_counts)
    st = settle(st, stop_at_go)
    keys, values, stamps = positions_table(SINGLE_TABLE_BITS)  # shared by every search of the line
    value = minimax_from(st, seq, stop_at_go, keys, values, stamps, 1)
    moves = np.zeros((MAX_CARDS, 2), np.int64)
    k = 0
    while st[S_DONE] == 0:
        r = next_legal(st, 0)
        child = settle(play_card(seq, st, r), stop_at_go)
        while minimax_from(child, seq, stop_at_go, keys, values, stamps, 1) != value:
            r = next_legal(st, r + 1)
            child = settle(play_card(seq, st, r), stop_at_go)
        moves[k, 0] = st[S_TURN]
        moves[k, 1] = r
        k += 1
        st = child
    return value, moves, k


@njit(cache=True)
def fits(a, b):
    """True when two rank-count rows fit in one pack (at most four of a rank together)."""
    for r in range(RANKS):
        if a[r] + b[r] > 4:
            return False
    return True


@njit(cache=True, parallel=True)
def play_table_rows(multisets, lo, hi, policy):
    """Every (pone row i in lo..hi-1, dealer row j) pair: for GREEDY an (hi - lo, M, 2) int8 array
    of (pone points, dealer points), for MINIMAX an (hi - lo, M, 1) int8 array of dealer - pone.
    Pairs that do not fit in one pack hold INVALID."""
    m = multisets.shape[0]
    width = 2 if policy == GREEDY else 1
    out = np.full((hi - lo, m, width), INVALID, np.int8)
    n_chunks = (hi - lo + ROWS_PER_TABLE - 1) // ROWS_PER_TABLE
    for c in prange(n_chunks):
        a = lo + c * ROWS_PER_TABLE
        _table_chunk(multisets, a, min(hi, a + ROWS_PER_TABLE), policy, out, lo)
    return out


@njit(cache=True)
def _table_chunk(multisets, a, b, policy, out, lo):
    """Pone rows a..b-1 of :func:`play_table_rows` into ``out[i - lo]``; for minimax one table of
    restarts (allocated here: each thread its own) shared by a pone row's pairings, where the
    same rests of the play recur (each row its own stamp)."""
    keys, values, stamps = positions_table(MEMO_BITS if policy == MINIMAX else 0)
    for i in range(a, b):
        for j in range(multisets.shape[0]):
            if not fits(multisets[i], multisets[j]):
                continue
            if policy == GREEDY:
                p, d = greedy_play(multisets[i], multisets[j])
                out[i - lo, j, 0] = p
                out[i - lo, j, 1] = d
            else:
                out[i - lo, j, 0] = _minimax_value(multisets[i], multisets[j], keys, values, stamps, i + 1)


@njit(cache=True)
def multiset_index(multisets):
    """Base-13 key of each row's sorted ranks -> row index (-1 elsewhere), size 13**k."""
    k = 0
    for r in range(RANKS):
        k += multisets[0, r]
    size = 1
    for _ in range(k):
        size *= RANKS
    out = np.full(size, -1, np.int64)
    scratch = np.zeros(k, np.int64)
    for i in range(multisets.shape[0]):
        out[sorted_ranks(multisets[i], scratch)] = i
    return out


def warmup() -> None:
    from .combinatorics import rank_multisets  # lazy: numba only when used

    small = rank_multisets(1, np.array([0, 4], np.int64))
    greedy_play(small[0], small[1])
    greedy_sequence(small[0], small[1], False)  # crib_stats.peg.pegging.policy_play calls it directly
    minimax_value(small[0], small[1])
    minimax_line(small[0], small[1], False)
    play_table_rows(small, 0, small.shape[0], GREEDY)
    play_table_rows(small, 0, small.shape[0], MINIMAX)
    multiset_index(small)
