"""The three-player deal model: what one deal does, by turn, measured on N random deals played
out exactly (:mod:`crib_stats.kernels.game3`).

Each deal is five cards to each of three players, one card from the pack to the crib and a
starter (deal ``k`` of a seed is a function of the seed and k only, as in the two-player model:
:func:`crib_stats.kernels.game.deal_cards`). Each player throws one card by the sweep's
objective (the dealer maximises E[hand] + E[crib], the other two E[hand] - E[crib]: the crib is
an opponent's to both; random crib model, exact); everyone plays greedy round the table; the
points are kept by *turn* (0 the dealer's left, 1 his right, 2 the dealer) in the order they are
scored: his heels, the play point by point, the hands from the dealer's left round to the
dealer, the crib.

The counts are sparse (a three-way table of deal totals has ~10^4 cells of its 128^3): the
cells met (``cells``, the totals by turn; ``first_keys``, the crossings (turn, need, x, y) of
:mod:`crib_stats.kernels.game3`) and their counts per group of deals (``hist``, ``first``),
the groups cut as the two-player model's are (:data:`GROUPS3` of them), for the board's
jackknife errors.

>>> m = deal_model3(60, seed=3, groups=2, cache_dir=False)
>>> m.deals, int(m.hist.sum()), m.groups, m.cells.shape[1]
(60, 60, 2, 3)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable

import numpy as np

from crib_stats.core.engine import bounds
from crib_stats.core.measurement import Measurement, Run
from crib_stats.model.variants import variant as get_variant

from .model import COMMITTED_DEALS, DEFAULT_SEED, GROUPS, check_sample, data_name, deal_inputs, exact_means

VARIANT = "three-player"
GROUPS3 = GROUPS
STATS3 = ("heels", "peg_left", "peg_right", "peg_dealer", "hand_left", "hand_right", "hand_dealer", "crib",
          "total_left", "total_right", "total_dealer")
"""The per-turn figures of a deal (the kernel's ``S3_*`` order): "left" the dealer's left (turn 0),
"right" his right (turn 1)."""


def _b3() -> int:
    from crib_stats.kernels.game3 import B3

    return B3


@dataclass(frozen=True, eq=False)
class DealModel3:
    """The counts of N sampled three-player deals (module docstring): ``cells[c]`` the totals
    by turn (d0, d1, d2) of cell c and ``hist[g, c]`` its deals in group g; ``first_keys[e]``
    a crossing (turn i, need n, x, y) flattened as ((i * NEEDS + n) * B3 + x) * B3 + y and
    ``first[g, e]`` its deals; ``stats``/``squares[g, i]`` sums and sums of squares of the
    per-turn figures :data:`STATS3`."""

    deals: int
    seed: int
    cells: np.ndarray
    hist: np.ndarray
    first_keys: np.ndarray
    first: np.ndarray
    stats: np.ndarray
    squares: np.ndarray
    seconds: float = 0.0
    from_cache: int = 0
    variant: str = VARIANT
    discard: str = "objective"
    play: str = "greedy"

    ARRAYS = ("cells", "hist", "first_keys", "first", "stats", "squares")

    @property
    def groups(self) -> int:
        return self.hist.shape[0]

    def group_deals(self) -> np.ndarray:
        return self.hist.sum(axis=1)

    def first_dense(self, counts: np.ndarray, needs: int, width: int) -> np.ndarray:
        """The crossings ``counts`` (one per key) as a dense (3, needs, width, width) table (the
        kernel's ``first``, cut to the needs and running totals met)."""
        from crib_stats.kernels.game import NEEDS

        B3 = _b3()
        k = self.first_keys
        y = k % B3
        x = (k // B3) % B3
        n = (k // (B3 * B3)) % NEEDS
        i = k // (B3 * B3 * NEEDS)
        out = np.zeros((3, needs, width, width), np.int64)
        np.add.at(out, (i, n, x, y), counts)
        return out

    def seat_means(self) -> dict:
        """{figure: (exact mean over the deals, its standard error)} for every :data:`STATS3` figure."""
        return exact_means(self.stats, self.squares, self.deals, STATS3)

    def meta(self) -> dict:
        return {"variant": self.variant, "deals": self.deals, "seed": self.seed, "discard": self.discard,
                "play": self.play, "groups": self.groups}

    def arrays(self) -> dict:
        """The counts in compact integer types (what the committed file holds)."""
        return {"cells": self.cells.astype(np.int16), "hist": self.hist.astype(np.int32),
                "first_keys": self.first_keys.astype(np.int32), "first": self.first.astype(np.int32),
                "stats": self.stats.astype(np.int64), "squares": self.squares.astype(np.int64)}

    @classmethod
    def from_arrays(cls, meta: dict, arrays: dict) -> "DealModel3":
        return cls(int(meta["deals"]), int(meta["seed"]), **{k: np.asarray(arrays[k], np.int64) for k in cls.ARRAYS})


def _sparse(dense: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    keys = np.flatnonzero(dense)
    return keys.astype(np.int64), dense.ravel()[keys].astype(np.int64)


class DealSample3(Measurement):
    """The three-player deal model's measurement (:mod:`crib_stats.core.measurement`): ``deals``
    deals of ``seed`` in ``groups`` groups, each in ``parts`` parts; the result is the
    :class:`DealModel3`."""

    cache = "game"
    arrays = ("hist_keys", "hist_counts", "first_keys", "first_counts", "stats", "squares")

    def __init__(self, deals: int = COMMITTED_DEALS, seed: int = DEFAULT_SEED, *, groups: int = GROUPS3,
                 parts: int = 1):
        deals, seed, groups, parts = check_sample(deals, seed, groups, parts)
        self.variant = get_variant(VARIANT)
        self.deals, self.seed, self.groups, self.shards = deals, seed, groups, parts
        self.discard = "objective"
        self.name = f"game-{VARIANT}"

    def parts(self) -> list[tuple]:
        return [(self.seed, glo + a, glo + b) for glo, ghi in bounds(self.deals, self.groups)
                for a, b in bounds(ghi - glo, self.shards)]

    @staticmethod
    def part(seed: int, lo: int, hi: int) -> dict:
        """The counts of deals lo..hi-1 of ``seed``, sparse."""
        from ..kernels import game3 as k3

        k = deal_inputs(VARIANT, "objective")
        hist, first, stats, squares = k3.deal_model_rows3(seed, lo, hi, k["index"], k["rank_hand"], k["rank_crib"],
                                                          k["throws"], k["hand_table"], k["crib_table"],
                                                          k["rank_throws"])
        hk, hc = _sparse(hist)
        fk, fc = _sparse(first)
        return {"hist_keys": hk, "hist_counts": hc, "first_keys": fk, "first_counts": fc, "stats": stats,
                "squares": squares}

    def key(self) -> dict:
        import sys

        from crib_stats.core import tables
        from crib_stats.discard import shards
        from crib_stats.model import variants as rules
        from crib_stats.runtime.cache import content_digest, source_digest

        from . import model

        return {"kind": "game-deals-3", "deals": self.deals, "seed": self.seed, "groups": self.groups,
                "parts": self.shards, "kernels": source_digest(),
                "code": content_digest([sys.modules[__name__], model, tables, rules, shards])}

    def result(self, parts: list[dict], run: Run) -> DealModel3:
        n = self.shards
        B3 = _b3()
        groups = [parts[g * n:(g + 1) * n] for g in range(self.groups)]
        cell_keys = np.unique(np.concatenate([p["hist_keys"] for p in parts]))
        first_keys = np.unique(np.concatenate([p["first_keys"] for p in parts]))
        hist = np.zeros((self.groups, len(cell_keys)), np.int64)
        first = np.zeros((self.groups, len(first_keys)), np.int64)
        for g, ps in enumerate(groups):
            for p in ps:
                np.add.at(hist[g], np.searchsorted(cell_keys, p["hist_keys"]), p["hist_counts"])
                np.add.at(first[g], np.searchsorted(first_keys, p["first_keys"]), p["first_counts"])
        cells = np.stack([cell_keys // (B3 * B3), (cell_keys // B3) % B3, cell_keys % B3], axis=1)
        stats = np.stack([sum(p["stats"].astype(np.int64) for p in ps) for ps in groups])
        squares = np.stack([sum(p["squares"].astype(np.int64) for p in ps) for ps in groups])
        return DealModel3(self.deals, self.seed, cells, hist, first_keys, first, stats, squares,
                          seconds=run.seconds, from_cache=run.from_cache)


def deal_model3(deals: int = 1_000_000, seed: int = DEFAULT_SEED, *, groups: int = GROUPS3, parts: int = 1,
                scheduler: str | None = None, workers: int | None = None, cache_dir=None, fresh: bool = False,
                progress: Callable[[int, int], None] | None = None) -> DealModel3:
    """Sample and play ``deals`` three-player deals (:class:`DealSample3` on the engine);
    ``cache_dir``: None the user's cache, False none."""
    return DealSample3(deals, seed, groups=groups, parts=parts).run(
        scheduler=scheduler, workers=workers, cache_dir=cache_dir, fresh=fresh, progress=progress)


def scripts3(seed: int, lo: int, hi: int) -> list[dict]:
    """The scoring scripts of three-player deals lo..hi-1 of ``seed`` (for inspection and tests):
    per deal ``events`` [(turn, points)] (0 the dealer's left, 1 his right, 2 the dealer) and
    the per-turn figures :data:`STATS3`."""
    from ..kernels import game3 as k3

    k = deal_inputs(VARIANT, "objective")
    who, pts, ne, st = k3.deal_scripts3(seed, lo, hi, k["index"], k["rank_hand"], k["rank_crib"], k["throws"],
                                        k["hand_table"], k["crib_table"], k["rank_throws"])
    return [{"events": [(int(who[i, e]), int(pts[i, e])) for e in range(ne[i])],
             **{name: int(st[i, j]) for j, name in enumerate(STATS3)}} for i in range(hi - lo)]


def committed_path3():
    from crib_stats.core.data import data_file

    return data_file(data_name(VARIANT))


def load3(path) -> DealModel3:
    """The model of a file of :func:`file_arrays3`."""
    with np.load(path) as z:
        meta = json.loads(bytes(z["meta"]).decode())
        return DealModel3.from_arrays(meta, z)


def file_arrays3(model: DealModel3) -> dict:
    """Everything game_three-player.npz holds: the model's counts and its description (``meta``).
    The solved boards are a file of their own (data/board_three-player.npz,
    :mod:`crib_stats.game.board3_data`)."""
    arrays = dict(model.arrays())
    arrays["meta"] = np.frombuffer(json.dumps(model.meta(), sort_keys=True).encode(), np.uint8)
    return arrays
