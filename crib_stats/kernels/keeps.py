"""The posterior of :mod:`.posterior` from a per-machine table of every hand's keep.

:func:`keep_table` finds, once per machine, the kept rank multiset the policy chooses for every
hand of the pack (hands listed per dealt rank multiset in the odometer order of its suit
subsets, :mod:`.suits`), its throw when one is best, and the throws tied on the objective
otherwise; :func:`sparse_keeps` reads it as exceptions to each rank multiset's usual keep;
:func:`keep_posterior_sparse` then counts a multiset's hands in the pool at once (a product of
binomials) and moves only the exceptions, giving the weights of
:func:`.posterior.keep_posterior` without the show and without the objective. The same table
with the show is :mod:`.keepshow`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from .jit import njit, prange

from .combinatorics import n_choose_k
from .constants import RANKS
from .posterior import CHUNKS, objective_best, scratch
from .keepbits import card_bits, kept_row, must_kept, mustmask_of, pool_bits, row_decides, thrown_bits, tie_mask_of
from .suits import assign, next_pick, pool_options, popcount4, suit_options, suit_scratch, table_index


class KeepTable(NamedTuple):
    """Every hand's keep (:func:`keep_table`) as the walks read it: the pack's dealt rank
    ``multisets`` and four-bit suit masks per rank (``deck_masks``), where each multiset's hands
    start (``offsets``, :func:`hand_offsets`), the kept multisets (``keep_sets``, the rows the
    table names), the per-hand ``table`` and ``throw_of``, the hands whose best throws tie
    (``tie_at``, sorted) and those throws (``tie_mask``, a bit per row of the policy's
    throws), and per multiset the ``major`` row with its exceptions (``exc_start``,
    ``exc_idx``, ``exc_k``, ``exc_q``, each one's cards as a bit per card code, ``exc_cards``,
    and the cards its one best throw throws, ``exc_thrown``: :func:`sparse_keeps`)."""

    multisets: np.ndarray
    deck_masks: np.ndarray
    offsets: np.ndarray
    keep_sets: np.ndarray
    table: np.ndarray
    throw_of: np.ndarray
    tie_at: np.ndarray
    tie_mask: np.ndarray
    major: np.ndarray
    exc_start: np.ndarray
    exc_idx: np.ndarray
    exc_k: np.ndarray
    exc_q: np.ndarray
    exc_cards: np.ndarray
    exc_thrown: np.ndarray


class Pool(NamedTuple):
    """The hands a query walks, as four-bit suit masks per rank: the cards they are dealt from
    (``pool_masks``) and the cards every hand holds (``must_masks``)."""

    pool_masks: np.ndarray
    must_masks: np.ndarray


@njit(cache=True)
def hand_offsets(multisets, deck_masks, dealt):
    """Where each dealt rank multiset's hands start in :func:`keep_table`'s table (the hands of a
    multiset in the odometer order of :func:`.suits.suit_options` over the pack ``deck_masks``);
    the last entry is the number of hands."""
    m_rows = multisets.shape[0]
    out = np.zeros(m_rows + 1, np.int64)
    ranks, opts, n_opts, _ = suit_scratch(dealt)
    for h in range(m_rows):
        _, ways = suit_options(multisets[h], deck_masks, ranks, opts, n_opts)
        out[h + 1] = out[h] + ways
    return out


@njit(cache=True, parallel=True)
def keep_table(multisets, deck_masks, offsets, pol):
    """The policy's kept multiset row of every hand of the pack (``table[offsets[h] + i]``, hand
    i of rank multiset h), or -2 when throws keeping different multisets tie on the objective;
    ``throw_of`` the same hand's throw (a row of ``pol.throws``) when one throw is best, else -1;
    and ``tied`` the tied throws of the others (bit q for row q; 0 where one is best)."""
    m_rows = multisets.shape[0]
    dealt = pol.dealt
    table = np.zeros(offsets[m_rows], np.int16)
    throw_of = np.full(offsets[m_rows], -1, np.int8)
    tied = np.zeros(offsets[m_rows], np.int16)
    n_throws = pol.throws.shape[0]
    for h in prange(m_rows):
        ranks, opts, n_opts, pick = suit_scratch(dealt)
        d, ways = suit_options(multisets[h], deck_masks, ranks, opts, n_opts)
        if ways == 0:
            continue
        scr = scratch(pol)
        cards = scr.cards
        obj = scr.obj
        kk = scr.kk
        at = offsets[h]
        while True:
            assign(ranks, opts, pick, d, cards)
            key = 0
            for i in range(dealt):
                key = key * RANKS + (cards[i] >> 2)
            best = objective_best(cards, pol.index[key], pol, scr)
            found = -1
            n_best = 0
            bits = 0
            for q in range(n_throws):
                if obj[q] == best:
                    n_best += 1
                    bits |= 1 << q
                    if n_best == 1:
                        throw_of[at] = q
                    kr = pol.keep_index[kk[q]]
                    if found == -1:
                        found = kr
                    elif kr != found:
                        found = -2
            if n_best > 1:
                throw_of[at] = -1
                tied[at] = bits
            table[at] = found
            at += 1
            if not next_pick(pick, n_opts, d):
                break
    return table, throw_of, tied


@njit(cache=True)
def sparse_keeps(multisets, deck_masks, offsets, table, throw_of, throws):
    """The table of :func:`keep_table` as exceptions: per rank multiset the row most of its
    hands keep (``major``; -1 with no hands) and, for the hands that keep another (or tie
    across rows, -2), their index within the multiset (``exc_idx``), row (``exc_k``), single
    best throw (``exc_q``, -1 on a tie), cards (``exc_cards``, bit c for card code c) and the
    cards that throw throws (``exc_thrown``; 0 on a tie), multiset h's at
    ``exc_start[h]:exc_start[h + 1]``."""
    m_rows = offsets.shape[0] - 1
    major = np.full(m_rows, -1, np.int64)
    exc_start = np.zeros(m_rows + 1, np.int64)
    counts = np.zeros(1 << 15, np.int64)
    n_exc = 0
    for h in range(m_rows):
        lo = offsets[h]
        hi = offsets[h + 1]
        best = -1
        for i in range(lo, hi):
            k = table[i]
            if k >= 0:
                counts[k] += 1
                if best == -1 or counts[k] > counts[best]:
                    best = k
        for i in range(lo, hi):
            if table[i] >= 0:
                counts[table[i]] = 0
            if table[i] != best:
                n_exc += 1
        major[h] = best
        exc_start[h + 1] = n_exc
    exc_idx = np.zeros(n_exc, np.int32)
    exc_k = np.zeros(n_exc, np.int16)
    exc_q = np.zeros(n_exc, np.int8)
    exc_cards = np.zeros(n_exc, np.int64)
    exc_thrown = np.zeros(n_exc, np.int64)
    dealt = 0
    for r in range(RANKS):
        dealt += multisets[0, r]
    ranks, opts, n_opts, pick = suit_scratch(dealt)
    cards = np.zeros(dealt, np.int64)
    e = 0
    for h in range(m_rows):
        d, _ = suit_options(multisets[h], deck_masks, ranks, opts, n_opts)
        for i in range(offsets[h], offsets[h + 1]):
            if table[i] != major[h]:
                exc_idx[e] = i - offsets[h]
                exc_k[e] = table[i]
                exc_q[e] = throw_of[i]
                x = i - offsets[h]
                for j in range(d - 1, -1, -1):
                    pick[j] = x % n_opts[j]
                    x //= n_opts[j]
                exc_cards[e] = card_bits(ranks, opts, pick, d)
                if throw_of[i] >= 0:
                    assign(ranks, opts, pick, d, cards)
                    for j in range(throws.shape[1]):
                        exc_thrown[e] |= 1 << cards[throws[throw_of[i], j]]
                e += 1
    return major, exc_start, exc_idx, exc_k, exc_q, exc_cards, exc_thrown


@njit(cache=True, parallel=True)
def keep_posterior_sparse(pool, kt, pol, qry):
    """:func:`.posterior.keep_posterior` without the show, from :func:`keep_table` read as
    :func:`sparse_keeps` (``kt``): a rank multiset's hands in the pool that hold the must cards
    are counted at once (a product of binomials) for its ``major`` row, then each exception in
    the pool is moved to its own row. A multiset whose major row keeps the must cards or not
    depending on the suits is walked hand by hand. The objective is never evaluated: tied
    throws come from the table."""
    n_rows = qry.ok_rows.shape[0]
    m_rows = kt.multisets.shape[0]
    weight = np.zeros((CHUNKS, n_rows, 1, 1), np.int64)
    hands = np.zeros(CHUNKS, np.int64)
    dealt = pol.dealt
    pool_masks = pool.pool_masks
    must_masks = pool.must_masks
    ok_rows = qry.ok_rows
    scale = qry.scale
    outside = ~pool_bits(pool_masks)
    must_bits = pool_bits(must_masks)
    exc_cards = kt.exc_cards
    for ch in prange(CHUNKS):
        ranks, opts, n_opts, pick = suit_scratch(dealt)
        allowed = np.zeros((dealt, 6), np.int64)
        n_allowed = np.zeros(dealt, np.int64)
        sel = np.zeros(dealt, np.int64)
        cards = np.zeros(dealt, np.int64)
        for h in range(ch, m_rows, CHUNKS):
            counts = kt.multisets[h]
            feasible = True
            ways = 1
            for r in range(RANKS):
                need = popcount4(must_masks[r])
                if need > counts[r]:
                    feasible = False
                    break
                ways *= n_choose_k(popcount4(pool_masks[r] & ~must_masks[r]), counts[r] - need)
            if not feasible or ways == 0:
                continue
            mk = kt.major[h]
            sure_major = 0
            if mk >= 0 and ok_rows[mk]:
                sure_major = must_kept(kt.keep_sets[mk], counts, must_masks)
            d, _ = suit_options(counts, kt.deck_masks, ranks, opts, n_opts)
            if sure_major == -1:
                # the major row's kept must cards depend on the suits: every hand of the pool on its own
                pool_options(ranks, opts, n_opts, d, pool_masks, must_masks, allowed, n_allowed)
                for i in range(d):
                    sel[i] = 0
                while True:
                    for i in range(d):
                        pick[i] = allowed[i, sel[i]]
                    at = kt.offsets[h] + table_index(pick, n_opts, d)
                    assign(ranks, opts, pick, d, cards)
                    hands[ch] += _one_hand(cards, kt.table[at], kt.throw_of[at], at, counts, pool, kt, pol, qry,
                                           weight[ch])
                    if not next_pick(sel, n_allowed, d):
                        break
                continue
            if sure_major == 1:
                weight[ch, mk, 0, 0] += ways * scale
                hands[ch] += ways
            for e in range(kt.exc_start[h], kt.exc_start[h + 1]):
                if (exc_cards[e] & outside) or (must_bits & ~exc_cards[e]):
                    continue  # not in the pool, or without a must card
                if sure_major == 1:  # counted with the major row above: it keeps another
                    weight[ch, mk, 0, 0] -= scale
                    hands[ch] -= 1
                kr = kt.exc_k[e]
                by_row = row_decides(kr, counts, must_masks, kt.keep_sets, ok_rows)
                if by_row == 1:
                    weight[ch, kr, 0, 0] += scale
                    hands[ch] += 1
                if by_row >= 0:  # the row decides: no need of the cards
                    continue
                # the exception's suit subsets: its index in mixed radix, the last rank fastest
                x = kt.exc_idx[e]
                for i in range(d - 1, -1, -1):
                    pick[i] = x % n_opts[i]
                    x //= n_opts[i]
                assign(ranks, opts, pick, d, cards)
                hands[ch] += _one_hand(cards, kr, kt.exc_q[e], kt.offsets[h] + kt.exc_idx[e], counts, pool, kt, pol,
                                       qry, weight[ch])
    return weight.sum(axis=0), hands.sum()


@njit(cache=True, inline="always")
def _one_hand(cards, kr, q, at, counts, pool, kt, pol, qry, weight):
    """Add one hand of the pool (at ``at`` of the table: its row ``kr`` and single best throw
    ``q``, -1 on a tie) to ``weight``: 1 when it counts, else 0. Reads the tuples only (see
    :mod:`.posterior` on writing through them)."""
    by_row = row_decides(kr, counts, pool.must_masks, kt.keep_sets, qry.ok_rows)
    if by_row == 1:
        weight[kr, 0, 0] += qry.scale
        return 1
    if by_row == 0:
        return 0
    mustmask = mustmask_of(cards, pool.must_masks)
    if q >= 0:  # one best throw: the kept must cards are known
        if thrown_bits(pol.throws, q) & mustmask:
            return 0
        weight[kr, 0, 0] += qry.scale
        return 1
    tied = tie_mask_of(kt.tie_at, kt.tie_mask, at)
    share = qry.scale // _popcount(tied)
    counted = 0
    for t in range(pol.throws.shape[0]):
        if not (tied >> t) & 1:
            continue
        thrown = thrown_bits(pol.throws, t)
        if thrown & mustmask:
            continue
        row = kr if kr >= 0 else kept_row(cards, thrown, pol.keep_index)
        if not qry.ok_rows[row]:
            continue
        weight[row, 0, 0] += share
        counted = 1
    return counted


@njit(cache=True, inline="always")
def _popcount(x):
    n = 0
    while x:
        n += x & 1
        x >>= 1
    return n


def keep_arrays(multisets: np.ndarray, deck_masks: np.ndarray, pol) -> tuple[np.ndarray, ...]:
    """What a machine keeps of :func:`keep_table` (the disk cache's arrays): the arrays of a
    :class:`KeepTable` from ``offsets`` on."""
    offsets = hand_offsets(multisets, deck_masks, pol.dealt)
    table, throw_of, tied = keep_table(multisets, deck_masks, offsets, pol)
    tie_at = np.flatnonzero(throw_of == -1).astype(np.int64)
    return (offsets, table, throw_of, tie_at, tied[tie_at],
            *sparse_keeps(multisets, deck_masks, offsets, table, throw_of, pol.throws))


def keep_table_of(multisets: np.ndarray, deck_masks: np.ndarray, keep_sets: np.ndarray, arrays) -> KeepTable:
    """The :class:`KeepTable` of :func:`keep_arrays`' arrays."""
    offsets, *rest = arrays
    return KeepTable(multisets, deck_masks, offsets, keep_sets, *rest)


def masks_of(codes) -> np.ndarray:
    """Four-bit suit masks per rank of card codes (a :class:`Pool`'s arrays)."""
    out = np.zeros(RANKS, np.int64)
    for c in codes:
        out[int(c) >> 2] |= 1 << (int(c) & 3)
    return out


def warmup_table() -> tuple:
    """The dealer's :class:`KeepTable` on the smallest pack of :func:`.posterior.warmup_inputs`,
    and those inputs."""
    from .combinatorics import rank_multisets
    from .posterior import warmup_inputs

    x = warmup_inputs()
    six = rank_multisets(6, x["deck"])
    masks = np.zeros(RANKS, np.int64)
    masks[x["deck"]] = 15
    return keep_table_of(six, masks, x["kms"], keep_arrays(six, masks, x["pol"])), x


def warmup() -> None:
    from .posterior import no_show

    kt, x = warmup_table()
    keep_posterior_sparse(Pool(kt.deck_masks, np.zeros(RANKS, np.int64)), kt, x["pol"], no_show(x["ok"], 360360))
