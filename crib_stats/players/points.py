"""``points``: the player who scores most on average, with no eye on the board.

- The discard: :func:`crib_stats.discard.analysis.analyse`'s best throw (``crib-stats discard``'s
  first row): the greatest net, E[hand] + E[crib] as dealer, E[hand] - E[crib] as pone (random
  crib model, exact), plus in the six-card game E[peg] (``--pegging greedy``: the exact expected
  margin of the play against an opponent whose kept four are uniform over the cards you have
  not seen, both playing greedy). The five-card game has no E[peg] (its play, three cards a
  hand ending at the first go, is not modelled: ``analyse`` refuses ``pegging`` there), so its
  throw is the net of the show alone, the objective's throw (ties: ``analyse``'s order, the
  higher E[hand] then the dealt order; greedy breaks the same ties by the sweep's rule).
- The play: the card of greatest E[your play points from now on - theirs] by the play advisor
  (:func:`crib_stats.game.advise.advise`, no score): exact over every opponent hand consistent
  with their objective throw and the play so far, both playing greedy after the card; ties to
  the higher rank, then the lower suit (the advisor's order). A card that is the only one to fit
  is played without asking. With three or four players the advisor has no model of the play
  (it is a two-player advisor), and the points player plays greedy's card
  (:mod:`.greedy`), its note says so.
- With three or four players the discard is the same rule: the greatest net of the variant's
  show (the crib added when it is its side's, taken away otherwise), no E[peg].

It decides from its view alone: its dealt cards, its throw, the starter and the cards played.
Against an opponent who did not throw by the objective no hand may explain the play; the advisor
is then asked to widen its posterior to every hand consistent with the play (``when_no_hand=
"widen"``) and the record's note says so.
"""

from __future__ import annotations

from crib_stats.model.view import View
from crib_stats.referee.player import Answer

from .advice import advised_card


def points_throw(view: View):
    """``analyse``'s best throw of ``view.hand`` for its seat, with E[peg] where the variant has it."""
    from crib_stats.discard.analysis import analyse

    pegging = "greedy" if view.variant == "six-card" else None
    return analyse(view.hand, role=view.role, variant=view.variant, pegging=pegging).best


def greedy_card(view: View) -> Answer:
    """Greedy's card, for a play the advisor does not model (three or four players)."""
    from .greedy import GreedyPlayer

    return Answer(GreedyPlayer().play(view), "greedy's card (the advisor models the two-player play)")


class PointsPlayer:
    """The points player (module docstring)."""

    name = "points"

    def new_game(self, seat: str, variant: str, target: int, seed: int) -> None:
        """A game starts: this player's ``seat``, the ``variant``'s name, the ``target`` and its own
        ``seed`` for the game (a digest that says nothing about the cards)."""
        pass  # nothing random, nothing remembered

    def discard(self, view: View) -> Answer:
        """The throw of the best net with E[peg] (``discard --pegging greedy``'s first row; the
        five-card game: the show's net alone)."""
        best = points_throw(view)
        peg = "" if best.peg_ev is None else f" with E[peg] {float(best.peg_ev):+.3f}"
        return Answer(best.throw, f"net {float(best.net_ev):.3f}{peg}")

    def play(self, view: View):
        """``advise``'s first card without a score: the greatest E[your play points - theirs]."""
        if len(view.legal) == 1:
            return Answer(view.legal[0], "the only card that fits")
        if len(view.seats) > 2:
            return greedy_card(view)
        card, advice, widened = advised_card(view, score=False)
        ev = next(p.ev for p in advice.plays if p.card == str(card))
        return Answer(card, f"E[points] {float(ev):+.4f}" + (f"; {widened}" if widened else ""))
