"""The discard game's committed solution: its tables, summary and strategies as data, and
the job that solves it, reproduces Hessel's table, measures the card removal and writes every file (``crib-stats crib-table --solve --out DIR``; ``make data``).

The heavy steps run on the sweep engine (:class:`crib_stats.core.engine.Executor`): in this process
by default, on Dask when asked. Fictitious play keeps its state after every iteration
(:class:`crib_stats.strategy.equilibrium.Checkpoint`) and the card-removal measurement keeps every
finished slice of deals, so a killed run resumes; neither the engine nor the shard count
changes a bit of what is written (the tests compare them).

Files written (every number computed here):

- ``equilibrium_crib_table.csv``: the solved pair table in Hessel's format (4 decimals);
- ``equilibrium_pairs.parquet``: the same with each role's throw frequency, full precision;
- ``equilibrium_strategy.parquet``: both strategies (hand ranks, weight, throw, probabilities),
  with each throw's crib value against the other role's strategy (the pair table's terms);
- ``equilibrium_summary.json``: value, exploitability trajectory (average and purified),
  iterations, timings per iteration, mean kept hands and crib, the card-removal error;
- ``equilibrium_card_removal.parquet``: the rank model's E[crib] against full card
  conditioning on 200 random deals per role, every throw;
- ``equilibrium_reduced.json``: the same summary and table on the A 4 5 J deck, and Hessel's
  iteration there (tests solve and iterate it again);
- ``hessel_reproduction.csv``/``.json``: Hessel's method against his published table.
"""

from __future__ import annotations

import json
import time
from typing import Callable

import numpy as np

from crib_stats.strategy import equilibrium as eq
from crib_stats.strategy.card_removal import card_removal_error
from crib_stats.core.data import data_file
from crib_stats.discard.crib_tables import CribTable, load_table, render_csv
from crib_stats.core.cards import RANK_NAMES, multiset_text
from crib_stats.strategy.equilibrium import Solution, exploitability, exploitability_from, pair_means, purify
from crib_stats.strategy.hessel import HesselResult, hessel
from crib_stats.runtime.disk import cache_root as default_cache_root
from crib_stats.core.engine import Executor

REDUCED = (0, 3, 4, 10)  # A 4 5 J
TARGET = 0.005
REDUCED_TARGET = 1e-3
CARD_REMOVAL_DEALS = 200
CARD_REMOVAL_SHARDS = 20
COMMAND = "crib-stats crib-table --solve --out DIR"

FILES = {
    "equilibrium_crib_table.csv": "the solved discard game's crib table by thrown rank pair, Hessel's format "
                                  "(r1,r2,dealer_own_crib,pone_into_dealer_crib)",
    "equilibrium_pairs.parquet": "the solved pair table with each role's throw frequency, full precision",
    "equilibrium_strategy.parquet": "both equilibrium strategies: hand ranks, weight, throw, dealer and pone "
                                    "probabilities, and the throw's crib against the other role's strategy "
                                    "(dealer_crib: the dealer's own; pone_crib: the pone's into the dealer's)",
    "equilibrium_summary.json": "the discard game's value, exploitability trajectory (average and purified), "
                                "iterations, seconds per iteration, mean kept hands and crib, card-removal error",
    "equilibrium_card_removal.parquet": "the rank-level crib model against full card conditioning: 200 random deals "
                                        "per role, every throw (model, exact, error)",
    "equilibrium_reduced.json": "the same solution on the A 4 5 J deck, and Hessel's iteration there (tests "
                                "solve and iterate it again)",
    "hessel_reproduction.csv": "Hessel's method (suit-free iteration) against his published table, cell by cell",
    "hessel_reproduction.json": "Hessel's reproduction: mean and largest differences, iterations, cycle",
}


def solution_tables(sol: Solution):
    """The solved game's pair table as a DataFrame: r1, r2, the mean crib over the deals where
    the pair is thrown (dealer's own; pone's into the dealer's), and how often each role throws
    it (share of deals). A pair a role never throws gets the mean over every hand able to throw
    it of that throw's crib value against the opponent's strategy (its frequency is 0).
    Flushes are not in the game, so suited and offsuit throws of a pair are one entry."""
    import pandas as pd  # lazy: pandas only when used

    g = sol.game
    d_mean, d_mass = pair_means(g, sol.sigma_dealer, sol.crib_vs_pone)
    p_mean, p_mass = pair_means(g, sol.sigma_pone, sol.crib_vs_dealer)
    can = np.where(g.valid, 1.0, 0.0)
    d_any, _ = pair_means(g, can, sol.crib_vs_pone)
    p_any, _ = pair_means(g, can, sol.crib_vs_dealer)
    total = float(g.weights.sum())
    rows = []
    for a in g.deck_ranks:
        for b in g.deck_ranks:
            if b < a:
                continue
            k = a * 13 + b
            rows.append({
                "r1": RANK_NAMES[a], "r2": RANK_NAMES[b],
                "dealer_own_crib": d_mean[k] if d_mass[k] > 0 else d_any[k],
                "pone_into_dealer_crib": p_mean[k] if p_mass[k] > 0 else p_any[k],
                "dealer_freq": d_mass[k] / total, "pone_freq": p_mass[k] / total,
            })
    return pd.DataFrame(rows)


