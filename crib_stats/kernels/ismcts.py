"""The search player's hot part: determinisations of the hidden cards and play-outs of the rest
of a two-player deal, chosen among a decision's options by UCB1 (:mod:`crib_stats.players.search`).

One search is one information set at its root: the seat's options (its throws, or the ranks it
may play; suits never change a play's points and the show counts the whole kept hand, so of a
rank any card will do). Each iteration draws a fresh determinisation consistent with the seat's
view (:func:`determinise`), picks an option by UCB1 (every option is available in every
determinisation, so availability counts equal the parent's visits) and plays the rest of the
deal out at random (:func:`play_out`: each player a uniformly random legal rank, both throws of
a discard uniformly random), valued by the deal's point difference for the seat
(:func:`deal_value`): the rest of the play by the stepper of :mod:`.play`, both hands and the
crib by the one scorer (:func:`.show.show`), the crib to its owner, his heels to the dealer; or,
where the game has a board, by the seat's chance of winning the game (:func:`deal_win`): the same
points scored one at a time in the game's order from the scores of the decision, the game over
the moment a seat reaches the target, else the board's P(win) at the position the deal leaves.
The tree is the root's level only (a flat information-set search); deeper levels are not grown.

Determinisation: the opponent's hidden cards are a uniform draw from the unseen cards it may
hold (``allowed``: a player who said go at count c held no card of pip <= 31 - c, so the caller
passes only the unseen cards above every such bound), then its throw (and, before the cut, the
starter) a uniform draw from the unseen cards left. Every consistent hidden hand is equally
likely, as a uniform deal conditioned on what the seat saw makes it.
"""

from __future__ import annotations

import numpy as np

from .boardthrow import ON, outcome, score_to
from .jit import njit
from .pips import pip
from .play import MAX_CARDS, RANK_BITS, S_DEALER, S_DONE, S_PONE, legal_ranks, play_card, settle
from .show import show

JACK = 10  # the rank of a jack (0 = ace)
UCB_C = 8.0  # UCB1's exploration constant, in points of the deal's difference
# the same in P(win), measured: search:300 against search-points:300, 1,000 duplicate games each
# (seed 0, paired se 0.011-0.012), won 40.8% at 0.03, 47.5% at 0.1, 49.9% at 0.3, 49.0% at 1 and 49.3%
# at 3: below 0.3 its visits follow noisy means too soon; from 0.3 up it is even with points
UCB_C_WIN = 0.3
# the indices of a search's ``game`` array: the seat's score and the opponent's at the decision,
# the target (0: no board, the deal's point difference is the value) and the skunk line
G_MINE, G_THEIRS, G_TARGET, G_SKUNK = range(4)


@njit(cache=True)
def seed_rng(seed):
    """Seed numba's generator (the one :func:`play_out` and :func:`determinise` draw from)."""
    np.random.seed(seed)


@njit(cache=True)
def determinise(allowed, n_allowed, rest, n_rest, n_hidden, n_more, out):
    """Draw ``n_hidden`` cards uniformly from ``allowed[:n_allowed]`` into ``out[:n_hidden]``, then
    ``n_more`` uniformly from the cards left (the allowed ones not drawn and ``rest[:n_rest]``)
    into ``out[n_hidden:n_hidden + n_more]`` (partial Fisher-Yates; ``allowed`` is shuffled in
    place, ``rest`` is read)."""
    for i in range(n_hidden):
        j = i + np.random.randint(n_allowed - i)
        allowed[i], allowed[j] = allowed[j], allowed[i]
        out[i] = allowed[i]
    if n_more == 0:
        return
    left = n_allowed - n_hidden
    pool = np.empty(left + n_rest, np.int64)
    for i in range(left):
        pool[i] = allowed[n_hidden + i]
    for i in range(n_rest):
        pool[left + i] = rest[i]
    for i in range(n_more):
        j = i + np.random.randint(left + n_rest - i)
        pool[i], pool[j] = pool[j], pool[i]
        out[n_hidden + i] = pool[i]


@njit(cache=True)
def sample_hands(allowed, rest, n_hidden, n_more, n, seed):
    """``n`` determinisations (:func:`determinise`) as rows, for the tests."""
    seed_rng(seed)
    a = allowed.copy()
    r = rest.copy()
    out = np.zeros((n, n_hidden + n_more), np.int64)
    row = np.zeros(n_hidden + n_more, np.int64)
    for k in range(n):
        determinise(a, a.shape[0], r, r.shape[0], n_hidden, n_more, row)
        out[k] = row
    return out


