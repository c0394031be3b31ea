"""The committed game models: each deal model computed afresh with its solved board and written
into a data folder (``make data``: crib_stats/data/), listed in that folder's index."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from crib_stats.core.io import OutputDir
from crib_stats.game.board import board_arrays, solve
from crib_stats.game.model import COMMITTED, COMMITTED_DEALS, DEFAULT_SEED, data_name, deal_model, file_arrays


def write_committed(data_dir, deals: int = COMMITTED_DEALS, seed: int = DEFAULT_SEED, models=COMMITTED,
                    progress=None) -> list[Path]:
    """Compute and write data/game_VARIANT[_DISCARD].npz (each model and its solved board),
    listed in the data directory's index; the ``make data`` hook."""
    out = OutputDir(data_dir, [data_name(v, d) for v, d in models])
    for v, d in models:
        model = deal_model(v, deals, seed, discard=d, progress=progress)
        arrays = file_arrays(model, board_arrays(solve(model)))
        flag = "" if d == "objective" else f" --discard {d}"
        out.write_with(data_name(v, d), lambda fh: np.savez_compressed(fh, **arrays),
                       f"crib-stats game --variant {v}{flag} --deals {deals} --seed {seed} --out DIR",
                       f"the {v} deal model, {d} discards ({deals:,} random deals played out: the counts the "
                       "induction needs, per group) and its solved board (P(win), skunks, deals left, with errors)",
                       binary=True)
    out.close()
    return out.written