def solution_summary(sol: Solution) -> dict:
    """Value, mean kept hands and crib, exploitability of the averages and of the purified
    strategies, iterations and timings."""
    g = sol.game
    hand = np.where(g.valid, g.hand_ev, 0.0)
    pure_d, pure_p = purify(g, sol.sigma_dealer), purify(g, sol.sigma_pone)
    pe = exploitability(g, pure_d, pure_p)
    last = exploitability_from(g, sol.sigma_dealer, sol.sigma_pone, sol.crib_vs_pone, sol.crib_vs_dealer)
    return {
        "deck_ranks": list(g.deck_ranks),
        "value": last.value,
        "mean_hand_dealer": g.mean((sol.sigma_dealer * hand).sum(1)),
        "mean_hand_pone": g.mean((sol.sigma_pone * hand).sum(1)),
        "mean_crib": g.mean((sol.sigma_dealer * np.where(g.valid, sol.crib_vs_pone, 0.0)).sum(1)),
        "exploitability": last.total,
        "dealer_gain": last.dealer_gain,
        "pone_gain": last.pone_gain,
        "purified": {"exploitability": pe.total, "dealer_gain": pe.dealer_gain, "pone_gain": pe.pone_gain,
                     "value": pe.value},
        "iterations": sol.iterations,
        "trajectory": sol.exploitability,
        "seconds_per_iteration": float(np.mean(sol.seconds)) if sol.seconds else 0.0,
        "seconds_total": float(np.sum(sol.seconds)),
    }


def strategy_frame(sol: Solution):
    """Both strategies in long form, a row for every throw of every hand: hand (ranks), weight,
    throw (ranks), dealer, pone probabilities, and the throw's expected crib against the other
    role's strategy, ``dealer_crib`` (into the dealer's own crib, against the pone's throws) and
    ``pone_crib`` (into the dealer's, against the dealer's): every term of
    :func:`solution_tables`, so the committed pair table is checked against the committed
    strategies without the crib's pass over every hand."""
    import pandas as pd  # lazy: pandas only when used

    g = sol.game
    h, j = np.nonzero(g.valid)
    names = [multiset_text(c) for c in g.counts]
    keys = g.tkeys[h, j]
    return pd.DataFrame({
        "hand": [names[i] for i in h], "weight": g.weights[h],
        "throw": [f"{RANK_NAMES[k // 13]} {RANK_NAMES[k % 13]}" for k in keys],
        "dealer": sol.sigma_dealer[h, j], "pone": sol.sigma_pone[h, j],
        "dealer_crib": sol.crib_vs_pone[h, j], "pone_crib": sol.crib_vs_dealer[h, j],
    })


def reduced_result(target: float = REDUCED_TARGET) -> dict:
    """The reduced-deck solution and Hessel's iteration on the same deck, as plain JSON data
    (the tests recompute both: the full deck's take minutes)."""
    g = eq.game(REDUCED)
    sol = eq.solve(g, target=target, max_iter=1000)
    summary = solution_summary(sol)
    summary.pop("seconds_per_iteration")
    summary.pop("seconds_total")
    return {"summary": summary, "table": solution_tables(sol).to_dict("records"),
            "hessel": hessel_tables(hessel(g), g.deck_ranks)}


def hessel_tables(res: HesselResult, deck_ranks) -> dict:
    """Hessel's iteration as plain JSON data: its iterations, the cycle it ended in, and both
    tables by the deck's rank pairs."""
    table = [{"r1": RANK_NAMES[a], "r2": RANK_NAMES[b], "dealer": float(res.dealer[a * 13 + b]),
              "pone": float(res.pone[a * 13 + b])} for a in deck_ranks for b in deck_ranks if a <= b]
    return {"iterations": res.iterations, "cycle": res.cycle, "table": table}


def hessel_reproduction(res: HesselResult, published: CribTable):
    """Hessel's iteration beside his published table: (cell-by-cell DataFrame, summary dict)."""
    import pandas as pd  # lazy: pandas only when used

    rows = []
    for a in range(13):
        for b in range(a, 13):
            k = a * 13 + b
            rows.append({"r1": RANK_NAMES[a], "r2": RANK_NAMES[b],
                         "dealer_published": published.dealer[a, b], "dealer_ours": res.dealer[k],
                         "pone_published": published.pone[a, b], "pone_ours": res.pone[k]})
    df = pd.DataFrame(rows)
    df["dealer_diff"] = df.dealer_ours - df.dealer_published
    df["pone_diff"] = df.pone_ours - df.pone_published
    worst = {}
    for side in ("dealer", "pone"):
        top = df.reindex(df[f"{side}_diff"].abs().sort_values(ascending=False).index).head(5)
        worst[side] = [{"pair": f"{r.r1},{r.r2}", "published": getattr(r, f"{side}_published"),
                        "ours": round(getattr(r, f"{side}_ours"), 4)} for r in top.itertuples()]
    summary = {
        "mean_abs_diff_dealer": float(df.dealer_diff.abs().mean()),
        "mean_abs_diff_pone": float(df.pone_diff.abs().mean()),
        "max_abs_diff_dealer": float(df.dealer_diff.abs().max()),
        "max_abs_diff_pone": float(df.pone_diff.abs().max()),
        "mean_diff_dealer": float(df.dealer_diff.mean()),
        "mean_diff_pone": float(df.pone_diff.mean()),
        "iterations": res.iterations, "cycle": res.cycle, "worst": worst,
    }
    return df, summary


