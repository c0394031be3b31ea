"""numba, set up once. Every kernel module imports ``njit``/``prange`` from here, so numba's
on-disk cache points at the directory keyed by the kernel sources (see
:func:`crib_stats.kernels.configure_cache`) before the first kernel is decorated."""

from __future__ import annotations

from numba import njit, prange

from . import configure_cache

configure_cache()

__all__ = ["njit", "prange"]
