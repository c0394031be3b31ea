"""The deal model: what one deal does, measured on N random deals played out exactly.

Each deal is twelve cards and a starter from a shuffled pack, with suits (deal ``k`` of a seed
is a function of the seed and k only, see :func:`crib_stats.kernels.game.deal_cards`, so the
model never depends on how the deals are split into shards or workers). Discards: ``objective``
(the sweep's: the dealer maximises E[hand] + E[crib], the pone E[hand] - E[crib], random crib
model, exact, tie rule :data:`crib_stats.discard.sweep.TIE_RULE`); play: ``greedy`` (as
``peg --policy greedy``). The deal's points are kept in the order they are scored (his heels,
the play card by card, the pone's hand, the dealer's hand, the crib) as the counts the board's
induction needs (:mod:`crib_stats.kernels.game`). Four players in partnership (``four-player``):
five cards each and a starter, one card each thrown (the dealer's side by the dealer's
objective, the other by the pone's), greedy round the table, the points by side.

The N deals are cut into ``GROUPS`` fixed groups (deals ``g * N // G`` up to ``(g + 1) * N //
G``), each kept apart: the board's sampling errors are delete-one-group jackknife errors. A
group can be split further into shards (``parts``): a measurement on the engine
(:class:`DealSample`, :mod:`crib_stats.core.measurement`) whose finished shards are cached, so a
killed run resumes.

>>> m = deal_model("six-card", 40, seed=3, groups=2, cache_dir=False)
>>> m.deals, int(m.hist.sum()), m.hist.shape[0]
(40, 40, 2)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from pathlib import Path
from typing import Callable

import numpy as np

from crib_stats.core.data import data_file
from crib_stats.core.engine import bounds
from crib_stats.core.errors import CribStatsError
from crib_stats.core.measurement import Measurement, Run
from crib_stats.model.variants import Variant, variant as get_variant

GROUPS = 20
DEFAULT_SEED = 0
COMMITTED_DEALS = 4_000_000  # data/game_six-card.npz
DISCARDS = ("objective", "equilibrium")
PLAYS = ("greedy",)
STATS = ("heels", "peg_pone", "peg_dealer", "hand_pone", "hand_dealer", "crib", "total_dealer", "total_pone")
VARIANTS = ("six-card", "five-card")  # the two-player games: the board and everything played to it
PARTNERS = ("four-player",)  # four players in partnership: the board (two sides alternating the deal)
THREE = ("three-player",)  # three players: the board of game --variant three-player (game/board3.py)


class GameError(CribStatsError):
    """Bad input to the game model or board (one-line message)."""


def data_name(variant: str, discard: str = "objective") -> str:
    return f"game_{variant}.npz" if discard == "objective" else f"game_{variant}_{discard}.npz"


def check_variant(variant: str | Variant, where: str = "game", partners: bool = False, three: bool = False) -> Variant:
    """The variant, if the game model plays it (the two-player games; with ``partners`` also four
    players in partnership, whose sides alternate the deal as two players do); else GameError,
    the line prefixed by the command (``where``) that asked.

    >>> check_variant("three-player", "discard --score")
    Traceback (most recent call last):
    ...
    crib_stats.game.model.GameError: discard --score: the game is modelled for the two-player games (six-card, five-card), not three-player
    >>> check_variant("four", partners=True).name
    'four-player'
    >>> check_variant("three-player", partners=True)
    Traceback (most recent call last):
    ...
    crib_stats.game.model.GameError: game: the game is modelled for the two-player games (six-card, five-card) and four players in partnership (four-player), not three-player
    """
    v = get_variant(variant)
    if v.name in VARIANTS or (partners and v.name in PARTNERS) or (three and v.name in THREE):
        return v
    also = f" and four players in partnership ({', '.join(PARTNERS)})" if partners else ""
    raise GameError(f"{where}: the game is modelled for the two-player games ({', '.join(VARIANTS)}){also}, "
                    f"not {v.name}")


def check_policies(discard: str, play: str, variant: str = "six-card") -> None:
    if discard not in DISCARDS:
        raise GameError(f"game: unknown discard policy {discard!r:.20}; choose {', '.join(DISCARDS)}")
    if discard == "equilibrium" and variant != "six-card":
        raise GameError(f"game: the equilibrium discards are solved for the six-card game, not {variant}")
    if play not in PLAYS:
        raise GameError(f"game: unknown play policy {play!r:.20}; choose {', '.join(PLAYS)}")


def exact_means(stats: np.ndarray, squares: np.ndarray, deals: int, names) -> dict:
    """{name: (exact mean over ``deals``, its standard error)} from per-group sums of each figure
    (``stats``) and of its squares (``squares``), one column a name."""
    s, q = stats.sum(axis=0), squares.sum(axis=0)
    out = {}
    for i, name in enumerate(names):
        mean = Fraction(int(s[i]), deals)
        var = (Fraction(int(q[i]), deals) - mean * mean) * deals / (deals - 1) if deals > 1 else Fraction(0)
        out[name] = (mean, sqrt(float(var) / deals))
    return out


@dataclass(frozen=True, eq=False)
class DealModel:
    """The counts of N sampled deals, per group (first axis): ``hist[g, d, p]`` deals with
    totals d (dealer), p (pone); ``dealer_first[g, nd, x]`` deals in which the dealer's
    running total reaches nd with the pone at x; ``pone_first[g, np, y]`` the same for the pone;
    ``stats``/``squares[g, i]`` sums and sums of squares of the per-seat figures ``STATS``."""

    variant: str
    deals: int
    seed: int
    discard: str
    play: str
    hist: np.ndarray
    dealer_first: np.ndarray
    pone_first: np.ndarray
    stats: np.ndarray
    squares: np.ndarray
    seconds: float = 0.0
    from_cache: int = 0

    ARRAYS = ("hist", "dealer_first", "pone_first", "stats", "squares")

    @property
    def groups(self) -> int:
        return self.hist.shape[0]

    def group_deals(self) -> np.ndarray:
        return self.hist.sum(axis=(1, 2))

    def seat_means(self) -> dict:
        """{figure: (exact mean over the deals, its standard error)} for every ``STATS`` figure."""
        return exact_means(self.stats, self.squares, self.deals, STATS)

    def meta(self) -> dict:
        return {"variant": self.variant, "deals": self.deals, "seed": self.seed, "discard": self.discard,
                "play": self.play, "groups": self.groups}

    def arrays(self) -> dict:
        """The counts in compact integer types (what the committed file holds)."""
        return {"hist": self.hist.astype(np.int32), "dealer_first": self.dealer_first.astype(np.int32),
                "pone_first": self.pone_first.astype(np.int32), "stats": self.stats.astype(np.int64),
                "squares": self.squares.astype(np.int64)}

    @classmethod
    def from_arrays(cls, meta: dict, arrays: dict) -> "DealModel":
        return cls(meta["variant"], int(meta["deals"]), int(meta["seed"]), meta["discard"], meta["play"],
                   **{k: np.asarray(arrays[k], np.int64) for k in cls.ARRAYS})


# ------------------------------------------------------------------------------------------
# One shard (in this process or on a Dask worker)
# ------------------------------------------------------------------------------------------


def kernel_inputs(variant_name: str, discard: str = "objective") -> dict:
    """The constant kernel arguments of a variant (the sweep's rank memo, per process) and of
    the discard policy (``rank_throws``: per role and dealt rank multiset the thrown ranks, for
    ``equilibrium``; a (2, 1) placeholder for ``objective``)."""
    from crib_stats.discard.shards import memo
    from ..kernels.combinatorics import combinations
    from crib_stats.core.tables import rank_table

    v = get_variant(variant_name)
    m = memo(v.name, tuple(range(13)))
    return dict(players=v.players, dealt=v.dealt, stop_at_go=v.play_stops_at_first_go, index=m["index"],
                rank_hand=m["rank_hand"], rank_crib=m["rank_crib"], throws=combinations(v.dealt, v.throw),
                hand_table=rank_table(v.kept + 1), crib_table=rank_table(5), rank_throws=rank_throws(discard, m["index"]))


def rank_throws(discard: str, index: np.ndarray) -> np.ndarray:
    """(2, rows) thrown ranks r1 * 13 + r2 (r1 <= r2) of the dealer (row 0) and the pone for
    every dealt rank multiset (the rank memo's rows, ``index`` its key -> row map) under the
    purified equilibrium strategy; -1 where no hand is given."""
    if discard == "objective":
        return np.full((2, 1), -1, np.int64)
    from crib_stats.peg.opponent import equilibrium_keeps
    from crib_stats.peg.tables import multisets

    out = np.full((2, int(index.max()) + 1), -1, np.int64)
    for r, role in enumerate(("dealer", "pone")):
        hands, kept = equilibrium_keeps(role)
        thrown = hands - multisets()[kept]
        for h in range(len(hands)):
            ranks = np.repeat(np.arange(13), hands[h])
            key = 0
            for x in ranks:
                key = key * 13 + int(x)
            t = np.repeat(np.arange(13), thrown[h])
            out[r, index[key]] = int(t[0]) * 13 + int(t[1])
    return out


_INPUTS: dict = {}


def deal_inputs(variant_name: str, discard: str) -> dict:
    """:func:`kernel_inputs`, once per process."""
    key = (variant_name, discard)
    if key not in _INPUTS:
        _INPUTS[key] = kernel_inputs(variant_name, discard)
    return _INPUTS[key]


def scripts(variant: str, seed: int, lo: int, hi: int, discard: str = "objective") -> list[dict]:
    """The scoring scripts of deals lo..hi-1 of ``seed`` (for inspection and tests): per deal
    ``events`` [(who, points)] with who "dealer" or "pone" (four players: the dealer's side or the
    pone's), and the per-seat (per-side) figures."""
    from ..kernels import game as kg

    v = check_variant(variant, partners=True)
    check_policies(discard, "greedy", v.name)
    k = deal_inputs(v.name, discard)
    who, pts, ne, st = kg.deal_scripts(seed, lo, hi, k["players"], k["dealt"], k["stop_at_go"], k["index"],
                                       k["rank_hand"], k["rank_crib"], k["throws"], k["hand_table"], k["crib_table"],
                                       k["rank_throws"])
    return [{"events": [("dealer" if who[i, e] else "pone", int(pts[i, e])) for e in range(ne[i])],
             **{name: int(st[i, j]) for j, name in enumerate(STATS)}} for i in range(hi - lo)]


# ------------------------------------------------------------------------------------------
# Every shard
# ------------------------------------------------------------------------------------------


def check_sample(deals, seed, groups, parts) -> tuple[int, int, int, int]:
    """A deal sample's request (every deal model's), as whole numbers; GameError for a bad one."""
    deals, seed, groups, parts = int(deals), int(seed), int(groups), int(parts)
    if groups < 2:
        raise GameError(f"game: the deals are cut into at least 2 groups (for the errors), got {groups}")
    if deals < 2 * groups:
        raise GameError(f"game: --deals must be at least {2 * groups} (two per group), got {deals}")
    if parts < 1:
        raise GameError(f"game: --shards must be at least 1, got {parts}")
    if seed < 0 or seed >= 2**63:
        raise GameError(f"game: --seed must be a whole number from 0 to 2**63 - 1, got {seed}")
    return deals, seed, groups, parts


class DealSample(Measurement):
    """The deal model's measurement (:mod:`crib_stats.core.measurement`): ``deals`` deals of
    ``seed`` in ``groups`` groups, each in ``parts`` parts; the result is the :class:`DealModel`
    (each group's counts summed over its parts)."""

    cache, arrays = "game", DealModel.ARRAYS

    def __init__(self, variant: str | Variant = "six-card", deals: int = 1_000_000, seed: int = DEFAULT_SEED, *,
                 discard: str = "objective", play: str = "greedy", groups: int = GROUPS, parts: int = 1):
        v = check_variant(variant, partners=True)
        check_policies(discard, play, v.name)
        deals, seed, groups, parts = check_sample(deals, seed, groups, parts)
        self.variant, self.deals, self.seed, self.discard, self.play = v, deals, seed, discard, play
        self.groups, self.shards = groups, parts
        self.name = f"game-{v.name}"

    def parts(self) -> list[tuple]:
        return [(self.variant.name, self.seed, glo + a, glo + b, self.discard)
                for glo, ghi in bounds(self.deals, self.groups) for a, b in bounds(ghi - glo, self.shards)]

    @staticmethod
    def part(variant_name: str, seed: int, lo: int, hi: int, discard: str = "objective") -> dict:
        """The counts of deals lo..hi-1 of ``seed``."""
        from ..kernels import game as kg

        k = deal_inputs(variant_name, discard)
        out = kg.deal_model_rows(seed, lo, hi, k["players"], k["dealt"], k["stop_at_go"], k["index"], k["rank_hand"],
                                 k["rank_crib"], k["throws"], k["hand_table"], k["crib_table"], k["rank_throws"])
        return dict(zip(DealModel.ARRAYS, out))

    def key(self) -> dict:
        """What decides the parts: the request, and the digest of the code that computes a part
        (the kernels; this module; the rank tables; the variant table; the sweep's rank memo;
        the equilibrium opponent's keeps)."""
        import sys

        from crib_stats.core import tables

        from crib_stats.model import variants as rules
        from crib_stats.discard import shards
        from crib_stats.runtime.cache import content_digest, source_digest
        from crib_stats.peg import opponent

        return {"kind": "game-deals", "variant": self.variant.name, "deals": self.deals, "seed": self.seed,
                "groups": self.groups, "parts": self.shards, "discard": self.discard, "play": self.play,
                "kernels": source_digest(),
                "code": content_digest([sys.modules[__name__], tables, rules, shards, opponent])}

    def result(self, parts: list[dict], run: Run) -> DealModel:
        n = self.shards
        per_group = {name: np.stack([sum(parts[g * n + j][name].astype(np.int64) for j in range(n))
                                     for g in range(self.groups)]) for name in DealModel.ARRAYS}
        return DealModel(self.variant.name, self.deals, self.seed, self.discard, self.play, **per_group,
                         seconds=run.seconds, from_cache=run.from_cache)


def deal_model(variant: str | Variant = "six-card", deals: int = 1_000_000, seed: int = DEFAULT_SEED, *,
               discard: str = "objective", play: str = "greedy", groups: int = GROUPS, parts: int = 1,
               scheduler: str | None = None, workers: int | None = None, cache_dir=None, fresh: bool = False,
               progress: Callable[[int, int], None] | None = None) -> DealModel:
    """Sample and play ``deals`` deals (see the module docstring; :class:`DealSample` on the
    engine). ``cache_dir``: None the user's cache, False none; ``progress(done, total)`` after
    every shard (and once at the start with the shards found in the cache)."""
    return DealSample(variant, deals, seed, discard=discard, play=play, groups=groups, parts=parts).run(
        scheduler=scheduler, workers=workers, cache_dir=cache_dir, fresh=fresh, progress=progress)


# ------------------------------------------------------------------------------------------
# The committed model
# ------------------------------------------------------------------------------------------


def load(path) -> tuple[DealModel, dict]:
    """(the model, the other arrays of the file) of a file of :func:`file_arrays`."""
    with np.load(path) as z:
        meta = json.loads(bytes(z["meta"]).decode())
        model = DealModel.from_arrays(meta, z)
        rest = {k: z[k] for k in z.files if k not in DealModel.ARRAYS and k != "meta"}
    return model, rest


def committed_path(variant: str = "six-card", discard: str = "objective") -> Path:
    return data_file(data_name(variant, discard))


COMMITTED = (("six-card", "objective"), ("five-card", "objective"), ("six-card", "equilibrium"),
             ("four-player", "objective"))


def file_arrays(model: DealModel, board: dict) -> dict:
    """Everything a game_VARIANT.npz holds: the model's counts in compact integer types, its
    description (``meta``, JSON bytes) and the solved board's arrays (``board``)."""
    arrays = dict(model.arrays())
    arrays["meta"] = np.frombuffer(json.dumps(model.meta(), sort_keys=True).encode(), np.uint8)
    arrays.update(board)
    return arrays
