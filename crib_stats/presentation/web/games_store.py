"""The page's games in SQLite (the standard library's :mod:`sqlite3`): one row a game, holding its
``crib-stats-game/1`` record, rewritten in one transaction after every decision; and the counting
drills (:mod:`.drill`), one row a drill.

The file is ``$XDG_DATA_HOME/crib-stats/games.sqlite`` (``~/.local/share/crib-stats/`` when
``XDG_DATA_HOME`` is not set), or the path ``crib-stats serve --db PATH`` gives. The journal is
SQLite's write-ahead log with ``synchronous=NORMAL``: a committed decision survives the server
being stopped at any moment (Ctrl-C, ``kill -9``), so a restarted server loses at most the
decision in flight; a power cut may lose the last few (the log is synced at its checkpoints).

The record is the source of every game's state: a game is rebuilt by replaying it through the
referee (:meth:`crib_stats.referee.Game.from_record`), so the other columns of ``games`` are
what the list of games shows without reading every record (``decisions`` is also the guard of
a write: a row is rewritten only from the number of decisions its writer read, so two writers
can never both apply a decision to one game).

The schema is versioned by ``PRAGMA user_version`` and built by :data:`MIGRATIONS`, each run in
one transaction with the version it reaches, so a migration stopped half-way leaves the file at
the version before it. A file of a newer version than this code, or one that is not a games
database, is refused in one line and never changed.

- version 1: ``games`` (id, created, updated, opponent, seat, variant, decisions, finished,
  winner, scores, record);
- version 2: ``reviews``, the review of each of the player's decisions (cached: a review costs
  a throw's or a card's P(win) ranking, 0.3 to 5 s), keyed by (game, decision), with the method
  it was computed by (a review of another method is computed again, not served);
- version 3: ``drills``, the counting drills: each one's deal (what, variant, hard, seed, cards,
  starter, true count, dealt at), and once answered the answer, the seconds it took and what it
  missed by kind (:func:`.drill.missed`). A drill left unanswered for :data:`DRILL_KEEP` seconds
  is deleted when the next is dealt.
- version 4: ``games.seat`` takes the seats of three and four players too (the page plays every
  variant); the games and their reviews are copied into the tables rebuilt, as they were.
"""

from __future__ import annotations

import json
import os
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from crib_stats.core.errors import CribStatsError

APPLICATION_ID = 0x43534731  # "CSG1": PRAGMA application_id of a crib-stats games database
DRILL_KEEP = 86_400  # seconds an unanswered drill is kept
MISSED = ("fifteens", "pairs", "runs", "flush", "nobs", "other")  # the drills' missed_* columns


class StoreError(CribStatsError):
    """A database that cannot be opened, migrated or written (one line)."""


class StoreConflict(StoreError):
    """A game's row changed since it was read (another writer applied a decision)."""


