"""Whole games to the target, card by card: what playing to the board is worth, and a check of
the board's P(win) per throw that uses no board at all.

:func:`board_games`: game ``g`` of ``seed`` is played twice on the same cards (deal ``j`` of the
game is :func:`.game.deal_cards` (seed, g * MAX_DEALS + j)): in game X player A throws for the
board and player B by points; in the control game C both throw by points. A deals first in the
even games. Both play greedy, the points in the game's order, the game over the moment someone
reaches the target. By points: the game model's objective throw (:func:`.game.choose_throw`).
For the board (from a position where either score is at least ``board_from``): the throw of
highest P(win) estimated on ``n_hands`` random opponent hands (:mod:`.boardthrow`, the
committed board ``tab`` for later deals), taken only when it beats the points throw by more
than ``z`` paired standard errors (else the points throw). By symmetry A wins C with
probability exactly 1/2, so A's win rate in X is estimated by 1/2 + mean(X - C), far more
precisely than by X alone; the two games are the same until the first deal A throws otherwise.

:func:`games_from`: from one position with your six (five) cards and a fixed throw, the rest of
the deal random (the opponent's cards and the starter from the cards you have not seen, their
throw by points), then whole random deals by points until someone wins: the simulated P(win).
"""

from __future__ import annotations

import numba
import numpy as np

from .boardthrow import V_WIN, draw_hand, hand_values, my_tables, objective_throw, unseen_of
from .game import MAX_EVENTS, N_STATS, sort_small, deal_cards, deal_script, mix64
from .jit import njit, prange

MAX_DEALS = 64  # deals a game at most (a game lasts at most 121 deals of at least one point)
# per game (a row of board_games' first output): A won X, A won C, A won X with a skunk, C too, the band of A's
# first board throw other than by points (-1 none), deals played in X, in C
(G_X_WIN, G_C_WIN, G_X_SKUNK, G_C_SKUNK, G_FIRST_BAND, G_X_DEALS, G_C_DEALS) = range(7)
N_GAME = 7
# per game and band (board_games' second output)
(B_DECISIONS, B_DIFFERS) = range(2)
N_BAND = 2


@njit(cache=True)
def split(cards, throws, q, kept, crib, at):
    """Throw ``throws[q]`` of sorted ``cards``: the kept cards into ``kept``, the thrown into
    ``crib[at:]``."""
    throw = throws.shape[1]
    t = 0
    m = 0
    for i in range(cards.shape[0]):
        if t < throw and throws[q, t] == i:
            crib[at + t] = cards[i]
            t += 1
        else:
            kept[m] = cards[i]
            m += 1


@njit(cache=True)
def walk(who, pts, n, a_deals, sa, sb, target):
    """A deal's script from A at ``sa``, B at ``sb`` (A the dealer when ``a_deals``), point by
    point: (0 A reached the target first / 1 B / -1 nobody, A's score, B's score)."""
    for e in range(n):
        a = (who[e] == 1) == a_deals
        if a:
            sa += pts[e]
            if sa >= target:
                return 0, sa, sb
        else:
            sb += pts[e]
            if sb >= target:
                return 1, sa, sb
    return -1, sa, sb


@njit(cache=True)
def board_decide(cards, my_role, mine, theirs, dseed, n_hands, z, gm_in, keeps, row, tab, target, skunk, stop_at_go):
    """(the throw for the board, the throw for points) of sorted ``cards`` at (mine, theirs)
    for ``my_role`` (1 dealer, 2 pone): see the module docstring."""
    throws = gm_in[3]
    hand_table = gm_in[4]
    n_throws = throws.shape[0]
    dealt = cards.shape[0]
    q_points = objective_throw(cards, my_role, gm_in)
    mine_tab = my_tables(cards, throws, hand_table)
    unseen = unseen_of(cards)
    pre = np.zeros((keeps.shape[0], n_throws, 2, 3), np.int64)
    done = np.zeros(keeps.shape[0], np.bool_)
    prefix = (keeps, row, pre, done, mine, theirs, stop_at_go)
    out = np.zeros((n_throws, 3))
    s1 = np.zeros(n_throws)
    d1 = np.zeros(n_throws)
    d2 = np.zeros(n_throws)
    opp = np.zeros(dealt, np.int64)
    for k in range(n_hands):
        draw_hand(dseed, k, unseen, dealt, opp)
        sort_small(opp, dealt)
        hand_values(opp, unseen, my_role, target, skunk, gm_in, mine_tab, prefix, tab, out)
        for q in range(n_throws):
            w = out[q, V_WIN]
            d = w - out[q_points, V_WIN]
            s1[q] += w
            d1[q] += d
            d2[q] += d * d
    best = q_points
    for q in range(n_throws):
        if s1[q] > s1[best]:
            best = q
    if best == q_points:
        return q_points, q_points
    mean = d1[best] / n_hands
    var = (d2[best] - n_hands * mean * mean) / (n_hands - 1)
    se = np.sqrt(max(var, 0.0) / n_hands)
    if mean > z * se:
        return best, q_points
    return q_points, q_points


