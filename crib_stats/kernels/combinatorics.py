"""Combination and multiset steppers, and the arrays built from them."""

from __future__ import annotations

import numpy as np
from .jit import njit

from .constants import RANKS


@njit(cache=True, inline="always")
def next_combination(idx, n):
    """Step ``idx`` (increasing values below n) to the next combination in lexicographic order;
    False when it was the last."""
    k = idx.shape[0]
    i = k - 1
    while i >= 0 and idx[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    idx[i] += 1
    for j in range(i + 1, k):
        idx[j] = idx[j - 1] + 1
    return True


@njit(cache=True, inline="always")
def next_multiset(idx, top):
    """Step ``idx`` (non-decreasing values up to top) to the next such tuple; False when done."""
    k = idx.shape[0]
    i = k - 1
    while i >= 0 and idx[i] == top:
        i -= 1
    if i < 0:
        return False
    idx[i] += 1
    for j in range(i + 1, k):
        idx[j] = idx[i]
    return True


@njit(cache=True, inline="always")
def n_choose_k(n, k):
    """C(n, k) in integer arithmetic (0 when k > n)."""
    if k < 0 or k > n:
        return 0
    count = 1
    for i in range(k):
        count = count * (n - i) // (i + 1)
    return count


@njit(cache=True)
def combinations(n, k):
    """All k-subsets of range(n) in lexicographic order, as a (C(n,k), k) int64 array."""
    count = n_choose_k(n, k)
    out = np.zeros((count, k), np.int64)
    idx = np.arange(k)
    for row in range(count):
        out[row] = idx
        next_combination(idx, n)
    return out


@njit(cache=True)
def rank_multisets(size, ranks):
    """Every multiset of ``size`` ranks drawn from ``ranks`` with at most four of a rank, as
    (M, 13) count rows, in lexicographic order of the sorted rank tuples."""
    rows = []
    idx = np.zeros(size, np.int64)
    while True:
        c = np.zeros(RANKS, np.int64)
        ok = True
        for i in range(size):
            c[ranks[idx[i]]] += 1
        for r in range(RANKS):
            if c[r] > 4:
                ok = False
        if ok:
            rows.append(c)
        if not next_multiset(idx, ranks.shape[0] - 1):
            break
    out = np.zeros((len(rows), RANKS), np.int64)
    for i in range(len(rows)):
        out[i] = rows[i]
    return out


@njit(cache=True, inline="always")
def sorted_ranks(counts, out):
    """Write the ranks of a count row into ``out`` in increasing order; return their base-13 key."""
    n = 0
    key = 0
    for r in range(RANKS):
        for _ in range(counts[r]):
            out[n] = r
            key = key * RANKS + r
            n += 1
    return key


@njit(cache=True, inline="always")
def choose4(m):
    """C(4, m): the ways to pick the suits of m cards of one rank."""
    if m == 0 or m == 4:
        return 1
    if m == 2:
        return 6
    return 4
