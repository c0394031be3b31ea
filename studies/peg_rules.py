"""The play's rules of thumb measured at the committed size (``data/pegging_rules.npz``, which
``crib-stats claims`` reads): :class:`crib_stats.game.peg_rules.PegRules` over each rule's
budget of real deals (:data:`BUDGETS`), and the file it is written as (read back by
:func:`crib_stats.game.peg_rules.committed`)."""

from __future__ import annotations

import json

import numpy as np

from crib_stats.game.peg_rules import COMMITTED, DEFAULT_SEED, PegRules, Records

# deals per rule, chosen from a pilot's spread so that every rule's standard error is at most
# 0.05 points and the committed run (2 workers) takes under ten minutes on the 2-core machine
BUDGETS = {"six-on-four": 4000, "high-first": 230, "save-aces": 1000, "lone-ace": 2800, "no-pair": 3800,
           "pair-lead": 540, "five-lead": 1200, "no-run": 1000}


class CommittedPegRules(PegRules):
    """:class:`~crib_stats.game.peg_rules.PegRules` at :data:`BUDGETS`, written as
    ``data/pegging_rules.npz`` (every record's arrays, and the seed, the budgets and the seconds
    as JSON bytes, ``meta``)."""

    files = (COMMITTED,)

    def __init__(self, budgets: dict | None = None, seed: int = DEFAULT_SEED, shards: int | None = None):
        super().__init__(BUDGETS if budgets is None else budgets, seed, shards)

    def write(self, out, result: Records) -> None:
        arrays = dict(result.arrays)
        meta = {"seed": self.seed, "budgets": result.budgets, "seconds": round(result.seconds, 1)}
        arrays["meta"] = np.frombuffer(json.dumps(meta, sort_keys=True).encode(), np.uint8)
        out.write_with(COMMITTED, lambda fh: np.savez_compressed(fh, **arrays),
                       f"scripts/regenerate_data.py: studies.peg_rules.CommittedPegRules(seed={self.seed})"
                       ".write_committed(DIR)",
                       "the play's rules of thumb (seed 001) measured: per rule, every situation of its budget of real "
                       "deals (objective discards, greedy play) where it applies, the best following and breaking "
                       "cards and their exact values by crib-stats advise (crib-stats claims reads it)", binary=True)
