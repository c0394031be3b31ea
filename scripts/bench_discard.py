"""The discard's rows of scripts/bench.py (its sections 6, 8, 9 and 10), each against a baseline timed
in the same run:

6. one six-card deal's discard analysis: the kernel's exact crib and net distributions of its 15
   throws, the same in numpy, and ``analyse()`` with exact Fractions, against the naive
   reference (one throw, times 15) and the naive C program (scripts/naive_discard.c, compiled
   now, its sums checked against ``analyse()``'s); and ``analyse()`` called in a loop by a
   fresh process that never imports numba;
8. the sweep over every six-card deal, in-process, against the per-deal kernel extrapolated,
   and (unless ``quick``) the same sweep on a two-worker Dask LocalCluster against in-process;
9. E[peg] of that deal's 15 keeps (random and equilibrium opponents) against ``analyse()``;
10. three players' throw for the board: the sampled-deals kernel against its naive twin, and one
    ``discard --score`` decision against the throw by points.

Run by ``scripts/bench.py`` (its ``--quick`` and default runs).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from math import comb

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests"))

import reference  # noqa: E402  (the naive twins)
from bench_timing import best_of, process  # noqa: E402

from crib_stats.core.cards import parse  # noqa: E402
from crib_stats.discard.crib_base import RandomCrib  # noqa: E402
from crib_stats.discard.analysis import analyse, throws_of  # noqa: E402
from crib_stats.model.variants import variant  # noqa: E402


def naive_c_discard(codes, analysis, repeat=3):
    """Seconds of scripts/naive_discard.c (compiled now with cc -O2) on the deal ``codes``, after
    checking that its hand and crib sums equal ``analysis``'s exact ones; None without a C
    compiler."""
    import shutil

    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "naive_discard")
        subprocess.run([cc, "-O2", "-o", exe, os.path.join(HERE, "naive_discard.c")], check=True)
        argv = [exe] + [str(c) for c in codes]
        hand, crib = (int(x) for x in subprocess.run(argv, capture_output=True, text=True, check=True).stdout.split())
        unseen = 52 - len(codes)
        want_hand = sum(t.hand_ev for t in analysis.throws) * unseen
        want_crib = sum(t.crib_ev for t in analysis.throws) * unseen * comb(unseen - 1, 2)
        if (hand, crib) != (want_hand, want_crib):
            raise SystemExit(f"naive_discard.c disagrees with analyse(): {(hand, crib)} != {(want_hand, want_crib)}")
        return process(argv, repeat=repeat)


LOOP_CALLS = 20_000
_LOOP = """\
import sys, time
import crib_stats

t = time.perf_counter()
for _ in range({calls}):
    crib_stats.analyse("5h 6h 7c jd qs kd", role="dealer")
print((time.perf_counter() - t) / {calls}, "numba" in sys.modules)
"""


def analyse_loop(calls: int) -> float:
    """Seconds a call of ``analyse()`` (the deal the naive C program takes) in a loop of
    ``calls`` in a fresh process whose program never imports numba (the package loads its
    kernel after its first deals: RandomCrib)."""
    out = subprocess.run([sys.executable, "-c", _LOOP.format(calls=calls)], capture_output=True, text=True,
                         check=True).stdout.split()
    if out[1] != "True":
        raise SystemExit("the loop never loaded the kernel")
    return float(out[0])


def deal_rows() -> tuple[list[tuple[str, float, str, float]], dict]:
    """Section 6: its rows, and what section 9 times against (:func:`peg_rows`): the deal's codes,
    its throws and keeps, and ``analyse()``'s seconds."""
    rows = []

    # 6. one six-card discard analysis
    dealt = parse("5h 6h 7c jd qs kd")
    v = variant("six-card")
    splits = throws_of(dealt, v)
    keeps = np.array([[c.code for c in k] for _, k in splits], np.int64)
    throws = np.array([[c.code for c in t] for t, _ in splits], np.int64)
    unseen = np.array([c for c in range(52) if c not in {d.code for d in dealt}], np.int64)
    kernel, in_numpy = RandomCrib(jit=True), RandomCrib(jit=False)
    kernel.outcomes(keeps, throws, unseen, v, -1, 1)
    t_kernel = best_of(lambda: kernel.outcomes(keeps, throws, unseen, v, -1, 1), 20)
    t_numpy = best_of(lambda: in_numpy.outcomes(keeps, throws, unseen, v, -1, 1), 20)
    codes = [c.code for c in dealt]
    t_naive_one = best_of(lambda: reference.discard_outcomes(codes, codes[:2], 2), 1)
    rows.append(("discard: six-card, 15 throws, exact crib + net distributions (kernel)", t_kernel,
                 "naive reference, 1 throw x 15", t_naive_one * 15))
    rows.append(("discard: the same in numpy (a process without numba: crib-stats discard)", t_numpy,
                 "naive reference, 1 throw x 15", t_naive_one * 15))
    analyse(dealt, role="dealer")
    t_analyse = best_of(lambda: analyse(dealt, role="dealer"), 10)
    rows.append(("discard: analyse() with exact Fractions", t_analyse, "naive reference, 1 throw x 15",
                 t_naive_one * 15))
    t_c = naive_c_discard(codes, analyse(dealt, role="dealer"))
    if t_c is not None:
        rows.append(("discard: analyse() warm, one six-card deal (target >= 30x)", t_analyse,
                     "naive C program, the same enumeration", t_c))
        # #30 item 13: a program that never imports numba, calling analyse() in a loop (the first
        # SWITCH_AFTER deals tallied in numpy, then the kernel, loaded once); per call, all included
        rows.append((f"discard: analyse() x {LOOP_CALLS:,} in a fresh process without numba, per call",
                     analyse_loop(LOOP_CALLS), "naive C program, the same enumeration", t_c))
    return rows, {"codes": codes, "splits": splits, "analyse": t_analyse}


