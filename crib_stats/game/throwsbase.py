"""What every discard for the board shares (two players, :mod:`.throws`; three, :mod:`.throws3`):
a throw's figures and a deal's ranking (:class:`BoardThrow`, :class:`BoardAnalysis`), the deal
model's kernel inputs (:func:`board_inputs`), and the sampling of deals to an accuracy
(:class:`Estimate`, :func:`sampled_deals`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from crib_stats.core.cards import Card

from .model import deal_inputs

_BOARD_INPUTS: dict = {}

DEFAULT_SEED = 0
DEFAULT_ACCURACY = 0.002
MAX_HANDS = 400_000
MAX_DRAWS = 16
MODEL_KEYS = ("variant", "deals", "seed", "discard", "play", "groups")  # what made a board (DealModel.meta)
SHORT = ("the opponent is dealt the cards you have not seen and throws by the game model's objective for their seat; "
         "every starter left; both play greedy; the game ends the moment someone reaches the target; later deals "
         "follow the game model (the committed board)")
ASSUMES = {
    "deal": "the opponent is dealt the rest of the cards you have not seen",
    "discard": "the opponent throws by the game model's objective for their seat (max E[hand] + E[crib] as dealer, "
               "E[hand] - E[crib] as pone, random crib model, the sweep's tie rule)",
    "starter": "the starter is any card left",
    "pegging": "both play greedy",
    "order": "the points are scored in the game's order (his heels, the play point by point, the pone's hand, the "
             "dealer's hand, the crib) and the game ends the moment someone reaches the target",
    "later_deals": "every later deal follows the game model (the committed board of crib-stats game)",
}


@dataclass(frozen=True)
class BoardThrow:
    """One throw's figures: P(win), P(win with a skunk), expected game points (2 a win, 3 a
    skunk), each with its sampling error; ``table_se`` the bound on the board's error;
    ``net`` the points net of :func:`crib_stats.discard.analysis.analyse` (hand +- crib, random
    crib model); ``vs_points`` P(win) minus the points throw's, with its paired error."""

    throw: tuple[Card, ...]
    keep: tuple[Card, ...]
    p_win: float
    p_win_se: float
    p_skunk: float
    p_skunk_se: float
    game_points: float
    game_points_se: float
    table_se: float
    net: Fraction
    hand_ev: Fraction
    crib_ev: Fraction
    vs_points: float
    vs_points_se: float
    points_throw: bool


@dataclass(frozen=True)
class BoardAnalysis:
    """Every throw of one deal at a position, best P(win) first (ties: the higher net)."""

    dealt: tuple[Card, ...]
    role: str
    variant: str
    mine: int
    theirs: int
    target: int
    skunk: int
    seed: int
    hands: int
    accuracy: float
    starters: int
    throws: tuple[BoardThrow, ...]
    seconds: float
    method: str = ""
    assumes: dict = field(default_factory=lambda: dict(ASSUMES))
    short: str = SHORT
    board_model: dict = field(default_factory=dict)  # the board of later deals: variant, deals, seed, discard, play
    reached_se: float = float("nan")  # the largest P(win) error reached (at most accuracy unless capped)
    capped: str | None = None  # what stopped the sampling short of accuracy (the draw cap), or None
    ranked: int = 0  # how many throws were ranked (len(throws) unless top() kept fewer)
    points_rank: int = 0  # the points throw's place among them, from 1
    hidden_points: BoardThrow | None = None  # the points throw when top() left it out
    seat: str | None = None  # three or four players: where you sit (SEATS, throws3.SEATS3); None for two players
    right: int | None = None  # three players: the score of the player on your right (theirs: on your left)

    @property
    def best(self) -> BoardThrow:
        return self.throws[0]

    @property
    def points(self) -> BoardThrow:
        """The throw by points: the game model's own throw for your seat (shown or not)."""
        return next((t for t in self.throws if t.points_throw), self.hidden_points)

    @property
    def differs(self) -> bool:
        """True when the best throw for the board is not the throw for points."""
        return not self.best.points_throw

    def top(self, k: int | None) -> "BoardAnalysis":
        from dataclasses import replace

        if not k:
            return self
        shown = self.throws[:k]
        hidden = None if any(t.points_throw for t in shown) else self.points  # still compared against
        return replace(self, throws=shown, hidden_points=hidden)


