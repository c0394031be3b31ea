#!/usr/bin/env python
"""Solve the rank-level discard game and reproduce Hessel's table; write the results to data/.

    python scripts/solve_equilibrium.py [OUT_DIR]     (default: data/ of this checkout)

Writes (every number computed here):
  equilibrium_crib_table.csv     the solved pair table in Hessel's format (4 decimals)
  equilibrium_pairs.parquet      the same with each role's throw frequency, full precision
  equilibrium_strategy.parquet   both strategies: hand ranks, weight, throw, probabilities
  equilibrium_summary.json       value, exploitability trajectory (average and purified),
                                 iterations, timings, mean kept hands and crib
  equilibrium_card_removal.parquet  the rank model's E[crib] against full card conditioning on
                                 200 random deals per role, every throw
  equilibrium_reduced.json       the same summary and table on the A 4 5 J deck (checked by tests)
  hessel_reproduction.csv        Hessel's method against his published table, cell by cell
  hessel_reproduction.json       its mean and largest differences, iterations and cycle
Takes about 15-20 minutes on two cores: Hessel's iteration and fictitious play ~1.5 min each,
the card-removal measurement the rest (a full pass over the 9,366,819 opponent hands per deal).
"""

from __future__ import annotations

import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import numpy as np  # noqa: E402

from crib_stats import equilibrium as eq  # noqa: E402
from crib_stats import io  # noqa: E402
from crib_stats.crib_tables import CribTable, load_table, render_csv  # noqa: E402

REDUCED = (0, 3, 4, 10)
TARGET = 0.005
CARD_REMOVAL_DEALS = 200


def reduced_result(target: float = 1e-3) -> dict:
    """The reduced-deck solution as plain JSON data (the test recomputes it)."""
    sol = eq.solve(eq.game(REDUCED), target=target, max_iter=1000)
    summary = eq.solution_summary(sol)
    summary.pop("seconds_per_iteration")
    summary.pop("seconds_total")
    return {"summary": summary, "table": eq.solution_tables(sol).to_dict("records")}


def hessel_reproduction(res: eq.HesselResult, published: CribTable):
    import pandas as pd

    rows = []
    for a in range(13):
        for b in range(a, 13):
            k = a * 13 + b
            rows.append({"r1": eq.RANK_NAMES[a], "r2": eq.RANK_NAMES[b],
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


def run(out: str = os.path.join(ROOT, "data"), progress=print) -> int:
    io.prepare_dir(out)
    g = eq.game()
    t0 = time.perf_counter()
    res = eq.hessel(g, progress=lambda i, c: progress(f"hessel {i}: largest table change {c:.5f}"))
    df, hs = hessel_reproduction(res, load_table(os.path.join(ROOT, "data", "hessel_tables.csv"), "hessel"))
    hs["seconds"] = time.perf_counter() - t0
    io.write_frame_csv(os.path.join(out, "hessel_reproduction.csv"), df.round(6))
    io.write_text(os.path.join(out, "hessel_reproduction.json"), json.dumps(hs, indent=1) + "\n")

    sol = eq.solve(g, target=TARGET, progress=lambda i, e: progress(
        f"fictitious play {i}: exploitability {e.total:.5f} (dealer {e.dealer_gain:.5f}, pone {e.pone_gain:.5f})"))
    table = eq.solution_tables(sol)
    summary = eq.solution_summary(sol)
    summary["gains"] = sol.gains
    summary["seconds_per_iteration_each"] = sol.seconds
    arr_d = np.zeros((13, 13))
    arr_p = np.zeros((13, 13))
    for r in table.itertuples():
        a, b = eq.RANK_NAMES.index(r.r1), eq.RANK_NAMES.index(r.r2)
        arr_d[a, b] = arr_d[b, a] = r.dealer_own_crib
        arr_p[a, b] = arr_p[b, a] = r.pone_into_dealer_crib
    io.write_text(os.path.join(out, "equilibrium_crib_table.csv"), render_csv(CribTable("equilibrium", arr_d, arr_p)))
    io.atomic_write(os.path.join(out, "equilibrium_pairs.parquet"), lambda f: table.to_parquet(f, index=False), binary=True)
    strat = eq.strategy_frame(sol)
    io.atomic_write(os.path.join(out, "equilibrium_strategy.parquet"), lambda f: strat.to_parquet(f, index=False), binary=True)
    t0 = time.perf_counter()
    err = eq.card_removal_error(sol, n_deals=CARD_REMOVAL_DEALS)
    io.atomic_write(os.path.join(out, "equilibrium_card_removal.parquet"), lambda f: err.to_parquet(f, index=False), binary=True)
    summary["card_removal"] = {
        role: {"deals": CARD_REMOVAL_DEALS, "throws": int(len(e)), "mean_error": float(e.error.mean()),
               "mean_abs_error": float(e.error.abs().mean()), "max_abs_error": float(e.error.abs().max()),
               "worst": e.loc[e.error.abs().idxmax(), ["deal", "throw", "model", "exact"]].to_dict()}
        for role, e in err.groupby("role")
    }
    summary["card_removal"]["seconds"] = time.perf_counter() - t0
    io.write_text(os.path.join(out, "equilibrium_summary.json"), json.dumps(summary, indent=1) + "\n")
    io.write_text(os.path.join(out, "equilibrium_reduced.json"), json.dumps(reduced_result(), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "data")))
