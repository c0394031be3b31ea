"""Crib value models behind one small interface.

A model answers one question for the optimiser: for each candidate throw, what are the exact
outcomes of the show (hand and crib, sharing the starter) over everything the player cannot
see? It returns integer tallies (:class:`Outcomes`); the optimiser turns them into exact
Fractions, spreads and tables, so a new model (a table of crib values, a strategic opponent)
only has to produce the same tallies.

>>> sorted(NAMES)
['equilibrium', 'hessel', 'random']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from .errors import CribStatsError
from .rules import Variant


class CribModelError(CribStatsError):
    """Unknown crib model."""


@dataclass(frozen=True)
class Outcomes:
    """Integer tallies for T throws over U unseen cards (possible starters).

    hand_by_starter: (T, U) hand points for each starter, -1 where the starter is excluded;
    crib_sum_by_starter: (T, U) sum of crib points over the crib outcomes for that starter;
    per_starter: crib outcomes per starter (equally likely);
    crib_hist: (T, 30) crib points histogram over all outcomes;
    net_hist: (T, bins) histogram of hand + sign * crib, index = net + net_offset.
    """

    hand_by_starter: np.ndarray
    crib_sum_by_starter: np.ndarray
    per_starter: int
    crib_hist: np.ndarray
    net_hist: np.ndarray
    net_offset: int


class CribModel(Protocol):
    name: str
    description: str

    def outcomes(self, keeps: np.ndarray, throws: np.ndarray, unseen: np.ndarray, variant: Variant,
                 starter: int, sign: int) -> Outcomes:
        """Tallies for every throw; ``starter`` is a fixed starter code or -1 for all unseen."""
        ...


class RandomCrib:
    """Every other crib card is uniformly random among the unseen cards (full card removal);
    the starter is uniform over the rest. Two-player: the opponent's two cards; three-player:
    one from each opponent and one from the pack; four-player: the other three throws."""

    name = "random"
    description = "other crib cards uniformly random among the unseen cards"

    def outcomes(self, keeps, throws, unseen, variant, starter, sign):
        from .kernels import crib
        from .kernels.constants import NET_OFFSET
        from .tables import rank_table

        hand_table = rank_table(variant.kept + 1)
        crib_table = rank_table(5)
        if variant.others_to_crib == 2:
            h, cs, per, ch, nh = crib.discard_random_pairs(
                keeps, throws, unseen, int(starter), hand_table, crib_table, int(sign)
            )
        else:
            h, cs, per, ch, nh = crib.discard_random(
                keeps, throws, unseen, variant.others_to_crib, int(starter), hand_table, crib_table, int(sign)
            )
        return Outcomes(h, cs, int(per), ch, nh, NET_OFFSET)


MODELS: dict[str, CribModel] = {m.name: m for m in (RandomCrib(),)}


# table models (crib_tables.py), loaded on first use; ``table:FILE`` reads a user's CSV
NAMES = ("random", "hessel", "equilibrium")


def get_model(name: str | CribModel) -> CribModel:
    """The model called ``name``: random, hessel, equilibrium or table:FILE (a CSV in Hessel's
    format: r1,r2,dealer_own_crib,pone_into_dealer_crib)."""
    if not isinstance(name, str):
        return name
    text = name.strip()
    key = text.lower()
    if key.startswith("table:"):
        from .crib_tables import file_model

        return file_model(text[len("table:"):].strip())
    if key not in MODELS and key in NAMES:
        from . import crib_tables

        MODELS[key] = crib_tables.hessel_model() if key == "hessel" else crib_tables.equilibrium_model()
    if key not in MODELS:
        raise CribModelError(f"unknown crib model {name!r}; choose one of {', '.join(NAMES)} or table:FILE.csv")
    return MODELS[key]
