"""The rule constants and the variant table (DESIGN.md section 2), kept in one place.

>>> v = variant("five-card")
>>> v.dealt, v.throw, v.kept, v.game, v.hand_flush
(5, 2, 3, 61, 3)
>>> variant("six").name
'six-card'
>>> sorted(VARIANTS)
['five-card', 'four-player', 'six-card', 'three-player']
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import CribStatsError


class VariantError(CribStatsError):
    """Unknown variant name."""


# The show
POINTS_FIFTEEN = 2
POINTS_PAIR = 2
POINTS_NOBS = 1
POINTS_HEELS = 2  # a jack turned as starter: dealer pegs at once; never part of a hand score
FIFTEEN = 15
MIN_RUN = 3
CRIB_SIZE = 4


@dataclass(frozen=True)
class Variant:
    name: str
    players: int
    dealt: int  # cards dealt to each player
    throw: int  # cards each player throws to the crib
    crib_from_deck: int  # cards dealt straight from the pack to the crib
    game: int  # points to win
    partners: bool = False
    first_deal_last: int = 0  # points pone pegs for 'last' on the first deal

    @property
    def kept(self) -> int:
        """Cards kept in hand (and counted with the starter)."""
        return self.dealt - self.throw

    @property
    def hand_flush(self) -> int:
        """Points for a hand flush of all kept cards (+1 when the starter matches)."""
        return self.kept

    @property
    def crib_flush(self) -> int:
        """A crib flush needs all crib cards and the starter in one suit."""
        return CRIB_SIZE + 1

    @property
    def others_to_crib(self) -> int:
        """Crib cards that are not the player's own throw (other players' throws and the pack)."""
        return CRIB_SIZE - self.throw

    @property
    def unseen(self) -> int:
        """Cards the player has not seen at the discard: the starter comes from these."""
        return 52 - self.dealt


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("six-card", players=2, dealt=6, throw=2, crib_from_deck=0, game=121),
        Variant("five-card", players=2, dealt=5, throw=2, crib_from_deck=0, game=61, first_deal_last=3),
        Variant("three-player", players=3, dealt=5, throw=1, crib_from_deck=1, game=121),
        Variant("four-player", players=4, dealt=5, throw=1, crib_from_deck=0, game=121, partners=True),
    )
}

_ALIASES = {"six": "six-card", "6": "six-card", "five": "five-card", "5": "five-card",
            "three": "three-player", "3": "three-player", "four": "four-player", "4": "four-player"}

DEFAULT_VARIANT = "six-card"


def variant(name: str | Variant = DEFAULT_VARIANT) -> Variant:
    """Look a variant up by name (or a short alias); raises VariantError naming the choices."""
    if isinstance(name, Variant):
        return name
    key = str(name).strip().lower().replace("_", "-")
    key = _ALIASES.get(key, key)
    if key not in VARIANTS:
        raise VariantError(f"unknown variant {name!r}; choose one of {', '.join(VARIANTS)}")
    return VARIANTS[key]
