"""The board: the chance of winning from every position, by backward induction on the deal model.

A position is (my score, the opponent's score, who deals next), both below the target. Given
the deal model (the counts of :mod:`.model`), the induction
(:func:`crib_stats.kernels.game.induction`) is exact: no game is simulated. The game ends the
moment a player reaches the target, in the order the points are scored (his heels, the play
point by point, the pone's hand, the dealer's hand, the crib); deals alternate. Skunk: the loser
below 91 (double skunk below 61); five-card game: a lurch, the loser below 31, and the first
deal's pone starts with 3 for last. Game points (tournament): a win 2, a skunk (or double) 3.

The six-card game is also played to 91 and 61 (:data:`~crib_stats.model.variants.SKUNK_LINES`:
a skunk below 61 and a double below 31 to 91, a skunk below 31 to 61). The deal does not change
with the target, so those boards come from the same committed deal model; only the induction's
target and skunk lines do. Solving one takes under a second, so it is not committed: it is
solved the first time it is asked for and kept in the disk cache (:func:`committed`).

Four players in partnership (``four-player``, to 121) are two sides alternating the deal as two
players do (seats 0..3 clockwise, seat i's side i % 2, the deal passing to the left), so the
induction is the same with sides in place of players: "I" am a side, "the dealer" the dealing
side. Only the deal model differs (:mod:`crib_stats.kernels.game`: four hands of five, one
card each to the crib; the points by side, the shows from the dealer's left, the dealer's last,
then the crib). Sampling its deals takes seconds, so its board is committed
(data/game_four-player.npz) like the two-player games' at their default targets.

Every figure carries its sampling error: the delete-one-group jackknife over the model's
groups (each leave-one-out model solved again, in parallel).

>>> from .model import deal_model
>>> b = solve(deal_model("six-card", 200, seed=1, groups=4, cache_dir=False))
>>> p = b.position(120, 120, "dealer")
>>> 0 < p["p_win"] < 1, b.values.shape
(True, (8, 121, 121))
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from crib_stats.model.variants import SKUNK_POINTS, WIN_POINTS

from .model import DealModel, GameError, check_variant

# rows of Board.values (the kernel's G_* and the game points, all from the dealer's side)
ROWS = ("win", "skunk_win", "skunk_loss", "double_win", "double_loss", "one_point", "deals", "game_points")
MAX_DEALS = 60
# what each row of Board.values can be: probabilities in [0, 1], game points in [0, 3], deals >= 0
BOUNDS = {name: (0.0, 1.0) for name in ROWS} | {"deals": (0.0, np.inf), "game_points": (0.0, float(SKUNK_POINTS))}


def bounded(values: np.ndarray) -> np.ndarray:
    """``values`` (rows :data:`ROWS` on axis -3) with every figure inside what it can be
    (:data:`BOUNDS`): the induction's sums of products drift by a few units in the last place
    (-2e-16 for a certain loss, 1 + 2e-16 for a certain win), which must not print as -0.000%."""
    lo = np.array([BOUNDS[r][0] for r in ROWS])[:, None, None]
    hi = np.array([BOUNDS[r][1] for r in ROWS])[:, None, None]
    return np.clip(values, lo, hi)


def clip(x: float, hi: float = 1.0) -> float:
    """One figure inside [0, hi] (a probability; game points: ``hi`` 3)."""
    return min(max(float(x), 0.0), hi)


def skunk_name(variant: str, plural: bool = False) -> str:
    """The one word for a win with the loser far behind, in every output of ``variant``: a
    skunk, in the five-card game (no double) a lurch.

    >>> skunk_name("six-card"), skunk_name("five-card", plural=True)
    ('skunk', 'lurches')
    """
    if check_variant(variant, partners=True, three=True).double_skunk:
        return "skunks" if plural else "skunk"
    return "lurches" if plural else "lurch"


def board_variant(variant, target: int | None = None, where: str = "game", partners: bool = False,
                  three: bool = False):
    """The :class:`~crib_stats.model.variants.Variant` of a board: a two-player game the model
    plays (with ``partners`` also four players in partnership: ``game`` itself, which only reads
    the board; with ``three`` also three players, :mod:`.board3`), to ``target`` (None: its default). One line (a :class:`GameError` prefixed by
    ``where``) for a game the model does not play or a target it is not played to.

    >>> board_variant("six-card", 61).skunk
    31
    >>> board_variant("five-card", 121, "game --target")
    Traceback (most recent call last):
    ...
    crib_stats.game.model.GameError: game --target: the five-card game is played to 61, not 121
    """
    from crib_stats.model.variants import VariantError

    v = check_variant(variant, where, partners, three)
    try:
        return v if target is None else v.playing(target)
    except VariantError as e:
        raise GameError(f"{where}: {e}") from None


def rules(variant: str, target: int | None = None) -> dict:
    """The whole-game rules of a variant played to ``target`` (None: its default), from the
    variant table (:mod:`crib_stats.model.variants`): the target, the skunk lines and the first
    deal's start (the pone's 3 for last, five-card)."""
    v = board_variant(variant, target, partners=True)
    return dict(target=v.target, skunk=v.skunk, double=v.double_skunk, start=(0, v.first_deal_last))


@dataclass(frozen=True, eq=False)
class Board:
    """``values[row, a, b]`` (rows ``ROWS``) for the player about to deal at a against b, and
    their jackknife errors ``se``; ``length[k]`` P(a game from the start ends in deal k + 1)."""

    variant: str
    target: int
    skunk: int
    double: int
    start: tuple
    values: np.ndarray
    se: np.ndarray
    length: np.ndarray
    meta: dict
    seats: dict  # figure -> (mean, se)
    seconds: float = 0.0

    def row(self, name: str) -> int:
        return ROWS.index(name)

    @property
    def partners(self) -> bool:
        """Whether the board's sides are partnerships (four players), not single players."""
        from .model import PARTNERS

        return self.variant in PARTNERS

    def position(self, mine: int, theirs: int, role: str) -> dict:
        """The figures of one position: I am at ``mine``, the opponent at ``theirs``, and I
        deal next (``role="dealer"``) or the opponent does (``"pone"``)."""
        check_position(mine, theirs, self.target, role)
        v, s, r = self.values, self.se, self.row
        if role == "dealer":
            at = (mine, theirs)
            pw, win_s, lose_s = v[r("win")][at], r("skunk_win"), r("skunk_loss")
            pts, pts_se = v[r("game_points")][at], s[r("game_points")][at]
        else:  # the opponent deals: his figures, turned round
            at = (theirs, mine)
            pw, win_s, lose_s = 1.0 - v[r("win")][at], r("skunk_loss"), r("skunk_win")
            pts = clip(WIN_POINTS * pw + (SKUNK_POINTS - WIN_POINTS) * v[win_s][at], SKUNK_POINTS)
            pts_se = self.meta["pone_points_se"][at]
        return {"mine": int(mine), "theirs": int(theirs), "deals_next": "me" if role == "dealer" else "opponent",
                "p_win": float(pw), "p_win_se": float(s[r("win")][at]),
                "p_win_skunk": float(v[win_s][at]), "p_win_skunk_se": float(s[win_s][at]),
                "p_skunked": float(v[lose_s][at]), "p_skunked_se": float(s[lose_s][at]),
                "game_points": float(pts), "game_points_se": float(pts_se),
                "deals_left": float(v[r("deals")][at]), "deals_left_se": float(s[r("deals")][at])}

    def headline(self) -> dict:
        """The first dealer's figures from the start of a game."""
        a, b = self.start
        v, s = self.values, self.se
        r = self.row

        def fig(row):
            return float(v[r(row), a, b]), float(s[r(row), a, b])

        cum = np.cumsum(self.length)
        median = int(np.searchsorted(cum, 0.5) + 1)
        return {"first_dealer_win": fig("win"), "first_dealer_skunks": fig("skunk_win"),
                "first_dealer_skunked": fig("skunk_loss"), "first_dealer_double_skunks": fig("double_win"),
                "first_dealer_double_skunked": fig("double_loss"), "one_point": fig("one_point"),
                "deals_mean": fig("deals"), "deals_median": median,
                "skunk_any": (clip(fig("skunk_win")[0] + fig("skunk_loss")[0]),
                              float(self.meta.get("skunk_any_se", float("nan")))),
                "game_points_first_dealer": fig("game_points"),
                # a game ends on his heels when a deal starts with its dealer 1 or 2 short and a jack
                # is turned (1 in 13, whatever the deal's hands)
                "won_on_heels": self.meta.get("heels_near", float("nan")) / 13}


