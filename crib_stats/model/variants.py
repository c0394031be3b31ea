"""The variant table (DESIGN.md section 2): every way the source documents play, as data.

A :class:`Variant` says everything that differs between the ways of playing: how many seats,
cards dealt to each and thrown by each, a crib card from the pack, partnerships, the target and
the skunk lines that follow from it, the game points, the five-card game's three for last, and
muggins. Nothing else in the package branches on a variant's name: the referee, the players,
the records and the kernels read these fields. Scoring rules themselves are the kernels'
(:mod:`crib_stats.kernels.show`, :mod:`crib_stats.kernels.play`), so nothing here pretends to
change them.

>>> v = variant("five-card")
>>> v.dealt, v.throw, v.kept, v.others_to_crib, v.target, v.skunk, v.double_skunk
(5, 2, 3, 2, 61, 31, 0)
>>> variant("six").name
'six-card'
>>> w = variant("six-card", target=91, muggins=True)
>>> w.target, w.skunk, w.double_skunk, w.muggins, w == variant("six-card")
(91, 61, 31, True, False)
>>> sorted(VARIANTS)
['five-card', 'four-player', 'six-card', 'three-player']
>>> variant("four-player").teams
((0, 2), (1, 3))
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from crib_stats.core.errors import CribStatsError


class VariantError(CribStatsError):
    """Unknown variant name, or a target or option the variant does not take."""


CRIB_SIZE = 4
"""Cards in a crib, in every variant."""
HEELS = 2
"""A jack turned as the starter: the dealer pegs 2 at once (his heels; not part of any show)."""
MAX_HAND = {4: 29, 3: 20}
"""The most a kept hand scores with the starter, by its size (a 4-card hand: 29; the five-card
game's 3-card hand: 20); the tests derive both from the exhaustive enumeration."""
MAX_CRIB = 29
"""The most a crib scores with the starter."""
WIN_POINTS = 2
"""Tournament game points of a game between two sides: a win."""
SKUNK_POINTS = 3
"""... and a win by a skunk (or a double skunk)."""
SKUNK_LINES = {121: (91, 61), 91: (61, 31), 61: (31, 0)}
"""The skunk lines by target: the loser below the first is skunked, below the second
double-skunked (0: none); 121: 91 and 61; 91: 61 and 31; 61: 31 (the five-card game's lurch),
no double."""


@dataclass(frozen=True)
class Variant:
    """One way of playing (module docstring). ``players``: the seats at the table; ``teams``:
    the partnerships as tuples of seats (seat 0 the first dealer, clockwise), or None when every
    player is a side of their own; ``targets``: the targets the variant is played to, the
    default first; ``target`` and ``muggins``: this game's (:func:`variant` sets them)."""

    name: str
    players: int
    dealt: int  # cards dealt to each player
    throw: int  # cards each player throws to the crib
    crib_from_deck: int  # cards dealt straight from the pack to the crib
    targets: tuple[int, ...] = (121, 91, 61)
    play_stops_at_first_go: bool = False  # five-card game: one count, up to the first go or 31
    teams: tuple[tuple[int, ...], ...] | None = None
    first_deal_last: int = 0  # points the pone pegs for 'last' on the first deal
    target: int = 0  # 0: the default target (the first of targets)
    muggins: bool = False

    def __post_init__(self) -> None:
        if not self.target:
            object.__setattr__(self, "target", self.targets[0])

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

    @property
    def two_player_play(self) -> bool:
        """The two-player play, which the analyses (extremes, policies, the advisor) model."""
        return self.players == 2

    @property
    def version(self) -> int:
        """The version of the game record and of the protocol that describes a game of this
        variant: 1 for the games they first described (two players, the default target, no
        muggins), 2 for every other."""
        return 1 if self.players == 2 and self.target == self.targets[0] and not self.muggins else 2

    @property
    def partners(self) -> bool:
        return self.teams is not None

    @property
    def sides(self) -> int:
        """The sides that score: a team each, or a player each."""
        return len(self.teams) if self.teams else self.players

    @property
    def skunk(self) -> int:
        """The loser below this is skunked (the five-card game's lurch)."""
        return SKUNK_LINES[self.target][0]

    @property
    def double_skunk(self) -> int:
        """The loser below this is double-skunked (0: no double skunk at this target)."""
        return SKUNK_LINES[self.target][1]

    @property
    def game_points(self) -> bool:
        """Whether tournament game points apply (two sides); three players have none."""
        return self.sides == 2

    def side_of(self, seat: int) -> int:
        """The side (a team's index, or the seat itself) that ``seat``'s points go to."""
        if self.teams is None:
            return seat
        return next(i for i, team in enumerate(self.teams) if seat in team)

    def playing(self, target: int | None = None, muggins: bool | None = None) -> "Variant":
        """This variant played to ``target`` (one of :attr:`targets`) and with or without
        muggins; VariantError (one line) for a target it is not played to."""
        t = self.target if target is None else target
        if isinstance(t, bool) or not isinstance(t, int) or t not in self.targets:
            choices = ", ".join(str(x) for x in self.targets)
            raise VariantError(f"the {self.name} game is played to {choices}, not {t!r:.20}")
        return replace(self, target=t, muggins=self.muggins if muggins is None else bool(muggins))


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("six-card", players=2, dealt=6, throw=2, crib_from_deck=0, targets=(121, 91, 61)),
        Variant("five-card", players=2, dealt=5, throw=2, crib_from_deck=0, targets=(61,),
                play_stops_at_first_go=True, first_deal_last=3),
        Variant("three-player", players=3, dealt=5, throw=1, crib_from_deck=1, targets=(121, 61)),
        Variant("four-player", players=4, dealt=5, throw=1, crib_from_deck=0, targets=(121,), teams=((0, 2), (1, 3))),
    )
}
"""Every variant by its command-line name, at its default target without muggins: the one table
the rules read (seats, cards dealt and thrown, the crib's card from the pack, the targets, the
partnerships).

>>> list(VARIANTS)
['six-card', 'five-card', 'three-player', 'four-player']
>>> VARIANTS["five-card"].kept, VARIANTS["five-card"].target
(3, 61)
"""

_ALIASES = {"six": "six-card", "6": "six-card", "five": "five-card", "5": "five-card",
            "three": "three-player", "3": "three-player", "four": "four-player", "4": "four-player"}

DEFAULT_VARIANT = "six-card"
"""The variant a command plays when none is named."""


def variant(name: str | Variant = DEFAULT_VARIANT, target: int | None = None, muggins: bool | None = None) -> Variant:
    """Look a variant up by name (or a short alias), played to ``target`` (default: the
    variant's first) with or without ``muggins``; raises VariantError naming the choices."""
    if isinstance(name, Variant):
        v = name
    else:
        key = str(name).strip().lower().replace("_", "-")
        key = _ALIASES.get(key, key)
        if key not in VARIANTS:
            raise VariantError(f"unknown variant {name!r:.20}; choose one of {', '.join(VARIANTS)}")
        v = VARIANTS[key]
    return v if target is None and muggins is None else v.playing(target, muggins)