def board_inputs(variant: str) -> dict:
    """The deal model's kernel inputs for objective discards (:func:`.model.kernel_inputs`),
    once per process, the sweep's rank memo read from the disk cache (computing it costs about
    a second a process, reading it a few hundredths)."""
    if variant not in _BOARD_INPUTS:
        import sys

        from crib_stats.core import tables

        from crib_stats.model import variants as rules
        from crib_stats.runtime.disk import disk_cached
        from crib_stats.model.variants import variant as get_variant
        from crib_stats.discard import shards
        from crib_stats.kernels.combinatorics import combinations

        from . import model

        def compute():
            k = deal_inputs(variant, "objective")
            return k["index"], k["rank_hand"], k["rank_crib"]

        index, rank_hand, rank_crib = disk_cached(f"board_memo_{variant}", compute,
                                                  modules=[sys.modules[__name__], model, shards, tables, rules])
        v = get_variant(variant)
        _BOARD_INPUTS[variant] = dict(
            dealt=v.dealt, stop_at_go=v.play_stops_at_first_go, index=index, rank_hand=rank_hand,
            rank_crib=rank_crib, throws=combinations(v.dealt, v.throw), hand_table=tables.rank_table(v.kept + 1),
            crib_table=tables.rank_table(5), rank_throws=np.full((2, 1), -1, np.int64))
    return _BOARD_INPUTS[variant]


