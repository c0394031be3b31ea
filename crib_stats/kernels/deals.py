"""Deals up to suit symmetry, and the best keep of every deal for each starter.

Renaming the four suits (24 permutations) maps a deal to one that scores the same in every
respect, so a walk over deals visits one representative of each class and weighs it by the
size of its class. :func:`suit_classes` is that walk, reusable by any kernel that runs over
every deal: it returns the representatives and their exact weights (for six cards from 52:
962,988 classes standing for C(52, 6) = 20,358,520 deals).

A representative is the deal whose sorted card codes are lexicographically smallest among the
24 renamings. Per rank, a deal holds a set of suits (a 4-bit mask); among sets of one size the
sorted suit list is lexicographically smaller exactly when the bit-reversed mask is larger, so
a renaming beats the deal iff, at the first rank where their masks differ, its reversed mask is
larger. The weight is 24 over the number of renamings that leave the deal unchanged.
"""

from __future__ import annotations

import numpy as np
from .jit import njit, prange

from .combinatorics import combinations, next_combination, rank_multisets, sorted_ranks
from .constants import JACK, MAX_SHOW, NCHUNKS, RANKS
from .show import card_summary, rank_table


def suit_permutation_tables() -> tuple[np.ndarray, np.ndarray]:
    """(maskmap (24, 16): image of each suit mask under each permutation, revkey (16,): the
    bit-reversed mask that orders equal-size suit sets)."""
    from itertools import permutations

    perms = list(permutations(range(4)))
    maskmap = np.zeros((24, 16), np.int64)
    for p, perm in enumerate(perms):
        for m in range(16):
            maskmap[p, m] = sum(1 << perm[s] for s in range(4) if (m >> s) & 1)
    revkey = np.array([sum(1 << (3 - s) for s in range(4) if (m >> s) & 1) for m in range(16)], np.int64)
    return maskmap, revkey


@njit(cache=True, inline="always")
def class_weight(cards, n, maskmap, revkey):
    """Size of the suit class of the sorted deal ``cards[:n]`` if it is its class's
    representative, else 0."""
    masks = np.zeros(n, np.int64)
    blocks = 0
    prev = -1
    for i in range(n):
        r = cards[i] >> 2
        if r != prev:
            blocks += 1
            prev = r
        masks[blocks - 1] |= 1 << (cards[i] & 3)
    stable = 0
    for p in range(24):
        equal = True
        for j in range(blocks):
            own = revkey[masks[j]]
            img = revkey[maskmap[p, masks[j]]]
            if img > own:
                return 0  # this renaming gives a smaller deal
            if img < own:
                equal = False
                break
        if equal:
            stable += 1
    return 24 // stable


@njit(cache=True)
def _walk_pair(deck, a, b, dealt, maskmap, revkey, out, weights, start, fill):
    """Visit every deal whose two lowest cards are deck[a] < deck[b]; count (and with ``fill``
    write from row ``start``) the representatives. Returns how many there were."""
    n_cards = deck.shape[0]
    rest = dealt - 2
    if b + rest > n_cards - 1:
        return 0
    idx = np.zeros(rest, np.int64)
    for i in range(rest):
        idx[i] = b + 1 + i
    cards = np.zeros(dealt, np.int64)
    found = 0
    while True:
        cards[0] = deck[a]
        cards[1] = deck[b]
        for i in range(rest):
            cards[2 + i] = deck[idx[i]]
        w = class_weight(cards, dealt, maskmap, revkey)
        if w > 0:
            if fill:
                for i in range(dealt):
                    out[start + found, i] = cards[i]
                weights[start + found] = w
            found += 1
        if not next_combination(idx, n_cards):
            break
    return found


@njit(cache=True, parallel=True)
def suit_classes(deck_ranks, dealt, maskmap, revkey):
    """One representative of every class of deals of ``dealt`` cards (dealt >= 2) from a deck
    of all four suits of ``deck_ranks``, with its class size. Returns (deals (N, dealt) int8,
    sorted card codes; weights (N,) int64 summing to C(4 * len(deck_ranks), dealt))."""
    n_cards = deck_ranks.shape[0] * 4
    deck = np.zeros(n_cards, np.int64)
    for i in range(deck_ranks.shape[0]):
        for su in range(4):
            deck[i * 4 + su] = deck_ranks[i] * 4 + su
    pairs = combinations(n_cards, 2)
    n_pairs = pairs.shape[0]
    found = np.zeros(n_pairs, np.int64)
    dummy = np.zeros((1, dealt), np.int8)
    dummy_w = np.zeros(1, np.int64)
    for p in prange(n_pairs):
        if pairs[p, 0] % 4 == 0:  # a representative's lowest card has suit 0
            found[p] = _walk_pair(deck, pairs[p, 0], pairs[p, 1], dealt, maskmap, revkey, dummy, dummy_w, 0, False)
    starts = np.zeros(n_pairs + 1, np.int64)
    for p in range(n_pairs):
        starts[p + 1] = starts[p] + found[p]
    deals = np.zeros((starts[n_pairs], dealt), np.int8)
    weights = np.zeros(starts[n_pairs], np.int64)
    for p in prange(n_pairs):
        if found[p] > 0:
            _walk_pair(deck, pairs[p, 0], pairs[p, 1], dealt, maskmap, revkey, deals, weights, starts[p], True)
    return deals, weights


