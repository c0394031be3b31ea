"""The game to the target: random deals played out exactly (the deal model), and the backward
induction over every board position.

The deal model. Deal ``k`` of seed ``seed`` is a function of (seed, k) only: a splitmix64
stream started at a hash of (seed, k) (:func:`deal_cards`) shuffles the first 13 cards of the
pack (Fisher-Yates, a draw ``v % (52 - i)``: the bias is below 2**-58): dealer the first
``dealt``, pone the next ``dealt``, the starter the 13th (six-card; the five-card game uses the
first 2 x 5 + 1). Each player throws by the sweep's objective (dealer max E[hand] + E[crib],
pone max E[hand] - E[crib], random crib model, exact sums from :func:`.sweep.deal_values`, the
sweep's tie rule :func:`.sweep.tie_rule_pick`; or ``equilibrium``: the thrown ranks from a table per
rank multiset and role, the cards of those ranks by the objective); both play greedy
(:func:`.policies.greedy_choice` through the play stepper). The deal's *script* is the order
its points are scored in: his heels (dealer), the play card by card (each card's points, then
any go / last-card point), the pone's hand, the dealer's hand, the crib. Consecutive points of
one player are one *event*; who reaches a target first depends only on the events.

Four players in partnership (:func:`deal_script_n`) make the same script by *side* (the dealer's
and his partner's points as the dealer's, the others' as the pone's): five cards each from the
first 21 of the stream (the dealer's first, then clockwise from his left; the starter the 21st),
one card each to the crib by the objective of the side's role (:func:`throw_all`, as the
whole-game kernel throws), greedy round the table on :mod:`.playn`'s stepper, the hands from
the dealer's left round to the dealer, then the crib. The sides alternate the deal as two
players do, so everything below reads the script alike.

What the induction needs of a set of deals (:func:`deal_model_rows`), integer counts:

- ``hist[d, p]``: deals whose totals are d for the dealer and p for the pone (clipped at B - 1);
- ``dealer_first[nd, x]``: deals in which the dealer's running total reaches nd while the
  pone's stands at x (so with needs (nd, np) the dealer reaches his first iff x < np);
- ``pone_first[np, y]``: the same for the pone reaching np with the dealer at y;
- ``stats`` / ``squares``: sums and sums of squares of the per-seat figures (``STAT_*``).

With needs (nd, np) every deal is exactly one of: the dealer gets there first
(sum_{x < np} dealer_first[nd, x]), the pone first (sum_{y < nd} pone_first[np, y]), or
neither (sum_{d < nd, p < np} hist[d, p]). The loser's points at that moment are x (or y),
which decides skunks and one-point games.

The induction (:func:`induction`): for the player about to deal at a and the pone at b (scores
below ``target``), with deals as probabilities, W[a, b] = P(the dealer wins) = P(he gets there
first in this deal) + sum over the deals that finish below both needs of (1 - W[b + p, a + d])
(the deal passes), solved in order of decreasing a + b (every deal scores at least the go).
"""

from __future__ import annotations

import numpy as np
from .jit import njit, prange

from .constants import CRIB_FLUSH, JACK, RANKS
from .play import S_DEALER, S_DONE, S_PONE, S_TURN, new_play, play_card, settle
from .playn import T_DONE, T_GO, T_TURN, greedy_rank_n, new_play_n, play_card_n, settle_n
from .policies import greedy_choice
from .show import card_summary, hand_points
from .sweep import deal_values, tie_rule_pick

B = 128  # bins of a deal total and of the other player's points when one reaches a need
NEEDS = 122  # needs 0..121
MAX_EVENTS = 32  # a deal's events (four players: heels, at most one a card played, five shows)
CHUNKS = 16  # per-chunk tallies inside a shard (integer sums: the split never shows)
# per-seat figures of one deal
(STAT_HEELS, STAT_PEG_PONE, STAT_PEG_DEALER, STAT_HAND_PONE, STAT_HAND_DEALER, STAT_CRIB, STAT_TOTAL_DEALER,
 STAT_TOTAL_PONE) = range(8)
N_STATS = 8

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)


