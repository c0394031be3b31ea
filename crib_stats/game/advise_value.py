"""What the play advisor is worth, as committed (``data/advise_gain.npz``, read by
:func:`committed`): deals in which one player plays by ``crib-stats advise`` and the other
greedy, against the same deals with both greedy. The measurement is a study of the checkout's
(``studies/advise_value.py``, ``make data``); here are its deals (:func:`deal_hands`, which the
rules of thumb of :mod:`.peg_rules` are measured on too) and its result (:class:`Gain`).

Deal ``k`` of ``seed`` is the game model's (:func:`crib_stats.kernels.game.deal_cards`: dealer
the first six cards, pone the next six, the starter the 13th), both players throw by the
objective (the sweep's tie rule, as in the game model) and the play is the six-card play.
Whenever the advised player has a choice of ranks, the advisor's best card is played (of
several cards of that rank the lowest suit: suits never matter in the play); every other card
is greedy's. The gain of a deal is (the advised player's play points - the opponent's) minus
the same with both greedy, a paired difference, so its mean is the advisor's value in play
points a deal and its standard error is the sample's.

>>> g = committed()["dealer"]
>>> g.deals, g.decisions >= g.differs
(3000, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt

import numpy as np

from crib_stats.core.cards import Card
from crib_stats.core.data import data_file
from crib_stats.game.advise import AdviseError
from crib_stats.game.model import deal_inputs

SEATS = ("dealer", "pone")
DEFAULT_SEED = 0
COMMITTED = "advise_gain.npz"


@dataclass(frozen=True, eq=False)
class Gain:
    """Per deal: ``gain`` (play points, advised minus both greedy), ``decisions`` (turns where
    the advised player had a choice of ranks) and ``differs`` (of those, where the advisor's
    rank was not greedy's)."""

    seat: str
    seed: int
    gain: np.ndarray
    decisions_per_deal: np.ndarray
    differs_per_deal: np.ndarray
    expected: np.ndarray
    seconds: float = 0.0

    @property
    def deals(self) -> int:
        return int(len(self.gain))

    @property
    def decisions(self) -> int:
        return int(self.decisions_per_deal.sum())

    @property
    def differs(self) -> int:
        return int(self.differs_per_deal.sum())

    def mean(self) -> Fraction:
        return Fraction(int(self.gain.sum()), self.deals)

    def se(self) -> float:
        n = self.deals
        g = self.gain.astype(np.float64)
        return float(g.std(ddof=1) / sqrt(n)) if n > 1 else float("nan")

    def expected_mean(self) -> tuple[float, float]:
        """The mean of the per-deal conditional expectations and its standard error (the
        estimate to quote: the same mean as the realized gain, a smaller error)."""
        n = self.deals
        return float(self.expected.mean()), float(self.expected.std(ddof=1) / sqrt(n)) if n > 1 else float("nan")

    def as_dict(self) -> dict:
        m = self.mean()
        e, e_se = self.expected_mean()
        return {"seat": self.seat, "seed": self.seed, "deals": self.deals, "gain": e, "gain_se": e_se,
                "realized": float(m), "realized_exact": f"{m.numerator}/{m.denominator}", "realized_se": self.se(),
                "decisions": self.decisions, "differs": self.differs,
                "deals_differing": int((self.differs_per_deal > 0).sum())}


def _throw(cards: np.ndarray, role: int, inp: dict, rng: np.random.Generator) -> int:
    """The objective's throw of sorted ``cards`` (1 dealer, 2 pone), uniform among exact ties:
    the model the advisor's posterior assumes, so the measurement's opponent is that model."""
    from crib_stats.kernels import sweep as ks  # lazy: numba only when used

    n_throws = inp["throws"].shape[0]
    hs, cs, tk, kk = (np.zeros(n_throws, np.int64) for _ in range(4))
    key = 0
    for c in cards:
        key = key * 13 + int(c) // 4
    ks.deal_values(cards, inp["index"][key], inp["rank_hand"], inp["rank_crib"], inp["throws"], 13, True, 2,
                   hs, cs, tk, kk)
    per = (52 - 6 - 1) * (52 - 6 - 2) // 2  # C(45, 2) crib sets per starter
    obj = hs * per + (cs if role == 1 else -cs)
    best = np.flatnonzero(obj == obj.max())
    return int(best[rng.integers(len(best))]) if len(best) > 1 else int(best[0])


def deal_hands(seed: int, k: int):
    """Deal ``k`` of ``seed`` thrown by the objective (exact ties drawn uniformly): (dealt, thrown,
    kept) as dicts by player (1 the dealer, 0 the pone) of Card lists, and the starter."""
    from crib_stats.kernels import game as kg  # lazy: numba

    inp = deal_inputs("six-card", "objective")
    drawn = np.zeros(13, np.int64)
    kg.deal_cards(seed, k, 13, drawn)
    rng = np.random.default_rng([int(seed), int(k), 7])
    dealt, kept, thrown = {}, {}, {}
    for player, (lo, role) in {1: (0, 1), 0: (6, 2)}.items():  # player 1 the dealer, 0 the pone
        cards = np.sort(drawn[lo:lo + 6])
        q = _throw(cards, role, inp, rng)
        out = set(int(x) for x in cards[inp["throws"][q]])
        dealt[player] = [Card.from_code(int(c)) for c in cards]
        thrown[player] = [c for c in dealt[player] if c.code in out]
        kept[player] = [c for c in dealt[player] if c.code not in out]
    return dealt, thrown, kept, Card.from_code(int(drawn[12]))


def kept_counts(kept: dict) -> np.ndarray:
    """The kept hands of :func:`deal_hands` as rank counts, one row a player (0 the pone, 1 the
    dealer): the play stepper's input."""
    counts = np.zeros((2, 13), np.int64)
    for player in (0, 1):
        for c in kept[player]:
            counts[player, c.rank] += 1
    return counts


def committed() -> dict[str, Gain]:
    """The committed measurement, per seat (data/advise_gain.npz; make data writes it)."""
    path = data_file(COMMITTED)
    if not path.exists():
        raise AdviseError(f"advise: the committed measurement {path.name} is missing (make data writes it)")
    with np.load(path) as z:
        meta = json.loads(bytes(z["meta"]).decode())
        return {seat: Gain(seat, int(meta["seed"]), z[f"{seat}_gain"].astype(np.int64),
                           z[f"{seat}_decisions"].astype(np.int64), z[f"{seat}_differs"].astype(np.int64),
                           z[f"{seat}_expected"])
                for seat in SEATS}
