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
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, prod
from pathlib import Path

import numpy as np

from crib_stats.core.cards import RANK_NAMES
from crib_stats.core.data import DATA_DIR
from crib_stats.core.errors import CribStatsError
from crib_stats.core.exact import exact_items, frac_text
from crib_stats.discard.shards import ROLES
from crib_stats.kernels.constants import INVALID
from crib_stats.model.variants import HEELS as RULE_HEELS
from crib_stats.peg.tables import check_policy, multiset_row, multisets, play_table, value_matrix
from crib_stats.show.enumeration import summary

CRIB_MODELS = ("random",)  # the sweep's models; equilibrium joins when the sweep supports it
PAIRINGS = ("fit", "removal")
HEELS = Fraction(RULE_HEELS * 4, 52)  # E[his heels]: 2 points when the starter is one of the four jacks
SUMMARY = "seats_summary.json"
SAMPLE = "seats_sample.parquet"
# the seeds' real-play figures (seeds/000: "Cribbage games statistics"), quoted, not computed
SEED_FIGURES = {"peg_dealer": 3.5, "peg_pone": 2.1, "hand_dealer": 7.95, "hand_pone": 8.10, "crib": 4.65,
                "total_dealer": 16.0, "total_pone": 10.0}
SEED_FIGURES.update(peg_value=SEED_FIGURES["peg_dealer"] - SEED_FIGURES["peg_pone"],
                    value=SEED_FIGURES["total_dealer"] - SEED_FIGURES["total_pone"])


class SeatsError(CribStatsError):
    """Bad input to a per-seat function (one-line message)."""


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


def keep_weights(pairs) -> np.ndarray:
    """(1820,) int64 deals per kept multiset from (ranks, deals) pairs."""
    w = np.zeros(len(multisets()), np.int64)
    for ranks, n in pairs:
        w[multiset_row(ranks)] += int(n)
    return w


def figures_from_sweep(result) -> SweepFigures:
    """:class:`SweepFigures` of a :class:`crib_stats.discard.sweep.SweepResult` (any deck)."""
    if result.variant != "six-card":
        raise SeatsError(f"the seats are the six-card game's, got a {result.variant} sweep")
    ranks = [[r for r in range(13) for _ in range(int(k[r]))] for k in result.keep_sets]
    keeps = {role: keep_weights(zip(ranks, result.tallies.keep_count[ROLES.index(role)])) for role in ("dealer", "pone")}
    d, p = result.role("dealer"), result.role("pone")
    return SweepFigures(result.crib_model, result.deals, d.mean_hand, d.mean_crib, p.mean_hand, p.mean_crib,
                        keeps["dealer"], keeps["pone"])


@lru_cache(maxsize=None)
def committed_figures(crib_model: str = "random", data_dir: Path = DATA_DIR) -> SweepFigures:
    """:class:`SweepFigures` read from the committed sweep (sweep_summary.json, keeps table)."""
    import pandas as pd  # lazy: pandas only when used


    s = json.loads((data_dir / "sweep_summary.json").read_text(encoding="utf-8"))["six-card"]
    if s["crib_model"] != check_crib_model(crib_model):
        raise SeatsError(f"the committed sweep is for the {s['crib_model']} crib model, not {crib_model}")
    k = pd.read_parquet(data_dir / "sweep_six-card_keeps.parquet")
    keeps = {role: keep_weights(([RANK_NAMES.index(x) for x in text.split()], n)
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
    return summary("crib", method="ranks").mean


def per_seat(crib_model: str = "random", policy: str = "greedy", *, pairing: str = "removal",
             figures: SweepFigures | None = None, table: np.ndarray | None = None) -> SeatResult:
    """Mean play, show, heels, total and deal value per seat (see the module docstring);
    ``figures`` defaults to the committed six-card sweep of ``crib_model``, ``table`` to the
    play table of ``policy`` (:func:`crib_stats.peg.tables.play_table`: the committed file; pass
    :func:`crib_stats.peg.tables.compute_table` to compute it)."""
    check_policy(policy)
    f = figures if figures is not None else committed_figures(check_crib_model(crib_model))
    if f.crib_model != crib_model:
        raise SeatsError(f"the sweep figures are for the {f.crib_model} crib model, not {crib_model}")
    given = table
    table = play_table(policy) if given is None else given
    if policy == "greedy":
        peg_pone, kept = pair_mean(table[:, :, 0], f.keeps_pone, f.keeps_dealer, pairing)
        peg_dealer, _ = pair_mean(table[:, :, 1], f.keeps_pone, f.keeps_dealer, pairing)
        diff = peg_dealer - peg_pone
    else:
        peg_pone = peg_dealer = None
        diff, kept = pair_mean(value_matrix(policy) if given is None else given, f.keeps_pone, f.keeps_dealer,
                               pairing)
    return SeatResult(crib_model, policy, pairing, f.deals, peg_dealer, peg_pone, diff, f.hand_dealer,
                      f.crib_dealer, f.crib_pone, f.hand_pone, HEELS, kept, random_crib_mean())