def default_path() -> Path:
    """``$XDG_DATA_HOME/crib-stats/games.sqlite`` (``~/.local/share`` when it is not set)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "crib-stats" / "games.sqlite"


def _games(db: sqlite3.Connection, seats: tuple[str, ...]) -> None:
    db.execute(f"""CREATE TABLE games (
        id TEXT PRIMARY KEY,
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        opponent TEXT NOT NULL,
        seat TEXT NOT NULL CHECK (seat IN ({", ".join(f"'{s}'" for s in seats)})),
        variant TEXT NOT NULL,
        decisions INTEGER NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0,
        winner TEXT,
        scores TEXT NOT NULL,
        record TEXT NOT NULL)""")
    db.execute("CREATE INDEX games_by_created ON games (created)")


def _v1(db: sqlite3.Connection) -> None:
    _games(db, ("first_dealer", "first_pone"))


def _v2(db: sqlite3.Connection) -> None:
    _reviews(db)


def _reviews(db: sqlite3.Connection) -> None:
    db.execute("""CREATE TABLE reviews (
        game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        decision INTEGER NOT NULL,
        deal INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('discard', 'play')),
        forced INTEGER NOT NULL,
        lost REAL,
        method TEXT NOT NULL,
        review TEXT NOT NULL,
        PRIMARY KEY (game_id, decision))""")


def _v3(db: sqlite3.Connection) -> None:
    db.execute("""CREATE TABLE drills (
        id TEXT PRIMARY KEY,
        dealt TEXT NOT NULL,
        dealt_at REAL NOT NULL,
        what TEXT NOT NULL CHECK (what IN ('hand', 'crib')),
        variant TEXT NOT NULL,
        hard INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        cards TEXT NOT NULL,
        starter TEXT NOT NULL,
        points INTEGER NOT NULL,
        answer INTEGER,
        seconds REAL,
        missed_fifteens INTEGER,
        missed_pairs INTEGER,
        missed_runs INTEGER,
        missed_flush INTEGER,
        missed_nobs INTEGER,
        missed_other INTEGER)""")
    db.execute("CREATE INDEX drills_unanswered ON drills (dealt_at) WHERE answer IS NULL")


def _v4(db: sqlite3.Connection) -> None:
    """The games' seat CHECK widened to every variant's seats: SQLite cannot alter a CHECK, so
    both tables are rebuilt (the reviews first, which refer to the games) and their rows copied."""
    from crib_stats.model.seats import NAMES

    seats = tuple(dict.fromkeys(s for n in sorted(NAMES) for s in NAMES[n]))
    db.execute("CREATE TEMP TABLE old_games AS SELECT * FROM games")
    db.execute("CREATE TEMP TABLE old_reviews AS SELECT * FROM reviews")
    db.execute("DROP TABLE reviews")
    db.execute("DROP TABLE games")
    _games(db, seats)
    _reviews(db)
    db.execute("INSERT INTO games SELECT * FROM old_games")
    db.execute("INSERT INTO reviews SELECT * FROM old_reviews")
    db.execute("DROP TABLE old_games")
    db.execute("DROP TABLE old_reviews")


# MIGRATIONS[i] takes a database from version i to version i + 1
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2, _v3, _v4]
VERSION = len(MIGRATIONS)


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def decisions_in(record: dict) -> int:
    """The number of decisions a record holds."""
    return sum(len(d["decisions"]) for d in record["deals"])


@dataclass
class GameRow:
    id: str
    created: str
    updated: str
    opponent: str
    seat: str  # the page's player's seat
    variant: str
    decisions: int
    finished: bool
    winner: str | None  # the winner's seat once finished
    scores: dict  # {seat: score}
    record: dict | None  # None in a listing (not read)


def refuse_foreign(db: sqlite3.Connection, path: str = "the database") -> int:
    """The file's schema version; :class:`StoreError` for a newer one than this code or a file
    of another application (read only: nothing is written)."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    app = db.execute("PRAGMA application_id").fetchone()[0]
    if version > VERSION:
        raise StoreError(f"{path} is a games database of schema version {version}, newer than this crib-stats "
                         f"reads ({VERSION}): upgrade crib-stats, or give another file with --db")
    if app != APPLICATION_ID and (version or db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]):
        raise StoreError(f"{path} is an SQLite database of another program, not crib-stats games: "
                         "give another file with --db")
    return version


def migrate(db: sqlite3.Connection, upto: int = VERSION, path: str = "the database") -> int:
    """Bring ``db`` (in autocommit mode) to version ``upto``, one transaction a migration; the
    version reached. A newer file than this code, or a file of another application, raises
    :class:`StoreError` and is left as it was."""
    version = refuse_foreign(db, path)
    while version < upto:
        db.execute("BEGIN IMMEDIATE")
        try:
            MIGRATIONS[version](db)
            db.execute(f"PRAGMA user_version = {version + 1}")
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute("COMMIT")
        except BaseException as exc:
            db.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise StoreError(f"{path}: the migration to schema version {version + 1} failed: {exc}; the file is "
                                 f"left at version {version}") from None
            raise
        version += 1
    return version


