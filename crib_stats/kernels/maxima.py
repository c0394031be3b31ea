"""The dealer's largest show and largest hand + crib + pegging: exhaustive searches with bounds.

Both searches fix a starter and score every 4-card set of the remaining cards twice, once as
a hand (:func:`four_card_scores`: hand rules) and once as a crib (crib rules), then look at the
(hand, crib) pairs of disjoint sets from the highest scores down (:func:`show_pairs`): a pair
is skipped as soon as its two scores plus a bound on whatever else counts fall below the
target, so only the few thousand top pairs are ever looked at. The play's part is a table of
the most the dealer can peg for each (dealer ranks, pone ranks) pair (:func:`peg_max_table`,
the play search's :func:`~.playsearch.peg_extremes` over every legal play).

Cards are codes ``rank * 4 + suit``; a set of cards is also a 64-bit mask ``1 << code``.
"""

from __future__ import annotations

import numpy as np
from .jit import njit, prange

from .combinatorics import n_choose_k, next_combination
from .constants import JACK, PEG_MOST_DEALER, RANKS
from .playsearch import MEMO_BITS, ROWS_PER_TABLE, peg_extremes, positions_table


@njit(cache=True)
def four_card_scores(deck, starter, table5):
    """Every 4-card set of ``deck`` (card codes) without ``starter``, scored with the starter.

    ``table5`` is the rank table of 5 ranks (fifteens + pairs + runs, base-13 digits).
    Returns (cards (M, 4), bits (M,) card masks, hand (M,) hand-rules show, crib (M,)
    crib-rules show).
    """
    rest = np.zeros(deck.shape[0], np.int64)
    n = 0
    for c in deck:
        if c != starter:
            rest[n] = c
            n += 1
    m = n_choose_k(n, 4)
    cards = np.zeros((m, 4), np.int64)
    bits = np.zeros(m, np.int64)
    hand = np.zeros(m, np.int64)
    crib = np.zeros(m, np.int64)
    su = starter & 3
    idx = np.arange(4)
    for row in range(m):
        base = 0
        same = True
        nobs = 0
        b = 0
        for i in range(4):
            c = rest[idx[i]]
            cards[row, i] = c
            b |= 1 << c
            base = base * RANKS + (c >> 2)
            if (c & 3) != (rest[idx[0]] & 3):
                same = False
            if (c >> 2) == JACK and (c & 3) == su:
                nobs = 1
        pts = table5[base * RANKS + (starter >> 2)] + nobs
        bits[row] = b
        hand[row] = pts
        crib[row] = pts
        if same:
            if (rest[idx[0]] & 3) == su:
                hand[row] += 5
                crib[row] += 5
            else:
                hand[row] += 4
        next_combination(idx, n)
    return cards, bits, hand, crib


@njit(cache=True)
def _order_desc(values):
    """Indices sorting ``values`` from the highest down (stable)."""
    return np.argsort(-values, kind="mergesort")


@njit(cache=True)
def _visit_pairs(bits, hand, crib, threshold, oh, oc, hi, ci, fill):
    n = 0
    for a in oh:
        if hand[a] + crib[oc[0]] < threshold:
            break
        for b in oc:
            if hand[a] + crib[b] < threshold:
                break
            if bits[a] & bits[b] == 0:
                if fill:
                    hi[n] = a
                    ci[n] = b
                n += 1
    return n


@njit(cache=True)
def show_pairs(bits, hand, crib, threshold):
    """Every (hand set, crib set) pair of disjoint rows with hand + crib >= threshold, as two
    index arrays; visited from the highest scores down, stopping where the sum must fall short."""
    oh = _order_desc(hand)
    oc = _order_desc(crib)
    empty = np.zeros(0, np.int64)
    count = _visit_pairs(bits, hand, crib, threshold, oh, oc, empty, empty, False)
    hi = np.zeros(count, np.int64)
    ci = np.zeros(count, np.int64)
    _visit_pairs(bits, hand, crib, threshold, oh, oc, hi, ci, True)
    return hi, ci


