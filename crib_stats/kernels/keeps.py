"""The posterior of :mod:`.posterior` from a per-machine table of every hand's keep.

:func:`keep_table` finds, once per machine, the kept rank multiset the policy chooses for every
hand of the pack (hands listed per dealt rank multiset in the odometer order of its suit
subsets, :func:`hand_offsets`); :func:`sparse_keeps` reads it as exceptions to each rank
multiset's usual keep; :func:`keep_posterior_sparse` then counts a multiset's hands in the pool
at once (a product of binomials) and moves only the exceptions, giving the weights of
:func:`.posterior.keep_posterior` without the show.
"""

from __future__ import annotations

import numpy as np
from .jit import njit, prange

from .combinatorics import n_choose_k
from .constants import RANKS
from .posterior import CHUNKS, hand_shares, objective_best, share_scratch, throw_scratch


@njit(cache=True, inline="always")
def _popcount4(x):
    return (x & 1) + ((x >> 1) & 1) + ((x >> 2) & 1) + ((x >> 3) & 1)


@njit(cache=True, inline="always")
def _suit_scratch(dealt):
    """Scratch for :func:`_suit_options` of a ``dealt``-card hand: (ranks, opts, n_opts); a rank
    held once, twice or three times of four suits has at most 6 suit subsets."""
    return np.zeros(dealt, np.int64), np.zeros((dealt, 6), np.int64), np.zeros(dealt, np.int64)


@njit(cache=True)
def _suit_options(counts, masks, ranks, opts, n_opts):
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
            if (sub & masks[r]) == sub and _popcount4(sub) == counts[r]:
                opts[d, n] = sub
                n += 1
        n_opts[d] = n
        ways *= n
        d += 1
    return d, ways


@njit(cache=True, inline="always")
def _assign(ranks, opts, pick, d, cards):
    """The sorted hand of one choice of suit subsets (``pick[i]`` an index into ``opts[i]``)."""
    n = 0
    for i in range(d):
        sub = opts[i, pick[i]]
        for su in range(4):
            if (sub >> su) & 1:
                cards[n] = ranks[i] * 4 + su
                n += 1


@njit(cache=True, inline="always")
def _next_pick(pick, n_opts, d):
    """The next choice in odometer order; False after the last."""
    i = d - 1
    while i >= 0:
        pick[i] += 1
        if pick[i] < n_opts[i]:
            return True
        pick[i] = 0
        i -= 1
    return False


@njit(cache=True)
def hand_offsets(multisets, deck_masks, dealt):
    """Where each dealt rank multiset's hands start in :func:`keep_table`'s table (the hands of a
    multiset in the odometer order of :func:`_suit_options` over the pack ``deck_masks``);
    the last entry is the number of hands."""
    m_rows = multisets.shape[0]
    out = np.zeros(m_rows + 1, np.int64)
    ranks, opts, n_opts = _suit_scratch(dealt)
    for h in range(m_rows):
        _, ways = _suit_options(multisets[h], deck_masks, ranks, opts, n_opts)
        out[h + 1] = out[h] + ways
    return out


@njit(cache=True, parallel=True)
def keep_table(multisets, deck_masks, offsets, dealt, role, index, rank_hand, rank_crib, throws, n_deck_ranks,
               jack_in_deck, n_other, rank_throws, keep_index):
    """The policy's kept multiset row of every hand of the pack (``table[offsets[h] + i]``, hand
    i of rank multiset h), or -2 when throws keeping different multisets tie on the objective;
    ``throw_of`` the same hand's throw (a row of ``throws``) when one throw is best, else -1;
    and per rank multiset ``kstar[h]``, the row every hand of it keeps, or -1 when the suits can
    change it."""
    m_rows = multisets.shape[0]
    table = np.zeros(offsets[m_rows], np.int16)
    throw_of = np.full(offsets[m_rows], -1, np.int8)
    kstar = np.full(m_rows, -1, np.int64)
    n_throws = throws.shape[0]
    for h in prange(m_rows):
        ranks, opts, n_opts = _suit_scratch(dealt)
        d, ways = _suit_options(multisets[h], deck_masks, ranks, opts, n_opts)
        if ways == 0:
            continue
        pick = np.zeros(dealt, np.int64)
        cards = np.zeros(dealt, np.int64)
        hs, cs, tk, kk, obj = throw_scratch(n_throws)
        at = offsets[h]
        first = -3
        same = True
        while True:
            _assign(ranks, opts, pick, d, cards)
            key = 0
            for i in range(dealt):
                key = key * RANKS + (cards[i] >> 2)
            best = objective_best(cards, index[key], role, rank_hand, rank_crib, throws, n_deck_ranks, jack_in_deck,
                                   n_other, rank_throws, hs, cs, tk, kk, obj)
            found = -1
            n_best = 0
            for q in range(n_throws):
                if obj[q] == best:
                    n_best += 1
                    if n_best == 1:
                        throw_of[at] = q
                    kr = keep_index[kk[q]]
                    if found == -1:
                        found = kr
                    elif kr != found:
                        found = -2
            if n_best > 1:
                throw_of[at] = -1
            table[at] = found
            at += 1
            if first == -3:
                first = found
            elif found != first:
                same = False
            if not _next_pick(pick, n_opts, d):
                break
        if same and first >= 0:
            kstar[h] = first
    return table, kstar, throw_of


