"""The sweep: every deal's best throw for three objectives, with a rank memo for the crib.

For one deal and one throw, the sums that :mod:`.crib` tallies (hand points over every unseen
starter; crib points over every unseen starter and every set of other crib cards from the
cards left) split into a rank part and a suit part:

- the rank part (fifteens, pairs, runs) depends only on the dealt rank multiset and on which
  sorted positions are thrown, because the unseen rank counts are 4 minus the dealt counts.
  :func:`rank_memo` computes it once per (dealt rank multiset, throw) by rank classes of the
  starter and the other crib cards;
- the suit part is counted per deal in closed form (:func:`deal_values`): with ``m[u]`` the
  unseen cards of suit u, U unseen cards and P = C(U - 1, n_other) crib sets per starter,
  hand flush of k kept cards of suit u: k * U + m[u]; hand nobs, a kept jack of suit u: m[u];
  crib nobs, a thrown jack of suit u: m[u] * P, an unseen jack of suit u: (m[u] - 1) *
  C(U - 2, n_other - 1); crib flush of a throw of suit u: 5 * m[u] * C(m[u] - 1, n_other).

:func:`sweep_chunks` then picks each deal's throw for the hand-only, dealer and pone
objectives (all compared as integers over the common denominator U * P) and accumulates
integer tallies weighted by the deal's suit-class size. Roles: 0 hand-only, 1 dealer, 2 pone.

Tie rule (every step is invariant under renaming suits, so the tallies equal those of a walk
over every deal): the best objective; then the higher E[hand]; then the lower throw key
(thrown ranks base 13, then offsuit before suited); then the lower E[crib]; then the lower
throw index. Throws still tied after the key and E[crib] steps agree in every tallied figure.

A five-card deal from a deck of fives and jacks, 5♣ 5♦ 5♥ 5♠ J♣, throwing 5♠ J♣: the
unseen cards are J♦ J♥ J♠; for each starter the hand 5 5 5 + J scores 4 fifteens and 3
pairs (14) and the crib 5 J J J + J scores 4 fifteens and 6 pairs (20), no nobs, no flush:

>>> from crib_stats.core.tables import rank_table
>>> index, rank_hand, rank_crib = rank_memo(np.array([4, 10]), 5, 2, 2, rank_table(4), rank_table(5))
>>> hs, cs, tk, kk = (np.zeros(10, np.int64) for _ in range(4))
>>> row = index[(((4 * 13 + 4) * 13 + 4) * 13 + 4) * 13 + 10]
>>> deal_values(np.array([16, 17, 18, 19, 40]), row, rank_hand, rank_crib, combinations(5, 2), 2, True, 2,
...             hs, cs, tk, kk)
>>> int(hs[9]), int(cs[9])        # throw 9 = sorted positions (3, 4): 3 x 14, 3 x 20
(42, 60)

Per-role totals (weighted by deals): deals; hand sum; crib sum; objective sum (over U * P);
deals whose choice is not hand-optimal; gain over the hand-only policy's choice; ties (more
than one throw with the best objective); ties after E[hand]; ties across throw keys; deals
whose throw key differs from the hand-only policy's; gain over the best hand-optimal throw
for the role (the trade-off value, independent of any tie rule).
"""

from __future__ import annotations

import numpy as np
from .jit import njit, prange

from .combinatorics import combinations, n_choose_k, rank_multisets, sorted_ranks
from .constants import CRIB_FLUSH, HAND_BINS, JACK, NCHUNKS, RANKS

ROLES = 3  # hand-only, dealer, pone
# columns of the per-role totals
(T_DEALS, T_HAND, T_CRIB, T_OBJ, T_DIFFERS, T_GAIN, T_TIES, T_TIES_HAND, T_TIES_KEY, T_DIFFERS_KEY,
 T_GAIN_TRADE) = range(11)
TOTALS = 11


