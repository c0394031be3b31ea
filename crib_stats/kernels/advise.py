"""The play advisor: the opponent's kept hand as a posterior, and every legal card's value.

The opponent was dealt ``dealt`` cards from a ``pool`` (the cards you have not seen: the pack
less your dealt cards and the starter) and threw by a policy that depends on their own cards
only. :func:`keep_posterior` walks every hand of the pool that holds the opponent's played
cards (``must``), finds the throws the policy chooses (the objective of
:func:`.game.choose_throw` over :func:`.sweep.deal_values`: dealer max E[hand] + E[crib], pone
max E[hand] - E[crib], exact integers over one denominator; every throw tied on the objective
takes an equal share ``scale / n_tied``; with ``rank_throws`` only the throws of the thrown ranks
of its row compete) and adds each share whose kept cards hold every card of ``must`` and whose
kept rank multiset is allowed (``ok_rows``: it reproduces the play so far, :func:`replay`) to
``weight[kept row, hand points, crib points]`` (the two show points only when ``with_show``;
else the last two indices are 0).

The play is on ranks (:mod:`.play`): :func:`replay` replays the history with your hand and one
kept rank multiset of the opponent's and says whether the rules reproduce it (the player to move
is always the history's, so a go falls exactly where the opponent could not play), and
:func:`card_values` plays each of your candidate ranks and then greedy for both to the end,
returning the points each side scores from now on, as scoring events in order.

A reduced pack (a few ranks, four suits) works as the full one does (``n_deck_ranks``,
``jack_in_deck``), which is how the tests hold it against a plain-Python twin.
"""

from __future__ import annotations

import numpy as np
from .jit import njit, prange

from .combinatorics import n_choose_k
from .constants import CRIB_FLUSH, RANKS
from .game import sort_small
from .play import MAX_CARDS, S_DEALER, S_DONE, S_PONE, S_TURN, held, new_play, play_card, settle, FITS
from .pips import pip
from .policies import greedy_choice
from .show import card_summary, hand_points
from .sweep import deal_values

SHOW_BINS = 30  # a hand or a crib scores at most 29
MAX_EVENTS = 16  # scoring events of the rest of one play (at most one a card, a go or last card each)
CHUNKS = 8  # partial tallies of the walk (integer sums: the split never shows)
# why a kept rank multiset cannot reproduce the play (replay's status; the step is status // 8)
OK, NOT_HELD, PASSED_WHEN_ABLE, OVER_31, PLAY_OVER, NOT_MY_TURN = range(6)


@njit(cache=True)
def _objective_best(cards, row, role, rank_hand, rank_crib, throws, n_deck_ranks, jack_in_deck, n_other,
                    rank_throws, hs, cs, tk, kk, obj):
    """Fill ``obj`` with the policy's objective of every throw (-2**60 for throws the policy
    excludes) and return the best value."""
    n_throws = throws.shape[0]
    deal_values(cards, row, rank_hand, rank_crib, throws, n_deck_ranks, jack_in_deck, n_other, hs, cs, tk, kk)
    n_unseen = 4 * n_deck_ranks - cards.shape[0]
    per = 1
    for i in range(n_other):  # C(n_unseen - 1, n_other)
        per = per * (n_unseen - 1 - i) // (i + 1)
    best = -(1 << 60)
    restrict = rank_throws.shape[1] > 1
    for q in range(n_throws):
        v = hs[q] * per + (cs[q] if role == 1 else -cs[q])
        if restrict and (tk[q] >> 1) != rank_throws[role - 1, row]:
            v = -(1 << 60)
        obj[q] = v
        if v > best:
            best = v
    return best


