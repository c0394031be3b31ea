"""Numba kernels: integer arrays and ints in, integer arrays out, one module per concern.

- :mod:`.jit`           numba set up once: the cache directory, then ``njit``/``prange``
- :mod:`.constants`     shared constants (plain Python), the pip rule, output column indices
- :mod:`.pips`          the pip value compiled
- :mod:`.combinatorics` combination and multiset steppers, ``combinations``, ``rank_multisets``
- :mod:`.show`          the one scorer (``score_one``/``score_batch``) and the rank tables
- :mod:`.distributions` exhaustive score histograms: brute force and rank multisets
- :mod:`.deals`         the canonical-suit walk over deals; best keep over every deal
- :mod:`.crib`          discard tallies under the random crib model
- :mod:`.play`          the play rules as one stepper; the search over every legal play
- :mod:`.policies`      the play under the greedy and minimax policies; the play tables
- :mod:`.pegvalue`      E[peg] of a keep against a modelled opponent keep (weighted sums)
- :mod:`.maxima`        the dealer's largest show and hand + crib + pegging (exhaustive)
- :mod:`.equilibrium`   the rank-level discard game: hands, values, crib values, exact cribs
- :mod:`.sweep`         every deal's best throw per objective: rank memo + suit terms per class

Nothing here validates user input or raises user-facing errors; the public modules do that.
Cards are codes ``rank * 4 + suit`` (rank 0 = ace, 10 = jack, 12 = king).

Importing this package imports neither its submodules nor numba (a command loads only the
kernels it uses). The first kernel module imported points numba's on-disk cache at a directory keyed by a digest of every kernel source
file: numba notices when a function's own file changes, but not when a function it calls in
another file does, so a cache written by other kernel sources is never read (see
:func:`cache_dir`). Nothing compiles at import; :func:`warmup` compiles deliberately.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_PREFIX = "kernels-"


def source_digest() -> str:
    """sha256 (16 hex digits) of every kernel source file, with numba's and numpy's versions:
    :func:`digest_of` this package, computed once per process, so a source edited while a long
    run is going does not make the run disown its own work."""
    global _DIGEST
    if _DIGEST is None:
        _DIGEST = digest_of(_HERE)
    return _DIGEST


def digest_of(directory: Path) -> str:
    """sha256 (16 hex digits) of every ``*.py`` file in ``directory``, with numba's and numpy's
    versions (read from their installed metadata: importing numba here would cost every
    process that only reads a cached table half a second)."""
    from importlib.metadata import version

    h = hashlib.sha256(f"numba {version('numba')} numpy {version('numpy')}\n".encode())
    for path in sorted(Path(directory).glob("*.py")):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


_DIGEST: str | None = None


def cache_home() -> Path:
    """The user's cache directory of crib-stats, the root of every disk cache the package keeps
    (``$XDG_CACHE_HOME/crib-stats``, else ``~/.cache/crib-stats``). It is defined here, at the
    bottom layer, because numba's cache directory must be known before the first kernel is
    decorated; :func:`crib_stats.core.cache.cache_root` names the folders under it."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "crib-stats"


def _cache_root() -> Path:
    """Where the keyed kernel cache directories live: $NUMBA_CACHE_DIR if set, else the user's
    cache directory (never inside the installed package)."""
    env = os.environ.get("NUMBA_CACHE_DIR")
    if env:
        return Path(env)
    return cache_home() / "numba"


def cache_dir() -> Path:
    """The numba cache directory for these exact kernel sources."""
    return _cache_root() / (_PREFIX + source_digest())


_COLD = False
_CONFIGURED = False


def cache_is_cold() -> bool:
    """True when this process found no compiled kernels for these sources (a first run)."""
    return _COLD


def configure_cache() -> None:
    """Point numba's cache at :func:`cache_dir` (once per process). :mod:`.jit` calls it when
    the first kernel module is imported, so importing this package imports no numba."""
    global _COLD, _CONFIGURED
    if _CONFIGURED:
        return
    _CONFIGURED = True
    from numba.core import config  # lazy: numba only when used

    target = cache_dir()
    _COLD = not (target.is_dir() and any(target.iterdir()))
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError:
        return  # numba falls back to its own default locations
    config.CACHE_DIR = str(target)
    # caches written by older kernel sources can never be read again: drop them (best effort)
    for old in target.parent.glob(_PREFIX + "*"):
        if old != target:
            shutil.rmtree(old, ignore_errors=True)


def warmup() -> None:
    """Compile (or load from the cache) every kernel on the smallest inputs."""
    from . import crib, deals, distributions, equilibrium, maxima, pegvalue, play, policies, show, sweep  # lazy: numba only when used

    show.warmup()
    distributions.warmup()
    deals.warmup()
    crib.warmup()
    play.warmup()
    policies.warmup()
    pegvalue.warmup()
    maxima.warmup()
    equilibrium.warmup()
    sweep.warmup()
