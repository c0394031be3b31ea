"""The play advisor's constant kernel inputs, per variant and discard policy: the objective's
rank memo, the kept multisets, the equilibrium's thrown ranks, the policy of each seat and the
per-machine table of every hand's keep (:mod:`crib_stats.game.advise` asks them)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from crib_stats.model.variants import variant as get_variant



FULL = tuple(range(13))


@lru_cache(maxsize=4)
def kernel_tables(variant_name: str, discard: str, deck: tuple[int, ...] = FULL) -> dict:
    """The rank memo of the objective (kept on disk: it takes a second to build), the kept
    multisets and, for ``equilibrium``, the thrown ranks per rank multiset and seat; ``deck``
    the ranks of the pack (all four suits of each; the tests use a reduced pack)."""
    import sys

    from crib_stats.runtime.disk import disk_cached
    from crib_stats.core.tables import rank_table
    from crib_stats.discard import shards
    from crib_stats.game.model import rank_throws
    from crib_stats.kernels.combinatorics import combinations

    v = get_variant(variant_name)

    def compute():
        m = shards.memo(v.name, deck)
        return m["index"], m["rank_hand"], m["rank_crib"], m["keep_index"], m["keep_sets"]

    name = f"advise-memo-{v.name}" + ("" if deck == FULL else "-" + "-".join(map(str, deck)))
    index, rank_hand, rank_crib, keep_index, keep_sets = disk_cached(
        name, compute, modules=[sys.modules[__name__], shards])
    if discard == "equilibrium":
        from crib_stats.game import model
        from crib_stats.peg import opponent

        (throws_by_rank,) = disk_cached("advise-equilibrium", lambda: (rank_throws("equilibrium", index),),
                                        modules=[model, opponent, shards], inputs=[opponent.STRATEGY_PATH])
    else:
        throws_by_rank = np.full((2, 1), -1, np.int64)
    return dict(index=index, rank_hand=rank_hand, rank_crib=rank_crib, keep_index=keep_index, deck=deck,
                n_deck_ranks=len(deck), jack_in_deck=10 in deck,
                keep_sets=np.ascontiguousarray(keep_sets, np.int64), rank_throws=throws_by_rank,
                throws=combinations(v.dealt, v.throw), hand_table=rank_table(v.kept + 1), crib_table=rank_table(5))


def policy(variant_name: str, discard: str, role: int, deck: tuple[int, ...] = FULL):
    """The kernels' :class:`crib_stats.kernels.posterior.Policy` of seat ``role`` (1 the
    opponent deals, 2 they are the pone) from :func:`kernel_tables`."""
    from crib_stats.kernels.posterior import Policy  # lazy: numba only when used

    v = get_variant(variant_name)
    k = kernel_tables(v.name, discard, deck)
    return Policy(v.dealt, role, k["index"], k["rank_hand"], k["rank_crib"], k["throws"], k["n_deck_ranks"],
                  k["jack_in_deck"], v.others_to_crib, k["rank_throws"], k["keep_index"])


@lru_cache(maxsize=4)
def hand_keeps(variant_name: str, discard: str, role: int, deck: tuple[int, ...] = FULL):
    """The kept multiset of every hand of the pack under the policy for seat ``role`` (1 the
    opponent deals, 2 they are the pone), by :func:`crib_stats.kernels.keeps.keep_table`:
    computed once per machine (seconds) and kept beside the compiled kernels; a
    :class:`crib_stats.kernels.keeps.KeepTable`."""
    import sys

    from crib_stats.runtime.disk import disk_cached
    from crib_stats.discard import shards
    from crib_stats.kernels import keeps  # lazy: numba only when used
    from crib_stats.kernels.combinatorics import rank_multisets

    v = get_variant(variant_name)
    k = kernel_tables(v.name, discard, deck)
    multisets = rank_multisets(v.dealt, np.array(deck, np.int64))
    masks = np.zeros(13, np.int64)
    masks[list(deck)] = 15

    name = f"advise-keeps-{v.name}-{discard}-{role}" + ("" if deck == FULL else "-" + "-".join(map(str, deck)))
    arrays = disk_cached(name, lambda: keeps.keep_arrays(multisets, masks, policy(v.name, discard, role, deck)),
                         modules=[sys.modules[__name__], shards])
    return keeps.keep_table_of(multisets, masks, k["keep_sets"], arrays)


def rank_counts(cards) -> np.ndarray:
    """How many of each rank ``cards`` hold (13 counts)."""
    c = np.zeros(13, np.int64)
    for x in cards:
        c[x.rank] += 1
    return c
