"""What the play advisor is worth: deals in which one player plays by ``crib-stats advise`` and
the other greedy, against the same deals with both greedy.

Deal ``k`` of ``seed`` is the game model's (:func:`crib_stats.kernels.game.deal_cards`: dealer
the first six cards, pone the next six, the starter the 13th), both players throw by the
objective (the sweep's tie rule, as in the game model) and the play is the six-card play.
Whenever the advised player has a choice of ranks, the advisor's best card is played (of
several cards of that rank the lowest suit: suits never matter in the play); every other card
is greedy's. The gain of a deal is (the advised player's play points - the opponent's) minus
the same with both greedy, a paired difference, so its mean is the advisor's value in play
points a deal and its standard error is the sample's. Deals are cut into shards at fixed
boundaries; finished shards are cached, so a killed run resumes, and the answer never depends
on the shards or the engine.

>>> r = measure("dealer", 4, seed=5, cache_dir=False)
>>> r.deals, len(r.gain), r.decisions >= r.differs
(4, 4, True)
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from typing import Callable

import numpy as np

from crib_stats.runtime.disk import cache_root as default_cache_root
from crib_stats.core.cards import Card
from crib_stats.core.data import data_file
from crib_stats.core.engine import ShardCache, bounds, check_scheduler, run_shards
from crib_stats.game.advise import AdviseError, advise
from crib_stats.game.model import deal_inputs

SEATS = ("dealer", "pone")
DEFAULT_SEED = 0
COMMITTED = "advise_gain.npz"
# deals per seat: enough that the conditional expectations' error is at most 0.02 points a deal
COMMITTED_DEALS = {"dealer": 3000, "pone": 2200}
ARRAYS = ("gain", "decisions", "differs", "expected")


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


def run_part(seat: str, seed: int, lo: int, hi: int) -> tuple[str, dict]:
    """The per-deal arrays of deals lo..hi-1, with the kernel sources' digest."""
    from crib_stats.runtime.cache import source_digest

    rows = [play_deal(seed, k, seat) for k in range(lo, hi)]
    arr = np.array([row[:3] for row in rows], np.int64).reshape(-1, 3)
    # the conditional expectations as exact fractions over one denominator per shard would grow
    # without bound: kept as float64 (sums of a few terms, each exact to 1e-16)
    expected = np.array([float(row[3]) for row in rows], np.float64)
    return source_digest(), {"gain": arr[:, 0], "decisions": arr[:, 1], "differs": arr[:, 2], "expected": expected}


def cache_key(seat: str, deals: int, seed: int, parts: int) -> dict:
    import sys

    from crib_stats.game import advise as adv, model, situation
    from crib_stats.runtime.cache import content_digest, source_digest

    return {"kind": "advise-gain", "variant": "six-card", "seat": seat, "deals": deals, "seed": seed,
            "parts": parts, "kernels": source_digest(),
            "code": content_digest([sys.modules[__name__], adv, situation, model])}


def measure(seat: str, deals: int, seed: int = DEFAULT_SEED, *, parts: int | None = None,
            scheduler: str | None = None, workers: int | None = None, cache_dir=None, fresh: bool = False,
            progress: Callable[[int, int], None] | None = None) -> Gain:
    """The advisor's gain for ``seat`` over deals 0..deals-1 of ``seed`` (see the module
    docstring). ``cache_dir``: None the user's cache, False none."""
    if seat not in SEATS:
        raise AdviseError(f"advise: the seat is dealer or pone, got {seat!r:.20}")
    deals, seed = int(deals), int(seed)
    if deals < 1:
        raise AdviseError(f"advise: the measurement needs at least one deal, got {deals}")
    parts = int(parts) if parts is not None else max(1, min(64, deals // 25))
    scheduler = check_scheduler(scheduler)
    start = time.perf_counter()
    root = None if cache_dir is False else (default_cache_root("advise") if cache_dir in (None, True) else cache_dir)
    cache = ShardCache(root, cache_key(seat, deals, seed, parts), name=f"advise-{seat}")
    spans = bounds(deals, parts)
    done = run_shards(cache, [(seat, seed, *span) for span in spans], run_part, ARRAYS, scheduler, workers, fresh,
                      progress, f"advise-{seat}")
    cat = {name: np.concatenate([done[i][name] for i in range(len(spans))]) for name in ARRAYS}
    return Gain(seat, seed, cat["gain"], cat["decisions"], cat["differs"], cat["expected"],
                time.perf_counter() - start)


def write_committed(data_dir, deals: dict | int | None = None, seed: int = DEFAULT_SEED, **engine) -> dict:
    """Measure both seats (``deals`` per seat, default :data:`COMMITTED_DEALS`) and write
    ``advise_gain.npz`` into ``data_dir``, listed in its index (the ``make data`` hook);
    returns the summary."""
    from crib_stats.core.io import OutputDir

    arrays = {}
    summary = {}
    per_seat = COMMITTED_DEALS if deals is None else deals if isinstance(deals, dict) else dict.fromkeys(SEATS, deals)
    for seat in SEATS:
        g = measure(seat, per_seat[seat], seed, **engine)
        arrays[f"{seat}_gain"] = g.gain.astype(np.int16)
        arrays[f"{seat}_decisions"] = g.decisions_per_deal.astype(np.int8)
        arrays[f"{seat}_differs"] = g.differs_per_deal.astype(np.int8)
        arrays[f"{seat}_expected"] = g.expected
        summary[seat] = g.as_dict() | {"seconds": round(g.seconds, 1)}
    arrays["meta"] = np.frombuffer(json.dumps({"deals": per_seat, "seed": seed}, sort_keys=True).encode(), np.uint8)
    out = OutputDir(data_dir, [COMMITTED])
    sizes = " and ".join(f"{per_seat[seat]:,} {seat}" for seat in SEATS)
    out.write_with(COMMITTED, lambda fh: np.savez_compressed(fh, **arrays),
                   f"scripts/regenerate_data.py: crib_stats.game.advise_value.write_committed(DIR, seed={seed}): "
                   f"{sizes} deals",
                   "what the play advisor is worth: per deal, the advised player's gain over both greedy, realized "
                   "and its conditional expectation, the decisions and where the advisor differed", binary=True)
    out.close()
    return summary


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
