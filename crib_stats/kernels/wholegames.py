"""Whole games of ``greedy`` against ``greedy`` on the referee's packs, card by card, with
everything a game's record needs, as integer arrays.

Deal ``j`` of deck ``k`` of ``seed`` is the game model's deal ``k * DEALS_PER_DECK + j``
(:func:`.game.deal_cards`; :mod:`crib_stats.referee.deck`): the dealer the first ``dealt``
cards, the pone the next, the starter after them. Deals alternate, the first dealer dealing
deal 0; in the five-card game the first deal's pone pegs ``first_last`` (3) before anyone
throws. Both throw by the game model's objective (:func:`.game.choose_throw` on the sorted
cards); the starter is cut (a jack: 2 to the dealer); both play greedy
(:func:`.policies.greedy_choice` through the play stepper of :mod:`.play`), of the cards of
the chosen rank the lowest code (the lowest suit, as the referee's greedy player plays); the
shows in order, the pone's hand, the dealer's, the crib (:func:`.show.show`, every part). The
game ends the moment a seat reaches ``target``: nothing after that point is scored.

:func:`greedy_games` plays decks ``decks[i]`` and writes, per game (``W_*``), per deal
(``D_*``, the game's deals one after another) and per entry of a deal's play (``P_*``: a card,
or the go / last-card point), what the record is built from (``crib_stats.match.greedy_games``).
It is called twice: once to count the deals and plays (``write`` False), once to fill arrays
of that size.
"""

from __future__ import annotations

import numpy as np

from .constants import JACK
from .game import choose_throw, deal_cards, sort_small
from .jit import njit
from .play import S_COUNT, S_DEALER, S_DONE, S_HANDS, S_N, S_PLAYED, S_PONE, S_TURN, card_points, new_play, \
    play_card, settle
from .policies import greedy_choice
from .show import show

DEALS_PER_DECK = 256  # as crib_stats.referee.deck
# per game
(W_WINNER, W_SCORE_FIRST_DEALER, W_SCORE_FIRST_PONE, W_DEALS, W_PLAYS) = range(5)
N_W = 5
# per deal: the 2 x dealt + 1 cards drawn (dealer's, pone's, starter) start at D_CARDS
(D_DEALER_THROW, D_PONE_THROW, D_HEELS, D_FIRST_LAST, D_SHOWS, D_SCORE_FIRST_DEALER, D_SCORE_FIRST_PONE,
 D_PLAYS) = range(8)
D_SHOW = 8  # 3 shows (pone's hand, dealer's hand, crib) x 5 parts (fifteens, pairs, runs, flush, nobs)
D_CARDS = D_SHOW + 15  # a deal's row is D_CARDS + 2 x dealt + 1 wide
# per play entry
(P_BY, P_CARD, P_COUNT, P_POINTS, P_FIFTEEN, P_THIRTY_ONE, P_PAIRS, P_RUN, P_LAST) = range(9)
N_P = 9


@njit(cache=True)
def _score(scores, seat, points, target):
    """``seat`` (0 the first dealer, 1 the first pone) pegs ``points``: True when that wins."""
    scores[seat] += points
    return scores[seat] >= target


