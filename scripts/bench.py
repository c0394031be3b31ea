#!/usr/bin/env python
"""Timings as ratios against baselines measured in the same run.

Usage: python scripts/bench.py [--quick] [--startup] [--board] [--games] [--engine] [--advise [--against REV]]
                                [--record [FILE]]

Each row: what was timed (best of several runs), the baseline it is compared with (measured
now, on this machine), and the speed-up. Machines here are noisy: read the ratios, not the
absolute seconds, and never turn these into test assertions.

``--record`` also writes the tables, dated, with the machine, the command and the commit, as JSON
(default docs/bench.json): the manual's performance page is built from that file
(scripts/mkdocs_hooks.py), so its figures are the last recorded run's, never typed. It is slow:
run it by hand (``make bench``), not in ``make test``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from math import comb

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests"))

import reference  # noqa: E402  (the naive twins)
import bench_match  # noqa: E402  (the whole-game kernel's games, scripts/bench_match.py)
import bench_referee  # noqa: E402  (the referee's whole games, scripts/bench_referee.py)

from crib_stats import kernels  # noqa: E402
from crib_stats.kernels import show  # noqa: E402
from crib_stats.core.cards import parse  # noqa: E402
from crib_stats.discard.crib_base import RandomCrib  # noqa: E402
from crib_stats.discard.analysis import analyse, throws_of  # noqa: E402
from crib_stats.show.enumeration import histograms  # noqa: E402
from crib_stats.core import tables  # noqa: E402
from crib_stats.core.tables import hands  # noqa: E402
from crib_stats.model.variants import variant  # noqa: E402

CLI = os.path.join(os.path.dirname(sys.executable), "crib-stats")
RECORD = os.path.join(ROOT, "docs", "bench.json")
TABLES: list[dict] = []  # every table printed, for --record


def record(title: str, rows, ratio: str = "speed-up") -> None:
    """Keep a printed table for --record: ``ratio`` is "speed-up" (baseline / timed) or "times"
    (timed / baseline)."""
    TABLES.append({"title": title, "ratio": ratio, "rows": [
        {"name": name or "(the same)", "seconds": t, "baseline": bname, "baseline_seconds": bt,
         "ratio": bt / t if ratio == "speed-up" else t / bt} for name, t, bname, bt in rows]})


def write_record(path: str, argv: list[str], load: float) -> None:
    """The recorded run as JSON: its date, command, commit, machine and tables."""
    import numba

    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "unknown"
    cpus = os.cpu_count()
    try:
        model = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        model = platform.processor() or platform.machine()
    run = {"date": datetime.date.today().isoformat(), "command": " ".join(["python scripts/bench.py", *argv]),
           "commit": commit, "machine": f"{cpus} cores ({model}), {platform.system()}",
           "python": platform.python_version(), "numba": numba.__version__,
           "load": f"{load:.1f}", "tables": TABLES}
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(run, fh, indent=1, ensure_ascii=False)
        fh.write("\n")
    print(f"recorded: {path}")


def best_of(fn, repeat=5):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def process(argv, env=None, repeat=3):
    def go():
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)

    return best_of(go, repeat)


def naive_per_show(sample=20000, crib=False):
    rng = random.Random(1)
    rows = []
    for _ in range(sample):
        cards = rng.sample(range(52), 5)
        rows.append((cards[:4], cards[4]))
    reference.rank_points.cache_clear()
    t = time.perf_counter()
    for hand, s in rows:
        reference.show_total(hand, s, crib)
    return (time.perf_counter() - t) / sample


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


def in_rounds(runs: dict, rounds: int) -> dict:
    """Each process of ``runs`` (name -> (argv, env)) once untimed, then all of them in turn,
    round after round, each keeping its best time: a load that comes and goes on a shared
    machine then weighs on all alike."""
    for argv, env in runs.values():
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(rounds):
        for name, (argv, env) in runs.items():
            t = time.perf_counter()
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
            best[name] = min(best[name], time.perf_counter() - t)
    return best


def startup_rows(cli: str, rounds: int = 9) -> list[tuple[str, float, str, float]]:
    """#18 item 4: whole warm processes against the imports they stand on (ratio = process /
    baseline, lower is better). The commands run in turn, round after round, and each keeps its
    best run: a load that comes and goes on a shared machine then weighs on all alike."""
    # warm means what a second run of an installed crib-stats finds: compiled kernels and the
    # package's bytecode. With PYTHONDONTWRITEBYTECODE set (some sandboxes set it) a source
    # tree without __pycache__ would be compiled again by every run (25 ms), which no user pays:
    # the first round writes it.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        script, floor_env = floor_process(tmp, env)
        runs = {
            "numpy": ([sys.executable, "-c", "import numpy"], env),
            "numba": ([sys.executable, "-c", "import numpy, numba"], env),
            "score": ([cli, "score", "5h", "5c", "5s", "jd", "--starter", "5d"], env),
            "discard": ([cli, "discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone"], env),
            "floor": ([sys.executable, script], floor_env),
        }
        best = in_rounds(runs, rounds)  # the untimed first round compiles the floor's kernel, writes bytecode
    return [("crib-stats score 5h 5c 5s jd --starter 5d (target within 1.2x)", best["score"],
             "python -c 'import numpy'", best["numpy"]),
            ("crib-stats discard 5h 6h 7c jd qs kd --pone (target within 1.7x)", best["discard"],
             "python -c 'import numpy, numba'", best["numba"]),
            ("numba's floor: one trivial cached @njit kernel called (discard calls none)", best["floor"],
             "python -c 'import numpy, numba'", best["numba"])]


# The least any process that calls one cached numba kernel costs: loading a kernel from numba's
# cache first initialises numba's CPU target (CacheImpl.load_overload calls
# target_context.refresh(), which imports every implementation module numba has), and typing
# an array argument imports numpy.ma. Above the 1.7x target on its own, so crib-stats discard
# calls no kernel: its one deal is tallied in numpy (crib_stats.kernels.crib_np) and its rank
# tables are read from the disk cache.
_FLOOR_SCRIPT = """\
import numpy as np
from numba import njit


