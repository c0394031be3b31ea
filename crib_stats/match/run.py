"""A match on the engine: duplicate games of two players (three in the three-player game),
sharded by deck, cached, resumable.

With two sides, N games are N/2 deck sequences (deck k of the seed:
:func:`crib_stats.referee.deck.pack`, a function of (seed, k) alone), each played twice with the
seats swapped: game 2k has A dealing first, game 2k + 1 B, on the same cards. In the four-player
game a side is a partnership, and each name plays both seats of its side (a player a seat:
partners share nothing). Three players: N games are N/3 deck sequences, each played in the three
rotations of the players over the seats (game 3k + r: rotation r, :func:`.rows.player_of`), so
every player holds every seat's cards once. The decks are cut into shards at fixed deck
boundaries (:func:`crib_stats.core.engine.bounds`) and run on the engine (this process, a Dask
``LocalCluster`` or a cluster), every finished shard saved in its cache (a killed match
resumes); the shards are read back in deck order, so nothing depends on the shards, the
workers or the engine but the time it takes.

A shard (:func:`run_part`) makes its own players (an ``exec:`` player starts its own process
there) and closes them on every path. When every player is ``greedy`` its games are played by
the whole-game kernel (:mod:`crib_stats.match.greedy_games`), the same games as the referee's
(the tests replay them), far faster.

Each shard keeps: ``games``, a row of figures a game (the ``G_*`` columns); ``decisions``,
each player's decisions and the seconds they took (rows A, B, C; its first decision in the shard,
which loads its tables, apart); and its games' records
(``crib-stats-game/N``): ``records``, JSON lines, zlib-compressed, or for the kernel's games
the kernel's arrays, from which the records are built when they are read.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
from pathlib import Path
from typing import Callable, Iterator

import numpy as np

from crib_stats.core.errors import CribStatsError
from crib_stats.core.engine import ShardCache, bounds, check_scheduler, run_shards
from crib_stats.model.seats import names as seat_names, team_names
from crib_stats.model.variants import Variant, variant as get_variant
from crib_stats.referee.deck import MAX_SEED, check_played
from crib_stats.referee.loop import play_game
from crib_stats.runtime.disk import cache_root as default_cache_root

from .rows import (D_COUNT, D_FIRST_COUNT, D_FIRST_SECONDS, D_SECONDS, N_DECISION, N_GAME, N_GAME_THREE, MatchError,
                   Players, game_row, pack_records, player_of, unpack_records)

ARRAYS = ("records", "games", "decisions")
PAIRS_PER_SHARD = 25  # the referee's games: about a second or two a shard
KERNEL_PAIRS_PER_SHARD = 1000  # the kernel's
MAX_SHARDS = 10_000
# the most games a match plays: 100,000 deck pairs, the committed greedy matches. A match keeps
# every shard's games in memory until it ends (about 1.2 kB a game of the kernel's, 8 kB of the
# referee's: 1.7 GB at most) and runs for minutes (greedy against greedy) to hours (random,
# points; 2 cores) at this size; the engine plays about 1,500 games an hour on 2 cores
MAX_GAMES = 200_000
DEFAULT_TIME_LIMIT = 10.0
KERNEL_PLAYER = "greedy"


LETTERS = "ABC"


def uses_kernel(players, v: Variant | str = "six-card") -> bool:
    """Whether the games of ``players`` (names) in ``v`` are played by the whole-game kernel: every
    one greedy, in any variant (with muggins too: greedy claims every show's true count)."""
    return all(p.strip() == KERNEL_PLAYER for p in players)


def sides_of(v: Variant) -> tuple[str, ...]:
    """The sides' names in order: the seats, or the teams with partners."""
    return team_names(v.teams) if v.teams else seat_names(v.players)


def side_seed(seed: int, side: str) -> int:
    """The seed each side's player is made with (``make_player(name, seed)``): distinct for A
    and B, so two ``random`` players of one match differ."""
    digest = hashlib.blake2b(f"crib-stats match/{seed}/{side}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def check(players, games: int, seed: int, variant, time_limit: float | None,
          shards: int | None) -> tuple[Variant, int]:
    """Refuse a match that cannot be played (one line): the variant, the players (one a side),
    the games, and the shards. Returns the variant (with its target and muggins) and the shards."""
    from crib_stats.players.registry import check_plays, make_player

    try:
        v = check_played(variant)
    except CribStatsError as exc:
        raise MatchError(f"match: --variant: {exc}") from None
    s = v.sides
    if len(players) != s:
        who = "two players (each plays both seats of its partnership)" if v.teams else f"{s} players"
        raise MatchError(f"match: the {v.name} game takes {who}, got {len(players)}: "
                         f"{' '.join(p or repr(p) for p in players)}")
    most = MAX_GAMES - MAX_GAMES % s
    if isinstance(games, bool) or not isinstance(games, int) or games < s or games % s or games > most:
        got = str(games) if len(str(games)) <= 24 else str(games)[:24] + "..."
        every = "twice, the seats swapped" if s == 2 else "three times, every player in every seat"
        multiple = "an even number" if s == 2 else "a multiple of 3"
        raise MatchError(f"match: --games must be {multiple} from {s} to {most:,} (duplicate games: each deck is "
                         f"played {every}; {MAX_GAMES:,} games take about a minute greedy against greedy, an hour "
                         f"random against random, days with the engine), got {got}")
    if not 0 <= seed <= MAX_SEED:
        raise MatchError(f"match: --seed must be from 0 to {MAX_SEED}, got {seed}")
    if time_limit is not None and not (time_limit > 0 and math.isfinite(time_limit)):
        raise MatchError(f"match: --time-limit must be a positive number of seconds, got {time_limit}")
    for name in players:
        player = make_player(name, 0)  # an unknown name is refused here, before any game (a command is not started)
        try:
            check_plays(player, v)  # and one that cannot play this variant (search: two players only)
        except CribStatsError as exc:
            raise MatchError(f"match: {exc}") from None
        check_start = getattr(player, "check_start", None)  # a program that cannot start (not found, not executable)
        if callable(check_start):
            try:
                check_start()
            except CribStatsError as exc:
                raise MatchError(f"match: {exc}") from None
    decks = games // s
    per = KERNEL_PAIRS_PER_SHARD if uses_kernel(players, v) else PAIRS_PER_SHARD
    n = shards if shards is not None else min(MAX_SHARDS, max(1, math.ceil(decks / per)))
    if not 1 <= n <= decks:
        raise MatchError(f"match: --shards must be 1 to {decks} (the decks), got {n}")
    return v, n


def _player(name: str, seed: int, time_limit: float | None):
    from crib_stats.players.registry import make_player

    p = make_player(name, seed)
    if hasattr(p, "time_limit"):  # a player that must keep time itself (an external program)
        p.time_limit = time_limit
    return p


def run_part(players: tuple[str, ...], seed: int, variant: tuple, time_limit: float | None, lo: int,
             hi: int) -> tuple[str, dict]:
    """Decks lo..hi-1 of the match: (kernel digest, the shard's arrays, module docstring).
    ``variant``: (name, target, muggins)."""
    from crib_stats.runtime.cache import source_digest

    v = get_variant(*variant)
    if uses_kernel(players, v):
        from .greedy_games import greedy_part

        return source_digest(), greedy_part(players, seed, v, lo, hi)  # (time_limit: no program to time)
    s, seats = v.sides, seat_names(v.players)
    sides = sides_of(v)
    side_of_seat = [v.side_of(i) for i in range(v.players)]
    made: list = []  # every player made, to close
    try:
        # a player a seat of its side: partners share nothing (an exec: program each)
        copies = [[None] * (v.players // s) for _ in range(s)]
        for p in range(s):
            for c in range(len(copies[p])):
                copies[p][c] = _player(players[p], side_seed(seed, LETTERS[p] + ("" if c == 0 else str(c + 1))),
                                       time_limit)
                made.append(copies[p][c])
        lines, rows = [], []
        decisions = np.zeros((s, N_DECISION))
        for k in range(lo, hi):
            for r in range(s):
                taken = [0] * s
                at, names = [], {}
                for i in range(v.players):
                    p = player_of(side_of_seat[i], r, s)
                    at.append(copies[p][taken[p]])
                    taken[p] += 1
                    names[seats[i]] = players[p]
                record = play_game(at, seed, k, v, names=names)
                rows.append(game_row(record, k, r, sides))
                lines.append((json.dumps(record, separators=(",", ":")) + "\n").encode())
                for deal in record["deals"]:
                    for d in deal["decisions"]:
                        p = player_of(side_of_seat[seats.index(d["seat"])], r, s)
                        first = decisions[p, D_FIRST_COUNT] == 0
                        decisions[p, D_FIRST_COUNT if first else D_COUNT] += 1
                        decisions[p, D_FIRST_SECONDS if first else D_SECONDS] += d["seconds"] or 0.0
    finally:
        for player in made:
            close = getattr(player, "close", None)
            if callable(close):
                close()
    width = N_GAME if s == 2 else N_GAME_THREE
    return source_digest(), {"records": pack_records(lines), "games": np.array(rows, np.int64).reshape(-1, width),
                             "decisions": decisions}


def _command_files(name: str) -> list[str]:
    """The files an ``exec:`` command names (its program and scripts): their bytes key the cache."""
    if not name.startswith("exec:"):
        return []
    from crib_stats.players.external import command_args

    try:
        args = command_args(name[5:].strip())
    except CribStatsError:
        return []
    return [str(Path(x).resolve()) for x in args if os.path.isfile(x)]


def cache_key(players, games: int, seed: int, v: Variant, time_limit, shards: int) -> dict:
    from crib_stats.runtime.cache import content_digest, digest_of

    pkg = Path(__file__).resolve().parent.parent
    code = "-".join(digest_of(pkg / d) for d in ("core", "model", "peg", "show", "discard", "game", "referee",
                                                 "players", "match"))
    programs = [f for name in players for f in _command_files(name)]
    return {"kind": "match", "players": list(players), "games": games, "seed": seed, "variant": v.name,
            "target": v.target, "muggins": v.muggins, "time_limit": time_limit, "shards": shards, "code": code,
            "programs": content_digest([], programs) if programs else None}


class Match(Players):
    """A played match: ``summary()`` its figures (:mod:`.summary`), ``records()`` every game's
    record in game order (two sides: game 2k deck k with A dealing first, 2k + 1 the same deck,
    B first; three: game 3k + r, rotation r), ``lines()`` the same as JSON lines (bytes), ``rows``
    (games, the ``G_*`` columns), ``decisions`` (players, N_DECISION): A's, B's (and C's)."""

    def __init__(self, players, games, seed, v: Variant, shards, time_limit, parts: list[dict], seconds: float,
                 computed: int):
        self.players, self.games, self.seed = tuple(players), games, seed
        self.variant, self.target, self.muggins, self.rules = v.name, v.target, v.muggins, v
        self.shards, self.time_limit, self.parts, self.seconds, self.computed = shards, time_limit, parts, seconds, computed
        width = N_GAME if v.sides == 2 else N_GAME_THREE
        self.rows = np.concatenate([p["games"] for p in parts]) if parts else np.zeros((0, width), np.int64)
        self.decisions = sum((p["decisions"] for p in parts), np.zeros((v.sides, N_DECISION)))
        self.kernel = uses_kernel(self.players, v)

    def lines(self) -> Iterator[bytes]:
        """Every game's record as one JSON line (bytes, ending in a newline), in game order."""
        if self.kernel:
            from .greedy_games import shard_lines

            names = dict.fromkeys(seat_names(self.rules.players), KERNEL_PLAYER)
            for p in self.parts:
                yield from shard_lines(p, self.seed, self.rules, names)
            return
        for p in self.parts:
            yield from unpack_records(p["records"]).splitlines(keepends=True)

    def records(self) -> Iterator[dict]:
        """Every game's record as a dict, in game order."""
        for line in self.lines():
            yield json.loads(line)

    def summary(self) -> dict:
        """The match's figures (:func:`crib_stats.match.summary.summarise`): what --json prints."""
        from .summary import summarise

        return summarise(self)


def play_match(a: str, b: str, games: int, seed: int = 0, variant: str | Variant = "six-card", *, c: str | None = None,
               target: int | None = None, muggins: bool | None = None,
               time_limit: float | None = DEFAULT_TIME_LIMIT, shards: int | None = None,
               scheduler: str | None = None, workers: int | None = None, cache_dir=None, fresh: bool = False,
               progress: Callable[[int, int], None] | None = None) -> Match:
    """Play the match of ``a`` against ``b`` (and ``c``, three players; player names,
    :func:`crib_stats.players.make_player`): ``games`` duplicate games of deck sequences 0 ..
    games/sides - 1 of ``seed``, shard by shard on the engine (module docstring), in ``variant``
    played to ``target`` (its default: None) with or without ``muggins``. ``cache_dir`` None:
    the user's cache; False: none. ``time_limit``: seconds an external program has for a decision."""
    players = tuple(str(p).strip() for p in ((a, b) if c is None else (a, b, c)))
    try:
        v = get_variant(variant, target, muggins)
    except CribStatsError as exc:
        raise MatchError(f"match: {exc}") from None
    v, n = check(players, games, seed, v, time_limit, shards)
    scheduler = check_scheduler(scheduler)
    root = None if cache_dir is False else (default_cache_root("match") if cache_dir in (None, True) else cache_dir)
    cache = ShardCache(root, cache_key(players, games, seed, v, time_limit, n), name="match")
    spans = bounds(games // v.sides, n)
    computed = [0]

    def counted(done: int, total: int) -> None:
        if not counted.started:
            counted.started, counted.first = True, done
        computed[0] = done - counted.first
        if progress is not None:
            progress(done, total)

    counted.started, counted.first = False, 0
    start = time.perf_counter()
    if uses_kernel(players, v):
        from .greedy_games import KERNEL_ARRAYS as arrays
    else:
        arrays = ARRAYS
    rules = (v.name, v.target, v.muggins)
    done = run_shards(cache, [(players, seed, rules, time_limit, *span) for span in spans], run_part, arrays,
                      scheduler, workers, fresh, counted, "match")
    return Match(players, games, seed, v, n, time_limit, [done[i] for i in range(len(spans))],
                 time.perf_counter() - start, computed[0])


def read_records(path) -> Iterator[dict]:
    """The records of a JSON-lines file a match wrote (``--out DIR``: ``DIR/games.jsonl``), in
    order; each one can be replayed and checked with :func:`crib_stats.referee.validate`."""
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)
