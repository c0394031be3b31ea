"""The whole hand, per seat: the play, the show and his heels of the six-card two-player game.

Model (``per_seat``): each player throws by its sweep objective (dealer max E[hand] + E[crib],
pone max E[hand] - E[crib], under ``crib_model``) over every deal; the means of the hands and
of the crib come from the sweep, exactly. The play needs both kept hands together, which the
sweep does not hold: the pair is approximated at rank level by ``pairing``:

- ``fit``: the dealer's kept multiset j drawn from the sweep's dealer keeps (weights w_d(j) =
  deals keeping j), the pone's i from the pone keeps, independently, kept only when the two fit
  in one pack (i_r + j_r <= 4 for every rank r), renormalised: weight w_p(i) w_d(j) [fit];
- ``removal``: as ``fit``, but each hand is given uniformly random suits and the pair is kept
  when the eight cards are distinct: weight w_p(i) w_d(j) prod_r C(4 - j_r, i_r) / C(4, i_r).

Either is exact arithmetic on a stated approximation; :func:`sample_deals` measures both on
real deals (``removal``, the default, is far closer: see data/seats_summary.json). The crib is
the dealer's E[crib] under the crib model (the pone's throw random); the pone's view (the
dealer's throw random) and an additive estimate of the crib both throws make (``crib_additive``
= dealer's view + pone's view - E[crib of four random cards]) are given too. His heels: the
starter is uniform over the 52 cards whatever either player keeps, so E[heels] = 2 x 4/52 = 2/13.

>>> r = per_seat("random", "greedy")
>>> r.total_dealer == r.peg_dealer + r.hand_dealer + r.crib + HEELS, r.value > 0
(True, True)
>>> per_seat("random", "minimax").peg_dealer is None      # only dealer - pone is defined
True
"""

from __future__ import annotations

import json
import textwrap
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, prod, sqrt
from pathlib import Path

import numpy as np

from .errors import CribStatsError
from .playvalue import INVALID, POLICIES, check_policy, multiset_row, multisets, play_table, value_matrix

CRIB_MODELS = ("random",)  # the sweep's models; equilibrium joins when the sweep supports it
PAIRINGS = ("fit", "removal")
HEELS = Fraction(2 * 4, 52)  # 2 points when the starter is one of the four jacks
DATA_DIR = Path(__file__).resolve().parent.parent / "data"
SUMMARY = "seats_summary.json"
SAMPLE = "seats_sample.parquet"
# the seeds' real-play figures (seeds/000: "Cribbage games statistics"), quoted, not computed
SEED_FIGURES = {"peg_dealer": 3.5, "peg_pone": 2.1, "hand_dealer": 7.95, "hand_pone": 8.10, "crib": 4.65,
                "total_dealer": 16.0, "total_pone": 10.0}
SEED_FIGURES.update(peg_value=SEED_FIGURES["peg_dealer"] - SEED_FIGURES["peg_pone"],
                    value=SEED_FIGURES["total_dealer"] - SEED_FIGURES["total_pone"])


class SeatsError(CribStatsError):
    """Bad input to a per-seat function (one-line message)."""


def _frac(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}"


def exact_items(name: str, x) -> dict:
    """The house JSON convention: ``x`` as a float under ``name``, "p/q" under ``name_exact``.

    >>> exact_items("mean", Fraction(1, 3))
    {'mean': 0.3333333333333333, 'mean_exact': '1/3'}
    """
    if x is None:
        return {name: None, name + "_exact": None}
    return {name: float(x), name + "_exact": _frac(Fraction(x))}


def check_crib_model(name: str) -> str:
    if name not in CRIB_MODELS:
        raise SeatsError(f"unknown crib model {name!r} for the per-seat figures: choose {', '.join(CRIB_MODELS)}")
    return name