@njit(cache=True, parallel=True)
def board_games(seed, lo, hi, dealt, n_hands, z, board_from, band_edges, gm_in, keeps, row, tab, target, skunk,
                stop_at_go):
    """Games lo..hi-1 of ``seed`` (module docstring): per game (N_GAME,) and per game and band
    of the higher score at A's board decisions (band b: band_edges[b] <= score < band_edges[b + 1])
    the decisions and those that throw otherwise than by points."""
    throws = gm_in[3]
    n_throws, throw = throws.shape
    keep = dealt - throw
    n_bands = band_edges.shape[0] - 1
    rows = np.zeros((hi - lo, N_GAME), np.int64)
    bands = np.zeros((hi - lo, n_bands, N_BAND), np.int64)
    for i in prange(hi - lo):
        g = lo + i
        drawn = np.zeros(2 * dealt + 1, np.int64)
        cards = np.zeros(dealt, np.int64)
        kept = np.zeros((2, keep), np.int64)
        crib = np.zeros(4, np.int64)
        who = np.zeros(MAX_EVENTS, np.int64)
        pts = np.zeros(MAX_EVENTS, np.int64)
        stats = np.zeros(N_STATS, np.int64)
        first_band = -1
        for game in range(2):  # 0: X (A for the board), 1: C (both by points)
            sa = 0
            sb = 0
            a_deals = g % 2 == 0
            winner = -1
            j = 0
            while winner < 0 and j < MAX_DEALS:
                deal_cards(seed, g * MAX_DEALS + j, 2 * dealt + 1, drawn)
                starter = drawn[2 * dealt]
                for player in range(2):  # player 1 the dealer: drawn[0:dealt]
                    off = 0 if player == 1 else dealt
                    for t in range(dealt):
                        cards[t] = drawn[off + t]
                    sort_small(cards, dealt)
                    role = 1 if player == 1 else 2
                    is_a = (player == 1) == a_deals
                    q = objective_throw(cards, role, gm_in)
                    mine = sa if is_a else sb
                    theirs = sb if is_a else sa
                    if game == 0 and is_a and max(mine, theirs) >= board_from:
                        dseed = mix64(np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(g * MAX_DEALS + j))
                        q, qp = board_decide(cards, role, mine, theirs, dseed, n_hands, z, gm_in, keeps, row, tab,
                                             target, skunk, stop_at_go)
                        top = max(mine, theirs)
                        for b in range(n_bands):
                            if band_edges[b] <= top < band_edges[b + 1]:
                                bands[i, b, B_DECISIONS] += 1
                                if q != qp:
                                    bands[i, b, B_DIFFERS] += 1
                                    if first_band < 0:
                                        first_band = b
                    split(cards, throws, q, kept[player], crib, player * throw)
                n = deal_script(kept, crib, starter, stop_at_go, gm_in[4], gm_in[5], who, pts, stats)
                winner, sa, sb = walk(who, pts, n, a_deals, sa, sb, target)
                a_deals = not a_deals
                j += 1
            rows[i, G_X_WIN + game] = 1 if winner == 0 else 0
            rows[i, G_X_SKUNK + game] = 1 if winner == 0 and sb < skunk else 0
            rows[i, G_X_DEALS + game] = j
        rows[i, G_FIRST_BAND] = first_band
    return rows, bands


