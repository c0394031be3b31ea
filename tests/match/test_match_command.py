"""``crib-stats match``: the text, --json (one schema), --out (every record, replayable, through
the writer that never replaces a foreign file unless --force), and bad input refused in one line
with exit 2 before anything is played or written."""

from __future__ import annotations

import json
import sys

import pytest

from crib_stats.match import read_records
from crib_stats.referee import validate


def test_the_text_report(cli):
    code, out, err = cli("match", "greedy", "random", "--games", "8", "--seed", "2")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("match: greedy (A) against random (B), six-card, 8 games (4 deck pairs")
    for label in ("A's win rate", "game points", "skunks", "first dealer", "deals", "forfeits", "decisions", "model:"):
        assert any(line.startswith(label) for line in lines), label
    assert all(len(line) <= 80 for line in lines)
    code, quiet, _ = cli("match", "greedy", "random", "--games", "8", "--seed", "2", "--no-timing")
    assert code == 0 and not any(line.startswith("decisions") for line in quiet.splitlines())
    code, again, _ = cli("match", "greedy", "random", "--games", "8", "--seed", "2", "--no-timing")
    assert again == quiet  # the same output every run without the timings


def test_json_has_the_schema_and_the_model(cli):
    code, out, _ = cli("match", "greedy", "greedy", "--games", "20", "--variant", "five-card", "--json")
    s = json.loads(out)
    assert code == 0 and s["schema_version"] == 1 and s["command"] == "match" and s["variant"] == "five-card"
    assert s["games"] == 20 and s["pairs"] == 10 and s["kernel"] is True and "whole-game kernel" in s["model"]["description"] and s["model"]["assumes"]
    assert 0 <= s["win_rate"] <= 1 and 0 <= s["win_rate_raw"] <= 1 and 0 <= s["first_dealer_win_rate"] <= 1
    assert s["skunks"]["name"] == "lurch" and [p["player"] for p in s["speed"]] == ["greedy", "greedy"]
    code, out, _ = cli("match", "greedy", "greedy", "--games", "20", "--json", "--no-timing")
    assert "speed" not in json.loads(out) and "milliseconds" not in json.loads(out)


@pytest.mark.parametrize("argv", [["match", "greedy", "random", "--games", "4"],
                                  ["match", "greedy", "greedy", "--games", "40", "--variant", "five-card"]])
def test_json_follows_the_one_schema(cli, argv):
    """The package's JSON rules (tests/presentation/test_json_output.py): every float a sampled figure with its
    _se; timings are whole numbers (microseconds, milliseconds, decisions a second)."""
    import test_json_output as schema

    schema.test_every_json_object_follows_the_schema(cli, argv)


def test_out_writes_every_record_and_the_summary(cli, tmp_path):
    out = tmp_path / "games"
    code, text, err = cli("match", "greedy", "random", "--games", "6", "--out", str(out))
    assert code == 0 and err.splitlines() == [f"wrote {out / name}" for name in ("games.jsonl", "summary.json",
                                                                                 "crib-stats-index.md")]
    records = list(read_records(out / "games.jsonl"))
    assert len(records) == 6 and [r["deck"] for r in records] == [0, 0, 1, 1, 2, 2]
    for r in records:
        validate(r)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["command"] == "match" and summary["games"] == 6
    assert "games.jsonl" in (out / "crib-stats-index.md").read_text()


def test_a_second_match_into_the_folder_refuses_without_force(cli, tmp_path):
    """#48 item 10: a second run into a folder holding an earlier match's records replaced them
    without a word; now it is one line naming the earlier match, exit 2, nothing written, unless
    --force."""
    out = tmp_path / "games"
    code, _, _ = cli("match", "greedy", "random", "--games", "6", "--out", str(out))
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    for games in ("4", "6"):  # another match, or the same one again
        code, text, err = cli("match", "greedy", "random", "--games", games, "--out", str(out))
        assert code == 2 and text == "" and err.count("\n") == 1, err
        assert f"games.jsonl holds an earlier run's output (crib-stats match greedy random --games 6 --seed 0 " \
               "--variant six-card --out DIR); --force replaces it" in err
        assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    code, _, err = cli("match", "greedy", "random", "--games", "4", "--out", str(out), "--force")
    assert code == 0 and len(list(read_records(out / "games.jsonl"))) == 4 and "wrote" in err


def test_out_never_replaces_a_foreign_file_without_force(cli, tmp_path):
    (tmp_path / "games.jsonl").write_text("mine\n")
    code, out, err = cli("match", "greedy", "random", "--games", "2", "--out", str(tmp_path))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "games.jsonl exists" in err
    assert (tmp_path / "games.jsonl").read_text() == "mine\n"
    code, _, _ = cli("match", "greedy", "random", "--games", "2", "--out", str(tmp_path), "--force")
    assert code == 0 and len(list(read_records(tmp_path / "games.jsonl"))) == 2


