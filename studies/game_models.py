"""The committed game models: each deal model of :data:`crib_stats.game.model.COMMITTED`
sampled afresh (:class:`crib_stats.game.model.DealSample`) with its solved board, written as
``data/game_VARIANT[_DISCARD].npz`` (read by :func:`crib_stats.game.model.load` and
:func:`crib_stats.game.board.committed`), listed with the ``crib-stats game`` command that
makes the same file."""

from __future__ import annotations

import numpy as np

from crib_stats.game.board import board_arrays, solve
from crib_stats.game.model import COMMITTED, COMMITTED_DEALS, DEFAULT_SEED, DealModel, DealSample, data_name, file_arrays


class GameModel(DealSample):
    """One committed deal model (``discard`` discards, ``deals`` deals of ``seed``) and its
    board, solved when it is written."""

    def __init__(self, variant: str, discard: str = "objective", deals: int = COMMITTED_DEALS,
                 seed: int = DEFAULT_SEED):
        super().__init__(variant, deals, seed, discard=discard)
        self.files = (data_name(self.variant.name, discard),)

    def write(self, out, result: DealModel) -> None:
        v, d = self.variant.name, self.discard
        arrays = file_arrays(result, board_arrays(solve(result)))
        flag = "" if d == "objective" else f" --discard {d}"
        out.write_with(self.files[0], lambda fh: np.savez_compressed(fh, **arrays),
                       f"crib-stats game --variant {v}{flag} --deals {self.deals} --seed {self.seed} --out DIR",
                       f"the {v} deal model, {d} discards ({self.deals:,} random deals played out: the counts the "
                       "induction needs, per group) and its solved board (P(win), skunks, deals left, with errors)",
                       binary=True)


def committed_models() -> list[GameModel]:
    """The committed models, in the order ``make data`` writes them."""
    return [GameModel(v, d) for v, d in COMMITTED]
