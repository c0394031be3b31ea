"""Discard for the board: each throw of one deal valued by the chance of winning the game.

You hold ``dealt`` sorted cards at a position (mine, theirs) of the game, as dealer or pone. For
one sampled opponent hand (hand ``k`` of ``seed``: a splitmix64 stream hashed from (seed, k), a
partial Fisher-Yates over the cards you have not seen, :func:`draw_hand`) the deal is played out
under the game model of :mod:`.game` for each of your throws: the opponent throws by the sweep
objective for their seat (:func:`.game.choose_throw`), both play greedy
(:func:`.game.greedy_events`), and every starter left (46 - 6 = 40; five-card 42) is turned in
turn, points scored in the game's order (his heels, the play point by point, the pone's hand,
the dealer's hand and the crib). The game ends the moment someone reaches ``target``; a deal
that ends below it passes to the position with the deal changed hands, valued by the board's
tables (``tab[dealer's score, pone's score]`` = (W, SW, SL, SE): P(the dealer wins), P(he
wins with a skunk), P(he is skunked), the jackknife error of W; the four side by side, so a
position's figures are one cache line: :func:`crib_stats.game.board.kernel_tables`).

Per hand and throw, :func:`hand_values` writes the means over the starters of P(win), P(win
with a skunk: the loser below ``skunk`` when you reach the target) and the table's error at the
positions reached (an upper bound on the error the table adds: the error of a weighted mean of
correlated estimates is at most the weighted mean of their errors). The opponent's hand and
throw do not depend on your throw, so every throw sees the same hands and starters (common
random numbers). :func:`sampled_values` and :func:`stratum_values` run a range of hands in
parallel, in blocks of ``BLOCK`` hands (one set of scratch arrays each): per-hand rows, so the
sums do not depend on the threads.

The enumeration of every opponent hand (C(46, 6) = 9,366,819, each with its own objective
throw, which depends on suits through flushes and nobs) would take minutes per deal, so the
hands are sampled.
"""

from __future__ import annotations

import numpy as np

from .constants import CRIB_FLUSH, JACK, RANKS
from .game import GOLDEN, MAX_EVENTS, MIX1, choose_throw, greedy_events, mix64, sort_small
from .jit import njit, prange
from .show import card_summary, hand_points

(V_WIN, V_SKUNK, V_SE) = range(3)  # per hand and throw
N_VALUES = 3
BLOCK = 64  # hands per block of a parallel walk (one set of scratch arrays each)
ON, WON, WON_SKUNK, LOST = 0, 1, 2, -1  # the state of a game inside a deal


@njit(cache=True, inline="always")
def _draw_step(state, deck, i, m):
    """One step of a partial Fisher-Yates over ``deck[:m]``: deck[i] swapped with a uniform one
    of deck[i:m] (the next splitmix64 value); returns the stream's new state."""
    state += GOLDEN
    j = i + np.int64(mix64(state) % np.uint64(m - i))
    t = deck[i]
    deck[i] = deck[j]
    deck[j] = t
    return state


@njit(cache=True)
def unseen_of(cards):
    """The codes not in ``cards``, increasing."""
    held = np.zeros(52, np.bool_)
    for i in range(cards.shape[0]):
        held[cards[i]] = True
    out = np.zeros(52 - cards.shape[0], np.int64)
    m = 0
    for c in range(52):
        if not held[c]:
            out[m] = c
            m += 1
    return out


@njit(cache=True)
def draw_hand(seed, k, unseen, n_draw, out):
    """The opponent's ``n_draw`` cards of hand ``k`` of ``seed`` from the cards ``unseen``
    (splitmix64 from a hash of (seed, k), another family than :func:`.game.deal_cards`'s)."""
    state = mix64(mix64(np.uint64(seed) ^ MIX1) + np.uint64(k) * GOLDEN)
    deck = unseen.copy()
    for i in range(n_draw):
        state = _draw_step(state, deck, i, deck.shape[0])
        out[i] = deck[i]


