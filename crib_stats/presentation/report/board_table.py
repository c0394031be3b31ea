"""The whole board of ``crib-stats game`` compactly, for a page to draw: P(win) of every
position for each seat, as the rows ``game --csv`` prints, in two grids.

``p_win["me"][mine][theirs]`` is P(you win) at you ``mine``, the opponent ``theirs``, you
dealing next; ``p_win["opponent"][mine][theirs]`` the same with the opponent dealing next (the
``p_win`` column of ``game --csv`` for ``deals_next`` me and opponent). Each is rounded to
``digits`` decimals and kept in [0, 1] (the induction's floats can stray below 0 by 1e-16); the
largest standard error over each grid is given beside it. The figures with their own errors,
skunks, game points and deals left are one position's ``game --at`` (``position_json``).

>>> from crib_stats.game.board import committed
>>> t = table_json(committed("five-card"))
>>> len(t["p_win"]["me"]), len(t["p_win"]["opponent"][0]), t["p_win"]["me"][60][0]
(61, 61, 1.0)
"""

from __future__ import annotations

import numpy as np

from crib_stats.presentation.report import game as rg
from crib_stats.presentation.report.base import header

DIGITS = 4


def grids(board) -> dict:
    """(P(win) you dealing next, P(win) the opponent dealing next) by [mine, theirs], and their
    standard errors, from the board's dealer-side ``win`` row as :meth:`Board.position` reads it."""
    r = board.row("win")
    win, se = board.values[r], board.se[r]
    return {"me": (win, se), "opponent": (1.0 - win.T, se.T)}


def table_json(board, digits: int = DIGITS) -> dict:
    out = {**header("game", board.variant), "model": rg.headline_json(board)["model"], "target": board.target,
           "rows": "mine", "columns": "theirs", "digits": digits, "p_win": {}, "p_win_se_max": {}}
    for seat, (p, se) in grids(board).items():
        shown = np.round(np.clip(p, 0.0, 1.0), digits) + 0.0  # + 0.0: no -0.0
        out["p_win"][seat] = shown.tolist()
        out["p_win_se_max"][seat] = float(np.nanmax(se))
    return out
