#!/usr/bin/env python
"""Time this checkout's commands against an earlier revision's, on this machine, in one run.

Usage: python scripts/bench_against.py REV [--repeat N] [--only NAME ...]

Each row runs one crib-stats command line in a fresh process (kernels warm: every command runs
once untimed for each revision first), alternating between the revision and this checkout so
that a load change on a noisy machine hits both, and keeps the best of N. The revision is
checked out into a temporary git worktree and imported from there with this venv's Python.
Commands that the revision does not have (exit code 2) are reported as such. Read the ratios
(> 1: this checkout is faster), never turn them into test assertions.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

COMMANDS = {
    # the search (since 41a01ce plain --extremes reads the committed one; earlier revisions say exit 2)
    "peg-extremes-six": ["peg", "--extremes", "--recompute", "--variant", "six-card"],
    "peg-extremes-five": ["peg", "--extremes", "--recompute", "--variant", "five-card"],
    "discard": ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer"],
    "enumerate": ["enumerate"],
    "score": ["score", "5h", "5c", "5s", "jd", "--starter", "5d"],
}


def run(tree: str, argv: list[str]) -> tuple[float, int]:
    env = dict(os.environ, PYTHONPATH=tree)
    code = f"import sys; from crib_stats.presentation.cli import main; sys.exit(main({argv!r}))"
    t = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
    return time.perf_counter() - t, proc.returncode


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the earlier revision (a commit, tag or branch)")
    ap.add_argument("--repeat", type=int, default=2, help="timed runs per revision and command (best kept)")
    ap.add_argument("--only", nargs="+", choices=sorted(COMMANDS), help="time only these commands")
    args = ap.parse_args(argv)
    names = args.only or list(COMMANDS)
    with tempfile.TemporaryDirectory(prefix="crib-bench-") as tmp:
        old = os.path.join(tmp, "old")
        subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", "--quiet", old, args.rev], check=True)
        try:
            print(f"{'command':<20} {args.rev[:12]:>12} {'this tree':>12} {'speed-up':>9}")
            for name in names:
                cmd = COMMANDS[name]
                _, code_old = run(old, cmd)  # warm-up (compiles on a cold cache)
                _, code_new = run(ROOT, cmd)
                if code_old != 0 or code_new != 0:
                    print(f"{name:<20} {'exit ' + str(code_old):>12} {'exit ' + str(code_new):>12} {'-':>9}")
                    continue
                best_old = best_new = float("inf")
                for _ in range(args.repeat):
                    best_old = min(best_old, run(old, cmd)[0])
                    best_new = min(best_new, run(ROOT, cmd)[0])
                print(f"{name:<20} {best_old:>11.2f}s {best_new:>11.2f}s {best_old / best_new:>8.2f}x", flush=True)
        finally:
            subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", old], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
