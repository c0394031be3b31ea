"""The extremes of the play: every legal play of every pair of hands, searched exhaustively.

Hands are rank multisets (suits never matter in the play) with at most four of a rank in the
two hands together; each extreme comes with one pair of hands and a play reaching it, found by
:func:`crib_stats.peg.pegging.best_play` and replayed card by card.

>>> e = extremes("five-card", blocks=4)
>>> e["most_dealer"].points, e["most_pone"].points
(21, 17)
"""

from __future__ import annotations

import copy

from dataclasses import dataclass
from typing import Callable

import numpy as np

from crib_stats.core.cards import RANK_NAMES
from crib_stats.kernels.constants import (
    PEG_LEAST_DEALER, PEG_LEAST_PONE, PEG_MOST_BOTH, PEG_MOST_DEALER, PEG_MOST_ONE_CARD, PEG_MOST_PONE,
)
from crib_stats.model.variants import Variant, variant as get_variant
from crib_stats.peg.pegging import PegError, PlayResult, best_play

EXTREMES = (
    # key, kernel column, max or min, search for the example play, description
    ("most_dealer", PEG_MOST_DEALER, max, ("dealer", False), "the most the dealer can peg"),
    ("most_pone", PEG_MOST_PONE, max, ("pone", False), "the most the pone can peg"),
    ("most_both", PEG_MOST_BOTH, max, ("both", False), "the most both players can peg together"),
    ("least_dealer", PEG_LEAST_DEALER, min, ("dealer", True), "the least the dealer can peg"),
    ("least_pone", PEG_LEAST_PONE, min, ("pone", True), "the least the pone can peg"),
    ("most_one_card", PEG_MOST_ONE_CARD, max, ("card", False),
     "the most one card can score (its go / last point included)"),
)


@dataclass(frozen=True)
class Extreme:
    """One extreme of the play over every pair of hands, with one pair and a play reaching it."""

    key: str
    description: str
    points: int
    pairs_reaching_it: int
    pone: tuple[str, ...]
    dealer: tuple[str, ...]
    play: PlayResult

    def as_dict(self) -> dict:
        return {
            "description": self.description,
            "points": self.points,
            "pairs_reaching_it": self.pairs_reaching_it,
            "pone": list(self.pone),
            "dealer": list(self.dealer),
            "play": self.play.sequence,
            "play_points": self.play.points,
            "events": [e.as_dict() for e in self.play.events],
        }


@dataclass(frozen=True)
class Extremes:
    """The extremes of the play for one variant over every pair of hands (rank multisets)."""

    variant: str
    hand_pairs: int
    hand_size: int
    extremes: tuple[Extreme, ...]

    def __getitem__(self, key: str) -> Extreme:
        return next(e for e in self.extremes if e.key == key)

    def as_dict(self) -> dict:
        return {"variant": self.variant, "hand_pairs": self.hand_pairs, "hand_size": self.hand_size,
                "extremes": {e.key: e.as_dict() for e in self.extremes}}


def _ranks_text(counts: np.ndarray) -> str:
    return " ".join(RANK_NAMES[r] for r in range(13) for _ in range(int(counts[r])))


def extremes(variant: str | Variant = "six-card", progress: Callable[[int, int], None] | None = None,
             blocks: int = 40, *, remember: bool = True) -> Extremes:
    """Extremes over every pair of hands (rank multisets, at most four of a rank in the two
    hands together) and every legal play, each with one pair of hands and a play achieving it.

    ``progress(done, total)`` is called after each block of pone hands. The result is kept for
    the process (45 s of search for the six-card game on one core; the same for any ``blocks``), so a
    second call (the web server's, a notebook's, the manual's and the drift test's in one test
    run) is immediate, a copy of it, and reports its progress as done at once; ``remember``
    False searches again (a benchmark's timing).
    """
    from crib_stats.kernels import combinatorics, playsearch  # lazy: numba only when used

    v = get_variant(variant)
    if not v.two_player_play:
        raise PegError(f"the play is modelled for the two-player games (six-card, five-card), not {v.name}")
    multisets = combinatorics.rank_multisets(v.kept, np.arange(13, dtype=np.int64))
    m = len(multisets)
    if remember and v in _FOUND:
        if progress is not None:
            progress(m, m)
        return copy.deepcopy(_FOUND[v])
    stop = v.play_stops_at_first_go
    parts = []
    edges = np.linspace(0, m, blocks + 1).astype(int)

    for b in range(blocks):
        parts.append(playsearch.peg_extremes_rows(multisets, int(edges[b]), int(edges[b + 1]), stop))
        if progress is not None:
            progress(int(edges[b + 1]), m)
    table = np.concatenate(parts)
    valid = table[:, :, 0] >= 0
    found = []
    for key, col, pick, (side, worst), text in EXTREMES:
        values = table[:, :, col].astype(np.int64)
        target = pick(values[valid])
        i, j = (int(x) for x in np.argwhere(valid & (values == target))[0])
        pone, dealer = _ranks_text(multisets[i]), _ranks_text(multisets[j])
        example = best_play(pone, dealer, side, worst, v)
        found.append(Extreme(key, text, int(target), int((valid & (values == target)).sum()),
                             tuple(pone.split()), tuple(dealer.split()), example))
    result = Extremes(v.name, int(valid.sum()), v.kept, tuple(found))
    _FOUND[v] = copy.deepcopy(result)
    return result


_FOUND: dict[Variant, Extremes] = {}  # the variant (all its rules) -> its extremes, once per process

__all__ = ["extremes", "Extremes", "Extreme"]