@dataclass(frozen=True)
class SweepFigures:
    """What the seats need from a six-card sweep: exact means and the keep weights (1820,)."""

    crib_model: str
    deals: int
    hand_dealer: Fraction
    crib_dealer: Fraction  # E[crib] of the dealer's throw, the other two random
    hand_pone: Fraction
    crib_pone: Fraction  # E[crib] of the pone's throw, the other two random
    keeps_dealer: np.ndarray
    keeps_pone: np.ndarray


def _weights(pairs) -> np.ndarray:
    """(1820,) int64 deals per kept multiset from (ranks, deals) pairs."""
    w = np.zeros(len(multisets()), np.int64)
    for ranks, n in pairs:
        w[multiset_row(ranks)] += int(n)
    return w


def figures_from_sweep(result) -> SweepFigures:
    """:class:`SweepFigures` of a :class:`crib_stats.sweep.SweepResult` (any deck)."""
    from .engine import ROLES

    if result.variant != "six-card":
        raise SeatsError(f"the seats are the six-card game's, got a {result.variant} sweep")
    ranks = [[r for r in range(13) for _ in range(int(k[r]))] for k in result.keep_sets]
    keeps = {role: _weights(zip(ranks, result.tallies.keep_count[ROLES.index(role)])) for role in ("dealer", "pone")}
    d, p = result.role("dealer"), result.role("pone")
    return SweepFigures(result.crib_model, result.deals, d.mean_hand, d.mean_crib, p.mean_hand, p.mean_crib,
                        keeps["dealer"], keeps["pone"])


@lru_cache(maxsize=None)
def committed_figures(crib_model: str = "random", data_dir: Path = DATA_DIR) -> SweepFigures:
    """:class:`SweepFigures` read from the committed sweep (sweep_summary.json, keeps table)."""
    import pandas as pd

    from .cards import RANK_NAMES

    s = json.loads((data_dir / "sweep_summary.json").read_text(encoding="utf-8"))["six-card"]
    if s["crib_model"] != check_crib_model(crib_model):
        raise SeatsError(f"the committed sweep is for the {s['crib_model']} crib model, not {crib_model}")
    k = pd.read_parquet(data_dir / "sweep_six-card_keeps.parquet")
    keeps = {role: _weights(([RANK_NAMES.index(x) for x in text.split()], n)
                            for text, n in zip(k.loc[k["role"] == role, "keep"], k.loc[k["role"] == role, "deals"]))
             for role in ("dealer", "pone")}
    r = s["roles"]
    return SweepFigures(crib_model, int(s["deals"]), Fraction(r["dealer"]["mean_hand_exact"]),
                        Fraction(r["dealer"]["mean_crib_exact"]), Fraction(r["pone"]["mean_hand_exact"]),
                        Fraction(r["pone"]["mean_crib_exact"]), keeps["dealer"], keeps["pone"])


@lru_cache(maxsize=None)
def pair_factors(pairing: str) -> tuple[np.ndarray, np.ndarray]:
    """(A, s): integer pair factors A[i, j] (pone row i, dealer row j) and per-row scales s so
    the pairing's weight of (i, j) is proportional to w_p(i) s(i) w_d(j) s(j) A[i, j].

    fit: A = [fit], s = 1. removal: A = prod_r C(4, i_r) C(4 - i_r, j_r) (ways to give both hands
    distinct cards), s = 2304 / prod_r C(4, i_r) (2304 = lcm of those products), so that
    s(i) s(j) A[i, j] is proportional to prod_r C(4 - j_r, i_r) / C(4, i_r).

    >>> a, s = pair_factors("removal"); i = multiset_row([4, 4, 4, 4])   # 5 5 5 5
    >>> int(a[i, i]), int(s[i])         # 4 + 4 fives cannot both be held; C(4, 4) = 1
    (0, 2304)
    >>> int(a[multiset_row([1, 2, 3, 4]), multiset_row([5, 5, 5, 5])])  # 2 3 4 5 v 6 6 6 6: 4**4
    256
    """
    if pairing not in PAIRINGS:
        raise SeatsError(f"unknown pairing {pairing!r}: choose {' or '.join(PAIRINGS)}")
    m = multisets().astype(np.int64)
    fit = (m[:, None, :] + m[None, :, :] <= 4).all(axis=2)
    if pairing == "fit":
        return fit.astype(np.int64), np.ones(len(m), np.int64)
    ways = np.array([[comb(4, a) * comb(4 - a, b) if a + b <= 4 else 0 for b in range(5)] for a in range(5)])
    factor = np.ones((len(m), len(m)), np.int64)
    for r in range(13):
        factor *= ways[m[:, r][:, None], m[:, r][None, :]]
    own = np.array([prod(comb(4, int(x)) for x in row) for row in m], np.int64)
    return factor, 2304 // own


