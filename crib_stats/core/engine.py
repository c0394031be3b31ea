"""The compute engine of every heavy job: where its shards run, and the cache that keeps every
finished one.

A job is cut into shards at fixed boundaries (:func:`bounds`); the caller sums the results in
shard order, so the answer is the same, bit for bit, whatever ran the shards: this process
(the default), a ``dask.distributed.LocalCluster`` (``scheduler="local"``) or an existing Dask
cluster (``scheduler="tcp://host:port"``) (:class:`Executor`).

Every finished shard is written to its cache directory at once (temp file + rename, see
:func:`crib_stats.core.io.atomic_write`); the directory is keyed by everything that decides the
result (:class:`ShardCache`: the request and the digest of the code that computes a shard),
so a run that was killed resumes from the shards it finished, and a changed kernel never reads
an old shard. :func:`run_shards` is that loop for a job whose shards return named arrays; a job
written on it is a :class:`crib_stats.core.measurement.Measurement` (its parts, its cache key,
its result, its committed files). The sweep's shards are :mod:`crib_stats.discard.shards`; the
solver's, :mod:`crib_stats.strategy.equilibrium`.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Callable

import numpy as np

from crib_stats.core.errors import CribStatsError
from crib_stats.core.io import atomic_write
from crib_stats.runtime.cache import source_digest

class SweepError(CribStatsError):
    """A bad request to a heavy job or an engine that cannot run it (one-line message)."""


class ShardCache:
    """Finished shards of one keyed run, one ``shard-NNNNN.npz`` each (``root=None``: none),
    under ``root/NAME-DIGEST`` (NAME: ``name``, or the key's variant)."""

    def __init__(self, root: str | os.PathLike | None, key: dict, name: str | None = None):
        self.dir = None
        if root is None:
            return
        from crib_stats.runtime.cache import prune_stale, touch

        digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]
        self.dir = Path(root) / f"{name or key['variant']}-{digest}"
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SweepError(f"cannot create the cache directory {self.dir}: {exc.strerror}") from None
        meta = self.dir / "key.json"
        touch(self.dir)  # in use: pruning keeps it
        if not meta.exists():
            from crib_stats.core.io import write_text

            write_text(meta, json.dumps(key, sort_keys=True, indent=1) + "\n")
            # a new key: runs of other keys are removed once unused for 30 days (only folders
            # this class made, recognised by their key.json)
            prune_stale(root, "*-" + "?" * 16, keep=[self.dir], only=lambda p: (p / "key.json").is_file())

    def path(self, i: int) -> Path:
        return self.dir / f"shard-{i:05d}.npz"

    def load_arrays(self, i: int, names) -> dict[str, np.ndarray] | None:
        """Shard ``i``'s arrays ``names``, or None when it is not there or cannot be read."""
        if self.dir is None or not self.path(i).exists():
            return None
        try:
            with np.load(self.path(i)) as z:
                return {k: z[k] for k in names}
        except (OSError, KeyError, ValueError):
            return None  # unreadable: computed again and overwritten

    def save_arrays(self, i: int, arrays: dict[str, np.ndarray]) -> None:
        if self.dir is None:
            return

        atomic_write(self.path(i), lambda fh: np.savez(fh, **arrays), binary=True)


# ------------------------------------------------------------------------------------------
# Running every shard
# ------------------------------------------------------------------------------------------