@njit(cache=True, parallel=True)
def games_from(seed, n_games, cards, q, my_role, mine, theirs, gm_in, target, skunk, stop_at_go):
    """Game i of ``seed`` (i < n_games) from (mine, theirs), your sorted ``cards`` throwing
    ``throws[q]`` as ``my_role`` (1 dealer, 2 pone): the opponent's cards and the starter drawn
    from the cards you have not seen (:func:`.boardthrow.draw_hand`), then whole deals
    (:func:`.game.deal_cards`) by points to the end. Returns (wins, wins with a skunk)."""
    throws = gm_in[3]
    n_throws, throw = throws.shape
    dealt = cards.shape[0]
    keep = dealt - throw
    unseen = unseen_of(cards)
    wins = np.zeros(n_games, np.int64)
    skunks = np.zeros(n_games, np.int64)
    for i in prange(n_games):
        drawn = np.zeros(2 * dealt + 1, np.int64)
        hand = np.zeros(dealt, np.int64)
        kept = np.zeros((2, keep), np.int64)
        crib = np.zeros(4, np.int64)
        who = np.zeros(MAX_EVENTS, np.int64)
        pts = np.zeros(MAX_EVENTS, np.int64)
        stats = np.zeros(N_STATS, np.int64)
        opp = np.zeros(dealt + 1, np.int64)
        draw_hand(seed, i, unseen, dealt + 1, opp)
        starter = opp[dealt]
        for t in range(dealt):
            hand[t] = opp[t]
        sort_small(hand, dealt)
        me_player = 1 if my_role == 1 else 0
        split(cards, throws, q, kept[me_player], crib, me_player * throw)
        split(hand, throws, objective_throw(hand, 3 - my_role, gm_in), kept[1 - me_player], crib,
              (1 - me_player) * throw)
        n = deal_script(kept, crib, starter, stop_at_go, gm_in[4], gm_in[5], who, pts, stats)
        a_deals = my_role == 1  # A: you
        winner, sa, sb = walk(who, pts, n, a_deals, mine, theirs, target)
        j = 0
        while winner < 0 and j < MAX_DEALS:
            a_deals = not a_deals
            deal_cards(seed, i * MAX_DEALS + j, 2 * dealt + 1, drawn)
            for player in range(2):
                off = 0 if player == 1 else dealt
                for t in range(dealt):
                    hand[t] = drawn[off + t]
                sort_small(hand, dealt)
                split(hand, throws, objective_throw(hand, 1 if player == 1 else 2, gm_in), kept[player], crib,
                      player * throw)
            n = deal_script(kept, crib, drawn[2 * dealt], stop_at_go, gm_in[4], gm_in[5], who, pts, stats)
            winner, sa, sb = walk(who, pts, n, a_deals, sa, sb, target)
            j += 1
        if winner == 0:
            wins[i] = 1
            skunks[i] = 1 if sb < skunk else 0
    return wins.sum(), skunks.sum()


def warmup() -> None:
    from .boardthrow import keep_rows
    from .combinatorics import combinations, rank_multisets
    from .show import rank_table

    index = np.full(13**6, -1, np.int32)
    rh = np.zeros((1, 15), np.int64)
    t5 = rank_table(5)
    gm_in = (index, rh, rh, combinations(6, 2), t5, t5, np.full((2, 1), -1, np.int64))
    keeps = rank_multisets(4, np.arange(13, dtype=np.int64))
    tab = np.zeros((121, 121, 4))
    board_games(0, 0, 0, 6, 2, 2.0, 0, np.array([0, 121], np.int64), gm_in, keeps, keep_rows(keeps), tab, 121, 91, False)
    games_from(0, 0, np.arange(6, dtype=np.int64), 0, 1, 0, 0, gm_in, 121, 91, False)
    # what game.boardplay calls from Python: a parent loaded from the cache compiles none of these
    cards = np.arange(6, dtype=np.int64)
    kept = np.zeros((2, 4), np.int64)
    split(cards, gm_in[3], 0, kept[0], np.zeros(4, np.int64), 0)
    walk(np.zeros(1, np.int64), np.zeros(1, np.int64), 0, True, 0, 0, 121)
    # compiled for its types, not run: the tables above are empty, and it would read them
    board_decide.compile(tuple(numba.typeof(a) for a in (cards, 1, 0, 0, np.uint64(1), 2, 2.0, gm_in, keeps,
                                                         keep_rows(keeps), tab, 121, 91, False)))
