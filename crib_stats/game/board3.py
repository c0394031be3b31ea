"""The three-player board: each seat's chance of winning and of being skunked, and the deals
left, from every position (the three scores, who deals), on the three-player deal model
(:mod:`.model3`).

A position by *turn* is (the dealer's left's score, his right's, the dealer's); a position by
*seat* (``first_dealer``, ``first_left``, ``first_right``, clockwise: :mod:`crib_stats.model.seats`)
is the three seats' scores and the seat that deals, read through the turns (the seat on the
dealer's left is turn 0). The game ends the moment a seat reaches the target (121 or 61); a
loser below the skunk line (91; 31 to 61) when it ends is skunked (both losers may be).

The induction (:func:`crib_stats.kernels.board3.induction3p`) is exact in who ends the game
inside a deal and where the losers stand then (the deal model's crossings, point by point in
the order they are scored), and makes one stated approximation: a deal that does not end the
game moves the three scores by totals drawn *independently* per turn from the model's marginal
totals, scaled to the model's exact share of such deals for the position's needs. (The exact
sum over the model's ~2 x 10^4 joint cells, :func:`crib_stats.kernels.board3.induction3`, costs
minutes a solve at 121 and twenty more for the errors; the product form costs seconds.) The
approximation is measured in ``studies/board3_check.py``: against the exact induction on the
same model over the whole board to 61, and against whole games played point by point
(:mod:`crib_stats.kernels.wholegames`) from positions near the end to 121.

Every figure carries its delete-one-group jackknife error over the model's groups. The boards
to 121 and 61 are committed (:func:`committed3`: data/board_three-player.npz, stored rounded
far inside those errors, :mod:`.board3_data`); solving one takes minutes (509 s to 121).

>>> from .model3 import deal_model3
>>> b = solve3(deal_model3(400, seed=1, groups=4, cache_dir=False), target=61)
>>> p = b.position((60, 60, 60), dealer=0)
>>> round(sum(p["p_win"]), 9), b.values.shape
(1.0, (7, 61, 61, 61))
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from crib_stats.model.seats import names, seat_at, turn_of

from .board import check_score
from .model import GameError
from .model3 import VARIANT, DealModel3

SEATS = names(3)
FIGURES3 = ("win", "skunked", "deals")  # per seat, per seat, one


def rules3(target: int | None = None) -> dict:
    """The target and skunk line of the three-player game to ``target`` (None: 121)."""
    from .board import board_variant

    v = board_variant(VARIANT, target, "game --target", partners=True, three=True)
    return dict(target=v.target, skunk=v.skunk)


@dataclass(frozen=True, eq=False)
class Board3:
    """``values[f, a0, a1, a2]`` (figures ``F3_*`` of :mod:`crib_stats.kernels.board3`, by turn)
    for the position with the dealer's left at a0, his right at a1 and the dealer at a2, and
    their jackknife errors ``se``."""

    target: int
    skunk: int
    values: np.ndarray
    se: np.ndarray
    meta: dict
    seats: dict  # figure -> (mean, se)
    seconds: float = 0.0
    variant: str = VARIANT

    def position(self, scores, dealer) -> dict:
        """The figures of one position by seat: ``scores`` the three seats' (first_dealer,
        first_left, first_right), ``dealer`` the seat that deals next (0, 1, 2 or its name)."""
        from ..kernels.board3 import F3_DEALS, F3_SKUNKED, F3_WIN

        d = check_position3(scores, dealer, self.target)
        at = tuple(scores[seat_at(t, d, 3)] for t in range(3))
        v, s = self.values, self.se
        turns = [turn_of(seat, d, 3) for seat in range(3)]
        return {"scores": [int(x) for x in scores], "dealer": SEATS[d],
                "p_win": [float(v[F3_WIN + t][at]) for t in turns],
                "p_win_se": [float(s[F3_WIN + t][at]) for t in turns],
                "p_skunked": [float(v[F3_SKUNKED + t][at]) for t in turns],
                "p_skunked_se": [float(s[F3_SKUNKED + t][at]) for t in turns],
                "deals_left": float(v[F3_DEALS][at]), "deals_left_se": float(s[F3_DEALS][at])}

    def headline(self) -> dict:
        """The start of a game: 0-0-0, ``first_dealer`` dealing."""
        return self.position((0, 0, 0), 0)


def check_position3(scores, dealer, target: int, where: str = "game --at") -> int:
    """The one check of a three-player position: three whole scores from 0 to ``target - 1``
    and the dealer a seat (0, 1, 2 or first_dealer, first_left, first_right). Returns the
    dealer's seat; one line (GameError) otherwise.

    >>> check_position3((100, 100, 95), "first_left", 121)
    1
    >>> check_position3((100, 121, 95), 0, 121)
    Traceback (most recent call last):
    ...
    crib_stats.game.model.GameError: game --at: first_left's score is 121: the game is over at 121 (a score at or past the target); give scores below it
    """
    if len(scores) != 3:
        raise GameError(f"{where}: the three-player game takes three scores (first_dealer first_left first_right), "
                        f"got {len(scores)}")
    for name, x in zip(SEATS, scores):
        check_score(f"{name}'s score", x, target, where)
    return seat_index(dealer, where)


def seat_index(dealer, where: str = "game --at") -> int:
    """A three-player seat by index or name (``--dealer K``).

    >>> seat_index("2"), seat_index("first_right")
    (2, 2)
    """
    text = str(dealer).strip().lower().replace("-", "_")
    if text in SEATS:
        return SEATS.index(text)
    if text in ("0", "1", "2"):
        return int(text)
    raise GameError(f"{where}: say who deals next with --dealer K: 0 first_dealer, 1 first_left (on his left), "
                    f"2 first_right; got {str(dealer)[:20]!r}")


def _inputs(model: DealModel3, counts_h: np.ndarray, n: int) -> tuple:
    """One model's kernel inputs from its cell counts over ``n`` deals: the marginal totals by
    turn and the 3-D box masses."""
    from ..kernels import board3 as kb

    c = model.cells
    size = int(c.max()) + 1
    w = [np.bincount(c[:, t], weights=counts_h, minlength=size) / n for t in range(3)]
    Hc = kb.box_mass(c[:, 0].copy(), c[:, 1].copy(), c[:, 2].copy(), counts_h, 1.0 / n, size)
    return w[0], w[1], w[2], Hc


def solve3(model: DealModel3, target: int | None = None, jackknife: bool = True, lo: int = 0) -> Board3:
    """Every position of the three-player game to ``target`` (None: 121) under ``model`` (see
    the module docstring), with the jackknife errors over its groups (``jackknife=False``: NaN).
    ``lo``: only the corner where every score is at least ``lo`` (a reduced solve, exact there,
    no errors; zeros elsewhere)."""
    import numba

    from ..kernels import board3 as kb
    from ..kernels.game import NEEDS
    from ..kernels.game3 import B3

    start = time.perf_counter()
    rl = rules3(target)
    T, skunk = rl["target"], rl["skunk"]
    counts = model.group_deals()
    n = int(counts.sum())
    k = model.first_keys
    needs = int(((k // (B3 * B3)) % NEEDS).max()) + 1 if len(k) else 1
    width = int(max(((k // B3) % B3).max(), (k % B3).max())) + 1 if len(k) else 1
    tot_h, tot_f = model.hist.sum(axis=0), model.first.sum(axis=0)
    c = model.cells
    F = kb.prefix_first(model.first_dense(tot_f, needs, width), 1.0 / n)
    exact = kb.induction3(c[:, 0].copy(), c[:, 1].copy(), c[:, 2].copy(), tot_h / n, F, T, skunk, int(lo))
    values = np.moveaxis(exact, -1, 0)
    if not jackknife or lo:
        se = np.full_like(values, np.nan)
        return _board(model, T, skunk, values, se, start)
    reps = [(tot_h - model.hist[g], tot_f - model.first[g], n - int(counts[g])) for g in range(model.groups)]
    chunk = max(1, numba.get_num_threads())
    total = np.zeros((kb.N_F3, T, T, T))
    squares = np.zeros((kb.N_F3, T, T, T))
    for lo in range(0, len(reps), chunk):
        batch = []
        for h, f, m in reps[lo:lo + chunk]:
            w0, w1, w2, Hc = _inputs(model, h.astype(np.float64), m)
            F = kb.prefix_first(model.first_dense(f, needs, width), 1.0 / m)
            batch.append((w0, w1, w2, Hc, F))
        size = max(len(b[0]) for b in batch)
        stack = [np.stack([np.pad(b[i], (0, size - len(b[i]))) for b in batch]) for i in range(3)]
        V = kb.induction3p_many(*stack, np.stack([b[3] for b in batch]), np.stack([b[4] for b in batch]), T, skunk)
        V = np.moveaxis(V, -1, 1).astype(np.float64)  # (models, figures, T, T, T)
        total += V.sum(axis=0)
        squares += (V ** 2).sum(axis=0)
        del V
    g = len(reps)
    mean = total / g
    se = np.sqrt(np.maximum(0.0, (g - 1) / g * (squares - g * mean * mean)))
    return _board(model, T, skunk, values, se, start)


def _board(model: DealModel3, T: int, skunk: int, values: np.ndarray, se: np.ndarray, start: float) -> Board3:
    values = np.clip(values, 0.0, None)
    values[:6] = np.minimum(values[:6], 1.0)  # probabilities (the sums drift by units in the last place)
    return Board3(T, skunk, values.astype(np.float32), se.astype(np.float32), dict(model.meta()), model.seat_means(),
                  time.perf_counter() - start)


def committed3(target: int | None = None) -> Board3:
    """The committed board to ``target`` (None: 121): data/board_three-player.npz
    (:mod:`.board3_data`, solved from the committed deal model data/game_three-player.npz by
    ``game --variant three-player --out DIR`` and stored rounded, as it says)."""
    from . import board3_data, model3

    start = time.perf_counter()
    rl = rules3(target)
    path = model3.committed_path3()
    if not path.exists():
        raise GameError(f"game: no committed model for {VARIANT} ({path.name})")
    model = model3.load3(path)
    values, se, digest = board3_data.read(rl["target"])
    if digest != board3_data.model_digest(path):
        raise GameError(f"game: {board3_data.FILE} was solved from another {path.name} than this one: make data (or "
                        "game --variant three-player --out DIR) solves it again")
    return Board3(rl["target"], rl["skunk"], values, se, dict(model.meta()) | {"stored": board3_data.ROUNDING},
                  model.seat_means(), time.perf_counter() - start)


def write_boards(out, model_path=None) -> None:
    """Solve both committed boards (to 121 and 61: :data:`.board3_data.TARGETS`) again from the
    deal model at ``model_path`` (None: the committed one) and write them rounded into ``out``
    (a :class:`crib_stats.core.io.OutputDir`) as data/board_three-player.npz with its index
    line: ``game --variant three-player --out DIR`` and ``make data`` (minutes)."""
    from . import board3_data, model3

    path = model3.committed_path3() if model_path is None else model_path
    model = model3.load3(path)
    boards = {}
    for T in board3_data.TARGETS:
        b = solve3(model, T)
        boards[T] = (b.values, b.se)
    out.write_with(board3_data.FILE, lambda fh: np.savez(fh, **board3_data.file_arrays(boards, path)),
                   "crib-stats game --variant three-player --out DIR",
                   "the three-player boards to 121 and to 61 (every position by turn: each turn's P(win) and "
                   f"P(skunked), the deals left, each with its jackknife error), solved from {path.name}; stored "
                   f"rounded: {board3_data.ROUNDING}", binary=True)
