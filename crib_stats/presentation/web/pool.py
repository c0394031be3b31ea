"""The bounded pool that computes the API's heavy answers off the event loop.

A heavy answer (a throw ranked for the board, ``score_throws``, about 0.3 s warm; an advice,
up to 10 s at the lead with a score) must not stall the server: while one is computed, a score
or a plain discard from another client still answers in milliseconds. So the event loop hands
each heavy call to this pool and goes on serving:

- at most ``workers`` heavy calls run at a time and ``waiting`` more wait their turn, in the
  order they came; one more is refused at once (:class:`Busy`, HTTP 429 with ``Retry-After``),
  not queued without end: a user would rather hear "busy, try again" than wait minutes;
- an answer already computed is answered again from memory (the answers depend only on their
  parameters: the samples have their seed), and a request equal to one being computed waits for
  that one instead of computing it twice;
- a call over ``timeout`` seconds is stopped (:class:`Failed`, HTTP 503).

Two kinds, the same bounds. ``process`` (the default): each worker is a process of its own
(a fresh interpreter, not a fork: numba's threads and a forked child do not mix), started at a
lower CPU priority (nice 10) and warmed (its kernels loaded and its tables read) before its first call;
it shares nothing with the server, so the server's own requests keep their core, a stuck or
crashed call is ended by killing its process, and numba's threading layer never sees two
callers. ``thread``: the calls run on threads of the server's process (numba's threading layer
must then be thread-safe: ``omp`` or ``tbb``, not ``workqueue``). ``scripts/bench_web.py
--heavy thread|process`` measures both under the same load; the manual (docs/web.md) gives the figures.

A job is a module-level function marked with :func:`job` returning the answer's JSON text; a
:class:`~crib_stats.core.errors.CribStatsError` it raises comes back as the same error (one
line), anything else as :class:`Failed`.
"""

from __future__ import annotations

import asyncio
import importlib
import os
import queue
import threading
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor

from crib_stats.core.errors import CribStatsError

NICE = 10  # the workers' CPU priority below the server's (0): the server's quick answers come first
START_TIMEOUT = 900.0  # a first run on a machine compiles the kernels and builds tables: minutes


class Busy(Exception):
    """Every worker is busy and the waiting line is full."""


class Failed(Exception):
    """A heavy call did not finish: over its time or its worker stopped (``status`` 503), or it
    failed on a bug (500)."""

    def __init__(self, message: str, status: int = 503):
        super().__init__(message)
        self.status = status


def job(fn):
    """Mark a module-level function as one the workers may run."""
    fn.heavy_job = True
    return fn


def _resolve(module: str, name: str):
    fn = getattr(importlib.import_module(module), name, None)
    if not getattr(fn, "heavy_job", False):
        raise Failed(f"{module}.{name} is not a heavy job")
    return fn


def _run(fn, kwargs: dict) -> tuple[str, str]:
    """("ok", JSON text), or ("bad", the error's one line) for bad input."""
    from crib_stats.presentation.web.api import one_line

    try:
        return "ok", fn(**kwargs)
    except CribStatsError as exc:
        return "bad", one_line(exc)


def worker_main(fd: int, warm: list) -> None:  # pragma: no cover (runs in a child process)
    """A worker process (``python -c`` with its end of a socket pair): a lower CPU priority, the
    warm-up, then one call after another until the server closes its end."""
    from multiprocessing.connection import Connection

    try:
        os.nice(NICE)
    except OSError:
        pass
    conn = Connection(fd)
    for module, name in warm:
        getattr(importlib.import_module(module), name)()
    conn.send(("ready", ""))
    while True:
        try:
            module, name, kwargs = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer = _run(_resolve(module, name), kwargs)
        except Exception as exc:  # a bug: the server answers 500 with its name
            answer = ("bug", exc.__class__.__name__)
        conn.send(answer)


class _Process:
    """One worker process and the connection to it. The worker is a fresh interpreter started
    with ``python -c`` (not multiprocessing's spawn, which imports the server's ``__main__``
    again) in a session of its own, so that Ctrl-C on the server's terminal reaches the server
    only: the server stops its workers when it stops, and a worker whose server has gone reads
    the end of its connection and exits."""

    def __init__(self, warm):
        import json
        import socket
        import subprocess
        import sys
        from multiprocessing.connection import Connection

        mine, theirs = socket.socketpair()
        code = (f"from crib_stats.presentation.web.pool import worker_main; "
                f"worker_main({theirs.fileno()}, {json.dumps([list(w) for w in warm])})")
        self.proc = subprocess.Popen([sys.executable, "-c", code], pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL,
                                     start_new_session=True)
        theirs.close()
        self.conn = Connection(mine.detach())
        self.ready = False

    def call(self, fn, kwargs: dict, timeout: float) -> tuple[str, str]:
        if not self.ready:
            self._wait(START_TIMEOUT, "did not start")
            self.conn.recv()
            self.ready = True
        self.conn.send((fn.__module__, fn.__name__, kwargs))
        self._wait(timeout, f"took over {timeout:g} s")
        return self.conn.recv()

    def _wait(self, timeout: float, what: str) -> None:
        try:
            if self.conn.poll(timeout):
                return
        except (EOFError, OSError):
            pass
        self.kill()
        raise Failed(f"the computation {what}")

    def started(self) -> bool:
        """True once the worker has warmed up (its "ready" is waiting to be read)."""
        try:
            return self.conn.poll(0)
        except (EOFError, OSError):
            return False

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        if self.alive():
            self.proc.kill()
        self.proc.wait(timeout=10)
        self.conn.close()


