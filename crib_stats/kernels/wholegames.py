"""Whole games of ``greedy`` in every seat on the referee's packs, card by card, with everything a
game's record needs, as integer arrays: two players (six-card, five-card), three, or four in
partnership, to any target.

The variant comes as ``rules`` (an int64 array, the ``R_*`` indices; built from the variant
table by ``crib_stats.match.greedy_games.kernel_inputs``): the players, the cards dealt to each,
the three-player crib's card from the pack, the five-card game's stop at the first go and its
three for last, the target, the deals a deck sequence is spaced by, and the side each seat
scores for (its team with partners). Seats are numbered clockwise from the first dealer; deal
``j`` is dealt by seat ``j % players``, and a seat's *turn* in a deal is its place in the play's
order, ``(seat - dealer - 1) % players`` (0 leads, the dealer last).

Deal ``j`` of deck ``k`` of ``seed`` is the stream's deal ``k * deals_per_deck + j``
(:func:`.game.deal_cards`; :func:`crib_stats.referee.deck.pack`): the dealer the first ``dealt``
cards, then each seat clockwise from the dealer's left the next ``dealt``, then (three players)
the crib's card, then the starter. In the five-card game the first deal's pone pegs
``first_last`` (3) before anyone throws. Every seat throws in the play's order by the game
model's objective (:func:`.game.throw_all`: :func:`.game.choose_throw` on its sorted cards; role
1, the dealer's, when the crib is its side's, else 2); the crib is the throws in that order, then the pack's card; the
starter is cut (a jack: 2 to the dealer); everyone plays greedy (:func:`.policies.greedy_choice`,
which reads only the mover's hand, the count and the count's ranks) through the play stepper of
:mod:`.playn`, of the cards of the chosen rank the lowest code (the lowest suit, as the
referee's greedy player plays); the shows in order, every hand from the dealer's left, the
dealer's last, then the crib (:func:`.show.show`, every part). The game ends the moment a side
reaches ``target``: nothing after that point is scored.

:func:`greedy_games` plays decks ``decks[i]`` and writes, per game (``W_*``), per deal
(``D_*``, the game's deals one after another) and per entry of a deal's play (``P_*``: a card,
or the go / last-card point), what the record is built from (``crib_stats.match.greedy_games``).
It is called twice for the records: once to count the deals and plays (``write`` False, which
is also the whole cost of playing the games), once to fill arrays of that size.
"""

from __future__ import annotations

import numpy as np

from .constants import JACK, RANKS
from .game import deal_cards, throw_all
from .jit import njit
from .playn import MAX_CARDS_N, MAX_PLAYERS, N_STATE_N, T_COUNT, T_DONE, T_GO, T_HANDS, T_TURN, greedy_rank_n, \
    play_card_n, settle_n, start_play_n
from .show import show

# the rules of a variant (an int64 array)
(R_PLAYERS, R_DEALT, R_CRIB_CARD, R_STOP_AT_GO, R_FIRST_LAST, R_TARGET, R_DEALS_PER_DECK, R_SIDES) = range(8)
R_SIDE = 8  # + seat: the side (a team's index, or the seat itself) the seat's points go to
N_R = R_SIDE + MAX_PLAYERS
# per game: the winning side, the deals, the play entries, each side's final score
(W_WINNER, W_DEALS, W_PLAYS) = range(3)
W_SCORE = 3  # + side
N_W = W_SCORE + MAX_PLAYERS
# per deal: each seat's throw (a row of the throws), his heels, the first deal's last, the shows
# made, the play's entries, each side's score after the deal, every show's parts, the cards drawn
D_THROW = 0  # + seat
(D_HEELS, D_FIRST_LAST, D_SHOWS, D_PLAYS) = range(MAX_PLAYERS, MAX_PLAYERS + 4)
D_SCORE = MAX_PLAYERS + 4  # + side
D_SHOW = D_SCORE + MAX_PLAYERS  # + 5 x show (every hand in the play's order, then the crib) + part
SHOW_PARTS = 5  # fifteens, pairs, runs, flush, nobs
D_CARDS = D_SHOW + SHOW_PARTS * (MAX_PLAYERS + 1)  # a deal's row is D_CARDS + the cards drawn wide
# per play entry: the seat, the card (-1 for a go or last card), the count after it, its points and their parts
(P_BY, P_CARD, P_COUNT, P_POINTS, P_FIFTEEN, P_THIRTY_ONE, P_PAIRS, P_RUN, P_LAST) = range(9)
N_P = 9


