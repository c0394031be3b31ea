"""``greedy``: the game model's player (the player of :mod:`crib_stats.game.model`'s deal model
and of ``crib-stats game``'s board).

- The discard: the sweep's objective of the variant, exactly as the deal model throws
  (:func:`crib_stats.kernels.game.choose_throw`): the dealer (with partners, the dealer's side)
  maximises E[hand] + E[crib], the others E[hand] - E[crib], over the random crib model (the
  crib's other cards uniform over the cards unseen), exact integer sums; ties by the sweep's
  rule (:data:`crib_stats.discard.sweep.TIE_RULE`), the dealt cards in card order (ace of
  clubs first) as the kernel sorts them.
- The play: :func:`crib_stats.kernels.policies.greedy_choice` picks a rank (the legal card
  scoring most for its own play; ties to a count off 5, 10 and 21, then the higher rank; a lead
  from A-4 when held, the highest). Suits never change a play's points, so of the cards of that
  rank it plays the lowest suit, clubs, diamonds, hearts, spades (as the package's other
  measurements of greedy play do). The rule reads only its own cards and the count, so it is
  the same with three or four players.

It reads only its view: the rank choice depends on its own cards and the current count.
"""

from __future__ import annotations

import numpy as np

from crib_stats.core.cards import Card
from crib_stats.game.model import deal_inputs
from crib_stats.model.view import View

MAX_CARDS = 16  # the kernels' play sequence length (kernels.play.MAX_CARDS)
RANK_BITS = 4  # a packed hand holds rank r's count in bits 4r.. (kernels.play.pack_hand)


def objective_throw(view: View) -> list[Card]:
    """The deal model's throw of ``view.hand`` for its seat (its side's crib, or another's)."""
    from crib_stats.kernels.game import choose_throw  # lazy: numba

    k = deal_inputs(view.variant, "objective")
    cards = np.array(sorted(c.code for c in view.hand), np.int64)
    throws = k["throws"]
    scratch = [np.zeros(throws.shape[0], np.int64) for _ in range(5)]
    q = choose_throw(cards, 1 if view.crib_is_mine else 2, k["index"], k["rank_hand"], k["rank_crib"], throws,
                     4 - view.throw, *scratch, k["rank_throws"])
    return [Card.from_code(int(cards[i])) for i in throws[q]]


def greedy_rank(view: View) -> int:
    """The rank :func:`crib_stats.kernels.policies.greedy_choice` plays from this view: the
    kernel's play state built from the seat's cards, the count and its cards (the opponent's
    hand is not read by the choice, so it is left empty)."""
    from crib_stats.kernels.policies import greedy_choice  # lazy: numba

    hand = 0
    for c in view.hand:
        hand += 1 << (RANK_BITS * c.rank)
    n = len(view.sequence)
    seq = np.zeros(MAX_CARDS, np.int64)
    seq[:n] = [c.rank for c in view.sequence]
    # (count, cards in the count, turn, last, last points, pone, dealer, best card, played, done, hands)
    state = (view.count, n, 0, 1, 0, 0, 0, 0, n, 0, hand, 0)
    return int(greedy_choice(seq, state))


class GreedyPlayer:
    """The game model's player (module docstring)."""

    name = "greedy"

    def new_game(self, seat: str, variant: str, target: int, seed: int) -> None:
        """A game starts: this player's ``seat``, the ``variant``'s name, the ``target`` and its own
        ``seed`` for the game (a digest that says nothing about the cards)."""
        pass  # nothing random, nothing remembered

    def discard(self, view: View) -> list[Card]:
        """The sweep's objective throw, as the deal model throws."""
        return objective_throw(view)

    def play(self, view: View) -> Card:
        """The greedy card (``peg --policy greedy``'s rank; of that rank, the lowest suit)."""
        r = greedy_rank(view)
        return min((c for c in view.legal if c.rank == r), key=lambda c: c.suit)