@njit(cache=True)
def total(a):
    s = 0
    for x in a:
        s += x
    return s


total(np.arange(3, dtype=np.int64))
"""


def search_rows() -> list:
    """The exhaustive searches over every pair of hands and Hessel's start (``--searches``): the
    play's extremes against the naive reference, the play tables against the extremes, and the
    cribs against the random strategy in closed form against the kernel's pass over every
    opponent hand."""
    from crib_stats.peg import tables as playvalue
    from crib_stats.peg.extremes import extremes
    from crib_stats.strategy import equilibrium as eq

    rows = []
    extremes("five-card")
    t_peg5 = best_of(lambda: extremes("five-card", remember=False), 1)
    t_peg6 = best_of(lambda: extremes("six-card", remember=False), 1)
    rng = random.Random(3)
    sample = []
    for _ in range(200):
        deck = [r for r in range(1, 14) for _ in range(4)]
        rng.shuffle(deck)
        sample.append((deck[:4], deck[4:8]))
    t = time.perf_counter()
    for pone, dealer in sample:
        reference.all_plays(pone, dealer, False)
    per_pair = (time.perf_counter() - t) / len(sample)
    rows.append(("peg extremes, six-card: every play of 3,274,375 hand pairs", t_peg6,
                 "naive reference, 200 random pairs extrapolated", per_pair * 3_274_375))
    rows.append(("peg extremes, five-card: every play of 206,700 hand pairs", t_peg5,
                 "the six-card search", t_peg6))
    playvalue.compute_rows("greedy", 0, 2)
    t_greedy = best_of(lambda: playvalue.compute_table("greedy"), 1)
    rows.append(("play table, greedy: 3,274,375 pairs of hands (target <= 10 s)", t_greedy,
                 "peg extremes, every legal play", t_peg6))
    t_minimax = best_of(lambda: playvalue.compute_table("minimax"), 1)
    rows.append(("play table, minimax: 3,274,375 pairs of hands (target <= 120 s)", t_minimax,
                 "peg extremes, every legal play", t_peg6))
    g = eq.game()
    rnd = eq.random_crib_start(g)
    t_closed = best_of(lambda: eq.random_cribs(g), 3)
    t_pass = best_of(lambda: g.crib(rnd), 1)
    rows.append(("Hessel's start: the cribs against the random strategy, closed form", t_closed,
                 "the kernel's pass over every opponent hand", t_pass))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--quick", action="store_true", help="skip the deal odds and the cold-cache run")
    ap.add_argument("--startup", action="store_true", help="only the start-up rows (#18 item 4)")
    ap.add_argument("--board", action="store_true", help="only the discard --score rows (#22)")
    ap.add_argument("--games", action="store_true", help="only the whole-game rows: the referee's and the kernel's (#31)")
    ap.add_argument("--engine", action="store_true", help="only the engine player's rows: its decisions, its games (#31)")
    ap.add_argument("--advise", action="store_true", help="only the play advisor's rows")
    ap.add_argument("--searches", action="store_true",
                    help="only the exhaustive searches' rows: the play's extremes and tables, Hessel's start (#34)")
    ap.add_argument("--against", metavar="REV", help="with --advise: each call against git revision REV's code")
    ap.add_argument("--record", nargs="?", const=RECORD, metavar="FILE",
                    help="also write the tables as JSON for the manual's performance page (default docs/bench.json)")
    args = ap.parse_args()
    load = os.getloadavg()[0]
    run(args)
    if args.record:
        argv = [a for a in sys.argv[1:] if a not in ("--record", args.record)]
        write_record(args.record, argv, load)
        if load > (os.cpu_count() or 1):
            print(f"note: the load average was {load:.1f} when the run started: the seconds are a loaded machine's")


def run(args) -> None:
    """The tables the options ask for, printed (and kept for --record)."""
    if args.games:
        print_referee(bench_referee.referee_rows())
        return print_match(bench_match.match_rows())
    if args.engine:
        return print_engine(bench_match.engine_rows())
    if args.advise:
        if args.against:
            same_answers_against(args.against)
        print_rows(advise_rows() + engine_rows() + (advise_against_rows(args.against) if args.against else []))
        return
    if args.searches:
        print_rows(search_rows())
        return
    if args.board:
        print_board()
        return
    if args.startup:
        print_startup()
        return
    rows = []

    kernels.warmup()
    histograms(4, "brute")
    total4 = comb(52, 4) * 48

    # 1. brute force, both 4-card tables, warm
    t_brute = best_of(lambda: histograms(4, "brute"), 10)
    per_show = naive_per_show()
    rows.append(("enumerate brute: hand+crib tables (2 x 12,994,800), warm", t_brute,
                 "naive reference, 20k sample extrapolated", per_show * 2 * total4))
    hands4 = hands(4)
    cards = np.concatenate([np.repeat(hands4[:20000], 1, axis=0), np.full((20000, 1), 51)], axis=1)
    cards = cards[(cards[:, :4] != 51).all(axis=1)]
    show.score_batch(cards, False)
    t_generic = best_of(lambda: show.score_batch(cards, False), 3) / len(cards) * total4 * 2
    rows.append(("", t_brute, "generic subset scorer kernel, extrapolated", t_generic))

    # 2. rank method, all tables
    t_ranks = best_of(lambda: (histograms(4, "ranks"), histograms(3, "ranks")), 20)
    t_brute_all = best_of(lambda: (histograms(4, "brute"), histograms(3, "brute")), 5)
    rows.append(("enumerate ranks: all three tables, warm", t_ranks, "brute force, all three tables", t_brute_all))

    # 3. first call with an empty cache (compile), in a fresh process
    if not args.quick:
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, NUMBA_CACHE_DIR=cache)
            code = ("import time; from crib_stats.show.enumeration import histograms; t=time.perf_counter(); "
                    "histograms(4, 'brute'); print(time.perf_counter()-t)")
            out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
            t_cold = float(out.stdout.strip())
        rows.append(("enumerate brute, first call, empty numba cache", t_cold, "the same call warm", t_brute))

    # 4. the deal-level odds (computed afresh: the kernels, not the on-disk table cache)
    if not args.quick:
        from crib_stats.kernels import deals as kdeals

        maskmap, revkey = kdeals.suit_permutation_tables()
        all_ranks = np.arange(13, dtype=np.int64)
        t_classes = best_of(lambda: kdeals.suit_classes(all_ranks, 6, maskmap, revkey), 2)
        classes, weights = kdeals.suit_classes(all_ranks, 6, maskmap, revkey)
        t5 = tables.rank_table(5)
        index, krows, with_card = kdeals.best_keep_rank_rows(t5, 6, 4)
        t_deal = best_of(lambda: kdeals.best_keep_hist(t5, all_ranks, classes, weights, 4, index, krows, with_card), 2)
        rows.append(("suit classes: 962,988 classes of the 20,358,520 six-card deals", t_classes,
                     "the deal odds over those classes", t_deal))
        t_deal += t_classes
        t_ref = best_of(lambda: reference.best_keep_hist((3, 4, 5, 10), 6, 4), 1)
        per = t_ref / (comb(16, 6) * 10)
        rows.append(("deal odds: best keep over 936,491,920 six-card deals", t_deal,
                     "naive reference on a 16-card deck, extrapolated", per * comb(52, 6) * 46))

    # 5. whole processes, warm cache, against the bare imports they cannot avoid
    base_name = "python -c 'import numpy, numba'"
    base_proc = process([sys.executable, "-c", "import numpy, numba"])
    procs = [
        ("crib-stats --help", [CLI, "--help"], "instant"),
        ("crib-stats score 5h 5c 5s jd --starter 5d", [CLI, "score", "5h", "5c", "5s", "jd", "--starter", "5d"], "<= 0.4 s"),
        ("crib-stats peg 4 2 3 5 6", [CLI, "peg", "4", "2", "3", "5", "6"], "<= 0.4 s"),
        ("crib-stats discard 5h 6h 7c jd qs kd --dealer", [CLI, "discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer"],
         "<= 0.5 s"),
        ("crib-stats enumerate", [CLI, "enumerate"], "<= 1.0 s"),
    ]
    for name, argv, target in procs:
        rows.append((f"{name} (process, warm; target {target})", process(argv, repeat=3), base_name, base_proc))

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

    # 7. the play: exhaustive extremes over every pair of hands (and 9's play tables, with them)
    if not args.quick:
        rows += search_rows()

    # 8. the sweep over every deal, and the same work on a Dask LocalCluster
    from crib_stats.discard import sweep

    b = sweep.benchmark("six-card", sample=100)
    rows.append(("sweep: every six-card deal, three objectives, in-process", b["sweep_seconds"],
                 "per-deal discard kernel, 100 deals extrapolated", b["per_deal_extrapolated_seconds"]))
    if not args.quick:
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
    t_disc_peg = process([CLI, "discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--pegging", "greedy"])
    rows.append(("crib-stats discard ... --pegging greedy (process, warm; target <= 1 s)", t_disc_peg,
                 base_name, base_proc))
    rows += advise_rows() + engine_rows()
    hand = ADVISE_HAND
    t_adv = process([CLI, "advise", *hand[0].split(), "--throw", *hand[1].split(), "--starter", hand[2], "--pone"])
    rows.append(("crib-stats advise ... --pone at the lead (process, warm; target <= 2 s)", t_adv, base_name, base_proc))

    print_rows(rows)
    print()
    print_board()
    print()
    print_startup()
    print()
    print_referee(bench_referee.referee_rows())
    print()
    print_match(bench_match.match_rows())
    print()
    print_engine(bench_match.engine_rows())


ADVISE_HAND = ("5h 6h 7c jd qs kd", "qs kd", "4c")
ADVISE_AT = (("pone", "", "the lead, 8,145,060 hands (target <= 2 s)"), ("dealer", "10s", "after one card"),
             ("dealer", "10s 5h 9c", "after three cards"), ("dealer", "10s 5h 9c 6h ah", "after five cards"))


def advise_rows() -> list[tuple[str, float, str, float]]:
    """The play advisor: the per-machine table of every hand's keep against the walk over every
    opponent hand one at a time (the same exact answer), at the lead and later in the play."""
    from crib_stats.game.advise import advise

    rows = []
    for seat, played, what in ADVISE_AT:
        advise(*ADVISE_HAND, seat, played)
        t_table = best_of(lambda: advise(*ADVISE_HAND, seat, played), 3)
        t_cards = best_of(lambda: advise(*ADVISE_HAND, seat, played, walk="cards"), 1 if not played else 3)
        rows.append((f"advise: {what}", t_table, "every opponent hand walked one by one", t_cards))
    return rows


def engine_situations(variant_name: str, deals: int, seed: int, first: int = 0) -> list[dict]:
    """Every decision of both seats with a choice (two ranks or more that fit) in deals
    first..first+deals-1 of ``seed`` of the game model (:func:`crib_stats.kernels.game.deal_cards`; both throw by the
    objective with the sweep's tie rule, :func:`crib_stats.kernels.game.choose_throw`; both play
    greedy), each with a seeded score below the target: what the ``engine`` player asks
    ``advise(..., score=...)``. ``kind``: lead, after one card (one in the count), after a go (the
    other side said go in this count) or mid-count."""
    from crib_stats.core.cards import Card
    from crib_stats.game.board import rules
    from crib_stats.game.model import deal_inputs
    from crib_stats.kernels import game as kg

    v = variant(variant_name)
    inp = deal_inputs(v.name, "objective")
    scratch = [np.zeros(inp["throws"].shape[0], np.int64) for _ in range(5)]
    target = rules(v.name)["target"]
    rng = random.Random(seed)
    out = []
    for k in range(first, first + deals):
        drawn = np.zeros(2 * v.dealt + 1, np.int64)
        kg.deal_cards(seed, k, len(drawn), drawn)
        dealt, thrown = {}, {}
        for seat, lo, role in (("dealer", 0, 1), ("pone", v.dealt, 2)):
            cards = np.sort(drawn[lo:lo + v.dealt])
            q = kg.choose_throw(cards, role, inp["index"], inp["rank_hand"], inp["rank_crib"], inp["throws"],
                                v.others_to_crib, *scratch, inp["rank_throws"])
            dealt[seat] = [int(c) for c in cards]
            thrown[seat] = [int(c) for c in cards[inp["throws"][q]]]
        left = {seat: [c for c in dealt[seat] if c not in thrown[seat]] for seat in dealt}
        play = reference._Play([reference.card(c)[0] for c in left["pone"]],
                               [reference.card(c)[0] for c in left["dealer"]], v.play_stops_at_first_go)
        play.pass_turns()
        played, owners = [], []
        while not play.over:
            seat = "pone" if play.turn == 0 else "dealer"
            fits = {reference.card(c)[0] for c in left[seat]
                    if play.count() + reference.value(reference.card(c)[0]) <= 31}
            if len(fits) >= 2:
                kind = ("lead" if not owners else "after one card" if len(owners) == 1 else
                        "after a go" if owners[-1] == seat else "mid-count")
                out.append(dict(dealt=[str(Card.from_code(c)) for c in dealt[seat]],
                                throw=[str(Card.from_code(c)) for c in thrown[seat]],
                                starter=str(Card.from_code(int(drawn[-1]))), role=seat,
                                played=[str(Card.from_code(c)) for c in played], variant=v.name, kind=kind,
                                score=(rng.randrange(target - 1), rng.randrange(target - 1))))
            r = play.greedy()
            code = next(c for c in left[seat] if reference.card(c)[0] == r)
            left[seat].remove(code)
            played.append(code)
            play.play(r)
            owners = owners + [seat] if play.count_seq else []
    return out


def engine_rows(deals: int = 20, seed: int = 31) -> list[tuple[str, float, str, float]]:
    """#31 item 7: ``advise(..., score=...)`` warm in-process over the decisions of
    :func:`engine_situations` (``deals`` deals of each variant), the per-machine table's walk
    against the walk over every opponent hand one at a time (the same answers, asserted): the
    median and 90th percentile over every decision, the median per kind (a decision after a go
    is rare, 1 in 70: those of the next 200 six-card deals join that row), and the same
    without a score."""
    from statistics import median

    from crib_stats.game.advise import advise

    def args(x):
        return (x["dealt"], x["throw"], x["starter"], x["role"], x["played"])

    sits = engine_situations("six-card", deals, seed) + engine_situations("five-card", deals, seed)
    after_go = [x for x in engine_situations("six-card", 200, seed, first=deals) if x["kind"] == "after a go"]
    times = {"table": [], "cards": [], "plain": []}
    for x in sits + after_go:
        kw = dict(score=x["score"], variant=x["variant"])
        a = advise(*args(x), **kw)
        times["table"].append(best_of(lambda: advise(*args(x), **kw), 3))
        t = time.perf_counter()
        b = advise(*args(x), walk="cards", **kw)
        times["cards"].append(time.perf_counter() - t)
        assert [(p.card, p.ev, p.p_win) for p in a.plays] == [(p.card, p.ev, p.p_win) for p in b.plays], x
        advise(*args(x), variant=x["variant"])
        times["plain"].append(best_of(lambda: advise(*args(x), variant=x["variant"]), 3))

    def p90(v):
        return sorted(v)[int(0.9 * (len(v) - 1))]

    n = len(sits)
    main = {k: v[:n] for k, v in times.items()}
    rows = [(f"engine: advise --score, median of {n} decisions (target <= 50 ms)", median(main["table"]),
             "every opponent hand walked one by one", median(main["cards"])),
            (f"engine: advise --score, 90th percentile of {n}", p90(main["table"]),
             "every opponent hand walked one by one", p90(main["cards"]))]
    for kind in ("lead", "after one card", "mid-count", "after a go"):
        at = [i for i, x in enumerate(sits + after_go) if x["kind"] == kind]
        rows.append((f"engine: advise --score, median of {len(at)} {kind}s", median(times["table"][i] for i in at),
                     "every opponent hand walked one by one", median(times["cards"][i] for i in at)))
    rows.append((f"engine: advise without a score, median of {n}", median(main["plain"]),
                 "advise --score, median", median(main["table"])))
    return rows


def package_at(rev: str, folder: str, name: str = "crib_then") -> str:
    """The package as of git revision ``rev``, unpacked under ``folder`` as ``name`` (every
    ``crib_stats`` in its Python sources renamed), so both versions load in one process."""
    import io
    import tarfile

    blob = subprocess.run(["git", "-C", ROOT, "archive", rev, "crib_stats"], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(blob)) as tar:
        tar.extractall(folder, filter="data")
    os.rename(os.path.join(folder, "crib_stats"), os.path.join(folder, name))
    for here, _, files in os.walk(os.path.join(folder, name)):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(here, f)
                with open(path) as fh:
                    text = fh.read()
                with open(path, "w") as fh:
                    fh.write(text.replace("crib_stats", name))
    return name


def advise_at(rev: str, folder: str):
    """``advise`` of revision ``rev``'s code, unpacked under ``folder`` (:func:`package_at`)."""
    import importlib

    name = package_at(rev, folder)
    sys.path.insert(0, folder)
    try:
        return importlib.import_module(f"{name}.game.advise").advise
    finally:
        sys.path.remove(folder)


