"""The disk caches' machinery, on the floor under the kernels (plain Python: importing it imports
no numba).

numba's on-disk cache points at a directory keyed by a digest of every kernel source file
(every ``*.py`` of ``crib_stats/kernels/``, :func:`cache_dir`): numba notices when a function's own file changes, but not when a function it
calls in another file does, so a cache written by other kernel sources is never read. The digest
is remembered on disk under the files' stamps (:func:`digest_of`), so a warm process stats the
sources instead of hashing them.

Every disk cache of the package is keyed by :func:`content_digest` (the kernel sources, the
source of every module whose code shapes the stored value, the bytes of its input files), and
old entries are removed only by :func:`prune_stale`: entries not used for :data:`MAX_AGE_DAYS`
days, under an exclusive ``fcntl.flock``; an entry in use has its timestamp touched
(:func:`touch`), so another install's live cache is never removed. It lives under the kernels,
not in :mod:`crib_stats.core`, because numba's cache directory must be known before the first
kernel is decorated (:mod:`crib_stats.kernels.jit`), and kernels import nothing above them; and
outside ``kernels/``, so an edit to it is not an edit to the kernels' sources.
"""


from __future__ import annotations

import os
import time
from functools import lru_cache
from pathlib import Path

_HERE = Path(__file__).resolve().parent.parent / "kernels"  # the kernel sources
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
    process that only reads a cached table half a second).

    The digest is remembered on disk under the files' :func:`_stamp` (with the stamps of
    numba's and numpy's installed files), so a warm process stats the files instead of
    reading and hashing them (and never imports hashlib: 5 ms of a ``crib-stats score``)."""
    directory = Path(directory)
    paths = sorted(directory / name for name in os.listdir(directory) if name.endswith(".py"))
    libs = [(name, _origin(name)) for name in ("numba", "numpy")]

    def key(changed: list[int]) -> str | None:
        try:
            parts = [f"{name} {_stamp(origin, changed) if origin else '-'}" for name, origin in libs]
        except OSError:
            return None
        return _stamped_key("digest_of " + str(directory.resolve()), parts, paths, changed)

    def compute() -> str:
        import hashlib  # lazy: only when the stamps are new

        versions = " ".join(f"{name} {_installed_version(name, origin)}" for name, origin in libs)
        h = hashlib.sha256(f"{versions}\n".encode())
        for path in paths:
            h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        return h.hexdigest()[:16]

    return _memo(key, compute)


def _origin(name: str) -> str | None:
    """The file a module is imported from, found without importing it."""
    from importlib.util import find_spec

    spec = find_spec(name)
    return spec.origin if spec is not None and spec.origin else None


def _installed_version(name: str, origin: str | None) -> str:
    """The installed version of ``name`` without importing it: from the ``NAME-VERSION.dist-info``
    folder beside the package (importing importlib.metadata alone costs a process 20 ms), else
    from importlib.metadata."""
    if origin:
        found = sorted(Path(origin).parent.parent.glob(f"{name}-*.dist-info"))
        if len(found) == 1:
            return found[0].name[len(name) + 1:-len(".dist-info")]
    from importlib.metadata import version

    return version(name)


_DIGEST: str | None = None


# ---- the digest memo: a digest of file contents remembered under the files' stamps
#
# A stamp is what os.stat says of a file: size, modification and change times (ns), inode and
# device. Writing a file changes its change time, which no tool can set back (cp -p, rsync -t
# and os.utime restore the modification time only), and replacing it changes its inode, so a
# file whose stamp is unchanged has unchanged bytes. A memo entry is written only when every
# stamp read after the bytes equals the one read before, so an edit racing the hashing is
# never remembered under the old stamp; and only for files last changed over _SETTLED_NS ago:
# file times move in clock ticks (milliseconds), so two writes of a just-written file can share
# one change time (git's "racily clean" files), never two writes seconds apart.

_MEMO_NAME = "digests.txt"
_MEMO_LINES = 128  # the most recent entries kept (a few a process; a digest_of line is 2 kB)
_SETTLED_NS = 2_000_000_000
_memo_entries: dict[str, str] | None = None


def _stamp(path, changed: list[int] | None = None) -> str:
    """``path``'s stamp; its change time is appended to ``changed``."""
    st = os.stat(path)
    if changed is not None:
        changed.append(st.st_ctime_ns)
    return f"{st.st_size}:{st.st_mtime_ns}:{st.st_ctime_ns}:{st.st_ino}:{st.st_dev}"