@njit(cache=True, inline="always")
def mix64(z):
    """splitmix64's finaliser (uint64 in, uint64 out)."""
    z = (z ^ (z >> np.uint64(30))) * MIX1
    z = (z ^ (z >> np.uint64(27))) * MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def deal_cards(seed, k, n_cards, out):
    """The first ``n_cards`` cards of deal ``k`` of ``seed`` into ``out`` (codes 0..51)."""
    # the deal's own starting point, hashed from (seed, k): deals never share stream values
    state = mix64(mix64(np.uint64(seed) ^ MIX2) + np.uint64(k) * GOLDEN)
    deck = np.arange(52)
    for i in range(n_cards):
        state += GOLDEN
        v = mix64(state)
        j = i + np.int64(v % np.uint64(52 - i))
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t
        out[i] = deck[i]


@njit(cache=True, inline="always")
def sort_small(a, n):
    """Insertion sort of ``a[:n]`` in place (n at most six: faster than np.sort's set-up)."""
    for i in range(1, n):
        v = a[i]
        j = i - 1
        while j >= 0 and a[j] > v:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = v


@njit(cache=True)
def choose_throw(cards, role, index, rank_hand, rank_crib, throws, n_other, hs, cs, tk, kk, obj, rank_throws):
    """The throw (a row of ``throws``) of sorted ``cards`` by the sweep objective for ``role``
    (1 dealer, 2 pone) and the sweep's tie rule; when ``rank_throws`` has a row per rank
    multiset (the ``equilibrium`` discards), only the throws of the thrown ranks
    ``rank_throws[role - 1, row]`` (r1 * 13 + r2, r1 <= r2) compete."""
    dealt = cards.shape[0]
    n_throws = throws.shape[0]
    key = 0
    for i in range(dealt):
        key = key * RANKS + (cards[i] >> 2)
    row = index[key]
    deal_values(cards, row, rank_hand, rank_crib, throws, 13, True, n_other, hs, cs, tk, kk)
    n_unseen = 52 - dealt
    per = 1
    for i in range(n_other):  # C(n_unseen - 1, n_other)
        per = per * (n_unseen - 1 - i) // (i + 1)
    for q in range(n_throws):
        obj[q] = hs[q] * per + (cs[q] if role == 1 else -cs[q])
    if rank_throws.shape[1] > 1:
        want = rank_throws[role - 1, row]
        for q in range(n_throws):
            if (tk[q] >> 1) != want:
                obj[q] = -(1 << 60)
    b, _, _, _ = tie_rule_pick(obj, hs, cs, tk, n_throws)
    return b


@njit(cache=True, inline="always")
def add_event(who, pts, n, player, x):
    """``x`` points of ``player`` (0 pone, 1 dealer) added to a script of ``n`` events
    (consecutive points of one player are one event); returns the new number of events."""
    if x > 0:
        if n > 0 and who[n - 1] == player:
            pts[n - 1] += x
        else:
            who[n] = player
            pts[n] = x
            n += 1
    return n


@njit(cache=True)
def greedy_events(pone_counts, dealer_counts, stop_at_go, who, pts, n):
    """The play of two kept hands (rank counts), both greedy, point by point onto the script
    ``who``/``pts`` after its first ``n`` events (each card's points, then any go / last-card
    point). Returns (events now, the pone's play points, the dealer's)."""
    st, seq = new_play(pone_counts, dealer_counts)
    st = settle(st, stop_at_go)
    while st[S_DONE] == 0:
        r = greedy_choice(seq, st)
        before_p = st[S_PONE]
        before_d = st[S_DEALER]
        st = play_card(seq, st, r)
        mover = 1 - st[S_TURN]
        n = add_event(who, pts, n, mover, (st[S_PONE] - before_p) if mover == 0 else (st[S_DEALER] - before_d))
        before_p = st[S_PONE]
        before_d = st[S_DEALER]
        st = settle(st, stop_at_go)
        n = add_event(who, pts, n, 0, st[S_PONE] - before_p)  # the go / last card (at most one player)
        n = add_event(who, pts, n, 1, st[S_DEALER] - before_d)
    return n, st[S_PONE], st[S_DEALER]


@njit(cache=True, inline="always")
def crib_points(crib, starter, crib_table):
    """The show of the four cards ``crib`` with ``starter`` (a flush only of five)."""
    base, suit, jacks = card_summary(crib, 4)
    su = starter & 3
    c = crib_table[base * RANKS + (starter >> 2)] + ((jacks >> su) & 1)
    if suit >= 0 and suit == su:
        c += CRIB_FLUSH
    return c


