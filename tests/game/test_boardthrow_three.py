"""discard --score for three players (issue #53): the sampled-deals kernel against its naive
twin, the seats and scores it is given, two seeds within their errors, the engine's throw, and
the command in every format with its bad input."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import reference as ref
from crib_stats.core.cards import parse
from crib_stats.game import throws as gt
from crib_stats.game import throws3 as gt3
from crib_stats.kernels import boardthrow as kt
from crib_stats.kernels import boardthrow3 as kt3

HAND = "5h 6h 7c jd qs"


def args(cards, seat, scores, tab, target, skunk):
    """The kernel's arguments after the seed and the range, as score_throws3 builds them."""
    k = gt.board_inputs("three-player")
    gm_in = (k["index"], k["rank_hand"], k["rank_crib"], k["throws"], k["hand_table"], k["crib_table"],
             k["rank_throws"])
    codes = np.array(sorted(c.code for c in parse(cards)), np.int64)
    unseen = np.array([c for c in range(52) if c not in set(codes.tolist())], np.int64)
    mine_tab = kt.my_tables(codes, k["throws"], k["hand_table"])
    return codes, unseen, (unseen, gt3.SEATS3.index(seat), np.array(scores, np.int64), target, skunk, gm_in,
                           mine_tab, tab)


@pytest.fixture(scope="module")
def random_board():
    """A board of random figures to 61 (the kernel reads it; what it holds does not matter to the twin)."""
    return np.random.default_rng(7).random((61, 61, 61, 9)).astype(np.float32)


@pytest.mark.parametrize("cards, seat, scores", [
    (HAND, "dealer", (50, 55, 45)),
    (HAND, "left", (56, 52, 58)),
    ("ac 2d 3h 9s kd", "right", (20, 59, 27)),
    ("5c 5d 10h js qc", "dealer", (40, 44, 48)),
    (HAND, "left", (20, 59, 57)),  # you below the skunk line when another ends the game
])
def test_kernel_matches_twin(cards, seat, scores, random_board):
    """Per sampled deal of the other two hands and the pack's card, every throw's P(win),
    P(skunked) and table error against the twin played point by point round the table."""
    codes, unseen, a = args(cards, seat, scores, random_board, 61, 31)
    got = kt3.table3_values(5, 10, 13, *a)
    for i, g in enumerate(got):
        drawn = ref.board_throw_hand(5, 10 + i, unseen.tolist(), 11)
        want = ref.board_throw_three_twin(codes.tolist(), [drawn[0:5], drawn[5:10]], drawn[10],
                                          gt3.SEATS3.index(seat), scores, random_board, 61, 31)
        assert np.allclose(g, np.array(want), rtol=0, atol=1e-9), drawn


def test_the_scores_are_read_round_the_table():
    """Your score, the left's and the right's go to the turns they sit at: seen from the dealer
    and from his left, one position gives the same deal the same P(win) for the seat that holds
    it (the sampled deals differ, so within their errors), and a seat a point from the target
    that leads wins outright."""
    a = gt.score_throws(HAND, None, 60, 10, "three-player", seat="left", right=20, target=61, hands=64)
    assert a.best.p_win == 1.0 and a.best.p_win_se == 0.0  # the leader pegs before anyone can
    # the same scores from the dealer, at 10, with his left at 60: the left shows first and wins
    b = gt.score_throws(HAND, None, 10, 60, "three-player", seat="dealer", right=20, target=61, hands=64)
    assert b.best.p_win < 0.02 and b.role == "dealer" and b.right == 20


def test_seeds_agree_within_their_errors():
    a = gt.score_throws(HAND, None, 100, 100, "three-player", seat="right", right=95, seed=1, accuracy=0.004)
    b = gt.score_throws(HAND, None, 100, 100, "three-player", seat="right", right=95, seed=2, accuracy=0.004)
    assert a.role == "pone" and a.seat == "right" and a.right == 95 and a.starters == 36 and len(a.throws) == 5
    for ta in a.throws:
        tb = next(t for t in b.throws if t.throw == ta.throw)
        assert ta.p_win_se <= 0.004 and tb.p_win_se <= 0.004
        assert abs(ta.p_win - tb.p_win) < 4 * math.hypot(ta.p_win_se, tb.p_win_se), ta.throw
    assert sum(t.points_throw for t in a.throws) == 1
    assert all(0 <= t.p_skunk <= 1 and math.isnan(t.game_points) for t in a.throws)


