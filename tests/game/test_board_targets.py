"""The board to every target a two-player game is played to (issue #53): the six-card game to 91
and 61 from the committed deal model, only the induction's target and skunk lines changing.
The board at each target against the naive recursion twin (tests/reference.py) on a reduced
deal model, its jackknife errors against the twin's leave-one-group boards, the boards solved on
demand against the induction and kept in the disk cache, every figure inside what it can be,
the commands (game, discard --score, advise --score with --target) and their refusals."""

from __future__ import annotations

import json

import numpy as np
import pytest

import reference as ref
from crib_stats.game import board as gb
from crib_stats.game import model as gm
from crib_stats.model.variants import SKUNK_LINES, variant
from test_board import kernel_scripts, model_of
from test_game_command import check_csv, check_json, check_text

HAND = "5h 6h 7c jd qs kd".split()
TARGETS = (61, 91)


@pytest.fixture(scope="module")
def scripts():
    return kernel_scripts(2, 0, 40)  # 40 real six-card deals, their points in the order scored


@pytest.mark.parametrize("target", TARGETS)
def test_the_board_at_each_target_is_the_recursion_twins(scripts, target):
    """gb.solve to ``target`` on the counts of 40 real deals (2 groups) equals a plain recursion
    over positions that plays each deal's script point by point to that target, with that
    target's skunk lines from the variant table: every figure, and each figure's jackknife error
    from the twin's two leave-one-group boards."""
    skunk, double = SKUNK_LINES[target]
    b = gb.solve(model_of(scripts), target=target)
    assert (b.target, b.skunk, b.double, b.values.shape) == (target, skunk, double, (8, target, target))
    twin = ref.board_induction_twin(tuple(map(tuple, scripts)), target, skunk, double)
    halves = [ref.board_induction_twin(tuple(map(tuple, s)), target, skunk, double)
              for s in (scripts[20:], scripts[:20])]  # group 0 left out, then group 1
    for a in range(0, target, 3):
        for c in range(0, target, 4):
            assert np.allclose(b.values[:7, a, c], twin(a, c), rtol=0, atol=1e-12), (a, c)
            loo = np.array([h(a, c) for h in halves])
            se = np.sqrt(0.5 * ((loo - loo.mean(axis=0)) ** 2).sum(axis=0))
            assert np.allclose(b.se[:7, a, c], se, rtol=0, atol=1e-12), (a, c)


@pytest.mark.parametrize("target", TARGETS)
def test_a_target_changes_the_board_only_through_the_induction(target, monkeypatch):
    """The board to ``target`` from the committed model (solved on demand, then read from the
    disk cache) is the induction's on the committed counts to that target; a process that finds
    it in the disk cache solves nothing."""
    model, rest = gm.load(gm.committed_path("six-card"))
    b = gb.committed("six-card", target=target)
    again = gb.solve(model, target=target)
    assert np.array_equal(b.values, again.values) and np.array_equal(b.se, again.se)
    assert np.array_equal(b.length, again.length)
    assert b.meta["deals"] == model.deals == 4_000_000 and b.seats == model.seat_means()
    values, se = gb.committed_tables("six-card", target=target)
    assert np.array_equal(values, b.values) and np.array_equal(se, b.se)
    assert values.shape[-1] == target and rest["values"].shape[-1] == 121
    assert gb.committed_meta("six-card") == model.meta()
    monkeypatch.setattr(gb, "_SOLVED", {})  # as in a new process
    monkeypatch.setattr(gb, "solve", lambda *a, **k: pytest.fail("solved again"))
    assert np.array_equal(gb.committed("six-card", target=target).values, b.values)