@njit(cache=True)
def deal_script(kept, crib, starter, stop_at_go, hand_table, crib_table, who, pts, stats):
    """The script of a deal once both have thrown: ``kept`` (2, keep) the pone's (row 0) and the
    dealer's kept cards, ``crib`` its four cards: his heels, the greedy play, the pone's hand, the
    dealer's hand and the crib, into ``who``/``pts``; the per-seat figures into ``stats``.
    Returns the number of events."""
    keep = kept.shape[1]
    for i in range(N_STATS):
        stats[i] = 0
    n = 0
    # his heels
    if (starter >> 2) == JACK:
        stats[STAT_HEELS] = 2
        who[n] = 1
        pts[n] = 2
        n += 1
    # the play, card by card
    counts = np.zeros((2, RANKS), np.int64)
    for player in range(2):
        for i in range(keep):
            counts[player, kept[player, i] >> 2] += 1
    n, peg_pone, peg_dealer = greedy_events(counts[0], counts[1], stop_at_go, who, pts, n)
    stats[STAT_PEG_PONE] = peg_pone
    stats[STAT_PEG_DEALER] = peg_dealer
    # the show: pone's hand, dealer's hand, the crib
    for player in range(2):
        base, suit, jacks = card_summary(kept[player], keep)
        stats[STAT_HAND_PONE + player] = hand_points(hand_table, base * RANKS, suit, jacks, keep, starter)
    c = crib_points(crib, starter, crib_table)
    stats[STAT_CRIB] = c
    n = add_event(who, pts, n, 0, stats[STAT_HAND_PONE])
    n = add_event(who, pts, n, 1, stats[STAT_HAND_DEALER] + stats[STAT_CRIB])
    stats[STAT_TOTAL_DEALER] = stats[STAT_HEELS] + stats[STAT_PEG_DEALER] + stats[STAT_HAND_DEALER] + c
    stats[STAT_TOTAL_PONE] = stats[STAT_PEG_PONE] + stats[STAT_HAND_PONE]
    return n


@njit(cache=True)
def throw_all(drawn, players, dealt, roles, index, rank_hand, rank_crib, throws, rank_throws, kept, crib, qs):
    """Every hand's throw, in the play's order (turn t: 0 on the dealer's left, ``players - 1``
    the dealer), from the cards ``drawn`` (the dealer's ``dealt`` first, then each seat's
    clockwise from his left): turn t throws by :func:`choose_throw` for ``roles[t]`` (1 when the
    crib is its side's, else 2) on its sorted cards; its kept cards (in the order dealt) into
    ``kept[t]``, its row of ``throws`` into ``qs[t]``, the thrown cards onto ``crib`` in the
    play's order. Returns the crib's cards so far."""
    n_throws = throws.shape[0]
    throw = throws.shape[1]
    hs = np.zeros(n_throws, np.int64)
    cs = np.zeros(n_throws, np.int64)
    tk = np.zeros(n_throws, np.int64)
    kk = np.zeros(n_throws, np.int64)
    obj = np.zeros(n_throws, np.int64)
    cards = np.zeros(dealt, np.int64)
    nc = 0
    for t in range(players):
        off = ((t + 1) % players) * dealt
        for i in range(dealt):
            cards[i] = drawn[off + i]
        sort_small(cards, dealt)
        q = choose_throw(cards, roles[t], index, rank_hand, rank_crib, throws, 4 - throw, hs, cs, tk, kk, obj,
                         rank_throws)
        qs[t] = q
        m = 0
        for i in range(dealt):
            c = drawn[off + i]
            thrown = False
            for x in range(throw):
                if cards[throws[q, x]] == c:
                    thrown = True
            if not thrown:
                kept[t, m] = c
                m += 1
        for x in range(throw):
            crib[nc] = cards[throws[q, x]]
            nc += 1
    return nc


@njit(cache=True, inline="always")
def side_of_turn(t, players):
    """The side that the hand of turn ``t`` scores for, as a script says it: 1 the dealer's, 0
    the pone's (partners sit opposite, so the turns alternate sides, the dealer's last); with
    three players every seat is a side of its own, the turn itself (2 the dealer)."""
    if players == 3:
        return t
    return 1 if (players - 1 - t) % 2 == 0 else 0