@njit(cache=True, inline="always")
def _hand_shares(cards, dealt, mustmask, role, index, rank_hand, rank_crib, throws, n_deck_ranks, jack_in_deck,
                 n_other, rank_throws, keep_index, ok_rows, share_scale, with_show, starter, my_thrown, hand_table,
                 crib_table, weight, hs, cs, tk, kk, obj, kept, crib):
    """Add one hand's shares (``share_scale`` split among its tied throws) to ``weight``;
    True when at least one share is allowed."""
    throw = throws.shape[1]
    keep = dealt - throw
    n_throws = throws.shape[0]
    key = 0
    for i in range(dealt):
        key = key * RANKS + (cards[i] >> 2)
    row = index[key]
    best = _objective_best(cards, row, role, rank_hand, rank_crib, throws, n_deck_ranks, jack_in_deck, n_other,
                           rank_throws, hs, cs, tk, kk, obj)
    tied = 0
    for q in range(n_throws):
        if obj[q] == best:
            tied += 1
    share = share_scale // tied
    counted = False
    for q in range(n_throws):
        if obj[q] != best:
            continue
        thrown = 0
        for i in range(throw):
            thrown |= 1 << throws[q, i]
        if thrown & mustmask:
            continue
        kr = keep_index[kk[q]]
        if not ok_rows[kr]:
            continue
        counted = True
        hp = 0
        cp = 0
        if with_show:
            m = 0
            for i in range(dealt):
                if not (thrown >> i) & 1:
                    kept[m] = cards[i]
                    m += 1
            base, suit, jacks = card_summary(kept, keep)
            hp = hand_points(hand_table, base * RANKS, suit, jacks, keep, starter)
            for i in range(throw):
                crib[i] = cards[throws[q, i]]
            for i in range(4 - throw):
                crib[throw + i] = my_thrown[i]
            sort_small(crib, 4)
            base, suit, jacks = card_summary(crib, 4)
            su = starter & 3
            cp = crib_table[base * RANKS + (starter >> 2)] + ((jacks >> su) & 1)
            if suit >= 0 and suit == su:
                cp += CRIB_FLUSH
        weight[kr, hp, cp] += share
    return counted


@njit(cache=True, parallel=True)
def keep_posterior(pool, must, dealt, role, index, rank_hand, rank_crib, throws, n_deck_ranks, jack_in_deck,
                   n_other, rank_throws, keep_index, ok_rows, scale, with_show, starter, my_thrown, hand_table,
                   crib_table):
    """(weight (rows, B, B), hands): the posterior weights described in the module docstring
    (B = SHOW_BINS with ``with_show``, else 1) and how many hands keep at least one allowed
    multiset, by a walk over every hand. ``pool`` and ``must`` sorted card codes, ``must`` a
    subset of ``pool``; ``role`` 1 the opponent deals, 2 they are the pone; ``my_thrown`` your
    thrown cards (the crib's other cards), ``starter`` the starter's code (both used only with
    ``with_show``)."""
    n_rows = ok_rows.shape[0]
    bins = SHOW_BINS if with_show else 1
    n_must = must.shape[0]
    free = np.zeros(pool.shape[0] - n_must, np.int64)
    f = 0
    for c in pool:
        inside = False
        for x in must:
            if x == c:
                inside = True
        if not inside:
            free[f] = c
            f += 1
    n_free = free.shape[0]
    k = dealt - n_must  # free cards in each hand
    weight = np.zeros((CHUNKS, n_rows, bins, bins), np.int64)
    hands = np.zeros(CHUNKS, np.int64)
    n_throws = throws.shape[0]
    keep = dealt - throws.shape[1]
    if k < 1 or k > n_free:
        return weight.sum(axis=0), 0
    firsts = n_free - k + 1
    for ch in prange(CHUNKS):
        idx = np.zeros(k, np.int64)
        cards = np.zeros(dealt, np.int64)
        hs = np.zeros(n_throws, np.int64)
        cs = np.zeros(n_throws, np.int64)
        tk = np.zeros(n_throws, np.int64)
        kk = np.zeros(n_throws, np.int64)
        obj = np.zeros(n_throws, np.int64)
        kept = np.zeros(keep, np.int64)
        crib = np.zeros(4, np.int64)
        for first in range(ch, firsts, CHUNKS):
            # every k-subset of free whose lowest index is ``first``, in lexicographic order
            idx[0] = first
            for j in range(1, k):
                idx[j] = first + j
            while True:
                # the hand: must + the chosen free cards, sorted (a merge of two sorted lists)
                a = 0
                b = 0
                for i in range(dealt):
                    if b >= k or (a < n_must and must[a] < free[idx[b]]):
                        cards[i] = must[a]
                        a += 1
                    else:
                        cards[i] = free[idx[b]]
                        b += 1
                mustmask = 0
                for i in range(dealt):
                    for x in must:
                        if x == cards[i]:
                            mustmask |= 1 << i
                if _hand_shares(cards, dealt, mustmask, role, index, rank_hand, rank_crib, throws, n_deck_ranks,
                                jack_in_deck, n_other, rank_throws, keep_index, ok_rows, scale, with_show, starter,
                                my_thrown, hand_table, crib_table, weight[ch], hs, cs, tk, kk, obj, kept, crib):
                    hands[ch] += 1
                # the next subset with the same first index
                if k == 1:
                    break
                j = k - 1
                while j >= 1 and idx[j] == n_free - k + j:
                    j -= 1
                if j < 1:
                    break
                idx[j] += 1
                for t in range(j + 1, k):
                    idx[t] = idx[t - 1] + 1
    return weight.sum(axis=0), hands.sum()


