"""Exhaustive score distributions and their exact means (the odds of the top hands are in
:mod:`crib_stats.show.deals`).

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
from math import sqrt

import numpy as np

from crib_stats.core.errors import CribStatsError
from crib_stats.core.tables import hands, rank_table

TABLES = {
    # name: (hand cards, crib rules, json key, description)
    "hand": (4, False, "hand", "4-card hand + starter, hand rules"),
    "crib": (4, True, "crib", "4-card crib + starter, crib rules (5-card flush only)"),
    "five-card": (3, False, "five_card_hand", "3-card hand + starter, five-card game"),
}
METHODS = ("brute", "ranks")


class EnumerationError(CribStatsError):
    """Unknown table or method name."""


def _check(table: str, method: str) -> tuple[int, bool]:
    if table not in TABLES:
        raise EnumerationError(f"unknown table {table!r}; choose one of {', '.join(TABLES)}")
    if method not in METHODS:
        raise EnumerationError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    k, crib, _, _ = TABLES[table]
    return k, crib


def histograms(k: int, method: str = "brute") -> tuple[np.ndarray, np.ndarray]:
    """(hand-rules, crib-rules) histograms over every (k-card hand, starter), indexed by score."""
    from crib_stats.kernels import distributions  # lazy: numba only when used

    if method == "brute":
        return distributions.enumerate_hands(rank_table(k + 1), hands(k))
    return distributions.enumerate_ranks(rank_table(k + 1), k)


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
    """The exact score distribution of ``table`` (``hand``, ``crib`` or ``five-card``) over
    every combination, as a :class:`Summary`: counts by score, the exact mean and variance
    (``fractions.Fraction``), the maximum and the impossible scores. ``method``: ``brute``
    (every combination through the scorer) or ``ranks`` (rank multisets, suits counted); the
    two agree to the last count.

    >>> s = summary("hand")
    >>> s.combinations, s.mean, s.max_score, s.impossible
    (12994800, Fraction(60759, 12740), 29, (19, 25, 26, 27))
    """
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
    import pandas as pd  # lazy: pandas only when used

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
