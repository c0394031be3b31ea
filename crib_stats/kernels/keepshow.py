"""The posterior with the show from the per-machine table of every hand's keep (:mod:`.keeps`).

:func:`.posterior.keep_posterior` with the show walks every hand of the pool and evaluates the
policy's objective for each; the table already holds each hand's kept multiset, its best throw
and, where throws tie, the tied throws, so :func:`keep_show_posterior` walks the same hands
(only those of the pool that hold the must cards: per rank the suit subsets allowed,
:func:`.suits.pool_options`) and adds each throw's share at its show, without the objective.

The show of each throw is :mod:`.showparts`' (its rank part and what the suits add).
"""

from __future__ import annotations

import numpy as np
from .jit import njit, prange

from .constants import JACK, RANKS
from .keepbits import kept_row, must_kept, mustmask_of, pool_bits, row_decides, thrown_bits, tie_mask_of
from .posterior import SHOW_BINS
from .showparts import Suits, rank_parts, show_of, show_of_bits
from .suits import assign, next_pick, pool_options, popcount4, suit_options, suit_scratch, table_index


@njit(cache=True, inline="always")
def _hand(cards, kr, q, at, mustmask, throws, keep_index, ok_rows, slot, kt, shows, scale, w):
    """Add one hand's shares (the table's row ``kr`` and best throw ``q`` or, -1, its tied throws,
    from the table ``kt``) at their shows to ``w`` (slots ``slot`` of the allowed rows); 1 when
    one counts, else 0. ``shows``: (each throw's hand rank part, crib rank part, the suits)."""
    hand_rank, crib_rank, su = shows
    if q >= 0:
        if kr < 0 or not ok_rows[kr] or thrown_bits(throws, q) & mustmask:
            return 0
        hp, cp = show_of(cards, thrown_bits(throws, q), hand_rank[q], crib_rank[q], su)
        w[slot[kr], hp, cp] += scale
        return 1
    if kr >= 0 and not ok_rows[kr]:
        return 0
    tied = tie_mask_of(kt.tie_at, kt.tie_mask, at)
    n_tied = 0
    for t in range(throws.shape[0]):
        n_tied += (tied >> t) & 1
    share = scale // n_tied
    counted = 0
    for t in range(throws.shape[0]):
        if not (tied >> t) & 1:
            continue
        thrown = thrown_bits(throws, t)
        if thrown & mustmask:
            continue
        row = kr if kr >= 0 else kept_row(cards, thrown, keep_index)
        if not ok_rows[row]:
            continue
        hp, cp = show_of(cards, thrown, hand_rank[t], crib_rank[t], su)
        w[slot[row], hp, cp] += share
        counted = 1
    return counted


@njit(cache=True, inline="always")
def _fits(opts, pick, d, req):
    """Whether the choice ``pick`` holds, per distinct rank i, the suits ``req[i]``."""
    for i in range(d):
        if (opts[i, pick[i]] & req[i]) != req[i]:
            return False
    return True