@pytest.mark.parametrize("target", TARGETS)
def test_every_figure_of_the_board_is_inside_what_it_can_be(target):
    b = gb.committed("six-card", target=target)
    for name, (lo, hi) in gb.BOUNDS.items():
        row = b.values[gb.ROWS.index(name)]
        assert lo <= row.min() and row.max() <= hi, name
    assert np.isfinite(b.values).all() and np.isfinite(b.se).all() and (b.se >= 0).all()
    w = b.values[b.row("win")]
    for mine in range(0, target, 5):
        for theirs in range(0, target, 7):
            me = b.position(mine, theirs, "dealer")
            them = b.position(theirs, mine, "pone")
            assert me["p_win"] + them["p_win"] == pytest.approx(1.0, abs=1e-12)
            assert me["p_win_skunk"] == them["p_skunked"]
            assert 0 <= me["p_win_skunk"] <= me["p_win"] <= 1
    # no skunk is possible once the loser is past the skunk line, nor a double with none to 61
    assert b.values[b.row("skunk_win"), :, b.skunk:].max() == 0
    if not b.double:
        assert b.values[b.row("double_win")].max() == 0 and b.values[b.row("double_loss")].max() == 0
    # the dealer is favoured from the start, and more so the longer the game (121's board: 0.5603)
    assert 0.5 < w[0, 0] < 0.6 and b.se[b.row("win"), 0, 0] < 0.001
    assert gb.committed("six-card", target=61).values[0, 0, 0] < gb.committed("six-card", target=91).values[0, 0, 0]


def test_has_board_for_every_two_player_target_and_no_other():
    for name, targets in (("six-card", (121, 91, 61)), ("five-card", (61,))):
        for t in targets:
            assert gb.has_board(variant(name, t)) and gb.has_board(variant(name, t, muggins=True))
    assert not gb.has_board(variant("three-player", 61)) and not gb.has_board(variant("four-player"))


@pytest.mark.parametrize("target", TARGETS)
def test_game_prints_the_board_to_its_target_in_every_format(cli, tmp_path, target):
    code, out, err = cli("game", "--target", str(target))
    assert code == 0 and err == ""
    assert f"six-card, to {target}" in out and f"reaches {target}" in out and "Colvert" not in out
    check_text(out)
    b = gb.committed("six-card", target=target)
    assert f"{100 * b.values[0, 0, 0]:7.3f}% ± {100 * b.se[0, 0, 0]:.3f}" in out
    code, out, _ = cli("game", "--target", str(target), "--json")
    doc = json.loads(out)
    check_json(doc)
    assert doc["model"]["target"] == target and doc["model"]["skunk_below"] == SKUNK_LINES[target][0]
    assert doc["published"] == [] and doc["figures"]["first_dealer_win"]["first_dealer_win"] == b.values[0, 0, 0]
    code, out, _ = cli("game", "--target", str(target), "--at", "35", "37", "--pone", "--json")
    pos = json.loads(out)
    assert pos["figures"]["p_win"]["p_win"] == pytest.approx(1 - b.values[0, 37, 35], abs=1e-12)
    code, out, _ = cli("game", "--target", str(target), "--at", str(target - 1), "0", "--dealer")
    assert code == 0 and f"six-card to {target}, you at {target - 1}" in out
    check_text(out)
    code, out, _ = cli("game", "--target", str(target), "--csv")
    rows = check_csv(out)
    assert len(rows) == 2 * target ** 2 and {r["target"] for r in rows} == {str(target)}
    code, out, _ = cli("game", "--target", str(target), "--out", str(tmp_path), "--plot", str(tmp_path / "b.png"))
    assert code == 0 and (tmp_path / f"game_table_six-card_to-{target}.csv").read_text().count("\n") == len(rows) + 1
    assert (tmp_path / "b.png").stat().st_size > 1000


def test_a_new_model_solved_to_a_target_is_written_and_read_back_to_it(cli, tmp_path):
    code, out, _ = cli("game", "--target", "61", "--deals", "400", "--seed", "2", "--json", "--out", str(tmp_path))
    assert code == 0 and json.loads(out)["model"]["target"] == 61
    model, rest = gm.load(tmp_path / "game_six-card_400-deals_seed-2_to-61.npz")
    b = gb.from_arrays(model, rest)
    assert (b.target, b.skunk, b.double) == (61, 31, 0)
    assert np.array_equal(b.values, gb.solve(model, target=61).values)
    assert (tmp_path / "game_table_six-card_400-deals_seed-2_to-61.csv").exists()