def pair_mean(values: np.ndarray, w_pone: np.ndarray, w_dealer: np.ndarray, pairing: str) -> tuple[Fraction, Fraction]:
    """(E[values] under the pairing, the share of independent pairs kept) as exact Fractions;
    ``values[i, j]`` for pone row i, dealer row j (INVALID where they do not fit)."""
    a, s = pair_factors(pairing)
    v = np.where(values == INVALID, 0, values).astype(np.int64)
    wp = np.asarray(w_pone, np.int64) * s
    wd = np.asarray(w_dealer, np.int64) * s
    rows = (a * v) @ wd  # int64: |v| <= 31, a <= 12**4, sum(wd) <= 2304 * C(52, 6)
    norm = a @ wd
    top = sum(int(x) * int(y) for x, y in zip(wp, rows))
    bottom = sum(int(x) * int(y) for x, y in zip(wp, norm))
    unit = 1 if pairing == "fit" else 2304 ** 2  # s(i) s(j) A[i, j] / unit: P(the pair is kept)
    independent = int(np.asarray(w_pone, np.int64).sum()) * int(np.asarray(w_dealer, np.int64).sum())
    return Fraction(top, bottom), Fraction(bottom, independent * unit)


@dataclass(frozen=True)
class SeatResult:
    """Mean points per deal of each seat (exact Fractions under the stated model)."""

    crib_model: str
    policy: str
    pairing: str
    deals: int
    peg_dealer: Fraction | None  # None under minimax: only dealer - pone is defined
    peg_pone: Fraction | None
    peg_value: Fraction  # dealer - pone in the play
    hand_dealer: Fraction
    crib: Fraction  # the dealer's E[crib] (the pone's throw random)
    crib_pone_view: Fraction  # E[crib] of the pone's throw (the dealer's throw random)
    hand_pone: Fraction
    heels: Fraction
    pairs_kept: Fraction  # share of independent keep pairs the pairing keeps
    crib_random: Fraction  # E[crib] of four random cards (neither throw reasoned)

    @property
    def crib_additive(self) -> Fraction:
        """The crib both throws make, estimated additively: each player's reasoned throw moves
        the random crib by its own amount, crib + crib_pone_view - crib_random."""
        return self.crib + self.crib_pone_view - self.crib_random

    @property
    def show_dealer(self) -> Fraction:
        return self.hand_dealer + self.crib

    @property
    def show_pone(self) -> Fraction:
        return self.hand_pone

    @property
    def total_dealer(self) -> Fraction | None:
        return None if self.peg_dealer is None else self.peg_dealer + self.show_dealer + self.heels

    @property
    def total_pone(self) -> Fraction | None:
        return None if self.peg_pone is None else self.peg_pone + self.show_pone

    @property
    def value(self) -> Fraction:
        """The value of the deal: the dealer's points minus the pone's."""
        return self.peg_value + self.show_dealer + self.heels - self.show_pone

    FIGURES = ("peg_dealer", "peg_pone", "peg_value", "hand_dealer", "crib", "crib_pone_view", "crib_random",
               "crib_additive", "show_dealer", "hand_pone", "show_pone", "heels", "total_dealer", "total_pone",
               "value", "pairs_kept")

    def as_dict(self) -> dict:
        out = {"variant": "six-card", "crib_model": self.crib_model, "policy": self.policy,
               "pairing": self.pairing, "deals": self.deals}
        for name in self.FIGURES:
            out.update(exact_items(name, getattr(self, name)))
        return out


