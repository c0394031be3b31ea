"""Best discard: every throw ranked by exact expected hand and crib value, with the spread.

>>> df = analyse("5h 5c 5d js 7c 9h", role="dealer")
>>> best = df.iloc[0]
>>> best["throw"], best["keep"], best["hand_ev_exact"]
('7♣ 9♥', '5♥ 5♣ 5♦ J♠', Fraction(383, 23))
>>> len(df), df.attrs["outcomes_per_throw"]
(15, 45540)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from fractions import Fraction
from itertools import combinations
from math import sqrt
from typing import Iterable

import numpy as np

from .cards import Card, CardError, check_disjoint, format_cards, parse, parse_n
from .crib_models import CribModel, get_model
from .errors import CribStatsError
from .rules import Variant, variant as get_variant

ROLES = ("dealer", "pone")


class DiscardError(CribStatsError):
    """Bad discard request (role, need, top)."""


@dataclass(frozen=True)
class ThrowResult:
    """Exact results for one throw. Per-starter views are built on first use."""

    throw: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand_ev: Fraction
    crib_ev: Fraction
    net_ev: Fraction
    net_counts: dict[int, int]  # net points -> number of equally likely outcomes
    outcomes: int
    crib_counts: dict[int, int]
    starters: tuple[int, ...] = field(repr=False)  # codes of the possible starters
    hand_points: tuple[int, ...] = field(repr=False)  # hand points for each of them
    crib_sums: tuple[int, ...] = field(repr=False)  # crib point sums for each of them
    per_starter: int = field(repr=False)  # crib outcomes per starter

    @cached_property
    def hand_by_starter(self) -> dict[Card, int]:
        return {Card.from_code(c): h for c, h in zip(self.starters, self.hand_points)}

    @cached_property
    def crib_ev_by_starter(self) -> dict[Card, Fraction]:
        return {Card.from_code(c): Fraction(t, self.per_starter) for c, t in zip(self.starters, self.crib_sums)}

    @property
    def variance(self) -> Fraction:
        n = self.outcomes
        s1 = sum(x * c for x, c in self.net_counts.items())
        s2 = sum(x * x * c for x, c in self.net_counts.items())
        return Fraction(n * s2 - s1 * s1, n * n)

    @property
    def sd(self) -> float:
        return sqrt(self.variance)

    @property
    def min(self) -> int:
        return min(self.net_counts)

    @property
    def max(self) -> int:
        return max(self.net_counts)

    def p_points_at_least(self, need: int, crib_is_yours: bool) -> Fraction:
        """P(the points you score in the show >= need): hand + crib when the crib is yours,
        the hand alone when it is an opponent's (the net subtracts their crib; you don't lose
        points for it)."""
        if crib_is_yours:
            hits = sum(c for n, c in self.net_counts.items() if n >= need)
            return Fraction(hits, self.outcomes)
        return Fraction(sum(1 for h in self.hand_points if h >= need), len(self.hand_points))


def _validate(cards, role, variant, starter, need) -> tuple[tuple[Card, ...], Variant, Card | None]:
    v = get_variant(variant)
    dealt = parse_n(cards, v.dealt, f"the {v.name} deal")
    if role not in ROLES:
        raise DiscardError(f"role must be dealer or pone (give --dealer or --pone), got {role!r}")
    start = None
    if starter is not None:
        start = parse_n([starter] if isinstance(starter, Card) else starter, 1, "the starter")[0]
        check_disjoint(dealt, [start], "dealt cards", "starter")
    if need is not None and not (0 <= need <= 2 * 29):
        raise DiscardError(f"need N must be between 0 and 58 (points from one show), got {need}")
    return dealt, v, start


def throws_of(dealt: tuple[Card, ...], v: Variant) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Every distinct (throw, keep) split of the dealt cards, in dealt order."""
    out = []
    for idx in combinations(range(len(dealt)), v.throw):
        throw = tuple(dealt[i] for i in idx)
        keep = tuple(c for i, c in enumerate(dealt) if i not in idx)
        out.append((throw, keep))
    return out


def evaluate(
    cards: str | Iterable[str | Card],
    role: str = "dealer",
    variant: str | Variant = "six-card",
    crib_model: str | CribModel = "random",
    starter: str | Card | None = None,
) -> list[ThrowResult]:
    """Exact results for every throw, in dealt order (see :func:`analyse` for the table)."""
    dealt, v, start = _validate(cards, role, variant, starter, None)
    model = get_model(crib_model)
    splits = throws_of(dealt, v)
    keeps = np.array([[c.code for c in k] for _, k in splits], dtype=np.int64)
    throws = np.array([[c.code for c in t] for t, _ in splits], dtype=np.int64)
    held = {c.code for c in dealt}
    unseen = np.array([code for code in range(52) if code not in held], dtype=np.int64)
    sign = 1 if role == "dealer" else -1
    res = model.outcomes(keeps, throws, unseen, v, -1 if start is None else start.code, sign)
    return [_result(res, i, throw, keep, unseen, sign) for i, (throw, keep) in enumerate(splits)]


