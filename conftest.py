"""The whole suite (tests/, the doctests in crib_stats/, the notebooks) writes nothing outside
a temporary folder: the user's cache (``XDG_CACHE_HOME``: the sweep and solver shards, the
disk-cached tables) and numba's compiled kernels (``NUMBA_CACHE_DIR``) both point there, set
before anything imports crib_stats, so subprocesses inherit them too. A caller who sets
``NUMBA_CACHE_DIR`` (``make test-fast`` keeps one under .venv/) keeps their compiled kernels."""

import os
import shutil
import tempfile

_TMP = tempfile.mkdtemp(prefix="crib-stats-tests-")
os.environ["XDG_CACHE_HOME"] = os.path.join(_TMP, "cache")
os.environ.setdefault("NUMBA_CACHE_DIR", os.path.join(_TMP, "numba"))
os.environ.setdefault("MPLBACKEND", "Agg")


def pytest_unconfigure(config):
    shutil.rmtree(_TMP, ignore_errors=True)
