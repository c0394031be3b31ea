"""The whole suite (tests/, the doctests in crib_stats/, the notebooks) writes nothing outside
a temporary folder: the user's cache (``XDG_CACHE_HOME``: the sweep and solver shards, the
disk-cached tables), the user's data (``XDG_DATA_HOME``: the page's games) and numba's compiled
kernels (``NUMBA_CACHE_DIR``) all point there, set before anything imports crib_stats, so subprocesses inherit them too. A caller who sets
``NUMBA_CACHE_DIR`` (``make test-fast`` keeps one under .venv/) keeps their compiled kernels.

In several workers (pytest-xdist, ``make test``: ``-n 2``) the controller makes the one
temporary folder and removes it at the end; its workers inherit it: they share the compiled
kernels (and the tables :func:`crib_stats.runtime.disk.disk_cached` keeps beside them), each
keeping its own user cache (``cache-gw0``, ...), so a test sees only the jobs' shards its own
process wrote, as in one process (tests that share a costly fixture or an in-process memo are
kept in one worker: ``tests/conftest.py``). With ``--warm-kernels`` the controller compiles every kernel into that cache first, in
as many processes as workers, so no worker compiles (or waits for LLVM inside a test)."""

import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

_WORKER = os.environ.get("PYTEST_XDIST_WORKER")  # set by xdist in a worker before this is imported
_INHERITED = os.environ.get("CRIB_STATS_TEST_TMP") if _WORKER else None
_TMP = _INHERITED or tempfile.mkdtemp(prefix="crib-stats-tests-")
os.environ["CRIB_STATS_TEST_TMP"] = _TMP
os.environ["XDG_CACHE_HOME"] = os.path.join(_TMP, f"cache-{_WORKER}" if _WORKER else "cache")
os.environ["XDG_DATA_HOME"] = os.path.join(_TMP, f"data-{_WORKER}" if _WORKER else "data")  # the page's games
if "NUMBA_CACHE_DIR" not in os.environ:  # the suite's own cache, removed at the end
    os.environ["NUMBA_CACHE_DIR"] = os.path.join(_TMP, "numba")
    # and compiled at LLVM's -O1, not numba's default -O3: the same code and the same answers (no
    # fast-math anywhere, so no floating-point rewrite depends on the level), about 30% less LLVM time
    # on the biggest modules (game, keeps, board3: 62 s against 88 s in one process); what it costs the
    # tests that run kernels hard is less than that (measured on two cores: warm-up and tests 600 s
    # against 643 s, the same clone one after the other). Timings live in scripts/bench.py, at the
    # default level; a caller's own NUMBA_CACHE_DIR (make test-fast) keeps the default level too, so
    # an -O1 kernel never lands in a cache that outlives the run.
    os.environ.setdefault("NUMBA_OPT", "1")
os.environ.setdefault("MPLBACKEND", "Agg")
# the parallel kernels run on OpenMP threads (numba's "omp" layer), which spin on a core after each
# parallel region; with two workers on two cores that spinning takes the other worker's core: sleeping
# instead ran two concurrent copies of the pair-table test in 85-87 s each against 100-101 s
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

_KERNELS = Path(__file__).resolve().parent / "crib_stats" / "kernels"
_warmed: list[str] = []
_times: dict[str, float] = {}  # the warm-up's seconds, and when the tests began (the summary prints both)


def pytest_addoption(parser):
    parser.addoption("--warm-kernels", action="store_true",
                     help="crib-stats: compile every kernel into the suite's numba cache before the tests "
                          "(with -n N, in N processes at once, before the workers start)")


def pytest_configure(config):
    if _WORKER:
        _one_numba_thread_per_worker()
    if os.environ.get("CRIB_STATS_COMPILES") and (_WORKER or not config.getoption("numprocesses", None)):
        _log_compiles(os.environ["CRIB_STATS_COMPILES"])
    if _WORKER or not config.getoption("warm_kernels"):
        return
    n = config.getoption("numprocesses", None)  # xdist's -n (already a number: it resolves "auto")
    if n == "auto":
        n = os.cpu_count()
    n = max(1, int(n or 1))
    t0 = time.monotonic()
    failed = warm_kernels(n)
    _times["warm-up"] = time.monotonic() - t0
    if not failed:  # inherited by the workers: a test that needs every kernel compiled need not load them all
        os.environ["CRIB_STATS_TEST_WARM"] = os.environ["NUMBA_CACHE_DIR"]
    _warmed.append(f"kernels warmed in {time.monotonic() - t0:.0f} s by {n} process(es), into "
                   f"{os.environ['NUMBA_CACHE_DIR']}" + (f"; warming failed in {', '.join(failed)} "
                                                         "(the tests of those kernels will say why)" if failed else ""))