def _table_arrays(table) -> CribTable:
    arr_d = np.zeros((13, 13))
    arr_p = np.zeros((13, 13))
    for r in table.itertuples():
        a, b = RANK_NAMES.index(r.r1), RANK_NAMES.index(r.r2)
        arr_d[a, b] = arr_d[b, a] = r.dealer_own_crib
        arr_p[a, b] = arr_p[b, a] = r.pone_into_dealer_crib
    return CribTable("equilibrium", arr_d, arr_p)


def solve_and_write(out, *, scheduler: str | None = None, workers: int | None = None, shards: int = 1,
                    cache_root=None, fresh: bool = False,
                    progress: Callable[[str], None] | None = None) -> dict:
    """Solve the game, reproduce Hessel's table, measure the card removal, and write every file
    of :data:`FILES` into ``out`` (a :class:`crib_stats.core.io.OutputDir`). ``cache_root`` (None:
    the user's cache directory; False: no cache, nothing resumes) keeps the solver's state and
    the finished card-removal slices. Returns the summary written to ``equilibrium_summary.json``.
    """
    say = progress or (lambda text: None)
    root = None if cache_root is False else (default_cache_root("equilibrium") if cache_root is None else cache_root)
    g = eq.game()
    with Executor(scheduler, workers) as ex:
        t0 = time.perf_counter()
        res = hessel(g, executor=ex, shards=shards,
                        progress=lambda i, c: say(f"hessel {i} (of at most 60, until the strategies repeat): "
                                                    f"largest table change {c:.5f}"))
        df, hs = hessel_reproduction(res, load_table(data_file("hessel_tables.csv"), "hessel"))
        hs["seconds"] = time.perf_counter() - t0

        checkpoint = eq.Checkpoint(g.deck_ranks, root, fresh=fresh) if root is not None else None
        sol = eq.solve(g, target=TARGET, executor=ex, shards=shards, checkpoint=checkpoint, progress=lambda i, e: say(
            f"fictitious play {i} (until exploitability < {TARGET}): exploitability {e.total:.5f} "
            f"(dealer {e.dealer_gain:.5f}, pone {e.pone_gain:.5f})"))
        table = solution_tables(sol)
        summary = solution_summary(sol)
        summary["gains"] = sol.gains
        summary["seconds_per_iteration_each"] = sol.seconds
        summary["resumed_from_iteration"] = sol.resumed_from
        summary["engine"] = {"scheduler": scheduler or "in-process", "shards": shards}

        t0 = time.perf_counter()
        err = card_removal_error(sol, n_deals=CARD_REMOVAL_DEALS, executor=ex, shards=CARD_REMOVAL_SHARDS,
                                    cache_root=root,
                                    progress=lambda d, n: say(f"card removal: {d}/{n} slices of deals"))
    summary["card_removal"] = {
        role: {"deals": CARD_REMOVAL_DEALS, "throws": int(len(e)), "mean_error": float(e.error.mean()),
               "mean_abs_error": float(e.error.abs().mean()), "max_abs_error": float(e.error.abs().max()),
               "worst": e.loc[e.error.abs().idxmax(), ["deal", "throw", "model", "exact"]].to_dict()}
        for role, e in err.groupby("role")
    }
    summary["card_removal"]["seconds"] = time.perf_counter() - t0
    reduced = reduced_result()

    def put(name: str, write, binary: bool = False) -> None:
        out.write_with(name, write, COMMAND, FILES[name], binary=binary)

    put("hessel_reproduction.csv", lambda fh: df.round(6).to_csv(fh, index=False))
    put("hessel_reproduction.json", lambda fh: fh.write(json.dumps(hs, indent=1) + "\n"))
    put("equilibrium_crib_table.csv", lambda fh: fh.write(render_csv(_table_arrays(table))))
    put("equilibrium_pairs.parquet", lambda fh: table.to_parquet(fh, index=False), binary=True)
    strat = strategy_frame(sol)
    put("equilibrium_strategy.parquet", lambda fh: strat.to_parquet(fh, index=False, compression="zstd"), binary=True)
    put("equilibrium_card_removal.parquet", lambda fh: err.to_parquet(fh, index=False), binary=True)
    put("equilibrium_summary.json", lambda fh: fh.write(json.dumps(summary, indent=1) + "\n"))
    put("equilibrium_reduced.json", lambda fh: fh.write(json.dumps(reduced, indent=1) + "\n"))
    return summary