@njit(cache=True)
def _slab(sl, slabs, w, pool, kt, pol, qry, slot):
    """Slab ``sl`` of :func:`keep_show_posterior`: the rank multisets ``sl``, ``sl + slabs``, ...
    tallied into ``w``; the hands counted. Its own kernel, not the parallel loop's body: numba's
    parallel passes over a body this size (with all it inlines) took half the module's compile
    (its warm-up compiled in 69 s as the loop's body, 36 s split, on the same loaded machine;
    the same speed once compiled: ``scripts/bench.py --advise --against``)."""
    ok_rows = qry.ok_rows
    hands = 0
    # the tuples' arrays as locals: an array read out of a tuple inside the loop costs a reference
    # count taken and dropped each time, on a count the threads share
    multisets = kt.multisets
    deck_masks = kt.deck_masks
    offsets = kt.offsets
    table = kt.table
    throw_of = kt.throw_of
    major = kt.major
    keep_sets = kt.keep_sets
    exc_start = kt.exc_start
    exc_idx = kt.exc_idx
    exc_k = kt.exc_k
    exc_q = kt.exc_q
    exc_cards = kt.exc_cards
    exc_thrown = kt.exc_thrown
    keep_index = pol.keep_index
    hand_table = qry.hand_table
    crib_table = qry.crib_table
    m_rows = multisets.shape[0]
    dealt = pol.dealt
    throws = pol.throws
    n_throws = throws.shape[0]
    keep = dealt - throws.shape[1]
    pool_masks = pool.pool_masks
    must_masks = pool.must_masks
    outside = ~pool_bits(pool_masks)
    must_bits = pool_bits(must_masks)
    scale = qry.scale
    starter = qry.starter
    ss = starter & 3
    nob = JACK * 4 + ss  # the jack of the starter's suit
    nob_free = (pool_masks[JACK] >> ss) & 1 == 1  # in the pool: an opponent's hand may hold it
    mine = qry.my_thrown
    n_mine = mine.shape[0]
    my_ranks = np.zeros(n_mine, np.int64)
    my_crib = 0
    my_flush = True
    for i in range(n_mine):
        my_ranks[i] = mine[i] >> 2
        if mine[i] == nob:
            my_crib = 1
        if (mine[i] & 3) != ss:
            my_flush = False
    su = Suits(keep, ss, nob, my_crib, my_flush)
    ranks, opts, n_opts, pick = suit_scratch(dealt)
    allowed = np.zeros((dealt, 6), np.int64)
    n_allowed = np.zeros(dealt, np.int64)
    chosen = np.zeros((dealt, 6), np.int64)
    n_chosen = np.zeros(dealt, np.int64)
    sel = np.zeros(dealt, np.int64)
    cards = np.zeros(dealt, np.int64)
    pos_rank = np.zeros(dealt, np.int64)
    hand_rank = np.zeros(n_throws, np.int64)
    crib_rank = np.zeros(n_throws, np.int64)
    shows = (hand_rank, crib_rank, su)  # filled by rank_parts for each rank multiset
    krow = np.zeros(n_throws, np.int64)
    crib_ranks = np.zeros(4, np.int64)
    req = np.zeros((6, dealt), np.int64)  # the suit tests of the hands moved one by one
    for h in range(sl, m_rows, slabs):
        counts = multisets[h]
        feasible = True
        for r in range(RANKS):
            if popcount4(must_masks[r]) > counts[r]:
                feasible = False
                break
        if not feasible:
            continue
        d, _ = suit_options(counts, deck_masks, ranks, opts, n_opts)
        ways = pool_options(ranks, opts, n_opts, d, pool_masks, must_masks, allowed, n_allowed)
        if ways == 0:
            continue
        rank_parts(counts, throws, keep_index, my_ranks, starter >> 2, hand_table, crib_table, pos_rank,
                    hand_rank, crib_rank, krow, crib_ranks)
        base = offsets[h]
        mk = major[h]
        sure = 0
        if mk >= 0 and ok_rows[mk]:
            sure = must_kept(keep_sets[mk], counts, must_masks)
        if sure == -1:
            # whether the major row keeps the must cards depends on the suits: every hand
            for i in range(d):
                sel[i] = 0
            while True:
                for i in range(d):
                    pick[i] = allowed[i, sel[i]]
                at = base + table_index(pick, n_opts, d)
                assign(ranks, opts, pick, d, cards)
                hands += _hand(cards, table[at], throw_of[at], at, mustmask_of(cards, must_masks), throws,
                                   keep_index, ok_rows, slot, kt, shows, scale, w)
                if not next_pick(sel, n_allowed, d):
                    break
            continue
        # the jack of the starter's suit in the major row's hands: surely kept (dh), surely
        # thrown (dc), or either way (split: those hands are moved one by one)
        j_at = -1
        for i in range(d):
            if ranks[i] == JACK:
                j_at = i
        dh = 0
        dc = 0
        split = False
        hr = 0
        cr = 0
        if sure == 1:
            kset = keep_sets[mk]
            for q in range(n_throws):
                if krow[q] == mk:
                    hr = hand_rank[q]
                    cr = crib_rank[q] + my_crib
                    break
            with_nob = 0
            if j_at >= 0 and nob_free:
                for j in range(n_allowed[j_at]):
                    with_nob += (opts[j_at, allowed[j_at, j]] >> ss) & 1
                with_nob = ways // n_allowed[j_at] * with_nob
                if kset[JACK] == counts[JACK]:
                    dh = 1
                elif kset[JACK] == 0:
                    dc = 1
                else:
                    split = True
            s = slot[mk]
            if dh + dc > 0:
                w[s, hr + dh, cr + dc] += with_nob * scale
                w[s, hr, cr] += (ways - with_nob) * scale
            else:
                w[s, hr, cr] += ways * scale
            hands += ways
            # the hands whose suits can add more than the jack: one test each, in order
            n_req = 0
            if split:
                for i in range(d):
                    req[n_req, i] = (1 << ss) if i == j_at else 0
                n_req += 1
            kept_once = True
            thrown_once = True
            for i in range(d):
                r = ranks[i]
                if kset[r] > 1:
                    kept_once = False
                if counts[r] - kset[r] > 1:
                    thrown_once = False
            if kept_once:  # a flush of the kept cards in suit x
                for x in range(4):
                    for i in range(d):
                        req[n_req, i] = (1 << x) if kset[ranks[i]] > 0 else 0
                    n_req += 1
            if my_flush and thrown_once:  # a crib flush: their thrown cards in the starter's suit
                for i in range(d):
                    req[n_req, i] = (1 << ss) if counts[ranks[i]] > kset[ranks[i]] else 0
                n_req += 1
            for t in range(n_req):
                ways_t = 1
                for i in range(d):
                    n = 0
                    for j in range(n_allowed[i]):
                        if (opts[i, allowed[i, j]] & req[t, i]) == req[t, i]:
                            chosen[i, n] = allowed[i, j]
                            n += 1
                    n_chosen[i] = n
                    ways_t *= n
                if ways_t == 0:
                    continue
                for i in range(d):
                    sel[i] = 0
                while True:
                    for i in range(d):
                        pick[i] = chosen[i, sel[i]]
                    moved = False  # by an earlier test
                    for u in range(t):
                        if _fits(opts, pick, d, req[u]):
                            moved = True
                            break
                    at = base + table_index(pick, n_opts, d)
                    if not moved and table[at] == mk:  # an exception is moved below
                        assign(ranks, opts, pick, d, cards)
                        nob_here = j_at >= 0 and (opts[j_at, pick[j_at]] >> ss) & 1 == 1
                        if nob_here:
                            w[s, hr + dh, cr + dc] -= scale
                        else:
                            w[s, hr, cr] -= scale
                        hands -= 1
                        hands += _hand(cards, mk, throw_of[at], at, mustmask_of(cards, must_masks), throws,
                                           keep_index, ok_rows, slot, kt, shows,
                                           scale, w)
                    if not next_pick(sel, n_chosen, d):
                        break
        for e in range(exc_start[h], exc_start[h + 1]):
            bits = exc_cards[e]
            if (bits & outside) or (must_bits & ~bits):
                continue  # not in the pool, or without a must card
            if sure == 1:  # counted with the major row above: it keeps another
                if (bits >> nob) & 1:
                    w[slot[mk], hr + dh, cr + dc] -= scale
                else:
                    w[slot[mk], hr, cr] -= scale
                hands -= 1
            kr = exc_k[e]
            q = exc_q[e]
            decides = row_decides(kr, counts, must_masks, keep_sets, ok_rows)
            if decides == 0:
                continue  # its row is not allowed, or it surely throws a must card
            if decides == 1 and q >= 0:  # one best throw, the must cards kept: its cards are known
                thrown = exc_thrown[e]
                hp, cp = show_of_bits(bits & ~thrown, thrown, hand_rank[q], crib_rank[q], su)
                w[slot[kr], hp, cp] += scale
                hands += 1
                continue
            x = exc_idx[e]
            for i in range(d - 1, -1, -1):
                pick[i] = x % n_opts[i]
                x //= n_opts[i]
            assign(ranks, opts, pick, d, cards)
            hands += _hand(cards, kr, q, base + exc_idx[e], mustmask_of(cards, must_masks),
                               throws, keep_index, ok_rows, slot, kt, shows,
                               scale, w)
    return hands


