"""Numba kernels: integer arrays and ints in, integer arrays out.

Nothing here validates user input or raises user-facing errors; the public modules do that
and call these with well-formed arrays. Cards are codes ``rank * 4 + suit`` (rank 0 = ace,
10 = jack, 12 = king). Every kernel has a naive twin in ``tests/reference.py``.

There is one scorer, :func:`_show`. The enumeration and discard loops use tables of its
rank-only part (fifteens + pairs + runs depend only on the ranks) indexed by base-13 rank
digits, and add the suit-dependent flush and nobs terms themselves.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

JACK = 10
NCHUNKS = 64  # fixed work split: per-chunk histograms make results independent of thread count
MAX_SHOW = 30  # scores 0..29
NET_OFFSET = 29  # net histograms run from -29 (pone) to +58 (dealer)
NET_BINS = 29 + 58 + 1

KIND_FIFTEEN = 0
KIND_PAIR = 1
KIND_RUN = 2


# ---------------------------------------------------------------------------------------------
# The scorer
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _show(codes, n, crib, masks):
    """Score cards ``codes[0:n-1]`` (hand or crib) with ``codes[n-1]`` the starter.

    Writes every scoring subset into ``masks`` (64 long) as ``kind << 8 | bitmask`` (kind 0
    fifteen, 1 pair, 2 run) and returns (fifteens, pairs, runs, flush, nobs, number of masks).
    """
    nsub = 1 << n
    fifteens = 0
    pairs = 0
    nm = 0
    run_len = 0
    n_cand = 0
    for m in range(1, nsub):
        total = 0
        size = 0
        lo = 99
        hi = -1
        seen = 0
        distinct = True
        for i in range(n):
            if (m >> i) & 1:
                r = codes[i] >> 2
                total += r + 1 if r < 9 else 10
                size += 1
                if (seen >> r) & 1:
                    distinct = False
                seen |= 1 << r
                if r < lo:
                    lo = r
                if r > hi:
                    hi = r
        if total == 15:
            fifteens += 2
            masks[nm] = (KIND_FIFTEEN << 8) | m
            nm += 1
        if size == 2 and not distinct:
            pairs += 2
            masks[nm] = (KIND_PAIR << 8) | m
            nm += 1
        if size >= 3 and distinct and hi - lo == size - 1:
            # a run candidate: parked at the back of ``masks`` until the longest length is known
            n_cand += 1
            masks[masks.shape[0] - n_cand] = (size << 8) | m
            if size > run_len:
                run_len = size
    runs = 0
    for j in range(1, n_cand + 1):
        tagged = masks[masks.shape[0] - j]
        if (tagged >> 8) == run_len:
            runs += run_len
            masks[nm] = (KIND_RUN << 8) | (tagged & 0xFF)
            nm += 1
    starter_suit = codes[n - 1] & 3
    suit0 = codes[0] & 3
    same = True
    for i in range(1, n - 1):
        if (codes[i] & 3) != suit0:
            same = False
    flush = 0
    if same:
        if starter_suit == suit0:
            flush = n
        elif not crib:
            flush = n - 1
    nobs = 0
    for i in range(n - 1):
        if (codes[i] >> 2) == JACK and (codes[i] & 3) == starter_suit:
            nobs = 1
    return fifteens, pairs, runs, flush, nobs, nm


@njit(cache=True)
def score_one(codes, crib):
    """Breakdown of one show: returns (parts[5], masks[:nm]). ``codes`` ends with the starter."""
    masks = np.zeros(64, np.int64)
    f, p, r, fl, nb, nm = _show(codes, codes.shape[0], crib, masks)
    parts = np.array([f, p, r, fl, nb], np.int64)
    return parts, masks[:nm]


@njit(cache=True, parallel=True)
def score_batch(cards, crib):
    """Score every row of ``cards`` (N, n); the last column is the starter. Returns (N, 5) int8."""
    n_rows = cards.shape[0]
    n = cards.shape[1]
    out = np.zeros((n_rows, 5), np.int8)
    for c in prange(NCHUNKS):
        masks = np.zeros(64, np.int64)
        codes = np.zeros(n, np.int64)
        for row in range(c * n_rows // NCHUNKS, (c + 1) * n_rows // NCHUNKS):
            for i in range(n):
                codes[i] = cards[row, i]
            f, p, r, fl, nb, nm = _show(codes, n, crib, masks)
            out[row, 0] = f
            out[row, 1] = p
            out[row, 2] = r
            out[row, 3] = fl
            out[row, 4] = nb
    return out


@njit(cache=True)
def rank_table(n):
    """Rank-only points (fifteens + pairs + runs) for every tuple of n ranks, base-13 indexed.

    The points depend only on the multiset, so each sorted tuple is scored once with
    :func:`_show` and every ordering of it copies that value.
    """
    size = 13**n
    table = np.zeros(size, np.int8)
    memo = np.full(size, -1, np.int16)
    digits = np.zeros(n, np.int64)
    codes = np.zeros(n, np.int64)
    masks = np.zeros(64, np.int64)
    for idx in range(size):
        rest = idx
        for i in range(n - 1, -1, -1):
            digits[i] = rest % 13
            rest //= 13
        for i in range(1, n):  # insertion sort of n <= 5 digits
            v = digits[i]
            j = i - 1
            while j >= 0 and digits[j] > v:
                digits[j + 1] = digits[j]
                j -= 1
            digits[j + 1] = v
        key = 0
        for i in range(n):
            key = key * 13 + digits[i]
        if memo[key] < 0:
            for i in range(n):
                codes[i] = digits[i] * 4
            f, p, r, fl, nb, nm = _show(codes, n, False, masks)
            memo[key] = f + p + r
        table[idx] = memo[key]
    return table


@njit(cache=True)
def _next_combination(idx, n):
    """Step ``idx`` (increasing values below n) to the next combination in lexicographic order;
    False when it was the last."""
    k = idx.shape[0]
    i = k - 1
    while i >= 0 and idx[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    idx[i] += 1
    for j in range(i + 1, k):
        idx[j] = idx[j - 1] + 1
    return True


@njit(cache=True)
def _next_multiset(idx, top):
    """Step ``idx`` (non-decreasing values up to top) to the next such tuple; False when done."""
    k = idx.shape[0]
    i = k - 1
    while i >= 0 and idx[i] == top:
        i -= 1
    if i < 0:
        return False
    idx[i] += 1
    for j in range(i + 1, k):
        idx[j] = idx[i]
    return True


@njit(cache=True)
def combinations(n, k):
    """All k-subsets of range(n) in lexicographic order, as an (C(n,k), k) int64 array."""
    count = 1
    for i in range(k):
        count = count * (n - i) // (i + 1)
    out = np.zeros((count, k), np.int64)
    idx = np.arange(k)
    for row in range(count):
        out[row] = idx
        _next_combination(idx, n)
    return out


@njit(cache=True)
def rank_multisets(size, ranks):
    """Every multiset of ``size`` ranks drawn from ``ranks`` with at most four of a rank, as
    (M, 13) count rows."""
    rows = []
    idx = np.zeros(size, np.int64)
    while True:
        c = np.zeros(13, np.int64)
        ok = True
        for i in range(size):
            c[ranks[idx[i]]] += 1
        for r in range(13):
            if c[r] > 4:
                ok = False
        if ok:
            rows.append(c)
        if not _next_multiset(idx, ranks.shape[0] - 1):
            break
    out = np.zeros((len(rows), 13), np.int64)
    for i in range(len(rows)):
        out[i] = rows[i]
    return out


@njit(cache=True)
def _sorted_ranks(counts, out):
    """Write the ranks of a count row into ``out`` in increasing order; return their base-13 key."""
    n = 0
    key = 0
    for r in range(13):
        for _ in range(counts[r]):
            out[n] = r
            key = key * 13 + r
            n += 1
    return key


# ---------------------------------------------------------------------------------------------
# Exhaustive distributions: brute force over every (hand, starter)
# ---------------------------------------------------------------------------------------------


@njit(cache=True, parallel=True)
def enumerate_hands(table, hands):
    """Histograms over every (hand, starter): hand rules and crib rules in one pass.

    ``hands`` is the (H, k) array of all k-card hands; ``table`` the rank table for k+1 ranks.
    Returns (hand_hist, crib_hist), each of length MAX_SHOW.
    """
    n_hands = hands.shape[0]
    k = hands.shape[1]
    hist_h = np.zeros((NCHUNKS, MAX_SHOW), np.int64)
    hist_c = np.zeros((NCHUNKS, MAX_SHOW), np.int64)
    for c in prange(NCHUNKS):
        for h in range(c * n_hands // NCHUNKS, (c + 1) * n_hands // NCHUNKS):
            base, suit0, jacks = _summary(hands[h], k)
            same = suit0 >= 0
            held = np.uint64(0)
            for i in range(k):
                held |= np.uint64(1) << np.uint64(hands[h, i])
            base *= 13
            for r in range(13):
                pts = table[base + r]
                for su in range(4):
                    s = r * 4 + su
                    if (held >> np.uint64(s)) & np.uint64(1):
                        continue
                    nobs = (jacks >> su) & 1
                    fl_h = 0
                    fl_c = 0
                    if same:
                        if su == suit0:
                            fl_h = k + 1
                            fl_c = k + 1
                        else:
                            fl_h = k
                    hist_h[c, pts + fl_h + nobs] += 1
                    hist_c[c, pts + fl_c + nobs] += 1
    return hist_h.sum(axis=0), hist_c.sum(axis=0)


# ---------------------------------------------------------------------------------------------
# Exhaustive distributions: rank multisets with suits counted combinatorially
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _choose4(m):
    """C(4, m)."""
    if m == 0 or m == 4:
        return 1
    if m == 2:
        return 6
    return 4


@njit(cache=True)
def enumerate_ranks(table, k):
    """The same two histograms as :func:`enumerate_hands`, from rank multisets.

    For each multiset of k hand ranks (at most four of a rank) and each starter rank, the
    number of card combinations is prod C(4, h_r) * (4 - h_s); flush and nobs are counted
    from the suit patterns: a flush needs k distinct hand ranks in one suit (4 suits), nobs
    a hand jack whose suit the starter shares.
    """
    hist_h = np.zeros(MAX_SHOW, np.int64)
    hist_c = np.zeros(MAX_SHOW, np.int64)
    multisets = rank_multisets(k, np.arange(13))
    ranks = np.zeros(k, np.int64)
    for row in range(multisets.shape[0]):
        counts = multisets[row]
        base = _sorted_ranks(counts, ranks)
        ways = 1
        distinct = True
        for r in range(13):
            ways *= _choose4(counts[r])
            if counts[r] > 1:
                distinct = False
        hj = counts[JACK]
        for s in range(13):
            hs = counts[s]
            if hs == 4:
                continue
            pts = table[base * 13 + s]
            total = ways * (4 - hs)
            nobs = 0
            if s != JACK and hj > 0:
                nobs = ways * hj * (4 - hs) // 4
            # flush patterns: all k hand cards in one suit (4 choices)
            f_match = 0  # starter in the flush suit too
            f_match_nobs = 0
            f_other = 0  # starter in another suit
            if distinct:
                if hs == 0:
                    f_match = 4
                    if hj == 1 and s != JACK:
                        f_match_nobs = 4
                f_other = 12  # 4 suits x 3 starter suits (hs == 1 blocks the matching one)
            plain = total - f_match - f_other
            plain_nobs = nobs - f_match_nobs
            # hand rules
            hist_h[pts] += plain - plain_nobs
            hist_h[pts + 1] += plain_nobs
            hist_h[pts + k] += f_other
            hist_h[pts + k + 1] += f_match - f_match_nobs
            hist_h[pts + k + 2] += f_match_nobs
            # crib rules: only the five-suited pattern counts as a flush
            hist_c[pts] += plain - plain_nobs + f_other
            hist_c[pts + 1] += plain_nobs
            hist_c[pts + k + 1] += f_match - f_match_nobs
            hist_c[pts + k + 2] += f_match_nobs
    return hist_h, hist_c


# ---------------------------------------------------------------------------------------------
# Deal odds: best keep of the dealt cards for each starter
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def best_keep_rank_rows(table, dealt, keep):
    """For every sorted tuple of ``dealt`` ranks (at most four of a rank): the best rank-only
    points (fifteens + pairs + runs) over all keeps, for each starter rank.

    Returns (index, rows, with_card): ``index[key]`` is the row of the tuple whose base-13 key
    is ``key`` (-1 for other keys), ``rows[row, r]`` the best keep's points with starter rank r,
    and ``with_card[row, p, r]`` the best over the keeps that hold the p-th card (sorted order).
    """
    keeps = combinations(dealt, keep)
    multisets = rank_multisets(dealt, np.arange(13))
    n_rows = multisets.shape[0]
    index = np.full(13**dealt, -1, np.int32)
    ranks = np.zeros(dealt, np.int64)
    rows = np.zeros((n_rows, 13), np.int8)
    with_card = np.zeros((n_rows, dealt, 13), np.int8)
    for row in range(n_rows):
        index[_sorted_ranks(multisets[row], ranks)] = row
        for q in range(keeps.shape[0]):
            base = 0
            for i in range(keep):
                base = base * 13 + ranks[keeps[q, i]]
            for r in range(13):
                v = table[base * 13 + r]
                if v > rows[row, r]:
                    rows[row, r] = v
                for i in range(keep):
                    p = keeps[q, i]
                    if v > with_card[row, p, r]:
                        with_card[row, p, r] = v
    return index, rows, with_card


@njit(cache=True, parallel=True)
def best_keep_hist(table, deck_ranks, dealt, keep, rank_index, rank_rows, with_card):
    """Histogram over every (dealt cards, starter) of the best hand score over all keeps.

    The deck holds all four suits of each rank in ``deck_ranks`` (all 13 for the real game;
    fewer in tests). ``dealt`` cards come from the deck, the starter from the rest; the player
    keeps ``keep`` cards, knowing the starter (hand rules). ``table`` is the rank table for
    keep + 1 ranks.

    Suit symmetry: the cards of the lowest rank dealt (m of them) take any of C(4, m) suit sets
    with the same histogram, so only the set {0..m-1} is visited and counted C(4, m) times.
    When no keep can be a flush, the best keep for a starter is the best rank-only keep
    (``rank_rows``) unless the starter shares a dealt jack's suit: then the best keep holding
    that jack, plus one for nobs, may beat it (``with_card``; see :func:`best_keep_rank_rows`).
    Deals where a keep can be a flush take the general path over every keep.
    """
    n_cards = deck_ranks.shape[0] * 4
    deck = np.zeros(n_cards, np.int64)
    for i in range(deck_ranks.shape[0]):
        for su in range(4):
            deck[i * 4 + su] = deck_ranks[i] * 4 + su
    pairs = combinations(n_cards, 2)
    n_pairs = pairs.shape[0]
    keeps = combinations(dealt, keep)
    n_keeps = keeps.shape[0]
    rest_n = dealt - 2
    hist = np.zeros((NCHUNKS, MAX_SHOW), np.int64)
    for c in prange(NCHUNKS):
        cards = np.zeros(dealt, np.int64)
        idx = np.zeros(rest_n, np.int64)
        kbase = np.zeros(n_keeps, np.int64)
        kflush = np.zeros(n_keeps, np.int64)  # flush suit of the keep, or -1
        kjacks = np.zeros(n_keeps, np.int64)
        special = np.zeros(n_keeps, np.int64)
        acc = np.zeros(n_keeps, np.int64)
        in_rank = np.zeros(13, np.int64)
        keep_cards = np.zeros(keep, np.int64)
        for p in range(c, n_pairs, NCHUNKS):
            a = pairs[p, 0]
            b = pairs[p, 1]
            if b + rest_n > n_cards - 1 or a % 4 != 0:
                continue
            for i in range(rest_n):
                idx[i] = b + 1 + i
            while True:
                cards[0] = deck[a]
                cards[1] = deck[b]
                for i in range(rest_n):
                    cards[2 + i] = deck[idx[i]]
                # lowest rank's cards must hold suits 0..m-1 (cards are sorted by code)
                low = cards[0] >> 2
                m = 0
                canonical = True
                for i in range(dealt):
                    if (cards[i] >> 2) == low:
                        if (cards[i] & 3) != m:
                            canonical = False
                        m += 1
                fast = False
                if canonical:
                    weight = _choose4(m)
                    for r in range(13):
                        in_rank[r] = 0
                    held = np.uint64(0)
                    key = 0
                    has_jack = False
                    s0 = 0
                    s1 = 0
                    s2 = 0
                    s3 = 0
                    for i in range(dealt):
                        card = cards[i]
                        in_rank[card >> 2] += 1
                        held |= np.uint64(1) << np.uint64(card)
                        key = key * 13 + (card >> 2)
                        if (card >> 2) == JACK:
                            has_jack = True
                        su = card & 3
                        if su == 0:
                            s0 += 1
                        elif su == 1:
                            s1 += 1
                        elif su == 2:
                            s2 += 1
                        else:
                            s3 += 1
                    fast = max(max(s0, s1), max(s2, s3)) < keep
                    if fast:
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
                if canonical and not fast:
                    n_special = 0
                    for q in range(n_keeps):
                        for i in range(keep):
                            keep_cards[i] = cards[keeps[q, i]]
                        base, suit, jacks = _summary(keep_cards, keep)
                        kbase[q] = base * 13
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
                # next combination of the remaining cards after b
                if not _next_combination(idx, n_cards):
                    break
    return hist.sum(axis=0)


# ---------------------------------------------------------------------------------------------
# Discard analysis under the random crib model
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _summary(cards, n):
    """(base-13 rank index, common suit or -1, bitmask of the suits of its jacks) of n cards."""
    base = 0
    suit = cards[0] & 3 if n > 0 else -1
    jacks = 0
    for i in range(n):
        card = cards[i]
        base = base * 13 + (card >> 2)
        if (card & 3) != suit:
            suit = -1
        if (card >> 2) == JACK:
            jacks |= 1 << (card & 3)
    return base, suit, jacks


@njit(cache=True)
def _hand_points(hand_table, keep_base, keep_suit, keep_jacks, k, s):
    su = s & 3
    pts = hand_table[keep_base + (s >> 2)] + ((keep_jacks >> su) & 1)
    if keep_suit >= 0:
        pts += k
        if su == keep_suit:
            pts += 1
    return pts


@njit(cache=True)
def _discard_tallies(n_throws, n_unseen):
    """Zeroed outputs of the discard kernels (hand points start at -1: starter not counted)."""
    hand_by_s = np.full((n_throws, n_unseen), -1, np.int64)
    crib_sum_by_s = np.zeros((n_throws, n_unseen), np.int64)
    crib_hist = np.zeros((n_throws, MAX_SHOW), np.int64)
    net_hist = np.zeros((n_throws, NET_BINS), np.int64)
    return hand_by_s, crib_sum_by_s, crib_hist, net_hist


@njit(cache=True, parallel=True)
def discard_random(keeps, throws, unseen, n_other, starter, hand_table, crib_table, sign):
    """Exact outcomes of every throw when the other crib cards are uniformly random unseen cards.

    keeps (T, k) and throws (T, t) hold each throw's kept and thrown cards; ``unseen`` the
    cards the player has not seen; ``n_other`` (2 or 3) crib cards come from the unseen cards
    other than the starter. ``starter`` is a fixed starter code or -1 for every unseen card.
    ``sign`` is +1 when the crib is the player's, -1 when it is an opponent's.

    Returns per throw: hand points by starter (T, U) (-1 where a starter is excluded), crib point
    sums by starter (T, U), crib combinations per starter, the crib histogram (T, MAX_SHOW)
    and the joint histogram of hand + sign * crib (T, NET_BINS, offset NET_OFFSET).
    """
    n_throws = keeps.shape[0]
    k = keeps.shape[1]
    t = throws.shape[1]
    n_unseen = unseen.shape[0]
    hand_by_s, crib_sum_by_s, crib_hist, net_hist = _discard_tallies(n_throws, n_unseen)
    m = n_unseen - 1
    per_starter = m * (m - 1) // 2
    if n_other == 3:
        per_starter = per_starter * (m - 2) // 3
    for ti in prange(n_throws):
        kb, ks, kj = _summary(keeps[ti], k)
        kb *= 13
        tb, ts, tj = _summary(throws[ti], t)
        for si in range(n_unseen):
            s = unseen[si]
            if starter >= 0 and s != starter:
                continue
            sr = s >> 2
            su = s & 3
            h = _hand_points(hand_table, kb, ks, kj, k, s)
            hand_by_s[ti, si] = h
            total = 0
            flush_ok = ts == su
            nobs_t = (tj >> su) & 1
            for i in range(n_unseen):
                if i == si:
                    continue
                ci = unseen[i]
                bi = tb * 13 + (ci >> 2)
                fi = flush_ok and (ci & 3) == su
                ni = nobs_t | (1 if ci == JACK * 4 + su else 0)
                for j in range(i + 1, n_unseen):
                    if j == si:
                        continue
                    cj = unseen[j]
                    bj = bi * 13 + (cj >> 2)
                    fj = fi and (cj & 3) == su
                    nj = ni | (1 if cj == JACK * 4 + su else 0)
                    if n_other == 2:
                        pts = crib_table[bj * 13 + sr] + nj
                        if fj:
                            pts += 5
                        total += pts
                        crib_hist[ti, pts] += 1
                        net_hist[ti, h + sign * pts + NET_OFFSET] += 1
                    else:
                        for l in range(j + 1, n_unseen):
                            if l == si:
                                continue
                            cl = unseen[l]
                            pts = crib_table[(bj * 13 + (cl >> 2)) * 13 + sr]
                            pts += nj | (1 if cl == JACK * 4 + su else 0)
                            if fj and (cl & 3) == su:
                                pts += 5
                            total += pts
                            crib_hist[ti, pts] += 1
                            net_hist[ti, h + sign * pts + NET_OFFSET] += 1
            crib_sum_by_s[ti, si] = total
    return hand_by_s, crib_sum_by_s, per_starter, crib_hist, net_hist


@njit(cache=True, parallel=True)
def discard_random_pairs(keeps, throws, unseen, starter, hand_table, crib_table, sign):
    """The same tallies as :func:`discard_random` for two other crib cards, by rank classes.

    For each starter, the opponent's two cards are grouped by their ranks (a <= b): every pair
    of one class has the same fifteens, pairs and runs, and only the suit terms differ, which
    are counted directly: a pair holding the jack of the starter's suit (nobs), a pair of the
    starter's suit when the throw is of that suit too (five-card crib flush), or both.
    91 rank classes per starter replace the 990 card pairs.
    """
    n_throws = keeps.shape[0]
    k = keeps.shape[1]
    t = throws.shape[1]
    n_unseen = unseen.shape[0]
    hand_by_s, crib_sum_by_s, crib_hist, net_hist = _discard_tallies(n_throws, n_unseen)
    m = n_unseen - 1
    per_starter = m * (m - 1) // 2
    in_unseen = np.zeros(52, np.bool_)
    all_cnt = np.zeros(13, np.int64)
    for i in range(n_unseen):
        in_unseen[unseen[i]] = True
        all_cnt[unseen[i] >> 2] += 1
    for ti in prange(n_throws):
        kb, ks, kj = _summary(keeps[ti], k)
        kb *= 13
        tb, ts, tj = _summary(throws[ti], t)
        cnt = all_cnt.copy()
        for si in range(n_unseen):
            s = unseen[si]
            if starter >= 0 and s != starter:
                continue
            sr = s >> 2
            su = s & 3
            h = _hand_points(hand_table, kb, ks, kj, k, s)
            hand_by_s[ti, si] = h
            cnt[sr] -= 1
            jack = JACK * 4 + su
            jack_in = in_unseen[jack] and jack != s
            nobs_t = ((tj >> su) & 1) == 1
            suited = ts == su
            total = 0
            for a in range(13):
                na = cnt[a]
                if na == 0:
                    continue
                base_a = (tb * 13 + a) * 13
                for b in range(a, 13):
                    nb = cnt[b]
                    if a == b:
                        w = na * (na - 1) // 2
                    else:
                        w = na * nb
                    if w == 0:
                        continue
                    pts = crib_table[(base_a + b) * 13 + sr]
                    if nobs_t:
                        nobs = w
                    elif not jack_in:
                        nobs = 0
                    elif a == JACK and b == JACK:
                        nobs = na - 1
                    elif a == JACK:
                        nobs = nb
                    elif b == JACK:
                        nobs = na
                    else:
                        nobs = 0
                    flush = 0
                    flush_nobs = 0
                    if suited and a != b:
                        ca = a * 4 + su
                        cb = b * 4 + su
                        if in_unseen[ca] and in_unseen[cb] and ca != s and cb != s:
                            flush = 1
                            if nobs_t or a == JACK or b == JACK:
                                flush_nobs = 1
                    plain = w - nobs - flush + flush_nobs
                    only_nobs = nobs - flush_nobs
                    only_flush = flush - flush_nobs
                    total += w * pts + nobs + 5 * flush
                    crib_hist[ti, pts] += plain
                    crib_hist[ti, pts + 1] += only_nobs
                    crib_hist[ti, pts + 5] += only_flush
                    crib_hist[ti, pts + 6] += flush_nobs
                    net_hist[ti, h + sign * pts + NET_OFFSET] += plain
                    net_hist[ti, h + sign * (pts + 1) + NET_OFFSET] += only_nobs
                    net_hist[ti, h + sign * (pts + 5) + NET_OFFSET] += only_flush
                    net_hist[ti, h + sign * (pts + 6) + NET_OFFSET] += flush_nobs
            crib_sum_by_s[ti, si] = total
            cnt[sr] += 1
    return hand_by_s, crib_sum_by_s, per_starter, crib_hist, net_hist


# ---------------------------------------------------------------------------------------------
# The play (pegging): ranks only, suits never matter
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def peg_points(seq, n):
    """Points for the last card of a count; ``seq[0:n]`` are the ranks played in the count so far.

    Returns (fifteen, thirty_one, pairs, run): 2 for a count of 15, 2 for 31, 2/6/12 for the
    second/third/fourth consecutive card of one rank, and k for the longest k >= 3 such that
    the last k cards are k distinct consecutive ranks (in any order).
    """
    count = 0
    for i in range(n):
        count += seq[i] + 1 if seq[i] < 9 else 10
    fifteen = 2 if count == 15 else 0
    thirty_one = 2 if count == 31 else 0
    same = 1
    i = n - 2
    while i >= 0 and seq[i] == seq[n - 1]:
        same += 1
        i -= 1
    pairs = 0
    if same == 2:
        pairs = 2
    elif same == 3:
        pairs = 6
    elif same >= 4:
        pairs = 12
    run = 0
    if same == 1:
        for length in range(n, 2, -1):
            lo = 99
            hi = -1
            seen = 0
            ok = True
            for j in range(n - length, n):
                r = seq[j]
                if (seen >> r) & 1:
                    ok = False
                    break
                seen |= 1 << r
                if r < lo:
                    lo = r
                if r > hi:
                    hi = r
            if ok and hi - lo == length - 1:
                run = length
                break
    return fifteen, thirty_one, pairs, run


@njit(cache=True)
def _can_play(hands, player, count):
    for r in range(13):
        if hands[player, r] > 0 and (r + 1 if r < 9 else 10) <= 31 - count:
            return True
    return False


@njit(cache=True)
def _hand_empty(hands, player):
    for r in range(13):
        if hands[player, r] > 0:
            return False
    return True


@njit(cache=True)
def peg_extremes_one(pone_counts, dealer_counts, stop_at_go):
    """Visit every legal play of one pair of hands (rank counts; player 0 = pone, who leads).

    Returns [max dealer points, max pone points, max both together, min dealer points,
    max one card scored (its go / last-card point included), min pone points].

    Depth-first with an explicit stack (numba's on-disk cache does not survive recursion):
    depth d holds the state before the d-th card is played, ``seq[d]`` that card's rank, and
    the current count is the last ``nseq`` entries of ``seq``. Between cards the deterministic
    steps are applied: a player who cannot play says go, and when neither can, the last
    player scores 1 (not at 31) and the count restarts, led by the other player, or the play
    ends (all cards played, or the first go in the five-card game).
    """
    hands = np.zeros((2, 13), np.int64)
    hands[0] = pone_counts
    hands[1] = dealer_counts
    out = np.array([-1, -1, -1, 1000, -1, 1000], np.int64)
    size = 17
    cnt = np.zeros(size, np.int64)
    nseq = np.zeros(size, np.int64)
    turn = np.zeros(size, np.int64)
    best = np.zeros(size, np.int64)
    pts0 = np.zeros(size, np.int64)
    pts1 = np.zeros(size, np.int64)
    nxt = np.zeros(size, np.int64)
    chosen = np.full(size, -1, np.int64)
    seq = np.zeros(size, np.int64)
    d = 0
    while d >= 0:
        if chosen[d] >= 0:
            hands[turn[d], chosen[d]] += 1
            chosen[d] = -1
        t = turn[d]
        r = nxt[d]
        while r < 13 and not (hands[t, r] > 0 and (r + 1 if r < 9 else 10) <= 31 - cnt[d]):
            r += 1
        if r == 13:
            d -= 1
            continue
        nxt[d] = r + 1
        chosen[d] = r
        hands[t, r] -= 1
        seq[d] = r
        n = nseq[d] + 1
        f, tt, pp, rl = peg_points(seq[d + 1 - n:d + 1], n)
        p = f + tt + pp + rl
        c = cnt[d] + (r + 1 if r < 9 else 10)
        p0 = pts0[d] + (p if t == 0 else 0)
        p1 = pts1[d] + (p if t == 1 else 0)
        b = max(best[d], p)
        who = t
        lp = p
        mover = 1 - t
        leaf = False
        while True:
            if _can_play(hands, mover, c):
                break
            if _can_play(hands, 1 - mover, c):
                mover = 1 - mover
                continue
            go = 1 if (c < 31 and n > 0) else 0
            if who == 0:
                p0 += go
            else:
                p1 += go
            b = max(b, lp + go)
            if stop_at_go or (_hand_empty(hands, 0) and _hand_empty(hands, 1)):
                out[0] = max(out[0], p1)
                out[1] = max(out[1], p0)
                out[2] = max(out[2], p0 + p1)
                out[3] = min(out[3], p1)
                out[4] = max(out[4], b)
                out[5] = min(out[5], p0)
                leaf = True
                break
            c = 0
            n = 0
            mover = 1 - who
            lp = 0
        if leaf:
            continue
        d += 1
        cnt[d] = c
        nseq[d] = n
        turn[d] = mover
        best[d] = b
        pts0[d] = p0
        pts1[d] = p1
        nxt[d] = 0
        chosen[d] = -1
    return out


@njit(cache=True, parallel=True)
def peg_extremes_rows(multisets, lo, hi, stop_at_go):
    """peg_extremes_one for every (pone, dealer) pair with the pone's multiset in rows lo..hi-1
    and any dealer multiset, when the ranks fit in one pack (at most four of a rank in both
    hands together). Rows of -1 mark pairs that do not fit. Returns (hi - lo, M, 6) int16."""
    m = multisets.shape[0]
    out = np.full((hi - lo, m, 6), -1, np.int16)
    for k in prange(hi - lo):
        i = lo + k
        for j in range(m):
            ok = True
            for r in range(13):
                if multisets[i, r] + multisets[j, r] > 4:
                    ok = False
            if ok:
                res = peg_extremes_one(multisets[i], multisets[j], stop_at_go)
                for q in range(6):
                    out[k, j, q] = res[q]
    return out


def warmup() -> None:
    """Compile (or load from the cache) every kernel on the smallest inputs."""
    codes = np.array([0, 4, 8, 12, 16], np.int64)
    score_one(codes, False)
    score_batch(codes.reshape(1, 5), True)
    t2 = rank_table(2)
    combinations(4, 2)
    enumerate_hands(rank_table(4), combinations(8, 3))
    enumerate_ranks(rank_table(4), 3)
    t3 = rank_table(3)
    index, rows, with_card = best_keep_rank_rows(t3, 2, 2)
    best_keep_hist(t3, np.arange(13, dtype=np.int64), 2, 2, index, rows, with_card)
    unseen = np.arange(20, 26, dtype=np.int64)
    keeps = np.array([[0, 1, 2, 3]], np.int64)
    throws = np.array([[4, 5]], np.int64)
    discard_random(keeps, throws, unseen, 2, -1, rank_table(5), rank_table(5), 1)
    discard_random_pairs(keeps, throws, unseen, -1, rank_table(5), rank_table(5), 1)
    small = rank_multisets(1, np.array([0, 4], np.int64))
    peg_extremes_rows(small, 0, small.shape[0], False)
    del t2
