"""E[peg] of a keep against a modelled opponent keep: exact integer weighted sums.

The opponent is dealt six cards from the cards you have not seen and keeps four of them by a
fixed rule that depends on the ranks of their six cards only (a purified strategy of the
rank-level discard game, say). Every six-card rank multiset Y is given by its distinct ranks
``ranks[h]`` and their counts ``counts[h]`` (a row of up to six, count 0 past the last), and
``kept_rows[h]`` is the row, in the play tables' index of 4-card rank multisets, of the four
ranks that hand keeps. A hand Y is held in ``prod_r C(unseen[r], Y_r)`` ways, so

    E[peg] = sum_Y w(Y) * (my points - the opponent's)(mine, kept(Y)) / sum_Y w(Y),

and the sum collapses first onto the 4-card multisets kept: ``W[k] = sum over Y keeping k of
w(Y)``; then each of your keeps is one pass over the 1820 entries of W.

>>> ranks = np.array([[0, 1, 0], [1, 2, 0]], np.int64)      # A A A A 2 2; 2 2 2 2 3 3
>>> counts = np.array([[4, 2, 0], [4, 2, 0]], np.int64)
>>> unseen = np.full(13, 4, np.int64); unseen[1] = 3         # a 2 is in your hand
>>> w, total = keep_weights(unseen, ranks, counts, np.array([0, 1], np.int64), 2)
>>> [int(x) for x in w], int(total)                          # C(4,4) C(3,2); C(3,4) = 0
([3, 0], 3)
"""

from __future__ import annotations

import numpy as np
from .jit import njit

from .combinatorics import n_choose_k
from .constants import INVALID, RANKS



@njit(cache=True)
def keep_weights(unseen, ranks, counts, kept_rows, m):
    """``W`` (m,) with ``W[k]`` the number of opponent six-card hands (from the ``unseen``
    rank counts, at most 4 each) that keep the 4-card multiset row k, and the total number of
    hands."""
    ways = np.zeros((RANKS, 7), np.int64)  # ways[r, y]: C(unseen[r], y)
    for r in range(RANKS):
        for y in range(7):
            ways[r, y] = n_choose_k(unseen[r], y)
    out = np.zeros(m, np.int64)
    total = 0
    for h in range(ranks.shape[0]):
        w = 1
        for i in range(ranks.shape[1]):
            c = counts[h, i]
            if c == 0:
                break
            w *= ways[ranks[h, i], c]
            if w == 0:
                break
        if w > 0:
            out[kept_rows[h]] += w
            total += w
    return out, total


@njit(cache=True)
def weighted_peg_sums(keep_rows, weights, values, mine_is_dealer):
    """For each of your keeps (a multiset row) the integer sum over opponent rows j of
    ``weights[j] * (your points - the opponent's)``; ``values[i, j]`` is dealer - pone for pone
    row i, dealer row j. Also returns how many (keep, j) pairs of positive weight hit an
    ``INVALID`` entry (hands that cannot both be held: 0 for consistent inputs)."""
    m = weights.shape[0]
    sums = np.zeros(keep_rows.shape[0], np.int64)
    bad = 0
    for q in range(keep_rows.shape[0]):
        mine = keep_rows[q]
        s = 0
        for j in range(m):
            w = weights[j]
            if w == 0:
                continue
            v = values[j, mine] if mine_is_dealer else values[mine, j]
            if v == INVALID:
                bad += 1
                continue
            if mine_is_dealer:
                s += w * v
            else:
                s -= w * v
        sums[q] = s
    return sums, bad


def warmup() -> None:
    ranks = np.array([[0, 1]], np.int64)
    counts = np.array([[4, 2]], np.int64)
    w, _ = keep_weights(np.full(RANKS, 4, np.int64), ranks, counts, np.zeros(1, np.int64), 1)
    values = np.zeros((1, 1), np.int8)
    weighted_peg_sums(np.zeros(1, np.int64), w, values, True)
    weighted_peg_sums(np.zeros(1, np.int64), w, values, False)
