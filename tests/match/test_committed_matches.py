"""The committed matches (data/match_results.json, data/match_games.npz; read by
crib_stats.match.committed, played by the study studies/matches.py):
their figures are their rows', each planned match reaches its standard error, greedy's first
dealer wins as often as the board says, a reduced run of each match is the committed one's first
games exactly (the code has not drifted from the data), and the files are the index's."""

from __future__ import annotations

import math

import numpy as np
import pytest

from crib_stats.core.data import data_file
from crib_stats.match.committed import GAMES, MATCHES, RESULTS, board_first_dealer, committed
from studies.matches import CommittedMatch
from crib_stats.match.rows import G_A_WON, G_ROTATION, G_WINNER

SE_TARGET = 0.01
TARGETED = ("engine-greedy", "points-greedy", "engine-points", "greedy-random", "engine-greedy-91", "engine-greedy-61",
            "engine-greedy-five-card", "engine-greedy-four-player", "engine-greedy-three-player")
ENGINE = ("engine-greedy", "engine-points")
TIMING = ("speed", "milliseconds", "shards_computed", "shards")


@pytest.fixture(scope="module")
def stored():
    return committed()


def present(stored, key):
    if key not in stored:  # planned: test_the_readme_the_notebook_and_the_index_say_which_matches_are_committed
        pytest.skip(f"{key} is planned, not committed yet: the lead runs it (studies.matches."
                    f"regenerate('crib_stats/data', only=[{key!r}]), most of an hour or more)")
    return stored[key]


def test_the_files_are_the_indexs():
    index = data_file("crib-stats-index.md").read_text()
    for name in (RESULTS, GAMES):
        assert data_file(name, must_exist=True).is_file() and f"`{name}`" in index


@pytest.mark.parametrize("key", list(MATCHES))
def test_the_figures_are_their_rows(stored, key):
    m = present(stored, key)
    again = m.summary()
    want = {k: v for k, v in m.entry["summary"].items() if k not in TIMING}
    got = {k: v for k, v in again.items() if k not in TIMING}
    assert got == want
    p = MATCHES[key]
    assert (m.players, m.variant, m.rules, m.entry["pairs"], m.rows.shape[0]) == (
        p.players, p.variant, p.rules, p.pairs, p.games)
    if len(p.players) == 2:  # the paired win rate by hand: each deck pair's share of A's wins, averaged
        w = m.rows[:, G_A_WON].reshape(-1, 2).mean(axis=1)
        assert again["win_rate"] == pytest.approx(w.mean()) and again["win_rate_se"] == pytest.approx(
            w.std(ddof=1) / math.sqrt(len(w)))
        return
    for i, seat in enumerate(again["by_seat"]):  # each seat's share by hand: the winner's seat is its player + r
        w = (((m.rows[:, G_WINNER] + m.rows[:, G_ROTATION]) % 3) == i).reshape(-1, 3).mean(axis=1)
        assert seat["win_rate"] == pytest.approx(w.mean()) and seat["win_rate_se"] == pytest.approx(
            w.std(ddof=1) / math.sqrt(len(w)))
    assert sum(s["win_rate"] for s in again["by_seat"]) == pytest.approx(1)


# issue 51: the search against greedy, points and the engine at two budgets, to 0.015
SEARCHED = ("search1500-greedy", "search300-greedy", "search1500-points", "search300-points", "engine-search1500",
            "engine-search300")


@pytest.mark.parametrize("key", TARGETED + SEARCHED)
def test_each_planned_match_reaches_its_standard_error(stored, key):
    s = present(stored, key).summary()
    if key in SEARCHED:
        assert s["win_rate_se"] <= 0.015 and 0 <= s["win_rate"] <= 1
        assert s["forfeits"]["by_a"] + s["forfeits"]["by_b"] == 0
        return
    if "by_player" in s:  # three players: A's share of the wins over each deck's three rotations
        a = s["by_player"][0]
        assert a["win_rate_se"] <= SE_TARGET and 0 <= a["win_rate"] <= 1
        assert s["forfeits"]["games"] == 0
        return
    assert s["win_rate_se"] <= SE_TARGET and 0 <= s["win_rate"] <= 1
    assert s["forfeits"]["by_a"] + s["forfeits"]["by_b"] == 0


BOARDED = ("greedy-greedy", "greedy-greedy-five-card", "greedy-greedy-91", "greedy-greedy-61",
           "greedy-greedy-four-player")  # greedy pairs (sides) with a board
BOARDED3 = ("greedy-greedy-three-player", "greedy-greedy-three-player-61")  # three greedy players, a board each


def seats_agree_with_the_board(summary, target):
    """Each seat's share of three greedy players' wins against the committed three-player board's
    P(win) from the start (the first dealer, on his left, on his right), within three of their
    joint standard errors."""
    from crib_stats.game.board3 import committed3

    h = committed3(target).headline()
    for seat, p, se in zip(summary["by_seat"], h["p_win"], h["p_win_se"]):
        assert abs(seat["win_rate"] - p) <= 3 * math.hypot(seat["win_rate_se"], se), (seat, p)


@pytest.mark.parametrize("key", BOARDED3)
def test_three_greedy_players_win_as_often_as_the_board_says(stored, key):
    seats_agree_with_the_board(present(stored, key).summary(), MATCHES[key].rules.target)