class GameStore:
    """The games database at ``path`` (created, or migrated to :data:`VERSION`, on opening)."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path is not None else default_path()
        shown = str(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # autocommit: every transaction is an explicit BEGIN ... COMMIT
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=10)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot open the games database {shown}: {exc}") from None
        try:
            self.db.execute("PRAGMA foreign_keys = ON")
            refuse_foreign(self.db, shown)  # before anything is written (the journal mode is in the file)
            mode = self.db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode.lower() != "wal":
                raise StoreError(f"{shown}: SQLite could not use its write-ahead log here (journal mode {mode})")
            self.db.execute("PRAGMA synchronous = NORMAL")
            migrate(self.db, path=shown)
        except sqlite3.DatabaseError as exc:
            self.db.close()
            raise StoreError(f"{shown} is not a crib-stats games database ({exc})") from None
        except BaseException:
            self.db.close()
            raise

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def _transaction(self):
        """The statements of the ``with`` block in one transaction: all or none; a database
        error is a StoreError naming the file."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise StoreError(f"the games database {self.path} could not be written: {exc}") from None

    def _write(self, sql: str, args: tuple) -> int:
        """One statement in its own transaction; the rows it changed."""
        with self._transaction():
            n = self.db.execute(sql, args).rowcount
        return n

    # -- games ------------------------------------------------------------------------------------

    def create(self, game_id: str, opponent: str, seat: str, record: dict) -> GameRow:
        stamp = now()
        scores = record["deals"][-1]["scores"]
        result = record["result"]
        self._write("INSERT INTO games (id, created, updated, opponent, seat, variant, decisions, finished, winner, "
                    "scores, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, stamp, stamp, opponent, seat, record["variant"], decisions_in(record),
                     int(result is not None), None if result is None else result["winner"], json.dumps(scores),
                     json.dumps(record)))
        return self.load(game_id)

    def save(self, game_id: str, record: dict, read: int) -> None:
        """Rewrite the game's record, from the row holding ``read`` decisions (the number its
        writer read); :class:`StoreConflict` when the row has moved on since."""
        result = record["result"]
        scores = result["scores"] if result is not None else record["deals"][-1]["scores"]
        n = self._write("UPDATE games SET record = ?, decisions = ?, finished = ?, winner = ?, scores = ?, updated = ? "
                        "WHERE id = ? AND decisions = ?",
                        (json.dumps(record), decisions_in(record), int(result is not None),
                         None if result is None else result["winner"], json.dumps(scores), now(), game_id, read))
        if n != 1:
            raise StoreConflict(f"game {game_id} changed in the database since it was read (another server on "
                                "the same file?): reload it")

    def load(self, game_id: str) -> GameRow | None:
        row = self.db.execute("SELECT id, created, updated, opponent, seat, variant, decisions, finished, winner, "
                              "scores, record FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else _row(row, with_record=True)

    def games(self, limit: int = 200) -> list[GameRow]:
        """The latest games first (without their records)."""
        rows = self.db.execute("SELECT id, created, updated, opponent, seat, variant, decisions, finished, winner, "
                               "scores, NULL FROM games ORDER BY created DESC, id LIMIT ?", (limit,)).fetchall()
        return [_row(r, with_record=False) for r in rows]

    def counts(self) -> dict:
        """{"games", "finished"} over the whole database."""
        games, finished = self.db.execute("SELECT count(*), coalesce(sum(finished), 0) FROM games").fetchone()
        return {"games": games, "finished": finished}

    def outcomes(self) -> list[tuple[str, str, str]]:
        """(variant, the page's player's seat, the winning side) of every finished game."""
        return self.db.execute("SELECT variant, seat, winner FROM games WHERE finished = 1").fetchall()

    def muggins_records(self) -> list[tuple[str, dict]]:
        """(the page's player's seat, the record) of every game played with muggins."""
        rows = self.db.execute("SELECT seat, record FROM games WHERE json_extract(record, '$.muggins') = 1").fetchall()
        return [(seat, json.loads(text)) for seat, text in rows]

    # -- reviews ----------------------------------------------------------------------------------

    def reviews(self, game_id: str, method: str) -> dict[int, dict]:
        """{decision number: review} of the game's decisions reviewed by ``method``."""
        rows = self.db.execute("SELECT decision, review FROM reviews WHERE game_id = ? AND method = ?",
                               (game_id, method)).fetchall()
        return {n: json.loads(text) for n, text in rows}

    def save_review(self, game_id: str, decision: int, deal: int, kind: str, forced: bool, lost: float | None,
                    method: str, review: dict) -> None:
        self._write("INSERT OR REPLACE INTO reviews (game_id, decision, deal, kind, forced, lost, method, review) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, decision, deal, kind, int(forced), lost, method, json.dumps(review)))

    def lost_by_game(self, method: str) -> dict[str, tuple[int, float]]:
        """{game id: (decisions reviewed with a choice, the P(win) they gave up)}."""
        rows = self.db.execute("SELECT game_id, count(*), sum(lost) FROM reviews WHERE method = ? AND forced = 0 "
                               "AND lost IS NOT NULL GROUP BY game_id", (method,)).fetchall()
        return {g: (n, total) for g, n, total in rows}

    def lost_by_kind(self, method: str) -> dict[str, tuple[int, float]]:
        """{"discard" | "play": (decisions reviewed with a choice, the P(win) they gave up)}."""
        rows = self.db.execute("SELECT kind, count(*), sum(lost) FROM reviews WHERE method = ? AND forced = 0 "
                               "AND lost IS NOT NULL GROUP BY kind", (method,)).fetchall()
        return {k: (n, total) for k, n, total in rows}


    # -- drills -----------------------------------------------------------------------------------

    def create_drill(self, drill_id: str, what: str, variant: str, hard: bool, seed: int, cards: list[str],
                     starter: str, points: int, dealt_at: float) -> None:
        """A new drill (``dealt_at``: :func:`time.time` when dealt); the unanswered drills dealt
        over :data:`DRILL_KEEP` seconds before it are deleted in the same transaction."""
        with self._transaction():
            self.db.execute("DELETE FROM drills WHERE answer IS NULL AND dealt_at < ?", (dealt_at - DRILL_KEEP,))
            self.db.execute("INSERT INTO drills (id, dealt, dealt_at, what, variant, hard, seed, cards, starter, "
                            "points) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (drill_id, now(), dealt_at, what, variant, int(hard), seed, json.dumps(cards),
                             starter, points))

    def load_drill(self, drill_id: str) -> dict | None:
        """{id, what, variant, hard, seed, cards, starter, points, dealt_at, answer, seconds}."""
        row = self.db.execute("SELECT id, what, variant, hard, seed, cards, starter, points, dealt_at, answer, seconds "
                              "FROM drills WHERE id = ?", (drill_id,)).fetchone()
        if row is None:
            return None
        keys = ("id", "what", "variant", "hard", "seed", "cards", "starter", "points", "dealt_at", "answer", "seconds")
        d = dict(zip(keys, row))
        d["hard"], d["cards"] = bool(d["hard"]), json.loads(d["cards"])
        return d

    def answer_drill(self, drill_id: str, answer: int, seconds: float, missed: dict[str, int]) -> bool:
        """Record the drill's answer once: False (nothing written) when it was answered already."""
        cols = ", ".join(f"missed_{k} = ?" for k in MISSED)
        n = self._write(f"UPDATE drills SET answer = ?, seconds = ?, {cols} WHERE id = ? AND answer IS NULL",
                        (answer, seconds, *(missed[k] for k in MISSED), drill_id))
        return n == 1

    def drill_counts(self) -> dict:
        """Over the answered drills: {"answered", "right", "seconds" (their sum), "over" (drills
        counted over, points over), "missed": {kind: (drills that missed points of it, points)}}."""
        sums = ", ".join(f"coalesce(sum(missed_{k} > 0), 0), coalesce(sum(missed_{k}), 0)" for k in MISSED)
        row = self.db.execute(f"SELECT count(*), coalesce(sum(answer = points), 0), coalesce(sum(seconds), 0), "
                              f"coalesce(sum(answer > points), 0), coalesce(sum(max(answer - points, 0)), 0), {sums} "
                              "FROM drills WHERE answer IS NOT NULL").fetchone()
        return {"answered": row[0], "right": row[1], "seconds": row[2], "over": (row[3], row[4]),
                "missed": {k: (row[5 + 2 * i], row[6 + 2 * i]) for i, k in enumerate(MISSED)}}


def _row(r: tuple, with_record: bool) -> GameRow:
    return GameRow(id=r[0], created=r[1], updated=r[2], opponent=r[3], seat=r[4], variant=r[5], decisions=r[6],
                   finished=bool(r[7]), winner=r[8], scores=json.loads(r[9]),
                   record=json.loads(r[10]) if with_record else None)


def check(path: str | os.PathLike | None) -> Path:
    """Open (create or migrate) the database once and close it: the path, or :class:`StoreError`
    (``crib-stats serve`` checks its ``--db`` so before it listens)."""
    store = GameStore(path)
    store.close()
    return store.path
