"""The three-player deal model: random deals played out exactly, by turn, and the counts the
three-player induction (:mod:`.board3`) needs.

Deal ``k`` of ``seed`` draws 17 cards of the deal stream (:func:`.game.deal_cards`), laid out
as the whole games' (:mod:`.wholegames`) are: the dealer the first five, then each seat
clockwise from his left five, then the crib's card from the pack, then the starter. Each hand
throws one card by the sweep's objective (:func:`.game.throw_all`: the dealer by his, E[hand] +
E[crib]; the two others by the pone's, E[hand] - E[crib]: the crib is an opponent's to both);
the crib is the three throws in the play's order, then the pack's card. Everyone plays greedy
round the table (:func:`.game.greedy_events_n` on :mod:`.playn`'s stepper). The deal's *script*
is its points by *turn* (0 the dealer's left, who leads and shows first; 1 the dealer's right;
2 the dealer) in the order they are scored: his heels (the dealer), the play card by card (each
card's points, then any go / last-card point), the hands from the dealer's left round to the
dealer, then the crib.

What the induction needs of a set of deals, integer counts (totals and running totals below
``B``; a deal scores far less):

- ``hist[d0, d1, d2]``: deals whose totals by turn are (d0, d1, d2);
- ``first[i, n, x, y]``: deals in which turn i's running total reaches n (1..121) while turn
  (i + 1) % 3's stands at x and turn (i + 2) % 3's at y.

With needs (n0, n1, n2) (the points each turn lacks), turn i gets there first exactly when
``first[i, n_i, x, y]`` holds a deal with x < n_(i+1) and y < n_(i+2): the others' running
totals only grow, so neither has reached his need before. So who ends the game inside a deal,
and the losers' scores at that moment (their skunks), come out of the counts exactly, with no
assumption about the order of the points beyond the script's; the deals that end below every
need are ``hist``'s cells below the needs.
"""

from __future__ import annotations

import numpy as np

from .constants import JACK, RANKS
from .game import MAX_EVENTS, NEEDS, add_event, crib_points, deal_cards, greedy_events_n, throw_all
from .jit import njit, prange
from .show import card_summary, hand_points

PLAYERS = 3
DEALT = 5
DRAWN = PLAYERS * DEALT + 2  # every hand, the crib's card from the pack, the starter
B3 = 128  # bins of a turn's total, and of the others' running totals at a crossing
CHUNKS3 = 4  # per-chunk tallies inside a shard (integer sums: the split never shows)
# the per-turn figures of one deal (turn 0 the dealer's left, 1 his right, 2 the dealer)
(S3_HEELS, S3_PEG, S3_HAND, S3_CRIB, S3_TOTAL) = (0, 1, 4, 7, 8)  # PEG, HAND and TOTAL: + turn
N_STATS3 = 11


@njit(cache=True)
def deal_script3(kept, crib, starter, hand_table, crib_table, who, pts, stats):
    """The script of a three-player deal once every hand has thrown, by turn: ``kept`` (3, 4)
    the hands in the play's order (row 2 the dealer's), ``crib`` its four cards: his heels, the
    greedy play, the hands from the dealer's left, the crib; the per-turn figures (``S3_*``) into
    ``stats``. Returns the number of events."""
    keep = kept.shape[1]
    for i in range(N_STATS3):
        stats[i] = 0
    n = 0
    if (starter >> 2) == JACK:  # his heels
        stats[S3_HEELS] = 2
        n = add_event(who, pts, n, 2, 2)
    counts = np.zeros((PLAYERS, RANKS), np.int64)
    for t in range(PLAYERS):
        for i in range(keep):
            counts[t, kept[t, i] >> 2] += 1
    n = greedy_events_n(counts, PLAYERS, False, who, pts, n, stats[S3_PEG:S3_PEG + PLAYERS])
    for t in range(PLAYERS):
        base, suit, jacks = card_summary(kept[t], keep)
        x = hand_points(hand_table, base * RANKS, suit, jacks, keep, starter)
        stats[S3_HAND + t] = x
        n = add_event(who, pts, n, t, x)
    c = crib_points(crib, starter, crib_table)
    stats[S3_CRIB] = c
    n = add_event(who, pts, n, 2, c)
    for t in range(PLAYERS):
        stats[S3_TOTAL + t] = stats[S3_PEG + t] + stats[S3_HAND + t]
    stats[S3_TOTAL + 2] += stats[S3_HEELS] + c
    return n