@njit(cache=True)
def show_pairs_from(bits, hand, crib, threshold, oh, oc, ia, ib, limit):
    """At most ``limit`` of the pairs of :func:`show_pairs`, in the same order, starting at
    position ``(ia, ib)`` of the visit (``oh``/``oc``: the indices sorting ``hand``/``crib`` from
    the highest down, stable, as :func:`show_pairs` orders them; start at (0, 0)): (hand indices, crib indices, the position to resume at). The visit is
    over when the returned ``ia`` is ``len(oh)``; concatenating every chunk gives
    :func:`show_pairs`, so a caller holds only ``limit`` pairs at a time."""
    hi = np.empty(limit, np.int64)
    ci = np.empty(limit, np.int64)
    n = 0
    na = oh.shape[0]
    nc = oc.shape[0]
    while ia < na:
        a = oh[ia]
        if nc == 0 or hand[a] + crib[oc[0]] < threshold:
            ia = na
            break
        while ib < nc:
            b = oc[ib]
            if hand[a] + crib[b] < threshold:
                break
            if bits[a] & bits[b] == 0:
                if n == limit:
                    return hi[:n], ci[:n], ia, ib
                hi[n] = a
                ci[n] = b
                n += 1
            ib += 1
        ia += 1
        ib = 0
    return hi[:n], ci[:n], ia, ib


@njit(cache=True)
def best_show_pair(bits, hand, crib):
    """(most hand + crib over disjoint pairs, number of pairs reaching it, one such pair (i, j));
    branch and bound from the highest scores down."""
    oh = _order_desc(hand)
    oc = _order_desc(crib)
    best = -1
    count = 0
    ex_h = -1
    ex_c = -1
    for a in oh:
        if hand[a] + crib[oc[0]] < best:
            break
        for b in oc:
            s = hand[a] + crib[b]
            if s < best:
                break
            if bits[a] & bits[b] == 0:
                if s > best:
                    best = s
                    count = 0
                    ex_h = a
                    ex_c = b
                count += 1
    return best, count, ex_h, ex_c


PEG_MAX_ROWS_PER_CALL = 8  # dealer rows per peg_max_rows call (well under a second)


def peg_max_table(dealer_rows, multisets):
    """:func:`peg_max_rows` of every dealer row, in calls of a few rows (rows are independent)
    so that under a command's Ctrl-C guard (:func:`crib_stats.runtime.interrupt.command_guard`) a
    search of several seconds stops within about a second and never inside the kernel."""

    step = PEG_MAX_ROWS_PER_CALL
    parts = []
    for lo in range(0, dealer_rows.shape[0], step) or [0]:
        parts.append(peg_max_rows(dealer_rows[lo:lo + step], multisets))
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


@njit(cache=True, parallel=True)
def peg_max_rows(dealer_rows, multisets):
    """The most the dealer can peg (six-card play, every legal play, both cooperating) for each
    dealer rank-count row against each pone multiset: (D, M) int64, -1 where the two hands hold
    more than four of a rank."""
    d = dealer_rows.shape[0]
    m = multisets.shape[0]
    out = np.full((d, m), -1, np.int64)
    n_chunks = (d + ROWS_PER_TABLE - 1) // ROWS_PER_TABLE
    for c in prange(n_chunks):
        a = c * ROWS_PER_TABLE
        _peg_max_chunk(dealer_rows, multisets, a, min(d, a + ROWS_PER_TABLE), out)
    return out


@njit(cache=True)
def _peg_max_chunk(dealer_rows, multisets, a, b, out):
    """Rows a..b-1 of :func:`peg_max_rows`, one table of positions for a dealer row's pairings
    (:func:`~.playsearch.peg_extremes`; a row's entries marked with its own stamp)."""
    keys, values, stamps = positions_table(MEMO_BITS)
    for i in range(a, b):
        for j in range(multisets.shape[0]):
            ok = True
            for r in range(RANKS):
                if dealer_rows[i, r] + multisets[j, r] > 4:
                    ok = False
            if ok:
                res = peg_extremes(multisets[j], dealer_rows[i], False, keys, values, stamps, i + 1)
                out[i, j] = res[PEG_MOST_DEALER]


def warmup() -> None:
    from .show import rank_table  # lazy: numba only when used

    deck = np.array([16, 17, 18, 19, 40, 12], np.int64)
    cards, bits, hand, crib = four_card_scores(deck, 16, rank_table(5))
    show_pairs(bits, hand, crib, 0)
    oh, oc = _order_desc(hand), _order_desc(crib)
    show_pairs_from(bits, hand, crib, 0, oh, oc, 0, 0, 1)
    best_show_pair(bits, hand, crib)
    rows = np.zeros((1, RANKS), np.int64)
    rows[0, 4] = 1
    peg_max_table(rows, rows)