@pytest.mark.parametrize("argv, says", [
    (["greedy", "random", "--games", "3"], "--games must be an even number from 2 to 200,000"),
    (["greedy", "random", "--games", "0"], "--games must be an even number from 2 to 200,000"),
    (["greedy", "random", "--games", "1"], "--games must be an even number from 2 to 200,000"),
    # #48 item 3: this one was accepted, printed nothing for 10 minutes and grew past 1.3 GB
    (["greedy", "random", "--games", "10000000000000000000000"], "got 10000000000000000000000"),
    (["greedy", "greedy", "--games", "200002"], "--games must be an even number from 2 to 200,000"),
    (["greedy", "random", "--games", "ten"], "--games takes a whole number"),
    (["greedy", "random"], "the following arguments are required: --games"),
    (["greedy", "nobody", "--games", "2"], "unknown player 'nobody'"),
    (["greedy", "exec:", "--games", "2"], "give the command after exec:"),
    # #48 item 9: the choices are what match plays
    (["greedy", "random", "--games", "2", "--variant", "seven-card"],
     "match: --variant: unknown variant 'seven-card'; choose one of six-card, five-card, three-player, four-player"),
    # #50: the players are one a side; the target is one the variant is played to
    (["greedy", "random", "--games", "3", "--variant", "three-player"], "the three-player game takes 3 players, got 2"),
    (["greedy", "random", "points", "--games", "2"], "the six-card game takes 2 players, got 3"),
    (["greedy", "random", "points", "--games", "4", "--variant", "four-player"],
     "the four-player game takes two players (each plays both seats of its partnership), got 3"),
    (["greedy", "random", "random", "--games", "4", "--variant", "three-player"], "a multiple of 3 from 3"),
    # #51: the search plays two hands; refused before a game, not forfeited in one
    (["greedy", "search:300", "random", "--games", "3", "--variant", "three-player"],
     "match: search:300 plays the two-player games only, not three-player"),
    (["search", "greedy", "--games", "2", "--variant", "four-player"],
     "match: search plays the two-player games only, not four-player"),
    (["greedy", "random", "--games", "2", "--target", "100"],
     "match: --target: the six-card game is played to 121, 91, 61, not 100"),
    (["greedy", "random", "--games", "2", "--variant", "five-card", "--target", "121"],
     "match: --target: the five-card game is played to 61, not 121"),
    (["greedy", "random", "--games", "2", "--target", "many"], "--target takes a whole number"),
    (["greedy", "random", "--games", "2", "--time-limit", "0"], "--time-limit must be a positive number"),
    (["greedy", "random", "--games", "2", "--time-limit", "soon"], "--time-limit takes a number of seconds"),
    (["greedy", "random", "--games", "4", "--shards", "3"], "--shards must be 1 to 2"),
    (["greedy", "random", "--games", "2", "--seed", "-1"], "--seed must be at least 0"),
    (["greedy", "random", "--games", "2", "--force"], "--force goes with --out DIR"),
    (["greedy", "random", "--games", "2", "--workers", "2"], "--workers goes with --scheduler local"),
    (["greedy", "random", "--games", "2", "--scheduler", "nowhere"], "scheduler must be local or a Dask address"),
])
def test_bad_input_is_one_line_and_exit_2(cli, tmp_path, argv, says):
    code, out, err = cli("match", *argv, "--out", str(tmp_path / "o")) if "--force" not in argv else cli("match", *argv)
    assert code == 2 and out == "", (out, err)
    assert len(err.splitlines()) == 1 and says in err, err
    assert not (tmp_path / "o").exists()  # nothing written, not even the folder


def test_help_has_examples(capsys):
    from crib_stats.presentation.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["match", "--help"])
    out = capsys.readouterr().out
    assert stop.value.code == 0 and "examples:" in out and "crib-stats match greedy random --games 200" in out
    assert "--time-limit" in out and "exec:COMMAND" in out
    from crib_stats.match.run import MAX_GAMES

    assert f"from 2 to {MAX_GAMES:,}" in out  # the bound is stated where --games is


def test_the_largest_match_is_played():
    """The bound is the committed greedy matches' size: play_match accepts it (checked, not played)
    and refuses one pair more."""
    from crib_stats.match.run import MAX_GAMES, MatchError, check

    v, shards = check(("greedy", "greedy"), MAX_GAMES, 0, "six-card", None, None)
    assert (v.name, shards) == ("six-card", 100)
    with pytest.raises(MatchError, match="from 2 to 200,000"):
        check(("greedy", "greedy"), MAX_GAMES + 2, 0, "six-card", None, None)
    with pytest.raises(MatchError, match="a multiple of 3 from 3 to 199,998"):
        check(("greedy", "greedy", "random"), 20, 0, "three-player", None, None)


from terminal import FakeTerminal as _Tty  # noqa: E402

def test_a_match_draws_its_progress_on_a_terminal_only(cli, monkeypatch):
    """#48 item 3: on a terminal a match draws its bar of shards (console.progress_bar, the bar of
    every long command) from the start; off a terminal (a file, a pipe, the tests) stderr stays
    empty."""
    code, _, err = cli("match", "greedy", "random", "--games", "8", "--shards", "4")
    assert code == 0 and err == ""
    tty = _Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    code, out, _ = cli("match", "greedy", "random", "--games", "8", "--shards", "4", "--fresh")
    assert code == 0 and out.startswith("match: greedy (A) against random (B)")
    frames = [f for f in tty.text.split("\r") if f]
    assert frames[0].startswith("match greedy - random [") and " 0/4 shards" in frames[0]
    assert " 4/4 shards" in frames[-1] and frames[-1].endswith("\n")
