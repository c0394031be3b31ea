#!/usr/bin/env python
"""Measure what each long command's first run builds, for the progress bar a first run draws on
a terminal (:func:`crib_stats.presentation.console.first_run_note`): every kernel numba compiles
(its own seconds, the kernels it compiles inside excluded) and every table computed once per
machine (:func:`crib_stats.runtime.disk.disk_cached`: its own seconds, the compiles inside it
excluded), each command run alone with empty caches.
Writes crib_stats/data/first_runs.json; only the ratios of the seconds matter (the bar's time
left scales them by the machine's own rate as it goes).

Usage: python scripts/first_run_plan.py [LABEL ...]   (default: every command of PLANS)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "crib_stats" / "data" / "first_runs.json"
DEAL = ["5h", "6h", "7c", "jd", "qs", "kd"]
PLANS = {  # the label a command's runner passes to first_run_note -> a command line that runs it
    "discard --score": ["discard", *DEAL, "--dealer", "--score", "0", "115"],
    "advise": ["advise", *DEAL, "--throw", "qs", "kd", "--starter", "4c", "--pone"],
    "advise --score": ["advise", *DEAL, "--throw", "qs", "kd", "--starter", "4c", "--pone", "--score", "0", "0"],
    "game --board-play": ["game", "--board-play", "20", "--seed", "5"],
    "game --deals": ["game", "--deals", "400", "--seed", "1"],
}
RECORD = """
import json, sys, time
from numba.core import event
from crib_stats.runtime import disk as cache
from crib_stats.presentation.cli import main

kernels, tables, stack, began, compiling = {}, {}, [], {}, [0.0]


class Record(event.Listener):
    def on_start(self, ev):
        f = ev.data["dispatcher"].py_func
        stack.append([f"{f.__module__}.{f.__qualname__}", time.perf_counter(), 0.0])

    def on_end(self, ev):
        name, t0, inner = stack.pop()
        took = time.perf_counter() - t0
        if name.startswith("crib_stats.kernels.") and getattr(ev, "_exc_details", None) is None:
            kernels[name] = kernels.get(name, 0.0) + took - inner
            if stack:
                stack[-1][2] += took  # not the caller's own time
        if not stack:
            compiling[0] += took  # compiles inside a table's computation are not the table's time


def table(name, built):
    if built:
        t0, compiled = began.pop(name)
        tables[name] = round(time.perf_counter() - t0 - (compiling[0] - compiled), 3)
    else:
        began[name] = (time.perf_counter(), compiling[0])


event.register("numba:compile", Record())
cache.BUILDING.append(table)
t0 = time.perf_counter()
code = main(sys.argv[1:])
print(json.dumps({"code": code, "seconds": round(time.perf_counter() - t0, 1),
                  "kernels": {k: round(v, 3) for k, v in sorted(kernels.items())}, "tables": tables}),
      file=sys.stderr)
"""


def measure(argv: list[str]) -> dict:
    with tempfile.TemporaryDirectory(prefix="crib-stats-first-run-") as tmp:
        env = dict(os.environ, NUMBA_CACHE_DIR=f"{tmp}/numba", XDG_CACHE_HOME=f"{tmp}/cache")
        proc = subprocess.run([sys.executable, "-c", RECORD, *argv], capture_output=True, text=True, env=env,
                              cwd=ROOT, check=False)
    got = json.loads(proc.stderr.strip().splitlines()[-1])
    assert got.pop("code") == 0, proc.stderr
    return {"argv": ["crib-stats", *argv], **got}


def main(labels: list[str]) -> None:
    doc = json.loads(OUT.read_text()) if OUT.exists() else {}
    runs = doc.get("runs", {})
    for label in labels or list(PLANS):
        runs[label] = measure(PLANS[label])
        print(f"{label}: {runs[label]['seconds']} s, {len(runs[label]['kernels'])} kernels, "
              f"{len(runs[label]['tables'])} tables", flush=True)
    doc = {"about": "what each long command's first run builds (numba's kernels, the tables computed once per "
                    "machine) and the seconds each took, measured by scripts/first_run_plan.py with empty caches: "
                    "the first-run progress bar's weights (only their ratios matter)",
           "runs": {k: runs[k] for k in sorted(runs)}}
    OUT.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main(sys.argv[1:])
