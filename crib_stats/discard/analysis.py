"""Best discard: every throw ranked by exact expected hand and crib value, with the spread.

>>> a = analyse("5h 5c 5d js 7c 9h", role="dealer")
>>> best = a.best
>>> format_cards(best.throw), format_cards(best.keep), best.hand_ev
('7♣ 9♥', '5♥ 5♣ 5♦ J♠', Fraction(383, 23))
>>> len(a.throws), a.outcomes_per_throw
(15, 45540)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from fractions import Fraction
from itertools import combinations
from math import sqrt
from typing import Iterable

import numpy as np

from crib_stats.core.cards import Card, CardError, check_disjoint, format_cards, parse, parse_n
from crib_stats.core.errors import CribStatsError
from crib_stats.discard.crib_base import CribModel
from crib_stats.discard.crib_models import get_model
from crib_stats.model.seats import ROLES
from crib_stats.model.variants import Variant, variant as get_variant
from crib_stats.peg.opponent import OPPONENT_ASSUMES
from crib_stats.peg.tables import check_policy
from crib_stats.peg.value import peg_evs



class DiscardError(CribStatsError):
    """Bad discard request (role, need)."""


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
    peg_ev: Fraction | None = None  # E[your play points - the opponent's], when the play is counted
    mean_only: bool = field(default=False, repr=False)  # a table crib model: E[crib] without a distribution

    @cached_property
    def hand_by_starter(self) -> dict[Card, int]:
        return {Card.from_code(c): h for c, h in zip(self.starters, self.hand_points)}

    @cached_property
    def crib_ev_by_starter(self) -> dict[Card, Fraction]:
        return {Card.from_code(c): Fraction(t, self.per_starter) for c, t in zip(self.starters, self.crib_sums)}

    @property
    def variance(self) -> Fraction | None:
        """Of the show's net points (None for a mean-only crib model)."""
        if self.mean_only:
            return None
        n = self.outcomes
        s1 = sum(x * c for x, c in self.net_counts.items())
        s2 = sum(x * x * c for x, c in self.net_counts.items())
        return Fraction(n * s2 - s1 * s1, n * n)

    @property
    def sd(self) -> float | None:
        return None if self.mean_only else sqrt(self.variance)

    @property
    def min(self) -> int | None:
        return None if self.mean_only else min(self.net_counts)

    @property
    def max(self) -> int | None:
        return None if self.mean_only else max(self.net_counts)

    def p_points_at_least(self, need: int, crib_is_yours: bool) -> Fraction:
        """P(the points you score in the show >= need): hand + crib when the crib is yours,
        the hand alone when it is an opponent's (the net subtracts their crib; you don't lose
        points for it). None when the crib is yours under a mean-only crib model."""
        if crib_is_yours:
            if self.mean_only:
                return None
            hits = sum(c for n, c in self.net_counts.items() if n >= need)
            return Fraction(hits, self.outcomes)
        return Fraction(sum(1 for h in self.hand_points if h >= need), len(self.hand_points))


def _validate(cards, role, variant, starter, need) -> tuple[tuple[Card, ...], Variant, Card | None]:
    v = get_variant(variant)
    hints = {6: "six cards are the two-player six-card game (--variant six-card)",
             5: "for five dealt cards use --variant five-card|three-player|four-player"}
    dealt = parse_n(cards, v.dealt, f"the {v.name} deal", {n: h for n, h in hints.items() if n != v.dealt})
    if role not in ROLES:
        raise DiscardError(f"role must be 'dealer' or 'pone', got {str(role)[:12]!r}")
    start = None
    if starter is not None:
        start = parse_n([starter] if isinstance(starter, Card) else starter, 1, "the starter")[0]
        check_disjoint(dealt, [start], "dealt cards", "starter")
    if need is not None:
        top = 2 * 29 if role == "dealer" else 29
        what = "hand + crib" if role == "dealer" else "the pone's hand alone"
        if not (0 <= need <= top):
            raise DiscardError(f"need N must be between 0 and {top} ({what} scores at most {top}), got {need}")
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
    *,
    role: str,
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
    mean_only = bool(getattr(res, "mean_only", False))
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
        mean_only=mean_only,
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
    sub = replace(v, dealt=len(known) + v.throw)
    res = model.outcomes(keeps, throws, unseen, sub, -1, 1)
    return _result(res, 0, thrown, known, unseen, 1)