@pytest.mark.parametrize("key", BOARDED)
def test_greedys_first_dealer_wins_as_often_as_the_board_says(stored, key):
    """Two game model players in whole games against the board's P(win) at the start (the deal
    model's induction, no game played), the board of the match's own game (six-card to 121, 91
    and 61, the same deal model solved to each target; five-card to 61): within three of their
    joint standard errors. Both games of a greedy pair are one game, so A's paired rate is
    exactly 1/2."""
    s = present(stored, key).summary()
    rules = MATCHES[key].rules
    board, board_se = board_first_dealer(rules.name, rules.target)
    assert s["win_rate"] == 0.5 and s["win_rate_se"] == 0
    assert abs(s["first_dealer_win_rate"] - board) <= 3 * math.hypot(s["first_dealer_win_rate_se"], board_se)
    # a share's standard error is at most 1/2 over the root of the games it is of (a pair's first dealer: one)
    assert s["first_dealer_win_rate_se"] <= 0.5 / math.sqrt(s["first_dealer_pairs"]) * 1.01


@pytest.mark.parametrize("key, pairs", [
    ("greedy-greedy", 2000), ("greedy-greedy-five-card", 2000), ("greedy-random", 10), ("points-greedy", 2),
    ("greedy-greedy-91", 500), ("greedy-greedy-61", 500), ("greedy-greedy-four-player", 500),
    ("greedy-greedy-three-player", 500), ("greedy-greedy-three-player-61", 500), ("greedy-random-91", 5),
    ("greedy-random-61", 5), ("greedy-random-four-player", 3), ("greedy-random-three-player", 3),
    ("sloppy-greedy-muggins", 3), ("search1500-greedy", 2), ("search300-greedy", 2), ("search1500-search300", 1),
    ("search300-random", 2), ("search1500-random", 1), pytest.param("search1500-points", 1, marks=pytest.mark.slow),
    pytest.param("search300-points", 1, marks=pytest.mark.slow), pytest.param("points-random", 1, marks=pytest.mark.slow),
    pytest.param("engine-random", 1, marks=pytest.mark.slow), pytest.param("engine-search1500", 1, marks=pytest.mark.slow),
    pytest.param("engine-search300", 1, marks=pytest.mark.slow),
    pytest.param("engine-greedy", 1, marks=pytest.mark.slow), pytest.param("engine-points", 1, marks=pytest.mark.slow),
    pytest.param("engine-greedy-61", 1, marks=pytest.mark.slow), pytest.param("engine-greedy-91", 1, marks=pytest.mark.slow),
    pytest.param("engine-greedy-five-card", 1, marks=pytest.mark.slow),
    pytest.param("engine-greedy-four-player", 1, marks=pytest.mark.slow),
    pytest.param("engine-greedy-three-player", 1, marks=pytest.mark.slow)])
def test_a_reduced_run_is_the_committed_runs_first_games(stored, key, pairs, tmp_path):
    m = present(stored, key)
    got = CommittedMatch(key, pairs).run(cache_dir=tmp_path)
    assert np.array_equal(got["games"], m.rows[:len(m.players) * pairs].astype(np.int32))
    if key in BOARDED:  # the reduced run's first dealer agrees with the board too
        s = got["entry"]["summary"]
        board, board_se = board_first_dealer(MATCHES[key].rules.name, MATCHES[key].rules.target)
        assert abs(s["first_dealer_win_rate"] - board) <= 3 * math.hypot(s["first_dealer_win_rate_se"], board_se)
    if key in BOARDED3:
        seats_agree_with_the_board(got["entry"]["summary"], MATCHES[key].rules.target)


def manual_row(key: str, stored) -> str:
    """The manual's row of match ``key`` (docs/commands/match.md, "The committed matches"), from the committed data."""
    p = MATCHES[key]
    v = p.rules
    game = v.name + ("" if v.target == v.targets[0] else f" to {v.target}") + (" with muggins" if v.muggins else "")
    head = f"| `{key}` | {' vs '.join(p.players)}, {game} | {p.pairs:,} |"
    if key not in stored:
        return head + " planned, not yet run | | |"
    s, e = stored[key].summary(), stored[key].entry
    if len(p.players) == 3:  # A's share, then each seat's: first dealer, on his left, on his right
        seats = " / ".join(f"{100 * x['win_rate']:.2f}%" for x in s["by_seat"])
        a = s["by_player"][0]
        return head + f" {100 * a['win_rate']:.2f}% ± {100 * a['win_rate_se']:.2f} | {seats} | {s['deals_mean']:.2f} |"
    first = f"{100 * s['first_dealer_win_rate']:.2f}% ± {100 * s['first_dealer_win_rate_se']:.2f}"
    if "board_first_dealer" in e:
        first += f" (board {100 * e['board_first_dealer']['p_win']:.2f}%)"
    return head + f" {100 * s['win_rate']:.2f}% ± {100 * s['win_rate_se']:.2f} | {first} | {s['deals_mean']:.2f} |"


def test_the_manual_the_notebook_and_the_index_say_which_matches_are_committed(stored):
    """A planned match not played yet is listed as planned, and only then: the manual's table
    (its committed rows are the data's figures), the notebook's committed output and the index's
    description all agree with the data."""
    import json
    from pathlib import Path

    from crib_stats.match.committed import planned
    from studies.matches import contents

    root = Path(__file__).resolve().parents[2]
    page = (root / "docs" / "commands" / "match.md").read_text()
    for key in MATCHES:
        assert manual_row(key, stored) in page, key
    nb = json.loads((root / "notebooks" / "10_match.ipynb").read_text())
    printed = "".join("".join(o.get("text", "")) for o in nb["cells"][1]["outputs"]).splitlines()
    assert printed[0] == "committed: " + ", ".join(k for k in MATCHES if k in stored)
    assert [line.split(": ")[1].split(" ")[0] for line in printed[1:]] == planned(stored)
    assert all(line.startswith("planned, not committed yet: ") for line in printed[1:])
    index = data_file("crib-stats-index.md").read_text()
    for name in (RESULTS, GAMES):
        row = next(line for line in index.splitlines() if line.startswith(f"| `{name}` |"))
        assert row.rstrip(" |").endswith(contents(stored))