@njit(cache=True, inline="always")
def _in_pool(ranks, opts, pick, d, pool_masks, must_masks):
    """Whether the hand of one choice of suit subsets (as :func:`_assign`) is in the pool and
    holds every must card."""
    for i in range(d):
        sub = opts[i, pick[i]]
        r = ranks[i]
        if (sub & pool_masks[r]) != sub or (sub & must_masks[r]) != must_masks[r]:
            return False
    return True


@njit(cache=True, inline="always")
def _must_kept(kset, counts, must_masks):
    """Whether a hand of rank counts ``counts`` that keeps the multiset ``kset`` surely keeps
    the must cards (1), surely throws one (0), or it depends on the suits thrown (-1)."""
    out = 1
    for r in range(RANKS):
        if must_masks[r] == 0:
            continue
        if kset[r] == 0:
            return 0
        if kset[r] < counts[r]:
            out = -1
    return out


@njit(cache=True)
def sparse_keeps(offsets, table, throw_of):
    """The table of :func:`keep_table` as exceptions: per rank multiset the row most of its
    hands keep (``major``; -1 with no hands) and, for the hands that keep another (or tie
    across rows, -2), their index within the multiset (``exc_idx``), row (``exc_k``) and
    single best throw (``exc_q``, -1 on a tie), multiset h's at ``exc_start[h]:exc_start[h + 1]``."""
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
    e = 0
    for h in range(m_rows):
        for i in range(offsets[h], offsets[h + 1]):
            if table[i] != major[h]:
                exc_idx[e] = i - offsets[h]
                exc_k[e] = table[i]
                exc_q[e] = throw_of[i]
                e += 1
    return major, exc_start, exc_idx, exc_k, exc_q