def _one_numba_thread_per_worker():
    """In several workers the parallel kernels of the tests run on one thread each: the workers
    already keep the cores busy, and a thread team waking for every short parallel call waits for
    a core the other worker holds (a sixth of the time of the advisor's, the game's and the
    points player's tests, 121 s against 143). Only this process's own calls: the commands, the
    notebooks and the Dask workers a test starts keep numba's threads, and tests/kernels/test_threads.py
    holds every parallel kernel to the same figures on two threads as on one."""
    if int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) < 2:
        return
    import numba

    numba.set_num_threads(1)


_running = [""]  # the test running in this process, for the compile log


def _log_compiles(path: str) -> None:
    """``CRIB_STATS_COMPILES=FILE``: every numba compile in a test process (a kernel not in the
    cache: one the warm-up did not compile, or a signature it did not) appended to FILE as
    "seconds, kernel, signature, test", one a line, so a kernel compiled inside the tests is
    found by name (the warm-up's own compiles run in other processes and are not listed)."""
    from numba.core import event

    class Listener(event.Listener):
        def on_start(self, ev):
            self.t0 = time.monotonic()

        def on_end(self, ev):
            d = ev.data or {}
            name = getattr(d.get("dispatcher"), "__qualname__", None) or str(d.get("dispatcher"))
            mod = getattr(getattr(d.get("dispatcher"), "py_func", None), "__module__", "")
            with open(path, "a", encoding="utf-8") as fh:
                fh.write(f"{time.monotonic() - self.t0:.2f}\t{mod}.{name}\t{d.get('args')}\t{_running[0]}\n")

    event.register("numba:compile", Listener())


def pytest_runtest_logstart(nodeid, location):
    _running[0] = nodeid


def pytest_report_header(config):
    return _warmed


def pytest_sessionstart(session):
    _times["start"] = time.monotonic()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """The run's two parts on one line (make test prints it last): the kernels' warm-up, then the
    tests themselves, so a slow run says which part was slow."""
    if _WORKER or "start" not in _times:
        return
    tests = time.monotonic() - _times["start"]
    warm = _times.get("warm-up")
    terminalreporter.write_line(("" if warm is None else f"crib-stats: the kernels' warm-up took {warm:.0f} s; ")
                                + f"the tests took {tests:.0f} s")


_WARMER = """import importlib, sys
for line in sys.stdin:
    try:
        importlib.import_module("crib_stats.kernels." + line.strip()).warmup()
        print("ok", flush=True)
    except Exception:
        print("failed", flush=True)
"""


def warm_kernels(processes: int) -> list[str]:
    """Run each kernel module's ``warmup()`` (every ``crib_stats/kernels/*.py`` defining one) in
    ``processes`` processes at once, each taking the next module when it is done with one, the
    largest source first (a fair guess at the longest compile), so every core compiles until the
    end. Returns the modules whose warmup failed (their tests then fail with the reason)."""
    paths = sorted((p for p in _KERNELS.glob("*.py") if p.name != "__init__.py"
                    and "\ndef warmup(" in p.read_text(encoding="utf-8")), key=lambda p: -p.stat().st_size)
    queue = [p.stem for p in paths]
    failed: list[str] = []
    lock = threading.Lock()

    def run():
        with subprocess.Popen([sys.executable, "-c", _WARMER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True) as proc:
            while True:
                with lock:
                    if not queue:
                        break
                    name = queue.pop(0)
                try:
                    proc.stdin.write(name + "\n")
                    proc.stdin.flush()
                    ok = proc.stdout.readline() == "ok\n"
                except OSError:  # it died (a crash in LLVM): the other process goes on
                    ok = False
                if not ok:
                    with lock:
                        failed.append(name)
                    if proc.poll() is not None:
                        break

    threads = [threading.Thread(target=run) for _ in range(max(1, processes))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(failed)


def pytest_unconfigure(config):
    if not _INHERITED:  # the controller (or the only process) made it: it removes it
        shutil.rmtree(_TMP, ignore_errors=True)
