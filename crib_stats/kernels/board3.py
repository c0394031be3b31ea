"""The three-player game's backward induction over every position, from the counts of
:mod:`.game3`: each turn's chance of winning, of being skunked, and the deals left.

A position is the three scores by turn, ``(a0, a1, a2)``: turn 0 on the dealer's left, turn 1
on his right, turn 2 the dealer, each below the target T; the figures of a position are by turn
too (``F3_*``). With needs ``n_t = T - a_t`` a deal ends the game when some turn reaches its
need first (:mod:`.game3`'s ``first`` counts, as 2-D prefix sums ``F``: exact), else it ends
with totals (d0, d1, d2) below the needs and the deal passes to the left: the next dealer is
turn 0, so the next position by turn is ``(a1 + d1, a2 + d2, a0 + d0)``, and its turns 2, 0, 1
are this one's turns 0, 1, 2. Every deal scores at least the go, so the positions are solved in
order of decreasing a0 + a1 + a2.

Two inductions: :func:`induction3`, exact on the model (a walk over the joint cells of the three
totals below a position's needs: ~2 x 10^4 cells, seconds to 61, minutes to 121), and
:func:`induction3p`, the *product* form (the totals of a deal that does not end the game drawn
independently per turn: 1-D sums, ~20 times faster), which the board uses for its jackknife's
twenty leave-one-group-out models (:mod:`crib_stats.game.board3`).
"""

from __future__ import annotations

import numpy as np

from .game3 import B3, PLAYERS
from .jit import njit, prange

# the figures of a position, by turn
F3_WIN = 0  # + turn: P(that turn wins)
F3_SKUNKED = 3  # + turn: P(that turn loses below the skunk line)
F3_DEALS = 6  # expected deals to the end, this one included
N_F3 = 7
W8 = 8  # the figures padded to 8 in the inductions' arrays (a position is 64 bytes)
# slot k of a stored position holds its figure READ[k]: what the position a deal before adds
# into its own figure k (its turn t is the next position's turn (t + 2) % 3)
READ = np.array([2, 0, 1, 5, 3, 4, 6], np.int64)


@njit(cache=True)
def prefix_first(first, inv):
    """``F[i, n, X, Y]``: the share of deals (``inv`` one deal's) in which turn i's running total
    reaches n with turn (i + 1) % 3's below X and turn (i + 2) % 3's below Y."""
    nn = first.shape[1]
    nx = first.shape[2]
    F = np.zeros((PLAYERS, nn, nx + 1, nx + 1))
    for i in range(PLAYERS):
        for n in range(nn):
            for x in range(nx):
                row = 0.0
                for y in range(nx):
                    row += first[i, n, x, y] * inv
                    F[i, n, x + 1, y + 1] = F[i, n, x, y + 1] + row
    return F


@njit(cache=True)
def cell_index(d0, d1, d2):
    """The cells (deal totals by turn, below B3) as runs the induction walks: sorted by (d1, d2,
    d0); ``pair_d2[p]`` the d2 of the p-th distinct (d1, d2), ``pair_start[p]`` its first cell
    (one past the end last), ``d1_start[v]`` the first pair whose d1 is v (B3 + 1 entries).
    Returns (order, pair_d2, pair_start, d1_start)."""
    key = (d1 * B3 + d2) * B3 + d0
    order = np.argsort(key)
    m = order.shape[0]
    pair_d2 = np.zeros(m, np.int64)
    pair_start = np.zeros(m + 1, np.int64)
    pair_d1 = np.zeros(m, np.int64)
    n_pairs = 0
    prev = -1
    for c in range(m):
        i = order[c]
        pk = d1[i] * B3 + d2[i]
        if pk != prev:
            pair_d1[n_pairs] = d1[i]
            pair_d2[n_pairs] = d2[i]
            pair_start[n_pairs] = c
            n_pairs += 1
            prev = pk
    pair_start[n_pairs] = m
    d1_start = np.zeros(B3 + 1, np.int64)
    p = 0
    for v in range(B3 + 1):
        while p < n_pairs and pair_d1[p] < v:
            p += 1
        d1_start[v] = p
    return order, pair_d2[:n_pairs].copy(), pair_start[:n_pairs + 1].copy(), d1_start