@njit(cache=True)
def show_points(cards, n, starter, crib, codes, masks):
    """The show of ``cards[:n]`` with ``starter`` (the one scorer's total)."""
    for i in range(n):
        codes[i] = cards[i]
    codes[n] = starter
    f, p, r, fl, nb, nm = show(codes, n + 1, crib, masks)
    return f + p + r + fl + nb


@njit(cache=True, inline="always")
def pick_rank(st, picks, i):
    """The rank the mover of the settled state ``st`` plays as its ``i``-th card of a play-out:
    the ``picks[i] % k``-th lowest of its k legal ranks (``picks`` empty: a uniformly random one)."""
    legal = legal_ranks(st)
    k = 0
    for r in range(13):
        if (legal >> (RANK_BITS * r)) & 15:
            k += 1
    q = picks[i] % k if picks.shape[0] > 0 else np.random.randint(k)
    for r in range(13):
        if (legal >> (RANK_BITS * r)) & 15:
            if q == 0:
                return r
            q -= 1
    return -1


@njit(cache=True)
def play_out(st, seq, stop_at_go, picks):
    """The state at the end of the play from the settled state ``st`` (``seq``: its ranks): each
    mover plays :func:`pick_rank`'s rank. ``seq`` is written past ``st``'s cards."""
    i = 0
    while st[S_DONE] == 0:
        st = settle(play_card(seq, st, pick_rank(st, picks, i)), stop_at_go)
        i += 1
    return st


@njit(cache=True)
def deal_value(st, seq, stop_at_go, picks, me, my_keep, opp_keep, kept, crib, starter, heels):
    """The seat ``me``'s (0 the pone, 1 the dealer) point difference over the rest of the deal:
    the play from ``st`` (:func:`play_out`), both kept hands (``kept`` cards each) and the crib
    (4 cards) with ``starter``, and his heels when ``heels`` and the starter is a jack."""
    end = play_out(st, seq, stop_at_go, picks)
    codes = np.zeros(6, np.int64)
    masks = np.zeros(64, np.int64)
    v = end[S_PONE + me] - end[S_PONE + 1 - me]
    v += show_points(my_keep, kept, starter, False, codes, masks)
    v -= show_points(opp_keep, kept, starter, False, codes, masks)
    c = show_points(crib, 4, starter, True, codes, masks)
    if heels and (starter >> 2) == JACK:
        c += 2
    return v + c if me == 1 else v - c


@njit(cache=True)
def deal_win(st, seq, stop_at_go, picks, me, my_keep, opp_keep, kept, crib, starter, heels, game, tab):
    """The seat ``me``'s (0 the pone, 1 the dealer) chance of winning the game over the rest of
    the deal as :func:`deal_value` plays it, from the scores ``game[G_MINE]`` (the seat's) and
    ``game[G_THEIRS]`` at the decision: his heels first (when ``heels``), then the play one card
    at a time (the points ``st`` holds already, the card just chosen, first), the pone's hand,
    the dealer's, the crib; the game over the moment a seat reaches ``game[G_TARGET]`` (won or
    lost), else the board ``tab`` (as :mod:`.boardthrow` reads it) at the position the deal
    leaves, the deal passed (:func:`.boardthrow.outcome`). A step of the play scores for one
    player only (its card, then the go or last card that is its own), so the order inside the
    play is exact."""
    target, skunk = game[G_TARGET], game[G_SKUNK]
    state, a, b = ON, game[G_MINE], game[G_THEIRS]
    if heels and (starter >> 2) == JACK:
        state, a, b = score_to(1, 2, me, a, b, target, skunk)
    pone, dealer = 0, 0
    i = 0
    while state == ON:
        if st[S_PONE] > pone:
            state, a, b = score_to(0, st[S_PONE] - pone, me, a, b, target, skunk)
        if state == ON and st[S_DEALER] > dealer:
            state, a, b = score_to(1, st[S_DEALER] - dealer, me, a, b, target, skunk)
        if state != ON or st[S_DONE] != 0:
            break
        pone, dealer = st[S_PONE], st[S_DEALER]
        st = settle(play_card(seq, st, pick_rank(st, picks, i)), stop_at_go)
        i += 1
    if state == ON:
        codes = np.zeros(6, np.int64)
        masks = np.zeros(64, np.int64)
        mine = show_points(my_keep, kept, starter, False, codes, masks)
        theirs = show_points(opp_keep, kept, starter, False, codes, masks)
        state, a, b = score_to(0, mine if me == 0 else theirs, me, a, b, target, skunk)
        if state == ON:
            state, a, b = score_to(1, theirs if me == 0 else mine, me, a, b, target, skunk)
        if state == ON:
            state, a, b = score_to(1, show_points(crib, 4, starter, True, codes, masks), me, a, b, target, skunk)
    return outcome(state, a, b, me, tab)[0]


