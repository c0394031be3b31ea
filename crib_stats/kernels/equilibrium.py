"""The rank-level discard game of two-player six-card cribbage: hands, hand values, crib values.

A hand is a rank multiset of six cards from a deck of all four suits of ``deck_ranks``; it
stands for its ``prod C(4, c_r)`` suit assignments. Its moves are its distinct thrown rank
pairs (at most 15). The suit rule (Hessel's): flushes are not scored (hand or crib); nobs is
counted at its rank-level expectation, a quarter point per jack in the kept hand or the crib.

- :func:`game_hands` lists the hands with their weights, distinct ranks and throws;
- :func:`hand_values` is each throw's kept-hand expectation (starter uniform over the
  ``4R - 6`` cards outside the hand), an exact integer over ``4 (4R - 6)``;
- :func:`crib_values` is each throw's crib expectation against the opponent's (mixed)
  strategy, the opponent's hand drawn from the cards outside yours (weight
  ``prod C(4 - c_r, d_r)``) and the starter from the ``4R - 12`` cards outside both hands.
  The crib is symmetric in the two throws, so one kernel serves the dealer's own crib and
  the pone's throw into it;
- :func:`exact_cribs` measures that model against full card conditioning: the exact crib
  expectation of every card throw of given six-card deals, every opponent hand enumerated.

A deck of aces, fours, fives and jacks (16 cards: two hands and four starters):

>>> counts, weights = game_hands(np.array([0, 3, 4, 10], np.int64))[:2]
>>> counts.shape[0], int(weights.sum())   # rank multisets; C(16, 6) six-card hands
(68, 8008)
"""

from __future__ import annotations

import numpy as np
from .jit import njit, prange

from .combinatorics import combinations, n_choose_k, next_combination, rank_multisets
from .constants import JACK, RANKS

MAX_THROWS = 15
PAIR_KEYS = RANKS * RANKS  # thrown pair (a <= b) keyed a * 13 + b


@njit(cache=True)
def _binom_table():
    t = np.zeros((5, 7), np.int64)
    for n in range(5):
        for k in range(7):
            t[n, k] = n_choose_k(n, k)
    return t


@njit(cache=True)
def game_hands(deck_ranks):
    """(counts (H, 13), weights (H,), distinct ranks (H, 6), their counts (H, 6), number of
    distinct ranks (H,), throw keys (H, 15) a*13+b, kept base-13 keys (H, 15), number of
    distinct throws (H,)) for every six-card rank multiset of the deck."""
    counts = rank_multisets(6, deck_ranks)
    n = counts.shape[0]
    binom = _binom_table()
    weights = np.ones(n, np.int64)
    hr = np.zeros((n, 6), np.int64)
    hc = np.zeros((n, 6), np.int64)
    hn = np.zeros(n, np.int64)
    tkeys = np.full((n, MAX_THROWS), -1, np.int64)
    kkeys = np.zeros((n, MAX_THROWS), np.int64)
    nt = np.zeros(n, np.int64)
    pos = combinations(6, 2)
    ranks = np.zeros(6, np.int64)
    for h in range(n):
        k = 0
        for r in range(RANKS):
            c = counts[h, r]
            if c > 0:
                weights[h] *= binom[4, c]
                hr[h, hn[h]] = r
                hc[h, hn[h]] = c
                hn[h] += 1
                for _ in range(c):
                    ranks[k] = r
                    k += 1
        for q in range(pos.shape[0]):
            key = ranks[pos[q, 0]] * RANKS + ranks[pos[q, 1]]
            seen = False
            for j in range(nt[h]):
                if tkeys[h, j] == key:
                    seen = True
            if seen:
                continue
            kb = 0
            for i in range(6):
                if i != pos[q, 0] and i != pos[q, 1]:
                    kb = kb * RANKS + ranks[i]
            tkeys[h, nt[h]] = key
            kkeys[h, nt[h]] = kb
            nt[h] += 1
    return counts, weights, hr, hc, hn, tkeys, kkeys, nt