@njit(cache=True, inline="always")
def _popcount4(x):
    return (x & 1) + ((x >> 1) & 1) + ((x >> 2) & 1) + ((x >> 3) & 1)


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
    ranks = np.zeros(dealt, np.int64)
    opts = np.zeros((dealt, 6), np.int64)
    n_opts = np.zeros(dealt, np.int64)
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
        ranks = np.zeros(dealt, np.int64)
        opts = np.zeros((dealt, 6), np.int64)
        n_opts = np.zeros(dealt, np.int64)
        d, ways = _suit_options(multisets[h], deck_masks, ranks, opts, n_opts)
        if ways == 0:
            continue
        pick = np.zeros(dealt, np.int64)
        cards = np.zeros(dealt, np.int64)
        hs = np.zeros(n_throws, np.int64)
        cs = np.zeros(n_throws, np.int64)
        tk = np.zeros(n_throws, np.int64)
        kk = np.zeros(n_throws, np.int64)
        obj = np.zeros(n_throws, np.int64)
        at = offsets[h]
        first = -3
        same = True
        while True:
            _assign(ranks, opts, pick, d, cards)
            key = 0
            for i in range(dealt):
                key = key * RANKS + (cards[i] >> 2)
            best = _objective_best(cards, index[key], role, rank_hand, rank_crib, throws, n_deck_ranks, jack_in_deck,
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
    """:func:`keep_posterior` without the show, from :func:`keep_table` read as :func:`sparse_keeps`: a rank multiset's hands in the
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
        ranks = np.zeros(dealt, np.int64)
        opts = np.zeros((dealt, 6), np.int64)
        n_opts = np.zeros(dealt, np.int64)
        pick = np.zeros(dealt, np.int64)
        cards = np.zeros(dealt, np.int64)
        hs = np.zeros(n_throws, np.int64)
        cs = np.zeros(n_throws, np.int64)
        tk = np.zeros(n_throws, np.int64)
        kk = np.zeros(n_throws, np.int64)
        obj = np.zeros(n_throws, np.int64)
        kept = np.zeros(keep, np.int64)
        crib = np.zeros(4, np.int64)
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
                    inside = True
                    for i in range(d):
                        sub = opts[i, pick[i]]
                        r = ranks[i]
                        if (sub & pool_masks[r]) != sub or (sub & must_masks[r]) != must_masks[r]:
                            inside = False
                            break
                    if inside:
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
                inside = True
                for i in range(d):
                    sub = opts[i, pick[i]]
                    r = ranks[i]
                    if (sub & pool_masks[r]) != sub or (sub & must_masks[r]) != must_masks[r]:
                        inside = False
                        break
                if not inside:
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
    return _hand_shares(cards, dealt, mustmask, role, index, rank_hand, rank_crib, throws, n_deck_ranks, jack_in_deck,
                        n_other, rank_throws, keep_index, ok_rows, scale, False, 0, empty, empty, empty, weight, hs,
                        cs, tk, kk, obj, kept, crib)


@njit(cache=True)
def replay(mine, theirs, me, ranks, owners, n, stop_at_go):
    """Replay the ``n`` cards of a play so far (``ranks``; ``owners`` 0 yours, 1 theirs) with your
    rank counts ``mine`` and the opponent's ``theirs``, ``me`` 0 when you are the pone: (status,
    state, seq), the status :data:`OK` or the reason the play cannot have gone so, plus
    8 x the number of cards replayed before it failed. OK also needs it to be your turn now."""
    st, seq = new_play(mine if me == 0 else theirs, theirs if me == 0 else mine)
    st = settle(st, stop_at_go)
    for i in range(n):
        if st[S_DONE] != 0:
            return PLAY_OVER + 8 * i, st, seq
        who = me if owners[i] == 0 else 1 - me
        r = ranks[i]
        if st[S_TURN] != who:
            # the history says `who` plays while the stepper says the other must: that player
            # could play (a go is only said when no card fits)
            return PASSED_WHEN_ABLE + 8 * i, st, seq
        if held(st, who, r) == 0:
            return NOT_HELD + 8 * i, st, seq
        if ((FITS[st[0]] >> (4 * r)) & 15) == 0:
            return OVER_31 + 8 * i, st, seq
        st = settle(play_card(seq, st, r), stop_at_go)
    if st[S_DONE] != 0:
        return PLAY_OVER + 8 * n, st, seq
    if st[S_TURN] != me:
        return NOT_MY_TURN + 8 * n, st, seq
    return OK, st, seq


@njit(cache=True)
def greedy_consistent(mine, sets, me, ranks, owners, n, stop_at_go):
    """Per kept rank multiset of the opponent's (rows of ``sets``): True when the play so far is
    what the rules give with the opponent playing greedy (every card of theirs greedy's choice),
    your cards as given, and it is your turn now. What an opponent known to play greedy reveals
    beyond the rules (the measurement of :mod:`crib_stats.game.advise_value` uses it)."""
    rows = sets.shape[0]
    out = np.zeros(rows, np.bool_)
    for row in range(rows):
        st, seq = new_play(mine if me == 0 else sets[row], sets[row] if me == 0 else mine)
        st = settle(st, stop_at_go)
        good = True
        for i in range(n):
            who = me if owners[i] == 0 else 1 - me
            r = ranks[i]
            if st[S_DONE] != 0 or st[S_TURN] != who or held(st, who, r) == 0 or ((FITS[st[0]] >> (4 * r)) & 15) == 0:
                good = False
                break
            if who != me and greedy_choice(seq, st) != r:
                good = False
                break
            st = settle(play_card(seq, st, r), stop_at_go)
        out[row] = good and st[S_DONE] == 0 and st[S_TURN] == me
    return out


@njit(cache=True)
def card_values(mine, sets, me, ranks, owners, n, stop_at_go, candidates):
    """For every kept rank multiset (rows of ``sets``): the replay's status (``status``) and, when
    OK, for each candidate rank of yours (that you may play now) the scoring events of the rest
    of the play, that card first and greedy for both after it: ``who[row, c, e]`` (0 you, 1 the
    opponent), ``pts[row, c, e]``, ``n_ev[row, c]``; and ``net[row, c]`` = your points from now
    on minus theirs. Returns (status, net, who, pts, n_ev)."""
    rows = sets.shape[0]
    nc = candidates.shape[0]
    status = np.zeros(rows, np.int64)
    net = np.zeros((rows, nc), np.int64)
    who = np.zeros((rows, nc, MAX_EVENTS), np.int64)
    pts = np.zeros((rows, nc, MAX_EVENTS), np.int64)
    n_ev = np.zeros((rows, nc), np.int64)
    for row in range(rows):
        s, st0, seq0 = replay(mine, sets[row], me, ranks, owners, n, stop_at_go)
        status[row] = s
        if s != OK:
            continue
        for c in range(nc):
            seq = seq0.copy()
            st = st0
            e = 0
            first = True
            while st[S_DONE] == 0:
                r = candidates[c] if first else greedy_choice(seq, st)
                first = False
                before = (st[S_PONE], st[S_DEALER])
                st = settle(play_card(seq, st, r), stop_at_go)
                for player in range(2):  # the card's points, then any go / last card after it
                    gained = (st[S_PONE] - before[0]) if player == 0 else (st[S_DEALER] - before[1])
                    if gained == 0:
                        continue
                    mover = 0 if player == me else 1
                    # the card's scorer is the one who played it: settle's go point goes to the
                    # last player, who is that same player, so one event per player per card
                    if e > 0 and who[row, c, e - 1] == mover:
                        pts[row, c, e - 1] += gained
                    else:
                        who[row, c, e] = mover
                        pts[row, c, e] = gained
                        e += 1
                    net[row, c] += gained if mover == 0 else -gained
            n_ev[row, c] = e
    return status, net, who, pts, n_ev


@njit(cache=True)
def now(mine, theirs, me, ranks, owners, n, stop_at_go):
    """(the rank greedy would play now, the count now) after the play so far, with ``theirs``
    any kept multiset the replay accepts (neither depends on which: your hand and the play so
    far decide both); (-1, -1) when the replay fails."""
    s, st, seq = replay(mine, theirs, me, ranks, owners, n, stop_at_go)
    if s != OK:
        return -1, -1
    return greedy_choice(seq, st), st[0]


@njit(cache=True, parallel=True)
def board_walk(weight, net_who, net_pts, n_ev, ok, mine_now, theirs_now, me, my_hand, target, win, skunk,
               skunk_line):
    """P(you win) sums for every candidate: ``weight[row, hp, cp]`` of :func:`keep_posterior`
    (with the show), the play's events of :func:`card_values`, then the pone's hand, the
    dealer's hand (yours ``my_hand``, theirs ``hp``) and the crib (``cp``, the dealer's), the game
    ending the moment a side reaches ``target`` (a skunk: the loser below ``skunk_line``). Where
    it does not end, the board decides: ``win[a, b]`` P(the next dealer, at a against b, wins),
    ``skunk[0, a, b]`` P(he wins with a skunk or better), ``skunk[1, a, b]`` P(he is skunked).
    Returns (candidates, 4) floats (the board is a float model): per candidate the sums of
    weight x P(you win), x P(you win with a skunk), x P(you are skunked), and of the weights."""
    rows, bins, _ = weight.shape
    nc = net_pts.shape[1]
    out = np.zeros((CHUNKS, nc, 4), np.float64)
    for ch in prange(CHUNKS):
        for row in range(ch, rows, CHUNKS):
            if not ok[row]:
                continue
            for hp in range(bins):
                for cp in range(bins):
                    w = weight[row, hp, cp]
                    if w == 0:
                        continue
                    for c in range(nc):
                        a = mine_now
                        b = theirs_now
                        done = 0  # 1 you reached the target, 2 they did
                        for e in range(n_ev[row, c]):
                            if net_who[row, c, e] == 0:
                                a += net_pts[row, c, e]
                            else:
                                b += net_pts[row, c, e]
                            if a >= target:
                                done = 1
                                break
                            if b >= target:
                                done = 2
                                break
                        if done == 0:
                            # the show: pone's hand, dealer's hand, crib (the dealer's)
                            if me == 0:
                                a += my_hand
                                if a >= target:
                                    done = 1
                                else:
                                    b += hp + cp  # the dealer's hand, then his crib: one side's
                                    if b >= target:
                                        done = 2
                            else:
                                b += hp
                                if b >= target:
                                    done = 2
                                else:
                                    a += my_hand + cp
                                    if a >= target:
                                        done = 1
                        if done == 1:
                            out[ch, c, 0] += w
                            if b < skunk_line:
                                out[ch, c, 1] += w
                        elif done == 2:
                            if a < skunk_line:
                                out[ch, c, 2] += w
                        else:
                            # the deal passes: the pone now deals next
                            if me == 0:
                                p = win[a, b]
                                out[ch, c, 0] += w * p
                                out[ch, c, 1] += w * skunk[0, a, b]
                                out[ch, c, 2] += w * skunk[1, a, b]
                            else:
                                p = win[b, a]
                                out[ch, c, 0] += w * (1.0 - p)
                                out[ch, c, 1] += w * skunk[1, b, a]
                                out[ch, c, 2] += w * skunk[0, b, a]
                        out[ch, c, 3] += w
    return out.sum(axis=0)


def warmup() -> None:
    from .combinatorics import combinations, rank_multisets
    from .show import rank_table
    from .sweep import keep_rows, rank_memo

    deck = np.array([3, 4, 10], np.int64)
    t5 = rank_table(5)
    index, rh, rc = rank_memo(deck, 6, 2, 2, t5, t5)
    kidx, kms = keep_rows(4, deck)
    pool = np.array([12, 13, 14, 15, 16, 17, 18, 19, 40, 41, 42], np.int64)
    ok = np.ones(kms.shape[0], np.bool_)
    none = np.full((2, 1), -1, np.int64)
    for show in (False, True):
        w, _ = keep_posterior(pool, pool[:1], 6, 1, index, rh, rc, combinations(6, 2), 3, True, 2, none, kidx,
                              ok, 360360, show, 43, np.array([20, 21], np.int64), t5, t5)
    six = rank_multisets(6, deck)
    masks = np.zeros(RANKS, np.int64)
    masks[deck] = 15
    offsets = hand_offsets(six, masks, 6)
    table, kstar, throw_of = keep_table(six, masks, offsets, 6, 1, index, rh, rc, combinations(6, 2), 3, True, 2, none,
                                        kidx)
    major, es, ei, ek, eq = sparse_keeps(offsets, table, throw_of)
    keep_posterior_sparse(masks, np.zeros(RANKS, np.int64), masks, six, offsets, table, throw_of, major, es, ei, ek, eq,
                          kms, 6, 1, index, rh, rc, combinations(6, 2), 3, True, 2, none, kidx, ok, 360360)
    mine = np.zeros(RANKS, np.int64)
    mine[3] = 2
    mine[4] = 2
    ranks = np.zeros(8, np.int64)
    owners = np.zeros(8, np.int64)
    st, net, who, pts, ne = card_values(mine, kms[:2], 0, ranks, owners, 0, False, np.array([3, 4], np.int64))
    now(mine, kms[0], 0, ranks, owners, 0, False)
    greedy_consistent(mine, kms[:2], 0, ranks, owners, 0, False)
    table = np.zeros((130, 130), np.float64)
    sk = np.zeros((2, 130, 130), np.float64)
    board_walk(w, who, pts, ne, st == 0, 100, 100, 0, 4, 121, table, sk, 91)