@njit(cache=True, parallel=True)
def induction3(d0, d1, d2, w, F, target, skunk, lo):
    """Every position of the three-player game to ``target``, exactly on the deal model whose
    deals ending below the needs are the cells (d0, d1, d2) with probabilities ``w`` and whose
    crossings are ``F`` (:func:`prefix_first`; a need past ``F.shape[1] - 1`` is never reached
    in one deal); skunked: the loser below ``skunk`` when the game ends. A position costs a
    walk over the cells below its needs (runs of d0 for each (d1, d2), read contiguously).
    ``lo``: only the corner of positions with every score at least ``lo`` (scores only grow, so
    the corner needs nothing outside it: a reduced solve, exact there; zeros elsewhere).
    Returns (T, T, T, N_F3) float64, the figures by turn (``F3_*``)."""
    T = target
    order, pair_d2, pair_start, d1_start = cell_index(d0, d1, d2)
    cd0 = d0[order]
    cw = w[order]
    R = np.zeros((T, T, T, W8))  # the figures by turn (the last one spare)
    nf = F.shape[1]
    nxb = F.shape[2] - 1
    for s in range(3 * T - 3, 3 * lo - 1, -1):
        lo0 = max(lo, s - 2 * (T - 1))
        hi0 = min(T - 1, s - 2 * lo)
        for a0 in prange(lo0, hi0 + 1):
            acc = np.zeros(W8)
            need = np.zeros(PLAYERS, np.int64)
            sc = np.zeros(PLAYERS, np.int64)
            for a1 in range(max(lo, s - a0 - (T - 1)), min(T - 1, s - a0 - lo) + 1):
                a2 = s - a0 - a1
                sc[0] = a0
                sc[1] = a1
                sc[2] = a2
                for t in range(PLAYERS):
                    need[t] = T - sc[t]
                for f in range(W8):
                    acc[f] = 0.0
                # the deal ends the game: turn i reaches its need first
                for i in range(PLAYERS):
                    if need[i] >= nf:
                        continue
                    j = (i + 1) % PLAYERS
                    k = (i + 2) % PLAYERS
                    X = min(need[j], nxb)
                    Y = min(need[k], nxb)
                    acc[F3_WIN + i] += F[i, need[i], X, Y]
                    acc[F3_SKUNKED + j] += F[i, need[i], min(X, max(0, skunk - sc[j])), Y]
                    acc[F3_SKUNKED + k] += F[i, need[i], X, min(Y, max(0, skunk - sc[k]))]
                # it does not: the deal passes to the left, its turns 2, 0, 1 are this one's 0, 1, 2
                n0 = need[0]
                n2 = need[2]
                w0 = w1 = w2 = k0 = k1 = k2 = dl = 0.0
                for v1 in range(min(need[1], B3)):
                    x0 = a1 + v1
                    for p in range(d1_start[v1], d1_start[v1 + 1]):
                        v2 = pair_d2[p]
                        if v2 >= n2:
                            break
                        x1 = a2 + v2
                        for c in range(pair_start[p], pair_start[p + 1]):
                            v0 = cd0[c]
                            if v0 >= n0:
                                break
                            q = cw[c]
                            x2 = a0 + v0
                            w0 += q * R[x0, x1, x2, F3_WIN + 2]
                            w1 += q * R[x0, x1, x2, F3_WIN + 0]
                            w2 += q * R[x0, x1, x2, F3_WIN + 1]
                            k0 += q * R[x0, x1, x2, F3_SKUNKED + 2]
                            k1 += q * R[x0, x1, x2, F3_SKUNKED + 0]
                            k2 += q * R[x0, x1, x2, F3_SKUNKED + 1]
                            dl += q * R[x0, x1, x2, F3_DEALS]
                R[a0, a1, a2, F3_WIN + 0] = acc[F3_WIN + 0] + w0
                R[a0, a1, a2, F3_WIN + 1] = acc[F3_WIN + 1] + w1
                R[a0, a1, a2, F3_WIN + 2] = acc[F3_WIN + 2] + w2
                R[a0, a1, a2, F3_SKUNKED + 0] = acc[F3_SKUNKED + 0] + k0
                R[a0, a1, a2, F3_SKUNKED + 1] = acc[F3_SKUNKED + 1] + k1
                R[a0, a1, a2, F3_SKUNKED + 2] = acc[F3_SKUNKED + 2] + k2
                R[a0, a1, a2, F3_DEALS] = 1.0 + dl
    return R[:, :, :, :N_F3].copy()


