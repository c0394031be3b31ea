"""The hands of one dealt rank multiset, suit by suit: the order the per-machine keep table
(:mod:`.keeps`) lists them in and the walks over the pool read them back in.

A multiset's hands are its choices of a suit subset per distinct rank (:func:`suit_options`:
the subsets of the pack's suits of that rank with the rank's count of cards), in odometer
order, the last rank fastest: hand i of the multiset is i in mixed radix over the option
counts. A query keeps, per rank, only the options inside the pool that hold its must cards
(:func:`pool_options`) and walks those (:func:`next_pick`), each one's place in the table
given by :func:`table_index`.
"""

from __future__ import annotations

import numpy as np
from .jit import njit

from .constants import RANKS


@njit(cache=True, inline="always")
def popcount4(x):
    return (x & 1) + ((x >> 1) & 1) + ((x >> 2) & 1) + ((x >> 3) & 1)


@njit(cache=True, inline="always")
def suit_scratch(dealt):
    """Scratch for :func:`suit_options` of a ``dealt``-card hand: (ranks, opts, n_opts, pick);
    a rank held once, twice or three times of four suits has at most 6 suit subsets."""
    return (np.zeros(dealt, np.int64), np.zeros((dealt, 6), np.int64), np.zeros(dealt, np.int64),
            np.zeros(dealt, np.int64))


@njit(cache=True)
def suit_options(counts, masks, ranks, opts, n_opts):
    """For the distinct ranks of a rank-count row: ``ranks[i]``, and the suit subsets (4-bit
    masks within ``masks[rank]``) of its count, ``opts[i, :n_opts[i]]``. Returns the number of
    distinct ranks and the number of hands (the product of the option counts)."""
    d = 0
    ways = 1
    for r in range(RANKS):
        if counts[r] == 0:
            continue
        ranks[d] = r
        n = 0
        for sub in range(16):
            if (sub & masks[r]) == sub and popcount4(sub) == counts[r]:
                opts[d, n] = sub
                n += 1
        n_opts[d] = n
        ways *= n
        d += 1
    return d, ways


@njit(cache=True, inline="always")
def assign(ranks, opts, pick, d, cards):
    """The sorted hand of one choice of suit subsets (``pick[i]`` an index into ``opts[i]``)."""
    n = 0
    for i in range(d):
        sub = opts[i, pick[i]]
        for su in range(4):
            if (sub >> su) & 1:
                cards[n] = ranks[i] * 4 + su
                n += 1


@njit(cache=True, inline="always")
def next_pick(pick, n_opts, d):
    """The next choice in odometer order; False after the last."""
    i = d - 1
    while i >= 0:
        pick[i] += 1
        if pick[i] < n_opts[i]:
            return True
        pick[i] = 0
        i -= 1
    return False


@njit(cache=True, inline="always")
def pool_options(ranks, opts, n_opts, d, pool_masks, must_masks, allowed, n_allowed):
    """Per distinct rank i the options (indices into ``opts[i]``) inside the pool that hold its
    must cards, ``allowed[i, :n_allowed[i]]``; returns how many hands they make."""
    ways = 1
    for i in range(d):
        r = ranks[i]
        n = 0
        for j in range(n_opts[i]):
            sub = opts[i, j]
            if (sub & pool_masks[r]) == sub and (sub & must_masks[r]) == must_masks[r]:
                allowed[i, n] = j
                n += 1
        n_allowed[i] = n
        ways *= n
    return ways


@njit(cache=True, inline="always")
def table_index(pick, n_opts, d):
    """The place among its multiset's hands (mixed radix, the last rank fastest) of the choice
    ``pick``."""
    x = 0
    for i in range(d):
        x = x * n_opts[i] + pick[i]
    return x
