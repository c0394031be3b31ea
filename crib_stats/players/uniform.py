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
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = int(seed)
        self.rng = random.Random(f"crib-stats random/{self.seed}")

    def new_game(self, seat: str, variant: str, target: int, seed: int) -> None:
        self.rng = random.Random(f"crib-stats random/{self.seed}/{seed}")

    def discard(self, view: View) -> list[Card]:
        return self.rng.sample(list(view.hand), view.throw)

    def play(self, view: View) -> Card:
        return self.rng.choice(view.legal)
