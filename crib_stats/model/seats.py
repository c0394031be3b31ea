"""The seats at the table, spelt one way everywhere, and what a seat is in each deal.

A **seat** is where a player sits for the whole game: an index from 0, clockwise, seat 0 the
first dealer, with one name a seat count (the records, the protocol, the page and the players
use the names; the code uses the indexes):

- two players: ``first_dealer``, ``first_pone``;
- three players: ``first_dealer``, ``first_left`` (on the first dealer's left), ``first_right``;
- four players: ``north`` (the first dealer), ``east``, ``south``, ``west``; partners sit
  opposite, so the teams are ``north_south`` (seats 0 and 2) and ``east_west`` (1 and 3).

The deal passes to the left (clockwise): deal ``j`` is dealt by seat ``j % n``. Within a deal a
seat has a **turn**: its place in the play's order from the dealer's left, ``(seat - dealer -
1) % n``; the seat on the dealer's left (turn 0) cuts, leads the first count and shows first;
the dealer is last (turn ``n - 1``) and shows last but the crib. With two players turn 0 is the
pone and turn 1 the dealer: :data:`ROLES` names them, in that order (the kernels' players 0
and 1 are these turns).

>>> names(2), names(3)[1], names(4)
(('first_dealer', 'first_pone'), 'first_left', ('north', 'east', 'south', 'west'))
>>> dealer_of(5, 3), turn_of(0, dealer=2, n=3), play_order(dealer=1, n=3)
(2, 0, (2, 0, 1))
>>> team_names(((0, 2), (1, 3)))
('north_south', 'east_west')
>>> ROLES[turn_of(1, dealer=0, n=2)]
'pone'
"""

from __future__ import annotations

NAMES = {
    2: ("first_dealer", "first_pone"),
    3: ("first_dealer", "first_left", "first_right"),
    4: ("north", "east", "south", "west"),
}
ROLES = ("pone", "dealer")
"""The two seats of a two-player deal by turn: the pone (turn 0: cuts, leads, shows first), the
dealer (turn 1)."""
PONE, DEALER = 0, 1


def names(n: int) -> tuple[str, ...]:
    """The seats' names of an ``n``-seat game, clockwise, the first dealer first."""
    return NAMES[n]


def team_names(teams) -> tuple[str, ...]:
    """The teams' names (the seats' names joined: ``north_south``)."""
    n = sum(len(t) for t in teams)
    return tuple("_".join(NAMES[n][s] for s in team) for team in teams)


def dealer_of(deal: int, n: int) -> int:
    """The seat that deals deal ``deal`` (from 0) of an ``n``-seat game."""
    return deal % n


def turn_of(seat: int, dealer: int, n: int) -> int:
    """``seat``'s place in the play's order of a deal (0 leads; the dealer is ``n - 1``)."""
    return (seat - dealer - 1) % n


def seat_at(turn: int, dealer: int, n: int) -> int:
    """The seat whose turn in the deal is ``turn`` (:func:`turn_of`'s inverse)."""
    return (dealer + 1 + turn) % n


def play_order(dealer: int, n: int) -> tuple[int, ...]:
    """The seats in the play's order (and the shows'): from the dealer's left, the dealer last."""
    return tuple(seat_at(t, dealer, n) for t in range(n))


def left_of(seat: int, n: int) -> int:
    """The seat on ``seat``'s left (the next clockwise)."""
    return (seat + 1) % n


def side_named(seat: str, teams) -> str:
    """The side a seat (by name) scores for: its team's name in ``teams`` (team name -> its seats'
    names), or the seat itself when there are no teams (:meth:`Variant.side_of` by index).

    >>> side_named("south", {"north_south": ("north", "south"), "east_west": ("east", "west")})
    'north_south'
    >>> side_named("first_left", None)
    'first_left'
    """
    if teams:
        return next(team for team, members in teams.items() if seat in members)
    return seat
