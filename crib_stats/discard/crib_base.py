"""The interface every crib model answers (:class:`Outcomes`, :class:`CribModel`) and the exact
random model.

A model answers one question for the optimiser: for each candidate throw, what are the exact
outcomes of the show (hand and crib, sharing the starter) over everything the player cannot
see? It returns integer tallies (:class:`Outcomes`); the optimiser turns them into exact
Fractions, spreads and tables, so a new model (a table of crib values, a strategic opponent)
only has to produce the same tallies.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from crib_stats.core.errors import CribStatsError
from crib_stats.core.tables import rank_table
from crib_stats.kernels.constants import NET_OFFSET
from crib_stats.model.variants import Variant


# a process without numba tallies this many deals in numpy, then loads the kernel (RandomCrib): the
# load (numba's import and the cached kernel, about 0.5 s warm) costs about 25 numpy tallies of
# 20 ms, the break-even measured on two cores (a loop of 20,000 deals: 21.5 ms a deal in numpy,
# 3.7 ms with the kernel)
SWITCH_AFTER = 25


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
    one from each opponent and one from the pack; four-player: the other three throws.

    Two other crib cards are tallied by the numba kernel once numba is loaded in the process,
    and in numpy (:mod:`crib_stats.kernels.crib_np`) before, for the first
    :data:`SWITCH_AFTER` deals of a process: loading numba and its kernel costs a process that
    analyses one deal (``crib-stats discard``) more than that whole tally (about 0.5 s against
    20 ms), while a process that has paid it tallies a deal 6 to 30 times faster with the kernel.
    So the rule: a process that has loaded numba (the web server, a sweep, a notebook that ran
    another kernel) uses the kernel; one that has not tallies its first :data:`SWITCH_AFTER`
    deals in numpy and from the next one on loads the kernel and uses it (a loop over many
    deals pays the load once, about what 25 tallies in numpy cost). ``jit`` True or False
    chooses the kernel or numpy whatever is loaded. The tallies are the same, bit for bit."""

    name = "random"
    description = "other crib cards uniformly random among the unseen cards"
    tallied_in_numpy = 0  # deals this process has tallied in numpy (the rule above)

    def __init__(self, jit: bool | None = None):
        self.jit = jit

    def outcomes(self, keeps, throws, unseen, variant, starter, sign):
        hand_table = rank_table(variant.kept + 1)
        crib_table = rank_table(5)
        jit = self.jit
        if jit is None:
            jit = "numba" in sys.modules or RandomCrib.tallied_in_numpy >= SWITCH_AFTER
        if variant.others_to_crib == 2 and not jit:
            from crib_stats.kernels import crib_np  # plain numpy: no numba in this process

            h, cs, per, ch, nh = crib_np.discard_random_pairs(
                keeps, throws, unseen, int(starter), hand_table, crib_table, int(sign)
            )
            if self.jit is None:
                RandomCrib.tallied_in_numpy += 1
            return Outcomes(h, cs, int(per), ch, nh, NET_OFFSET)
        from crib_stats.kernels import crib  # lazy: numba only when used
        from crib_stats.kernels.jit import one_thread

        if variant.others_to_crib == 2:
            # one deal: smaller than a thread team's start-up; a Ctrl-C inside the kernel is
            # raised when it returns
            with one_thread():
                h, cs, per, ch, nh = crib.discard_random_pairs(
                    keeps, throws, unseen, int(starter), hand_table, crib_table, int(sign)
                )
        else:
            h, cs, per, ch, nh = crib.discard_random(
                keeps, throws, unseen, variant.others_to_crib, int(starter), hand_table, crib_table, int(sign)
            )
        return Outcomes(h, cs, int(per), ch, nh, NET_OFFSET)