@lru_cache(maxsize=None)
def random_crib_mean() -> Fraction:
    """E[crib] of four random cards and a random starter (crib rules), exact."""
    from .enumeration import summary

    return summary("crib", method="ranks").mean


def per_seat(crib_model: str = "random", policy: str = "greedy", *, pairing: str = "removal",
             figures: SweepFigures | None = None) -> SeatResult:
    """Mean play, show, heels, total and deal value per seat (see the module docstring);
    ``figures`` defaults to the committed six-card sweep of ``crib_model``."""
    check_policy(policy)
    f = figures if figures is not None else committed_figures(check_crib_model(crib_model))
    if f.crib_model != crib_model:
        raise SeatsError(f"the sweep figures are for the {f.crib_model} crib model, not {crib_model}")
    table = play_table(policy)
    if policy == "greedy":
        peg_pone, kept = pair_mean(table[:, :, 0], f.keeps_pone, f.keeps_dealer, pairing)
        peg_dealer, _ = pair_mean(table[:, :, 1], f.keeps_pone, f.keeps_dealer, pairing)
        diff = peg_dealer - peg_pone
    else:
        peg_pone = peg_dealer = None
        diff, kept = pair_mean(value_matrix(policy), f.keeps_pone, f.keeps_dealer, pairing)
    return SeatResult(crib_model, policy, pairing, f.deals, peg_dealer, peg_pone, diff, f.hand_dealer,
                      f.crib_dealer, f.crib_pone, f.hand_pone, HEELS, kept, random_crib_mean())


# ---------------------------------------------------------------------------------------------
# The measurement: real random deals of twelve cards
# ---------------------------------------------------------------------------------------------

SAMPLE_COLUMNS = ("dealer_keep", "dealer_throw", "pone_keep", "pone_throw")


