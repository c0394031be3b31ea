"""Where the sweep's shards run, and the cache that keeps every finished one.

The suit classes of a variant's deals are cut into ``shards`` slices at fixed boundaries
(``i * N // shards``). Each shard yields integer tallies (:class:`Tallies`); the result is their
sum in shard order, so it is the same, bit for bit, whatever ran the shards: this process
(the default), a ``dask.distributed.LocalCluster`` (``scheduler="local"``) or an existing Dask
cluster (``scheduler="tcp://host:port"``).

Every finished shard is written to the cache directory at once (temp file + rename, see
:func:`crib_stats.io.atomic_write`); the directory is keyed by everything that decides the
tallies (variant, crib model, deck, package version, kernel sources, shard count), so a run
that was killed resumes from the shards it finished, and a changed kernel never reads an old
shard.

>>> Tallies.empty(3, 2, 4) + Tallies.empty(3, 2, 4) == Tallies.empty(3, 2, 4)
True
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Callable

import numpy as np

from .errors import CribStatsError
from .rules import Variant, variant as get_variant

ROLES = ("hand", "dealer", "pone")  # hand-only, dealer (own crib), pone (opponent's crib)
HAND_BINS = 60  # kernels.sweep.HAND_BINS (kept here so importing this module stays light)


class SweepError(CribStatsError):
    """Bad sweep request or an engine that cannot run it (one-line message)."""


@dataclass(frozen=True, eq=False)
class Tallies:
    """Integer accumulators of a set of deals, per role (rows: hand-only, dealer, pone).

    totals (3, 11): deals, hand sum, crib sum, objective sum, deals where the choice is not
    hand-optimal, gain over the hand-only choice, ties (best objective), ties after E[hand],
    ties across throw keys, deals throwing other ranks than the hand-only choice, gain over
    the role's best hand-optimal throw (see :mod:`crib_stats.kernels.sweep`); throw_count/hand/crib (3, K)
    by throw key; keep_count/hand (3, M) by kept rank multiset; hand_bins (3, 60).
    """

    totals: np.ndarray
    throw_count: np.ndarray
    throw_hand: np.ndarray
    throw_crib: np.ndarray
    keep_count: np.ndarray
    keep_hand: np.ndarray
    hand_bins: np.ndarray

    @classmethod
    def empty(cls, n_keys: int, n_keeps: int, n_totals: int = 11) -> "Tallies":
        z = lambda n: np.zeros((len(ROLES), n), np.int64)  # noqa: E731
        return cls(z(n_totals), z(n_keys), z(n_keys), z(n_keys), z(n_keeps), z(n_keeps), z(HAND_BINS))

    def arrays(self) -> dict[str, np.ndarray]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def __add__(self, other: "Tallies") -> "Tallies":
        return Tallies(**{k: v + getattr(other, k) for k, v in self.arrays().items()})

    def __eq__(self, other) -> bool:
        if not isinstance(other, Tallies):
            return NotImplemented
        return all(np.array_equal(v, getattr(other, k)) for k, v in self.arrays().items())

    __hash__ = None  # type: ignore[assignment]


# ------------------------------------------------------------------------------------------
# One shard (runs in this process or on a Dask worker)
# ------------------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def memo(variant_name: str, deck_ranks: tuple[int, ...]) -> dict:
    """The rank memo and the constant kernel arguments of a variant on a deck (per process)."""
    from .kernels import sweep as ks
    from .tables import rank_table

    v = get_variant(variant_name)
    deck = np.array(deck_ranks, np.int64)
    index, rank_hand, rank_crib = ks.rank_memo(deck, v.dealt, v.throw, v.others_to_crib,
                                               rank_table(v.kept + 1), rank_table(5))
    keep_index, keep_sets = ks.keep_rows(v.kept, deck)
    return dict(index=index, rank_hand=rank_hand, rank_crib=rank_crib, keep_index=keep_index,
                keep_sets=keep_sets, n_keys=2 * 13**v.throw)


def run_shard(variant_name: str, deck_ranks: tuple[int, ...], deals: np.ndarray,
              weights: np.ndarray) -> tuple[str, dict[str, np.ndarray]]:
    """Tallies of one slice of suit classes, with the digest of the kernel sources that made
    them (a remote worker running other sources is refused by the caller)."""
    from .kernels import source_digest, sweep as ks
    from .kernels.constants import JACK

    v = get_variant(variant_name)
    m = memo(variant_name, tuple(deck_ranks))
    out = ks.sweep_chunks(deals, weights, m["index"], m["rank_hand"], m["rank_crib"], v.throw,
                          len(deck_ranks), JACK in deck_ranks, v.others_to_crib, m["keep_index"],
                          m["keep_sets"].shape[0], m["n_keys"])
    names = [f.name for f in fields(Tallies)]
    return source_digest(), dict(zip(names, out))


# ------------------------------------------------------------------------------------------
# The cache of finished shards
# ------------------------------------------------------------------------------------------


def default_cache_root(kind: str = "sweep") -> Path:
    """The user's cache directory for one kind of resumable job (``sweep``, ``equilibrium``)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "crib-stats" / kind