@dataclass(frozen=True)
class DiscardAnalysis:
    """Every throw of one deal, best first for the role, with what produced it.

    ``throws`` are :class:`ThrowResult` rows ordered by net EV (ties: higher E[hand], then dealt
    order); with ``need`` given and ``rank_by="need"``, by P(points >= need) first. ``net`` is
    hand + crib for the dealer (four-player: your side deals) and hand - crib for the pone; with
    ``pegging`` (a play policy) it adds E[peg], the expected margin of the play, against the
    opponent keep model ``peg_opponent`` (None when not chosen: the random keep). The spread
    (sd, min, max) and P(>= need) are of the show alone.
    """

    dealt: tuple[Card, ...]
    role: str
    variant: str
    crib_model: str
    crib_model_description: str
    starter: Card | None
    need: int | None
    rank_by: str
    throws: tuple[ThrowResult, ...]
    pegging: str | None = None
    peg_opponent: str | None = None

    @property
    def peg_opponent_model(self) -> str | None:
        """The play's opponent keep model in use: ``peg_opponent``, or "random" when pegging
        without one chosen (None without pegging)."""
        if self.pegging is None:
            return None
        return self.peg_opponent or "random"

    @property
    def peg_opponent_assumes(self) -> str | None:
        """What the play's opponent keep model assumes, in one line (None without pegging)."""
        model = self.peg_opponent_model
        return None if model is None else OPPONENT_ASSUMES[model]

    @property
    def crib_is_yours(self) -> bool:
        return self.role == "dealer"

    @property
    def best(self) -> ThrowResult:
        return self.throws[0]

    @property
    def outcomes_per_throw(self) -> int:
        return self.throws[0].outcomes

    @property
    def mean_only(self) -> bool:
        """True for a table crib model: each throw's E[crib] without a distribution."""
        return self.throws[0].mean_only

    def p_need(self, r: ThrowResult) -> Fraction | None:
        """P(points you score in the show >= need) for one throw (None without ``need``)."""
        return None if self.need is None else r.p_points_at_least(self.need, self.crib_is_yours)

    def top(self, k: int | None) -> "DiscardAnalysis":
        """The same analysis keeping only the best k throws."""
        return replace(self, throws=self.throws[:k] if k else self.throws)

    def to_frame(self):
        """A DataFrame, one row per throw, best first: throw, keep (text), hand_ev, crib_ev,
        net_ev (floats), sd, min, max, their exact Fractions (``*_exact``) and, with ``need``,
        ``p_need`` and ``p_need_exact``."""
        import pandas as pd  # lazy: pandas only when used

        rows = []
        for r in self.throws:
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
            if r.peg_ev is not None:
                row["peg_ev"] = float(r.peg_ev)
                row["peg_ev_exact"] = r.peg_ev
            p = self.p_need(r)
            if p is not None:
                row["p_need"] = float(p)
                row["p_need_exact"] = p
            rows.append(row)
        return pd.DataFrame(rows)


RANK_BY = ("ev", "need")