def test_far_from_the_end_it_is_the_board_after_the_deal():
    """At 0-0-0 nothing ends this deal: each throw's P(win) is the board's after it, near the
    seat's share at the start (the first dealer's 40.6%; after his deal he sits on the right of
    the next dealer)."""
    from crib_stats.game.board3 import committed3

    a = gt.score_throws(HAND, None, 0, 0, "three-player", seat="dealer", right=0, hands=2000)
    start = committed3().headline()["p_win"][0]
    assert all(abs(t.p_win - start) < 0.08 for t in a.throws)
    assert 0 <= a.best.table_se < 0.01


@pytest.mark.parametrize("argv, words", [
    (["--score", "100", "100", "--seat", "left"], "three-player takes three scores"),
    (["--score", "100", "100", "95", "--dealer"], "say where you sit with --seat"),
    (["--score", "100", "100", "95"], "say whose crib it is"),
    (["--score", "100", "100", "95", "--seat", "partner"], "--seat must be dealer, left or right"),
    (["--score", "100", "121", "95", "--seat", "left"], "LEFT is 121: the game is over"),
    (["--score", "100", "100", "95", "--seat", "left", "--dealer"], "--seat left means another deals, not --dealer"),
])
def test_bad_input_is_one_line(capsys, argv, words):
    from crib_stats.presentation.cli import main

    assert main(["discard", *HAND.split(), "--variant", "three-player", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and words in err, err


def test_the_command_in_every_format(capsys):
    from crib_stats.presentation.cli import main

    base = ["discard", *HAND.split(), "--variant", "three-player", "--score", "100", "104", "95", "--seat", "right",
            "--accuracy", "0.01"]
    assert main(base) == 0
    out = capsys.readouterr().out
    assert "you sit: the dealer's right" in out and "you 100, on your left 104, on your right 95" in out
    assert "P(skunked)" in out and max(len(line) for line in out.splitlines()) <= 100
    assert main(base + ["--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["score"]["seat"] == "right" and doc["score"]["left"] == 104 and doc["score"]["right"] == 95
    assert all(t["game_points"] is None and 0 <= t["p_win"] <= 1 for t in doc["throws"])
    assert main(base + ["--csv"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 6 and lines[0].endswith(",seat,right,p_skunked,p_skunked_se")
    rows = [dict(zip(lines[0].split(","), line.split(","))) for line in lines[1:]]
    assert all(r["game_points"] == "" and r["p_win_skunk"] == "" and 0 <= float(r["p_skunked"]) <= 1 for r in rows)
    # the cards may follow the scores, as they could when --score took two
    assert main(["discard", "--variant", "three-player", "--score", "100", "104", "95", *HAND.split(), "--seat",
                 "right", "--accuracy", "0.01", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["throws"] == doc["throws"]


@pytest.mark.parametrize("seat", gt3.SEATS3)
def test_throwing_as_the_model_does_gives_the_board_back(seat):
    """The board at a position is the deal model's expectation from it: a seat dealt at random
    that throws by the model's own objective (as every seat of the model does) wins, averaged
    over its hands and the kernel's deals, as often as the committed board says at that position
    for its turn (within four standard errors). Independent of the twin: a wrong rotation of the
    turns into the next deal, or a wrong seat, is off by tenths."""
    target, scores = 121, (50, 60, 40)  # by turn: the dealer's left, his right, the dealer
    tab, _ = gt3.board_table3(target)
    k, gm_in, *_ = gt.deal_arrays("three-player", parse(HAND))
    turn = gt3.SEATS3.index(seat)
    rng = np.random.default_rng(11 + turn)
    wins = []
    for hand in range(300):
        codes = np.sort(rng.choice(52, 5, replace=False)).astype(np.int64)
        unseen = np.array([c for c in range(52) if c not in set(codes.tolist())], np.int64)
        mine_tab = kt.my_tables(codes, k["throws"], k["hand_table"])
        q = int(kt.objective_throw(codes, 1 if seat == "dealer" else 2, gm_in))
        vals = kt3.table3_values(hand, 0, 4, unseen, turn, np.array(scores, np.int64), target, 91, gm_in, mine_tab,
                                 tab)
        wins.append(vals[:, q, kt.V_WIN].mean())
    wins = np.array(wins)
    board = float(tab[scores][turn])
    assert abs(wins.mean() - board) < 4 * wins.std(ddof=1) / math.sqrt(len(wins)), (wins.mean(), board)
