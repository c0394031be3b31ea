"""The opponent's kept hand as a posterior, by a walk over every hand they can hold.

The opponent was dealt ``dealt`` cards from a ``pool`` (the cards you have not seen: the pack
less your dealt cards and the starter) and threw by a policy that depends on their own cards
only (a :class:`Policy`). :func:`keep_posterior` walks every hand of the pool that holds the
opponent's played cards (``must``), finds the throws the policy chooses (the objective of
:func:`.game.choose_throw` over :func:`.sweep.deal_values`: dealer max E[hand] + E[crib], pone
max E[hand] - E[crib], exact integers over one denominator; every throw tied on the objective
takes an equal share ``scale / n_tied``; with ``rank_throws`` only the throws of the thrown ranks
of its row compete) and adds each share whose kept cards hold every card of ``must`` and whose
kept rank multiset is allowed (``ok_rows``: it reproduces the play so far,
:func:`.advise.replay`) to ``weight[kept row, hand points, crib points]`` (the two show points
only when the :class:`Query` asks for the show; else the last two indices are 0).

The same weights come faster from the per-machine table of every hand's keep (:mod:`.keeps`,
built with this module's objective; with the show, :mod:`.keepshow`), where no query evaluates
the objective again; the play against the posterior (the history replayed, each card's value,
the board) is :mod:`.advise`.

What travels together travels as one named tuple (numba passes them into the kernels as they
are): the policy (:class:`Policy`), what a walk counts (:class:`Query`) and a thread's scratch
(:class:`Scratch`). A kernel reads a tuple's array into a local before writing into it: numba
0.68 loses ``t.field[i] += x`` made by an inlined function inside a ``prange`` body (the loop
it drives never ends), while the same through a local is compiled right.

A reduced pack (a few ranks, four suits) works as the full one does (``n_deck_ranks``,
``jack_in_deck``), which is how the tests hold it against a plain-Python twin.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from .jit import njit, prange

from .constants import CRIB_FLUSH, RANKS
from .game import sort_small
from .show import card_summary, hand_points
from .sweep import deal_values

SHOW_BINS = 30  # a hand or a crib scores at most 29
CHUNKS = 8  # partial tallies of the walk (integer sums: the split never shows)


class Policy(NamedTuple):
    """How the opponent threw: the objective of :func:`objective_best` for a ``dealt``-card hand
    in seat ``role`` (1 the dealer, 2 the pone) on a pack of ``n_deck_ranks`` ranks of four
    suits (``jack_in_deck``), ``n_other`` other cards to the crib. ``index``, ``rank_hand`` and
    ``rank_crib`` are the sweep's rank memo (:func:`.sweep.rank_memo`), ``throws`` the thrown
    positions of every throw, ``rank_throws`` the thrown ranks per seat and rank multiset that
    alone compete ((2, 1) of -1: every throw) and ``keep_index`` the kept multiset row of a
    kept-rank key."""

    dealt: int
    role: int
    index: np.ndarray
    rank_hand: np.ndarray
    rank_crib: np.ndarray
    throws: np.ndarray
    n_deck_ranks: int
    jack_in_deck: bool
    n_other: int
    rank_throws: np.ndarray
    keep_index: np.ndarray


class Query(NamedTuple):
    """What a walk counts: each hand's weight ``scale`` (split evenly among its tied throws),
    the kept multiset rows allowed (``ok_rows``: they reproduce the play so far) and, with
    ``with_show``, the show: the ``starter``'s code, your thrown cards ``my_thrown`` (the crib's
    other cards), the hand and crib rank tables."""

    ok_rows: np.ndarray
    scale: int
    with_show: bool
    starter: int
    my_thrown: np.ndarray
    hand_table: np.ndarray
    crib_table: np.ndarray


class Scratch(NamedTuple):
    """One thread's scratch: a hand (``cards``), every throw's E[hand] and E[crib] sums
    (``hs``, ``cs``), thrown and kept keys (``tk``, ``kk``) and objective (``obj``), the kept
    cards and a crib."""

    cards: np.ndarray
    hs: np.ndarray
    cs: np.ndarray
    tk: np.ndarray
    kk: np.ndarray
    obj: np.ndarray
    kept: np.ndarray
    crib: np.ndarray


@njit(cache=True)
def scratch(pol):
    """A :class:`Scratch` for the hands of ``pol``."""
    n_throws = pol.throws.shape[0]
    return Scratch(np.zeros(pol.dealt, np.int64), np.zeros(n_throws, np.int64), np.zeros(n_throws, np.int64),
                   np.zeros(n_throws, np.int64), np.zeros(n_throws, np.int64), np.zeros(n_throws, np.int64),
                   np.zeros(pol.dealt - pol.throws.shape[1], np.int64), np.zeros(4, np.int64))


@njit(cache=True, inline="always")
def objective_best(cards, row, pol, scr):
    """Fill ``scr.obj`` with the policy's objective of every throw of ``cards`` (rank multiset
    row ``row``; -2**60 for throws the policy excludes) and return the best value."""
    hs = scr.hs
    cs = scr.cs
    tk = scr.tk
    obj = scr.obj
    rank_throws = pol.rank_throws
    role = pol.role
    n_other = pol.n_other
    n_throws = pol.throws.shape[0]
    deal_values(cards, row, pol.rank_hand, pol.rank_crib, pol.throws, pol.n_deck_ranks, pol.jack_in_deck, n_other,
                hs, cs, tk, scr.kk)
    n_unseen = 4 * pol.n_deck_ranks - cards.shape[0]
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
def hand_shares(cards, mustmask, pol, qry, weight, scr, uniform):
    """Add one hand's shares (``qry.scale`` split among its tied throws) to ``weight``; True
    when at least one share is allowed. ``uniform``: every throw ties (the policy unused)."""
    throws = pol.throws
    keep_index = pol.keep_index
    ok_rows = qry.ok_rows
    obj = scr.obj
    kk = scr.kk
    throw = throws.shape[1]
    dealt = pol.dealt
    keep = dealt - throw
    n_throws = throws.shape[0]
    if uniform:  # every throw the same: the kept rank key of each, as the objective's walk keys it
        best = 0
        for q in range(n_throws):
            thrown = 0
            for i in range(throw):
                thrown |= 1 << throws[q, i]
            key = 0
            for i in range(dealt):
                if not (thrown >> i) & 1:
                    key = key * RANKS + (cards[i] >> 2)
            kk[q] = key
            obj[q] = 0
    else:
        key = 0
        for i in range(dealt):
            key = key * RANKS + (cards[i] >> 2)
        row = pol.index[key]
        best = objective_best(cards, row, pol, scr)
    tied = 0
    for q in range(n_throws):
        if obj[q] == best:
            tied += 1
    share = qry.scale // tied
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
        if qry.with_show:
            kept = scr.kept
            crib = scr.crib
            m = 0
            for i in range(dealt):
                if not (thrown >> i) & 1:
                    kept[m] = cards[i]
                    m += 1
            base, suit, jacks = card_summary(kept, keep)
            hp = hand_points(qry.hand_table, base * RANKS, suit, jacks, keep, qry.starter)
            for i in range(throw):
                crib[i] = cards[throws[q, i]]
            for i in range(4 - throw):
                crib[throw + i] = qry.my_thrown[i]
            sort_small(crib, 4)
            base, suit, jacks = card_summary(crib, 4)
            su = qry.starter & 3
            cp = qry.crib_table[base * RANKS + (qry.starter >> 2)] + ((jacks >> su) & 1)
            if suit >= 0 and suit == su:
                cp += CRIB_FLUSH
        weight[kr, hp, cp] += share
    return counted


@njit(cache=True, parallel=True)
def keep_posterior(pool, must, pol, qry, uniform=False):
    """(weight (rows, B, B), hands): the posterior weights described in the module docstring
    (B = SHOW_BINS with ``qry.with_show``, else 1) and how many hands keep at least one allowed
    multiset, by a walk over every hand. ``pool`` and ``must`` sorted card codes, ``must`` a
    subset of ``pool``. ``uniform``: every throw of every hand shares it evenly, the policy's
    objective unused (only its throws and kept-multiset index are read): the widened posterior
    of :func:`crib_stats.game.advise.advise`."""
    n_rows = qry.ok_rows.shape[0]
    bins = SHOW_BINS if qry.with_show else 1
    dealt = pol.dealt
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
    if k < 1 or k > n_free:
        return weight.sum(axis=0), 0
    firsts = n_free - k + 1
    for ch in prange(CHUNKS):
        idx = np.zeros(k, np.int64)
        scr = scratch(pol)
        cards = scr.cards
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
                if hand_shares(cards, mustmask, pol, qry, weight[ch], scr, uniform):
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


def no_show(ok_rows: np.ndarray, scale: int) -> Query:
    """A :class:`Query` without the show (its show arrays unread; of the show's types, so the
    kernels compile once for both)."""
    table = np.zeros(1, np.int8)
    return Query(ok_rows, int(scale), False, 0, np.zeros(4, np.int64), table, table)


def warmup_inputs() -> dict:
    """The objective's inputs on the smallest pack (ranks 4, 5 and J, six-card deal): the
    warm-up calls of this module and :mod:`.keeps` (``pol``: the dealer's :class:`Policy`)."""
    from .combinatorics import combinations
    from .show import rank_table
    from .sweep import keep_rows, rank_memo

    deck = np.array([3, 4, 10], np.int64)
    t5 = rank_table(5)
    index, rh, rc = rank_memo(deck, 6, 2, 2, t5, t5)
    kidx, kms = keep_rows(4, deck)
    pol = Policy(6, 1, index, rh, rc, combinations(6, 2), 3, True, 2, np.full((2, 1), -1, np.int64), kidx)
    return dict(deck=deck, t5=t5, kms=kms, pol=pol, ok=np.ones(kms.shape[0], np.bool_))


def warmup() -> None:
    x = warmup_inputs()
    pool = np.array([12, 13, 14, 15, 16, 17, 18, 19, 40, 41, 42], np.int64)
    for show in (False, True):
        qry = Query(x["ok"], 360360, show, 43, np.array([20, 21], np.int64), x["t5"], x["t5"])
        for uniform in (False, True):
            keep_posterior(pool, pool[:1], x["pol"], qry, uniform)