def analyse(
    cards: str | Iterable[str | Card],
    *,
    role: str,
    variant: str | Variant = "six-card",
    crib_model: str | CribModel = "random",
    starter: str | Card | None = None,
    need: int | None = None,
    rank_by: str | None = None,
    pegging: str | None = None,
    peg_opponent: str | None = None,
) -> DiscardAnalysis:
    """Every throw of the dealt cards with exact outcomes, best first for the role.

    ``need`` adds P(the points you score in the show >= need) per throw (hand + crib for the
    dealer, the hand alone for the pone, who counts first); ``rank_by`` is "ev" (net EV) or
    "need" (that probability first, then net EV); it defaults to "need" when ``need`` is given.
    ``pegging`` ('greedy' or 'minimax', six-card game) adds each keep's exact E[peg] against an
    opponent whose four kept cards are uniform over the cards you have not seen
    (:func:`crib_stats.peg.value.peg_evs`) to the net. ``peg_opponent`` (with ``pegging``)
    chooses that opponent: "random" (the same as None) or "equilibrium", an opponent dealt six
    unseen cards who throws by the solved discard game's purified strategy for their role
    (what that assumes: :data:`crib_stats.peg.opponent.OPPONENT_ASSUMES`). It changes only the
    play's opponent; the crib is valued by ``crib_model``.

    >>> a = analyse("5h 6h 7c jd qs kd", role="dealer", pegging="greedy")
    >>> best = a.best
    >>> best.net_ev == best.hand_ev + best.crib_ev + best.peg_ev
    True
    >>> b = analyse("5h 6h 7c jd qs kd", role="dealer", pegging="greedy", peg_opponent="equilibrium")
    >>> b.peg_opponent_model, b.best.peg_ev.denominator <= 9366819    # C(46, 6) opponent hands
    ('equilibrium', True)
    """
    dealt, v, start = _validate(cards, role, variant, starter, need)
    if rank_by is None:
        rank_by = "need" if need is not None else "ev"
    if rank_by not in RANK_BY:
        raise DiscardError(f"rank_by must be ev or need, got {rank_by!r}")
    if rank_by == "need" and need is None:
        raise DiscardError("ranking by need requires need N")
    if peg_opponent is not None:
        from crib_stats.peg.opponent import check_opponent

        if pegging is None:
            raise DiscardError("an opponent keep model for the play (peg_opponent) needs pegging POLICY")
        check_opponent(peg_opponent)
    model = get_model(crib_model)
    results = evaluate(dealt, role=role, variant=v, crib_model=model, starter=start)
    if rank_by == "need" and role == "dealer" and results[0].mean_only:
        raise DiscardError(f"the {model.name} crib model gives each throw's mean crib only, so P(hand + crib >= "
                           f"{need}) is unknown; rank by EV (rank_by='ev') or use the random crib model")
    if pegging is not None:
        results = _with_pegging(results, dealt, role, v, pegging, peg_opponent or "random")
    yours = role == "dealer"

    def key(i: int):
        r = results[i]
        first = (-r.p_points_at_least(need, yours),) if rank_by == "need" else ()
        return first + (-r.net_ev, -r.hand_ev, i)

    order = sorted(range(len(results)), key=key)
    return DiscardAnalysis(
        dealt=dealt, role=role, variant=v.name, crib_model=model.name, crib_model_description=model.description,
        starter=start, need=need, rank_by=rank_by, throws=tuple(results[i] for i in order), pegging=pegging,
        peg_opponent=peg_opponent,
    )


def _with_pegging(results: list[ThrowResult], dealt, role: str, v: Variant, policy: str,
                  opponent: str) -> list[ThrowResult]:
    """Each throw with its keep's E[peg] under ``policy`` against ``opponent``, added to the net."""
    check_policy(policy)
    if v.name != "six-card":
        missing = {"five-card": "its play (3-card hands, ending at the first go)",
                   "three-player": "a play of three hands in turn (only two-player play is modelled)",
                   "four-player": "a play of four hands by partners (only two-player play is modelled)"}
        raise DiscardError(f"--pegging: E[peg] is modelled for the two-player six-card game; the {v.name} game "
                           f"needs {missing.get(v.name, 'its own play')}, which is not: leave out --pegging")
    pegs = peg_evs([c.code for c in dealt], [[c.code for c in r.keep] for r in results], role, policy, opponent)
    return [replace(r, peg_ev=p, net_ev=r.net_ev + p) for r, p in zip(results, pegs)]


__all__ = ["analyse", "evaluate", "crib_value", "DiscardAnalysis", "ThrowResult", "DiscardError", "CardError", "parse"]
