"""The committed measurement of what the board player of :mod:`.boardplay` gives up against
``discard --score`` itself: its files, their layout, and their readers. The measurement (its
sample, its scoring, its summary) is a study of the checkout's (``studies/boardcost.py``,
``make data``); ``data/board_cost.json`` holds its summary and ``data/board_cost_decisions.npz``
every kept decision, one row of :data:`INTS` and one of :data:`FLOATS` each, and the decisions
seen per game and band (``seen``).
"""

from __future__ import annotations

import json

import numpy as np

from crib_stats.core.data import data_file

DATA_JSON = "board_cost.json"
DATA_ROWS = "board_cost_decisions.npz"
# per kept decision, ints: the game, the deal, the band, A's role (1 dealer, 2 pone), the scores, the six cards, the
# stand-in's throw, the points throw, the full player's (throw indices of boardplay.thrown), whether the stand-in
# consulted the board, whether the second run's error is the paired one (1) or the bound (0), the hands of each run
INTS = ("game", "deal", "band", "role", "mine", "theirs", "c0", "c1", "c2", "c3", "c4", "c5", "stand", "points",
        "full", "consulted", "se_exact", "hands_select", "hands_eval")
# floats: the P(win) given up on the second run and its error, on the selecting run (biased up: the full throw is
# the maximum of that run's figures) and its error, and the full throw's P(win) over the points throw's on the
# selecting run and its error
FLOATS = ("given_up", "given_up_se", "given_up_select", "given_up_select_se", "full_vs_points", "full_vs_points_se")
I = {name: i for i, name in enumerate(INTS)}
F = {name: i for i, name in enumerate(FLOATS)}


def committed() -> dict:
    """The committed summary (data/board_cost.json)."""
    return json.loads(data_file(DATA_JSON).read_text())


def committed_rows() -> dict:
    """The committed rows (data/board_cost_decisions.npz): {"ints", "floats", "seen"}."""
    with np.load(data_file(DATA_ROWS)) as z:
        return {"ints": z["ints"].astype(np.int64), "floats": z["floats"], "seen": z["seen"].astype(np.int64)}
