"""crib-stats: exact cribbage hand statistics, discard analysis and the play.

The public API is the names below, resolved lazily: ``import crib_stats`` imports none of the
subpackages (nor numba, pandas or matplotlib); the first use of a name imports its module, and
numba compiles or loads a kernel only when a computation first needs it (see
:mod:`crib_stats.kernels`).

>>> import crib_stats
>>> crib_stats.score("5h 5c 5s jd", "5d").total
29
>>> crib_stats.parse("5h 10♥ Td")[1] == crib_stats.Card(9, 2)   # 10♥ and T♦ are both tens
True
>>> sorted(set(__all__) - set(dir(crib_stats))) == []
True
"""

from __future__ import annotations

from importlib import import_module

__version__ = "0.1.0"

# public name -> the module that defines it (one line a name, by layer)
_API = {
    # core: cards, rules, errors, the data locator
    "Card": "crib_stats.core.cards",
    "parse": "crib_stats.core.cards",
    "CardError": "crib_stats.core.cards",
    "CribStatsError": "crib_stats.core.errors",
    "variant": "crib_stats.model.variants",
    "VARIANTS": "crib_stats.model.variants",
    "data_file": "crib_stats.core.data",
    # the play
    "count_points": "crib_stats.peg.pegging",
    "play": "crib_stats.peg.pegging",
    "best_play": "crib_stats.peg.pegging",
    "policy_play": "crib_stats.peg.pegging",
    "extremes": "crib_stats.peg.extremes",
    "peg_evs": "crib_stats.peg.value",
    "peg_ev": "crib_stats.peg.value",
    # the show
    "score": "crib_stats.show.scoring",
    "Breakdown": "crib_stats.show.scoring",
    "distribution": "crib_stats.show.enumeration",
    "summary": "crib_stats.show.enumeration",
    "deal_odds": "crib_stats.show.deals",
    "dealer_show_max": "crib_stats.show.maxima",
    "dealer_total_max": "crib_stats.show.maxima",
    # the discard
    "analyse": "crib_stats.discard.analysis",
    "DiscardAnalysis": "crib_stats.discard.analysis",
    "crib_value": "crib_stats.discard.analysis",
    "get_model": "crib_stats.discard.crib_models",
    "run_sweep": "crib_stats.discard.sweep",
    # the solved discard game and the per-seat models
    "per_seat": "crib_stats.strategy.seats",
    # the game: the play advisor
    "advise": "crib_stats.game.advise",
    "Advice": "crib_stats.game.advise",
}

__all__ = sorted(_API) + ["__version__"]


def __getattr__(name: str):
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module 'crib_stats' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_API))
