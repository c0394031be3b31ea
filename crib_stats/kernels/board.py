"""The game's backward induction over every board position, from a deal model's counts
(:mod:`.game`): the chance of winning, of a skunk either way, the deals left, and the length of
a game from one position. Plain loops over integer counts; floats only for the probabilities."""

from __future__ import annotations

import numpy as np

from .game import B, NEEDS
from .jit import njit, prange

# the induction's arrays (first axis of its output)
(G_WIN, G_SKUNK_WIN, G_SKUNK_LOSS, G_DOUBLE_WIN, G_DOUBLE_LOSS, G_ONE_POINT, G_DEALS) = range(7)
N_GAME = 7


@njit(cache=True)
def _cells(hist, limit, inv):
    """The (dealer total, pone total) cells below ``limit`` that hold deals, by rows of the
    dealer's total: (row_start (limit + 1,), cell_p, cell_w)."""
    top = min(limit, B)
    n_cells = 0
    for d in range(top):
        for p in range(top):
            if hist[d, p] > 0:
                n_cells += 1
    row_start = np.zeros(limit + 1, np.int64)
    cell_p = np.zeros(n_cells, np.int64)
    cell_w = np.zeros(n_cells)
    c = 0
    for d in range(limit):
        row_start[d] = c
        if d < top:
            for p in range(top):
                if hist[d, p] > 0:
                    cell_p[c] = p
                    cell_w[c] = hist[d, p] * inv
                    c += 1
    row_start[limit] = c
    return row_start, cell_p, cell_w


@njit(cache=True)
def induction(hist, dealer_first, pone_first, n_deals, target, skunk, double):
    """Every position (a: the player about to deal, b: the pone; both below ``target``) of a
    game under the deal model given by the counts over ``n_deals`` deals. Returns (N_GAME,
    target, target) float64, from the dealer's side: P(win), P(win with a skunk: the loser
    below ``skunk``), P(lose, skunked), P(win with a double skunk: below ``double``), P(lose
    double-skunked), P(the loser ends one point short), expected deals to the end (this one
    included)."""
    T = target
    inv = 1.0 / n_deals
    cd = np.zeros((NEEDS, B + 1))  # cd[nd, k] = P(dealer first at need nd with the pone below k)
    cp = np.zeros((NEEDS, B + 1))
    for nd in range(NEEDS):
        for x in range(B):
            cd[nd, x + 1] = cd[nd, x] + dealer_first[nd, x] * inv
            cp[nd, x + 1] = cp[nd, x] + pone_first[nd, x] * inv
    row_start, cell_p, cell_w = _cells(hist, T, inv)
    # r[b, a, :]: the position with the dealer at a and the pone at b (a deal's next position,
    # dealer b + p and pone a + d, is then contiguous in p)
    r = np.zeros((T, T, N_GAME))
    for s in range(2 * T - 2, -1, -1):
        for a in range(max(0, s - T + 1), min(T - 1, s) + 1):
            b = s - a
            nd = T - a
            np_ = T - b
            a0 = a1 = a2 = a3 = a4 = a5 = a6 = 0.0
            for d in range(nd):
                for c in range(row_start[d], row_start[d + 1]):
                    p = cell_p[c]
                    if p >= np_:
                        break
                    w = cell_w[c]
                    i = a + d
                    j = b + p
                    a0 += w * (1.0 - r[i, j, G_WIN])
                    a1 += w * r[i, j, G_SKUNK_LOSS]
                    a2 += w * r[i, j, G_SKUNK_WIN]
                    a3 += w * r[i, j, G_DOUBLE_LOSS]
                    a4 += w * r[i, j, G_DOUBLE_WIN]
                    a5 += w * r[i, j, G_ONE_POINT]
                    a6 += w * r[i, j, G_DEALS]
            one = 0.0
            if np_ - 1 < B:
                one += dealer_first[nd, np_ - 1] * inv
            if nd - 1 < B:
                one += pone_first[np_, nd - 1] * inv
            r[b, a, G_WIN] = cd[nd, min(np_, B)] + a0
            r[b, a, G_SKUNK_WIN] = cd[nd, max(0, min(skunk - b, B))] + a1
            r[b, a, G_SKUNK_LOSS] = cp[np_, max(0, min(skunk - a, B))] + a2
            r[b, a, G_DOUBLE_WIN] = cd[nd, max(0, min(double - b, B))] + a3
            r[b, a, G_DOUBLE_LOSS] = cp[np_, max(0, min(double - a, B))] + a4
            r[b, a, G_ONE_POINT] = one + a5
            r[b, a, G_DEALS] = 1.0 + a6
    out = np.zeros((N_GAME, T, T))
    for a in range(T):
        for b in range(T):
            for k in range(N_GAME):
                out[k, a, b] = r[b, a, k]
    return out


@njit(cache=True, parallel=True)
def induction_many(hists, dfirsts, pfirsts, n_deals, target, skunk, double):
    """:func:`induction` of several deal models at once (rows of the inputs), in parallel."""
    m = hists.shape[0]
    out = np.zeros((m, N_GAME, target, target))
    for i in prange(m):
        out[i] = induction(hists[i], dfirsts[i], pfirsts[i], n_deals[i], target, skunk, double)
    return out


@njit(cache=True)
def game_length(hist, n_deals, target, a0, b0, max_deals):
    """(ends, near): ``ends[k - 1]`` P(the game from (a0 dealing, b0) ends in deal k) and
    ``near[k - 1]`` P(it is still going at the start of deal k with the dealer within 2 of the
    target: his heels would win it), k = 1..max_deals, by carrying the distribution of
    undecided positions forward deal by deal (stopping once less than 1e-15 of it is left)."""
    T = target
    inv = 1.0 / n_deals
    row_start, cell_p, cell_w = _cells(hist, T, inv)
    cur = np.zeros((T, T))  # cur[a, b]: undecided, the dealer at a, the pone at b
    cur[a0, b0] = 1.0
    out = np.zeros(max_deals)
    near = np.zeros(max_deals)
    left = 1.0
    for k in range(max_deals):
        if left < 1e-15:
            break
        for a in range(max(0, T - 2), T):
            for b in range(T):
                near[k] += cur[a, b]
        nxt = np.zeros((T, T))  # nxt[pone, dealer] of the next deal
        ended = 0.0
        for a in range(T):
            for b in range(T):
                q = cur[a, b]
                if q == 0.0:
                    continue
                nd = T - a
                np_ = T - b
                stay = 0.0
                for d in range(nd):
                    i = a + d
                    for c in range(row_start[d], row_start[d + 1]):
                        p = cell_p[c]
                        if p >= np_:
                            break
                        w = q * cell_w[c]
                        nxt[i, b + p] += w
                        stay += w
                ended += q - stay
        out[k] = ended
        left -= ended
        cur = nxt.T.copy()
    return out, near


def warmup() -> None:
    h = np.ones((B, B), np.int64)
    z = np.zeros((NEEDS, B), np.int64)
    induction(h, z, z, B * B, 5, 3, 2)
    induction_many(h[None], z[None], z[None], np.array([B * B]), 5, 3, 2)
    game_length(h, B * B, 5, 0, 0, 3)
