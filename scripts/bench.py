#!/usr/bin/env python
"""Timings as ratios against baselines measured in the same run.

Usage: python scripts/bench.py [--quick] [--startup] [--board] [--games] [--engine] [--searches]
                                [--advise [--against REV]] [--search] [--record [FILE]]

Each row: what was timed (best of several runs), the baseline it is compared with (measured
now, on this machine), and the speed-up. Machines here are noisy: read the ratios, not the
absolute seconds, and never turn these into test assertions.

``--record`` also writes the tables, dated, with the machine, the command and the commit, as JSON
(default docs/bench.json): the manual's performance page is built from that file
(scripts/mkdocs_hooks.py), so its figures are the last recorded run's, never typed. It is slow:
run it by hand (``make bench``), not in ``make test``.

The sections live beside it, each timing one concern: bench_enumerate.py (the tables, the rank
method, the cold compile, the deal odds), bench_processes.py (whole crib-stats processes: the
commands, the start-up, the discard for the board), bench_discard.py (one deal's discard
analysis, the sweep, E[peg]), bench_searches.py (the play's exhaustive searches, Hessel's
start), bench_advise.py (the play advisor, the engine's and the search player's decisions), bench_referee.py and
bench_match.py (whole games); bench_timing.py holds the timing helpers they share. This file is
the driver: its options, the tables printed, and --record.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import bench_advise  # noqa: E402  (the play advisor's rows)
import bench_discard  # noqa: E402  (one deal's discard, the sweep, E[peg])
import bench_enumerate  # noqa: E402  (the tables, the rank method, the cold compile, the deal odds)
import bench_match  # noqa: E402  (the whole-game kernel's games, scripts/bench_match.py)
import bench_processes  # noqa: E402  (whole crib-stats processes)
import bench_referee  # noqa: E402  (the referee's whole games, scripts/bench_referee.py)
import bench_searches  # noqa: E402  (the exhaustive searches)


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip the deal odds and the cold-cache run")
    ap.add_argument("--startup", action="store_true", help="only the start-up rows (#18 item 4)")
    ap.add_argument("--board", action="store_true", help="only the discard --score rows (#22)")
    ap.add_argument("--games", action="store_true", help="only the whole-game rows: the referee's and the kernel's (#31)")
    ap.add_argument("--engine", action="store_true", help="only the engine player's rows: its decisions, its games (#31)")
    ap.add_argument("--advise", action="store_true", help="only the play advisor's rows")
    ap.add_argument("--searches", action="store_true",
                    help="only the exhaustive searches' rows: the play's extremes and tables, Hessel's start (#34)")
    ap.add_argument("--search", action="store_true", help="only the search player's rows (#51)")
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
            bench_advise.same_answers_against(args.against)
        print_rows(bench_advise.advise_rows() + bench_advise.engine_rows()
                   + (bench_advise.advise_against_rows(args.against) if args.against else []))
        return
    if args.searches:
        print_rows(bench_searches.search_rows())
        return
    if args.search:
        print_rows(bench_advise.search_rows())
        return
    if args.board:
        print_board()
        return
    if args.startup:
        print_startup()
        return
    # 1-4. the enumeration: the tables, the rank method, the cold compile, the deal odds
    rows = bench_enumerate.enumerate_rows(args.quick)
    # 5. whole processes, warm cache, against the bare imports they cannot avoid
    proc_rows, base_proc = bench_processes.command_rows(CLI)
    rows += proc_rows
    # 6. one six-card discard analysis
    deal_rows, deal = bench_discard.deal_rows()
    rows += deal_rows
    # 7. the play: exhaustive extremes over every pair of hands (and 9's play tables, with them)
    if not args.quick:
        rows += bench_searches.search_rows()
    # 8. the sweep over every deal, and the same work on a Dask LocalCluster
    rows += bench_discard.sweep_rows(args.quick)
    # 9. the play under a policy: E[peg] of a keep, and the discard command that adds it
    rows += bench_discard.peg_rows(deal) + bench_processes.pegging_rows(CLI, base_proc)
    # 10. three players' throw for the board
    rows += bench_discard.board3_rows()
    # 11. the search player's decisions, P(win) on the board against points
    rows += bench_advise.search_rows()
    rows += bench_advise.advise_rows() + bench_advise.engine_rows()
    rows += bench_processes.advise_process_rows(CLI, base_proc)

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
    rows = bench_processes.board_rows(CLI)
    record("discard for the board: whole warm process (seconds)", rows, "times")
    for name, t, bname, bt in rows:
        print(f"{name:<76} {t:>9.4f}  {bname:<48} {bt:>9.4f} {t / bt:>7.2f}x")


def print_startup() -> None:
    print(f"{'start-up: whole warm process':<76} {'seconds':>9}  {'baseline':<48} {'seconds':>9} {'times':>8}")
    rows = bench_processes.startup_rows(CLI)
    record("start-up: whole warm process (seconds)", rows, "times")
    for name, t, bname, bt in rows:
        print(f"{name:<76} {t:>9.4f}  {bname:<48} {bt:>9.4f} {t / bt:>7.2f}x")


if __name__ == "__main__":
    main()