def advise_against_rows(rev: str, rounds: int = 7) -> list[tuple[str, float, str, float]]:
    """Each call of :func:`advise_rows` (both walks) in this tree against the same call in
    revision ``rev``'s code, loaded beside it in this process and timed in turn, round after
    round, each keeping its best: ratio = then / now (above 1: faster now). Same answers asserted."""
    from crib_stats.game.advise import advise

    with tempfile.TemporaryDirectory() as tmp:
        then = advise_at(rev, tmp)
        rows = []
        for seat, played, what in ADVISE_AT:
            for walk in ("auto", "cards") if played else ("auto",):
                def now_call():
                    return advise(*ADVISE_HAND, seat, played, walk=walk)

                def then_call():
                    return then(*ADVISE_HAND, seat, played, walk=walk)

                a, b = now_call(), then_call()
                assert [(p.card, p.ev) for p in a.plays] == [(p.card, p.ev) for p in b.plays], what
                best = {now_call: float("inf"), then_call: float("inf")}
                for _ in range(rounds):
                    for fn in best:
                        t = time.perf_counter()
                        fn()
                        best[fn] = min(best[fn], time.perf_counter() - t)
                label = "table" if walk == "auto" else "every hand walked"
                rows.append((f"advise, {label}: {what.split(' (')[0]}", best[now_call], f"the same at {rev}",
                             best[then_call]))
    return rows


