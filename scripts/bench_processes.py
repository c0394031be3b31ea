"""The whole-process rows of scripts/bench.py: crib-stats commands run as a user runs them, warm
(compiled kernels, bytecode), against the imports or the numba floor they cannot avoid:

- section 5 (:func:`command_rows`): ``--help``, ``score``, ``peg``, ``discard``, ``enumerate``,
  and later in its table ``discard --pegging greedy`` (:func:`pegging_rows`) and ``advise`` at the
  lead (:func:`advise_process_rows`), each against ``python -c 'import numpy, numba'``;
- the start-up rows (``--startup``, #18 item 4: :func:`startup_rows`): ``score`` against
  ``import numpy``, ``discard`` against ``import numpy, numba``, and numba's floor (one trivial
  cached kernel called) against the same;
- the discard for the board (``--board``, #22: :func:`board_rows`): ``discard --score`` at an
  endgame and at the start of a game, and plain ``discard``, against numba's floor.

The start-up and board rows run their commands in turn, round after round, each keeping its
best. Run by ``scripts/bench.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

from bench_advise import ADVISE_HAND
from bench_timing import process

BASE_NAME = "python -c 'import numpy, numba'"


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


def floor_process(tmp: str, env: dict) -> tuple[str, dict]:
    """The floor's script written into ``tmp`` and its environment (its own kernel cache)."""
    script = os.path.join(tmp, "floor.py")
    with open(script, "w") as fh:
        fh.write(_FLOOR_SCRIPT)
    return script, dict(env, NUMBA_CACHE_DIR=os.path.join(tmp, "cache"))


FOUR = ["discard", "5h", "6h", "7c", "jd", "qs", "--variant", "four-player", "--seat", "partner"]


def board_rows(cli: str, rounds: int = 5) -> list[tuple[str, float, str, float]]:
    """#22: the warm whole process of ``discard --score`` (target <= 1 s) at an endgame and at
    the start of a game, against numba's floor (a process calling one trivial cached kernel,
    the least any process running a kernel costs) and plain ``discard`` (which runs none), in
    the same rounds."""
    deal = ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone"]
    with tempfile.TemporaryDirectory() as tmp:
        script, floor_env = floor_process(tmp, dict(os.environ))
        runs = {"plain": ([cli, *deal], None), "end": ([cli, *deal, "--score", "110", "112"], None),
                "start": ([cli, *deal, "--score", "0", "0"], None),
                "four": ([cli, *FOUR, "--score", "110", "104"], None),
                "floor": ([sys.executable, script], floor_env)}
        best = in_rounds(runs, rounds)  # the untimed first round loads the kernels, fills the disk caches
    plain = "crib-stats discard 5h 6h 7c jd qs kd --pone"
    floor = "numba's floor (one trivial cached kernel)"
    return [(f"{plain} --score 110 112 (target <= 1 s)", best["end"], floor, best["floor"]),
            (f"{plain} --score 0 0", best["start"], floor, best["floor"]),
            (f"crib-stats {' '.join(FOUR[:6])} ... --score 110 104", best["four"], floor, best["floor"]),
            (plain, best["plain"], floor, best["floor"])]


def command_rows(cli: str) -> tuple[list[tuple[str, float, str, float]], float]:
    """Section 5: its rows, and the seconds of its baseline (which :func:`pegging_rows` and
    :func:`advise_process_rows` share)."""
    rows = []

    # 5. whole processes, warm cache, against the bare imports they cannot avoid
    base_proc = process([sys.executable, "-c", "import numpy, numba"])
    procs = [
        ("crib-stats --help", [cli, "--help"], "instant"),
        ("crib-stats score 5h 5c 5s jd --starter 5d", [cli, "score", "5h", "5c", "5s", "jd", "--starter", "5d"], "<= 0.4 s"),
        ("crib-stats peg 4 2 3 5 6", [cli, "peg", "4", "2", "3", "5", "6"], "<= 0.4 s"),
        ("crib-stats discard 5h 6h 7c jd qs kd --dealer", [cli, "discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer"],
         "<= 0.5 s"),
        ("crib-stats enumerate", [cli, "enumerate"], "<= 1.0 s"),
    ]
    for name, argv, target in procs:
        rows.append((f"{name} (process, warm; target {target})", process(argv, repeat=3), BASE_NAME, base_proc))
    return rows, base_proc


def pegging_rows(cli: str, base_proc: float) -> list[tuple[str, float, str, float]]:
    """``discard --pegging greedy`` (section 9's process) against section 5's baseline."""
    rows = []
    t_disc_peg = process([cli, "discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--pegging", "greedy"])
    rows.append(("crib-stats discard ... --pegging greedy (process, warm; target <= 1 s)", t_disc_peg,
                 BASE_NAME, base_proc))
    return rows


def advise_process_rows(cli: str, base_proc: float) -> list[tuple[str, float, str, float]]:
    """``advise`` at the lead (bench_advise.py's hand) against section 5's baseline."""
    rows = []
    hand = ADVISE_HAND
    t_adv = process([cli, "advise", *hand[0].split(), "--throw", *hand[1].split(), "--starter", hand[2], "--pone"])
    rows.append(("crib-stats advise ... --pone at the lead (process, warm; target <= 2 s)", t_adv, BASE_NAME, base_proc))
    return rows