class HeavyPool:
    """At most ``workers`` heavy calls at a time, ``waiting`` more in line (see the module
    docstring). ``warm``: (module, function) pairs each worker runs once before its first call."""

    def __init__(self, kind: str = "process", workers: int = 2, waiting: int = 8, timeout: float = 180.0,
                 remember: int = 256, warm: list[tuple[str, str]] = ()):
        if kind not in ("process", "thread"):
            raise ValueError(f"kind is process or thread, not {kind!r}")
        self.kind, self.workers, self.waiting, self.timeout = kind, workers, waiting, timeout
        self.remember = remember
        self.warm = list(warm)
        self.active = 0  # calls running or waiting
        self._answers: OrderedDict = OrderedDict()
        self._inflight: dict = {}
        self._threads: ThreadPoolExecutor | None = None
        self._free: queue.Queue = queue.Queue()
        self._all: list[_Process] = []
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start the workers (they warm up meanwhile); called at start-up, or by the first call."""
        if self._threads is not None:
            return
        self._threads = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="crib-stats heavy")
        if self.kind == "process":
            for _ in range(self.workers):
                self._free.put(self._spawn())
        else:
            import numba

            numba.config.THREADING_LAYER = "threadsafe"
            for module, name in self.warm:
                self._threads.submit(getattr(importlib.import_module(module), name))

    def _spawn(self) -> _Process:
        p = _Process(self.warm)
        with self._lock:
            self._all = [q for q in self._all if q.alive()] + [p]
        return p

    def ready(self) -> bool:
        """True once every worker process has warmed up, or stopped trying (its first call
        replaces it); the thread kind: at once."""
        if self.kind == "thread" or self._threads is None:
            return self._threads is not None
        return all(p.ready or p.started() or not p.alive() for p in list(self._all))

    def _call(self, fn, kwargs: dict) -> tuple[str, str]:  # on one of the pool's threads
        if self.kind == "thread":
            return _run(fn, kwargs)
        worker = self._free.get()
        try:
            return worker.call(fn, kwargs, self.timeout)
        except Failed:
            worker = self._spawn()
            raise
        except (EOFError, OSError):
            worker.kill()
            worker = self._spawn()
            raise Failed("the computation's worker stopped") from None
        finally:
            self._free.put(worker)

    async def run(self, fn, **kwargs) -> str:
        """The JSON text ``fn(**kwargs)`` returns, computed by a worker. Raises :class:`Busy`,
        :class:`Failed`, or the :class:`CribStatsError` the call raised."""
        key = (fn.__module__, fn.__name__, tuple(sorted(kwargs.items())))
        if key in self._answers:
            self._answers.move_to_end(key)
            return self._answers[key]
        if key not in self._inflight:
            if self.active >= self.workers + self.waiting:
                raise Busy(f"the server is busy with {self.active} long computations; try again in a few seconds")
            self.start()
            task = asyncio.ensure_future(self._compute(key, fn, kwargs))
            # a client that left before the answer (its request cancelled) still has its task's
            # outcome read, so that a refusal is not logged as "never retrieved"
            task.add_done_callback(lambda t: t.cancelled() or t.exception())
            self._inflight[key] = task
        return await asyncio.shield(self._inflight[key])

    async def _compute(self, key, fn, kwargs: dict) -> str:
        self.active += 1
        try:
            kind, text = await asyncio.get_running_loop().run_in_executor(self._threads, self._call, fn, kwargs)
        finally:
            self.active -= 1
            self._inflight.pop(key, None)
        if kind == "bad":
            raise CribStatsError(text)
        if kind == "bug":
            raise Failed(f"internal error ({text}); please report it with the URL", status=500)
        self._answers[key] = text
        while len(self._answers) > self.remember:
            self._answers.popitem(last=False)
        return text

    def close(self) -> None:
        """Stop the workers at once (a call still running is abandoned)."""
        with self._lock:
            workers, self._all = self._all, []
            self._free = queue.Queue()
        for p in workers:
            p.kill()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None


def wait_ready(pool: HeavyPool, timeout: float = START_TIMEOUT) -> bool:
    """Block until the pool's workers have warmed up (tests, benchmarks); False on timeout."""
    deadline = time.monotonic() + timeout
    while not pool.ready():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
