"""``sloppy``: greedy's throws and cards, and a beginner's count: with muggins it claims each show
without its flushes and nobs (the points beginners most often miss) and never calls muggins on
anyone. Without muggins it is greedy (the referee counts every show). A player to measure what
missed points cost (the committed match ``sloppy-greedy-muggins``) and to practise calling
muggins against.

>>> from crib_stats.referee import play_game
>>> from crib_stats.model.variants import variant
>>> from crib_stats.players import GreedyPlayer
>>> r = play_game((SloppyPlayer(), GreedyPlayer()), 1, 0, variant("six-card", muggins=True))
>>> shows = [s for d in r["deals"] for s in d["shows"] if d["dealer"] == "first_pone" or s["whose"] != "crib"]
>>> all(s["claimed"] <= s["points"] for s in shows), r["players"]["first_dealer"]
(True, 'sloppy')
"""

from __future__ import annotations

from crib_stats.core.cards import parse
from crib_stats.model.view import View
from crib_stats.show.scoring import score

from .greedy import GreedyPlayer


class SloppyPlayer(GreedyPlayer):
    """The sloppy counter (module docstring)."""

    name = "sloppy"

    def count(self, view: View) -> int:
        """Its claim: the show's true count less its flush and its nobs."""
        q = view.question
        b = score(parse(q["cards"]), parse(q["starter"])[0], crib=q["whose"] == "crib", variant=view.variant)
        return b.total - b.flush - b.nobs

    def muggins(self, view: View) -> int:
        """It never calls muggins."""
        return 0
