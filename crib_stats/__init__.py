"""crib-stats: exact cribbage hand statistics and discard analysis.

Importing the package is cheap: numba is only imported (and kernels compiled or loaded from
the on-disk cache) when a computation first needs it.
"""

from __future__ import annotations

import os

__version__ = "0.1.0"


def _choose_numba_cache_dir() -> None:
    """Send numba's cache to a user cache dir when the package directory is read-only.

    Must run before numba is imported; respects an explicit NUMBA_CACHE_DIR.
    """
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    here = os.path.dirname(os.path.abspath(__file__))
    if os.access(here, os.W_OK):
        return
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    os.environ["NUMBA_CACHE_DIR"] = os.path.join(base, "crib-stats", "numba")


_choose_numba_cache_dir()
