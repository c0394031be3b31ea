"""``engine``: the strongest player the toolkit makes, every decision by the chance of winning
the game on the committed board.

- The throw: ``discard --score``'s first row, :func:`crib_stats.game.throws.score_throws` at
  the view's scores and its default accuracy (every throw's P(win) within a standard error of
  0.002), on a sampling seed that is a digest of the player's seed, its seed for the game and
  the decision's position (:func:`crib_stats.players.advice.decision_seed`): the same decision
  is always made the same way, in any shard, on any machine.
- The play: ``advise --score``'s first card, :func:`crib_stats.game.advise.advise` with
  ``score=(mine, theirs)``: P(win) exact over every opponent hand the advisor's posterior holds
  (ties: the greater E[points], then the higher rank, then the lower suit). A card that is the
  only one to fit is played without asking.

What it assumes of its opponent (the README states it too): that they were dealt uniformly from
the cards it has not seen and threw by the game model's objective for their seat (max E[hand] +
E[crib] as dealer, E[hand] - E[crib] as pone, random crib model); that they play greedy for the
rest of the deal (and so, in its model, does it after the card it chooses); and that every later
deal is played by the game model's two players (the committed board). It never fails against an
opponent who breaks that: the throw's P(win) samples the opponent's hands and needs nothing of
the play; when the opponent's play fits no hand their objective throw could have kept, the
advisor widens its posterior to every hand consistent with the play, and the decision's note in
the record says so.

Every note gives the P(win) it chose by (``score_throws``'s ± and seed for a throw).

The board is the game's own, to the view's target (``view.target``: the six-card game to 121,
91 or 61, the five-card game to 61). Four players in partnership (to 121) and three players (to
121 and 61) have a board to throw to (:func:`crib_stats.game.board.has_throw_board`): the engine
throws by ``discard --score --seat`` there (its side's or its seat's P(win), the other seats
dealt at random from the cards it has not seen and throwing by the game model's objective, all
playing greedy, later deals by the committed board), and plays as the points player does with
more than two players: greedy's card (the advisor models only the two-player play), and each
note says so.
"""

from __future__ import annotations

from crib_stats.model.view import View
from crib_stats.referee.player import Answer

from crib_stats.game.board import has_board, has_throw_board
from crib_stats.game.throws import throws_view
from crib_stats.model.variants import variant as get_variant

from .advice import advised_card, decision_seed
from .points import PointsPlayer


class EnginePlayer:
    """The engine (module docstring). ``seed``: mixed into every sampling seed."""

    name = "engine"

    def __init__(self, seed: int = 0) -> None:
        self.seed = int(seed)
        self.game_seed = 0

    def new_game(self, seat: str, variant: str, target: int, seed: int) -> None:
        """A game starts: this player's ``seat``, the ``variant``'s name, the ``target`` and its own
        ``seed`` for the game (a digest that says nothing about the cards)."""
        self.game_seed = int(seed)

    def _board(self, view: View) -> bool:
        return has_board(get_variant(view.variant, view.target))

    def discard(self, view: View) -> Answer:
        """``discard --score``'s first throw at the view's scores, with its P(win) in the note (the
        points player's throw where there is no board)."""
        if not has_throw_board(get_variant(view.variant, view.target)):
            a = PointsPlayer().discard(view)
            return Answer(a.choice, f"{a.note} (points: no board for this game)")
        a = throws_view(view, decision_seed(f"engine/{self.seed}/{self.game_seed}", view))
        best = a.best
        sample = (f"{a.hands:,} deals of the other hands, seat {a.seat}" if a.seat
                  else f"{a.hands:,} opponent hands")
        return Answer(best.throw, f"P(win) {best.p_win:.4f} ± {best.p_win_se:.4f} (score_throws, seed {a.seed}, "
                                  f"{sample})")

    def play(self, view: View) -> Answer:
        """``advise --score``'s first card, with its P(win) in the note (the points player's card
        where there is no board)."""
        if len(view.legal) == 1:
            return Answer(view.legal[0], "the only card that fits")
        if not self._board(view):
            a = PointsPlayer().play(view)
            why = ("the board is for the throw only" if has_throw_board(get_variant(view.variant, view.target))
                   else "no board for this game")
            return Answer(a.choice, f"{a.note} (points: {why})")
        card, advice, widened = advised_card(view, score=True)
        p = advice.plays[0].p_win
        return Answer(card, f"P(win) {p:.4f} (advise --score)" + (f"; {widened}" if widened else ""))
