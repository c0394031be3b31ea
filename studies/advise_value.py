"""What the play advisor is worth: deals in which one player plays by ``crib-stats advise`` and
the other greedy, against the same deals with both greedy (committed as
``data/advise_gain.npz``, read by :func:`crib_stats.game.advise_value.committed`, where the
deals and the gain are described).

Deals are cut into parts at fixed boundaries, each seat's on its own (:class:`AdviseGain`, a
measurement of :mod:`crib_stats.core.measurement`); finished parts are cached, so a killed run
resumes, and the answer never depends on the parts or the engine.

>>> r = AdviseGain({"dealer": 4}, seed=5).run(cache_dir=False)["dealer"]
>>> r.deals, len(r.gain), r.decisions >= r.differs
(4, 4, True)
"""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np

from crib_stats.core.cards import Card
from crib_stats.core.engine import bounds
from crib_stats.core.measurement import Measurement, Run, joined
from crib_stats.game.advise import AdviseError, advise
from crib_stats.game.advise_value import COMMITTED, DEFAULT_SEED, SEATS, Gain, deal_hands, kept_counts

# deals per seat: enough that the conditional expectations' error is at most 0.02 points a deal
COMMITTED_DEALS = {"dealer": 3000, "pone": 2200}
ARRAYS = ("gain", "decisions", "differs", "expected")


def play_deal(seed: int, k: int, seat: str) -> tuple[int, int, int, Fraction]:
    """(gain, decisions, differs, the gain's conditional expectation) of deal ``k`` of ``seed``
    with the ``seat`` player advised. The last is the sum over the turns where the advisor's
    card a differs from greedy's g of E[net(a) - net(g)] over the opponent's hands the advised
    player cannot tell apart, knowing what the measurement knows (the opponent throws by the
    model and plays greedy): each term has the mean of the realized difference it replaces, so
    the sum is an unbiased estimate of the gain with the opponent's cards averaged out."""
    from crib_stats.kernels import advise as ka, play as kp, policies as kpol  # lazy: numba

    dealt, thrown, kept, starter = deal_hands(seed, k)
    counts = kept_counts(kept)
    me = 1 if seat == "dealer" else 0
    p, d, _, _ = kpol.greedy_sequence(counts[0], counts[1], False)
    base = (d - p) if me == 1 else (p - d)
    st, seq = kp.new_play(counts[0], counts[1])
    st = kp.settle(st, False)
    left = {0: list(kept[0]), 1: list(kept[1])}
    history: list[Card] = []
    decisions = differs = 0
    expected = Fraction(0)
    while st[kp.S_DONE] == 0:
        mover = int(st[kp.S_TURN])
        greedy = int(kpol.greedy_choice(seq, st))
        r = greedy
        if mover == me:
            count = int(st[kp.S_COUNT])
            ranks = {c.rank for c in left[mover] if c.pip <= 31 - count}
            if len(ranks) > 1:
                info: dict = {}
                a = advise(dealt[me], thrown[me], [starter], seat, history, detail=info)
                r = Card.parse(a.plays[0].card).rank
                decisions += 1
                if r != greedy:
                    differs += 1
                    good = ka.greedy_consistent(info["mine"], info["sets"], info["me"], info["ranks"],
                                                info["owners"], info["n"], info["stop"])
                    w = info["w_row"] * good
                    ia, ig = info["cand_ranks"].index(r), info["cand_ranks"].index(greedy)
                    total = int(w.sum())
                    if total == 0:
                        raise AdviseError("advise: the measurement's opponent holds a hand the model excludes")
                    expected += Fraction(int((w * (info["net"][:, ia] - info["net"][:, ig])).sum()), total)
        card = min((c for c in left[mover] if c.rank == r), key=lambda c: c.suit)
        left[mover].remove(card)
        history.append(card)
        st = kp.settle(kp.play_card(seq, st, r), False)
    mine, theirs = (st[kp.S_DEALER], st[kp.S_PONE]) if me == 1 else (st[kp.S_PONE], st[kp.S_DEALER])
    return int(mine - theirs - base), decisions, differs, expected