@njit(cache=True)
def ucb_pick(total, visits, n, c):
    """The option UCB1 picks with exploration constant ``c`` (an unvisited one first, in order)."""
    best = -1
    best_u = -1e300
    lnn = np.log(max(n, 1))
    for a in range(total.shape[0]):
        if visits[a] == 0:
            return a
        u = total[a] / visits[a] + c * np.sqrt(lnn / visits[a])
        if u > best_u:
            best_u = u
            best = a
    return best


@njit(cache=True)
def search_throw(dealt, throws, unseen, me, throw_n, stop_at_go, n_iter, seed, game, tab):
    """Search a discard: ``dealt`` the seat's cards (codes), ``throws`` (T, throw_n) indices into
    them, ``unseen`` every other card, ``me`` 1 when the seat deals. Each iteration deals the
    opponent its cards and the starter from ``unseen``, throws its cards at random and plays the
    deal out, valued by :func:`deal_win` on ``game`` and ``tab`` when ``game[G_TARGET]`` is set,
    else by :func:`deal_value`. Returns (total value, visits) by throw."""
    seed_rng(seed)
    board = game[G_TARGET] > 0
    c_ucb = UCB_C_WIN if board else UCB_C
    n_dealt = dealt.shape[0]
    kept = n_dealt - throw_n
    n_t = throws.shape[0]
    total = np.zeros(n_t)
    visits = np.zeros(n_t, np.int64)
    pool = unseen.copy()
    empty = np.zeros(0, np.int64)
    draw = np.zeros(n_dealt + 1, np.int64)
    mine = np.zeros(n_dealt, np.int64)
    theirs = np.zeros(n_dealt, np.int64)
    crib = np.zeros(4, np.int64)
    seq = np.zeros(MAX_CARDS, np.int64)
    picks = np.zeros(0, np.int64)
    for it in range(n_iter):
        determinise(pool, pool.shape[0], empty, 0, n_dealt + 1, 0, draw)
        starter = draw[n_dealt]
        # the opponent's throw: a uniformly random throw_n of its cards (its first ones, shuffled)
        for i in range(throw_n):
            j = i + np.random.randint(n_dealt - i)
            draw[i], draw[j] = draw[j], draw[i]
        a = ucb_pick(total, visits, it, c_ucb)
        m = 0
        c = 0
        for i in range(n_dealt):
            taken = False
            for q in range(throw_n):
                if throws[a, q] == i:
                    taken = True
            if taken:
                crib[c] = dealt[i]
                c += 1
            else:
                mine[m] = dealt[i]
                m += 1
        for i in range(throw_n):
            crib[c] = draw[i]
            c += 1
        mh = np.int64(0)
        oh = np.int64(0)
        for i in range(kept):
            theirs[i] = draw[throw_n + i]
            mh += np.int64(1) << (RANK_BITS * (mine[i] >> 2))
            oh += np.int64(1) << (RANK_BITS * (theirs[i] >> 2))
        z = np.int64(0)
        h0 = mh if me == 0 else oh
        h1 = oh if me == 0 else mh
        st = settle((z, z, z, np.int64(1), z, z, z, z, z, z, h0, h1), stop_at_go)
        if board:
            v = deal_win(st, seq, stop_at_go, picks, me, mine, theirs, kept, crib, starter, True, game, tab)
        else:
            v = deal_value(st, seq, stop_at_go, picks, me, mine, theirs, kept, crib, starter, True)
        total[a] += v
        visits[a] += 1
    return total, visits


# the indices of search_play's ``sizes``
P_ME, P_KNOWN, P_HIDDEN, P_THROW, P_KEPT, P_STARTER, P_STOP, P_ITER, P_SEED = range(9)


