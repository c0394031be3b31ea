"""Discard for the board with three players: each throw of one deal valued by the throwing
seat's chance of winning the game, on the three-player deal model (:mod:`.game3`) and board
(:mod:`.board3`).

You play turn ``my_turn`` (0 the dealer's left, who leads; 1 the dealer's right; 2 the dealer),
holding five sorted cards, at the scores ``sc`` by turn. For one random deal (deal ``k`` of
``seed``, :func:`.boardthrow.draw_hand`: 11 of the cards you have not seen, the other two turns'
five each in turn order and then the crib's card from the pack) each other turn throws one card
by the sweep objective for its seat (:func:`.game.choose_throw`: the dealer by his, the others
as the pone, as the deal model throws); for each of your throws everyone plays greedy round the
table (:func:`.game.greedy_events_n`), and every starter left (36) is turned in turn, the points
scored in the game's order (his heels, the play point by point, the hands from the dealer's
left round to the dealer, the crib, the dealer's). The game ends the moment a turn reaches
``target``; you are skunked if another ends it while you stand below ``skunk``. A deal that ends
below the target passes to the left (this deal's turns 1, 2, 0 are the next one's 0, 1, 2) and
is valued by the board ``tab[a0, a1, a2]`` = (P(win) by turn 0..2, P(skunked) by turn, the
jackknife error of P(win) by turn), float32.

Per deal and throw, :func:`table3_walk` writes the means over the starters of your P(win), your
P(skunked) and the board's error at the positions reached (its mean: an upper bound on the error
the table adds). Every throw sees the same deals and starters (common random numbers);
:func:`table3_values` runs a range of deals in parallel, a row per deal, so the sums do not
depend on the threads.
"""

from __future__ import annotations

import numpy as np

from .boardtable import other_seat, throw_scratch
from .boardthrow import BLOCK, N_VALUES, V_SE, V_SKUNK, V_WIN, draw_hand
from .constants import JACK, RANKS
from .game import MAX_EVENTS, crib_points, greedy_events_n
from .jit import njit, prange

PLAYERS = 3
DEALT = 5
N_DRAW = 2 * DEALT + 1  # the other two hands, then the crib's card from the pack
ON = -1  # no turn has reached the target


@njit(cache=True, inline="always")
def _add(t, x, sc, target):
    """``x`` points to turn ``t``: the turn that has reached the target, else ON."""
    sc[t] += x
    return t if sc[t] >= target else ON


@njit(cache=True, inline="always")
def _value(winner, sc, my_turn, skunk, tab, out3):
    """(P(win), P(skunked), the table's error) of your turn once a deal is scored: the game's
    end, or the board at the next position (the deal passed to the left)."""
    if winner != ON:
        out3[0] = 1.0 if winner == my_turn else 0.0
        out3[1] = 1.0 if winner != my_turn and sc[my_turn] < skunk else 0.0
        out3[2] = 0.0
        return
    t = (my_turn + 2) % PLAYERS  # your turn in the next deal
    x0 = sc[1]
    x1 = sc[2]
    x2 = sc[0]
    out3[0] = tab[x0, x1, x2, t]
    out3[1] = tab[x0, x1, x2, 3 + t]
    out3[2] = tab[x0, x1, x2, 6 + t]


