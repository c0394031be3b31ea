"""The model of a game, as data, on the floor above the kernels and the cards and below everything
that plays or analyses (the scorer, the play, the discard, the referee, the advisors):

- :mod:`.variant`: :class:`Variant`, every way the source documents play (seats, cards dealt and
  thrown, the crib's card from the pack, partnerships, target and skunk lines, game points, the
  five-card game's three for last, muggins), and the points of the rules (his heels, the game
  points);
- :mod:`.seats`: the seats' one spelling (names, clockwise from the first dealer), who deals,
  and each seat's turn in a deal;
- :mod:`.play`: :class:`PlayState`, the play's rules as one state machine for two, three or four
  players (the kernels' stepper is held to it);
- :mod:`.view`: :class:`View`, what one seat sees.

Importing it imports no numba (the play's card points are the kernels', loaded on first use).
"""

from __future__ import annotations

from .play import PegCard, PegEvent, PlayState, points_why
from .seats import ROLES, dealer_of, names, play_order, seat_at, team_names, turn_of
from .variants import (
    CRIB_SIZE, DEFAULT_VARIANT, HEELS, MAX_CRIB, MAX_HAND, SKUNK_LINES, SKUNK_POINTS, VARIANTS, WIN_POINTS, Variant,
    VariantError, variant,
)
from .view import Played, Shown, View

__all__ = ["Variant", "VariantError", "variant", "VARIANTS", "DEFAULT_VARIANT", "CRIB_SIZE", "HEELS", "MAX_HAND",
           "MAX_CRIB", "SKUNK_LINES", "WIN_POINTS", "SKUNK_POINTS", "ROLES", "names", "team_names", "dealer_of",
           "turn_of", "seat_at", "play_order", "PegCard", "PegEvent", "PlayState", "points_why", "View", "Played",
           "Shown"]