def same_answers_against(rev: str, deals: int = 4, seed: int = 34) -> None:
    """Every decision of :func:`engine_situations` (``deals`` deals of each variant) answered by
    this tree and by revision ``rev``'s code in this process: the same answer, field for field
    (every card's ev, P(win), bound and skunk figures, the consistent hands), for both discard
    policies where the variant has them, with the situation's score and without; an error must
    be the same error. Prints how many were compared."""
    from crib_stats.game.advise import advise

    def answer(fn, x, **kw):
        try:
            a = fn(x["dealt"], x["throw"], x["starter"], x["role"], x["played"], variant=x["variant"], **kw)
        except Exception as e:  # both trees' AdviseError: compared by class name and text
            return type(e).__name__, str(e)
        return (a.plays, a.greedy, a.count, a.hands_consistent, a.hands_total, a.best_for_points, a.score)

    with tempfile.TemporaryDirectory() as tmp:
        then = advise_at(rev, tmp)
        n = errors = 0
        sits = engine_situations("six-card", deals, seed) + engine_situations("five-card", deals, seed)
        for x in sits:
            policies = ("objective", "equilibrium") if x["variant"] == "six-card" else ("objective",)
            for pol in policies:
                for score in (x["score"], None):
                    a = answer(advise, x, discard_policy=pol, score=score)
                    b = answer(then, x, discard_policy=pol, score=score)
                    if isinstance(a[0], str):
                        assert a[0] == "AdviseError" and a == b, (x, pol, score, a, b)
                        errors += 1
                    else:  # CardAdvice of two packages: compare their fields
                        assert [vars(p) for p in a[0]] == [vars(p) for p in b[0]] and a[1:] == b[1:], (x, pol, score)
                    n += 1
    print(f"the same answers as {rev}: {n} calls ({len(sits)} decisions, {errors} of the calls refused by both)")