@njit(cache=True)
def hand_values(counts, kkeys, nt, avail, hand_table):
    """Four times the kept hand's points summed over every starter outside the hand, nobs as a
    quarter point per kept jack: divide by ``4 * (sum(avail) - 6)`` for the expectation."""
    n = counts.shape[0]
    unseen_total = 0
    for r in range(RANKS):
        unseen_total += avail[r]
    unseen_total -= 6
    out = np.zeros((n, MAX_THROWS), np.int64)
    for h in range(n):
        for j in range(nt[h]):
            kb = kkeys[h, j]
            total = 0
            for s in range(RANKS):
                left = avail[s] - counts[h, s]
                if left > 0:
                    total += left * hand_table[kb * RANKS + s]
            jacks = 0
            rest = kb
            for _ in range(4):
                if rest % RANKS == JACK:
                    jacks += 1
                rest //= RANKS
            out[h, j] = 4 * total + unseen_total * jacks
    return out


@njit(cache=True)
def strategy_lists(tkeys, nt, sigma):
    """Strategies (S, H, 15) as compact lists: (start (S, H + 1), pair keys, probabilities) of
    the throws with nonzero probability (differences of strategies may be negative)."""
    n_s = sigma.shape[0]
    n = tkeys.shape[0]
    start = np.zeros((n_s, n + 1), np.int64)
    size = 0
    for a in range(n_s):
        start[a, 0] = size
        for y in range(n):
            for j in range(nt[y]):
                if sigma[a, y, j] != 0.0:
                    size += 1
            start[a, y + 1] = size
    keys = np.zeros(size, np.int64)
    probs = np.zeros(size, np.float64)
    k = 0
    for a in range(n_s):
        for y in range(n):
            for j in range(nt[y]):
                if sigma[a, y, j] != 0.0:
                    keys[k] = tkeys[y, j]
                    probs[k] = sigma[a, y, j]
                    k += 1
    return start, keys, probs


BLOCK = 16