@njit(cache=True)
def search_play(state, seq0, options, my_keep, known_opp, allowed, rest, my_throw, sizes, game, tab):
    """Search a play: ``state`` (the stepper's 12 numbers, the seat to move, the opponent's hand
    empty: filled per determinisation), ``seq0`` its ranks, ``options`` the ranks the seat may
    play, ``my_keep`` the seat's kept cards, ``known_opp[:n_known]`` the opponent's cards already
    played, ``allowed``/``rest`` the unseen cards it may / may not still hold (:func:`determinise`),
    ``my_throw`` the seat's throw; ``sizes`` the rest, as int64 at the ``P_*`` indices (the seat,
    1 when it deals; the opponent's played and hidden cards; cards thrown and kept a seat; the
    starter's code; 1 when the play stops at its first go; the iterations; the seed); ``game``
    and ``tab`` as :func:`search_throw` reads them (the scores at the decision: his heels and
    the play so far counted). Returns (total value, visits) by option."""
    me, n_known, n_hidden, throw_n = sizes[P_ME], sizes[P_KNOWN], sizes[P_HIDDEN], sizes[P_THROW]
    kept, starter, stop_at_go = sizes[P_KEPT], sizes[P_STARTER], sizes[P_STOP] != 0
    n_iter, seed = sizes[P_ITER], sizes[P_SEED]
    board = game[G_TARGET] > 0
    c_ucb = UCB_C_WIN if board else UCB_C
    seed_rng(seed)
    n_o = options.shape[0]
    total = np.zeros(n_o)
    visits = np.zeros(n_o, np.int64)
    a_pool = allowed.copy()
    r_pool = rest.copy()
    draw = np.zeros(n_hidden + throw_n, np.int64)
    opp = np.zeros(kept, np.int64)
    crib = np.zeros(4, np.int64)
    seq = np.zeros(MAX_CARDS, np.int64)
    picks = np.zeros(0, np.int64)
    for i in range(throw_n):
        crib[i] = my_throw[i]
    for it in range(n_iter):
        determinise(a_pool, a_pool.shape[0], r_pool, r_pool.shape[0], n_hidden, throw_n, draw)
        oh = np.int64(0)
        for i in range(n_known):
            opp[i] = known_opp[i]
        for i in range(n_hidden):
            opp[n_known + i] = draw[i]
            oh += np.int64(1) << (RANK_BITS * (draw[i] >> 2))
        for i in range(throw_n):
            crib[throw_n + i] = draw[n_hidden + i]
        for i in range(MAX_CARDS):
            seq[i] = seq0[i]
        h0 = state[10] if me == 0 else oh
        h1 = oh if me == 0 else state[11]
        a = ucb_pick(total, visits, it, c_ucb)
        st = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7], state[8],
              state[9], h0, h1)
        st = settle(play_card(seq, st, options[a]), stop_at_go)
        if board:
            v = deal_win(st, seq, stop_at_go, picks, me, my_keep, opp, kept, crib, starter, False, game, tab)
        else:
            v = deal_value(st, seq, stop_at_go, picks, me, my_keep, opp, kept, crib, starter, False)
        total[a] += v
        visits[a] += 1
    return total, visits


def warmup() -> None:
    sample_hands(np.arange(8, dtype=np.int64), np.arange(8, 12, dtype=np.int64), 2, 1, 2, 0)
    dealt = np.array([0, 5, 10, 20, 30, 40], np.int64)
    throws = np.array([[0, 1], [2, 3]], np.int64)
    unseen = np.array([c for c in range(52) if c not in dealt], np.int64)
    tab = np.full((121, 121, 4), 0.5)
    for game in (np.zeros(4, np.int64), np.array([100, 110, 121, 91], np.int64)):
        search_throw(dealt, throws, unseen, 1, 2, False, 4, 0, game, tab)
    # the pone (7 9 J K kept, 2 2 thrown) to lead against a dealer who holds four unseen cards
    keep = np.array([24, 32, 40, 48], np.int64)
    state = np.zeros(12, np.int64)
    state[3] = 1
    for c in keep:
        state[10] += np.int64(1) << (RANK_BITS * (c >> 2))
    rest = np.array([c for c in range(52) if c not in (4, 5, 24, 32, 40, 48, 51)], np.int64)
    search_play(state, np.zeros(MAX_CARDS, np.int64), np.array([6, 8, 10, 12], np.int64), keep,
                np.zeros(1, np.int64), rest, np.zeros(0, np.int64), np.array([4, 5], np.int64),
                np.array([0, 0, 4, 2, 4, 51, 0, 4, 0], np.int64), game, tab)
