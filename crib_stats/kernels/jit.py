"""numba, set up once. Every kernel module imports ``njit``/``prange`` from here, so numba's
on-disk cache points at the directory keyed by the kernel sources (see
:func:`crib_stats.kernels.cache.configure_cache`) before the first kernel is decorated."""

from __future__ import annotations

from contextlib import contextmanager

import numba
from numba import njit, prange

from .cache import configure_cache

configure_cache()


@contextmanager
def one_thread():
    """Run the parallel kernels called inside on the calling thread only. For a kernel whose
    whole call takes a fraction of a millisecond (one deal's 15 throws), waking a thread team
    costs more than the work, and far more when the other cores are busy: the team waits for a
    core (0.3 ms on one thread against 2 to 30 ms on two, on a loaded 2-core machine)."""
    old = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        yield
    finally:
        numba.set_num_threads(old)


__all__ = ["njit", "one_thread", "prange"]
