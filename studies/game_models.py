"""The committed game models: each deal model of :data:`crib_stats.game.model.COMMITTED`
sampled afresh (:class:`crib_stats.game.model.DealSample`) with its solved board, written as
``data/game_VARIANT[_DISCARD].npz`` (read by :func:`crib_stats.game.model.load` and
:func:`crib_stats.game.board.committed`), listed with the ``crib-stats game`` command that
makes the same file; the three-player deal model (:class:`crib_stats.game.model3.DealSample3`)
is written without its board; its boards to 121 and 61 are solved from it and written rounded by
:func:`three_player_boards` (``data/board_three-player.npz``, :mod:`crib_stats.game.board3_data`)."""

from __future__ import annotations

import numpy as np

from crib_stats.game.board import board_arrays, solve
from crib_stats.game.model import COMMITTED, COMMITTED_DEALS, DEFAULT_SEED, DealModel, DealSample, data_name, file_arrays
from crib_stats.game.model3 import VARIANT as THREE, DealModel3, DealSample3, file_arrays3


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


class ThreePlayerModel(DealSample3):
    """The committed three-player deal model (``deals`` deals of ``seed``), its counts only."""

    def __init__(self, deals: int = COMMITTED_DEALS, seed: int = DEFAULT_SEED):
        super().__init__(deals, seed)
        self.files = (data_name(THREE),)

    def write(self, out, result: DealModel3) -> None:
        arrays = file_arrays3(result)
        out.write_with(self.files[0], lambda fh: np.savez_compressed(fh, **arrays),
                       f"scripts/regenerate_data.py: studies.game_models.ThreePlayerModel({self.deals}, "
                       f"{self.seed}).write_committed(DIR)",
                       f"the {THREE} deal model, objective discards ({self.deals:,} random deals played out: the "
                       "counts the induction needs, per group; its boards are board_three-player.npz)", binary=True)


def three_player_boards(data_dir) -> list:
    """The three-player boards to 121 and 61 solved from the model in ``data_dir`` (written just
    before by :class:`ThreePlayerModel`) and written there rounded (minutes). Returns the paths."""
    from pathlib import Path

    from crib_stats.core.io import OutputDir
    from crib_stats.game import board3, board3_data

    out = OutputDir(data_dir, [board3_data.FILE])
    board3.write_boards(out, Path(data_dir) / data_name(THREE))
    out.close()
    return out.written


def committed_models() -> list:
    """The committed models, in the order ``make data`` writes them."""
    return [*(GameModel(v, d) for v, d in COMMITTED), ThreePlayerModel()]
