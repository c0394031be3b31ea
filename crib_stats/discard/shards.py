"""The sweep's shards: one shard is a slice of a variant's suit classes, its result the integer
:class:`Tallies` of those deals (:func:`run_shard`), cached under :func:`cache_key`; the sweep
runs them as a measurement on the engine (:class:`crib_stats.discard.sweep.Sweep`).

>>> Tallies.empty(3, 2, 4) + Tallies.empty(3, 2, 4) == Tallies.empty(3, 2, 4)
True
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, fields
from functools import lru_cache

import numpy as np

from crib_stats.core.tables import rank_table
from crib_stats.kernels.constants import HAND_BINS, JACK
from crib_stats.model.variants import Variant, variant as get_variant

ROLES = ("hand", "dealer", "pone")  # hand-only, dealer (own crib), pone (opponent's crib)
SHARD_CALLS = 4  # kernel calls per sweep shard (a Ctrl-C waits for the call it arrives in)


@dataclass(frozen=True, eq=False)
class Tallies:
    """Integer accumulators of a set of deals, per role (rows: hand-only, dealer, pone).

    totals (3, 11): deals, hand sum, crib sum, objective sum, deals where the choice is not
    hand-optimal, gain over the hand-only choice, ties (best objective), ties after E[hand],
    ties across throw keys, deals throwing other ranks than the hand-only choice, gain over
    the role's best hand-optimal throw (see :mod:`crib_stats.kernels.sweep`); throw_count/hand/crib (3, K)
    by throw key; keep_count/hand (3, M) by kept rank multiset; hand_bins (3, 60).
    """

    totals: np.ndarray
    throw_count: np.ndarray
    throw_hand: np.ndarray
    throw_crib: np.ndarray
    keep_count: np.ndarray
    keep_hand: np.ndarray
    hand_bins: np.ndarray

    @classmethod
    def empty(cls, n_keys: int, n_keeps: int, n_totals: int = 11) -> "Tallies":
        z = lambda n: np.zeros((len(ROLES), n), np.int64)  # noqa: E731
        return cls(z(n_totals), z(n_keys), z(n_keys), z(n_keys), z(n_keeps), z(n_keeps), z(HAND_BINS))

    def arrays(self) -> dict[str, np.ndarray]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def __add__(self, other: "Tallies") -> "Tallies":
        return Tallies(**{k: v + getattr(other, k) for k, v in self.arrays().items()})

    def __eq__(self, other) -> bool:
        if not isinstance(other, Tallies):
            return NotImplemented
        return all(np.array_equal(v, getattr(other, k)) for k, v in self.arrays().items())

    __hash__ = None  # type: ignore[assignment]


# ------------------------------------------------------------------------------------------
# One shard (runs in this process or on a Dask worker)
# ------------------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def memo(variant_name: str, deck_ranks: tuple[int, ...]) -> dict:
    """The rank memo and the constant kernel arguments of a variant on a deck (per process)."""
    from crib_stats.kernels import sweep as ks  # lazy: numba only when used

    v = get_variant(variant_name)
    deck = np.array(deck_ranks, np.int64)
    index, rank_hand, rank_crib = ks.rank_memo(deck, v.dealt, v.throw, v.others_to_crib,
                                               rank_table(v.kept + 1), rank_table(5))
    keep_index, keep_sets = ks.keep_rows(v.kept, deck)
    return dict(index=index, rank_hand=rank_hand, rank_crib=rank_crib, keep_index=keep_index,
                keep_sets=keep_sets, n_keys=2 * 13**v.throw)


def run_shard(variant_name: str, deck_ranks: tuple[int, ...], deals: np.ndarray,
              weights: np.ndarray) -> dict[str, np.ndarray]:
    """The arrays of the :class:`Tallies` of one slice of suit classes."""
    from crib_stats.kernels import sweep as ks  # lazy: numba only when used

    v = get_variant(variant_name)
    m = memo(variant_name, tuple(deck_ranks))
    names = [f.name for f in fields(Tallies)]
    total = None
    step = max(1, -(-len(deals) // SHARD_CALLS))
    for lo in range(0, len(deals), step) or [0]:  # integer tallies: the pieces add up exactly
        out = ks.sweep_chunks(deals[lo:lo + step], weights[lo:lo + step], m["index"], m["rank_hand"],
                              m["rank_crib"], v.throw, len(deck_ranks), JACK in deck_ranks, v.others_to_crib,
                              m["keep_index"], m["keep_sets"].shape[0], m["n_keys"])
        part = Tallies(**dict(zip(names, out)))
        total = part if total is None else total + part
    return total.arrays()


def cache_key(v: Variant, crib_model: str, deck_ranks: tuple[int, ...], shards: int) -> dict:
    """What decides a sweep's shards: the request, and the digest of the code that computes a
    shard (the kernels; this module's :func:`run_shard` and :func:`memo`; the suit classes and
    rank tables of :mod:`crib_stats.core.tables`; the variant table of :mod:`crib_stats.model.variants`)."""
    from crib_stats.core import tables
    from crib_stats.model import variants as rules
    from crib_stats.runtime.cache import content_digest, source_digest

    return {"variant": v.name, "crib_model": crib_model, "deck_ranks": list(deck_ranks),
            "code": content_digest([sys.modules[__name__], tables, rules]), "kernels": source_digest(),
            "shards": shards}