@njit(cache=True)
def table3_walk(drawn, unseen, my_turn, sc0, target, skunk, gm_in, mine_tab, tab, out):
    """One deal of the other turns' cards ``drawn`` (module docstring): every throw's (P(win),
    P(skunked), table error) of your turn into ``out`` (n_throws, N_VALUES)."""
    index, rank_hand, rank_crib, throws, hand_table, crib_table, rank_throws = gm_in
    my_hp, my_counts, my_thrown = mine_tab
    n_throws, throw = throws.shape
    keep = DEALT - throw
    scratch = throw_scratch(n_throws)
    counts = np.zeros((PLAYERS, RANKS), np.int64)
    crib = np.zeros(4, np.int64)
    held = np.zeros(52, np.bool_)
    cards = np.zeros(DEALT, np.int64)
    kept = np.zeros(keep, np.int64)
    n_s = unseen.shape[0] - N_DRAW
    opp_hp = np.zeros((PLAYERS, n_s), np.int64)
    starters = np.zeros(n_s, np.int64)
    for i in range(N_DRAW):
        held[drawn[i]] = True
    s = 0
    for i in range(unseen.shape[0]):
        if not held[unseen[i]]:
            starters[s] = unseen[i]
            s += 1
    # the crib in the play's order: each turn's throw, then the pack's card (the sum does not care)
    nc = 0
    j = 0
    for t in range(PLAYERS):
        if t == my_turn:
            nc += throw
            continue
        for i in range(DEALT):
            cards[i] = drawn[j * DEALT + i]
        j += 1
        nc = other_seat(cards, 1 if t == PLAYERS - 1 else 2, gm_in, scratch, crib, nc, counts[t], kept, starters,
                        opp_hp[t])
    crib[3] = drawn[N_DRAW - 1]
    who = np.zeros(MAX_EVENTS, np.int64)
    pts = np.zeros(MAX_EVENTS, np.int64)
    peg = np.zeros(PLAYERS, np.int64)
    pre = np.zeros((2, PLAYERS + 1), np.int64)  # without and with his heels: the winner, then the scores
    sc = np.zeros(PLAYERS, np.int64)
    v = np.zeros(3)
    inv = 1.0 / n_s
    for q in range(n_throws):
        for r in range(RANKS):
            counts[my_turn, r] = my_counts[q, r]
        for i in range(throw):
            crib[my_turn * throw + i] = my_thrown[q, i]
        n = greedy_events_n(counts, PLAYERS, False, who, pts, 0, peg)
        for h in range(2):
            for t in range(PLAYERS):
                sc[t] = sc0[t]
            w = ON
            if h == 1:
                w = _add(PLAYERS - 1, 2, sc, target)
            for e in range(n):
                if w != ON:
                    break
                w = _add(who[e], pts[e], sc, target)
            pre[h, 0] = w
            for t in range(PLAYERS):
                pre[h, 1 + t] = sc[t]
        pw = 0.0
        psk = 0.0
        pse = 0.0
        for s in range(n_s):
            c = starters[s]
            h = 1 if (c >> 2) == JACK else 0
            w = pre[h, 0]
            for t in range(PLAYERS):
                sc[t] = pre[h, 1 + t]
            for t in range(PLAYERS):
                if w != ON:
                    break
                x = my_hp[q, c] if t == my_turn else opp_hp[t, s]
                w = _add(t, x, sc, target)
            if w == ON:
                w = _add(PLAYERS - 1, crib_points(crib, c, crib_table), sc, target)
            _value(w, sc, my_turn, skunk, tab, v)
            pw += v[0]
            psk += v[1]
            pse += v[2]
        out[q, V_WIN] = pw * inv
        out[q, V_SKUNK] = psk * inv
        out[q, V_SE] = pse * inv


@njit(cache=True, parallel=True)
def table3_values(seed, lo, hi, unseen, my_turn, sc0, target, skunk, gm_in, mine_tab, tab):
    """:func:`table3_walk` of random deals lo..hi-1 of ``seed``: (hi - lo, n_throws, N_VALUES)."""
    n_throws = gm_in[3].shape[0]
    n = hi - lo
    out = np.zeros((n, n_throws, N_VALUES))
    for b in prange((n + BLOCK - 1) // BLOCK):
        drawn = np.zeros(N_DRAW, np.int64)
        for i in range(b * BLOCK, min(n, (b + 1) * BLOCK)):
            draw_hand(seed, lo + i, unseen, N_DRAW, drawn)
            table3_walk(drawn, unseen, my_turn, sc0, target, skunk, gm_in, mine_tab, tab, out[i])
    return out


def warmup() -> None:
    from .boardthrow import warm_inputs

    gm_in, _, mine_tab = warm_inputs(5, 1)
    tab = np.zeros((3, 3, 3, 9), np.float32)
    table3_values(0, 0, 0, np.arange(5, 52, dtype=np.int64), 2, np.zeros(3, np.int64), 121, 91, gm_in, mine_tab, tab)
