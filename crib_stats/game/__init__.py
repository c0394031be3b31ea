"""The game to 121 (61): the deal model (:mod:`.model`), the chance of winning from every
board position by backward induction (:mod:`.board`), each throw of a deal by that chance
(:mod:`.throws`, ``discard --score``), what throwing for the board is worth in whole games
(:mod:`.boardplay`) and what that measurement's cheaper board player gives up against
``discard --score`` itself (:mod:`.boardcost`).

``make data`` regenerates the committed model with :func:`regenerate`.
"""

from __future__ import annotations


def regenerate(data_dir) -> list:
    """Write the committed game models into ``data_dir`` (``make data``: crib_stats/data/) afresh (the committed deal model and its solved board):
    the hook for scripts/regenerate_data.py. Returns the paths written."""
    from pathlib import Path

    from crib_stats.game import advise_value, boardcost, boardplay
    from crib_stats.game.committed import write_committed

    written = write_committed(data_dir)
    # what playing to the board is worth: whole games on the board just written (about 10 minutes)
    written += boardplay.write_committed(data_dir)
    # what its board player gives up against discard --score, at its own decisions (3 to 11 minutes: about 515 calls of score_throws)
    written += boardcost.write_committed(data_dir)
    # what the play advisor is worth: deals with one player advised (about 15 minutes)
    advise_value.write_committed(data_dir)
    return written + [Path(data_dir) / advise_value.COMMITTED]