def cache_key(v: Variant, crib_model: str, deck_ranks: tuple[int, ...], shards: int) -> dict:
    from . import __version__
    from .kernels import source_digest

    return {"variant": v.name, "crib_model": crib_model, "deck_ranks": list(deck_ranks),
            "version": __version__, "kernels": source_digest(), "shards": shards}


class ShardCache:
    """Finished shards of one keyed run, one ``shard-NNNNN.npz`` each (``root=None``: none),
    under ``root/NAME-DIGEST`` (NAME: ``name``, or the key's variant)."""

    def __init__(self, root: str | os.PathLike | None, key: dict, name: str | None = None):
        self.dir = None
        if root is None:
            return
        digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]
        self.dir = Path(root) / f"{name or key['variant']}-{digest}"
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SweepError(f"cannot create the cache directory {self.dir}: {exc.strerror}") from None
        meta = self.dir / "key.json"
        if not meta.exists():
            from .io import write_text

            write_text(meta, json.dumps(key, sort_keys=True, indent=1) + "\n")

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
        from .io import atomic_write

        atomic_write(self.path(i), lambda fh: np.savez(fh, **arrays), binary=True)

    def load(self, i: int) -> Tallies | None:
        arrays = self.load_arrays(i, [f.name for f in fields(Tallies)])
        return None if arrays is None else Tallies(**arrays)

    def save(self, i: int, t: Tallies) -> None:
        self.save_arrays(i, t.arrays())


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


def run_all(v: Variant, deck_ranks: tuple[int, ...], deals: np.ndarray, weights: np.ndarray,
            shards: int, cache: ShardCache, fresh: bool, scheduler: str | None, workers: int | None,
            progress: Callable[[int, int], None] | None) -> tuple[list[Tallies], int]:
    """Tallies of every shard in shard order, and how many came from the cache."""
    spans = bounds(deals.shape[0], shards)
    done: dict[int, Tallies] = {}
    if not fresh:
        for i in range(shards):
            t = cache.load(i)
            if t is not None:
                done[i] = t
    from_cache = len(done)
    if progress is not None:
        progress(len(done), shards)
    todo = [i for i in range(shards) if i not in done]

    def finish(k: int, result) -> None:
        i = todo[k]
        done[i] = Tallies(**checked(result))
        cache.save(i, done[i])
        if progress is not None:
            progress(len(done), shards)

    tasks = [(v.name, deck_ranks, deals[lo:hi], weights[lo:hi]) for lo, hi in (spans[i] for i in todo)]
    with Executor(scheduler, workers) as ex:
        ex.run(run_shard, tasks, finish, name=f"sweep-{v.name}")
    return [done[i] for i in range(shards)], from_cache


def checked(result: tuple[str, object]):
    """The payload of a task's ``(kernel digest, payload)``, refused when a worker ran other
    kernel sources than this process."""
    from .kernels import source_digest

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
        from distributed import as_completed

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
