"""The one cache root and the small disk caches under it.

Every disk cache of the package lives under :func:`crib_stats.runtime.cache.cache_home`
(``$XDG_CACHE_HOME/crib-stats``): numba's compiled kernels (``numba/``), the resumable jobs'
shards (:func:`cache_root`: ``sweep/``, ``equilibrium/``) and the arrays of
:func:`disk_cached`, kept beside the compiled kernels.
"""

from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

import numpy as np

from crib_stats.runtime.cache import cache_dir, cache_home, content_digest, prune_stale, touch


def cache_root(kind: str = "sweep") -> Path:
    """The user's cache directory for one kind of resumable job (``sweep``, ``equilibrium``)."""
    return cache_home() / kind


# told (a table's name, False) before it is computed and (name, True) after: the console, on a terminal
BUILDING: list[Callable[[str, bool], None]] = []


def disk_cached(name: str, compute: Callable[[], tuple[np.ndarray, ...]], modules=(),
                inputs=()) -> tuple[np.ndarray, ...]:
    """Arrays computed once per machine: kept as ``NAME-DIGEST.npy`` beside the compiled
    kernels, DIGEST the :func:`crib_stats.runtime.cache.content_digest` of the kernel sources, this
    module, ``modules`` (every module whose code shapes the arrays: the caller's) and
    ``inputs`` (the bytes, or paths, the arrays are computed from), so an edit to any of them,
    or a changed input file, is never answered from an old entry. Entries not used for 30 days
    are pruned when a new one is written. A cache that cannot be read or written is simply
    recomputed.

    The file is the arrays' count then the arrays, one ``.npy`` record after another (not an
    ``.npz``: reading a zip archive imports zipfile, shutil, bz2 and lzma, 5 ms of a
    ``crib-stats score`` process that reads one table)."""
    folder = Path(cache_dir()) / "tables"
    path = folder / f"{name}-{content_digest((sys.modules[__name__], *modules), inputs)}.npy"
    arrays = _read(path)
    if arrays is not None:
        return arrays
    with _one_builder(folder / f"{name}.lock"):
        arrays = _read(path)  # built by another process while this one waited
        return arrays if arrays is not None else _build(name, compute, path, folder)


def _read(path: Path) -> tuple[np.ndarray, ...] | None:
    try:
        with open(path, "rb") as fh:
            count = int(np.load(fh))
            arrays = tuple(np.load(fh) for _ in range(count))
        touch(path)
        return arrays
    except (OSError, ValueError, EOFError):
        return None


LOCK_WAIT = 900.0  # seconds a process waits for another building the same table, then builds it too


@contextmanager
def _one_builder(lock: Path):
    """Held while a table is built: another process wanting it (the server's two heavy workers
    warming up, the suite's two workers) waits, then reads the file instead of building it
    again. Advisory (``flock``; nothing where there is none); a lock that cannot be had within
    ``LOCK_WAIT`` seconds, or a lock file that cannot be made, only costs the work twice."""
    try:
        import fcntl

        lock.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except (ImportError, OSError):
        yield
        return
    try:
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    break
                time.sleep(0.05)
            except OSError:
                break
        yield
    finally:
        os.close(fd)  # closing the file releases the lock


def _build(name: str, compute, path: Path, folder: Path) -> tuple[np.ndarray, ...]:
    for tell in BUILDING:
        tell(name, False)
    arrays = compute()
    for tell in BUILDING:
        tell(name, True)
    try:
        import tempfile  # lazy: only to write (tempfile imports random, 1 ms)

        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".npy")
        with os.fdopen(fd, "wb") as fh:
            np.save(fh, np.int64(len(arrays)))
            for a in arrays:
                np.save(fh, a)
        os.replace(tmp, path)
        prune_stale(folder, "*.np[yz]", keep=[path])  # .npz: the format of earlier versions
    except OSError:
        pass
    return arrays