@njit(cache=True)
def play_deal3(seed, k, index, rank_hand, rank_crib, throws, hand_table, crib_table, rank_throws, who, pts, stats):
    """Deal ``k`` of ``seed`` played out by three players (module docstring): its events into
    ``who`` (the turn) and ``pts``, the per-turn figures into ``stats``; returns the number of
    events."""
    drawn = np.zeros(DRAWN, np.int64)
    deal_cards(seed, k, DRAWN, drawn)
    roles = np.array([2, 2, 1], np.int64)  # the crib is the dealer's (turn 2)
    kept = np.zeros((PLAYERS, DEALT - 1), np.int64)
    crib = np.zeros(4, np.int64)
    qs = np.zeros(PLAYERS, np.int64)
    nc = throw_all(drawn, PLAYERS, DEALT, roles, index, rank_hand, rank_crib, throws, rank_throws, kept, crib, qs)
    crib[nc] = drawn[PLAYERS * DEALT]
    return deal_script3(kept, crib, drawn[DRAWN - 1], hand_table, crib_table, who, pts, stats)


@njit(cache=True, inline="always")
def tally_script3(who, pts, n, hist, first):
    """Add one deal's events to the induction's counts (module docstring)."""
    run = np.zeros(PLAYERS, np.int64)
    for e in range(n):
        i = who[e]
        x = min(run[(i + 1) % PLAYERS], B3 - 1)
        y = min(run[(i + 2) % PLAYERS], B3 - 1)
        for need in range(run[i] + 1, min(run[i] + pts[e], NEEDS - 1) + 1):
            first[i, need, x, y] += 1
        run[i] += pts[e]
    hist[min(run[0], B3 - 1), min(run[1], B3 - 1), min(run[2], B3 - 1)] += 1


@njit(cache=True, parallel=True)
def deal_model_rows3(seed, lo, hi, index, rank_hand, rank_crib, throws, hand_table, crib_table, rank_throws):
    """The induction's counts and the per-turn sums of deals lo..hi-1 of ``seed``: (hist (B3,
    B3, B3), first (3, NEEDS, B3, B3), stats (N_STATS3,), squares (N_STATS3,)), int32 counts and
    int64 sums."""
    hist = np.zeros((CHUNKS3, B3, B3, B3), np.int32)
    first = np.zeros((CHUNKS3, PLAYERS, NEEDS, B3, B3), np.int32)
    sums = np.zeros((CHUNKS3, N_STATS3), np.int64)
    squares = np.zeros((CHUNKS3, N_STATS3), np.int64)
    n_deals = hi - lo
    for ch in prange(CHUNKS3):
        who = np.zeros(MAX_EVENTS, np.int64)
        pts = np.zeros(MAX_EVENTS, np.int64)
        st = np.zeros(N_STATS3, np.int64)
        for k in range(lo + ch * n_deals // CHUNKS3, lo + (ch + 1) * n_deals // CHUNKS3):
            n = play_deal3(seed, k, index, rank_hand, rank_crib, throws, hand_table, crib_table, rank_throws, who,
                           pts, st)
            tally_script3(who, pts, n, hist[ch], first[ch])
            for i in range(N_STATS3):
                sums[ch, i] += st[i]
                squares[ch, i] += st[i] * st[i]
    h = hist[0].copy()
    f = first[0].copy()
    for ch in range(1, CHUNKS3):
        h += hist[ch]
        f += first[ch]
    return h, f, sums.sum(axis=0), squares.sum(axis=0)


@njit(cache=True)
def deal_scripts3(seed, lo, hi, index, rank_hand, rank_crib, throws, hand_table, crib_table, rank_throws):
    """The events and per-turn figures of deals lo..hi-1, for inspection and tests:
    (who (n, MAX_EVENTS), pts (n, MAX_EVENTS), n_events (n,), stats (n, N_STATS3))."""
    m = hi - lo
    who = np.zeros((m, MAX_EVENTS), np.int64)
    pts = np.zeros((m, MAX_EVENTS), np.int64)
    ne = np.zeros(m, np.int64)
    stats = np.zeros((m, N_STATS3), np.int64)
    for i in range(m):
        ne[i] = play_deal3(seed, lo + i, index, rank_hand, rank_crib, throws, hand_table, crib_table, rank_throws,
                           who[i], pts[i], stats[i])
    return who, pts, ne, stats


def warmup() -> None:
    from .combinatorics import combinations
    from .show import rank_table

    index = np.full(13**5, -1, np.int32)
    rh = np.zeros((1, 5), np.int64)
    t5 = rank_table(5)
    objective = np.full((2, 1), -1, np.int64)
    deal_model_rows3(0, 0, 0, index, rh, rh, combinations(5, 1), t5, t5, objective)
    deal_scripts3(0, 0, 0, index, rh, rh, combinations(5, 1), t5, t5, objective)
