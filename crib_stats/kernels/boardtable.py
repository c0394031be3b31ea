"""Throws for the board at a table of more than two: the other seats, and four players in partnership.

:func:`other_seat` deals with one of the other seats of a table walk (its throw by
:func:`.game.choose_throw` for its side's role, its kept ranks, its shows with every starter
left); :func:`throw_scratch` its scratch arrays. Both are shared with the three-player walk
(:mod:`.boardthrow3`). :func:`table_walk` values each of your throws at a table of four in
partnership (two sides, as :func:`.game.deal_script_n` scores them) for one deal of the other
three hands, and :func:`table_values` a range of random deals in parallel, in blocks of
:data:`.boardthrow.BLOCK` (per-deal rows: the sums do not depend on the threads). The points are
scored as :mod:`.boardthrow` scores them (:func:`.boardthrow.score_to`, :func:`.boardthrow.outcome`),
for a side instead of a seat.
"""

from __future__ import annotations

import numpy as np

from .boardthrow import BLOCK, N_VALUES, ON, V_SE, V_SKUNK, V_WIN, draw_hand, outcome, score_to
from .constants import CRIB_FLUSH, JACK, RANKS
from .game import MAX_EVENTS, choose_throw, greedy_events_n, side_of_turn, sort_small
from .jit import njit, prange
from .show import card_summary, hand_points


@njit(cache=True)
def throw_scratch(n_throws):
    """The scratch arrays of :func:`.game.choose_throw` (hs, cs, tk, kk, obj), once per walk."""
    return (np.zeros(n_throws, np.int64), np.zeros(n_throws, np.int64), np.zeros(n_throws, np.int64),
            np.zeros(n_throws, np.int64), np.zeros(n_throws, np.int64))


@njit(cache=True)
def other_seat(cards, role, gm_in, scratch, crib, nc, counts, kept, starters, hp):
    """Another seat of a table walk holding ``cards``: sorted, thrown by :func:`.game.choose_throw`
    for ``role`` (1 when the crib is its side's, else 2), its thrown cards onto ``crib`` from
    ``nc``, its kept rank counts added to ``counts`` and its show with each of ``starters`` into
    ``hp``. Returns the crib's cards now."""
    index, rank_hand, rank_crib, throws, hand_table, crib_table, rank_throws = gm_in
    hs, cs, tk, kk, obj = scratch
    dealt = cards.shape[0]
    throw = throws.shape[1]
    keep = dealt - throw
    sort_small(cards, dealt)
    q = choose_throw(cards, role, index, rank_hand, rank_crib, throws, 4 - throw, hs, cs, tk, kk, obj, rank_throws)
    m = 0
    x = 0
    for i in range(dealt):
        if x < throw and throws[q, x] == i:
            crib[nc] = cards[i]
            nc += 1
            x += 1
        else:
            kept[m] = cards[i]
            counts[cards[i] >> 2] += 1
            m += 1
    base, suit, jacks = card_summary(kept, keep)
    for s in range(starters.shape[0]):
        hp[s] = hand_points(hand_table, base * RANKS, suit, jacks, keep, starters[s])
    return nc