@njit(cache=True)
def my_tables(cards, throws, hand_table):
    """For each throw q of your sorted ``cards``: your hand's show with every starter code
    (hp[q, code], -1 for your own cards), the kept rank counts and the thrown card codes."""
    n_throws, throw = throws.shape
    dealt = cards.shape[0]
    keep = dealt - throw
    hp = np.full((n_throws, 52), -1, np.int64)
    counts = np.zeros((n_throws, RANKS), np.int64)
    thrown = np.zeros((n_throws, throw), np.int64)
    kept = np.zeros(keep, np.int64)
    mine = np.zeros(52, np.bool_)
    for i in range(dealt):
        mine[cards[i]] = True
    for q in range(n_throws):
        out = 0
        m = 0
        for i in range(dealt):
            if out < throw and throws[q, out] == i:
                thrown[q, out] = cards[i]
                out += 1
            else:
                kept[m] = cards[i]
                counts[q, cards[i] >> 2] += 1
                m += 1
        base, suit, jacks = card_summary(kept, keep)
        for c in range(52):
            if not mine[c]:
                hp[q, c] = hand_points(hand_table, base * RANKS, suit, jacks, keep, c)
    return hp, counts, thrown


@njit(cache=True)
def objective_throw(cards, role, gm_in):
    """The game model's own throw (a row of ``throws``) of sorted ``cards`` for ``role`` (1
    dealer, 2 pone): the sweep objective and tie rule, as every seat of the deal model throws."""
    index, rank_hand, rank_crib, throws, hand_table, crib_table, rank_throws = gm_in
    n = throws.shape[0]
    hs = np.zeros(n, np.int64)
    cs = np.zeros(n, np.int64)
    tk = np.zeros(n, np.int64)
    kk = np.zeros(n, np.int64)
    obj = np.zeros(n, np.int64)
    return choose_throw(cards, role, index, rank_hand, rank_crib, throws, 4 - throws.shape[1], hs, cs, tk, kk, obj,
                        rank_throws)


@njit(cache=True, inline="always")
def score_to(player, x, my_seat, me, them, target, skunk):
    """``x`` points to ``player`` (0 pone, 1 dealer): (state, me, them)."""
    if player == my_seat:
        me += x
        if me >= target:
            return (WON_SKUNK if them < skunk else WON), me, them
    else:
        them += x
        if them >= target:
            return LOST, me, them
    return ON, me, them


@njit(cache=True, inline="always")
def _after(me, them, my_seat, tab):
    """(P(win), P(win with a skunk), the table's error) at the next position: the deal passes."""
    if my_seat == 1:  # you dealt: the opponent deals next, his figures turned round
        return 1.0 - tab[them, me, 0], tab[them, me, 2], tab[them, me, 3]
    return tab[me, them, 0], tab[me, them, 1], tab[me, them, 3]


@njit(cache=True, inline="always")
def outcome(state, me, them, my_seat, tab):
    """(P(win), P(win with a skunk), the table's error) once a deal is scored: the board at the
    next position while the game is on (:func:`_after`), else the game's end, won or lost."""
    if state == ON:
        return _after(me, them, my_seat, tab)
    if state == LOST:
        return 0.0, 0.0, 0.0
    return 1.0, 1.0 if state == WON_SKUNK else 0.0, 0.0


@njit(cache=True)
def suit_draw(seed, stratum, draw, counts, by_rank, n_by_rank, out):
    """Draw ``draw`` of the suits of stratum ``stratum`` (the opponent's rank counts
    ``counts``): for each rank, ``counts[r]`` of the unseen cards ``by_rank[r, :n_by_rank[r]]``
    uniformly (a splitmix64 stream from a hash of (seed, stratum, draw)); the cards into ``out``."""
    state = mix64(mix64(mix64(np.uint64(seed) ^ MIX1) + np.uint64(stratum) * GOLDEN) + np.uint64(draw) * MIX1)
    pick = np.zeros(4, np.int64)
    m = 0
    for r in range(RANKS):
        c = counts[r]
        if c == 0:
            continue
        u = n_by_rank[r]
        for i in range(u):
            pick[i] = by_rank[r, i]
        for i in range(c):
            state = _draw_step(state, pick, i, u)
            out[m] = pick[i]
            m += 1