@njit(cache=True)
def greedy_game(seed, deck, dealt, stop_at_go, first_last, target, gm_in, write, deals, plays, d0, p0):
    """One game (module docstring) into ``deals[d0:]`` and ``plays[p0:]`` when ``write``;
    returns (winner seat, first dealer's score, first pone's score, deals, play entries)."""
    index, rank_hand, rank_crib, throws, hand_table, crib_table, rank_throws = gm_in
    n_throws = throws.shape[0]
    throw = throws.shape[1]
    keep = dealt - throw
    hs = np.zeros(n_throws, np.int64)
    cs = np.zeros(n_throws, np.int64)
    tk = np.zeros(n_throws, np.int64)
    kk = np.zeros(n_throws, np.int64)
    obj = np.zeros(n_throws, np.int64)
    drawn = np.zeros(2 * dealt + 1, np.int64)
    cards = np.zeros(dealt, np.int64)
    kept = np.zeros((2, keep), np.int64)  # row 0 the pone's, 1 the dealer's (codes)
    gone = np.zeros((2, keep), np.bool_)
    crib = np.zeros(5, np.int64)
    codes = np.zeros(6, np.int64)
    masks = np.zeros(64, np.int64)
    scores = np.zeros(2, np.int64)
    counts = np.zeros((2, 13), np.int64)
    n_plays = 0
    winner = -1
    j = 0
    while winner < 0:
        row = d0 + j
        dealer = j % 2  # the seat that deals
        pone = 1 - dealer
        deal_cards(seed, deck * DEALS_PER_DECK + j, 2 * dealt + 1, drawn)
        starter = drawn[2 * dealt]
        if write:
            for i in range(2 * dealt + 1):
                deals[row, D_CARDS + i] = drawn[i]
            for i in range(D_CARDS):
                deals[row, i] = 0
        if j == 0 and first_last > 0:
            if write:
                deals[row, D_FIRST_LAST] = first_last
            if _score(scores, pone, first_last, target):
                winner = pone  # (a target that low is no variant's)
        # the throws: the pone first, then the dealer; role 1 dealer, 2 pone; kept in dealt order
        nc = 0
        for player in range(2):  # the play stepper's players: 0 the pone, 1 the dealer
            off = dealt if player == 0 else 0
            for i in range(dealt):
                cards[i] = drawn[off + i]
            sort_small(cards, dealt)
            q = choose_throw(cards, 1 if player == 1 else 2, index, rank_hand, rank_crib, throws, 4 - throw, hs, cs,
                             tk, kk, obj, rank_throws)
            if write:
                deals[row, D_DEALER_THROW if player == 1 else D_PONE_THROW] = q
            m = 0
            for i in range(dealt):
                c = drawn[off + i]
                thrown = False
                for t in range(throw):
                    if cards[throws[q, t]] == c:
                        thrown = True
                if not thrown:
                    kept[player, m] = c
                    gone[player, m] = False
                    m += 1
            for t in range(throw):
                crib[nc] = cards[throws[q, t]]
                nc += 1
        # his heels
        if winner < 0 and (starter >> 2) == JACK:
            if write:
                deals[row, D_HEELS] = 2
            if _score(scores, dealer, 2, target):
                winner = dealer
        n_entries = 0
        if winner < 0:
            for player in range(2):
                for r in range(13):
                    counts[player, r] = 0
                for i in range(keep):
                    counts[player, kept[player, i] >> 2] += 1
            st, seq = new_play(counts[0], counts[1])
            st = settle(st, stop_at_go)
            while st[S_DONE] == 0 and winner < 0:
                mover = st[S_TURN]
                r = greedy_choice(seq, st)
                code = -1
                for i in range(keep):  # the lowest code of that rank still held
                    c = kept[mover, i]
                    if not gone[mover, i] and (c >> 2) == r and (code < 0 or c < code):
                        code = c
                for i in range(keep):
                    if kept[mover, i] == code:
                        gone[mover, i] = True
                before = st[S_PONE + mover]
                st = play_card(seq, st, r)
                pts = st[S_PONE + mover] - before
                if write:
                    e = p0 + n_plays + n_entries
                    f, t31, pp, rl = card_points(seq, st[S_PLAYED], st[S_N], st[S_COUNT])
                    plays[e, P_BY] = mover
                    plays[e, P_CARD] = code
                    plays[e, P_COUNT] = st[S_COUNT]
                    plays[e, P_POINTS] = pts
                    plays[e, P_FIFTEEN] = f
                    plays[e, P_THIRTY_ONE] = t31
                    plays[e, P_PAIRS] = pp
                    plays[e, P_RUN] = rl
                    plays[e, P_LAST] = 0
                n_entries += 1
                seat = dealer if mover == 1 else pone
                if pts > 0 and _score(scores, seat, pts, target):
                    winner = seat
                    break
                bp = st[S_PONE]
                bd = st[S_DEALER]
                st = settle(st, stop_at_go)
                for who in range(2):
                    got = (st[S_PONE] - bp) if who == 0 else (st[S_DEALER] - bd)
                    if got > 0 and winner < 0:
                        if write:
                            e = p0 + n_plays + n_entries
                            for i in range(N_P):
                                plays[e, i] = 0
                            plays[e, P_BY] = who
                            plays[e, P_CARD] = -1
                            plays[e, P_COUNT] = -1
                            plays[e, P_POINTS] = got
                            plays[e, P_LAST] = 1 if (st[S_HANDS] == 0 and st[S_HANDS + 1] == 0) else 0
                        n_entries += 1
                        seat = dealer if who == 1 else pone
                        if _score(scores, seat, got, target):
                            winner = seat
        # the shows: the pone's hand, the dealer's, the crib (the pone's throw, then the dealer's)
        shown = 0
        if winner < 0:
            for s in range(3):
                n = keep if s < 2 else 4
                for i in range(n):
                    codes[i] = kept[0 if s == 0 else 1, i] if s < 2 else crib[i]
                codes[n] = starter
                f, pr, rn, fl, nb, _ = show(codes, n + 1, s == 2, masks)
                if write:
                    base = D_SHOW + 5 * s
                    deals[row, base] = f
                    deals[row, base + 1] = pr
                    deals[row, base + 2] = rn
                    deals[row, base + 3] = fl
                    deals[row, base + 4] = nb
                shown += 1
                seat = pone if s == 0 else dealer
                if _score(scores, seat, f + pr + rn + fl + nb, target):
                    winner = seat
                    break
        if write:
            deals[row, D_SHOWS] = shown
            deals[row, D_SCORE_FIRST_DEALER] = scores[0]
            deals[row, D_SCORE_FIRST_PONE] = scores[1]
            deals[row, D_PLAYS] = n_entries
        n_plays += n_entries
        j += 1
    return winner, scores[0], scores[1], j, n_plays


