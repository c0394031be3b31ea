"""Exhaustive score distributions, exact means, and the odds of the top hands.

Two independent methods produce every table: ``brute`` scores every (hand, starter)
combination in a parallel numba kernel; ``ranks`` works from rank multisets and counts the
suit patterns for flush and nobs combinatorially. Tests assert they agree to the last count.

>>> s = summary("hand")
>>> s.combinations, s.mean, s.max_score, s.n_max, s.impossible
(12994800, Fraction(60759, 12740), 29, 4, (19, 25, 26, 27))
>>> round(float(s.mean), 2)
4.77
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, sqrt

import numpy as np

from .errors import CribStatsError

TABLES = {
    # name: (hand cards, crib rules, json key, description)
    "hand": (4, False, "hand", "4-card hand + starter, hand rules"),
    "crib": (4, True, "crib", "4-card crib + starter, crib rules (5-card flush only)"),
    "five-card": (3, False, "five_card_hand", "3-card hand + starter, five-card game"),
}
METHODS = ("brute", "ranks")


class EnumerationError(CribStatsError):
    """Unknown table or method name."""


@lru_cache(maxsize=None)
def _rank_table(n: int) -> np.ndarray:
    from . import _kernels

    return _kernels.rank_table(n)


@lru_cache(maxsize=None)
def _hands(k: int) -> np.ndarray:
    from . import _kernels

    return _kernels.combinations(52, k)


def _check(table: str, method: str) -> tuple[int, bool]:
    if table not in TABLES:
        raise EnumerationError(f"unknown table {table!r}; choose one of {', '.join(TABLES)}")
    if method not in METHODS:
        raise EnumerationError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    k, crib, _, _ = TABLES[table]
    return k, crib


def histograms(k: int, method: str = "brute") -> tuple[np.ndarray, np.ndarray]:
    """(hand-rules, crib-rules) histograms over every (k-card hand, starter), indexed by score."""
    from . import _kernels

    if method == "brute":
        return _kernels.enumerate_hands(_rank_table(k + 1), _hands(k))
    return _kernels.enumerate_ranks(_rank_table(k + 1), k)


def counts(table: str = "hand", method: str = "brute") -> np.ndarray:
    """Exact number of combinations scoring 0..max for one table (int64, trailing zeros cut)."""
    k, crib = _check(table, method)
    hist = histograms(k, method)[1 if crib else 0]
    top = int(np.nonzero(hist)[0].max())
    return hist[: top + 1].copy()


@dataclass(frozen=True)
class Summary:
    table: str
    description: str
    counts: tuple[int, ...]
    combinations: int
    mean: Fraction
    variance: Fraction
    max_score: int
    n_max: int
    impossible: tuple[int, ...]

    @property
    def sd(self) -> float:
        return sqrt(self.variance)

    @property
    def json_key(self) -> str:
        return TABLES[self.table][2]

    def as_dict(self) -> dict:
        return {
            "counts": list(self.counts),
            "combinations": self.combinations,
            "mean": f"{self.mean.numerator}/{self.mean.denominator}",
            "mean_decimal": float(self.mean),
            "sd": self.sd,
            "variance": f"{self.variance.numerator}/{self.variance.denominator}",
            "max": self.max_score,
            "n_max": self.n_max,
            "impossible_scores": list(self.impossible),
        }


def summarise(table: str, hist: np.ndarray) -> Summary:
    """Exact summary of a histogram indexed by score."""
    cnt = [int(x) for x in hist]
    total = sum(cnt)
    point_sum = sum(s * c for s, c in enumerate(cnt))
    square_sum = sum(s * s * c for s, c in enumerate(cnt))
    mean = Fraction(point_sum, total)
    variance = Fraction(square_sum, total) - mean * mean
    top = max(s for s, c in enumerate(cnt) if c)
    impossible = tuple(s for s in range(top) if cnt[s] == 0)
    return Summary(table, TABLES[table][3], tuple(cnt[: top + 1]), total, mean, variance, top, cnt[top], impossible)


def summary(table: str = "hand", method: str = "brute") -> Summary:
    return summarise(table, counts(table, method))


def distribution(table: str = "hand", method: str = "brute"):
    """The table as a DataFrame: score, count, probability, p_at_least (P(score >= s)).

    Exact values are in the ``probability_exact`` column (Fractions) and ``df.attrs['summary']``.

    >>> df = distribution("crib")
    >>> int(df["count"].sum()), df.attrs["summary"].mean
    (12994800, Fraction(1025467, 216580))
    """
    return frame(summary(table, method))


def frame(summ: Summary):
    """The DataFrame of :func:`distribution` for a Summary already computed."""
    import pandas as pd

    total = summ.combinations
    cnt = list(summ.counts)
    at_least = [sum(cnt[s:]) for s in range(len(cnt))]
    df = pd.DataFrame(
        {
            "score": range(len(cnt)),
            "count": cnt,
            "probability": [c / total for c in cnt],
            "p_at_least": [a / total for a in at_least],
            "probability_exact": [Fraction(c, total) for c in cnt],
        }
    )
    df.attrs["summary"] = summ
    return df


# ---------------------------------------------------------------------------------------------
# Odds of the top hands, in several framings
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Odds:
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

    def as_dict(self, n: int = 5) -> dict:
        return {
            "framing": self.framing,
            "combinations": self.combinations,
            "counts": list(self.counts),
            "top": [
                {"score": s, "count": c, "one_in": float(f), "one_in_exact": f"{f.numerator}/{f.denominator}"}
                for s, c, f in self.top(n)
            ],
        }


def _trim(hist: np.ndarray) -> tuple[int, ...]:
    cnt = [int(x) for x in hist]
    top = max(s for s, c in enumerate(cnt) if c)
    return tuple(cnt[: top + 1])


@lru_cache(maxsize=None)
def deal_odds(dealt: int, keep: int) -> Odds:
    """Best keep of ``dealt`` cards for each starter, over every (dealt cards, starter) pair."""
    from . import _kernels

    table = _rank_table(keep + 1)
    index, rows, with_card = _kernels.best_keep_rank_rows(table, dealt, keep)
    hist = _kernels.best_keep_hist(table, np.arange(13, dtype=np.int64), dealt, keep, index, rows, with_card)
    total = comb(52, dealt) * (52 - dealt)
    framings = {
        (6, 4): ("six_card_deal", "two-player six-card deal: best 4 of 6 kept for the starter"),
        (5, 4): ("five_card_deal", "three- or four-player deal of 5: best 4 of 5 kept for the starter"),
        (5, 3): ("five_card_game_deal", "five-card game deal: best 3 of 5 kept for the starter"),
    }
    key, text = framings.get((dealt, keep), (f"deal_{dealt}_keep_{keep}", f"deal of {dealt}: best {keep} kept"))
    text += f" (C(52,{dealt}) x {52 - dealt} = {total:,} deals)"
    return Odds(key, text, int(hist.sum()), _trim(hist))


def odds(deals: bool = True) -> list[Odds]:
    """Top-hand odds: a random hand and crib, and (with ``deals``) the best keep of a deal."""
    hand = summary("hand")
    crib = summary("crib")
    out = [
        Odds("random_hand", "a random 4-card hand + starter (C(52,4) x 48 = 12,994,800)", hand.combinations, hand.counts),
        Odds("random_crib", "a random 4-card crib + starter, crib rules (12,994,800)", crib.combinations, crib.counts),
    ]
    if deals:
        out += [deal_odds(6, 4), deal_odds(5, 4), deal_odds(5, 3)]
    return out


def odds_frame(framings: list[Odds]):
    """Every reachable score of every framing: framing, score, count, combinations, one_in."""
    import pandas as pd

    rows = [
        {"framing": o.key, "score": s, "count": c, "combinations": o.combinations,
         "one_in": float(Fraction(o.combinations, c))}
        for o in framings
        for s, c in enumerate(o.counts)
        if c
    ]
    return pd.DataFrame(rows)


def format_one_in(f: Fraction) -> str:
    """'1 in 216,580' for a whole number, else one decimal: '1 in 15,028.1'."""
    if f.denominator == 1:
        return f"1 in {f.numerator:,}"
    return f"1 in {float(f):,.1f}"