def test_the_default_target_is_the_committed_board(cli):
    assert cli("game", "--target", "121")[1] == cli("game")[1]
    assert cli("game", "--variant", "five-card", "--target", "61")[1] == cli("game", "--variant", "five-card")[1]


@pytest.mark.parametrize("argv, words", [
    (["game", "--target", "100"], "game --target: the six-card game is played to 121, 91, 61, not 100"),
    (["game", "--target", "61", "--at", "61", "0", "--dealer"], "MINE is 61: the game is over at 61"),
    (["game", "--target", "91", "--at", "3", "95", "--pone"], "THEIRS is 95: the game is over at 91"),
    (["game", "--variant", "five-card", "--target", "91"], "the five-card game is played to 61, not 91"),
    (["game", "--variant", "three-player", "--target", "91"], "the three-player game is played to 121, 61, not 91"),
    (["game", "--target", "sixty"], "--target takes a whole number"),
    (["game", "--target", "61", "--board-play"], "--target and --discard cannot go with --board-play"),
    (["discard", *HAND, "--pone", "--target", "61"], "discard: --target goes with --score"),
    (["discard", *HAND, "--pone", "--score", "61", "0", "--target", "61"], "MINE is 61: the game is over at 61"),
    (["discard", *HAND, "--pone", "--score", "6", "0", "--target", "62"], "discard --target: the six-card game is "
                                                                          "played to 121, 91, 61, not 62"),
    (["advise", *HAND, "--throw", "qs", "kd", "--starter", "4c", "--dealer", "--target", "61"],
     "advise: --target goes with --score"),
    (["advise", *HAND, "--throw", "qs", "kd", "--starter", "4c", "--dealer", "--score", "90", "91", "--target", "91"],
     "THEIRS is 91: the game is over at 91"),
])
def test_a_position_off_the_board_or_a_target_not_played_is_one_line(cli, tmp_path, argv, words):
    code, out, err = cli(*argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err, err


@pytest.mark.parametrize("target", TARGETS)
def test_discard_and_advise_for_the_board_to_a_target(cli, target):
    """discard --score --target ranks the throws on the board to that target (its JSON says so);
    advise --score --target values each card on it: near the end of a game to 61 the same score is
    another game than at 121."""
    from crib_stats.game.advise import advise
    from crib_stats.game.throws import score_throws

    mine, theirs = target - 9, target - 12
    code, out, _ = cli("discard", *HAND, "--pone", "--score", str(mine), str(theirs), "--target", str(target),
                       "--json", "--top", "3")
    doc = json.loads(out)
    check_json(doc)
    assert code == 0 and doc["score"]["target"] == target and doc["score"]["skunk_below"] == SKUNK_LINES[target][0]
    a = score_throws(HAND, "pone", mine, theirs, target=target)
    assert doc["throws"][0]["p_win"] == a.best.p_win and a.target == target
    at_121 = score_throws(HAND, "pone", mine, theirs)
    assert a.best.p_win != at_121.best.p_win
    argv = ["advise", *HAND, "--throw", "qs", "kd", "--starter", "4c", "--dealer", "--played", "10s",
            "--score", str(mine), str(theirs), "--target", str(target)]
    code, out, _ = cli(*argv, "--json")
    doc = json.loads(out)
    check_json(doc)
    assert code == 0 and doc["target"] == target and doc["score"] == [mine, theirs]
    adv = advise(HAND, "qs kd", "4c", "dealer", "10s", score=(mine, theirs), target=target)
    assert [p["p_win"] for p in doc["plays"]] == [p.p_win for p in adv.plays]
    assert [p.p_win for p in adv.plays] != [p.p_win for p in advise(HAND, "qs kd", "4c", "dealer", "10s",
                                                                    score=(mine, theirs)).plays]
    code, out, _ = cli(*argv)
    assert f"score: you {mine}, the opponent {theirs} (to {target})" in out
    check_text(out)

