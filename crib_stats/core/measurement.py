"""A measurement on the compute engine: the one protocol of every job that is cut into parts,
run by :func:`crib_stats.core.engine.run_shards` and kept part by part in a
:class:`~crib_stats.core.engine.ShardCache` (a killed run resumes), and of the committed files
such a job writes.

A measurement says four things and the protocol does the rest:

- its **parts**: :meth:`Measurement.parts`, the arguments of each part in order, and
  :meth:`Measurement.part`, a static function that computes one part's named arrays
  (:attr:`~Measurement.arrays`) wherever the engine runs it;
- its **cache key**: :meth:`Measurement.key`, everything that decides the answer (the request and
  the digest of the code that computes a part), so an edit never reads an old part;
- its **result**: :meth:`Measurement.result`, made from every part's arrays in part order (and
  the run's :class:`Run`: its seconds, the parts read from the cache), so the answer does not
  depend on the engine or on how many parts ran where;
- its **committed files**, when it has any: :attr:`~Measurement.files` and
  :meth:`Measurement.write`, which writes them into a data folder listed in its index.

:meth:`Measurement.run` is the result; :meth:`Measurement.write_committed` checks the folder,
runs and writes. The library's measurements that a command runs (``game --board-play``, the
rules of thumb of ``claims --recompute``) and the studies that only regenerate committed data
(the checkout's ``studies/``, ``make data``) are all written this way.

>>> import numpy as np
>>> from crib_stats.core.engine import bounds
>>> class Squares(Measurement):
...     name, cache, arrays = "squares", "doctest", ("x",)
...     def __init__(self, n): self.n = n
...     def parts(self): return [(lo, hi) for lo, hi in bounds(self.n, 2)]
...     @staticmethod
...     def part(lo, hi): return {"x": np.arange(lo, hi) ** 2}
...     def key(self): return {"n": self.n}
...     def result(self, parts, run): return joined(parts, self.arrays)["x"].tolist()
>>> Squares(5).run(cache_dir=False)
[0, 1, 4, 9, 16]
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, NamedTuple

import numpy as np

from crib_stats.core.engine import ShardCache, check_scheduler, run_shards

__all__ = ["Measurement", "Run", "joined"]


class Run(NamedTuple):
    """How a run went: its seconds, and how many of its parts were read from the cache."""

    seconds: float
    from_cache: int


class Measurement:
    """The protocol (see the module docstring). Subclasses set the class attributes and define
    :meth:`parts`, :meth:`part`, :meth:`key` and :meth:`result`; a committed one also
    :attr:`files` and :meth:`write`."""

    name: str = ""  # the cache folder's name (NAME-DIGEST) and the engine's tasks'
    cache: str = ""  # the kind of the user's cache folder it is kept under (runtime.disk.cache_root)
    arrays: tuple[str, ...] = ()  # the arrays a part returns
    files: tuple[str, ...] = ()  # the committed files :meth:`write` writes (names in a data folder)

    def parts(self) -> list[tuple]:
        """The arguments of every part, in order."""
        raise NotImplementedError

    @staticmethod
    def part(*args) -> dict[str, np.ndarray]:
        """One part's arrays (a static function: the engine may run it in another process)."""
        raise NotImplementedError

    def key(self) -> dict:
        """Everything that decides the parts: the request and the digest of the code."""
        raise NotImplementedError

    def result(self, parts: list[dict[str, np.ndarray]], run: Run):
        """The answer from every part's arrays, in part order, and how the run went."""
        raise NotImplementedError

    def write(self, out, result) -> None:
        """Write :attr:`files` from ``result`` into ``out`` (a :class:`crib_stats.core.io.OutputDir`,
        which lists each in the folder's index with the command that makes it)."""
        raise NotImplementedError(f"{type(self).__name__} has no committed files")

    def run(self, *, scheduler: str | None = None, workers: int | None = None, cache_dir=None,
            fresh: bool = False, progress: Callable[[int, int], None] | None = None):
        """The result, every part on the engine (this process unless ``scheduler``: see
        :class:`crib_stats.core.engine.Executor`); each part kept as it finishes under
        ``cache_dir`` (None: the user's cache, False: none), read back unless ``fresh``;
        ``progress(done, total)`` after the cache is read and after each part."""
        scheduler = check_scheduler(scheduler)
        start = time.perf_counter()
        if cache_dir is False:
            root = None
        elif cache_dir in (None, True):
            from crib_stats.runtime.disk import cache_root

            root = cache_root(self.cache)
        else:
            root = cache_dir
        cache = ShardCache(root, self.key(), name=self.name)
        tasks = [(type(self).part, *args) for args in self.parts()]
        cached: list[int] = []

        def counted(done: int, total: int) -> None:
            if not cached:  # the first report: the parts read from the cache
                cached.append(done)
            if progress is not None:
                progress(done, total)

        done = run_shards(cache, tasks, _part, self.arrays, scheduler, workers, fresh, counted, self.name)
        return self.result([done[i] for i in range(len(tasks))], Run(time.perf_counter() - start, cached[0]))

    def write_committed(self, data_dir, **engine) -> list[Path]:
        """Run (``engine``: :meth:`run`'s options) and write :attr:`files` into ``data_dir``,
        listed in its index; the folder is checked first, so a refusal costs no run. Returns
        the paths written."""
        from crib_stats.core.io import OutputDir

        check_scheduler(engine.get("scheduler"))  # a bad request refused before the folder is made
        OutputDir(data_dir, self.files)  # and a foreign file before the run
        result = self.run(**engine)
        out = OutputDir(data_dir, self.files)  # read afresh: the index may have changed meanwhile
        self.write(out, result)
        out.close()
        return out.written


def _part(part: Callable, *args) -> tuple[str, dict]:
    """One part as an engine task: its arrays, with the kernel sources' digest of the process
    that computed them (a worker running other sources is refused by the caller)."""
    from crib_stats.runtime.cache import source_digest

    return source_digest(), part(*args)


def joined(parts: list[dict[str, np.ndarray]], names) -> dict[str, np.ndarray]:
    """The parts' arrays ``names`` concatenated in part order (a part's rows after the last's).

    >>> joined([{"a": np.array([1, 2])}, {"a": np.array([3])}], ["a"])["a"].tolist()
    [1, 2, 3]
    """
    return {name: np.concatenate([p[name] for p in parts]) for name in names}