def check_position(mine, theirs, target: int, role=None, *, where: str = "game --at", deals: str = "next",
                   error: type = GameError) -> None:
    """The one check of a board position, for every command that takes one (``game --at``,
    ``discard --score``, ``advise --score``): both scores whole numbers from 0 to
    ``target - 1`` (a score at the target has already won), and ``role`` (unless None) the
    dealer or the pone. One line, prefixed by ``where``, raised as ``error``.

    >>> check_position(120, 0, 121, "pone")
    >>> check_position(121, 0, 121, "pone")
    Traceback (most recent call last):
    ...
    crib_stats.game.model.GameError: game --at: MINE is 121: the game is over at 121 (a score at or past the target); give scores below it
    """
    if role is not None and role not in ("dealer", "pone"):
        raise error(f"{where}: say who deals {deals}: --dealer (you) or --pone (the opponent)")
    for name, x in (("MINE", mine), ("THEIRS", theirs)):
        check_score(name, x, target, where, error)


def check_score(name: str, x, target: int, where: str, error: type = GameError) -> None:
    """One score of a position (``name`` as the command spells it: ``MINE``, ``first_left's
    score``): a whole number from 0 to ``target - 1``, else one line prefixed by ``where``,
    raised as ``error``."""
    if not isinstance(x, (int, np.integer)) or isinstance(x, bool) or x < 0:
        raise error(f"{where}: {name} must be from 0 to {target - 1} (the game is to {target}), got {x!r:.20}: "
                    "impossible")
    if x >= target:
        raise error(f"{where}: {name} is {x}: the game is over at {target} (a score at or past the target); "
                    "give scores below it")