def _result(res, i: int, throw, keep, unseen: np.ndarray, sign: int) -> ThrowResult:
    """Exact Fractions and distributions for throw ``i`` of a model's integer tallies."""
    hand_row = res.hand_by_starter[i]
    live = np.nonzero(hand_row >= 0)[0]
    n_starters = len(live)
    outcomes = n_starters * res.per_starter
    hand_ev = Fraction(int(hand_row[live].sum()), n_starters)
    crib_ev = Fraction(int(res.crib_sum_by_starter[i].sum()), outcomes)
    return ThrowResult(
        throw=tuple(throw),
        keep=tuple(keep),
        hand_ev=hand_ev,
        crib_ev=crib_ev,
        net_ev=hand_ev + sign * crib_ev,
        net_counts={j - res.net_offset: c for j, c in enumerate(res.net_hist[i].tolist()) if c},
        outcomes=outcomes,
        crib_counts={j: c for j, c in enumerate(res.crib_hist[i].tolist()) if c},
        starters=tuple(unseen[live].tolist()),
        hand_points=tuple(hand_row[live].tolist()),
        crib_sums=tuple(res.crib_sum_by_starter[i, live].tolist()),
        per_starter=res.per_starter,
    )


def crib_value(
    throw: str | Iterable[str | Card],
    kept: str | Iterable[str | Card] = (),
    variant: str | Variant = "six-card",
    crib_model: str | CribModel = "random",
) -> ThrowResult:
    """Exact crib outcomes of throwing ``throw`` when only ``kept`` (possibly nothing) is known.

    The other crib cards and the starter come from every card not in ``throw`` or ``kept``.
    ``.crib_ev`` is the exact expected crib value; ``.crib_counts`` its distribution.

    >>> crib_value("5c 5d").crib_ev > crib_value("kc 9d").crib_ev
    True
    """
    v = get_variant(variant)
    thrown = parse_n(throw, v.throw, f"a {v.name} throw")
    known = parse(kept)
    check_disjoint(thrown, known, "throw", "kept cards")
    if len(known) > v.kept:
        raise DiscardError(f"at most {v.kept} kept cards in the {v.name} game, got {len(known)}")
    model = get_model(crib_model)
    held = {c.code for c in thrown + known}
    unseen = np.array([code for code in range(52) if code not in held], dtype=np.int64)
    keeps = np.array([[c.code for c in known]], dtype=np.int64).reshape(1, len(known))
    throws = np.array([[c.code for c in thrown]], dtype=np.int64)
    sub = Variant(v.name, v.players, len(known) + v.throw, v.throw, v.crib_from_deck, v.game, v.partners)
    res = model.outcomes(keeps, throws, unseen, sub, -1, 1)
    return _result(res, 0, thrown, known, unseen, 1)


def analyse(
    cards: str | Iterable[str | Card],
    role: str = "dealer",
    variant: str | Variant = "six-card",
    crib_model: str | CribModel = "random",
    starter: str | Card | None = None,
    need: int | None = None,
):
    """Every throw of the dealt cards as a DataFrame, best first for the role.

    Columns: throw, keep (cards as text), hand_ev, crib_ev, net_ev (floats), their exact
    Fractions (``*_exact``), sd, min, max of the net points, and with ``need`` the probability
    ``p_need`` (and ``p_need_exact``) of scoring at least that many points in the show.
    ``net = hand + crib`` for the dealer (in the four-player game: your side deals) and
    ``hand - crib`` for the pone. ``df.attrs['results']`` holds the :class:`ThrowResult` rows.
    """
    import pandas as pd

    dealt, v, start = _validate(cards, role, variant, starter, need)
    results = evaluate(dealt, role, v, crib_model, start)
    order = sorted(range(len(results)), key=lambda i: (-results[i].net_ev, -results[i].hand_ev, i))
    results = [results[i] for i in order]
    rows = []
    for r in results:
        row = {
            "throw": format_cards(r.throw),
            "keep": format_cards(r.keep),
            "hand_ev": float(r.hand_ev),
            "crib_ev": float(r.crib_ev),
            "net_ev": float(r.net_ev),
            "sd": r.sd,
            "min": r.min,
            "max": r.max,
            "hand_ev_exact": r.hand_ev,
            "crib_ev_exact": r.crib_ev,
            "net_ev_exact": r.net_ev,
        }
        if need is not None:
            p = r.p_points_at_least(need, role == "dealer")
            row["p_need"] = float(p)
            row["p_need_exact"] = p
        rows.append(row)
    df = pd.DataFrame(rows)
    df.attrs.update(
        dealt=format_cards(dealt),
        role=role,
        variant=v.name,
        crib_model=get_model(crib_model).name,
        starter=None if start is None else str(start),
        need=need,
        crib_is_yours=role == "dealer",
        outcomes_per_throw=results[0].outcomes,
        results=results,
    )
    return df


def to_json(df) -> dict:
    """The JSON object of the CLI: dealt, role, variant, crib_model and the throws, best first."""

    def frac(f: Fraction) -> str:
        return f"{f.numerator}/{f.denominator}"

    throws = []
    for row in df.to_dict("records"):
        item = {
            "throw": row["throw"],
            "keep": row["keep"],
            "hand_ev": row["hand_ev"],
            "crib_ev": row["crib_ev"],
            "net_ev": row["net_ev"],
            "hand_ev_exact": frac(row["hand_ev_exact"]),
            "crib_ev_exact": frac(row["crib_ev_exact"]),
            "net_ev_exact": frac(row["net_ev_exact"]),
            "sd": row["sd"],
            "min": int(row["min"]),
            "max": int(row["max"]),
        }
        if "p_need" in row:
            item["p_need"] = row["p_need"]
            item["p_need_exact"] = frac(row["p_need_exact"])
        throws.append(item)
    a = df.attrs
    return {
        "dealt": a["dealt"].split(),
        "role": a["role"],
        "variant": a["variant"],
        "crib_model": a["crib_model"],
        "starter": a["starter"],
        "need": a["need"],
        "outcomes_per_throw": a["outcomes_per_throw"],
        "throws": throws,
    }


__all__ = ["analyse", "evaluate", "crib_value", "to_json", "ThrowResult", "DiscardError", "CardError", "parse"]