def choose(cards, role: str, crib_model: str = "random") -> tuple[list[int], list[int], Fraction, Fraction]:
    """(keep, throw, E[hand], E[crib]) of six card codes thrown by the sweep's objective for
    ``role`` and its tie rule (:data:`crib_stats.sweep.TIE_RULE`): best objective, higher
    E[hand], lower thrown ranks (base 13), offsuit first, lower E[crib], sorted-card order.

    >>> keep, throw, hand, crib = choose([16, 17, 18, 43, 24, 32], "dealer")  # 5♣ 5♦ 5♥ J♠ 7♣ 9♣
    >>> throw, hand                                                          # 7♣ 9♣
    ([24, 32], Fraction(383, 23))
    """
    from .cards import Card
    from .discard import evaluate

    dealt = sorted(int(c) for c in cards)
    results = evaluate([Card.from_code(c) for c in dealt], role=role, crib_model=check_crib_model(crib_model))

    def key(i):
        r = results[i]
        ranks = sorted(c.code // 4 for c in r.throw)
        suited = len({c.code % 4 for c in r.throw}) == 1
        return (-r.net_ev, -r.hand_ev, ranks[0] * 13 + ranks[-1], suited, r.crib_ev, i)

    best = results[min(range(len(results)), key=key)]
    return [c.code for c in best.keep], [c.code for c in best.throw], best.hand_ev, best.crib_ev


def sample_records(n: int, seed: int = 0, crib_model: str = "random"):
    """n random deals (one ``numpy.random.default_rng(seed)`` permutation of the pack per deal:
    dealer the first six cards, pone the next six), each player keeping by :func:`choose`.
    A DataFrame, one row per deal: the keeps and throws (card codes) and each player's E[hand]
    and E[crib] under the crib model. The first k rows of n deals are the k deals of seed."""
    import pandas as pd

    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(int(n)):
        pack = rng.permutation(52)
        row = {}
        for role, cards in (("dealer", pack[:6]), ("pone", pack[6:12])):
            keep, throw, hand, crib = choose(cards, role, crib_model)
            row.update({f"{role}_keep": keep, f"{role}_throw": throw, f"{role}_hand_ev": _frac(hand),
                        f"{role}_crib_ev": _frac(crib)})
        rows.append(row)
    return pd.DataFrame(rows)


def deal_points(records) -> dict[str, np.ndarray]:
    """Points of every deal with every one of its 40 possible starters, (n, 40) int arrays:
    hand_dealer, hand_pone, crib (the two actual throws) and heels; and (n,) rows of the keeps."""
    from .kernels.show import score_batch

    keeps = {role: np.array([list(k) for k in records[f"{role}_keep"]], np.int64) for role in ("dealer", "pone")}
    crib = np.array([list(a) + list(b) for a, b in zip(records["dealer_throw"], records["pone_throw"])], np.int64)
    seen = np.concatenate([keeps["dealer"], keeps["pone"], crib], axis=1)
    starters = np.array([[c for c in range(52) if c not in set(row)] for row in seen.tolist()], np.int64)
    n = len(seen)

    def shows(cards, is_crib):
        rows = np.concatenate([np.repeat(cards, 40, axis=0), starters.reshape(-1, 1)], axis=1)
        return score_batch(rows, is_crib).astype(np.int64).sum(axis=1).reshape(n, 40)

    return {"hand_dealer": shows(keeps["dealer"], False), "hand_pone": shows(keeps["pone"], False),
            "crib": shows(crib, True), "heels": np.where(starters // 4 == 10, 2, 0),
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


def summarise(records, policy: str = "greedy", crib_model: str = "random", seed: int = -1) -> SampleResult:
    """The :class:`SampleResult` of sampled deals (:func:`sample_records`) under ``policy``."""
    check_policy(policy)
    pts = deal_points(records)
    n = len(records)
    i, j = pts["row_pone"], pts["row_dealer"]
    per = {}  # name -> per-deal sums over the 40 starters
    if policy == "greedy":
        per["peg_pone"], per["peg_dealer"] = (40 * play_table(policy)[i, j, k].astype(np.int64) for k in (0, 1))
    per["peg_value"] = 40 * value_matrix(policy)[i, j].astype(np.int64)
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
    tables = {"peg_value": value_matrix(policy)}
    if policy == "greedy":
        tables.update(peg_pone=play_table(policy)[:, :, 0], peg_dealer=play_table(policy)[:, :, 1])
    cross = {f"{k}/{pairing}": _cross(t, i, j, pairing) for pairing in PAIRINGS for k, t in tables.items()}
    dist = {k: dict(zip(*[a.tolist() for a in np.unique(v, return_counts=True)])) for k, v in seat.items()}
    return SampleResult(n, seed, policy, crib_model, est, cross, dist)


def sample_deals(n: int, seed: int = 0, policy: str = "greedy", crib_model: str = "random") -> SampleResult:
    """Deal n random twelve-card deals (fixed ``seed``), let each player keep by its sweep
    objective (:func:`choose`), and measure every per-seat figure: the play from the play table
    of the two actual keeps, the hands and the actual crib (both throws) over each deal's 40
    possible starters, his heels. ``cross`` pairs the sample's keeps across deals: the same
    marginals with the dependence within a deal removed.

    >>> r = sample_deals(2, seed=1)
    >>> r.n, r.estimates["total_dealer"].n, sum(r.distribution["dealer"].values())
    (2, 2, 80)
    """
    return summarise(sample_records(n, seed, crib_model), policy, crib_model, seed)


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


def write(out_dir: str | Path = DATA_DIR, n: int = 10_000, seed: int = 0) -> list[Path]:
    """data/seats_sample.parquet (the sampled deals) and data/seats_summary.json (atomically)."""
    from .io import atomic_write

    out_dir = Path(out_dir)
    records = sample_records(n, seed)
    doc = summary(n, seed, records)
    return [atomic_write(out_dir / SAMPLE, lambda fh: records.to_parquet(fh, index=False), binary=True),
            atomic_write(out_dir / SUMMARY, lambda fh: fh.write(json.dumps(doc, indent=1) + "\n"))]


def committed_sample():
    """The committed sampled deals (data/seats_sample.parquet) as :func:`sample_records` made them."""
    import pandas as pd

    frame = pd.read_parquet(DATA_DIR / SAMPLE)
    for c in SAMPLE_COLUMNS:
        frame[c] = frame[c].map(lambda a: [int(x) for x in a])
    return frame


def committed_sample_result(policy: str = "greedy") -> SampleResult:
    """:func:`summarise` of the committed deals (a second or two: no discard is recomputed)."""
    seed = json.loads((DATA_DIR / SUMMARY).read_text(encoding="utf-8"))["sample"]["seed"]
    return summarise(committed_sample(), policy, "random", seed)


def _num(x, width: int = 7) -> str:
    return f"{float(x):{width}.3f}" if x is not None else f"{'-':>{width}}"


_ROWS = [("dealer: play", "peg_dealer"), ("        hand", "hand_dealer"), ("        crib", "crib"),
         ("        crib, additive", "crib_additive"), ("        his heels", "heels"),
         ("        total", "total_dealer"), ("pone:   play", "peg_pone"), ("        hand", "hand_pone"),
         ("        total", "total_pone"), ("dealer - pone: play", "peg_value"), ("               deal", "value")]


def seats_text(result: SeatResult, sample: SampleResult | None = None) -> str:
    """Plain text, at most 80 columns: the per-seat means of ``result`` beside the seeds'
    real-play figures and, when given, a sample's means (+- one standard error) and the
    spread of its points a deal.

    >>> print(seats_text(per_seat("random", "minimax")).splitlines()[0])
    six-card game per seat: play minimax, crib model random, keeps paired by removal
    """
    s = sample.estimates if sample is not None else {}
    lines = [f"six-card game per seat: play {result.policy}, crib model {result.crib_model}, keeps paired by "
             f"{result.pairing}", "", f"{'mean points a deal':22}{'model':>8}{'seeds':>8}"
             + (f"{'sample':>9}{'+-se':>7}" if s else "")]
    for label, name in _ROWS:
        line = f"{label:22}{_num(getattr(result, name), 8)}{_num(SEED_FIGURES.get(name), 8)}"
        lines.append((line + (f"{_num(s[name].mean, 9)}{s[name].se:7.3f}" if name in s else "")).rstrip())
    notes = [f"crib: the dealer's E[crib] with the pone's two cards random; additive: + the pone's view "
             f"({float(result.crib_pone_view):.3f}) - a random crib ({float(result.crib_random):.3f})",
             f"his heels: 2 x P(the starter is a jack) = 2 x 4/52 = {_frac(result.heels)}"]
    if result.peg_dealer is None:
        notes.append("minimax: only the play's dealer - pone is defined, not each seat's points")
    if sample is not None:
        notes.append(f"sample: {sample.n:,} random deals (seed {sample.seed}), each player keeping by its sweep "
                     "objective; the play of the two actual keeps, the actual crib, every starter")
        lines += ["", f"{'points a deal (sampled)':26}{'sd':>6}{'10%':>6}{'25%':>6}{'50%':>6}{'75%':>6}{'90%':>6}"]
        for seat, dist in sample.distribution.items():
            pts = np.array(sorted(dist))
            share = np.array([dist[p] for p in pts]) / sum(dist.values())
            sd = sqrt((pts ** 2 * share).sum() - (pts * share).sum() ** 2)
            qs = "".join(f"{int(pts[np.searchsorted(np.cumsum(share), q)]):6d}" for q in (0.1, 0.25, 0.5, 0.75, 0.9))
            lines.append(f"{seat if seat != 'value' else 'dealer - pone':26}{sd:6.2f}{qs}")
    for note in notes:
        lines.extend(textwrap.wrap(note, 80, subsequent_indent="  "))
    return "\n".join(lines) + "\n"