class AdviseGain(Measurement):
    """The advisor's gain over deals 0..n-1 of ``seed`` for each seat of ``deals`` ({seat: n},
    by default :data:`COMMITTED_DEALS`), each seat's deals in ``shards`` parts (by default one
    per 25 deals, at most 64): the result is {seat: :class:`~crib_stats.game.advise_value.Gain`};
    the committed file is ``data/advise_gain.npz``."""

    name, cache, arrays, files = "advise-gain", "advise", ARRAYS, (COMMITTED,)

    def __init__(self, deals: dict | None = None, seed: int = DEFAULT_SEED, shards: int | None = None):
        deals = dict(COMMITTED_DEALS if deals is None else deals)
        for seat, n in deals.items():
            if seat not in SEATS:
                raise AdviseError(f"advise: the seat is dealer or pone, got {seat!r:.20}")
            if int(n) < 1:
                raise AdviseError(f"advise: the measurement needs at least one deal, got {n}")
        self.deals = {seat: int(deals[seat]) for seat in SEATS if seat in deals}
        self.seed = int(seed)
        self.shards = {seat: int(shards) if shards is not None else max(1, min(64, n // 25))
                       for seat, n in self.deals.items()}

    def parts(self) -> list[tuple]:
        return [(seat, self.seed, lo, hi) for seat, n in self.deals.items() for lo, hi in bounds(n, self.shards[seat])]

    @staticmethod
    def part(seat: str, seed: int, lo: int, hi: int) -> dict:
        """The per-deal arrays of deals lo..hi-1 with the ``seat`` player advised."""
        rows = [play_deal(seed, k, seat) for k in range(lo, hi)]
        arr = np.array([row[:3] for row in rows], np.int64).reshape(-1, 3)
        # the conditional expectations as exact fractions over one denominator per shard would grow
        # without bound: kept as float64 (sums of a few terms, each exact to 1e-16)
        expected = np.array([float(row[3]) for row in rows], np.float64)
        return {"gain": arr[:, 0], "decisions": arr[:, 1], "differs": arr[:, 2], "expected": expected}

    def key(self) -> dict:
        import sys

        from crib_stats.game import advise as adv, advise_value, model, situation
        from crib_stats.runtime.cache import content_digest, source_digest

        return {"kind": "advise-gain", "variant": "six-card", "deals": self.deals, "seed": self.seed,
                "parts": self.shards, "kernels": source_digest(),
                "code": content_digest([sys.modules[__name__], advise_value, adv, situation, model])}

    def result(self, parts: list[dict], run: Run) -> dict[str, Gain]:
        out, i = {}, 0
        for seat in self.deals:
            cat = joined(parts[i:i + self.shards[seat]], ARRAYS)
            i += self.shards[seat]
            out[seat] = Gain(seat, self.seed, cat["gain"], cat["decisions"], cat["differs"], cat["expected"], run.seconds)
        return out

    def write(self, out, result) -> None:
        arrays = {}
        for seat, g in result.items():
            arrays[f"{seat}_gain"] = g.gain.astype(np.int16)
            arrays[f"{seat}_decisions"] = g.decisions_per_deal.astype(np.int8)
            arrays[f"{seat}_differs"] = g.differs_per_deal.astype(np.int8)
            arrays[f"{seat}_expected"] = g.expected
        arrays["meta"] = np.frombuffer(json.dumps({"deals": self.deals, "seed": self.seed}, sort_keys=True).encode(),
                                       np.uint8)
        sizes = " and ".join(f"{n:,} {seat}" for seat, n in self.deals.items())
        out.write_with(COMMITTED, lambda fh: np.savez_compressed(fh, **arrays),
                       f"scripts/regenerate_data.py: studies.advise_value.AdviseGain(seed={self.seed})"
                       f".write_committed(DIR): {sizes} deals",
                       "what the play advisor is worth: per deal, the advised player's gain over both greedy, "
                       "realized and its conditional expectation, the decisions and where the advisor differed",
                       binary=True)