@njit(cache=True, parallel=True)
def keep_show_posterior(pool, kt, pol, qry, slabs):
    """(weight, rows, hands): :func:`.posterior.keep_posterior` with the show (``qry.with_show``)
    from the table ``kt``, the weights of the allowed rows only: ``weight[i, hand points, crib
    points]`` for kept row ``rows[i]`` (``rows`` the allowed rows, ascending), and how many hands
    keep at least one allowed multiset. ``slabs`` partial tallies (one a thread: integer sums, the
    split never shows).

    A rank multiset's hands that keep its major row (the must cards surely kept) are counted at
    once at the show its ranks give, those holding the jack of the starter's suit apart when
    that jack is surely kept or surely thrown (one point more for the hand or the crib); then
    the hands whose suits can add more are moved one by one to their own show: those holding
    that jack where it may go either way, those holding a suit in every kept rank (a flush may
    be kept) and, when your thrown cards are all of the starter's suit, those holding it in
    every thrown rank (the crib may flush); and so is each exception of the pool. A multiset
    whose major row keeps the must cards or not depending on the suits is walked hand by hand."""
    ok_rows = qry.ok_rows
    n_rows = ok_rows.shape[0]
    slot = np.full(n_rows, -1, np.int64)
    n_ok = 0
    for r in range(n_rows):
        if ok_rows[r]:
            slot[r] = n_ok
            n_ok += 1
    rows = np.zeros(n_ok, np.int64)
    for r in range(n_rows):
        if slot[r] >= 0:
            rows[slot[r]] = r
    weight = np.zeros((slabs, n_ok, SHOW_BINS, SHOW_BINS), np.int64)
    hands = np.zeros(slabs, np.int64)
    if n_ok == 0:
        return weight[0], rows, 0
    for sl in prange(slabs):
        hands[sl] = _slab(np.int64(sl), slabs, weight[sl], pool, kt, pol, qry, slot)  # a prange index is uint64
    return weight.sum(axis=0), rows, hands.sum()


def keep_show(pool, kt, pol, qry):
    """:func:`keep_show_posterior` with one partial tally a thread numba runs."""
    from numba import get_num_threads

    return keep_show_posterior(pool, kt, pol, qry, get_num_threads())


def warmup() -> None:
    from .keeps import Pool, warmup_table
    from .posterior import Query

    kt, x = warmup_table()
    qry = Query(x["ok"], 360360, True, 43, np.array([20, 21], np.int64), x["t5"], x["t5"])
    keep_show_posterior(Pool(kt.deck_masks, np.zeros(RANKS, np.int64)), kt, x["pol"], qry, 2)
