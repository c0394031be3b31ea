"""The play advisor's play: the history replayed against each of the opponent's possible kept
hands, and every legal card's value.

The opponent's kept rank multisets come weighted from :mod:`.posterior` (the walk over every
hand they can hold; :mod:`.keeps`, the same from a per-machine table). The play is on ranks
(:mod:`.play`): :func:`replay` replays the history with your hand and one kept rank multiset
of the opponent's and says whether the rules reproduce it (the player to move is always the
history's, so a go falls exactly where the opponent could not play), and :func:`card_values`
plays each of your candidate ranks and then greedy for both to the end (or the minimax rest,
:func:`minimax_choice`), returning the points each side scores from now on, as scoring events
in order. :func:`board_walk` carries those
events, the show and the committed board to P(you win).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from .jit import njit, prange

from .constants import RANKS
from .play import S_DEALER, S_DONE, S_PONE, S_TURN, held, new_play, next_legal, play_card, settle, FITS
from .playsearch import positions_table
from .policies import GREEDY, MINIMAX, greedy_choice, minimax_from
from .posterior import CHUNKS, SHOW_BINS

MINIMAX_TABLE_BITS = 14  # the table of positions for the minimax rest of the play
MAX_EVENTS = 16  # scoring events of the rest of one play (at most one a card, a go or last card each)
# why a kept rank multiset cannot reproduce the play (replay's status; the step is status // 8)
OK, NOT_HELD, PASSED_WHEN_ABLE, OVER_31, PLAY_OVER, NOT_MY_TURN = range(6)

@njit(cache=True)
def replay(mine, theirs, me, ranks, owners, n, stop_at_go):
    """Replay the ``n`` cards of a play so far (``ranks``; ``owners`` 0 yours, 1 theirs) with your
    rank counts ``mine`` and the opponent's ``theirs``, ``me`` 0 when you are the pone: (status,
    state, seq), the status :data:`OK` or the reason the play cannot have gone so, plus
    8 x the number of cards replayed before it failed. OK also needs it to be your turn now."""
    st, seq = new_play(mine if me == 0 else theirs, theirs if me == 0 else mine)
    st = settle(st, stop_at_go)
    for i in range(n):
        if st[S_DONE] != 0:
            return PLAY_OVER + 8 * i, st, seq
        who = me if owners[i] == 0 else 1 - me
        r = ranks[i]
        if st[S_TURN] != who:
            # the history says `who` plays while the stepper says the other must: that player
            # could play (a go is only said when no card fits)
            return PASSED_WHEN_ABLE + 8 * i, st, seq
        if held(st, who, r) == 0:
            return NOT_HELD + 8 * i, st, seq
        if ((FITS[st[0]] >> (4 * r)) & 15) == 0:
            return OVER_31 + 8 * i, st, seq
        st = settle(play_card(seq, st, r), stop_at_go)
    if st[S_DONE] != 0:
        return PLAY_OVER + 8 * n, st, seq
    if st[S_TURN] != me:
        return NOT_MY_TURN + 8 * n, st, seq
    return OK, st, seq


@njit(cache=True)
def greedy_consistent(mine, sets, me, ranks, owners, n, stop_at_go):
    """Per kept rank multiset of the opponent's (rows of ``sets``): True when the play so far is
    what the rules give with the opponent playing greedy (every card of theirs greedy's choice),
    your cards as given, and it is your turn now. What an opponent known to play greedy reveals
    beyond the rules (the measurement of :mod:`crib_stats.game.advise_value` uses it)."""
    rows = sets.shape[0]
    out = np.zeros(rows, np.bool_)
    for row in range(rows):
        st, seq = new_play(mine if me == 0 else sets[row], sets[row] if me == 0 else mine)
        st = settle(st, stop_at_go)
        good = True
        for i in range(n):
            who = me if owners[i] == 0 else 1 - me
            r = ranks[i]
            if st[S_DONE] != 0 or st[S_TURN] != who or held(st, who, r) == 0 or ((FITS[st[0]] >> (4 * r)) & 15) == 0:
                good = False
                break
            if who != me and greedy_choice(seq, st) != r:
                good = False
                break
            st = settle(play_card(seq, st, r), stop_at_go)
        out[row] = good and st[S_DONE] == 0 and st[S_TURN] == me
    return out


@njit(cache=True)
def minimax_choice(seq, st, stop_at_go, keys, values, stamps, stamp):
    """The rank the player to move at the settled state ``st`` plays when both play the rest of
    the play optimally with both hands visible (:func:`.policies.minimax_from`: the dealer
    maximises dealer - pone, the pone minimises it): the lowest rank of the best value. The
    table of positions (``keys``, ``values``, ``stamps``, entries ``stamp``) is shared by every
    search of a thread: a position is keyed by both hands left and who leads, so any row's
    search may use another's."""
    best_r = -1
    best_v = 0
    r = next_legal(st, 0)
    while r < RANKS:
        child = settle(play_card(seq, st, r), stop_at_go)
        v = minimax_from(child, seq, stop_at_go, keys, values, stamps, stamp)
        if best_r < 0 or (v > best_v if st[S_TURN] == 1 else v < best_v):
            best_r = r
            best_v = v
        r = next_legal(st, r + 1)
    return best_r


@njit(cache=True)
def _row_values(row, mine, theirs, me, ranks, owners, n, stop_at_go, candidates, rest, table, out):
    """:func:`card_values` for one kept row (``theirs``), written into its arrays ``out`` (status,
    net, who, pts, n_ev) at ``row``."""
    keys, values, stamps = table
    status, net, who, pts, n_ev = out
    s, st0, seq0 = replay(mine, theirs, me, ranks, owners, n, stop_at_go)
    status[row] = s
    if s != OK:
        return
    for c in range(candidates.shape[0]):
        if ((FITS[st0[0]] >> (4 * candidates[c])) & 15) == 0:
            continue  # past 31 now: no events
        seq = seq0.copy()
        st = st0
        e = 0
        first = True
        while st[S_DONE] == 0:
            if first:
                r = candidates[c]
            elif rest == MINIMAX:
                r = minimax_choice(seq, st, stop_at_go, keys, values, stamps, 1)
            else:
                r = greedy_choice(seq, st)
            first = False
            before = (st[S_PONE], st[S_DEALER])
            st = settle(play_card(seq, st, r), stop_at_go)
            for player in range(2):  # the card's points, then any go / last card after it
                gained = (st[S_PONE] - before[0]) if player == 0 else (st[S_DEALER] - before[1])
                if gained == 0:
                    continue
                mover = 0 if player == me else 1
                # the card's scorer is the one who played it: settle's go point goes to the
                # last player, who is that same player, so one event per player per card
                if e > 0 and who[row, c, e - 1] == mover:
                    pts[row, c, e - 1] += gained
                else:
                    who[row, c, e] = mover
                    pts[row, c, e] = gained
                    e += 1
                net[row, c] += gained if mover == 0 else -gained
        n_ev[row, c] = e


@njit(cache=True)
def card_values(mine, sets, me, ranks, owners, n, stop_at_go, candidates, rest):
    """For every kept rank multiset (rows of ``sets``): the replay's status (``status``) and, when
    OK, for each candidate rank of yours that fits the count now the scoring events of the rest
    of the play, that card first and then both playing by ``rest`` (:data:`GREEDY`: greedy's
    card; :data:`MINIMAX`: :func:`minimax_choice`, both hands visible) to the end (none for a
    candidate past 31): ``who[row, c, e]`` (0 you, 1 the opponent), ``pts[row, c, e]``,
    ``n_ev[row, c]``; and ``net[row, c]`` = your points from now on minus theirs. Returns
    (status, net, who, pts, n_ev). One table of positions serves every row's minimax search (a
    position is keyed by both hands left); every row's answer is its own."""
    rows = sets.shape[0]
    nc = candidates.shape[0]
    status = np.zeros(rows, np.int64)
    net = np.zeros((rows, nc), np.int64)
    who = np.zeros((rows, nc, MAX_EVENTS), np.int64)
    pts = np.zeros((rows, nc, MAX_EVENTS), np.int64)
    n_ev = np.zeros((rows, nc), np.int64)
    table = positions_table(MINIMAX_TABLE_BITS if rest == MINIMAX else 0)
    for row in range(rows):
        _row_values(row, mine, sets[row], me, ranks, owners, n, stop_at_go, candidates, rest, table,
                    (status, net, who, pts, n_ev))
    return status, net, who, pts, n_ev


@njit(cache=True)
def now(mine, theirs, me, ranks, owners, n, stop_at_go):
    """(the rank greedy would play now, the count now) after the play so far, with ``theirs``
    any kept multiset the replay accepts (neither depends on which: your hand and the play so
    far decide both); (-1, -1) when the replay fails."""
    s, st, seq = replay(mine, theirs, me, ranks, owners, n, stop_at_go)
    if s != OK:
        return -1, -1
    return greedy_choice(seq, st), st[0]


class Board(NamedTuple):
    """The committed board as :func:`board_walk` reads it: ``win[a, b]`` P(the next dealer, at
    a against b, wins), ``win_hi`` the same plus its jackknife error (clipped to 1),
    ``skunk[0, a, b]`` P(he wins with a skunk or better), ``skunk[1, a, b]`` P(he is skunked),
    the game's ``target`` and the skunk line (a loser below it is skunked)."""

    win: np.ndarray
    win_hi: np.ndarray
    skunk: np.ndarray
    target: int
    skunk_line: int


class Rest(NamedTuple):
    """The rest of the play per kept row and candidate, from :func:`card_values`: the scoring
    events' side (``who``, 0 you) and points (``pts``) in order, ``n_ev`` of them."""

    who: np.ndarray
    pts: np.ndarray
    n_ev: np.ndarray


@njit(cache=True, parallel=True)
def board_walk(weight, rows, rest, board, mine_now, theirs_now, me, my_hand):
    """P(you win) sums for every candidate: ``weight[i, hp, cp]`` the posterior of kept row
    ``rows[i]`` (ascending) with the show, the play's events ``rest`` of :func:`card_values`,
    then the pone's hand, the dealer's hand (yours ``my_hand``, theirs ``hp``) and the crib
    (``cp``, the dealer's), the game ending the moment a side reaches the target (a skunk: the
    loser below the skunk line). Where it does not end, the ``board`` decides. Returns
    ((candidates, 4), (candidates,)) floats (the board is a float model): per candidate the sums
    of weight x P(you win), x P(you win with a skunk), x P(you are skunked), and of the weights;
    and the first again with ``board.win_hi`` for ``board.win``."""
    n, bins, _ = weight.shape
    nc = rest.pts.shape[1]
    target = board.target
    skunk_line = board.skunk_line
    win = board.win
    win_hi = board.win_hi
    skunk = board.skunk
    net_who = rest.who
    net_pts = rest.pts
    n_ev = rest.n_ev
    out = np.zeros((CHUNKS, nc, 4), np.float64)
    out_hi = np.zeros((CHUNKS, nc), np.float64)
    for ch in prange(CHUNKS):
        cell_hp = np.zeros(bins * bins, np.int64)
        cell_cp = np.zeros(bins * bins, np.int64)
        cell_w = np.zeros(bins * bins, np.int64)
        for i in range(n):
            row = rows[i]
            if row % CHUNKS != ch:  # the partial sums of the walk over every row, row by row
                continue
            m = 0  # the row's shows that have weight, in order
            for hp in range(bins):
                for cp in range(bins):
                    if weight[i, hp, cp] != 0:
                        cell_hp[m] = hp
                        cell_cp[m] = cp
                        cell_w[m] = weight[i, hp, cp]
                        m += 1
            for c in range(nc):
                # the rest of the play: the same for every show
                a0 = mine_now
                b0 = theirs_now
                done0 = 0  # 1 you reached the target, 2 they did
                for e in range(n_ev[row, c]):
                    if net_who[row, c, e] == 0:
                        a0 += net_pts[row, c, e]
                    else:
                        b0 += net_pts[row, c, e]
                    if a0 >= target:
                        done0 = 1
                        break
                    if b0 >= target:
                        done0 = 2
                        break
                for k in range(m):
                    hp = cell_hp[k]
                    cp = cell_cp[k]
                    w = cell_w[k]
                    a = a0
                    b = b0
                    done = done0
                    if done == 0:
                        # the show: pone's hand, dealer's hand, crib (the dealer's)
                        if me == 0:
                            a += my_hand
                            if a >= target:
                                done = 1
                            else:
                                b += hp + cp  # the dealer's hand, then his crib: one side's
                                if b >= target:
                                    done = 2
                        else:
                            b += hp
                            if b >= target:
                                done = 2
                            else:
                                a += my_hand + cp
                                if a >= target:
                                    done = 1
                    if done == 1:
                        out[ch, c, 0] += w
                        out_hi[ch, c] += w
                        if b < skunk_line:
                            out[ch, c, 1] += w
                    elif done == 2:
                        if a < skunk_line:
                            out[ch, c, 2] += w
                    else:
                        # the deal passes: the pone now deals next
                        if me == 0:
                            out[ch, c, 0] += w * win[a, b]
                            out_hi[ch, c] += w * win_hi[a, b]
                            out[ch, c, 1] += w * skunk[0, a, b]
                            out[ch, c, 2] += w * skunk[1, a, b]
                        else:
                            out[ch, c, 0] += w * (1.0 - win[b, a])
                            out_hi[ch, c] += w * (1.0 - win_hi[b, a])
                            out[ch, c, 1] += w * skunk[1, b, a]
                            out[ch, c, 2] += w * skunk[0, b, a]
                    out[ch, c, 3] += w
    return out.sum(axis=0), out_hi.sum(axis=0)


def warmup() -> None:
    from .sweep import keep_rows

    _, kms = keep_rows(4, np.array([3, 4, 10], np.int64))
    mine = np.zeros(RANKS, np.int64)
    mine[3] = 2
    mine[4] = 2
    ranks = np.zeros(8, np.int64)
    owners = np.zeros(8, np.int64)
    for rest in (GREEDY, MINIMAX):
        st, net, who, pts, ne = card_values(mine, kms[:2], 0, ranks, owners, 0, False, np.array([3, 4], np.int64),
                                            rest)
    now(mine, kms[0], 0, ranks, owners, 0, False)
    greedy_consistent(mine, kms[:2], 0, ranks, owners, 0, False)
    w = np.zeros((2, SHOW_BINS, SHOW_BINS), np.int64)  # the posterior of two kept rows with the show
    table = np.zeros((130, 130), np.float64)
    board = Board(table, table, np.zeros((2, 130, 130), np.float64), 121, 91)
    board_walk(w, np.arange(2), Rest(who, pts, ne), board, 100, 100, 0, 4)