@dataclass(frozen=True)
class Estimate:
    """Kernel rows per unit and draw (units x draws x throws x values) and how to average them:
    stratified (``weights`` per unit, summing to 1; the error from the spread of each unit's
    draws, two or more) or equally weighted random hands (``sample``: one draw each, the error
    from their spread)."""

    values: np.ndarray
    weights: np.ndarray
    draws: int
    hands: int
    units: int
    sample: bool = False

    @classmethod
    def sampled(cls, vals: np.ndarray) -> "Estimate":
        n = vals.shape[0]
        return cls(vals[:, None], np.full(n, 1.0 / n), 1, n, n, sample=True)

    def of(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(estimates, standard errors) of a quantity given per unit and draw, ``x`` (units,
        draws, ...): one figure per trailing index."""
        if self.sample:
            n = x.shape[0]
            se = x[:, 0].std(axis=0, ddof=1) / math.sqrt(n) if n > 1 else np.full(x.shape[2:], np.nan)
            return x[:, 0].mean(axis=0), se
        w = self.weights
        m = x.mean(axis=1)
        dev = x - m[:, None]
        dev *= dev
        var = dev.sum(axis=1) / (self.draws - 1)  # np.var(axis=1, ddof=1), the same floats
        return w @ m, np.sqrt((w ** 2) @ var / self.draws)


def sampled_deals(seed: int, hands: int | None, accuracy: float, common: tuple, kernel=None) -> Estimate:
    """Three or four players: ``hands`` random deals of the other hands (``kernel``, by default
    :func:`crib_stats.kernels.boardtable.table_values`; with three
    :func:`crib_stats.kernels.boardthrow3.table3_values`), or batches of them until every throw's
    P(win) error is at most ``accuracy`` (at most :data:`MAX_HANDS`); the rows depend only on the
    seed and the number of deals."""
    from crib_stats.kernels import boardtable, boardthrow as kt

    kernel = boardtable.table_values if kernel is None else kernel
    if hands is not None:
        return Estimate.sampled(kernel(seed, 0, hands, *common))
    parts = []
    n = 0
    batch = 2048
    while True:
        parts.append(kernel(seed, n, n + batch, *common))
        n += batch
        est = Estimate.sampled(np.concatenate(parts))
        se = float(est.of(est.values[..., kt.V_WIN])[1].max())
        if se <= accuracy or n >= MAX_HANDS:
            return est
        # the next batch sized from the error so far (se falls as 1/sqrt(n)), at least doubling... at most MAX_HANDS
        want = int(n * (se / accuracy) ** 2 * 1.1) + 1
        batch = min(max(want - n, 1024), MAX_HANDS - n)




def check_sampling(seed: int, accuracy: float, hands: int | None, what: str) -> None:
    """``discard --score``'s sampling options: one line (GameError) for an accuracy outside (0,
    1), a number of ``what`` (deals, opponent hands) outside 2 .. 10 x MAX_HANDS, or a seed that
    is not a 63-bit whole number."""
    from .model import GameError

    if not (0 < accuracy < 1):
        raise GameError(f"discard --score: --accuracy must be between 0 and 1, got {accuracy}")
    if hands is not None and not (2 <= hands <= 10 * MAX_HANDS):
        raise GameError(f"discard --score: the number of {what} must be 2 to {10 * MAX_HANDS:,}, got {hands}")
    if seed < 0 or seed >= 2**63:
        raise GameError(f"discard --score: --seed must be a whole number from 0 to 2**63 - 1, got {seed}")


def deal_arrays(variant: str, dealt) -> tuple:
    """The kernels' view of one deal: (the deal model's inputs :func:`board_inputs`, their
    ``gm_in`` tuple, the dealt cards sorted by code, their codes, the codes not dealt)."""
    k = board_inputs(variant)
    gm_in = (k["index"], k["rank_hand"], k["rank_crib"], k["throws"], k["hand_table"], k["crib_table"],
             k["rank_throws"])
    srt = sorted(dealt, key=lambda c: c.code)
    codes = np.array([c.code for c in srt], np.int64)
    held = set(codes.tolist())
    unseen = np.array([c for c in range(52) if c not in held], np.int64)
    return k, gm_in, srt, codes, unseen


def ranked_throws(est: "Estimate", dealt, srt, throws, q_points: int, role: str, variant: str,
                  game_points: bool = True) -> tuple[list, float]:
    """Every throw's :class:`BoardThrow` from the sampled rows ``est`` (best P(win) first; ties:
    the higher net, then the points throw), with the points figures of ``analyse`` and the
    paired difference from the points throw ``q_points``; and the largest P(win) error
    reached. ``game_points`` False (three players): no game points (NaN), the skunk figure as
    the kernel gives it."""
    from crib_stats.discard.analysis import analyse
    from crib_stats.kernels import boardthrow as kt
    from crib_stats.model.variants import SKUNK_POINTS, WIN_POINTS

    analysis = analyse(dealt, role=role, variant=variant)
    by_throw = {frozenset(c.code for c in t.throw): t for t in analysis.throws}
    by_value = np.moveaxis(est.values, -1, 0).copy()  # each figure's (units, draws, throws) contiguous
    win, sk = by_value[kt.V_WIN], by_value[kt.V_SKUNK]
    pw, pw_se = est.of(win)
    ps, ps_se = est.of(sk)
    if game_points:
        g, g_se = est.of(WIN_POINTS * win + (SKUNK_POINTS - WIN_POINTS) * sk)
        g = np.clip(g, 0, SKUNK_POINTS)
    else:
        g = g_se = np.full(pw.shape, math.nan)
    # weighted means of figures in [0, 1] drift by a unit in the last place: kept inside
    pw, ps = np.clip(pw, 0, 1), np.clip(ps, 0, 1)
    d, d_se = est.of(win - win[..., q_points:q_points + 1])
    tse = est.of(by_value[kt.V_SE])[0]
    rows = []
    for q in range(throws.shape[0]):
        res = by_throw[frozenset(srt[i].code for i in throws[q])]
        rows.append(BoardThrow(
            throw=res.throw, keep=res.keep, p_win=float(pw[q]), p_win_se=float(pw_se[q]), p_skunk=float(ps[q]),
            p_skunk_se=float(ps_se[q]), game_points=float(g[q]), game_points_se=float(g_se[q]),
            table_se=float(tse[q]), net=res.net_ev, hand_ev=res.hand_ev, crib_ev=res.crib_ev,
            vs_points=float(d[q]), vs_points_se=float(d_se[q]), points_throw=q == q_points))
    rows.sort(key=lambda t: (-t.p_win, -t.net, not t.points_throw))
    return rows, float(pw_se.max())

__all__ = ["BoardThrow", "BoardAnalysis", "Estimate", "board_inputs", "sampled_deals", "check_sampling", "deal_arrays", "ranked_throws",
           "DEFAULT_SEED",
           "DEFAULT_ACCURACY", "MAX_HANDS", "MAX_DRAWS", "MODEL_KEYS", "SHORT", "ASSUMES"]
