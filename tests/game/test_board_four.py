"""The board for four players in partnership (``game --variant four-player``): the command in
every format and its bad input, the board's symmetries, and the board against whole games of
greedy partners (the committed match, and a reduced run of the whole-game kernel)."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from crib_stats.core.data import data_file
from crib_stats.game import board as gb
from crib_stats.game import model as gm


@pytest.fixture(scope="module")
def board():
    return gb.committed("four-player")


@pytest.fixture
def game(capsys):
    from crib_stats.presentation.cli import main

    def run(*argv):
        code = main(["game", "--variant", "four-player", *argv])
        out, err = capsys.readouterr()
        return code, out, err

    return run


def test_headline_speaks_of_sides(game, board):
    code, out, err = game()
    assert code == 0 and err == ""
    assert "four-player, to 121" in out and "first dealing side wins" in out and "±" in out
    assert "a side reaches 121" in out and "Colvert" not in out  # nobody published a four-player figure
    w, se = board.headline()["first_dealer_win"]
    assert f"{100 * w:.3f}% ± {100 * se:.3f}" in out
    assert se <= 0.005  # the brief's bound on the error at the start (0.5 percentage points)
    assert max(len(line) for line in out.splitlines()) <= 80


def test_a_position_each_side_and_every_format(game, board):
    code, out, _ = game("--at", "110", "104", "--dealer")
    assert code == 0
    assert out.startswith("== crib-stats game: four-player, your side at 110, their side at 104, your side deals next")
    p = board.position(110, 104, "dealer")
    assert f"{100 * p['p_win']:.3f}% ± {100 * p['p_win_se']:.3f}" in out
    code, out, _ = game("--at", "104", "110", "--pone", "--json")
    doc = json.loads(out)
    assert doc["variant"] == "four-player" and doc["at"] == {"mine": 104, "theirs": 110, "deals_next": "opponent"}
    assert doc["figures"]["p_win"]["p_win"] == pytest.approx(1 - p["p_win"], abs=1e-12)
    assert "a side reaches 121" in doc["model"]["assumes"]["end"]
    code, out, _ = game("--at", "110", "104", "--dealer", "--csv")
    header, row = out.strip().splitlines()
    cells = dict(zip(header.split(","), row.split(",")))
    assert cells["variant"] == "four-player" and float(cells["p_win"]) == p["p_win"]


def test_the_whole_table_as_csv(game):
    code, out, _ = game("--csv")
    assert code == 0 and len(out.splitlines()) == 1 + 121 * 121 * 2


@pytest.mark.parametrize("argv, words", [
    (["--at", "121", "104", "--dealer"], "MINE is 121: the game is over at 121"),
    (["--at", "110", "--dealer"], "expected 2 arguments"),
    (["--at", "110", "104", "7", "--dealer"], "three scores are for --variant three-player"),
    (["--at", "110", "104"], "say who deals next"),
    (["--target", "61"], "played to 121, not 61"),
    (["--discard", "equilibrium"], "six-card game"),
])
def test_bad_input_is_one_line(game, argv, words):
    code, out, err = game(*argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err


def test_only_the_throw_is_made_to_the_four_player_board(capsys):
    """discard --score throws to the four-player board (with a seat: tests/game/test_boardthrow_four.py);
    nothing plays to it: advise --score stays two-player (has_board)."""
    from crib_stats.model.variants import variant
    from crib_stats.presentation.cli import main

    assert not gb.has_board(variant("four-player")) and gb.has_throw_board(variant("four-player"))
    code = main(["discard", "5h", "6h", "7c", "jd", "qs", "--variant", "four-player", "--score", "110", "104",
                 "--dealer"])
    assert code == 2 and "say where you sit with --seat" in capsys.readouterr().err


def test_the_board_reads_as_probabilities(board):
    win = board.values[board.row("win")]
    assert (win >= 0).all() and (win <= 1).all()
    assert win[120, 0] == 1.0  # the dealing side at 120 pegs at least the go
    # a point more never hurts the dealing side, and the deal is worth something: both sides at 100
    assert (np.diff(win, axis=0) >= -3 * board.se[board.row("win")][1:] - 1e-12).all()
    assert win[100, 100] > 0.5


def test_the_board_agrees_with_the_committed_whole_games(board):
    """Greedy partners' self-play (the committed match ``greedy-greedy-four-player``: 10,000
    decks, each played twice with the seats swapped) against the board from the start: the first
    dealing side's share, the skunks and the deals a game, within 3 combined standard errors."""
    match = json.loads(data_file("match_results.json").read_text())["greedy-greedy-four-player"]["summary"]
    h = board.headline()
    w, se = h["first_dealer_win"]
    assert abs(match["first_dealer_win_rate"] - w) < 3 * math.hypot(match["first_dealer_win_rate_se"], se)
    assert abs(match["deals_mean"] - h["deals_mean"][0]) < 3 * math.hypot(match["deals_mean_se"], h["deals_mean"][1])
    n = match["pairs"]  # the independent games (each deck's two games are the same game)
    skunked = (match["skunks"]["by_a"] + match["skunks"]["by_b"]) / match["games"]
    any_skunk = h["skunk_any"][0]
    assert abs(skunked - any_skunk) < 3 * math.sqrt(any_skunk * (1 - any_skunk) / n)


def test_the_board_agrees_with_a_reduced_run_of_whole_games(board):
    """A reduced run: 3,000 whole games of the whole-game kernel (greedy partners, decks of a
    seed the committed match did not use), point by point to 121, against the board from the
    start (first dealing side's wins, skunks and deals, within 3.5 standard errors)."""
    from crib_stats.kernels import wholegames as kw
    from crib_stats.match.greedy_games import play_decks

    n = 3000
    games, _, _ = play_decks(7, np.arange(n), "four-player")
    first = (games[:, kw.W_WINNER] == 0).mean()  # seat 0 deals first: side 0
    w = board.headline()["first_dealer_win"][0]
    assert abs(first - w) < 3.5 * math.sqrt(w * (1 - w) / n), (first, w)
    deals = games[:, kw.W_DEALS]
    assert abs(deals.mean() - board.headline()["deals_mean"][0]) < 3.5 * deals.std(ddof=1) / math.sqrt(n)
    loser = np.where(games[:, kw.W_WINNER] == 0, games[:, kw.W_SCORE + 1], games[:, kw.W_SCORE])
    skunk = (loser < 91).mean()
    any_skunk = board.headline()["skunk_any"][0]
    assert abs(skunk - any_skunk) < 3.5 * math.sqrt(any_skunk * (1 - any_skunk) / n), (skunk, any_skunk)


def test_the_committed_model_is_four_hands(board):
    assert board.meta["variant"] == "four-player" and board.partners
    model, _ = gm.load(gm.committed_path("four-player"))
    seats = model.seat_means()
    assert float(seats["heels"][0]) == pytest.approx(2 * 4 / 52, abs=4 * seats["heels"][1])
