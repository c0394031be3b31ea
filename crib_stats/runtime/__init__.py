"""Process plumbing under everything (plain Python: importing it imports neither numba nor numpy).

- :mod:`.cache`      the one cache root, the digests that key every disk cache (numba's compiled
                     kernels included: :func:`~.cache.configure_cache` points numba there before
                     the first kernel is decorated), and the pruning of stale entries;
- :mod:`.disk`       arrays computed once per machine and kept beside the compiled kernels
                     (:func:`~.disk.disk_cached`), the resumable jobs' cache folders;
- :mod:`.interrupt`  Ctrl-C in a command that runs numba kernels: the guard the command layer
                     installs (:func:`~.interrupt.command_guard`; a library call never swaps a
                     process's handlers) and :func:`~.interrupt.run_released`.
"""

from __future__ import annotations

from .cache import (
    MAX_AGE_DAYS,
    cache_dir,
    cache_home,
    cache_is_cold,
    configure_cache,
    content_digest,
    digest_of,
    prune_stale,
    source_digest,
    touch,
)
from .interrupt import command_guard, run_released

__all__ = ["MAX_AGE_DAYS", "cache_dir", "cache_home", "cache_is_cold", "configure_cache", "content_digest",
           "digest_of", "prune_stale", "source_digest", "touch", "command_guard", "run_released"]