@njit(cache=True, parallel=True)
def keep_posterior_sparse(pool_masks, must_masks, deck_masks, multisets, offsets, table, throw_of, major, exc_start,
                          exc_idx, exc_k, exc_q, keep_sets, dealt, role, index, rank_hand, rank_crib, throws, n_deck_ranks,
                          jack_in_deck, n_other, rank_throws, keep_index, ok_rows, scale):
    """:func:`.posterior.keep_posterior` without the show, from :func:`keep_table` read as :func:`sparse_keeps`: a rank multiset's hands in the
    pool that hold the must cards are counted at once (a product of binomials) for its
    ``major`` row, then each exception in the pool is moved to its own row. A multiset whose
    major row keeps the must cards or not depending on the suits is walked hand by hand."""
    n_rows = ok_rows.shape[0]
    m_rows = multisets.shape[0]
    weight = np.zeros((CHUNKS, n_rows, 1, 1), np.int64)
    hands = np.zeros(CHUNKS, np.int64)
    n_throws = throws.shape[0]
    keep = dealt - throws.shape[1]
    empty = np.zeros(4, np.int64)
    for ch in prange(CHUNKS):
        ranks, opts, n_opts = _suit_scratch(dealt)
        pick = np.zeros(dealt, np.int64)
        cards, hs, cs, tk, kk, obj, kept, crib = share_scratch(dealt, n_throws, keep)
        for h in range(ch, m_rows, CHUNKS):
            counts = multisets[h]
            feasible = True
            ways = 1
            for r in range(RANKS):
                need = _popcount4(must_masks[r])
                if need > counts[r]:
                    feasible = False
                    break
                ways *= n_choose_k(_popcount4(pool_masks[r] & ~must_masks[r]), counts[r] - need)
            if not feasible or ways == 0:
                continue
            mk = major[h]
            sure_major = 0
            if mk >= 0 and ok_rows[mk]:
                sure_major = _must_kept(keep_sets[mk], counts, must_masks)
            d, _ = _suit_options(counts, deck_masks, ranks, opts, n_opts)
            if sure_major == -1:
                # the major row's kept must cards depend on the suits: every hand on its own
                for i in range(d):
                    pick[i] = 0
                at = offsets[h]
                while True:
                    if _in_pool(ranks, opts, pick, d, pool_masks, must_masks):
                        _assign(ranks, opts, pick, d, cards)
                        if _one_hand(cards, table[at], throw_of[at], dealt, must_masks, keep_sets, counts, role, index, rank_hand,
                                     rank_crib, throws, n_deck_ranks, jack_in_deck, n_other, rank_throws,
                                     keep_index, ok_rows, scale, weight[ch], hs, cs, tk, kk, obj, kept, crib, empty):
                            hands[ch] += 1
                    at += 1
                    if not _next_pick(pick, n_opts, d):
                        break
                continue
            if sure_major == 1:
                weight[ch, mk, 0, 0] += ways * scale
                hands[ch] += ways
            for e in range(exc_start[h], exc_start[h + 1]):
                # the exception's suit subsets: its index in mixed radix, the last rank fastest
                x = exc_idx[e]
                for i in range(d - 1, -1, -1):
                    pick[i] = x % n_opts[i]
                    x //= n_opts[i]
                if not _in_pool(ranks, opts, pick, d, pool_masks, must_masks):
                    continue
                if sure_major == 1:  # counted with the major row above: it keeps another
                    weight[ch, mk, 0, 0] -= scale
                    hands[ch] -= 1
                _assign(ranks, opts, pick, d, cards)
                if _one_hand(cards, exc_k[e], exc_q[e], dealt, must_masks, keep_sets, counts, role, index, rank_hand, rank_crib,
                             throws, n_deck_ranks, jack_in_deck, n_other, rank_throws, keep_index, ok_rows, scale,
                             weight[ch], hs, cs, tk, kk, obj, kept, crib, empty):
                    hands[ch] += 1
    return weight.sum(axis=0), hands.sum()


@njit(cache=True, inline="always")
def _one_hand(cards, kr, q, dealt, must_masks, keep_sets, counts, role, index, rank_hand, rank_crib, throws,
              n_deck_ranks, jack_in_deck, n_other, rank_throws, keep_index, ok_rows, scale, weight, hs, cs, tk, kk, obj,
              kept, crib, empty):
    """Add one hand of the pool (its tabled row ``kr`` and single best throw ``q``, -1 on a tie)
    to ``weight``; True when it counts."""
    sure = -1
    if kr >= 0:
        if not ok_rows[kr]:
            return False
        sure = _must_kept(keep_sets[kr], counts, must_masks)
    if sure == 1:
        weight[kr, 0, 0] += scale
        return True
    if sure == 0:
        return False
    mustmask = 0
    for i in range(dealt):
        if (must_masks[cards[i] >> 2] >> (cards[i] & 3)) & 1:
            mustmask |= 1 << i
    if q >= 0 and kr >= 0:  # one best throw: the kept must cards are known without the objective
        for i in range(throws.shape[1]):
            if (mustmask >> throws[q, i]) & 1:
                return False
        weight[kr, 0, 0] += scale
        return True
    return hand_shares(cards, dealt, mustmask, role, index, rank_hand, rank_crib, throws, n_deck_ranks, jack_in_deck,
                        n_other, rank_throws, keep_index, ok_rows, scale, False, 0, empty, empty, empty, weight, hs,
                        cs, tk, kk, obj, kept, crib)



def warmup() -> None:
    from .combinatorics import rank_multisets
    from .posterior import warmup_inputs

    x = warmup_inputs()
    six = rank_multisets(6, x["deck"])
    masks = np.zeros(RANKS, np.int64)
    masks[x["deck"]] = 15
    offsets = hand_offsets(six, masks, 6)
    table, kstar, throw_of = keep_table(six, masks, offsets, 6, 1, x["index"], x["rh"], x["rc"], x["throws"], 3, True,
                                        2, x["none"], x["kidx"])
    major, es, ei, ek, eq = sparse_keeps(offsets, table, throw_of)
    keep_posterior_sparse(masks, np.zeros(RANKS, np.int64), masks, six, offsets, table, throw_of, major, es, ei, ek, eq,
                          x["kms"], 6, 1, x["index"], x["rh"], x["rc"], x["throws"], 3, True, 2, x["none"], x["kidx"],
                          x["ok"], 360360)
