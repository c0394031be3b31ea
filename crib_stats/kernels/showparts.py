"""What a throw of one hand of the keep table shows (:mod:`.keepshow`'s walk adds it up).

The show of a throw splits into what the ranks decide, the same for every hand of a rank
multiset (the kept ranks with the starter's in the hand table, the thrown ranks with yours and
the starter's in the crib table: computed once per multiset and throw) and what the suits add:
nobs (the jack of the starter's suit among the kept cards, or among the crib's), the hand's
flush (every kept card of one suit: as many points as kept cards, one more when the starter
matches) and the crib's (all four cards and the starter of one suit). The sum is the show of
:func:`.show.hand_points` and the crib of :func:`.posterior.hand_shares`, point for point.
"""

from __future__ import annotations

from typing import NamedTuple

from .jit import njit

from .constants import CRIB_FLUSH, RANKS
from .game import sort_small
from .keepbits import thrown_bits
from .suits import popcount4


class Suits(NamedTuple):
    """What the suits of a query add to a show (:func:`show_of`): the kept cards' count
    (``keep``), the starter's suit ``ss``, the card code of the jack of that suit (``nob``), your
    thrown cards' part of the crib's (``my_crib``: 1 when they hold that jack) and whether they
    are all of the starter's suit (``my_flush``: the crib can flush)."""

    keep: int
    ss: int
    nob: int
    my_crib: int
    my_flush: bool


@njit(cache=True, inline="always")
def rank_parts(counts, throws, keep_index, my_ranks, starter_rank, hand_table, crib_table, pos_rank, hand_rank,
                crib_rank, krow, crib_ranks):
    """Per throw q of a hand of rank counts ``counts`` (positions in rank order): the hand's
    rank points with the starter (``hand_rank[q]``), the crib's (``crib_rank[q]``, your thrown
    ranks ``my_ranks`` with theirs) and the kept multiset row (``krow[q]``)."""
    p = 0
    for r in range(RANKS):
        for _ in range(counts[r]):
            pos_rank[p] = r
            p += 1
    dealt = p
    throw = throws.shape[1]
    n_mine = my_ranks.shape[0]
    for q in range(throws.shape[0]):
        thrown = thrown_bits(throws, q)
        key = 0
        for i in range(dealt):
            if not (thrown >> i) & 1:
                key = key * RANKS + pos_rank[i]
        krow[q] = keep_index[key]
        hand_rank[q] = hand_table[key * RANKS + starter_rank]
        # the crib's ranks sorted: their thrown ranks and yours
        for i in range(throw):
            crib_ranks[i] = pos_rank[throws[q, i]]
        for i in range(n_mine):
            crib_ranks[throw + i] = my_ranks[i]
        n = throw + n_mine
        sort_small(crib_ranks, n)
        key = 0
        for i in range(n):
            key = key * RANKS + crib_ranks[i]
        crib_rank[q] = crib_table[key * RANKS + starter_rank]


@njit(cache=True, inline="always")
def flushes(hp, cp, kept_suits, thrown_suits, su):
    """(hp, cp) with the flushes of a throw whose kept and thrown cards hold the suits
    ``kept_suits`` and ``thrown_suits`` (4-bit masks): the hand's, the crib's."""
    if popcount4(kept_suits) == 1:
        hp += su.keep
        if kept_suits == 1 << su.ss:
            hp += 1
    if su.my_flush and thrown_suits == 1 << su.ss:
        cp += CRIB_FLUSH
    return hp, cp


@njit(cache=True, inline="always")
def show_of(cards, thrown, hand_rank, crib_rank, su):
    """(hand points, crib points) of one throw of ``cards`` (positions ``thrown``): the rank
    parts plus what the suits add (``su``, a :class:`Suits`)."""
    hp = hand_rank
    cp = crib_rank + su.my_crib
    kept_suits = 0
    thrown_suits = 0
    for i in range(cards.shape[0]):
        c = cards[i]
        if (thrown >> i) & 1:
            thrown_suits |= 1 << (c & 3)
            if c == su.nob:
                cp += 1
        else:
            kept_suits |= 1 << (c & 3)
            if c == su.nob:
                hp += 1
    return flushes(hp, cp, kept_suits, thrown_suits, su)


@njit(cache=True, inline="always")
def show_of_bits(kept, thrown, hand_rank, crib_rank, su):
    """:func:`show_of` of a throw given as the kept and the thrown cards, a bit per card code."""
    hp = hand_rank + ((kept >> su.nob) & 1)
    cp = crib_rank + su.my_crib + ((thrown >> su.nob) & 1)
    kept_suits = 0
    thrown_suits = 0
    for r in range(RANKS):
        kept_suits |= (kept >> (4 * r)) & 15
        thrown_suits |= (thrown >> (4 * r)) & 15
    return flushes(hp, cp, kept_suits, thrown_suits, su)