def sweep_rows(quick: bool = False) -> list[tuple[str, float, str, float]]:
    """Section 8 (its Dask row unless ``quick``)."""
    rows = []

    # 8. the sweep over every deal, and the same work on a Dask LocalCluster
    from crib_stats.discard import sweep

    b = sweep.benchmark("six-card", sample=100)
    rows.append(("sweep: every six-card deal, three objectives, in-process", b["sweep_seconds"],
                 "per-deal discard kernel, 100 deals extrapolated", b["per_deal_extrapolated_seconds"]))
    if not quick:
        from distributed import Client, LocalCluster

        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            address = cluster.scheduler_address
            sweep.run_sweep("six-card", scheduler=address, cache_dir=False)  # workers compile / load kernels
            t_dask = best_of(lambda: sweep.run_sweep("six-card", scheduler=address, cache_dir=False), 2)
            del client
        t_local = best_of(lambda: sweep.run_sweep("six-card", cache_dir=False), 2)
        rows.append(("sweep on a Dask LocalCluster, 2 workers (target within 1.5x)", t_dask,
                     "the same sweep in-process", t_local))
    return rows


def peg_rows(deal: dict) -> list[tuple[str, float, str, float]]:
    """Section 9, on the deal of :func:`deal_rows`."""
    rows = []
    codes, splits, t_analyse = deal["codes"], deal["splits"], deal["analyse"]

    # 9. the play under a policy: E[peg] of a keep (the tables are with 7)
    from crib_stats.peg import value as peg_value

    keep_codes = [[c.code for c in k] for _, k in splits]
    peg_value.peg_evs(codes, keep_codes, "dealer", "greedy")
    t_peg = best_of(lambda: peg_value.peg_evs(codes, keep_codes, "dealer", "greedy"), 20)
    rows.append(("E[peg] of the 15 keeps of a six-card deal (target <= 2 ms)", t_peg,
                 "discard: analyse() with exact Fractions", t_analyse))
    peg_value.peg_evs(codes, keep_codes, "dealer", "greedy", opponent="equilibrium")
    t_peg_eq = best_of(lambda: peg_value.peg_evs(codes, keep_codes, "dealer", "greedy", opponent="equilibrium"), 20)
    rows.append(("E[peg] of the 15 keeps, equilibrium opponent (target <= 2 ms)", t_peg_eq,
                 "E[peg] of the 15 keeps, random opponent", t_peg))
    return rows


def board3_rows(deals: int = 256, naive: int = 2) -> list[tuple[str, float, str, float]]:
    """10. Three players' throw for the board (issue #53): the sampled-deals kernel
    (``kernels.boardthrow3.table3_values``) on ``deals`` deals of one position against the naive
    twin (``reference.board_throw_three_twin``) on ``naive`` of them, extrapolated; and one whole
    ``score_throws`` decision at its default accuracy against the points throw (``analyse``)."""
    import time

    from crib_stats.game import throws as gt
    from crib_stats.game import throws3 as gt3
    from crib_stats.kernels import boardthrow as kt
    from crib_stats.kernels import boardthrow3 as kt3

    hand, seat, scores = "5h 6h 7c jd qs", "dealer", (110, 104, 112)
    tab, _ = gt3.board_table3(121)
    k, gm_in, srt, codes, unseen = gt.deal_arrays("three-player", parse(hand))
    mine_tab = kt.my_tables(codes, k["throws"], k["hand_table"])
    turn = gt3.SEATS3.index(seat)
    sc = np.array([scores[(t - turn) % 3] for t in range(3)], np.int64)  # by turn: yours, left's, right's
    args = (unseen, turn, sc, 121, 91, gm_in, mine_tab, tab)
    kt3.table3_values(0, 0, 4, *args)  # warm
    kernel = best_of(lambda: kt3.table3_values(0, 0, deals, *args), 3) / deals

    def twin():
        for i in range(naive):
            drawn = reference.board_throw_hand(0, i, unseen.tolist(), 11)
            reference.board_throw_three_twin(codes.tolist(), [drawn[0:5], drawn[5:10]], drawn[10], turn, list(sc), tab)

    slow = best_of(twin, 1) / naive
    gt.score_throws(hand, None, scores[0], scores[1], "three-player", seat=seat, right=scores[2])  # warm
    t0 = time.perf_counter()
    a = gt.score_throws(hand, None, scores[0], scores[1], "three-player", seat=seat, right=scores[2])
    whole = time.perf_counter() - t0
    points = best_of(lambda: analyse(hand, role="dealer", variant="three-player"), 3)
    return [("three players' throw for the board: one deal, 5 throws x 36 starters (kernel)", kernel,
             "the naive twin, one deal", slow),
            (f"discard --score --variant three-player: one decision ({a.hands:,} deals, warm)", whole,
             "discard by points, the same five cards", points)]