@njit(cache=True)
def _key(counts):
    key = 0
    for r in range(RANKS):
        for _ in range(counts[r]):
            key = key * RANKS + r
    return key


@njit(cache=True)
def keep_rows(keeps):
    """``row[key]``: the row of ``keeps`` ((K, 13) counts) of a sorted kept rank tuple's base-13 key."""
    size = 0
    for r in range(RANKS):
        size += keeps[0, r]
    row = np.full(RANKS**size, -1, np.int64)
    for k in range(keeps.shape[0]):
        row[_key(keeps[k])] = k
    return row


@njit(cache=True)
def fill_prefix(k, keeps, my_counts, my_role, mine, theirs, target, skunk, stop_at_go, pre):
    """``pre[k, q, h]`` = (state, your score, theirs) after his heels (h: none / a jack turned)
    and the greedy play of the opponent's kept rank multiset ``keeps[k]`` against your keep q."""
    my_seat = 1 if my_role == 1 else 0
    who = np.zeros(MAX_EVENTS, np.int64)
    pts = np.zeros(MAX_EVENTS, np.int64)
    for q in range(my_counts.shape[0]):
        if my_seat == 1:
            n, _, _ = greedy_events(keeps[k], my_counts[q], stop_at_go, who, pts, 0)
        else:
            n, _, _ = greedy_events(my_counts[q], keeps[k], stop_at_go, who, pts, 0)
        for h in range(2):
            state, me, them = ON, mine, theirs
            if h == 1:
                state, me, them = score_to(1, 2, my_seat, me, them, target, skunk)
            for e in range(n):
                if state != ON:
                    break
                state, me, them = score_to(who[e], pts[e], my_seat, me, them, target, skunk)
            pre[k, q, h, 0] = state
            pre[k, q, h, 1] = me
            pre[k, q, h, 2] = them


@njit(cache=True, parallel=True)
def deal_setup(cards, throws, hand_table, keeps, my_role, mine, theirs, target, skunk, stop_at_go, gm_in):
    """Everything a position's walk needs of your deal, in one call (each kernel a process
    calls costs a cache load, about 15 ms): :func:`my_tables`, :func:`keep_rows`, the
    :func:`fill_prefix` rows of every opponent kept rank multiset (in parallel; ``done`` all
    true) and your own :func:`objective_throw`, as (mine_tab, row, pre, done, q_points)."""
    mine_tab = my_tables(cards, throws, hand_table)
    my_counts = mine_tab[1]
    pre = np.zeros((keeps.shape[0], my_counts.shape[0], 2, 3), np.int64)
    for k in prange(keeps.shape[0]):
        fill_prefix(np.int64(k), keeps, my_counts, my_role, mine, theirs, target, skunk, stop_at_go, pre)
    return mine_tab, keep_rows(keeps), pre, np.ones(keeps.shape[0], np.bool_), objective_throw(cards, my_role, gm_in)


@njit(cache=True)
def hand_buffers(n_unseen, dealt, n_throws, throw):
    """The scratch arrays of :func:`hand_walk`, allocated once per block of hands instead of
    per hand (measured: 5% of the walk at most positions, a sixth where most deals end in the
    play)."""
    n_s = n_unseen - dealt
    return (np.zeros(4, np.int64), np.zeros(dealt - throw, np.int64), np.zeros(52, np.bool_), np.zeros(n_s, np.int64),
            np.zeros(n_s, np.int64), np.zeros(n_s, np.int64), np.zeros(n_throws, np.int64),
            np.zeros(n_throws, np.int64), np.zeros(n_throws, np.int64), np.zeros(n_throws, np.int64),
            np.zeros(n_throws, np.int64))


