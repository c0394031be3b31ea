"""Derived tables shared by several modules, computed once per process by the kernels.

>>> int(rank_table(5)[(((4 * 13 + 4) * 13 + 4) * 13 + 10) * 13 + 4])   # 5 5 5 J 5: 16 + 12
28
>>> hands(4).shape
(270725, 4)
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from crib_stats.runtime.disk import disk_cached


@lru_cache(maxsize=None)
def rank_table(n: int) -> np.ndarray:
    """Fifteens + pairs + runs of every tuple of n ranks, indexed by base-13 digits (computed by
    the kernel once per machine and kept beside the compiled kernels: loading a compiled kernel
    costs a process more than reading 13**n bytes)."""
    def compute():
        from crib_stats.kernels import show  # lazy: numba only when used

        return (show.rank_table(n),)

    (table,) = disk_cached(f"rank_table_{n}", compute)
    return table


@lru_cache(maxsize=None)
def hands(k: int) -> np.ndarray:
    """Every k-card hand from the pack as sorted card codes, (C(52, k), k)."""
    from crib_stats.kernels import combinatorics  # lazy: numba only when used

    return combinatorics.combinations(52, k)


@lru_cache(maxsize=None)
def suit_classes(dealt: int, deck_ranks: tuple[int, ...] = tuple(range(13))) -> tuple[np.ndarray, np.ndarray]:
    """One deal of ``dealt`` cards per class under renaming the suits, with the class sizes.

    >>> deals, weights = suit_classes(2)
    >>> len(deals), int(weights.sum())   # pairs: same rank (13) or two ranks x suited or not
    (169, 1326)
    """
    from crib_stats.kernels import deals as kd  # lazy: numba only when used

    def compute():
        maskmap, revkey = kd.suit_permutation_tables()
        return kd.suit_classes(np.array(deck_ranks, np.int64), dealt, maskmap, revkey)

    key = f"suit_classes_{dealt}_" + "_".join(str(r) for r in deck_ranks)
    deals, weights = disk_cached(key, compute)
    return deals, weights