def floor_process(tmp: str, env: dict) -> tuple[str, dict]:
    """The floor's script written into ``tmp`` and its environment (its own kernel cache)."""
    script = os.path.join(tmp, "floor.py")
    with open(script, "w") as fh:
        fh.write(_FLOOR_SCRIPT)
    return script, dict(env, NUMBA_CACHE_DIR=os.path.join(tmp, "cache"))


def board_rows(cli: str, rounds: int = 5) -> list[tuple[str, float, str, float]]:
    """#22: the warm whole process of ``discard --score`` (target <= 1 s) at an endgame and at
    the start of a game, against numba's floor (a process calling one trivial cached kernel,
    the least any process running a kernel costs) and plain ``discard`` (which runs none), in
    the same rounds."""
    deal = ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone"]
    with tempfile.TemporaryDirectory() as tmp:
        script, floor_env = floor_process(tmp, dict(os.environ))
        runs = {"plain": ([cli, *deal], None), "end": ([cli, *deal, "--score", "110", "112"], None),
                "start": ([cli, *deal, "--score", "0", "0"], None), "floor": ([sys.executable, script], floor_env)}
        best = in_rounds(runs, rounds)  # the untimed first round loads the kernels, fills the disk caches
    plain = "crib-stats discard 5h 6h 7c jd qs kd --pone"
    floor = "numba's floor (one trivial cached kernel)"
    return [(f"{plain} --score 110 112 (target <= 1 s)", best["end"], floor, best["floor"]),
            (f"{plain} --score 0 0", best["start"], floor, best["floor"]),
            (plain, best["plain"], floor, best["floor"])]