def drawn_of(players: int, dealt: int, crib_card: int) -> int:
    """The cards a deal draws: every hand, the crib's card from the pack, the starter."""
    return players * dealt + crib_card + 1


@njit(cache=True, inline="always")
def _score(scores, side, points, target):
    """``side`` pegs ``points``: True when that wins."""
    scores[side] += points
    return scores[side] >= target


@njit(cache=True)
def greedy_game(seed, deck, rules, gm_in, write, deals, plays, d0, p0, out):
    """One game (module docstring) into ``deals[d0:]`` and ``plays[p0:]`` when ``write``, its
    winner, deals, play entries and final scores into ``out`` (a row of ``W_*``)."""
    index, rank_hand, rank_crib, throws, hand_table, crib_table, rank_throws = gm_in
    n = rules[R_PLAYERS]
    dealt = rules[R_DEALT]
    crib_card = rules[R_CRIB_CARD]
    stop_at_go = rules[R_STOP_AT_GO] != 0
    target = rules[R_TARGET]
    keep = dealt - throws.shape[1]
    n_drawn = n * dealt + crib_card + 1
    roles = np.zeros(MAX_PLAYERS, np.int64)
    qs = np.zeros(MAX_PLAYERS, np.int64)
    drawn = np.zeros(n_drawn, np.int64)
    kept = np.zeros((MAX_PLAYERS, keep), np.int64)  # by turn (codes, in the order dealt)
    gone = np.zeros((MAX_PLAYERS, keep), np.bool_)
    crib = np.zeros(5, np.int64)
    codes = np.zeros(6, np.int64)
    masks = np.zeros(64, np.int64)
    scores = np.zeros(MAX_PLAYERS, np.int64)  # by side
    counts = np.zeros((MAX_PLAYERS, RANKS), np.int64)
    st = np.zeros(N_STATE_N, np.int64)
    seq = np.zeros(MAX_CARDS_N, np.int64)
    n_plays = 0
    winner = -1
    j = 0
    while winner < 0:
        row = d0 + j
        dealer = j % n
        deal_cards(seed, deck * rules[R_DEALS_PER_DECK] + j, n_drawn, drawn)
        starter = drawn[n_drawn - 1]
        if write:
            for i in range(n_drawn):
                deals[row, D_CARDS + i] = drawn[i]
            for i in range(D_CARDS):
                deals[row, i] = 0
        if j == 0 and rules[R_FIRST_LAST] > 0:
            if write:
                deals[row, D_FIRST_LAST] = rules[R_FIRST_LAST]
            pone = (dealer + 1) % n
            if _score(scores, rules[R_SIDE + pone], rules[R_FIRST_LAST], target):
                winner = rules[R_SIDE + pone]  # (a target that low is no variant's)
        # the throws, in the play's order; role 1 when the crib is the seat's side's
        for t in range(n):
            seat = (dealer + 1 + t) % n
            roles[t] = 1 if rules[R_SIDE + seat] == rules[R_SIDE + dealer] else 2
        nc = throw_all(drawn, n, dealt, roles, index, rank_hand, rank_crib, throws, rank_throws, kept, crib, qs)
        for t in range(n):
            for i in range(keep):
                gone[t, i] = False
            if write:
                deals[row, D_THROW + (dealer + 1 + t) % n] = qs[t]
        if crib_card:
            crib[nc] = drawn[n * dealt]
            nc += 1
        # his heels
        if winner < 0 and (starter >> 2) == JACK:
            if write:
                deals[row, D_HEELS] = 2
            if _score(scores, rules[R_SIDE + dealer], 2, target):
                winner = rules[R_SIDE + dealer]
        # the play
        n_entries = 0
        if winner < 0:
            for t in range(n):
                for r in range(RANKS):
                    counts[t, r] = 0
                for i in range(keep):
                    counts[t, kept[t, i] >> 2] += 1
            start_play_n(st, counts, n)
            settle_n(st, stop_at_go)
            while st[T_DONE] == 0 and winner < 0:
                mover = st[T_TURN]
                r = greedy_rank_n(seq, st)
                code = -1
                at = -1
                for i in range(keep):  # the lowest code of that rank still held
                    c = kept[mover, i]
                    if not gone[mover, i] and (c >> 2) == r and (code < 0 or c < code):
                        code = c
                        at = i
                gone[mover, at] = True
                f, t31, pp, rl = play_card_n(seq, st, r)
                pts = f + t31 + pp + rl
                seat = (dealer + 1 + mover) % n
                if write:
                    e = p0 + n_plays + n_entries
                    plays[e, P_BY] = seat
                    plays[e, P_CARD] = code
                    plays[e, P_COUNT] = st[T_COUNT]
                    plays[e, P_POINTS] = pts
                    plays[e, P_FIFTEEN] = f
                    plays[e, P_THIRTY_ONE] = t31
                    plays[e, P_PAIRS] = pp
                    plays[e, P_RUN] = rl
                    plays[e, P_LAST] = 0
                n_entries += 1
                if pts > 0 and _score(scores, rules[R_SIDE + seat], pts, target):
                    winner = rules[R_SIDE + seat]
                    break
                settle_n(st, stop_at_go)
                if st[T_GO] >= 0:  # the go or the last card: 1 to the player of the last card
                    seat = (dealer + 1 + st[T_GO]) % n
                    if write:
                        held = 0
                        for q in range(n):
                            held |= st[T_HANDS + q]
                        e = p0 + n_plays + n_entries
                        for i in range(N_P):
                            plays[e, i] = 0
                        plays[e, P_BY] = seat
                        plays[e, P_CARD] = -1
                        plays[e, P_COUNT] = -1
                        plays[e, P_POINTS] = 1
                        plays[e, P_LAST] = 1 if held == 0 else 0
                    n_entries += 1
                    if _score(scores, rules[R_SIDE + seat], 1, target):
                        winner = rules[R_SIDE + seat]
        # the shows: every hand in the play's order (the dealer's last), then the crib
        shown = 0
        if winner < 0:
            for s in range(n + 1):
                m = keep if s < n else 4
                for i in range(m):
                    codes[i] = kept[s, i] if s < n else crib[i]
                codes[m] = starter
                f, pr, rn, fl, nb, _ = show(codes, m + 1, s == n, masks)
                if write:
                    base = D_SHOW + SHOW_PARTS * s
                    deals[row, base] = f
                    deals[row, base + 1] = pr
                    deals[row, base + 2] = rn
                    deals[row, base + 3] = fl
                    deals[row, base + 4] = nb
                shown += 1
                seat = (dealer + 1 + s) % n if s < n else dealer
                if _score(scores, rules[R_SIDE + seat], f + pr + rn + fl + nb, target):
                    winner = rules[R_SIDE + seat]
                    break
        if write:
            deals[row, D_SHOWS] = shown
            deals[row, D_PLAYS] = n_entries
            for side in range(rules[R_SIDES]):
                deals[row, D_SCORE + side] = scores[side]
        n_plays += n_entries
        j += 1
    out[W_WINNER] = winner
    out[W_DEALS] = j
    out[W_PLAYS] = n_plays
    for side in range(rules[R_SIDES]):
        out[W_SCORE + side] = scores[side]