@njit(cache=True)
def _layer(L, T, y0):
    """The range of y1 on layer L (y0 + y1 + y2 = L, each below T) for a given y0."""
    return max(0, L - y0 - (T - 1)), min(T - 1, L - y0) + 1


@njit(cache=True)
def induction3p(w0, w1, w2, Hc, F, target, skunk):
    """The board under the *product* approximation: the three-player induction of
    :func:`induction3` in which a deal that does not end the game moves the scores by totals
    drawn independently per turn from their marginal distributions ``w0``, ``w1``, ``w2`` (the
    deal model's, every deal; no deal of totals (0, 0, 0)), scaled to the model's exact share
    of deals ending below the needs (``Hc[n0, n1, n2]``: deals with every total below its need,
    a 3-D prefix sum; needs past its size read its last entry). Who ends the game inside a deal
    and the losers' scores then come exactly from ``F`` (:func:`prefix_first`, one model).
    The independent totals make the sum over a deal's cells 1-D sums over partial sums ``A``,
    ``B``, ``D``, ``E`` of positions already solved, so a position costs about 5 x 45 terms
    instead of tens of thousands. Serial (:func:`induction3p_many` runs several models in
    parallel). Returns (T, T, T, N_F3) float32, the figures by turn (``F3_*``)."""
    T = target
    m0 = w0.shape[0]
    m1 = w1.shape[0]
    m2 = w2.shape[0]
    c0 = np.zeros(T + 1)
    c1 = np.zeros(T + 1)
    c2 = np.zeros(T + 1)
    for n in range(T):
        c0[n + 1] = c0[n] + (w0[n] if n < m0 else 0.0)
        c1[n + 1] = c1[n] + (w1[n] if n < m1 else 0.0)
        c2[n + 1] = c2[n] + (w2[n] if n < m2 else 0.0)
    zero = w0[0] * w1[0] * w2[0]
    hx = Hc.shape[0] - 1
    nf = F.shape[1]
    nxb = F.shape[2] - 1
    S = np.zeros((T, T, T, W8))  # figures in the reading order (READ)
    A = np.zeros((T, T, T, W8))  # A[y] = sum_{d0 >= 1} w0 S[y0, y1, y2 + d0]
    Bs = np.zeros((T, T, T, W8))  # B[y] = sum_{d2 >= 0} w2 A[y0, y1 + d2, y2]
    D = np.zeros((T, T, T, W8))  # D[y] = sum_{d2 >= 1} w2 S[y0, y1 + d2, y2]
    E = np.zeros((T, T, T, W8))  # E[y] = sum_{d1 >= 0} w1 D[y0 + d1, y1, y2]
    acc = np.zeros(W8)
    fin = np.zeros(W8)
    sc = np.zeros(PLAYERS, np.int64)
    ns = np.zeros(PLAYERS, np.int64)
    for L in range(3 * T - 3, -1, -1):
        lo0 = max(0, L - 2 * (T - 1))
        hi0 = min(T - 1, L) + 1
        for y0 in range(lo0, hi0):  # A and D on layer L: S of the layers above
            lo1, hi1 = _layer(L, T, y0)
            for y1 in range(lo1, hi1):
                y2 = L - y0 - y1
                for d in range(1, min(m0, T - y2)):
                    for k in range(W8):
                        A[y0, y1, y2, k] += w0[d] * S[y0, y1, y2 + d, k]
                for d in range(1, min(m2, T - y1)):
                    for k in range(W8):
                        D[y0, y1, y2, k] += w2[d] * S[y0, y1 + d, y2, k]
        for y0 in range(lo0, hi0):  # B and E on layer L: A and D of this layer and above
            lo1, hi1 = _layer(L, T, y0)
            for y1 in range(lo1, hi1):
                y2 = L - y0 - y1
                for d in range(0, min(m2, T - y1)):
                    for k in range(W8):
                        Bs[y0, y1, y2, k] += w2[d] * A[y0, y1 + d, y2, k]
                for d in range(0, min(m1, T - y0)):
                    for k in range(W8):
                        E[y0, y1, y2, k] += w1[d] * D[y0 + d, y1, y2, k]
        for a0 in range(lo0, hi0):  # the positions of layer L
            lo1, hi1 = _layer(L, T, a0)
            for a1 in range(lo1, hi1):
                a2 = L - a0 - a1
                sc[0] = a0
                sc[1] = a1
                sc[2] = a2
                for t in range(PLAYERS):
                    ns[t] = T - sc[t]
                # the deals that do not end the game: (a0, a1, a2) + d, read at (a1, a2, a0)
                for k in range(W8):
                    acc[k] = w0[0] * E[a1, a2, a0, k]
                for d in range(0, min(m1, T - a1)):
                    for k in range(W8):
                        acc[k] += w1[d] * Bs[a1 + d, a2, a0, k]
                for d in range(1, min(m1, T - a1)):
                    for k in range(W8):
                        acc[k] += w0[0] * w2[0] * w1[d] * S[a1 + d, a2, a0, k]
                product = c0[ns[0]] * c1[ns[1]] * c2[ns[2]] - zero
                scale = 0.0
                if product > 0.0:
                    scale = Hc[min(ns[0], hx), min(ns[1], hx), min(ns[2], hx)] / product
                # the deal ends the game: turn i reaches its need first (exact)
                for k in range(W8):
                    fin[k] = 0.0
                for i in range(PLAYERS):
                    ni = ns[i]
                    if ni >= nf:
                        continue
                    j = (i + 1) % PLAYERS
                    q = (i + 2) % PLAYERS
                    X = min(ns[j], nxb)
                    Y = min(ns[q], nxb)
                    fin[F3_WIN + i] += F[i, ni, X, Y]
                    fin[F3_SKUNKED + j] += F[i, ni, min(X, max(0, skunk - sc[j])), Y]
                    fin[F3_SKUNKED + q] += F[i, ni, X, min(Y, max(0, skunk - sc[q]))]
                fin[F3_DEALS] = 1.0
                for k in range(N_F3):
                    S[a0, a1, a2, k] = scale * acc[READ[k]] + fin[READ[k]]
    out = np.zeros((T, T, T, N_F3), np.float32)
    for k in range(N_F3):
        out[:, :, :, READ[k]] = S[:, :, :, k]
    return out