def bounds(n: int, shards: int) -> list[tuple[int, int]]:
    """Fixed shard boundaries: shard i covers rows [i * n // shards, (i + 1) * n // shards).

    >>> bounds(10, 3)
    [(0, 3), (3, 6), (6, 10)]
    """
    return [(i * n // shards, (i + 1) * n // shards) for i in range(shards)]


def check_scheduler(scheduler: str | None) -> str | None:
    if scheduler is None or scheduler == "local":
        return scheduler
    if isinstance(scheduler, str) and scheduler.startswith(("tcp://", "tls://")) and len(scheduler) > 6:
        return scheduler
    raise SweepError(f"scheduler must be local or a Dask address like tcp://host:8786, got {scheduler!r}")


def checked(result: tuple[str, object]):
    """The payload of a task's ``(kernel digest, payload)``, refused when a worker ran other
    kernel sources than this process."""
    digest, payload = result
    if digest != source_digest():
        raise SweepError(f"a worker runs other kernel sources ({digest}, here {source_digest()}): "
                         "install the same crib-stats on every worker")
    return payload


class Executor:
    """Runs independent tasks in this process (``scheduler=None``), on a
    ``dask.distributed.LocalCluster`` of ``workers`` processes (``"local"``) or on an existing
    Dask cluster (``"tcp://host:port"``). The cluster is started on first use and kept until the
    ``with`` block ends, so a solver can send it one batch of tasks per iteration.

    ``run(fn, tasks, finish)`` calls ``finish(k, fn(*tasks[k]))`` for every task, in task order
    here and in completion order on Dask; callers that sum results do it in task order.

    >>> got = {}
    >>> with Executor() as ex:
    ...     ex.run(pow, [(2, 3), (3, 2)], got.__setitem__)
    >>> got
    {0: 8, 1: 9}
    """

    def __init__(self, scheduler: str | None = None, workers: int | None = None):
        self.scheduler = check_scheduler(scheduler)
        self.workers = workers
        self._cluster = None
        self._client = None
        self._batch = 0

    def __enter__(self) -> "Executor":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None

    def _connect(self):
        if self._client is not None:
            return self._client
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise SweepError("--scheduler needs dask.distributed: pip install 'crib-stats[dask]'") from None
        if self.scheduler == "local":
            n = self.workers or os.cpu_count() or 1
            self._cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                         dashboard_address=None)
            self._client = Client(self._cluster)
        else:
            try:
                self._client = Client(self.scheduler, timeout="10s")
            except (OSError, TimeoutError) as exc:
                raise SweepError(f"cannot reach the Dask scheduler at {self.scheduler}: {exc}") from None
        return self._client

    def run(self, fn: Callable, tasks: list[tuple], finish: Callable[[int, object], None],
            name: str = "task") -> None:
        if not tasks:
            return
        if self.scheduler is None:
            for k, args in enumerate(tasks):
                finish(k, fn(*args))
            return
        from distributed import as_completed  # lazy: distributed only when used

        client = self._connect()
        self._batch += 1
        futures = {client.submit(fn, *args, key=f"crib-stats-{name}-{self._batch}-{k}-{os.getpid()}",
                                 pure=False): k for k, args in enumerate(tasks)}
        try:
            for fut in as_completed(list(futures)):
                finish(futures[fut], fut.result())
        finally:
            for fut in futures:
                fut.cancel()


def run_shards(cache: ShardCache, tasks: list[tuple], fn: Callable, arrays, scheduler, workers, fresh: bool,
               progress, name: str) -> dict[int, dict]:
    """``fn(*tasks[i])`` for every shard i not in ``cache`` (all with ``fresh``), on the engine
    (:class:`Executor`), each saved as it finishes (a killed run resumes); returns every shard's
    arrays ``arrays`` by index (``progress(done, total)`` after the cache is read and each shard)."""
    done: dict[int, dict] = {}
    if not fresh:
        for i in range(len(tasks)):
            got = cache.load_arrays(i, arrays)
            if got is not None:
                done[i] = got
    if progress is not None:
        progress(len(done), len(tasks))
    todo = [i for i in range(len(tasks)) if i not in done]

    def finish(j: int, result) -> None:
        i = todo[j]
        done[i] = checked(result)
        cache.save_arrays(i, done[i])
        if progress is not None:
            progress(len(done), len(tasks))

    with Executor(scheduler, workers) as ex:
        ex.run(fn, [tasks[i] for i in todo], finish, name=name)
    return done
