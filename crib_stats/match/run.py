"""A match on the engine: duplicate games of two players, sharded by deck, cached, resumable.

N games are N/2 deck sequences (deck k of the seed: :func:`crib_stats.referee.deck.pack`, a
function of (seed, k) alone), each played twice with the seats swapped: game 2k has A dealing
first, game 2k + 1 B, on the same cards. The pairs are cut into shards at fixed deck
boundaries (:func:`crib_stats.core.engine.bounds`) and run on the engine (this process, a Dask
``LocalCluster`` or a cluster), every finished shard saved in its cache (a killed match
resumes); the shards are read back in deck order, so nothing depends on the shards, the
workers or the engine but the time it takes.

A shard (:func:`run_part`) makes its own players (an ``exec:`` player starts its own process
there) and closes them on every path. When both players are ``greedy`` its games are played by
the whole-game kernel (:mod:`crib_stats.match.greedy_games`), the same games as the referee's
(the tests replay them), far faster.

Each shard keeps: ``games``, a row of figures a game (the ``G_*`` columns); ``decisions``,
each player's decisions and the seconds they took (rows A, B; its first decision in the shard,
which loads its tables, apart); and its games' records
(``crib-stats-game/1``): ``records``, JSON lines, zlib-compressed, or for the kernel's games
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

from crib_stats.core.engine import ShardCache, bounds, check_scheduler, run_shards
from crib_stats.core.errors import CribStatsError
from crib_stats.referee.deck import MAX_SEED, SEATS, check_played
from crib_stats.referee.loop import play_game
from crib_stats.runtime.disk import cache_root as default_cache_root

from .rows import (D_COUNT, D_FIRST_COUNT, D_FIRST_SECONDS, D_SECONDS, N_DECISION, N_GAME, MatchError, game_row,
                   pack_records, unpack_records)

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


def uses_kernel(a: str, b: str) -> bool:
    """Whether the games of ``a`` against ``b`` are played by the whole-game kernel."""
    return a.strip() == KERNEL_PLAYER and b.strip() == KERNEL_PLAYER


def side_seed(seed: int, side: str) -> int:
    """The seed each side's player is made with (``make_player(name, seed)``): distinct for A
    and B, so two ``random`` players of one match differ."""
    digest = hashlib.blake2b(f"crib-stats match/{seed}/{side}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def check(a: str, b: str, games: int, seed: int, variant: str, time_limit: float | None,
          shards: int | None) -> tuple[str, int]:
    """Refuse a match that cannot be played (one line): the variant's name, and the shards."""
    from crib_stats.players.registry import make_player

    try:
        v = check_played(variant).name
    except CribStatsError as exc:
        raise MatchError(f"match: --variant: {exc}") from None
    if isinstance(games, bool) or not isinstance(games, int) or games < 2 or games % 2 or games > MAX_GAMES:
        got = str(games) if len(str(games)) <= 24 else str(games)[:24] + "..."
        raise MatchError(f"match: --games must be an even number from 2 to {MAX_GAMES:,} (duplicate pairs: each deck "
                         f"is played twice, the seats swapped; {MAX_GAMES:,} games take about a minute greedy against "
                         f"greedy, an hour random against random, days with the engine), got {got}")
    if not 0 <= seed <= MAX_SEED:
        raise MatchError(f"match: --seed must be from 0 to {MAX_SEED}, got {seed}")
    if time_limit is not None and not (time_limit > 0 and math.isfinite(time_limit)):
        raise MatchError(f"match: --time-limit must be a positive number of seconds, got {time_limit}")
    for name in (a, b):
        player = make_player(name, 0)  # an unknown name is refused here, before any game (a command is not started)
        check_start = getattr(player, "check_start", None)  # a program that cannot start (not found, not executable)
        if callable(check_start):
            try:
                check_start()
            except CribStatsError as exc:
                raise MatchError(f"match: {exc}") from None
    pairs = games // 2
    per = KERNEL_PAIRS_PER_SHARD if uses_kernel(a, b) else PAIRS_PER_SHARD
    n = shards if shards is not None else min(MAX_SHARDS, max(1, math.ceil(pairs / per)))
    if not 1 <= n <= pairs:
        raise MatchError(f"match: --shards must be 1 to {pairs} (the deck pairs), got {n}")
    return v, n


def _player(name: str, seed: int, time_limit: float | None):
    from crib_stats.players.registry import make_player

    p = make_player(name, seed)
    if hasattr(p, "time_limit"):  # a player that must keep time itself (an external program)
        p.time_limit = time_limit
    return p