def _stamped_key(kind: str, parts: list[str], paths, changed: list[int]) -> str | None:
    """One memo key: ``kind``, ``parts`` and every path with its stamp (None if one cannot be
    read or a path has a tab or a line break, which the memo file cannot hold)."""
    try:
        items = [kind, *parts, *(f"{p} {_stamp(p, changed)}" for p in paths)]
    except OSError:
        return None
    key = "\t".join(items)
    return None if "\n" in key or "\r" in key or any("\t" in i for i in items) else key


def _memo_path() -> Path:
    return _cache_root() / _MEMO_NAME


def _memo_load() -> dict[str, str]:
    global _memo_entries
    if _memo_entries is None:
        _memo_entries = {}
        try:
            with open(_memo_path(), encoding="utf-8") as fh:
                for line in fh:
                    value, sep, key = line.rstrip("\n").partition("\t")
                    if sep:
                        _memo_entries[key] = value
        except (OSError, UnicodeDecodeError):
            pass
    return _memo_entries


def _memo_store(key: str, value: str) -> None:
    """Add one entry (best effort: the file is replaced whole, so a reader never sees half of
    it; two processes storing at once may lose one entry, which is computed again later)."""
    entries = _memo_load()
    entries.pop(key, None)
    entries[key] = value
    while len(entries) > _MEMO_LINES:
        entries.pop(next(iter(entries)))
    path = _memo_path()
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.writelines(f"{v}\t{k}\n" for k, v in entries.items())
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def _memo(key, compute) -> str:
    """``compute()``, or the value remembered under ``key(changed)`` (a function, called before
    and after computing, that appends the change times of the files it stamps to ``changed``):
    the value is remembered only if the key held and every file had settled."""
    changed: list[int] = []
    before = key(changed)
    if before is not None:
        hit = _memo_load().get(before)
        if hit is not None:
            return hit
    value = compute()
    if before is not None and key([]) == before and all(c < time.time_ns() - _SETTLED_NS for c in changed):
        _memo_store(before, value)
    return value


def cache_home() -> Path:
    """The user's cache directory of crib-stats, the root of every disk cache the package keeps
    (``$XDG_CACHE_HOME/crib-stats``, else ``~/.cache/crib-stats``). It is defined here, at the
    bottom layer, because numba's cache directory must be known before the first kernel is
    decorated; :func:`crib_stats.runtime.disk.cache_root` names the folders under it."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "crib-stats"


@lru_cache(maxsize=None)
def _source_bytes_digest(path: str) -> str:
    """sha256 of one module's source file, fixed at its first use in a process (an edit made
    while a long run is going does not make the run disown its own work): remembered on disk
    under the file's stamp, read and hashed only when the stamp is new."""
    def compute() -> str:
        import hashlib  # lazy: only when the stamp is new

        return hashlib.sha256(Path(path).read_bytes()).hexdigest()

    return _memo(lambda changed: _stamped_key("file", [], [path], changed), compute)


def content_digest(modules=(), inputs=()) -> str:
    """sha256 (16 hex digits) of everything that shapes a cached value: the kernel sources
    (:func:`source_digest`, with numba's and numpy's versions), the source of each of
    ``modules`` (module objects, or paths of their files) and each of ``inputs`` (bytes, or
    paths of files whose bytes are read now). The one key of every disk cache of the package.

    >>> import crib_stats.core.tables as t
    >>> content_digest([t], [b"x"]) == content_digest([t.__file__], [b"x"]) != content_digest([t], [b"y"])
    True
    """
    lines = [b"kernels " + source_digest().encode() + b"\n"]
    for m in modules:
        path = Path(m if isinstance(m, (str, os.PathLike)) else m.__file__).resolve()
        lines.append(b"module " + path.name.encode() + b" " + _source_bytes_digest(str(path)).encode() + b"\n")
    if inputs:
        import hashlib  # lazy: inputs are read and hashed at every call (no memo)

    for x in inputs:
        data = x if isinstance(x, (bytes, bytearray, memoryview)) else Path(x).read_bytes()
        lines.append(b"input " + hashlib.sha256(data).hexdigest().encode() + b"\n")
    text = b"".join(lines)

    def compute() -> str:
        import hashlib  # lazy: only for a new combination

        return hashlib.sha256(text).hexdigest()[:16]

    # the key is the hashed text itself (hex digests and file names): no stamp to go stale
    readable = text.decode("utf-8", "replace")
    return _memo(lambda changed: None if "\t" in readable else "content\t" + readable.replace("\n", "\t"), compute)