@njit(cache=True)
def _others_sum(crib_table, tbase, cnt, n_other, sr):
    """Sum of the crib's rank points over every set of ``n_other`` cards drawn from the rank
    counts ``cnt`` (the starter already removed), with thrown ranks ``tbase`` and starter rank sr."""
    total = 0
    for a in range(RANKS):
        na = cnt[a]
        if na == 0:
            continue
        for b in range(a, RANKS):
            nb = cnt[b]
            if n_other == 2:
                w = na * (na - 1) // 2 if a == b else na * nb
                if w > 0:
                    total += w * crib_table[((tbase * RANKS + a) * RANKS + b) * RANKS + sr]
                continue
            if nb == 0 or (a == b and na < 2):
                continue
            for c in range(b, RANKS):
                nc = cnt[c]
                if a == b and b == c:
                    w = na * (na - 1) * (na - 2) // 6
                elif a == b:
                    w = na * (na - 1) // 2 * nc
                elif b == c:
                    w = na * (nb * (nb - 1) // 2)
                else:
                    w = na * nb * nc
                if w > 0:
                    total += w * crib_table[(((tbase * RANKS + a) * RANKS + b) * RANKS + c) * RANKS + sr]
    return total


@njit(cache=True, parallel=True)
def rank_memo(deck_ranks, dealt, throw, n_other, hand_table, crib_table):
    """Rank parts of every throw of every dealt rank multiset from a deck of all four suits of
    ``deck_ranks``.

    Returns (index, rank_hand, rank_crib): ``index[key]`` is the row of the sorted rank tuple
    with base-13 key ``key`` (-1 for others); ``rank_hand[row, q]`` the hand's rank points
    summed over every unseen starter and ``rank_crib[row, q]`` the crib's over every unseen
    starter and set of ``n_other`` other cards, for the throw of sorted positions
    ``combinations(dealt, throw)[q]``. ``hand_table`` scores dealt - throw + 1 ranks,
    ``crib_table`` five.
    """
    throws = combinations(dealt, throw)
    n_throws = throws.shape[0]
    keep = dealt - throw
    multisets = rank_multisets(dealt, deck_ranks)
    n_rows = multisets.shape[0]
    index = np.full(RANKS**dealt, -1, np.int32)
    in_deck = np.zeros(RANKS, np.int64)
    for i in range(deck_ranks.shape[0]):
        in_deck[deck_ranks[i]] = 1
    rank_hand = np.zeros((n_rows, n_throws), np.int64)
    rank_crib = np.zeros((n_rows, n_throws), np.int64)
    for row in prange(n_rows):
        ranks = np.zeros(dealt, np.int64)
        index[sorted_ranks(multisets[row], ranks)] = row
        unseen = np.zeros(RANKS, np.int64)
        for r in range(RANKS):
            unseen[r] = in_deck[r] * (4 - multisets[row, r])
        tkeys = np.zeros(n_throws, np.int64)
        for q in range(n_throws):
            thrown = np.zeros(dealt, np.bool_)
            tbase = 0
            for i in range(throw):
                thrown[throws[q, i]] = True
                tbase = tbase * RANKS + ranks[throws[q, i]]
            tkeys[q] = tbase
            kbase = 0
            for i in range(dealt):
                if not thrown[i]:
                    kbase = kbase * RANKS + ranks[i]
            h = 0
            for r in range(RANKS):
                h += unseen[r] * hand_table[kbase * RANKS + r]
            rank_hand[row, q] = h
            done = -1
            for p in range(q):
                if tkeys[p] == tbase:
                    done = p
                    break
            if done >= 0:
                rank_crib[row, q] = rank_crib[row, done]
                continue
            c = 0
            for sr in range(RANKS):
                if unseen[sr] == 0:
                    continue
                unseen[sr] -= 1
                c += (unseen[sr] + 1) * _others_sum(crib_table, tbase, unseen, n_other, sr)
                unseen[sr] += 1
            rank_crib[row, q] = c
    return index, rank_hand, rank_crib


@njit(cache=True)
def deal_values(cards, row, rank_hand, rank_crib, throws, n_deck_ranks, jack_in_deck, n_other,
                hand_sum, crib_sum, tkey, kkey):
    """Exact sums of one sorted deal ``cards`` (rank-multiset row ``row``) for every throw:
    writes the hand points over every unseen starter (``hand_sum``), the crib points over every
    unseen starter and set of other crib cards (``crib_sum``), the throw key (thrown ranks base
    13, times 2, plus 1 when a two-card throw is suited) and the kept ranks' base-13 key."""
    dealt = cards.shape[0]
    n_throws = throws.shape[0]
    throw = throws.shape[1]
    keep = dealt - throw
    n_unseen = 4 * n_deck_ranks - dealt
    per = n_choose_k(n_unseen - 1, n_other)
    with_jack = n_choose_k(n_unseen - 2, n_other - 1)
    m = np.full(4, n_deck_ranks)
    held_jacks = 0
    for i in range(dealt):
        m[cards[i] & 3] -= 1
        if (cards[i] >> 2) == JACK:
            held_jacks |= 1 << (cards[i] & 3)
    for q in range(n_throws):
        tsuit = -2
        tjacks = 0
        tb = 0
        thrown = 0
        for i in range(throw):
            card = cards[throws[q, i]]
            thrown |= 1 << throws[q, i]
            tb = tb * RANKS + (card >> 2)
            if tsuit == -2:
                tsuit = card & 3
            elif tsuit != (card & 3):
                tsuit = -1
            if (card >> 2) == JACK:
                tjacks |= 1 << (card & 3)
        ksuit = -2
        kjacks = 0
        kb = 0
        for i in range(dealt):
            if (thrown >> i) & 1:
                continue
            card = cards[i]
            kb = kb * RANKS + (card >> 2)
            if ksuit == -2:
                ksuit = card & 3
            elif ksuit != (card & 3):
                ksuit = -1
            if (card >> 2) == JACK:
                kjacks |= 1 << (card & 3)
        h = rank_hand[row, q]
        if ksuit >= 0:
            h += keep * n_unseen + m[ksuit]
        c = rank_crib[row, q]
        if tsuit >= 0:
            c += CRIB_FLUSH * m[tsuit] * n_choose_k(m[tsuit] - 1, n_other)
        for su in range(4):
            if (kjacks >> su) & 1:
                h += m[su]
            if (tjacks >> su) & 1:
                c += m[su] * per
            elif jack_in_deck and not (held_jacks >> su) & 1:
                c += (m[su] - 1) * with_jack
        hand_sum[q] = h
        crib_sum[q] = c
        tkey[q] = tb * 2 + (1 if throw == 2 and tsuit >= 0 else 0)
        kkey[q] = kb


@njit(cache=True)
def tie_rule_pick(obj, hand_sum, crib_sum, tkey, n_throws):
    """Index of the throw the tie rule picks, and whether the best objective was tied, still
    tied on E[hand], and tied across different throw keys."""
    best = 0
    for q in range(1, n_throws):
        if obj[q] != obj[best]:
            better = obj[q] > obj[best]
        elif hand_sum[q] != hand_sum[best]:
            better = hand_sum[q] > hand_sum[best]
        elif tkey[q] != tkey[best]:
            better = tkey[q] < tkey[best]
        else:
            better = crib_sum[q] < crib_sum[best]
        if better:
            best = q
    n_obj = 0
    n_hand = 0
    other_key = False
    for q in range(n_throws):
        if obj[q] == obj[best]:
            n_obj += 1
            if hand_sum[q] == hand_sum[best]:
                n_hand += 1
                if tkey[q] != tkey[best]:
                    other_key = True
    return best, n_obj > 1, n_hand > 1, other_key


@njit(cache=True, parallel=True)
def sweep_chunks(deals, weights, index, rank_hand, rank_crib, throw, n_deck_ranks, jack_in_deck,
                 n_other, keep_index, n_keeps, n_tkeys):
    """Integer tallies of every deal (rows of ``deals`` with suit-class ``weights``) for the
    three roles. Returns (totals (3, TOTALS), throw_count, throw_hand, throw_crib (3, n_tkeys),
    keep_count, keep_hand (3, n_keeps), hand_bins (3, HAND_BINS)); see the module docstring
    for the objectives. ``keep_index`` maps kept ranks' base-13 key to a kept-multiset row."""
    n_deals = deals.shape[0]
    dealt = deals.shape[1]
    throws = combinations(dealt, throw)
    n_throws = throws.shape[0]
    n_unseen = 4 * n_deck_ranks - dealt
    per = n_choose_k(n_unseen - 1, n_other)
    totals = np.zeros((NCHUNKS, ROLES, TOTALS), np.int64)
    t_count = np.zeros((NCHUNKS, ROLES, n_tkeys), np.int64)
    t_hand = np.zeros((NCHUNKS, ROLES, n_tkeys), np.int64)
    t_crib = np.zeros((NCHUNKS, ROLES, n_tkeys), np.int64)
    k_count = np.zeros((NCHUNKS, ROLES, n_keeps), np.int64)
    k_hand = np.zeros((NCHUNKS, ROLES, n_keeps), np.int64)
    bins = np.zeros((NCHUNKS, ROLES, HAND_BINS), np.int64)
    for ch in prange(NCHUNKS):
        cards = np.zeros(dealt, np.int64)
        hs = np.zeros(n_throws, np.int64)
        cs = np.zeros(n_throws, np.int64)
        tk = np.zeros(n_throws, np.int64)
        kk = np.zeros(n_throws, np.int64)
        obj = np.zeros(n_throws, np.int64)
        for d in range(ch * n_deals // NCHUNKS, (ch + 1) * n_deals // NCHUNKS):
            w = weights[d]
            key = 0
            for i in range(dealt):
                cards[i] = deals[d, i]
                key = key * RANKS + (cards[i] >> 2)
            deal_values(cards, index[key], rank_hand, rank_crib, throws, n_deck_ranks, jack_in_deck,
                        n_other, hs, cs, tk, kk)
            best_hand = hs.max()
            hand_choice = 0
            for role in range(ROLES):
                for q in range(n_throws):
                    obj[q] = hs[q] * per
                    if role == 1:
                        obj[q] += cs[q]
                    elif role == 2:
                        obj[q] -= cs[q]
                b, tie, tie_hand, tie_key = tie_rule_pick(obj, hs, cs, tk, n_throws)
                if role == 0:
                    hand_choice = b
                best_hand_opt = obj[hand_choice]  # the best objective among hand-optimal throws
                for q in range(n_throws):
                    if hs[q] == best_hand and obj[q] > best_hand_opt:
                        best_hand_opt = obj[q]
                tot = totals[ch, role]
                tot[T_DEALS] += w
                tot[T_HAND] += w * hs[b]
                tot[T_CRIB] += w * cs[b]
                tot[T_OBJ] += w * obj[b]
                if hs[b] < best_hand:
                    tot[T_DIFFERS] += w
                tot[T_GAIN] += w * (obj[b] - obj[hand_choice])
                if tie:
                    tot[T_TIES] += w
                if tie_hand:
                    tot[T_TIES_HAND] += w
                if tie_key:
                    tot[T_TIES_KEY] += w
                if tk[b] != tk[hand_choice]:
                    tot[T_DIFFERS_KEY] += w
                tot[T_GAIN_TRADE] += w * (obj[b] - best_hand_opt)
                t_count[ch, role, tk[b]] += w
                t_hand[ch, role, tk[b]] += w * hs[b]
                t_crib[ch, role, tk[b]] += w * cs[b]
                kr = keep_index[kk[b]]
                k_count[ch, role, kr] += w
                k_hand[ch, role, kr] += w * hs[b]
                bins[ch, role, 2 * hs[b] // n_unseen] += w
    return (totals.sum(axis=0), t_count.sum(axis=0), t_hand.sum(axis=0), t_crib.sum(axis=0),
            k_count.sum(axis=0), k_hand.sum(axis=0), bins.sum(axis=0))


@njit(cache=True)
def keep_rows(keep, deck_ranks):
    """(index, multisets): ``index[key]`` is the row of the sorted kept rank tuple with base-13
    key ``key`` (-1 for others) among ``multisets`` = rank_multisets(keep, deck_ranks)."""
    multisets = rank_multisets(keep, deck_ranks)
    index = np.full(RANKS**keep, -1, np.int32)
    ranks = np.zeros(keep, np.int64)
    for row in range(multisets.shape[0]):
        index[sorted_ranks(multisets[row], ranks)] = row
    return index, multisets


def warmup() -> None:
    from .show import rank_table  # lazy: numba only when used

    deck = np.array([3, 4, 10], np.int64)
    t5 = rank_table(5)
    t4 = rank_table(4)
    deals = np.array([[12, 16, 17, 40, 41, 42]], np.int8)
    weights = np.ones(1, np.int64)
    for dealt, throw, n_other, table in ((6, 2, 2, t5), (5, 1, 3, t5), (5, 2, 2, t4)):
        index, rh, rc = rank_memo(deck, dealt, throw, n_other, table, t5)
        kidx, kms = keep_rows(dealt - throw, deck)
        sweep_chunks(deals[:, :dealt], weights, index, rh, rc, throw, 3, True, n_other, kidx,
                     kms.shape[0], 2 * RANKS**throw)