@njit(cache=True)
def greedy_events_n(counts, players, stop_at_go, who, pts, n, peg):
    """The greedy play round the table of the kept hands ``counts`` (players, 13), in the play's
    order, by side (:func:`side_of_turn`), point by point onto the script ``who``/``pts`` after
    its first ``n`` events (each card's points, then any go / last-card point); each side's
    points added to ``peg`` (0 the pone's side, 1 the dealer's). Returns the events now."""
    st, seq = new_play_n(counts, players)
    settle_n(st, stop_at_go)
    while st[T_DONE] == 0:
        side = side_of_turn(st[T_TURN], players)
        f, tt, pp, rl = play_card_n(seq, st, greedy_rank_n(seq, st))
        n = add_event(who, pts, n, side, f + tt + pp + rl)
        peg[side] += f + tt + pp + rl
        settle_n(st, stop_at_go)
        if st[T_GO] >= 0:  # the go or the last card
            side = side_of_turn(st[T_GO], players)
            n = add_event(who, pts, n, side, 1)
            peg[side] += 1
    return n


@njit(cache=True)
def deal_script_n(kept, crib, starter, players, stop_at_go, hand_table, crib_table, who, pts, stats):
    """The script of a deal of two sides (two players, or four in partnership) once every hand has
    thrown, by side (1 the dealer's, 0 the pone's; :func:`side_of_turn`): ``kept`` (players, keep)
    the hands in the play's order, ``crib`` its four cards: his heels, the greedy play of
    :mod:`.playn` (each card's points, then any go / last-card point), every hand in the play's
    order (the dealer's last), the crib; the per-side figures (the ``STAT_*``, "pone" the pone's
    side) into ``stats``. Returns the number of events."""
    keep = kept.shape[1]
    for i in range(N_STATS):
        stats[i] = 0
    n = 0
    if (starter >> 2) == JACK:  # his heels
        stats[STAT_HEELS] = 2
        n = add_event(who, pts, n, 1, 2)
    counts = np.zeros((players, RANKS), np.int64)
    for t in range(players):
        for i in range(keep):
            counts[t, kept[t, i] >> 2] += 1
    n = greedy_events_n(counts, players, stop_at_go, who, pts, n, stats[STAT_PEG_PONE:STAT_PEG_DEALER + 1])
    for t in range(players):
        base, suit, jacks = card_summary(kept[t], keep)
        x = hand_points(hand_table, base * RANKS, suit, jacks, keep, starter)
        side = side_of_turn(t, players)
        stats[STAT_HAND_PONE + side] += x
        n = add_event(who, pts, n, side, x)
    c = crib_points(crib, starter, crib_table)
    stats[STAT_CRIB] = c
    n = add_event(who, pts, n, 1, c)
    stats[STAT_TOTAL_DEALER] = stats[STAT_HEELS] + stats[STAT_PEG_DEALER] + stats[STAT_HAND_DEALER] + c
    stats[STAT_TOTAL_PONE] = stats[STAT_PEG_PONE] + stats[STAT_HAND_PONE]
    return n


@njit(cache=True)
def play_deal(seed, k, players, dealt, stop_at_go, index, rank_hand, rank_crib, throws, hand_table, crib_table,
              rank_throws, who, pts, stats):
    """Deal ``k`` of ``seed`` played out by ``players`` (two, or four in partnership): its events
    into ``who`` (0 the pone's side, 1 the dealer's) and ``pts``, the per-side figures into
    ``stats``; returns the number of events. The cards: the dealer the first ``dealt`` of the
    deal's stream, then each seat clockwise from his left, then the starter; the throws by
    :func:`throw_all` (role 1 for the dealer's side); two players play on :mod:`.play`'s stepper
    (:func:`deal_script`), four on :mod:`.playn`'s (:func:`deal_script_n`)."""
    keep = dealt - throws.shape[1]
    n_drawn = players * dealt + 1
    drawn = np.zeros(n_drawn, np.int64)
    deal_cards(seed, k, n_drawn, drawn)
    starter = drawn[n_drawn - 1]
    roles = np.zeros(players, np.int64)
    for t in range(players):
        roles[t] = 1 if side_of_turn(t, players) == 1 else 2
    kept = np.zeros((players, keep), np.int64)  # in the play's order: row 0 the pone, the last the dealer
    crib = np.zeros(4, np.int64)
    qs = np.zeros(players, np.int64)
    throw_all(drawn, players, dealt, roles, index, rank_hand, rank_crib, throws, rank_throws, kept, crib, qs)
    if players == 2:
        return deal_script(kept, crib, starter, stop_at_go, hand_table, crib_table, who, pts, stats)
    return deal_script_n(kept, crib, starter, players, stop_at_go, hand_table, crib_table, who, pts, stats)


