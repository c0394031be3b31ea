"""The measurement behind the per-seat model: real random deals of twelve cards, each player
keeping by its sweep objective, the play of the two actual keeps and the actual crib, every
starter; and the committed sample (data/seats_sample.parquet, data/seats_summary.json).

>>> r = sample_deals(20, seed=1, policy="greedy")
>>> r.n, r.estimates["hand_dealer"].mean > 0
(20, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from pathlib import Path

import numpy as np

from crib_stats.kernels.constants import INVALID, JACK
from crib_stats.model.variants import HEELS as RULE_HEELS
from crib_stats.peg.tables import POLICIES, check_policy, multiset_row, play_table, value_matrix, values_of
from crib_stats.strategy.seats import (
    CRIB_MODELS, HEELS, PAIRINGS, SAMPLE, SEED_FIGURES, SUMMARY, SeatResult, check_crib_model, pair_factors,
    per_seat,
)
from crib_stats.core.cards import Card
from crib_stats.core.data import DATA_DIR
from crib_stats.core.exact import exact_items, frac_text
from crib_stats.core.io import OutputDir
from crib_stats.discard.analysis import evaluate


SAMPLE_COLUMNS = ("dealer_keep", "dealer_throw", "pone_keep", "pone_throw")


def choose(cards, role: str, crib_model: str = "random") -> tuple[list[int], list[int], Fraction, Fraction]:
    """(keep, throw, E[hand], E[crib]) of six card codes thrown by the sweep's objective for
    ``role`` and its tie rule (:data:`crib_stats.discard.sweep.TIE_RULE`): best objective, higher
    E[hand], lower thrown ranks (base 13), offsuit first, lower E[crib], sorted-card order.

    >>> keep, throw, hand, crib = choose([16, 17, 18, 43, 24, 32], "dealer")  # 5♣ 5♦ 5♥ J♠ 7♣ 9♣
    >>> throw, hand                                                          # 7♣ 9♣
    ([24, 32], Fraction(383, 23))
    """
    dealt = sorted(int(c) for c in cards)
    results = evaluate([Card.from_code(c) for c in dealt], role=role, crib_model=check_crib_model(crib_model))

    def key(i):
        r = results[i]
        ranks = sorted(c.code // 4 for c in r.throw)
        suited = len({c.code % 4 for c in r.throw}) == 1
        return (-r.net_ev, -r.hand_ev, ranks[0] * 13 + ranks[-1], suited, r.crib_ev, i)

    best = results[min(range(len(results)), key=key)]
    return [c.code for c in best.keep], [c.code for c in best.throw], best.hand_ev, best.crib_ev


def sample_records(n: int, seed: int = 0, crib_model: str = "random", progress=None):
    """n random deals (one ``numpy.random.default_rng(seed)`` permutation of the pack per deal:
    dealer the first six cards, pone the next six), each player keeping by :func:`choose`.
    A DataFrame, one row per deal: the keeps and throws (card codes) and each player's E[hand]
    and E[crib] under the crib model. The first k rows of n deals are the k deals of seed.
    ``progress(done, n)`` every 50 deals and at the end."""
    import pandas as pd  # lazy: pandas only when used

    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(int(n)):
        pack = rng.permutation(52)
        row = {}
        for role, cards in (("dealer", pack[:6]), ("pone", pack[6:12])):
            keep, throw, hand, crib = choose(cards, role, crib_model)
            row.update({f"{role}_keep": keep, f"{role}_throw": throw, f"{role}_hand_ev": frac_text(hand),
                        f"{role}_crib_ev": frac_text(crib)})
        rows.append(row)
        if progress is not None and (len(rows) % 50 == 0 or len(rows) == n):
            progress(len(rows), int(n))
    return pd.DataFrame(rows)


def deal_points(records) -> dict[str, np.ndarray]:
    """Points of every deal with every one of its 40 possible starters, (n, 40) int arrays:
    hand_dealer, hand_pone, crib (the two actual throws) and heels; and (n,) rows of the keeps."""
    from crib_stats.kernels.show import score_batch  # lazy: numba only when used

    keeps = {role: np.array([list(k) for k in records[f"{role}_keep"]], np.int64) for role in ("dealer", "pone")}
    crib = np.array([list(a) + list(b) for a, b in zip(records["dealer_throw"], records["pone_throw"])], np.int64)
    seen = np.concatenate([keeps["dealer"], keeps["pone"], crib], axis=1)
    starters = np.array([[c for c in range(52) if c not in set(row)] for row in seen.tolist()], np.int64)
    n = len(seen)

    def shows(cards, is_crib):
        rows = np.concatenate([np.repeat(cards, 40, axis=0), starters.reshape(-1, 1)], axis=1)
        return score_batch(rows, is_crib).astype(np.int64).sum(axis=1).reshape(n, 40)

    return {"hand_dealer": shows(keeps["dealer"], False), "hand_pone": shows(keeps["pone"], False),
            "crib": shows(crib, True), "heels": np.where(starters // 4 == JACK, RULE_HEELS, 0),
            "row_dealer": np.array([multiset_row([c // 4 for c in k]) for k in keeps["dealer"]]),
            "row_pone": np.array([multiset_row([c // 4 for c in k]) for k in keeps["pone"]])}


@dataclass(frozen=True)
class Estimate:
    """A sampled mean (exact over the sample: the per-deal figures are exact over the 40
    starters) with its standard error (sd of the per-deal figures / sqrt(n))."""

    mean: Fraction
    se: float
    n: int

    def as_dict(self) -> dict:
        return {**exact_items("mean", self.mean), "se": self.se, "n": self.n}


def _estimate(per_deal_sum: np.ndarray, per: int) -> Estimate:
    x = np.asarray(per_deal_sum, np.int64)
    n = len(x)
    sd = float(np.std(x / per, ddof=1)) if n > 1 else float("nan")
    return Estimate(Fraction(int(x.sum()), n * per), sd / sqrt(n), n)


@dataclass(frozen=True)
class SampleResult:
    """Sampled per-seat figures of n real deals (see :func:`sample_deals`)."""

    n: int
    seed: int
    policy: str
    crib_model: str
    estimates: dict  # name -> Estimate
    cross: dict  # "name/pairing" -> Estimate: the sample's keeps paired across deals
    distribution: dict  # seat or "value" -> {points: (deal, starter) outcomes}; 40 n outcomes

    def as_dict(self) -> dict:
        return {"n": self.n, "seed": self.seed, "policy": self.policy, "crib_model": self.crib_model,
                "starters_per_deal": 40,
                "estimates": {k: e.as_dict() for k, e in self.estimates.items()},
                "cross_deal_pairs": {k: e.as_dict() for k, e in self.cross.items()},
                "distribution": {k: {str(p): c for p, c in sorted(d.items())} for k, d in self.distribution.items()}}


def _cross(values: np.ndarray, pone_rows: np.ndarray, dealer_rows: np.ndarray, pairing: str) -> Estimate:
    """Mean of values[pone keep of deal a, dealer keep of deal b] over every a != b, weighed by
    the pairing: the sample's own keeps paired as the model pairs the sweep's. se from the
    first-order projection (each deal's keeps against all others, as pone and as dealer)."""
    a, s = pair_factors(pairing)
    w = a * s[:, None] * s[None, :]  # int64 <= 2304**2 * 12**4; times |v| <= 31 still fits
    wv = w * np.where(values == INVALID, 0, values).astype(np.int64)
    m = len(s)
    cp, cd = np.bincount(pone_rows, minlength=m), np.bincount(dealer_rows, minlength=m)

    def dot(x, y):  # exact, in Python integers
        return sum(int(p) * int(q) for p, q in zip(x, y))

    wv_d, w_d, cp_wv, cp_w = wv @ cd, w @ cd, cp @ wv, cp @ w  # int64: at most n * 3.5e12
    total = dot(cp, wv_d) - int(wv[pone_rows, dealer_rows].sum())
    count = dot(cp, w_d) - int(w[pone_rows, dealer_rows].sum())
    mean = Fraction(total, count)
    proj = wv_d[pone_rows] / w_d[pone_rows] + cp_wv[dealer_rows] / cp_w[dealer_rows] - 2 * float(mean)
    return Estimate(mean, float(np.std(proj, ddof=1)) / sqrt(len(pone_rows)), len(pone_rows))


def summarise(records, policy: str = "greedy", crib_model: str = "random", seed: int = -1,
              table=None) -> SampleResult:
    """The :class:`SampleResult` of sampled deals (:func:`sample_records`) under ``policy``, the
    play read from ``table`` (default: the committed play table of ``policy``)."""
    check_policy(policy)
    full = play_table(policy) if table is None else table
    values = value_matrix(policy) if table is None else values_of(table, policy)
    pts = deal_points(records)
    n = len(records)
    i, j = pts["row_pone"], pts["row_dealer"]
    per = {}  # name -> per-deal sums over the 40 starters
    if policy == "greedy":
        per["peg_pone"], per["peg_dealer"] = (40 * full[i, j, k].astype(np.int64) for k in (0, 1))
    per["peg_value"] = 40 * values[i, j].astype(np.int64)
    for name in ("hand_dealer", "hand_pone", "crib", "heels"):
        per[name] = pts[name].sum(axis=1)
    dealer = pts["hand_dealer"] + pts["crib"] + pts["heels"]
    seat = {"value": dealer - pts["hand_pone"] + per["peg_value"][:, None] // 40}
    if policy == "greedy":
        seat["dealer"] = dealer + per["peg_dealer"][:, None] // 40
        seat["pone"] = pts["hand_pone"] + per["peg_pone"][:, None] // 40
        per["total_dealer"], per["total_pone"] = seat["dealer"].sum(axis=1), seat["pone"].sum(axis=1)
    per["value"] = seat["value"].sum(axis=1)
    est = {k: _estimate(v, 40) for k, v in per.items()}
    for role in ("dealer", "pone"):  # the crib model's own view of each throw (exact per deal)
        ev = [Fraction(x) for x in records[f"{role}_crib_ev"]]
        sd = float(np.std([float(f) for f in ev], ddof=1)) if n > 1 else float("nan")
        est[f"crib_{role}_view"] = Estimate(sum(ev, Fraction(0)) / n, sd / sqrt(n), n)
    tables = {"peg_value": values}
    if policy == "greedy":
        tables.update(peg_pone=full[:, :, 0], peg_dealer=full[:, :, 1])
    cross = {f"{k}/{pairing}": _cross(t, i, j, pairing) for pairing in PAIRINGS for k, t in tables.items()}
    dist = {k: dict(zip(*[a.tolist() for a in np.unique(v, return_counts=True)])) for k, v in seat.items()}
    return SampleResult(n, seed, policy, crib_model, est, cross, dist)


def sample_deals(n: int, seed: int = 0, policy: str = "greedy", crib_model: str = "random",
                 table=None) -> SampleResult:
    """Deal n random twelve-card deals (fixed ``seed``), let each player keep by its sweep
    objective (:func:`choose`), and measure every per-seat figure: the play from the play table
    of the two actual keeps, the hands and the actual crib (both throws) over each deal's 40
    possible starters, his heels. ``cross`` pairs the sample's keeps across deals: the same
    marginals with the dependence within a deal removed.

    >>> r = sample_deals(2, seed=1)
    >>> r.n, r.estimates["total_dealer"].n, sum(r.distribution["dealer"].values())
    (2, 2, 80)
    """
    return summarise(sample_records(n, seed, crib_model), policy, crib_model, seed, table)


def compare(seat: SeatResult, sample: SampleResult) -> dict:
    """Model minus sample for every figure both have: {name: {model, sample, se, error, z}}."""
    out = {}
    pairs = [(name, e) for name, e in sample.estimates.items() if not name.startswith("crib_")]
    for name, e in pairs + [("crib_additive", sample.estimates["crib"])]:  # vs the actual crib
        model = getattr(seat, name, None)
        if model is not None:
            err = float(model - e.mean)
            out[name] = {"model": float(model), "sample": float(e.mean), "se": e.se, "error": err,
                         "z": err / e.se if e.se > 0 else None}
    return out


def summary(n: int = 10_000, seed: int = 0, records=None) -> dict:
    """Everything in data/seats_summary.json: the exact model figures for every crib model,
    policy and pairing, the sample of ``records`` (default: :func:`sample_records`) under each
    policy, the model's errors against it and the seeds' figures."""
    records = sample_records(n, seed) if records is None else records
    models, samples, errors = {}, {}, {}
    for policy in POLICIES:
        samples[policy] = summarise(records, policy, "random", seed)
        errors[policy] = {}
        for cm in CRIB_MODELS:
            for pairing in PAIRINGS:
                seat = per_seat(cm, policy, pairing=pairing)
                models.setdefault(cm, {}).setdefault(policy, {})[pairing] = seat.as_dict()
                errors[policy][f"{cm}/{pairing}"] = compare(seat, samples[policy])
    return {"variant": "six-card", "heels": exact_items("heels", HEELS), "seeds": SEED_FIGURES,
            "models": models, "sample": {"n": len(records), "seed": seed, "records": SAMPLE,
                                         **{p: s.as_dict() for p, s in samples.items()}},
            "model_minus_sample": errors}


def write(out, n: int = 10_000, seed: int = 0, records=None) -> list[Path]:
    """data/seats_sample.parquet (the sampled deals) and data/seats_summary.json into ``out``, an
    :class:`crib_stats.core.io.OutputDir` (atomic writes, listed in the tool's index) or a directory."""
    close = not isinstance(out, OutputDir)
    if close:
        out = OutputDir(out, [SAMPLE, SUMMARY])
    records = sample_records(n, seed) if records is None else records
    doc = summary(n, seed, records)
    command = f"crib-stats sweep --pegging greedy --sample {n} --seed {seed} --out DIR"
    paths = [out.write_with(SAMPLE, lambda fh: records.to_parquet(fh, index=False), command,
                            f"{n:,} random six-card deals (seed {seed}): each player's keep and throw by its sweep "
                            "objective", binary=True),
             out.write(SUMMARY, json.dumps(doc, indent=1) + "\n", command,
                       "the whole hand per seat: exact model figures and the sample's measurement (JSON)")]
    if close:
        out.close()
    return paths


def committed_sample():
    """The committed sampled deals (data/seats_sample.parquet) as :func:`sample_records` made them."""
    import pandas as pd  # lazy: pandas only when used

    frame = pd.read_parquet(DATA_DIR / SAMPLE)
    for c in SAMPLE_COLUMNS:
        frame[c] = frame[c].map(lambda a: [int(x) for x in a])
    return frame


def committed_sample_result(policy: str = "greedy") -> SampleResult | None:
    """:func:`summarise` of the committed deals (a second or two: no discard is recomputed), or
    None when there are none."""
    if not (DATA_DIR / SUMMARY).exists() or not (DATA_DIR / SAMPLE).exists():
        return None
    seed = json.loads((DATA_DIR / SUMMARY).read_text(encoding="utf-8"))["sample"]["seed"]
    return summarise(committed_sample(), policy, "random", seed)