@njit(cache=True)
def table_walk(drawn, unseen, my_turn, players, target, skunk, gm_in, mine_tab, mine, theirs, stop_at_go, tab, out):
    """Four players in partnership (two sides, as :func:`.game.deal_script_n` scores them): you
    play turn ``my_turn`` (0 the dealer's left, who leads, ..., ``players - 1`` the dealer), the
    other turns in order hold ``drawn`` (``dealt`` cards each) and each throws by
    :func:`.game.choose_throw` for its side's role (1 when the crib is its side's). For each of
    your throws q the greedy play round the table (:func:`.game.greedy_events_n`), then every
    starter left: his heels first (the dealer's side), the play point by point, the hands from the
    dealer's left round to the dealer, the crib; the game ending the moment a side reaches
    ``target``, else the board at the next position (the deal passes to the other side). Every
    throw's (P(win), P(win with a skunk), table error) of your side into ``out`` (n_throws, N_VALUES)."""
    index, rank_hand, rank_crib, throws, hand_table, crib_table, rank_throws = gm_in
    my_hp, my_counts, my_thrown = mine_tab
    n_throws, throw = throws.shape
    dealt = drawn.shape[0] // (players - 1)
    keep = dealt - throw
    my_side = side_of_turn(my_turn, players)
    scratch = throw_scratch(n_throws)
    counts = np.zeros((players, RANKS), np.int64)
    crib = np.zeros(4, np.int64)
    held = np.zeros(52, np.bool_)
    cards = np.zeros(dealt, np.int64)
    kept = np.zeros(keep, np.int64)
    n_s = unseen.shape[0] - drawn.shape[0]
    opp_hp = np.zeros((players, n_s), np.int64)
    starters = np.zeros(n_s, np.int64)
    nc = 0
    j = 0
    for i in range(drawn.shape[0]):
        held[drawn[i]] = True
    s = 0
    for i in range(unseen.shape[0]):
        if not held[unseen[i]]:
            starters[s] = unseen[i]
            s += 1
    for t in range(players):
        if t == my_turn:
            continue
        for i in range(dealt):
            cards[i] = drawn[j * dealt + i]
        j += 1
        nc = other_seat(cards, 1 if side_of_turn(t, players) == 1 else 2, gm_in, scratch, crib, nc, counts[t], kept,
                        starters, opp_hp[t])
    who = np.zeros(MAX_EVENTS, np.int64)
    pts = np.zeros(MAX_EVENTS, np.int64)
    peg = np.zeros(2, np.int64)
    pre = np.zeros((2, 3), np.int64)
    inv = 1.0 / n_s
    for q in range(n_throws):
        for r in range(RANKS):
            counts[my_turn, r] = my_counts[q, r]
        for i in range(throw):
            crib[nc + i] = my_thrown[q, i]
        cbase, csuit, cjacks = card_summary(crib, 4)
        n = greedy_events_n(counts, players, stop_at_go, who, pts, 0, peg)
        for h in range(2):  # without and with his heels (a jack turned) before the play
            state, me, them = ON, mine, theirs
            if h == 1:
                state, me, them = score_to(1, 2, my_side, me, them, target, skunk)
            for e in range(n):
                if state != ON:
                    break
                state, me, them = score_to(who[e], pts[e], my_side, me, them, target, skunk)
            pre[h, 0] = state
            pre[h, 1] = me
            pre[h, 2] = them
        pw = 0.0
        psk = 0.0
        pse = 0.0
        for s in range(n_s):
            c = starters[s]
            h = 1 if (c >> 2) == JACK else 0
            state, me, them = pre[h, 0], pre[h, 1], pre[h, 2]
            for t in range(players):
                if state != ON:
                    break
                x = my_hp[q, c] if t == my_turn else opp_hp[t, s]
                state, me, them = score_to(side_of_turn(t, players), x, my_side, me, them, target, skunk)
            if state == ON:
                su = c & 3
                cp = crib_table[cbase * RANKS + (c >> 2)] + ((cjacks >> su) & 1)
                if csuit >= 0 and csuit == su:
                    cp += CRIB_FLUSH
                state, me, them = score_to(1, cp, my_side, me, them, target, skunk)
            a, b, e = outcome(state, me, them, my_side, tab)
            pw += a
            psk += b
            pse += e
        out[q, V_WIN] = pw * inv
        out[q, V_SKUNK] = psk * inv
        out[q, V_SE] = pse * inv


@njit(cache=True, parallel=True)
def table_values(seed, lo, hi, unseen, my_turn, players, target, skunk, gm_in, mine_tab, mine, theirs, stop_at_go,
                 tab):
    """:func:`table_walk` of random deals lo..hi-1 of ``seed``: the other ``players - 1`` hands
    drawn together from the cards ``unseen`` (:func:`draw_hand`, in turn order), every starter
    left: (hi - lo, n_throws, N_VALUES)."""
    n_throws = gm_in[3].shape[0]
    n_draw = (players - 1) * (52 - unseen.shape[0])
    n = hi - lo
    out = np.zeros((n, n_throws, N_VALUES))
    for b in prange((n + BLOCK - 1) // BLOCK):
        drawn = np.zeros(n_draw, np.int64)
        for i in range(b * BLOCK, min(n, (b + 1) * BLOCK)):
            draw_hand(seed, lo + i, unseen, n_draw, drawn)
            table_walk(drawn, unseen, my_turn, players, target, skunk, gm_in, mine_tab, mine, theirs, stop_at_go,
                       tab, out[i])
    return out


def warmup() -> None:
    from .boardthrow import warm_inputs

    gm_in, _, mine_tab = warm_inputs(6, 2)
    tab = np.zeros((121, 121, 4))
    table_values(0, 0, 0, np.arange(6, 52, dtype=np.int64), 3, 4, 121, 91, gm_in, mine_tab, 0, 0, False, tab)
