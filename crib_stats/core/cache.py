"""The one cache root and the small disk caches under it.

Every disk cache of the package lives under :func:`crib_stats.kernels.cache_home`
(``$XDG_CACHE_HOME/crib-stats``): numba's compiled kernels (``numba/``), the resumable jobs'
shards (:func:`cache_root`: ``sweep/``, ``equilibrium/``) and the arrays of
:func:`disk_cached`, kept beside the compiled kernels.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable

import numpy as np

from crib_stats.kernels import cache_dir, cache_home


def cache_root(kind: str = "sweep") -> Path:
    """The user's cache directory for one kind of resumable job (``sweep``, ``equilibrium``)."""
    return cache_home() / kind


def disk_cached(name: str, compute: Callable[[], tuple[np.ndarray, ...]]) -> tuple[np.ndarray, ...]:
    """Arrays computed once per machine: kept as ``NAME.npz`` beside the compiled kernels, in
    the directory keyed by the kernel sources (so they are recomputed when a kernel changes).
    A cache that cannot be read or written is simply recomputed."""
    path = Path(cache_dir()) / "tables" / f"{name}.npz"
    try:
        with np.load(path) as data:
            return tuple(data[f"a{i}"] for i in range(len(data.files)))
    except (OSError, ValueError, KeyError):
        pass
    arrays = compute()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".npz")
        with os.fdopen(fd, "wb") as fh:
            np.savez(fh, **{f"a{i}": a for i, a in enumerate(arrays)})
        os.replace(tmp, path)
    except OSError:
        pass
    return arrays
