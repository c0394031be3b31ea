"""crib-stats: exact cribbage hand statistics and discard analysis.

Importing the package is cheap: numba is only imported (and kernels compiled or loaded from
the on-disk cache, see :mod:`crib_stats.kernels`) when a computation first needs it.
"""

from __future__ import annotations

__version__ = "0.1.0"
