"""The timing helpers every section of scripts/bench.py shares: the best of several runs of a
call, and of a whole process."""

from __future__ import annotations

import subprocess
import time


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