@njit(cache=True, parallel=True)
def induction3p_many(w0s, w1s, w2s, Hcs, Fs, target, skunk):
    """:func:`induction3p` of several models (first axes) in parallel: (models, T, T, T, N_F3)."""
    m = w0s.shape[0]
    out = np.zeros((m, target, target, target, N_F3), np.float32)
    for r in prange(m):
        out[r] = induction3p(w0s[r], w1s[r], w2s[r], Hcs[r], Fs[r], target, skunk)
    return out


@njit(cache=True)
def box_mass(d0, d1, d2, counts, inv, size):
    """``Hc[n0, n1, n2]``: the share of deals (``inv`` one deal's) with totals below (n0, n1,
    n2), from the cells (d0, d1, d2) and their ``counts`` (totals past ``size - 1`` counted at
    ``size - 1``), (size + 1)^3."""
    H = np.zeros((size + 1, size + 1, size + 1))
    for c in range(d0.shape[0]):
        H[min(d0[c], size - 1) + 1, min(d1[c], size - 1) + 1, min(d2[c], size - 1) + 1] += counts[c] * inv
    for a in range(1, size + 1):
        for b in range(size + 1):
            for c in range(size + 1):
                H[a, b, c] += H[a - 1, b, c]
    for a in range(size + 1):
        for b in range(1, size + 1):
            for c in range(size + 1):
                H[a, b, c] += H[a, b - 1, c]
    for a in range(size + 1):
        for b in range(size + 1):
            for c in range(1, size + 1):
                H[a, b, c] += H[a, b, c - 1]
    return H


def warmup() -> None:
    first = np.zeros((PLAYERS, 3, 2, 2), np.int64)
    first[2, 1, 0, 0] = 1
    F = prefix_first(first, 1.0)[None]
    one = np.array([1], np.int64)
    induction3(one, one, one, np.array([1.0]), F[0], 3, 2, 0)
    w = np.array([0.0, 1.0])
    Hc = box_mass(one, one, one, one, 1.0, 2)
    induction3p_many(w[None], w[None], w[None], Hc[None], F, 3, 2)
