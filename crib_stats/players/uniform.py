"""``random``: uniformly random legal decisions, reproducible.

Each game's choices come from a :class:`random.Random` seeded with the player's own seed and
the private seed the referee gives it for that game (:func:`crib_stats.referee.deck.
player_seed`), so a game is the same whenever and wherever it is played (in any shard, in any
order) and two random players of different seeds play differently. The discard is a uniform
choice of ``throw`` cards among those dealt (every throw equally likely); the play a uniform
choice among the legal cards.
"""

from __future__ import annotations

import random

from crib_stats.core.cards import Card
from crib_stats.model.view import View


class RandomPlayer:
    """Uniformly random legal decisions: every throw equally likely, then every legal card;
    reproducible from its seed and the game's.

    >>> from crib_stats.referee import play_game
    >>> record = play_game((RandomPlayer(1), RandomPlayer(2)), seed=0)
    >>> record["result"]["winner"] in ("first_dealer", "first_pone")
    True
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = int(seed)
        self.rng = random.Random(f"crib-stats random/{self.seed}")

    def new_game(self, seat: str, variant: str, target: int, seed: int) -> None:
        """A game starts: this player's ``seat``, the ``variant``'s name, the ``target`` and its own
        ``seed`` for the game (a digest that says nothing about the cards)."""
        self.rng = random.Random(f"crib-stats random/{self.seed}/{seed}")

    def discard(self, view: View) -> list[Card]:
        """Any ``view.throw`` cards of the hand, each set equally likely."""
        return self.rng.sample(list(view.hand), view.throw)

    def play(self, view: View) -> Card:
        """Any card of ``view.legal``, each equally likely."""
        return self.rng.choice(view.legal)