@njit(cache=True)
def best_keep_rank_rows(table, dealt, keep):
    """For every sorted tuple of ``dealt`` ranks (at most four of a rank): the best rank-only
    points (fifteens + pairs + runs) over all keeps, for each starter rank.

    Returns (index, rows, with_card): ``index[key]`` is the row of the tuple whose base-13 key
    is ``key`` (-1 for other keys), ``rows[row, r]`` the best keep's points with starter rank r,
    and ``with_card[row, p, r]`` the best over the keeps that hold the p-th card (sorted order).
    """
    keeps = combinations(dealt, keep)
    multisets = rank_multisets(dealt, np.arange(RANKS))
    n_rows = multisets.shape[0]
    index = np.full(RANKS**dealt, -1, np.int32)
    ranks = np.zeros(dealt, np.int64)
    rows = np.zeros((n_rows, RANKS), np.int8)
    with_card = np.zeros((n_rows, dealt, RANKS), np.int8)
    for row in range(n_rows):
        index[sorted_ranks(multisets[row], ranks)] = row
        for q in range(keeps.shape[0]):
            base = 0
            for i in range(keep):
                base = base * RANKS + ranks[keeps[q, i]]
            for r in range(RANKS):
                v = table[base * RANKS + r]
                if v > rows[row, r]:
                    rows[row, r] = v
                for i in range(keep):
                    p = keeps[q, i]
                    if v > with_card[row, p, r]:
                        with_card[row, p, r] = v
    return index, rows, with_card


@njit(cache=True, parallel=True)
def best_keep_hist(table, deck_ranks, deals, weights, keep, rank_index, rank_rows, with_card):
    """Histogram over every (dealt cards, starter) of the best hand score over all keeps.

    ``deals``/``weights`` are the suit classes of the dealt cards (:func:`suit_classes`) from
    a deck of all four suits of ``deck_ranks``; the starter is any other card of that deck.
    The player keeps ``keep`` cards, knowing the starter (hand rules); ``table`` is the rank
    table for keep + 1 ranks.

    When no keep can be a flush, the best keep for a starter is the best rank-only keep
    (``rank_rows``) unless the starter shares a dealt jack's suit: then the best keep holding
    that jack, plus one for nobs, may beat it (``with_card``; see :func:`best_keep_rank_rows`).
    Deals where a keep can be a flush take the general path over every keep.
    """
    n_deals = deals.shape[0]
    dealt = deals.shape[1]
    keeps = combinations(dealt, keep)
    n_keeps = keeps.shape[0]
    hist = np.zeros((NCHUNKS, MAX_SHOW), np.int64)
    for c in prange(NCHUNKS):
        cards = np.zeros(dealt, np.int64)
        kbase = np.zeros(n_keeps, np.int64)
        kflush = np.zeros(n_keeps, np.int64)  # flush suit of the keep, or -1
        kjacks = np.zeros(n_keeps, np.int64)
        special = np.zeros(n_keeps, np.int64)
        acc = np.zeros(n_keeps, np.int64)
        in_rank = np.zeros(RANKS, np.int64)
        keep_cards = np.zeros(keep, np.int64)
        suit_count = np.zeros(4, np.int64)
        for d in range(c * n_deals // NCHUNKS, (c + 1) * n_deals // NCHUNKS):
            weight = weights[d]
            in_rank[:] = 0
            suit_count[:] = 0
            held = np.uint64(0)
            key = 0
            has_jack = False
            for i in range(dealt):
                card = np.int64(deals[d, i])
                cards[i] = card
                in_rank[card >> 2] += 1
                held |= np.uint64(1) << np.uint64(card)
                key = key * RANKS + (card >> 2)
                if (card >> 2) == JACK:
                    has_jack = True
                suit_count[card & 3] += 1
            if suit_count.max() < keep:
                row = rank_index[key]
                for ri in range(deck_ranks.shape[0]):
                    r = deck_ranks[ri]
                    if in_rank[r] == 4:
                        continue
                    top = rank_rows[row, r]
                    if not has_jack:
                        hist[c, top] += weight * (4 - in_rank[r])
                        continue
                    for su in range(4):
                        s = r * 4 + su
                        if (held >> np.uint64(s)) & np.uint64(1):
                            continue
                        best = top
                        jack = JACK * 4 + su
                        if (held >> np.uint64(jack)) & np.uint64(1):
                            pos = 0
                            while cards[pos] != jack:
                                pos += 1
                            v = with_card[row, pos, r] + 1
                            if v > best:
                                best = v
                        hist[c, best] += weight
                continue
            n_special = 0
            for q in range(n_keeps):
                for i in range(keep):
                    keep_cards[i] = cards[keeps[q, i]]
                base, suit, jacks = card_summary(keep_cards, keep)
                kbase[q] = base * RANKS
                kflush[q] = suit
                kjacks[q] = jacks
                if suit >= 0 or jacks != 0:
                    special[n_special] = q
                    n_special += 1
            for ri in range(deck_ranks.shape[0]):
                r = deck_ranks[ri]
                if in_rank[r] == 4:
                    continue
                top = 0
                for q in range(n_keeps):
                    v = table[kbase[q] + r]
                    if kflush[q] >= 0:
                        v += keep
                    acc[q] = v
                    if v > top:
                        top = v
                if n_special == 0:
                    hist[c, top] += weight * (4 - in_rank[r])
                    continue
                for su in range(4):
                    s = r * 4 + su
                    if (held >> np.uint64(s)) & np.uint64(1):
                        continue
                    best = top
                    for t in range(n_special):
                        q = special[t]
                        v = acc[q] + ((kjacks[q] >> su) & 1)
                        if kflush[q] == su:
                            v += 1
                        if v > best:
                            best = v
                    hist[c, best] += weight
    return hist.sum(axis=0)


def warmup() -> None:
    maskmap, revkey = suit_permutation_tables()
    ranks = np.array([0, 1], np.int64)
    deals, weights = suit_classes(ranks, 2, maskmap, revkey)
    t3 = rank_table(3)
    index, rows, with_card = best_keep_rank_rows(t3, 2, 2)
    best_keep_hist(t3, ranks, deals, weights, 2, index, rows, with_card)