@njit(cache=True)
def greedy_games(seed, decks, dealt, stop_at_go, first_last, target, gm_in, write, deals, plays):
    """The games of ``decks`` (module docstring): (games (n, N_W), deals, plays), the last two
    filled when ``write`` (sized by a first call's W_DEALS and W_PLAYS sums)."""
    n = decks.shape[0]
    games = np.zeros((n, N_W), np.int64)
    d0 = 0
    p0 = 0
    for g in range(n):
        w, s0, s1, nd, npl = greedy_game(seed, decks[g], dealt, stop_at_go, first_last, target, gm_in, write, deals,
                                         plays, d0, p0)
        games[g, W_WINNER] = w
        games[g, W_SCORE_FIRST_DEALER] = s0
        games[g, W_SCORE_FIRST_PONE] = s1
        games[g, W_DEALS] = nd
        games[g, W_PLAYS] = npl
        d0 += nd
        p0 += npl
    return games


def warmup_inputs() -> tuple:
    """The smallest inputs of the kernels' own types (the game model's: int32 index, int8 tables)."""
    from .combinatorics import combinations

    index = np.full(1, -1, np.int32)
    rh = np.zeros((1, 15), np.int64)
    gm_in = (index, rh, rh, combinations(6, 2).astype(np.int64), np.zeros(1, np.int8), np.zeros(1, np.int8),
             np.full((2, 1), -1, np.int64))
    return gm_in, np.zeros((0, D_CARDS + 13), np.int64), np.zeros((0, N_P), np.int64)


def warmup() -> None:
    gm_in, deals, plays = warmup_inputs()
    greedy_games(0, np.zeros(0, np.int64), 6, False, 0, 121, gm_in, False, deals, plays)