@njit(cache=True)
def greedy_games(seed, decks, rules, gm_in, write, deals, plays):
    """The games of ``decks`` (module docstring): games (n, N_W); ``deals`` and ``plays`` filled
    when ``write`` (sized by a first call's W_DEALS and W_PLAYS sums)."""
    n = decks.shape[0]
    games = np.zeros((n, N_W), np.int64)
    d0 = 0
    p0 = 0
    for g in range(n):
        greedy_game(seed, decks[g], rules, gm_in, write, deals, plays, d0, p0, games[g])
        d0 += games[g, W_DEALS]
        p0 += games[g, W_PLAYS]
    return games


def warmup_inputs() -> tuple:
    """The smallest inputs of the kernels' own types (the game model's: int32 index, int8 tables)."""
    from .combinatorics import combinations

    index = np.full(1, -1, np.int32)
    rh = np.zeros((1, 15), np.int64)
    gm_in = (index, rh, rh, combinations(6, 2).astype(np.int64), np.zeros(1, np.int8), np.zeros(1, np.int8),
             np.full((2, 1), -1, np.int64))
    rules = np.zeros(N_R, np.int64)
    return rules, gm_in, np.zeros((0, D_CARDS + 13), np.int64), np.zeros((0, N_P), np.int64)


def warmup() -> None:
    rules, gm_in, deals, plays = warmup_inputs()
    greedy_games(0, np.zeros(0, np.int64), rules, gm_in, False, deals, plays)
