"""The pip value compiled for the kernels, from the one rule in :mod:`.constants`."""

from __future__ import annotations

from .constants import pip_value
from .jit import njit

pip = njit(cache=True, inline="always")(pip_value)
