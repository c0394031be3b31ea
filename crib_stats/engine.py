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


def default_cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "crib-stats" / "sweep"


def cache_key(v: Variant, crib_model: str, deck_ranks: tuple[int, ...], shards: int) -> dict:
    from . import __version__
    from .kernels import source_digest

    return {"variant": v.name, "crib_model": crib_model, "deck_ranks": list(deck_ranks),
            "version": __version__, "kernels": source_digest(), "shards": shards}


class ShardCache:
    """Finished shards of one keyed run, one ``shard-NNNNN.npz`` each (``root=None``: none)."""

    def __init__(self, root: str | os.PathLike | None, key: dict):
        self.dir = None
        if root is None:
            return
        digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]
        self.dir = Path(root) / f"{key['variant']}-{digest}"
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SweepError(f"cannot create the sweep cache directory {self.dir}: {exc.strerror}") from None
        meta = self.dir / "key.json"
        if not meta.exists():
            from .io import write_text

            write_text(meta, json.dumps(key, sort_keys=True, indent=1) + "\n")

    def path(self, i: int) -> Path:
        return self.dir / f"shard-{i:05d}.npz"

    def load(self, i: int) -> Tallies | None:
        if self.dir is None or not self.path(i).exists():
            return None
        try:
            with np.load(self.path(i)) as z:
                return Tallies(**{f.name: z[f.name] for f in fields(Tallies)})
        except (OSError, KeyError, ValueError):
            return None  # unreadable: computed again and overwritten

    def save(self, i: int, t: Tallies) -> None:
        if self.dir is None:
            return
        from .io import atomic_write

        atomic_write(self.path(i), lambda fh: np.savez(fh, **t.arrays()), binary=True)


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
    from .kernels import source_digest

    spans = bounds(deals.shape[0], shards)
    done: dict[int, Tallies] = {}
    if not fresh:
        for i in range(shards):
            t = cache.load(i)
            if t is not None:
                done[i] = t
    from_cache = len(done)

    def finish(i: int, digest: str, arrays: dict) -> None:
        if digest != source_digest():
            raise SweepError(f"a worker runs other kernel sources ({digest}, here {source_digest()}): "
                             "install the same crib-stats on every worker")
        done[i] = Tallies(**arrays)
        cache.save(i, done[i])
        if progress is not None:
            progress(len(done), shards)

    if progress is not None:
        progress(len(done), shards)
    todo = [i for i in range(shards) if i not in done]
    if scheduler is None:
        for i in todo:
            lo, hi = spans[i]
            finish(i, *run_shard(v.name, deck_ranks, deals[lo:hi], weights[lo:hi]))
    elif todo:
        _run_dask(v, deck_ranks, deals, weights, spans, todo, scheduler, workers, finish)
    return [done[i] for i in range(shards)], from_cache


def _run_dask(v, deck_ranks, deals, weights, spans, todo, scheduler, workers, finish) -> None:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise SweepError("--scheduler needs dask.distributed: pip install 'crib-stats[dask]'") from None
    cluster = None
    try:
        if scheduler == "local":
            n = workers or os.cpu_count() or 1
            cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            client = Client(cluster)
        else:
            try:
                client = Client(scheduler, timeout="10s")
            except (OSError, TimeoutError) as exc:
                raise SweepError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        with client:
            futures = {}
            for i in todo:
                lo, hi = spans[i]
                fut = client.submit(run_shard, v.name, deck_ranks, deals[lo:hi], weights[lo:hi],
                                    key=f"crib-stats-sweep-{v.name}-{i}-{os.getpid()}", pure=False)
                futures[fut] = i
            try:
                for fut in as_completed(list(futures)):
                    finish(futures[fut], *fut.result())
            finally:
                for fut in futures:
                    fut.cancel()
    finally:
        if cluster is not None:
            cluster.close()