@njit(cache=True, inline="always")
def tally_script(who, pts, n, hist, dealer_first, pone_first):
    """Add one deal's events to the induction's counts (see the module docstring)."""
    d = 0
    p = 0
    for e in range(n):
        if who[e] == 1:
            x = p if p < B else B - 1
            for need in range(d + 1, min(d + pts[e], NEEDS - 1) + 1):
                dealer_first[need, x] += 1
            d += pts[e]
        else:
            y = d if d < B else B - 1
            for need in range(p + 1, min(p + pts[e], NEEDS - 1) + 1):
                pone_first[need, y] += 1
            p += pts[e]
    hist[min(d, B - 1), min(p, B - 1)] += 1


@njit(cache=True, parallel=True)
def deal_model_rows(seed, lo, hi, players, dealt, stop_at_go, index, rank_hand, rank_crib, throws, hand_table,
                    crib_table, rank_throws):
    """The induction's counts and the per-seat sums of deals lo..hi-1 of ``seed``.
    Returns (hist (B, B), dealer_first (NEEDS, B), pone_first (NEEDS, B), stats (N_STATS,),
    squares (N_STATS,)), all int64."""
    hist = np.zeros((CHUNKS, B, B), np.int64)
    dfirst = np.zeros((CHUNKS, NEEDS, B), np.int64)
    pfirst = np.zeros((CHUNKS, NEEDS, B), np.int64)
    sums = np.zeros((CHUNKS, N_STATS), np.int64)
    squares = np.zeros((CHUNKS, N_STATS), np.int64)
    n_deals = hi - lo
    for ch in prange(CHUNKS):
        who = np.zeros(MAX_EVENTS, np.int64)
        pts = np.zeros(MAX_EVENTS, np.int64)
        st = np.zeros(N_STATS, np.int64)
        for k in range(lo + ch * n_deals // CHUNKS, lo + (ch + 1) * n_deals // CHUNKS):
            n = play_deal(seed, k, players, dealt, stop_at_go, index, rank_hand, rank_crib, throws, hand_table,
                          crib_table, rank_throws, who, pts, st)
            tally_script(who, pts, n, hist[ch], dfirst[ch], pfirst[ch])
            for i in range(N_STATS):
                sums[ch, i] += st[i]
                squares[ch, i] += st[i] * st[i]
    return hist.sum(axis=0), dfirst.sum(axis=0), pfirst.sum(axis=0), sums.sum(axis=0), squares.sum(axis=0)


@njit(cache=True)
def deal_scripts(seed, lo, hi, players, dealt, stop_at_go, index, rank_hand, rank_crib, throws, hand_table, crib_table,
                 rank_throws):
    """The events and per-seat figures of deals lo..hi-1, for inspection and tests:
    (who (n, MAX_EVENTS), pts (n, MAX_EVENTS), n_events (n,), stats (n, N_STATS))."""
    m = hi - lo
    who = np.zeros((m, MAX_EVENTS), np.int64)
    pts = np.zeros((m, MAX_EVENTS), np.int64)
    ne = np.zeros(m, np.int64)
    stats = np.zeros((m, N_STATS), np.int64)
    for i in range(m):
        ne[i] = play_deal(seed, lo + i, players, dealt, stop_at_go, index, rank_hand, rank_crib, throws, hand_table,
                          crib_table, rank_throws, who[i], pts[i], stats[i])
    return who, pts, ne, stats


# ------------------------------------------------------------------------------------------
# The induction
# ------------------------------------------------------------------------------------------


def warmup() -> None:
    from .combinatorics import combinations
    from .show import rank_table

    index = np.full(13**6, -1, np.int32)
    rh = np.zeros((1, 15), np.int64)
    t5 = rank_table(5)
    # no deals: compiles without needing the full rank memo
    objective = np.full((2, 1), -1, np.int64)
    deal_model_rows(0, 0, 0, 2, 6, False, index, rh, rh, combinations(6, 2), t5, t5, objective)
    deal_scripts(0, 0, 0, 2, 6, False, index, rh, rh, combinations(6, 2), t5, t5, objective)