def _game_points(values: np.ndarray) -> np.ndarray:
    """The dealer's expected game points: 2 a win, 3 a skunk (double skunks included)."""
    from ..kernels.board import G_SKUNK_WIN, G_WIN

    return WIN_POINTS * values[..., G_WIN, :, :] + (SKUNK_POINTS - WIN_POINTS) * values[..., G_SKUNK_WIN, :, :]


def solve(model: DealModel, jackknife: bool = True, target: int | None = None) -> Board:
    """Every position of the game to ``target`` (None: the variant's default) under ``model``
    (see the module docstring)."""
    from ..kernels import board as kb  # lazy: numba only when used

    start_t = time.perf_counter()
    rl = rules(model.variant, target)
    T, skunk, double = rl["target"], rl["skunk"], rl["double"]
    h, dfst, pfst = model.hist, model.dealer_first, model.pone_first
    tot = [h.sum(axis=0), dfst.sum(axis=0), pfst.sum(axis=0)]
    counts = model.group_deals()
    n = int(counts.sum())
    if tot[0][0, 0] != 0:
        raise GameError("game: the deal model has deals scoring nothing at all (impossible in a real play)")
    if jackknife:
        hs = np.concatenate([tot[0][None], tot[0][None] - h])
        ds = np.concatenate([tot[1][None], tot[1][None] - dfst])
        ps = np.concatenate([tot[2][None], tot[2][None] - pfst])
        ns = np.concatenate([[n], n - counts]).astype(np.int64)
        allv = kb.induction_many(hs, ds, ps, ns, T, skunk, double)
    else:
        allv = kb.induction(tot[0], tot[1], tot[2], n, T, skunk, double)[None]
    allv = bounded(np.concatenate([allv, _game_points(allv)[:, None]], axis=1))
    values = allv[0]
    meta = dict(model.meta())
    if jackknife:
        loo = allv[1:]
        g = loo.shape[0]
        se = np.sqrt((g - 1) / g * ((loo - loo.mean(axis=0)) ** 2).sum(axis=0))
        # the pone's game points at (mine, theirs) = 2 (1 - W) + SL at (theirs, mine)
        pone_pts = WIN_POINTS * (1 - loo[:, 0]) + (SKUNK_POINTS - WIN_POINTS) * loo[:, 2]
        meta["pone_points_se"] = np.sqrt((g - 1) / g * ((pone_pts - pone_pts.mean(axis=0)) ** 2).sum(axis=0))
        a, b = rl["start"]
        sk = loo[:, 1, a, b] + loo[:, 2, a, b]
        meta["skunk_any_se"] = float(np.sqrt((g - 1) / g * ((sk - sk.mean()) ** 2).sum()))
    else:
        se = np.full_like(values, np.nan)
        meta["pone_points_se"] = np.full((T, T), np.nan)
        meta["skunk_any_se"] = float("nan")
    a, b = rl["start"]
    length, near = kb.game_length(tot[0], n, T, a, b, MAX_DEALS)
    meta["heels_near"] = float(near.sum())  # expected deals a game dealt with the dealer 1 or 2 short
    return Board(model.variant, T, skunk, double, rl["start"], values, se, length, meta, model.seat_means(),
                 time.perf_counter() - start_t)