MAX_AGE_DAYS = 30
"""A cache entry unused for this many days is removed when a new entry is written (:func:`prune_stale`)."""


def touch(path) -> None:
    """Mark a cache entry as used now (its modification time), so :func:`prune_stale` keeps it."""
    try:
        os.utime(path)
    except OSError:
        pass


def prune_stale(root, pattern: str, keep=(), max_age_days: float = MAX_AGE_DAYS, only=None) -> list[Path]:
    """Remove the entries ``root/pattern`` (files or directories; with ``only``, those for which
    ``only(path)`` is true) not used for ``max_age_days`` days (modification time older), except ``keep``, under an exclusive ``fcntl.flock`` on
    ``root/.prune.lock`` (two processes never prune at once). Best effort: returns what was
    removed, never raises."""
    root = Path(root)
    keep = {Path(k).resolve() for k in keep}
    removed: list[Path] = []
    try:
        import fcntl
    except ImportError:  # not POSIX: nothing is pruned
        return removed
    try:
        root.mkdir(parents=True, exist_ok=True)
        with open(root / ".prune.lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            cutoff = time.time() - max_age_days * 86400
            for entry in root.glob(pattern):
                try:
                    if entry.resolve() in keep or entry.stat().st_mtime >= cutoff:
                        continue
                    if only is not None and not only(entry):
                        continue
                    if entry.is_dir():
                        import shutil  # lazy: shutil imports bz2 and lzma, 3 ms of every start

                        shutil.rmtree(entry, ignore_errors=True)
                    else:
                        entry.unlink()
                    removed.append(entry)
                except OSError:
                    continue
    except OSError:
        pass
    return removed


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
    """Point numba's cache at :func:`cache_dir` (once per process). :mod:`crib_stats.kernels.jit` calls it when
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
    _locate_kernels_in(target)
    touch(target)  # in use: kept by every install's pruning for another MAX_AGE_DAYS days
    if _COLD:
        # a new directory: other kernel sources' caches (older versions, other installs) are
        # removed only once unused for MAX_AGE_DAYS days, never because they differ from ours
        prune_stale(target.parent, _PREFIX + "*", keep=[target])


def _locate_kernels_in(target: Path) -> None:
    """Make numba keep the compiled kernels of these sources in ``target`` itself, wherever the
    sources are installed. numba's own locator for ``NUMBA_CACHE_DIR`` files them under a digest
    of the source folder's absolute path, so the same kernels installed elsewhere (a wheel, a
    second checkout, a reinstall to another venv) compile again into a folder of their own;
    ``target`` is already keyed by the sources' contents (:func:`cache_dir`), and numba still
    checks each file's contents (its index stamp is a hash of the source) and each function's
    bytecode, so any install of the same sources reads what another compiled. Functions in
    other files (a user's own ``@njit(cache=True)``) keep numba's locators. A locator list the
    user chose (``NUMBA_CACHE_LOCATOR_CLASSES``) is left as it is: numba reads it instead."""
    from numba.core import caching

    here = str(_HERE)

    class KernelSourcesLocator(caching.UserProvidedCacheLocator):
        def __init__(self, py_func, py_file):
            super().__init__(py_func, py_file)
            self._cache_path = str(target)

        @classmethod
        def from_function(cls, py_func, py_file):
            if os.path.dirname(os.path.realpath(py_file)) != here:
                return None
            return super().from_function(py_func, py_file)

    classes = caching.CacheImpl._locator_classes
    classes[:] = [KernelSourcesLocator] + [c for c in classes if c.__name__ != "KernelSourcesLocator"]