@njit(cache=True)
def hand_values(opp, unseen, my_role, target, skunk, gm_in, mine_tab, prefix, tab, out):
    """The opponent holding the sorted cards ``opp``: every throw's (P(win), P(win with a
    skunk), table error) averaged over the starters left, into ``out`` (n_throws, N_VALUES).
    ``prefix`` = (keeps, row, pre, done, mine, theirs, stop_at_go): the position's
    :func:`fill_prefix` rows, each filled on first use where ``done`` is false."""
    throws = gm_in[3]
    buf = hand_buffers(unseen.shape[0], opp.shape[0], throws.shape[0], throws.shape[1])
    hand_walk(opp, unseen, my_role, target, skunk, gm_in, mine_tab, prefix, tab, out, buf)


@njit(cache=True)
def hand_walk(opp, unseen, my_role, target, skunk, gm_in, mine_tab, prefix, tab, out, buf):
    """:func:`hand_values` with its scratch arrays ``buf`` (:func:`hand_buffers`)."""
    keeps, row, pre, done, mine, theirs, stop_at_go = prefix
    index, rank_hand, rank_crib, throws, hand_table, crib_table, rank_throws = gm_in
    my_hp, my_counts, my_thrown = mine_tab
    crib, opp_keep, held, starters, opp_hp, heels, hs, cs, tk, kk, obj = buf
    n_throws, throw = throws.shape
    dealt = opp.shape[0]
    keep = dealt - throw
    my_seat = 1 if my_role == 1 else 0
    q_opp = choose_throw(opp, 3 - my_role, index, rank_hand, rank_crib, throws, 4 - throw, hs, cs, tk, kk, obj,
                         rank_throws)
    held[:] = False
    t = 0
    m = 0
    key = 0
    for i in range(dealt):
        held[opp[i]] = True
        if t < throw and throws[q_opp, t] == i:
            crib[throw + t] = opp[i]
            t += 1
        else:
            opp_keep[m] = opp[i]
            key = key * RANKS + (opp[i] >> 2)
            m += 1
    k = row[key]
    if not done[k]:
        fill_prefix(k, keeps, my_counts, my_role, mine, theirs, target, skunk, stop_at_go, pre)
        done[k] = True
    base, suit, jacks = card_summary(opp_keep, keep)
    n_s = unseen.shape[0] - dealt
    s = 0
    for i in range(unseen.shape[0]):
        c = unseen[i]
        if not held[c]:
            starters[s] = c
            opp_hp[s] = hand_points(hand_table, base * RANKS, suit, jacks, keep, c)
            heels[s] = 1 if (c >> 2) == JACK else 0
            s += 1
    inv = 1.0 / n_s
    for q in range(n_throws):
        for i in range(throw):
            crib[i] = my_thrown[q, i]
        cbase, csuit, cjacks = card_summary(crib, 4)
        pw = 0.0
        psk = 0.0
        pse = 0.0
        for s in range(n_s):
            c = starters[s]
            h = heels[s]
            state, me, them = pre[k, q, h, 0], pre[k, q, h, 1], pre[k, q, h, 2]
            if state == ON:
                su = c & 3
                cp = crib_table[cbase * RANKS + (c >> 2)] + ((cjacks >> su) & 1)
                if csuit >= 0 and csuit == su:
                    cp += CRIB_FLUSH
                if my_seat == 1:  # the opponent (pone) counts first, then your hand and crib
                    state, me, them = score_to(0, opp_hp[s], my_seat, me, them, target, skunk)
                    if state == ON:
                        state, me, them = score_to(1, my_hp[q, c] + cp, my_seat, me, them, target, skunk)
                else:
                    state, me, them = score_to(0, my_hp[q, c], my_seat, me, them, target, skunk)
                    if state == ON:
                        state, me, them = score_to(1, opp_hp[s] + cp, my_seat, me, them, target, skunk)
            a, b, e = outcome(state, me, them, my_seat, tab)
            pw += a
            psk += b
            pse += e
        out[q, V_WIN] = pw * inv
        out[q, V_SKUNK] = psk * inv
        out[q, V_SE] = pse * inv