def print_rows(rows: list[tuple[str, float, str, float]]) -> None:
    record("timings, warm unless said (seconds)", rows)
    print(f"{'timed':<76} {'seconds':>9}  {'baseline':<48} {'seconds':>9} {'ratio':>8}")
    for name, t, bname, bt in rows:
        print(f"{name:<76} {t:>9.4f}  {bname:<48} {bt:>9.4f} {bt / t:>7.2f}x")


def print_referee(rows) -> None:
    record("whole games, in-process (seconds a game)", rows)
    bench_referee.print_rows(rows)


def print_match(rows) -> None:
    record("greedy vs greedy whole games (seconds a game)", rows)
    bench_match.print_rows(rows)


def print_engine(rows) -> None:
    record("the engine, warm, in-process (seconds)", rows)
    bench_match.print_engine(rows)


def print_board() -> None:
    print(f"{'discard for the board: whole warm process':<76} {'seconds':>9}  {'baseline':<48} {'seconds':>9} "
          f"{'times':>8}")
    rows = board_rows(CLI)
    record("discard for the board: whole warm process (seconds)", rows, "times")
    for name, t, bname, bt in rows:
        print(f"{name:<76} {t:>9.4f}  {bname:<48} {bt:>9.4f} {t / bt:>7.2f}x")


def print_startup() -> None:
    print(f"{'start-up: whole warm process':<76} {'seconds':>9}  {'baseline':<48} {'seconds':>9} {'times':>8}")
    rows = startup_rows(CLI)
    record("start-up: whole warm process (seconds)", rows, "times")
    for name, t, bname, bt in rows:
        print(f"{name:<76} {t:>9.4f}  {bname:<48} {bt:>9.4f} {t / bt:>7.2f}x")


if __name__ == "__main__":
    main()
