"""The variant table (DESIGN.md section 2), kept in one place.

What the code reads lives here: the deal sizes that drive parsing, the discard and the play,
and the points of his heels (the dealer's maxima); the rules of whole games (game length,
partners, the five-card game's 3 for last) are only reported, by ``crib-stats claims``. Scoring
rules themselves are in the kernels (:mod:`crib_stats.kernels.show` and
:mod:`crib_stats.kernels.play`), so nothing here pretends to change them.

>>> v = variant("five-card")
>>> v.dealt, v.throw, v.kept, v.others_to_crib
(5, 2, 3, 2)
>>> variant("six").name
'six-card'
>>> sorted(VARIANTS)
['five-card', 'four-player', 'six-card', 'three-player']
"""

from __future__ import annotations

from dataclasses import dataclass

from crib_stats.core.errors import CribStatsError


class VariantError(CribStatsError):
    """Unknown variant name."""


CRIB_SIZE = 4
ROLES = ("dealer", "pone")  # the two seats of a deal: the dealer (the crib is his) and the pone
HEELS = 2  # a jack turned as the starter: the dealer pegs 2 at once (not part of any show)
# the most a kept hand scores with the starter (a 4-card hand: 29; the five-card game's 3-card
# hand: 20); tests derive both from the exhaustive enumeration
MAX_HAND = {4: 29, 3: 20}
MAX_CRIB = 29


@dataclass(frozen=True)
class Variant:
    name: str
    players: int
    dealt: int  # cards dealt to each player
    throw: int  # cards each player throws to the crib
    crib_from_deck: int  # cards dealt straight from the pack to the crib
    two_player_play: bool  # the play is modelled (two players)
    play_stops_at_first_go: bool = False  # five-card game: one count, up to the first go or 31
    # rules of whole games (two players: crib_stats.game reads them; partners is only reported)
    game: int = 121  # points to win
    partners: bool = False
    first_deal_last: int = 0  # points the pone pegs for 'last' on the first deal
    skunk: int = 91  # the loser below this is skunked (five-card: lurched)
    double_skunk: int = 61  # ... and below this double-skunked (0: no double skunk)

    @property
    def kept(self) -> int:
        """Cards kept in hand (and counted with the starter)."""
        return self.dealt - self.throw

    @property
    def others_to_crib(self) -> int:
        """Crib cards that are not the player's own throw (other players' throws and the pack)."""
        return CRIB_SIZE - self.throw

    @property
    def max_hand(self) -> int:
        return MAX_HAND[self.kept]


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("six-card", players=2, dealt=6, throw=2, crib_from_deck=0, two_player_play=True),
        Variant("five-card", players=2, dealt=5, throw=2, crib_from_deck=0, two_player_play=True,
                play_stops_at_first_go=True, game=61, first_deal_last=3, skunk=31, double_skunk=0),
        Variant("three-player", players=3, dealt=5, throw=1, crib_from_deck=1, two_player_play=False),
        Variant("four-player", players=4, dealt=5, throw=1, crib_from_deck=0, two_player_play=False, partners=True),
    )
}
"""Every variant of the rules by its command-line name: the one table the rules read (seats,
cards dealt and thrown, the crib's card from the pack, the target, the skunk lines).

>>> list(VARIANTS)
['six-card', 'five-card', 'three-player', 'four-player']
>>> VARIANTS["five-card"].kept, VARIANTS["five-card"].game
(3, 61)
"""

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
        raise VariantError(f"unknown variant {name!r:.20}; choose one of {', '.join(VARIANTS)}")
    return VARIANTS[key]