def board_arrays(board: Board) -> dict:
    """The solved board as the arrays a committed file holds."""
    return {"values": board.values, "se": board.se, "length": board.length,
            "pone_points_se": board.meta["pone_points_se"],
            "skunk_any_se": np.array(board.meta["skunk_any_se"]), "heels_near": np.array(board.meta["heels_near"])}


def from_arrays(model: DealModel, arrays: dict, seconds: float = 0.0) -> Board:
    """A :class:`Board` from a committed file's arrays (no induction is run); its target is
    the board's size (``values`` is (rows, target, target))."""
    rl = rules(model.variant, int(arrays["values"].shape[-1]))
    meta = dict(model.meta())
    meta["pone_points_se"] = arrays["pone_points_se"]
    meta["skunk_any_se"] = float(arrays["skunk_any_se"])
    meta["heels_near"] = float(arrays["heels_near"]) if "heels_near" in arrays else float("nan")
    return Board(model.variant, rl["target"], rl["skunk"], rl["double"], rl["start"], bounded(arrays["values"]),
                 arrays["se"], arrays["length"], meta, model.seat_means(), seconds)


def kernel_tables(values: np.ndarray, se: np.ndarray) -> np.ndarray:
    """The board as the board-throw kernels read it (:mod:`crib_stats.kernels.boardthrow`):
    ``[dealer's score, pone's score]`` -> (P(the dealer wins), P(he wins with a skunk), P(he is
    skunked), the jackknife error of the first), side by side, from a board's ``values`` and
    ``se`` (rows :data:`ROWS`)."""
    r = ROWS.index
    return np.ascontiguousarray(np.stack([values[r("win")], values[r("skunk_win")], values[r("skunk_loss")],
                                          se[r("win")]], axis=-1))


def _committed_path(variant: str, discard: str):
    from .model import check_policies, committed_path

    v = check_variant(variant, partners=True).name
    check_policies(discard, "greedy", v)
    path = committed_path(v, discard)
    if not path.exists():
        raise GameError(f"game: no committed model for {v}, {discard} discards ({path.name}); "
                        "compute one with --deals N")
    return path


def has_board(variant) -> bool:
    """Whether the game ``variant`` is (a :class:`~crib_stats.model.variants.Variant`: its
    players and target) has a board to throw and play to: the two-player games at every target
    they are played to (six-card to 121, 91 and 61; five-card to 61), from their committed deal
    models. Four players in partnership have a board (``game --variant four-player``) and so have
    three players (``game --variant three-player``, :mod:`.board3`): both are thrown to
    (:func:`has_throw_board`), not played to.

    >>> from crib_stats.model.variants import variant
    >>> has_board(variant("six-card", 61)), has_board(variant("three-player"))
    (True, False)
    """
    from .model import VARIANTS

    return variant.players == 2 and variant.name in VARIANTS and variant.target in variant.targets


