"""Who sits where, told from the page's player's seat: the one home of the page's words for the
other seats and sides of a game of two, three or four players.

A seat is told by where it sits from the player, clockwise (the deal passes to the left):

- two players: ``you`` and the ``opponent``;
- three players: ``you``, the player on your ``left`` (who leads when you deal), the one on
  your ``right``;
- four players in partnership: ``you``, ``left``, your ``partner`` (opposite), ``right``.

A side (who a point is scored for) is the seat itself without partnerships; with partners it is
``us`` (you and your partner) or ``them``.

>>> t = Table(("north", "east", "south", "west"), {"north_south": ("north", "south"),
...           "east_west": ("east", "west")}, "east")
>>> t.who("east"), t.who("south"), t.who("north"), t.who("west")
('you', 'left', 'right', 'partner')
>>> t.side_who("north_south"), t.side_who("east_west"), t.side_of("west")
('them', 'us', 'east_west')
>>> Table(("first_dealer", "first_left", "first_right"), None, "first_left").around()
['first_right', 'first_dealer']
>>> Table(("first_dealer", "first_pone"), None, "first_pone").who("first_dealer")
'opponent'
"""

from __future__ import annotations

import re

from crib_stats.model.seats import left_of, side_named

ROUND = {2: ("opponent",), 3: ("left", "right"), 4: ("left", "partner", "right")}
"""The other seats' words, clockwise from the player's left, by the number of seats."""
ORDER = ("you", "us", "opponent", "left", "partner", "right", "them")  # the order the page says them in


def in_order(by_word: dict) -> dict:
    """``by_word`` ({seat's or side's word: value}) in the order the page says them: yours first.

    >>> in_order({"right": 3, "you": 1, "left": 2})
    {'you': 1, 'left': 2, 'right': 3}
    """
    return dict(sorted(by_word.items(), key=lambda kv: ORDER.index(kv[0])))


class Table:
    """The seats (clockwise, the first dealer first), the teams ({team: seats} or None) and the
    player's seat: every seat's and side's word from the player's side."""

    def __init__(self, seats, teams, human: str):
        self.seats, self.human = tuple(seats), human
        self.teams = None if not teams else {k: tuple(v) for k, v in teams.items()}
        n = len(self.seats)
        self._who = {human: "you"} | dict(zip(self.around(), ROUND[n]))

    def around(self) -> list[str]:
        """The other seats, clockwise from the player's left."""
        n, at = len(self.seats), self.seats.index(self.human)
        out = []
        for _ in range(n - 1):
            at = left_of(at, n)
            out.append(self.seats[at])
        return out

    def who(self, seat: str | None) -> str | None:
        """A seat's word: you, opponent (two players), left, right, partner."""
        return None if seat is None else self._who[seat]

    def side_of(self, seat: str) -> str:
        """The side ``seat`` scores for: its team, or itself."""
        return side_named(seat, self.teams)

    def side_who(self, side: str) -> str:
        """A side's word: ``us`` or ``them`` with partners, else its seat's word."""
        if self.teams:
            return "us" if self.human in self.teams[side] else "them"
        return self.who(side)

    def won(self, winner: str | None) -> bool:
        """Whether ``winner`` (a side's name) is the player's side."""
        return winner is not None and (winner == self.human or (bool(self.teams) and
                                                                self.human in self.teams.get(winner, ())))

    def result(self, r: dict) -> dict:
        """A game's result (the record's) told from the player's side: the winner and the scores
        by the sides' words, whether a side was skunked (``skunk``, ``double_skunk``) and which
        (``skunked``: with two sides the loser when skunked), the game points (None with three
        sides: there are no standard ones), the forfeit."""
        if "skunked" in r:
            skunked, double = r["skunked"], r["double_skunked"]
        else:
            losers = [s for s in r["scores"] if s != r["winner"]]
            skunked, double = (losers if r["skunk"] else []), (losers if r["double_skunk"] else [])
        return {"winner": self.side_who(r["winner"]), "scores": in_order({self.side_who(s): n for s, n in r["scores"].items()}),
                "skunk": bool(skunked), "double_skunk": bool(double), "skunked": [self.side_who(s) for s in skunked],
                "game_points": r["game_points"], "forfeit": r["forfeit"]}

    def describe(self, players: dict) -> list[dict]:
        """Every seat from the player's round (you first, then clockwise): its name, word, side,
        side's word and player (``players`` {seat: name}; the player's seat is ``you``)."""
        return [{"seat": s, "who": self.who(s), "side": self.side_of(s), "side_who": self.side_who(self.side_of(s)),
                 "player": "you" if s == self.human else players.get(s)} for s in [self.human] + self.around()]


_WORDS = [(r"the {me}'s", "your"), (r"the {me} throws", "you throw"), (r"the {me} cannot", "you cannot"),
          (r"it holds", "you hold"), (r"it has played it", "you have played it"), (r"its hand", "your hand"),
          (r"; it may play", "; you may play")]
SAID = {"opponent": "the opponent", "left": "your left-hand opponent", "right": "your right-hand opponent",
        "partner": "your partner"}
"""Another seat said in a sentence to the player, by its word."""
THEIRS = {who: f"{said}'s" for who, said in SAID.items()}

def your_words(line: str, table: Table) -> str:
    """The referee's line about the player's seat said to the player ("you cannot play 5h: it
    is not in your hand"), the other seats by where they sit."""
    for pattern, words in _WORDS:
        line = re.sub(pattern.format(me=table.human), words, line)
    for seat in table.around():
        line = re.sub(f"the {seat}'s", THEIRS[table.who(seat)], line)
    return line


def of_variant(name: str, human: str) -> Table:
    """The table of a game of the variant ``name`` with the player in ``human``.

    >>> of_variant("four-player", "north").side_who("north_south")
    'us'
    """
    from crib_stats.model.seats import names, team_names
    from crib_stats.model.variants import variant

    v = variant(name)
    seats = names(v.players)
    teams = None if not v.teams else {t: tuple(seats[i] for i in members)
                                      for t, members in zip(team_names(v.teams), v.teams)}
    return Table(seats, teams, human)


__all__ = ["ROUND", "ORDER", "SAID", "THEIRS", "in_order", "Table", "your_words", "of_variant"]
