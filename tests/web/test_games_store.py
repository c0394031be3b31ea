"""The page's games in SQLite (issue #33 item 1): a new file built by its migrations, a version 1
file migrated with its games kept, a migration that fails leaving the version before it, a file
it cannot use refused in one line and left byte for byte (by serve --db too), a row rewritten
only from the decisions its writer read, the default file under the user's data folder."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from crib_stats.presentation.web import games_review, games_store
from crib_stats.referee import Game


def a_record(seed: int = 1, variant: str = "six-card") -> dict:
    return Game(variant, seed, 0, players={"first_dealer": "human", "first_pone": "greedy"}).record()


def test_a_new_database_is_built_by_its_migrations(tmp_path):
    path = tmp_path / "g.sqlite"
    s = games_store.GameStore(path)
    assert s.db.execute("PRAGMA user_version").fetchone()[0] == games_store.VERSION == 4
    assert s.db.execute("PRAGMA application_id").fetchone()[0] == games_store.APPLICATION_ID
    assert s.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in s.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"games", "reviews", "drills"}
    s.close()


def test_a_version_1_database_is_migrated_with_its_games_kept(tmp_path):
    path = tmp_path / "v1.sqlite"
    db = sqlite3.connect(path, isolation_level=None)
    assert games_store.migrate(db, upto=1) == 1
    record = a_record()
    db.execute("INSERT INTO games VALUES ('0123456789abcdef', 't0', 't0', 'greedy', 'first_dealer', 'six-card', 0, "
               "0, NULL, ?, ?)", (json.dumps(record["deals"][-1]["scores"]), json.dumps(record)))
    assert {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")} == {"games"}
    db.close()
    s = games_store.GameStore(path)
    assert s.db.execute("PRAGMA user_version").fetchone()[0] == games_store.VERSION
    row = s.load("0123456789abcdef")
    assert row.record == record and row.opponent == "greedy" and row.seat == "first_dealer"
    assert s.reviews("0123456789abcdef", games_review.METHOD) == {}
    s.save_review("0123456789abcdef", 0, 0, "discard", False, 0.01, games_review.METHOD, {"x": 1})
    assert s.reviews("0123456789abcdef", games_review.METHOD) == {0: {"x": 1}}
    assert s.reviews("0123456789abcdef", "another method") == {}
    s.close()


def test_a_version_3_database_keeps_its_games_and_reviews_and_takes_every_seat(tmp_path):
    """Version 4 rebuilds the games' table (a seat of three or four players was refused by its
    CHECK): the games and their reviews come through as they were, a review still belongs to
    its game (deleted with it), and a game of four players is then kept."""
    path = tmp_path / "v3.sqlite"
    db = sqlite3.connect(path, isolation_level=None)
    assert games_store.migrate(db, upto=3) == 3
    record = a_record()
    db.execute("INSERT INTO games VALUES ('0123456789abcdef', 't0', 't1', 'greedy', 'first_pone', 'six-card', 0, "
               "0, NULL, ?, ?)", (json.dumps(record["deals"][-1]["scores"]), json.dumps(record)))
    db.execute("INSERT INTO reviews VALUES ('0123456789abcdef', 0, 0, 'discard', 0, 0.02, 'm', '{\"y\": 2}')")
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        db.execute("INSERT INTO games VALUES ('1', 't', 't', 'g', 'north', 'four-player', 0, 0, NULL, '{}', '{}')")
    before = db.execute("SELECT * FROM games").fetchall()
    db.close()
    s = games_store.GameStore(path)
    assert s.db.execute("PRAGMA user_version").fetchone()[0] == 4
    assert s.db.execute("SELECT * FROM games").fetchall() == before
    assert s.reviews("0123456789abcdef", "m") == {0: {"y": 2}}
    four = Game("four-player", 1, 0, players={"north": "greedy", "east": "human", "south": "greedy",
                                              "west": "greedy"}).record()
    assert s.create("fedcba9876543210", "left greedy", "east", four).seat == "east"
    with pytest.raises(games_store.StoreError, match="CHECK"):
        s.create("fedcba9876543211", "greedy", "nowhere", four)
    s.db.execute("DELETE FROM games WHERE id = '0123456789abcdef'")
    assert s.reviews("0123456789abcdef", "m") == {}  # the reference to the games survived the rebuild
    assert {r[0] for r in s.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")} == {
        "games", "reviews", "drills"}
    s.close()


def test_a_migration_that_fails_leaves_the_version_before_it(tmp_path, monkeypatch):
    path = tmp_path / "half.sqlite"
    db = sqlite3.connect(path, isolation_level=None)
    games_store.migrate(db, upto=1)
    db.close()

    def broken(db):
        db.execute("CREATE TABLE reviews (x)")
        raise sqlite3.OperationalError("disk full (a test)")

    monkeypatch.setattr(games_store, "MIGRATIONS", [games_store.MIGRATIONS[0], broken])
    with pytest.raises(games_store.StoreError, match="the migration to schema version 2 failed: disk full .a test.; "
                                                     "the file is left at version 1$"):
        games_store.GameStore(path)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    assert {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")} == {"games"}
    db.close()


@pytest.mark.parametrize("kind", ["newer", "text", "foreign"])
def test_a_file_it_cannot_use_is_refused_in_one_line_and_left_alone(tmp_path, kind, cli):
    path = tmp_path / "x.sqlite"
    if kind == "text":
        path.write_text("not a database\n" * 100)
    else:
        db = sqlite3.connect(path, isolation_level=None)
        if kind == "newer":
            games_store.migrate(db)
            db.execute("PRAGMA user_version = 7")
        else:
            db.execute("CREATE TABLE accounts (id INTEGER)")
        db.close()
    before = path.read_bytes()
    with pytest.raises(games_store.StoreError) as err:
        games_store.GameStore(path)
    line = str(err.value)
    assert "\n" not in line and str(path) in line
    assert {"newer": "newer than this crib-stats", "text": "not a crib-stats games database",
            "foreign": "another program"}[kind] in line
    assert path.read_bytes() == before
    code, out, err_text = cli("serve", "--db", str(path), "--port", "0")  # refused before it listens
    assert code == 2 and out == ""
    assert err_text == f"crib-stats: error: serve --db: {line}\n"


def test_a_row_is_rewritten_only_from_the_decisions_its_writer_read(tmp_path):
    s = games_store.GameStore(tmp_path / "g.sqlite")
    g = Game("six-card", 2, 0)
    s.create("00000000000000aa", "greedy", "first_pone", g.record())
    turn = g.to_act()
    g.apply(turn.seat, g.view(turn.seat).hand[:2])
    s.save("00000000000000aa", g.record(), 0)
    assert s.load("00000000000000aa").decisions == 1
    with pytest.raises(games_store.StoreConflict):
        s.save("00000000000000aa", g.record(), 0)  # a second writer that read 0 decisions
    assert s.load("00000000000000aa").record == g.record()
    s.close()


def test_the_default_file_is_under_the_users_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert games_store.default_path() == tmp_path / "crib-stats" / "games.sqlite"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert games_store.default_path() == Path.home() / ".local" / "share" / "crib-stats" / "games.sqlite"