def has_throw_board(variant) -> bool:
    """Whether the game ``variant`` has a board to *throw* to (``discard --score``): every game
    :func:`has_board` covers, four players in partnership at their target (the throw by side,
    :func:`crib_stats.game.throws.score_throws` with a seat) and three players at both of theirs
    (the throwing seat's P(win), :mod:`.throws3`), whose play nothing models for the board yet.

    >>> from crib_stats.model.variants import variant
    >>> has_throw_board(variant("four-player")), has_board(variant("four-player"))
    (True, False)
    >>> has_throw_board(variant("three-player", 61)), has_board(variant("three-player"))
    (True, False)
    """
    from .model import PARTNERS, THREE

    return has_board(variant) or (variant.name in PARTNERS + THREE and variant.target in variant.targets)


def _solved_arrays(variant: str, discard: str, target: int) -> dict:
    """The board of the committed deal model played to a target other than the one its file
    holds the board of: solved (under a second), kept in the disk cache
    (:func:`crib_stats.runtime.disk.disk_cached`, keyed by the kernels' and this module's code
    and the committed file's bytes), so a process after the first only reads it."""
    import sys

    from crib_stats.model import variants
    from crib_stats.runtime.disk import disk_cached

    from . import model as gm

    path = _committed_path(variant, discard)
    names = ("values", "se", "length", "pone_points_se", "skunk_any_se", "heels_near")

    def compute():
        model, _ = gm.load(path)
        arrays = board_arrays(solve(model, target=target))
        return tuple(np.asarray(arrays[k]) for k in names)

    got = disk_cached(f"board_{variant}_{discard}_{target}", compute,
                      modules=[sys.modules[__name__], gm, variants], inputs=[path])
    return dict(zip(names, got))


_SOLVED: dict = {}


def _other_target(variant: str, discard: str, target: int | None) -> dict | None:
    """The board's arrays of the committed model to ``target`` when it is not the variant's
    default (:func:`_solved_arrays`, once a process), else None: the file holds that board."""
    v = board_variant(variant, target, partners=True)
    if v.target == v.targets[0]:
        return None
    key = (v.name, discard, v.target)
    if key not in _SOLVED:
        _SOLVED[key] = _solved_arrays(v.name, discard, v.target)
    return _SOLVED[key]


def committed(variant: str = "six-card", discard: str = "objective", target: int | None = None) -> Board:
    """The board of the committed deal model (data/game_VARIANT[_DISCARD].npz) to ``target``
    (None: the variant's default): at the default target the file's own board, read without
    running anything; at another (six-card to 91 or 61) solved from the file's counts once a
    machine and then read from the disk cache (:func:`_solved_arrays`)."""
    from .model import load

    start = time.perf_counter()
    model, rest = load(_committed_path(board_variant(variant, target, partners=True).name, discard))
    other = _other_target(variant, discard, target)
    return from_arrays(model, rest if other is None else other, time.perf_counter() - start)


def committed_meta(variant: str = "six-card", discard: str = "objective") -> dict:
    """What made the committed board (:meth:`.model.DealModel.meta`: variant, deals, seed,
    discard, play, groups), read without the counts: the same deal model at every target."""
    import json

    with np.load(_committed_path(variant, discard)) as z:
        return json.loads(bytes(z["meta"]).decode())


def committed_tables(variant: str = "six-card", discard: str = "objective",
                     target: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The committed board's ``values`` and ``se`` alone (as :class:`Board` has them) to
    ``target``, without the deal model's counts: a third of the time of :func:`committed`
    at the default target."""
    other = _other_target(variant, discard, target)
    if other is not None:
        return bounded(other["values"]), other["se"]
    with np.load(_committed_path(variant, discard)) as z:
        return bounded(z["values"]), z["se"]