@njit(cache=True, parallel=True)
def crib_values(counts, hr, hc, hn, tkeys, nt, sigma, avail, crib_table, total_w, x_lo, x_hi):
    """Expected crib points of each throw of the hands X in rows ``x_lo..x_hi-1`` against each
    of the opponent's strategies ``sigma[a]`` (S, H, 15): the sum over opponent hands Y of
    ``prod C(avail_r - x_r, y_r)`` x sigma[a, Y, q] x (crib points averaged over the starters
    outside X and Y, nobs a quarter point per crib jack), divided by the total weight. Linear in
    ``sigma``, so it also takes differences of strategies; opponent hands without a nonzero
    entry in any of the S strategies are skipped. The opponent's weights are computed once for
    all S strategies; ``total_w`` is their sum over every opponent hand, C(sum(avail) - 6, 6).

    Every row is summed over the opponent hands in the same order whatever the range, so a row's
    value does not depend on how the rows are cut into shards.

    Returns (values (S, x_hi - x_lo, 15) float64, the opponent weight visited per X, int64)."""
    n = counts.shape[0]
    n_s = sigma.shape[0]
    binom = _binom_table()
    u2 = -12
    for r in range(RANKS):
        u2 += avail[r]
    start, skeys, sprobs = strategy_lists(tkeys, nt, sigma)
    n_active = 0
    active = np.zeros(n, np.int64)
    for y in range(n):
        for a in range(n_s):
            if start[a, y + 1] > start[a, y]:
                active[n_active] = y
                n_active += 1
                break
    n_x = x_hi - x_lo
    values = np.zeros((n_s, n_x, MAX_THROWS), np.float64)
    totals = np.zeros(n_x, np.int64)
    n_blocks = (n_x + BLOCK - 1) // BLOCK
    for blk in prange(n_blocks):
        lo = x_lo + blk * BLOCK
        hi = min(x_hi, lo + BLOCK)
        nb = hi - lo
        left = np.zeros((BLOCK, RANKS), np.int64)
        for b in range(nb):
            for r in range(RANKS):
                left[b, r] = avail[r] - counts[lo + b, r]
        # the block's rows last: one opponent hand's weights for the block's hands are one
        # contiguous run of each table (sums in the same order as row by row)
        mass = np.zeros((n_s, PAIR_KEYS, BLOCK), np.float64)
        by_rank = np.zeros((n_s, PAIR_KEYS, RANKS, BLOCK), np.float64)
        touched = np.zeros((n_s, PAIR_KEYS, BLOCK), np.bool_)  # a difference may cancel the mass only
        visited = np.zeros(BLOCK, np.int64)
        rows = np.zeros(BLOCK, np.int64)  # the block's hands this opponent hand fits beside
        weight = np.zeros(BLOCK, np.float64)
        for ya in range(n_active):
            y = active[ya]
            m = hn[y]
            n_fit = 0
            for b in range(nb):
                w = 1
                for i in range(m):
                    w *= binom[left[b, hr[y, i]], hc[y, i]]
                if w != 0:
                    visited[b] += w
                    rows[n_fit] = b
                    weight[n_fit] = w
                    n_fit += 1
            if n_fit == 0:
                continue
            for a in range(n_s):
                for k in range(start[a, y], start[a, y + 1]):
                    p = sprobs[k]
                    key = skeys[k]
                    for q in range(n_fit):
                        mass[a, key, rows[q]] += weight[q] * p
                        touched[a, key, rows[q]] = True
                    for i in range(m):
                        r = hr[y, i]
                        c = hc[y, i]
                        for q in range(n_fit):
                            by_rank[a, key, r, rows[q]] += weight[q] * p * c
        for b in range(nb):
            x = lo + b
            totals[x - x_lo] = visited[b]
            for a in range(n_s):
                for j in range(nt[x]):
                    tk = tkeys[x, j]
                    t_jacks = (tk // RANKS == JACK) + (tk % RANKS == JACK)
                    acc = 0.0
                    for key in range(PAIR_KEYS):
                        if not touched[a, key, b]:
                            continue
                        mk = mass[a, key, b]
                        base = (tk * PAIR_KEYS + key) * RANKS
                        pts = 0.0
                        for s in range(RANKS):
                            if left[b, s] > 0:
                                pts += (left[b, s] * mk - by_rank[a, key, s, b]) * crib_table[base + s]
                        jacks = t_jacks + (key // RANKS == JACK) + (key % RANKS == JACK)
                        acc += pts + 0.25 * jacks * u2 * mk
                    values[a, x - x_lo, j] = acc / (u2 * total_w)
    return values, totals


@njit(cache=True)
def rank_rows(counts):
    """Row of each six-card rank multiset by the base-13 key of its sorted ranks (-1: none)."""
    index = np.full(RANKS**6, -1, np.int32)
    for h in range(counts.shape[0]):
        key = 0
        for r in range(RANKS):
            for _ in range(counts[h, r]):
                key = key * RANKS + r
        index[key] = h
    return index


@njit(cache=True, parallel=True, nogil=True)
def exact_cribs(deals, deck, index, tkeys, nt, sigma, crib_table):
    """Exact crib expectation of every two-card throw of each six-card deal (rows of ``deals``,
    sorted codes) with full card removal: every opponent six-card hand from the rest of
    ``deck`` (sorted codes), throwing a rank pair with the rank-level strategy ``sigma[a]`` (S, H, 15) of its
    rank multiset and, within it, each card pair of those ranks equally likely; the starter is
    every card outside both hands; the crib is scored in full (crib flush of five, nobs).

    One pass over the opponent hands serves the S strategies. Returns (S, D, 15) float64, the
    throws in the order of ``combinations(6, 2)``."""
    n_deals = deals.shape[0]
    n_s = sigma.shape[0]
    out = np.zeros((n_s, n_deals, 15), np.float64)
    pos = combinations(6, 2)
    for d in prange(n_deals):
        deal = deals[d]
        rest = np.zeros(deck.shape[0], np.int64)
        n_rest = 0
        for c in deck:
            held = False
            for k in range(6):
                if deal[k] == c:
                    held = True
            if not held:
                rest[n_rest] = c
                n_rest += 1
        avail = np.zeros(RANKS, np.int64)
        suits = np.zeros(4, np.int64)
        for i in range(n_rest):
            avail[rest[i] >> 2] += 1
            suits[rest[i] & 3] += 1
        mass = np.zeros((n_s, PAIR_KEYS), np.float64)
        by_rank = np.zeros((n_s, PAIR_KEYS, RANKS), np.float64)
        flush = np.zeros((n_s, 4), np.float64)  # sum of p * (starters of suit u) over opponent pairs suited u
        my_nobs = np.zeros(4, np.float64)  # sum of starters of suit u
        their_nobs = np.zeros(n_s, np.float64)
        n_y = 0
        idx = np.arange(6)
        y = np.zeros(6, np.int64)
        ysuit = np.zeros(4, np.int64)
        fl = np.zeros(4, np.int64)
        while True:
            n_y += 1
            key = 0
            for u in range(4):
                ysuit[u] = 0
            for i in range(6):
                y[i] = rest[idx[i]]
                key = key * RANKS + (y[i] >> 2)
                ysuit[y[i] & 3] += 1
            row = index[key]
            for u in range(4):
                my_nobs[u] += suits[u] - ysuit[u]
            for a, j in np.ndindex(n_s, nt[row]):
                p = sigma[a, row, j]
                if p == 0.0:
                    continue
                qk = tkeys[row, j]
                mass[a, qk] += p
                for i in range(6):
                    by_rank[a, qk, y[i] >> 2] += p
                qa = qk // RANKS
                qb = qk % RANKS
                if qa == qb and qa != JACK:
                    continue  # a pair of one rank is never suited and holds no jack
                if qa != qb and qa != JACK and qb != JACK:
                    # only suited pairs matter: count them and weigh their starters
                    ways = 0
                    for u in range(4):
                        fl[u] = 0
                    for i in range(6):
                        if (y[i] >> 2) != qa:
                            continue
                        for k in range(6):
                            if (y[k] >> 2) == qb:
                                ways += 1
                                if (y[i] & 3) == (y[k] & 3):
                                    fl[y[i] & 3] += 1
                    share = p / ways
                    for u in range(4):
                        if fl[u]:
                            flush[a, u] += share * fl[u] * (suits[u] - ysuit[u])
                    continue
                ways = 0
                for q in range(15):
                    if (y[pos[q, 0]] >> 2) * RANKS + (y[pos[q, 1]] >> 2) == qk:
                        ways += 1
                share = p / ways
                for q in range(15):
                    c1 = y[pos[q, 0]]
                    c2 = y[pos[q, 1]]
                    if (c1 >> 2) * RANKS + (c2 >> 2) != qk:
                        continue
                    if (c1 & 3) == (c2 & 3):
                        flush[a, c1 & 3] += share * (suits[c1 & 3] - ysuit[c1 & 3])
                    if (c1 >> 2) == JACK:
                        their_nobs[a] += share * (suits[c1 & 3] - ysuit[c1 & 3])
                    if (c2 >> 2) == JACK:
                        their_nobs[a] += share * (suits[c2 & 3] - ysuit[c2 & 3])
            if not next_combination(idx, n_rest):
                break
        n_start = n_rest - 6
        for a, t in np.ndindex(n_s, 15):
            c1 = deal[pos[t, 0]]
            c2 = deal[pos[t, 1]]
            tk = (c1 >> 2) * RANKS + (c2 >> 2)
            total = their_nobs[a]
            if (c1 & 3) == (c2 & 3):
                total += 5 * flush[a, c1 & 3]
            for c in (c1, c2):
                if (c >> 2) == JACK:
                    total += my_nobs[c & 3]
            for qk in range(PAIR_KEYS):
                if mass[a, qk] == 0.0:
                    continue
                base = (tk * PAIR_KEYS + qk) * RANKS
                for s in range(RANKS):
                    if avail[s] > 0:
                        total += (avail[s] * mass[a, qk] - by_rank[a, qk, s]) * crib_table[base + s]
            out[a, d, t] = total / (n_y * n_start)
    return out


def warmup() -> None:
    from .show import rank_table  # lazy: numba only when used

    deck = np.array([0, 3, 4, 10], np.int64)
    counts, weights, hr, hc, hn, tkeys, kkeys, nt = game_hands(deck)
    avail = np.zeros(RANKS, np.int64)
    avail[deck] = 4
    hand_values(counts, kkeys, nt, avail, rank_table(5))
    sigma = np.zeros((1, counts.shape[0], MAX_THROWS))
    sigma[0, :, 0] = 1.0
    crib_values(counts, hr, hc, hn, tkeys, nt, sigma, avail, rank_table(5), n_choose_k(10, 6), 0, counts.shape[0])
    cards = np.array([r * 4 + s for r in deck for s in range(4)], np.int64)
    exact_cribs(cards[:6].reshape(1, 6), cards, rank_rows(counts), tkeys, nt, sigma, rank_table(5))