def run_part(a: str, b: str, seed: int, variant: str, time_limit: float | None, lo: int, hi: int) -> tuple[str, dict]:
    """Deck pairs lo..hi-1 of the match: (kernel digest, the shard's arrays, module docstring)."""
    from crib_stats.runtime.cache import source_digest

    if uses_kernel(a, b):
        from .greedy_games import greedy_part

        return source_digest(), greedy_part(a, b, seed, variant, lo, hi)  # (time_limit: no program to time)
    players = {}
    try:
        players = {"A": _player(a, side_seed(seed, "A"), time_limit), "B": _player(b, side_seed(seed, "B"), time_limit)}
        lines, rows = [], []
        decisions = np.zeros((2, N_DECISION))
        for k in range(lo, hi):
            for a_first in (True, False):
                seats = (players["A"], players["B"]) if a_first else (players["B"], players["A"])
                names = dict(zip(SEATS, (a, b) if a_first else (b, a)))
                record = play_game(seats, seed, k, variant, names=names)
                rows.append(game_row(record, k, a_first))
                lines.append((json.dumps(record, separators=(",", ":")) + "\n").encode())
                a_seat = SEATS[0] if a_first else SEATS[1]
                for deal in record["deals"]:
                    for d in deal["decisions"]:
                        side = 0 if d["seat"] == a_seat else 1
                        first = decisions[side, D_FIRST_COUNT] == 0
                        decisions[side, D_FIRST_COUNT if first else D_COUNT] += 1
                        decisions[side, D_FIRST_SECONDS if first else D_SECONDS] += d["seconds"] or 0.0
    finally:
        for p in players.values():
            close = getattr(p, "close", None)
            if callable(close):
                close()
    return source_digest(), {"records": pack_records(lines), "games": np.array(rows, np.int64).reshape(-1, N_GAME),
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


def cache_key(a: str, b: str, games: int, seed: int, variant: str, time_limit, shards: int) -> dict:
    from crib_stats.runtime.cache import content_digest, digest_of

    pkg = Path(__file__).resolve().parent.parent
    code = "-".join(digest_of(pkg / d) for d in ("core", "peg", "show", "discard", "game", "referee", "players",
                                                 "match"))
    return {"kind": "match", "a": a, "b": b, "games": games, "seed": seed, "variant": variant,
            "time_limit": time_limit, "shards": shards, "code": code,
            "programs": content_digest([], _command_files(a) + _command_files(b))
            if _command_files(a) + _command_files(b) else None}


class Match:
    """A played match: ``summary()`` its figures (:mod:`.summary`), ``records()`` every game's
    record in game order (game 2k: deck k, A deals first; 2k + 1: the same deck, B first),
    ``lines()`` the same as JSON lines (bytes), ``rows`` (games, N_GAME), ``decisions`` (2,
    N_DECISION): A's and B's."""

    def __init__(self, a, b, games, seed, variant, shards, time_limit, parts: list[dict], seconds: float,
                 computed: int):
        self.a, self.b, self.games, self.seed, self.variant = a, b, games, seed, variant
        self.shards, self.time_limit, self.parts, self.seconds, self.computed = shards, time_limit, parts, seconds, computed
        self.rows = np.concatenate([p["games"] for p in parts]) if parts else np.zeros((0, N_GAME), np.int64)
        self.decisions = sum((p["decisions"] for p in parts), np.zeros((2, N_DECISION)))
        self.kernel = uses_kernel(a, b)

    def lines(self) -> Iterator[bytes]:
        """Every game's record as one JSON line (bytes, ending in a newline), in game order."""
        if self.kernel:
            from .greedy_games import shard_lines

            for p in self.parts:
                yield from shard_lines(p, self.seed, self.variant, dict(zip(SEATS, (self.a, self.b))))
            return
        for p in self.parts:
            yield from unpack_records(p["records"]).splitlines(keepends=True)

    def records(self) -> Iterator[dict]:
        """Every game's record (``crib-stats-game/1``), in game order: game 2k is deck k with A
        dealing first, game 2k + 1 the same deck with B first."""
        for line in self.lines():
            yield json.loads(line)

    def summary(self) -> dict:
        """The match's figures as ``crib-stats match --json`` prints them (win rates paired and
        raw with their standard errors, game points, skunks, the first dealer, deals, forfeits)."""
        from .summary import summarise

        return summarise(self)


def play_match(a: str, b: str, games: int, seed: int = 0, variant: str = "six-card", *,
               time_limit: float | None = DEFAULT_TIME_LIMIT, shards: int | None = None,
               scheduler: str | None = None, workers: int | None = None, cache_dir=None, fresh: bool = False,
               progress: Callable[[int, int], None] | None = None) -> Match:
    """Play the match of ``a`` against ``b`` (player names, :func:`crib_stats.players.make_player`):
    ``games`` duplicate games (even) of deck sequences 0 .. games/2 - 1 of ``seed``, shard by shard
    on the engine (module docstring). ``cache_dir`` None: the user's cache; False: none.
    ``time_limit``: seconds an external program has for a decision."""
    a, b = str(a).strip(), str(b).strip()
    variant, n = check(a, b, games, seed, variant, time_limit, shards)
    scheduler = check_scheduler(scheduler)
    root = None if cache_dir is False else (default_cache_root("match") if cache_dir in (None, True) else cache_dir)
    cache = ShardCache(root, cache_key(a, b, games, seed, variant, time_limit, n), name="match")
    spans = bounds(games // 2, n)
    computed = [0]

    def counted(done: int, total: int) -> None:
        if not counted.started:
            counted.started, counted.first = True, done
        computed[0] = done - counted.first
        if progress is not None:
            progress(done, total)

    counted.started, counted.first = False, 0
    start = time.perf_counter()
    if uses_kernel(a, b):
        from .greedy_games import KERNEL_ARRAYS as arrays
    else:
        arrays = ARRAYS
    done = run_shards(cache, [(a, b, seed, variant, time_limit, *span) for span in spans], run_part, arrays,
                      scheduler, workers, fresh, counted, "match")
    return Match(a, b, games, seed, variant, n, time_limit, [done[i] for i in range(len(spans))],
                 time.perf_counter() - start, computed[0])


def read_records(path) -> Iterator[dict]:
    """The records of a JSON-lines file a match wrote (``--out DIR``: ``DIR/games.jsonl``), in
    order; each one can be replayed and checked with :func:`crib_stats.referee.validate`."""
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)
