"""The committed matches (issue 31 item 6): how much each of the toolkit's players wins, in
duplicate games, with its standard error, and what a game of each costs; what is planned
(:data:`MATCHES`) and what is committed, read (:func:`committed`).

- ``engine-greedy``, ``points-greedy``, ``engine-points``, ``greedy-random``: A's paired win
  rate (:mod:`.summary`) to a standard error of 0.01 or less, each with the pairs it took;
- ``greedy-greedy`` (and ``greedy-greedy-five-card``): the first dealer's win rate of two game
  model players, against the committed board's P(win) at the start (``crib-stats game --at 0 0
  --dealer``: 56.03% six-card; five-card, where the first pone starts with 3 for last, at 0 3);
- every other way of playing (issue 50): greedy in every seat (the seats' shares from more than
  20,000 games: the first dealer's advantage, deals a game) of three players to 121 and to 61,
  partners, the six-card game to 91 and to 61; greedy against random in each; and with muggins a
  player who undercounts (``sloppy``: greedy's decisions, its shows counted without the flushes
  and nobs, no call) against one who does not (greedy);
- the ladder (issue 51, :mod:`.ladder`): the information-set search (``search``, 1,500
  simulations a decision, and ``search:300``) against greedy, points, the engine, random play
  and each other, and the engine against random play, so that every pair of the six built-in
  players has a match; the search's matches against greedy, points and the engine to a paired
  standard error of 0.015 or less.

Every match is :func:`crib_stats.match.play_match` (sharded on the engine, every finished shard
cached: a run stopped half-way resumes), seed 0, deck pairs 0 .. pairs - 1, played by the
checkout's study ``studies/matches.py`` (``make data``). Written as ``data/match_results.json``
(each match's figures, as ``match --json`` prints them, and the time it took) and
``data/match_games.npz`` (each match's game rows, the ``G_*`` columns of :mod:`.rows`, and its
players' decisions and seconds, from which the figures are recomputed).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from crib_stats.core.data import data_file
from crib_stats.referee.deck import SEATS

from .rows import N_DECISION, N_GAME, N_GAME_THREE, MatchError, Players

RESULTS = "match_results.json"
GAMES = "match_games.npz"
SEED = 0


@dataclass(frozen=True)
class Planned:
    a: str
    b: str
    variant: str
    pairs: int  # decks: each played in every rotation of the players (two sides: a pair of games)
    why: str  # what it measures
    c: str | None = None  # the third player, three-handed
    target: int | None = None  # None: the variant's default
    muggins: bool = False

    @property
    def players(self) -> tuple[str, ...]:
        return (self.a, self.b) + (() if self.c is None else (self.c,))

    @property
    def rules(self):
        """The variant played, with its target and muggins."""
        from crib_stats.model.variants import variant

        return variant(self.variant, self.target, self.muggins or None)

    @property
    def games(self) -> int:
        return len(self.players) * self.pairs


MATCHES = {
    "engine-greedy": Planned("engine", "greedy", "six-card", 700, "the engine against the game model's player"),
    "points-greedy": Planned("points", "greedy", "six-card", 700, "playing for points (E[peg] and the advisor) "
                                                                   "against the game model's player"),
    "engine-points": Planned("engine", "points", "six-card", 700, "the board's worth over points alone"),
    "greedy-random": Planned("greedy", "random", "six-card", 250, "the game model's player against random play"),
    "greedy-greedy": Planned("greedy", "greedy", "six-card", 100_000, "the first dealer's win rate against the board's"),
    "greedy-greedy-five-card": Planned("greedy", "greedy", "five-card", 100_000,
                                       "the first dealer's win rate against the board's (five-card)"),
    "greedy-greedy-91": Planned("greedy", "greedy", "six-card", 10_000, "the first dealer's win rate to 91", target=91),
    "greedy-greedy-61": Planned("greedy", "greedy", "six-card", 10_000, "the first dealer's win rate to 61", target=61),
    "greedy-greedy-four-player": Planned("greedy", "greedy", "four-player", 10_000,
                                         "the first dealing partnership's win rate"),
    "greedy-greedy-three-player": Planned("greedy", "greedy", "three-player", 7_000,
                                          "each seat's share of the wins, three-handed", c="greedy"),
    "greedy-greedy-three-player-61": Planned("greedy", "greedy", "three-player", 7_000,
                                             "each seat's share of the wins, three-handed to 61", c="greedy",
                                             target=61),
    "greedy-random-91": Planned("greedy", "random", "six-card", 1_000, "greedy against random, to 91", target=91),
    "greedy-random-61": Planned("greedy", "random", "six-card", 1_000, "greedy against random, to 61", target=61),
    "greedy-random-four-player": Planned("greedy", "random", "four-player", 1_000,
                                         "greedy partners against random partners"),
    "greedy-random-three-player": Planned("greedy", "random", "three-player", 700,
                                          "greedy against two random players, three-handed", c="random"),
    "sloppy-greedy-muggins": Planned("sloppy", "greedy", "six-card", 2_000,
                                     "with muggins, a player who misses flushes and nobs against greedy",
                                     muggins=True),
    "engine-greedy-91": Planned("engine", "greedy", "six-card", 800, "the engine on the board to 91 against "
                                                                      "the game model's player", target=91),
    "engine-greedy-61": Planned("engine", "greedy", "six-card", 1_000, "the engine on the board to 61 against "
                                                                        "the game model's player", target=61),
    "engine-greedy-five-card": Planned("engine", "greedy", "five-card", 1_000,
                                       "the engine on the five-card board against the game model's player"),
    "engine-greedy-four-player": Planned("engine", "greedy", "four-player", 700,
                                         "engine partners (the throw for the side's P(win), greedy's card) "
                                         "against greedy partners"),
    "engine-greedy-three-player": Planned("engine", "greedy", "three-player", 700,
                                          "the engine (the throw for the seat's P(win), greedy's card) against two "
                                          "greedy players", c="greedy"),
    # the ladder (issue 51, crib_stats.match.ladder): search at its default budget and at 300
    # simulations, against each other player of the six-card game to 121
    "search1500-greedy": Planned("search", "greedy", "six-card", 500, "the search (1,500 simulations) against the "
                                                                      "game model's player"),
    "search300-greedy": Planned("search:300", "greedy", "six-card", 500, "the search (300 simulations) against "
                                                                         "the game model's player"),
    "search1500-points": Planned("search", "points", "six-card", 500, "the search (1,500) against points"),
    "search300-points": Planned("search:300", "points", "six-card", 500, "the search (300) against points"),
    "search1500-search300": Planned("search", "search:300", "six-card", 500, "what five times the simulations buy"),
    "engine-search1500": Planned("engine", "search", "six-card", 300, "the engine against the search (1,500), "
                                                                      "which assumes nothing of its opponent"),
    "engine-search300": Planned("engine", "search:300", "six-card", 350, "the engine against the search (300)"),
    "points-random": Planned("points", "random", "six-card", 100, "points against random play"),
    "search300-random": Planned("search:300", "random", "six-card", 100, "the search (300) against random play"),
    "search1500-random": Planned("search", "random", "six-card", 100, "the search (1,500) against random play"),
    "engine-random": Planned("engine", "random", "six-card", 50, "the engine against random play"),
}
LADDER_MATCHES = ("search1500-greedy", "search300-greedy", "search1500-points", "search300-points",
                  "search1500-search300", "points-random", "search300-random", "search1500-random", "engine-random",
                  "engine-search1500", "engine-search300")
DEFAULT_ORDER = ("greedy-greedy", "greedy-greedy-five-card", "greedy-random", "points-greedy", "engine-greedy",
                 "engine-points", "greedy-greedy-91", "greedy-greedy-61", "greedy-greedy-four-player",
                 "greedy-greedy-three-player", "greedy-greedy-three-player-61", "greedy-random-91", "greedy-random-61",
                 "greedy-random-four-player", "greedy-random-three-player", "sloppy-greedy-muggins",
                 "engine-greedy-91", "engine-greedy-61", "engine-greedy-five-card", "engine-greedy-four-player",
                 "engine-greedy-three-player") + LADDER_MATCHES


def board_first_dealer(variant: str, target: int | None = None) -> tuple[float, float]:
    """The committed board's P(the first dealer wins) at the start of the game to ``target``
    (None: the variant's default), and its error."""
    from crib_stats.game.board import ROWS, committed_tables, rules

    values, se = committed_tables(variant, target=target)
    dealer, pone = rules(variant, target)["start"]  # the dealer's score, the pone's (3 for last, five-card)
    r = ROWS.index("win")
    return float(values[r, dealer, pone]), float(se[r, dealer, pone])


def planned(results) -> list[str]:
    """The matches of :data:`MATCHES` that ``results`` (the committed ones, by name) lacks: planned,
    not yet run (the notebook and the index list them as such)."""
    return [k for k in DEFAULT_ORDER if k not in results]


def read(data_dir: Path) -> tuple[dict, dict]:
    """The results (by name) and the arrays of the committed matches in ``data_dir`` (empty where none)."""
    results = json.loads((data_dir / RESULTS).read_text()) if (data_dir / RESULTS).exists() else {}
    arrays = {}
    if (data_dir / GAMES).exists():
        with np.load(data_dir / GAMES) as z:
            arrays = {k: z[k] for k in z.files}
    return results, arrays


class Stored(Players):
    """A committed match as :func:`crib_stats.match.summary.summarise` reads a played one."""

    def __init__(self, key: str, entry: dict, games: np.ndarray, decisions: np.ndarray) -> None:
        from crib_stats.model.variants import variant

        self.key = key
        self.variant, self.seed = entry["variant"], entry["seed"]
        self.players = tuple(entry.get("players", (entry["a"], entry["b"])))
        self.target, self.muggins = entry.get("target"), entry.get("muggins", False)
        self.rules = variant(self.variant, self.target, self.muggins or None)
        self.target = self.rules.target
        self.games = int(entry["games"])
        s = len(self.players)
        self.rows = games.astype(np.int64).reshape(-1, N_GAME if s == 2 else N_GAME_THREE)
        self.decisions = np.asarray(decisions, float).reshape(s, N_DECISION)
        s = entry["summary"]
        self.shards, self.computed = s["shards"], s["shards_computed"]
        self.time_limit = None if s["time_limit_ms"] is None else s["time_limit_ms"] / 1000
        self.seconds = s["milliseconds"] / 1000
        self.kernel = bool(s["kernel"])
        self.reasons = [(r["reason"], r["games"]) for r in s["forfeits"]["reasons"]]
        self.entry = entry

    def records(self):
        """Only the forfeits' reasons are kept (what :func:`summarise` reads of the records)."""
        for reason, n in self.reasons:
            for _ in range(n):
                yield {"result": {"forfeit": reason}}

    def summary(self) -> dict:
        from .summary import summarise

        return summarise(self)


def committed(key: str | None = None, data_dir=None):
    """The committed matches ({name: :class:`Stored`}), or one of them."""
    root = Path(data_dir) if data_dir is not None else data_file(RESULTS, must_exist=True).parent
    results, arrays = read(root)
    if not results:
        raise MatchError(f"{RESULTS} is missing (make data writes it)")
    out = {k: Stored(k, e, arrays[f"{k}/games"], arrays[f"{k}/decisions"]) for k, e in results.items()}
    if key is None:
        return out
    if key not in out:
        raise MatchError(f"{RESULTS} has no match {key!r} (yet: {', '.join(sorted(out))})")
    return out[key]


__all__ = ["MATCHES", "RESULTS", "GAMES", "committed", "planned", "board_first_dealer", "Stored", "SEATS"]
