"""What the rank-level crib model of the discard game costs against full card conditioning:
the exact E[crib] of every card throw of random six-card deals, every opponent hand throwing by
the solved strategy, crib flush and nobs scored (:func:`card_removal_error`). The deals run as
slices on the sweep engine, each finished slice kept, so a killed measurement resumes."""

from __future__ import annotations

import numpy as np

from crib_stats.strategy.equilibrium import Solution, game
from crib_stats.core.cards import Card, format_cards
from crib_stats.core.engine import Executor, ShardCache, bounds, checked
from crib_stats.core.tables import rank_table


def exact_cribs_shard(deck_ranks: tuple[int, ...], deals: np.ndarray, stack: np.ndarray) -> tuple[str, np.ndarray]:
    """The exact E[crib] of every card throw of ``deals`` against the strategies ``stack``
    (:func:`crib_stats.kernels.equilibrium.exact_cribs`), with the kernel digest; runs here or
    on a Dask worker."""
    from crib_stats.kernels import equilibrium as ke  # lazy: numba only when used
    from crib_stats.runtime.cache import source_digest
    from crib_stats.runtime.interrupt import run_released

    g = game(tuple(deck_ranks))
    deck = np.array([r * 4 + s for r in g.deck_ranks for s in range(4)], np.int64)
    # one deal is about 10 s in one call: run where a Ctrl-C reaches Python at once
    return source_digest(), run_released(ke.exact_cribs, deals, deck, ke.rank_rows(g.counts), g.tkeys, g.nt, stack,
                                         rank_table(5))


def card_removal_error(sol: Solution, n_deals: int = 200, seed: int = 2026, *, executor=None, shards: int = 1,
                       cache_root=None, progress=None):
    """What the rank-level model costs against full card conditioning, on ``n_deals`` random
    six-card deals for each role: for every two-card throw, the model's E[crib] (rank-level
    conditioning, nobs a quarter per jack, no flush) minus the exact E[crib] with every opponent
    hand from the other 46 cards throwing by the solved strategy (a rank pair by its rank
    multiset's probabilities, each card pair of those ranks equally likely), every starter
    from the last 40, crib flush and nobs scored. Returns a DataFrame, one row per deal and
    throw: role, deal, throw, model, exact, error.

    The deals run as ``shards`` slices on ``executor`` (see :func:`solve`); with ``cache_root``
    each finished slice is kept there, keyed by the deals, the strategies and the kernels, so a
    killed measurement resumes. ``progress(done, shards)`` after each slice.
    """
    import pandas as pd  # lazy: pandas only when used
    from itertools import combinations

    from crib_stats.kernels import equilibrium as ke  # lazy: numba only when used
    from crib_stats.runtime.cache import source_digest

    g = sol.game
    deck = np.array([r * 4 + s for r in g.deck_ranks for s in range(4)], np.int64)
    rng = np.random.default_rng(seed)
    deals = np.sort(np.array([rng.choice(deck, 6, replace=False) for _ in range(n_deals)]), axis=1)
    index = ke.rank_rows(g.counts)
    stack = np.ascontiguousarray(np.stack([sol.sigma_pone, sol.sigma_dealer]))
    # keyed by the inputs' bytes and the code that shapes a slice: the kernels, this module
    # (exact_cribs_shard), the game of crib_stats.strategy.equilibrium and the rank tables
    import sys

    from crib_stats.strategy import equilibrium
    from crib_stats.core import tables
    from crib_stats.runtime.cache import content_digest

    key = {"deck_ranks": list(g.deck_ranks), "kernels": source_digest(),
           "content": content_digest([sys.modules[__name__], equilibrium, tables], [stack.tobytes(), deals.tobytes()]),
           "shards": shards}
    cache = ShardCache(cache_root, key, name="card-removal")
    spans = bounds(n_deals, shards)
    parts: dict[int, np.ndarray] = {}
    for i in range(shards):
        got = cache.load_arrays(i, ["exact"])
        if got is not None:
            parts[i] = got["exact"]
    todo = [i for i in range(shards) if i not in parts]

    def finish(k: int, result) -> None:
        parts[todo[k]] = checked(result)
        cache.save_arrays(todo[k], {"exact": parts[todo[k]]})
        if progress is not None:
            progress(len(parts), shards)

    tasks = [(g.deck_ranks, deals[lo:hi], stack) for lo, hi in (spans[i] for i in todo)]
    (executor or Executor()).run(exact_cribs_shard, tasks, finish, name="card-removal")
    both = np.concatenate([parts[i] for i in range(shards)], axis=1)
    rows = []
    for exact, role, model in zip(both, ("dealer", "pone"), (sol.crib_vs_pone, sol.crib_vs_dealer)):
        for d, deal in enumerate(deals.tolist()):
            ranks = [c >> 2 for c in deal]
            key_ = 0
            for r in ranks:
                key_ = key_ * 13 + r
            hand = index[key_]
            for t, (i, j) in enumerate(combinations(range(6), 2)):
                col = int(np.nonzero(g.tkeys[hand] == ranks[i] * 13 + ranks[j])[0][0])
                rows.append({"role": role, "deal": format_cards(Card.from_code(c) for c in deal),
                             "throw": format_cards((Card.from_code(deal[i]), Card.from_code(deal[j]))),
                             "model": model[hand, col], "exact": exact[d, t]})
    df = pd.DataFrame(rows)
    df["error"] = df.model - df.exact
    return df
