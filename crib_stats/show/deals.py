"""Odds of the top hands in every framing: a random hand or crib, and the best keep of a deal.

>>> o = deal_odds(5, 4)
>>> o.key, o.combinations, o.counts[29]
('three-four-player-deal', 122151120, 188)
>>> format_one_in(o.top(1)[0][2])
'1 in 649,740'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

import numpy as np

from crib_stats.runtime.disk import disk_cached
from crib_stats.core.tables import rank_table, suit_classes
from crib_stats.show.enumeration import summary


@dataclass(frozen=True)
class Odds:
    """A histogram of the top score over ``combinations`` equally likely cases."""

    key: str
    framing: str
    combinations: int
    counts: tuple[int, ...]

    def top(self, n: int = 5) -> list[tuple[int, int, Fraction]]:
        """The n highest reachable scores: (score, count, one-in as an exact Fraction)."""
        out = []
        for s in range(len(self.counts) - 1, -1, -1):
            if self.counts[s]:
                out.append((s, self.counts[s], Fraction(self.combinations, self.counts[s])))
                if len(out) == n:
                    break
        return out


def _trim(hist: np.ndarray) -> tuple[int, ...]:
    cnt = [int(x) for x in hist]
    top = max(s for s, c in enumerate(cnt) if c)
    return tuple(cnt[: top + 1])


FRAMINGS = {
    # (dealt, keep): (key, description)
    (6, 4): ("six-card-deal", "two-player six-card deal: best 4 of 6 kept for the starter"),
    (5, 4): ("three-four-player-deal", "three- or four-player deal of 5: best 4 of 5 kept for the starter"),
    (5, 3): ("five-card-deal", "five-card game deal: best 3 of 5 kept for the starter"),
}


@lru_cache(maxsize=None)
def deal_odds(dealt: int, keep: int) -> Odds:
    """Best keep of ``dealt`` cards for each starter, over every (dealt cards, starter) pair."""
    from crib_stats.kernels import deals as kd  # lazy: numba only when used

    def compute():
        table = rank_table(keep + 1)
        index, rows, with_card = kd.best_keep_rank_rows(table, dealt, keep)
        classes, weights = suit_classes(dealt)
        return (kd.best_keep_hist(table, np.arange(13, dtype=np.int64), classes, weights, keep, index, rows,
                                  with_card),)

    import sys

    (hist,) = disk_cached(f"deal_odds_{dealt}_{keep}", compute, modules=[sys.modules[__name__]])
    total = comb(52, dealt) * (52 - dealt)
    key, text = FRAMINGS.get((dealt, keep), (f"deal-{dealt}-keep-{keep}", f"deal of {dealt}: best {keep} kept"))
    text += f" (C(52,{dealt}) x {52 - dealt} = {total:,} deals)"
    return Odds(key, text, int(hist.sum()), _trim(hist))


def odds(deals: bool = True) -> list[Odds]:
    """Top-hand odds: a random hand and crib, and (with ``deals``) the best keep of a deal."""
    hand = summary("hand")
    crib = summary("crib")
    out = [
        Odds("random-hand", "a random 4-card hand + starter (C(52,4) x 48 = 12,994,800)", hand.combinations, hand.counts),
        Odds("random-crib", "a random 4-card crib + starter, crib rules (12,994,800)", crib.combinations, crib.counts),
    ]
    if deals:
        out += [deal_odds(6, 4), deal_odds(5, 4), deal_odds(5, 3)]
    return out


def format_one_in(f: Fraction) -> str:
    """'1 in 216,580' for a whole number, else one decimal: '1 in 15,028.1'."""
    if f.denominator == 1:
        return f"1 in {f.numerator:,}"
    return f"1 in {float(f):,.1f}"
