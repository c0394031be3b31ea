"""The opponent's kept hand as a posterior, by a walk over every hand they can hold.

The opponent was dealt ``dealt`` cards from a ``pool`` (the cards you have not seen: the pack
less your dealt cards and the starter) and threw by a policy that depends on their own cards
only. :func:`keep_posterior` walks every hand of the pool that holds the opponent's played
cards (``must``), finds the throws the policy chooses (the objective of
:func:`.game.choose_throw` over :func:`.sweep.deal_values`: dealer max E[hand] + E[crib], pone
max E[hand] - E[crib], exact integers over one denominator; every throw tied on the objective
takes an equal share ``scale / n_tied``; with ``rank_throws`` only the throws of the thrown ranks
of its row compete) and adds each share whose kept cards hold every card of ``must`` and whose
kept rank multiset is allowed (``ok_rows``: it reproduces the play so far,
:func:`.advise.replay`) to ``weight[kept row, hand points, crib points]`` (the two show points
only when ``with_show``; else the last two indices are 0).

The same weights without the show come faster from the per-machine table of every hand's keep
(:mod:`.keeps`, which shares this module's objective and per-hand shares); the play against the
posterior (the history replayed, each card's value, the board) is :mod:`.advise`.

A reduced pack (a few ranks, four suits) works as the full one does (``n_deck_ranks``,
``jack_in_deck``), which is how the tests hold it against a plain-Python twin.
"""

from __future__ import annotations

import numpy as np
from .jit import njit, prange

from .constants import CRIB_FLUSH, RANKS
from .game import sort_small
from .show import card_summary, hand_points
from .sweep import deal_values

SHOW_BINS = 30  # a hand or a crib scores at most 29
CHUNKS = 8  # partial tallies of the walk (integer sums: the split never shows)


@njit(cache=True, inline="always")
def throw_scratch(n_throws):
    """One thread's scratch for :func:`objective_best` over ``n_throws`` throws: (hs, cs, tk,
    kk, obj), the throws' E[hand] and E[crib] sums, thrown and kept keys, and objective."""
    return (np.zeros(n_throws, np.int64), np.zeros(n_throws, np.int64), np.zeros(n_throws, np.int64),
            np.zeros(n_throws, np.int64), np.zeros(n_throws, np.int64))


@njit(cache=True, inline="always")
def share_scratch(dealt, n_throws, keep):
    """One thread's scratch for :func:`hand_shares`: (cards, hs, cs, tk, kk, obj, kept, crib), a
    ``dealt``-card hand, :func:`throw_scratch`, its ``keep`` kept cards and a crib."""
    hs, cs, tk, kk, obj = throw_scratch(n_throws)
    return (np.zeros(dealt, np.int64), hs, cs, tk, kk, obj, np.zeros(keep, np.int64), np.zeros(4, np.int64))


@njit(cache=True)
def objective_best(cards, row, role, rank_hand, rank_crib, throws, n_deck_ranks, jack_in_deck, n_other,
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
def hand_shares(cards, dealt, mustmask, role, index, rank_hand, rank_crib, throws, n_deck_ranks, jack_in_deck,
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
    best = objective_best(cards, row, role, rank_hand, rank_crib, throws, n_deck_ranks, jack_in_deck, n_other,
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
        cards, hs, cs, tk, kk, obj, kept, crib = share_scratch(dealt, n_throws, keep)
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
                if hand_shares(cards, dealt, mustmask, role, index, rank_hand, rank_crib, throws, n_deck_ranks,
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



def warmup_inputs() -> dict:
    """The objective's inputs on the smallest pack (ranks 4, 5 and J, six-card deal): the
    warm-up calls of this module and :mod:`.keeps`."""
    from .combinatorics import combinations
    from .show import rank_table
    from .sweep import keep_rows, rank_memo

    deck = np.array([3, 4, 10], np.int64)
    t5 = rank_table(5)
    index, rh, rc = rank_memo(deck, 6, 2, 2, t5, t5)
    kidx, kms = keep_rows(4, deck)
    return dict(deck=deck, t5=t5, index=index, rh=rh, rc=rc, kidx=kidx, kms=kms, throws=combinations(6, 2),
                ok=np.ones(kms.shape[0], np.bool_), none=np.full((2, 1), -1, np.int64))


def warmup() -> None:
    x = warmup_inputs()
    pool = np.array([12, 13, 14, 15, 16, 17, 18, 19, 40, 41, 42], np.int64)
    for show in (False, True):
        keep_posterior(pool, pool[:1], 6, 1, x["index"], x["rh"], x["rc"], x["throws"], 3, True, 2, x["none"],
                       x["kidx"], x["ok"], 360360, show, 43, np.array([20, 21], np.int64), x["t5"], x["t5"])
