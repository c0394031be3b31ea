"""discard --score for four players in partnership (issue #53): the sampled-deals kernel
against its naive twin, the error across seeds, the seat, and the command in every format with
its bad input."""

from __future__ import annotations

import csv
import io
import json
import math

import numpy as np
import pytest

import reference as ref
import schemas
from crib_stats.core.cards import parse
from crib_stats.game import board as gb
from crib_stats.game import throws as gt
from crib_stats.kernels import boardtable, boardthrow as kt

HAND = "5h 6h 7c jd qs"


def common(cards, seat, mine, theirs):
    """The kernel's arguments after the seed and the range, as score_throws builds them."""
    k = gt.board_inputs("four-player")
    b = gb.committed("four-player")
    gm_in = (k["index"], k["rank_hand"], k["rank_crib"], k["throws"], k["hand_table"], k["crib_table"],
             k["rank_throws"])
    codes = np.array(sorted(c.code for c in parse(cards)), np.int64)
    unseen = np.array([c for c in range(52) if c not in set(codes.tolist())], np.int64)
    mine_tab = kt.my_tables(codes, k["throws"], k["hand_table"])
    tables = tuple(b.values[b.row(n)] for n in ("win", "skunk_win", "skunk_loss")) + (b.se[b.row("win")],)
    return (codes, unseen, tables, b,
            (unseen, gt.SEATS.index(seat), 4, b.target, b.skunk, gm_in, mine_tab, mine, theirs, False,
             gb.kernel_tables(b.values, b.se)))


@pytest.mark.parametrize("cards, seat, mine, theirs", [
    (HAND, "dealer", 110, 104),
    (HAND, "left", 116, 117),
    ("ac 2d 3h 9s kd", "partner", 118, 100),
    ("5c 5d 10h js qc", "right", 104, 112),
])
def test_kernel_matches_twin(cards, seat, mine, theirs):
    """Per sampled deal of the other three hands, every throw's P(win), P(win with a skunk) and
    table error against the twin played point by point round the table."""
    codes, unseen, tables, b, args = common(cards, seat, mine, theirs)
    got = boardtable.table_values(5, 10, 12, *args)
    for i, g in enumerate(got):
        drawn = ref.board_throw_hand(5, 10 + i, unseen.tolist(), 15)
        others = [drawn[0:5], drawn[5:10], drawn[10:15]]
        want = ref.board_throw_four_twin(codes.tolist(), others, gt.SEATS.index(seat), mine, theirs, tables, b.target,
                                         b.skunk)
        assert np.allclose(g, np.array(want), rtol=0, atol=1e-12), drawn


def test_seeds_agree_within_their_errors():
    """Two seeds' answers differ by no more than their errors allow; every error is within the
    accuracy asked for; exactly one throw is the points throw."""
    a = gt.score_throws(HAND, None, 112, 108, "four-player", seat="right", seed=1, accuracy=0.004)
    b = gt.score_throws(HAND, None, 112, 108, "four-player", seat="right", seed=2, accuracy=0.004)
    assert a.role == "pone" and a.seat == "right" and a.starters == 32 and len(a.throws) == 5
    for ta in a.throws:
        tb = next(t for t in b.throws if t.throw == ta.throw)
        assert ta.p_win_se <= 0.004 and tb.p_win_se <= 0.004
        assert abs(ta.p_win - tb.p_win) < 4 * math.hypot(ta.p_win_se, tb.p_win_se), ta.throw
    assert sum(t.points_throw for t in a.throws) == 1


def test_far_from_the_end_the_side_with_the_crib_is_ahead():
    """At 0-0 nothing ends this deal, so each throw's P(win) is the board's at the next position
    averaged over this deal: near the start's even odds, and higher for the same cards when the
    crib is your side's."""
    a = gt.score_throws(HAND, None, 0, 0, "four-player", seat="dealer", hands=2000)
    b = gt.score_throws(HAND, None, 0, 0, "four-player", seat="left", hands=2000)
    assert all(0.3 < t.p_win < 0.7 for t in a.throws + b.throws)
    assert a.best.p_win > b.best.p_win  # the same cards are worth more with your side's crib


@pytest.fixture
def cli(capsys):
    from crib_stats.presentation.cli import main

    def run(*argv):
        code = main(["discard", *HAND.split(), "--variant", "four-player", *argv])
        out, err = capsys.readouterr()
        return code, out, err

    return run


def test_command_text_json_csv(cli):
    code, out, err = cli("--seat", "partner", "--score", "110", "104", "--accuracy", "0.005")
    assert code == 0 and err == ""
    assert "four-player, you sit: the dealer's partner (your side's crib)" in out and "the other three seats" in out
    code, out, _ = cli("--seat", "left", "--pone", "--score", "116", "117", "--json", "--accuracy", "0.005")
    d = json.loads(out)
    schemas.check("json/discard.schema.json", d)
    assert d["score"]["seat"] == "left" and d["role"] == "pone" and d["score"]["deals"] == "their side"
    assert "the other three seats" in d["model"]["assumes"]["deal"] and len(d["throws"]) == 5
    code, out, _ = cli("--seat", "dealer", "--score", "100", "100", "--csv", "--accuracy", "0.005")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and len(rows) == 5 and {r["seat"] for r in rows} == {"dealer"}


@pytest.mark.parametrize("argv, words", [
    (["--dealer", "--score", "100", "100"], "say where you sit with --seat"),
    (["--seat", "left", "--dealer", "--score", "100", "100"], "--seat left means the other side deals"),
    (["--seat", "north", "--score", "100", "100"], "--seat: invalid choice"),
    (["--seat", "left", "--score", "121", "100"], "the game is over at 121"),
    (["--seat", "left", "--score", "100", "100", "--target", "61"], "played to 121, not 61"),
])
def test_command_bad_input(cli, argv, words):
    code, out, err = cli(*argv)
    assert code == 2 and out == "" and words in err and err.count("\n") == 1, err


def test_bad_input_elsewhere(capsys):
    from crib_stats.presentation.cli import main

    for argv, words in ((["discard", "5h", "6h", "7c", "jd", "qs", "ks", "--variant", "four-player", "--seat", "left",
                          "--score", "1", "2"], "deal"),
                        (["discard", *"5h 6h 7c jd qs kd".split(), "--seat", "left", "--score", "1", "2"],
                         "--seat goes with --variant three-player or four-player")):
        code = main(argv)
        out, err = capsys.readouterr()
        assert code == 2 and out == "" and words in err and err.count("\n") == 1, err
