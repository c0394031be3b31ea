"""The game to 121 (61): the deal model (:mod:`.model`) and the chance of winning from every
board position by backward induction (:mod:`.board`).

``make data`` regenerates the committed model with :func:`regenerate`.
"""

from __future__ import annotations


def regenerate(data_dir) -> list:
    """Write the committed game models into ``data_dir`` (``make data``: crib_stats/data/) afresh (the committed deal model and its solved board):
    the hook for scripts/regenerate_data.py. Returns the paths written."""
    from crib_stats.game.committed import write_committed

    return write_committed(data_dir)