@njit(cache=True, parallel=True)
def sampled_values(seed, lo, hi, unseen, my_role, target, skunk, gm_in, mine_tab, prefix, tab):
    """:func:`hand_values` of random opponent hands lo..hi-1 of ``seed`` (:func:`draw_hand`):
    (hi - lo, n_throws, N_VALUES)."""
    n_throws = gm_in[3].shape[0]
    dealt = 52 - unseen.shape[0]
    n = hi - lo
    out = np.zeros((n, n_throws, N_VALUES))
    for b in prange((n + BLOCK - 1) // BLOCK):
        opp = np.zeros(dealt, np.int64)
        buf = hand_buffers(unseen.shape[0], dealt, n_throws, gm_in[3].shape[1])
        for i in range(b * BLOCK, min(n, (b + 1) * BLOCK)):
            draw_hand(seed, lo + i, unseen, dealt, opp)
            sort_small(opp, dealt)
            hand_walk(opp, unseen, my_role, target, skunk, gm_in, mine_tab, prefix, tab, out[i], buf)
    return out


@njit(cache=True, parallel=True)
def stratum_values(seed, draw, strata, rows, by_rank, n_by_rank, unseen, my_role, target, skunk, gm_in, mine_tab,
                   prefix, tab):
    """:func:`hand_values` of one suit draw (:func:`suit_draw`) of each stratum ``rows[i]``
    (the opponent's rank counts ``strata[rows[i]]``): (len(rows), n_throws, N_VALUES)."""
    n_throws = gm_in[3].shape[0]
    dealt = 52 - unseen.shape[0]
    n = rows.shape[0]
    out = np.zeros((n, n_throws, N_VALUES))
    for b in prange((n + BLOCK - 1) // BLOCK):
        opp = np.zeros(dealt, np.int64)
        buf = hand_buffers(unseen.shape[0], dealt, n_throws, gm_in[3].shape[1])
        for i in range(b * BLOCK, min(n, (b + 1) * BLOCK)):
            suit_draw(seed, rows[i], draw, strata[rows[i]], by_rank, n_by_rank, opp)
            sort_small(opp, dealt)
            hand_walk(opp, unseen, my_role, target, skunk, gm_in, mine_tab, prefix, tab, out[i], buf)
    return out


def warm_inputs(dealt: int, throw: int) -> tuple:
    """The smallest inputs of a board-throw kernel for a seat dealt ``dealt`` cards that throws
    ``throw`` (this module's warm-up, :mod:`.boardtable`'s and :mod:`.boardthrow3`'s): (gm_in,
    the cards 0 .. dealt - 1, their :func:`my_tables`)."""
    from .combinatorics import combinations
    from .show import rank_table

    throws = combinations(dealt, throw)
    rh = np.zeros((1, throws.shape[0]), np.int64)
    t5 = rank_table(5)
    gm_in = (np.full(13**dealt, -1, np.int32), rh, rh, throws, t5, t5, np.full((2, 1), -1, np.int64))
    cards = np.arange(dealt, dtype=np.int64)
    return gm_in, cards, my_tables(cards, throws, t5)


def warmup() -> None:
    gm_in, cards, mine_tab = warm_inputs(6, 2)
    t5 = gm_in[4]
    tab = np.zeros((121, 121, 4))
    unseen = np.arange(6, 52, dtype=np.int64)
    keeps = np.zeros((1, 13), np.int64)
    keeps[0, 0] = 4
    _, rows, pre, done, _ = deal_setup(cards, gm_in[3], t5, keeps, 1, 0, 0, 121, 91, False, gm_in)
    # called from Python too (game.boardplay): loaded inside deal_setup from the cache, they are not compiled
    keep_rows(keeps)
    objective_throw(cards, 1, gm_in)
    prefix = (keeps, rows, pre, done, 0, 0, False)
    sampled_values(0, 0, 0, unseen, 1, 121, 91, gm_in, mine_tab, prefix, tab)
    strata = np.zeros((1, 13), np.int64)
    stratum_values(0, 0, strata, np.zeros(0, np.int64), np.zeros((13, 4), np.int64), np.zeros(13, np.int64), unseen,
                   1, 121, 91, gm_in, mine_tab, prefix, tab)
