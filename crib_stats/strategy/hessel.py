"""Hessel's method on the rank-level discard game (:mod:`crib_stats.strategy.equilibrium`): each side
throws its best pair for hand + (or -) the current pair table, the tables become the mean crib
over the deals where each pair is thrown, until the strategies repeat. A check on the
machinery: it reproduces his published table (``crib-stats crib-table --solve`` writes the
comparison, ``data/hessel_reproduction.*``)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from crib_stats.strategy.equilibrium import Game, best_response, game, pair_means, random_crib_start, random_cribs


@dataclass
class HesselResult:
    """Hessel's iteration: the two pair tables (169 keys a*13+b, a <= b) and the strategies."""

    dealer: np.ndarray
    pone: np.ndarray
    sigma_dealer: np.ndarray
    sigma_pone: np.ndarray
    iterations: int
    cycle: int  # length of the cycle the strategies entered (1: a fixed point; 0: not reached)
    changes: list  # largest table change per iteration


def hessel(g: Game | None = None, max_iter: int = 60, progress=None, *, executor=None,
           shards: int = 1) -> HesselResult:
    """Hessel's method: each side throws its best pair for hand + (or -) the current pair table;
    the tables become the mean crib over the (dealer, pone) deals where each pair is thrown;
    repeat until the strategies repeat. A fixed point ends it; on the full deck the best
    responses enter a short cycle instead, and the tables are then the mean of the tables over
    the cycle. Starts from the random model's tables (every throw of a hand equally likely).
    ``executor`` and ``shards`` as in :func:`solve`."""
    g = g or game()
    crib = lambda *sig: g.crib(*sig, executor=executor, shards=shards)  # noqa: E731
    rnd = random_crib_start(g)
    # both sides start random: the cribs against it in closed form serve both (the kernel's
    # pass over every opponent hand takes 10 s on two threads on the full deck, 25-40 s on one; this is a second)
    vs_p = random_cribs(g)
    vs_d = vs_p.copy()
    t_d, _ = pair_means(g, rnd, vs_p)
    t_p = t_d.copy()
    seen: dict[bytes, int] = {}
    history = []
    changes = []
    last = None
    cycle = 0
    for it in range(1, max_iter + 1):
        sd = best_response(g, g.hand_ev + np.nan_to_num(t_d)[np.maximum(g.tkeys, 0)])
        sp = best_response(g, g.hand_ev - np.nan_to_num(t_p)[np.maximum(g.tkeys, 0)])
        state = sd.argmax(1).tobytes() + sp.argmax(1).tobytes()
        if state in seen:
            cycle = it - seen[state]
            tables = history[seen[state] - 1:]
            t_d = np.mean([t[0] for t in tables], axis=0)
            t_p = np.mean([t[1] for t in tables], axis=0)
            break
        seen[state] = it
        if last is None:
            vs_p, vs_d = crib(sp, sd)
        else:
            dp, dd = crib(sp - last[1], sd - last[0])
            vs_p, vs_d = last[2] + dp, last[3] + dd
        last = (sd, sp, vs_p, vs_d)
        new_d, _ = pair_means(g, sd, vs_p)
        new_p, _ = pair_means(g, sp, vs_d)
        new_d = np.where(np.isnan(new_d), t_d, new_d)
        new_p = np.where(np.isnan(new_p), t_p, new_p)
        changes.append(float(np.nanmax(np.abs(np.concatenate([new_d - t_d, new_p - t_p])))))
        t_d, t_p = new_d, new_p
        history.append((t_d, t_p))
        if progress:
            progress(it, changes[-1])
    return HesselResult(t_d, t_p, sd, sp, it, cycle, changes)
