"""discard --score (issue #22): the board-throw kernel against its naive twin, the opponent's
strata and their ways, the errors (shrinking with the sample, honest across seeds), a separate
simulation of whole games from endgame positions, the whole-game measurement against its
committed data, and the command."""

from __future__ import annotations

import csv
import io
import json
import math
from itertools import combinations
from math import comb

import numpy as np
import pytest

import reference as ref
from crib_stats.core.cards import parse
from crib_stats.game import board as gb
from crib_stats.game import boardplay as bp
from crib_stats.game import throws as gt
from crib_stats.game.model import deal_inputs
from crib_stats.kernels import boardgames as kbg, boardthrow as kt

HAND = "5h 6h 7c jd qs kd"


def setup(cards, role, mine, theirs, variant="six-card"):
    """The kernel's inputs for one deal at one position (as score_throws builds them)."""
    k = deal_inputs(variant, "objective")
    b = gb.committed(variant)
    gm_in = (k["index"], k["rank_hand"], k["rank_crib"], k["throws"], k["hand_table"], k["crib_table"],
             k["rank_throws"])
    codes = np.array(sorted(c.code for c in parse(cards)), np.int64)
    unseen = np.array([c for c in range(52) if c not in set(codes.tolist())], np.int64)
    tab = gb.kernel_tables(b.values, b.se)
    my_role = 1 if role == "dealer" else 2
    keeps = gt.kernel_keeps(k["dealt"] - k["throws"].shape[1])
    mine_tab, rows, pre, done, _ = kt.deal_setup(codes, k["throws"], k["hand_table"], keeps, my_role, mine, theirs,
                                                 b.target, b.skunk, k["stop_at_go"], gm_in)
    prefix = (keeps, rows, pre, done, mine, theirs, k["stop_at_go"])
    return dict(k=k, b=b, gm_in=gm_in, codes=codes, unseen=unseen, common=(unseen, my_role, b.target, b.skunk, gm_in,
                mine_tab, prefix, tab), tab=tab,
                tables=tuple(b.values[b.row(n)] for n in ("win", "skunk_win", "skunk_loss")) + (b.se[b.row("win")],))


# ------------------------------------------------------------------------------------------
# the kernel against the twin
# ------------------------------------------------------------------------------------------


def test_deal_setup_is_the_separate_kernels():
    """score_throws' one set-up call returns what its parts return called one by one from
    Python: your tables, the keeps' row index, every kept multiset's play prefix, your throw."""
    for cards, role, mine, theirs in (("5h 6h 7c jd qs kd", "pone", 110, 112), ("ah 2c 3d 4s jh jc", "dealer", 0, 7)):
        s = setup(cards, role, mine, theirs)
        k, b, gm_in = s["k"], s["b"], s["gm_in"]
        my_role = 1 if role == "dealer" else 2
        keeps, rows, pre, done, _, _, stop = s["common"][6]
        mine_tab = kt.my_tables(s["codes"], k["throws"], k["hand_table"])
        for a, e in zip(s["common"][5], mine_tab):
            assert np.array_equal(a, e)
        assert np.array_equal(rows, kt.keep_rows(keeps)) and done.all()
        one_by_one = np.zeros_like(pre)
        for kk in range(keeps.shape[0]):
            kt.fill_prefix(kk, keeps, mine_tab[1], my_role, mine, theirs, b.target, b.skunk, stop, one_by_one)
        assert np.array_equal(pre, one_by_one)
        q = kt.deal_setup(s["codes"], k["throws"], k["hand_table"], keeps, my_role, mine, theirs, b.target, b.skunk,
                          stop, gm_in)[4]
        assert q == kt.objective_throw(s["codes"], my_role, gm_in)


def test_draws_match_twin():
    unseen = np.arange(6, 52, dtype=np.int64)
    out = np.zeros(6, np.int64)
    for seed, k in [(0, 0), (3, 17), (2**62 + 5, 10**6)]:
        kt.draw_hand(seed, k, unseen, 6, out)
        assert out.tolist() == ref.board_throw_hand(seed, k, unseen.tolist(), 6)
    ms, _ = gt.strata(6, unseen)
    by_rank = np.zeros((13, 4), np.int64)
    n_by_rank = np.zeros(13, np.int64)
    for c in unseen:
        by_rank[c >> 2, n_by_rank[c >> 2]] = c
        n_by_rank[c >> 2] += 1
    for seed, stratum, draw in [(0, 0, 0), (0, 5000, 1), (9, len(ms) - 1, 3)]:
        kt.suit_draw(seed, stratum, draw, ms[stratum], by_rank, n_by_rank, out)
        want = ref.board_throw_suits(seed, stratum, draw, ms[stratum].tolist(), unseen.tolist())
        assert out.tolist() == want
        assert np.array_equal(np.bincount(out >> 2, minlength=13), ms[stratum])


@pytest.mark.parametrize("variant, cards, role, mine, theirs", [
    ("six-card", HAND, "dealer", 118, 116),
    ("six-card", HAND, "pone", 115, 118),
    ("six-card", "ac 2d 3h 9s 10c kd", "pone", 96, 104),
    ("five-card", "5h 6h 7c jd qs", "pone", 55, 58),
])
def test_kernel_matches_twin(variant, cards, role, mine, theirs):
    """Per opponent hand, every throw's P(win), P(win with a skunk) and table error against the
    twin played point by point (strata at both ends and the middle, and one random hand)."""
    s = setup(cards, role, mine, theirs, variant)
    dealt = len(s["codes"])
    ms, _ = gt.strata(dealt, s["unseen"])
    by_rank = np.zeros((13, 4), np.int64)
    n_by_rank = np.zeros(13, np.int64)
    for c in s["unseen"]:
        by_rank[c >> 2, n_by_rank[c >> 2]] = c
        n_by_rank[c >> 2] += 1
    rows = np.array([0, len(ms) // 2, len(ms) - 1], np.int64)
    got = kt.stratum_values(7, 1, ms, rows, by_rank, n_by_rank, *s["common"])
    hands = [ref.board_throw_suits(7, int(r), 1, ms[r].tolist(), s["unseen"].tolist()) for r in rows]
    got = list(got) + list(kt.sampled_values(7, 3, 4, *s["common"]))
    hands.append(ref.board_throw_hand(7, 3, s["unseen"].tolist(), dealt))
    b = s["b"]
    for g, opp in zip(got, hands):
        want = ref.board_throw_twin(s["codes"].tolist(), opp, role, mine, theirs, s["tables"], variant, b.target,
                                    b.skunk)
        assert np.allclose(g, np.array(want), rtol=0, atol=1e-12), opp


def test_strata_are_every_hand_with_its_ways():
    """The strata's ways add up to every opponent hand, C(46, 6) (five-card C(47, 5)), and a
    stratum's ways are the hands of those ranks counted one by one."""
    for cards, dealt in ((HAND, 6), ("5h 6h 7c jd qs", 5)):
        held = {c.code for c in parse(cards)}
        unseen = np.array([c for c in range(52) if c not in held], np.int64)
        ms, ways = gt.strata(dealt, unseen)
        assert int(ways.sum()) == comb(len(unseen), dealt)
        for i in (0, 1234, len(ms) - 1):
            pool = [c for c in unseen.tolist() if ms[i][c >> 2] > 0]  # the cards of the stratum's ranks
            brute = sum(1 for h in combinations(pool, dealt)
                        if np.array_equal(np.bincount(np.array(h) >> 2, minlength=13), ms[i]))
            assert brute == ways[i], i


# ------------------------------------------------------------------------------------------
# the errors
# ------------------------------------------------------------------------------------------


def test_error_shrinks_with_the_sample():
    """Random hands, n vs 4n, against the stratified answer: the error about halves and both
    estimates are within their errors of it."""
    big = gt.score_throws(HAND, "pone", 117, 116)
    want = {t.throw: t.p_win for t in big.throws}
    small = gt.score_throws(HAND, "pone", 117, 116, hands=600, seed=3)
    large = gt.score_throws(HAND, "pone", 117, 116, hands=2400, seed=4)
    for t1 in small.throws:
        t4 = next(t for t in large.throws if t.throw == t1.throw)
        assert 0.3 < t4.p_win_se / t1.p_win_se < 0.75, (t1.throw, t1.p_win_se, t4.p_win_se)
        for t in (t1, t4):
            assert abs(t.p_win - want[t.throw]) < 4 * math.hypot(t.p_win_se, big.best.p_win_se), t.throw


def test_stratified_error_is_honest_across_seeds():
    """Two seeds' stratified answers differ by no more than their errors allow; every error
    is within the accuracy asked for."""
    a = gt.score_throws(HAND, "dealer", 118, 116, seed=1)
    b = gt.score_throws(HAND, "dealer", 118, 116, seed=2)
    assert a.best.throw == b.best.throw and a.differs and b.differs
    for ta in a.throws:
        tb = next(t for t in b.throws if t.throw == ta.throw)
        assert ta.p_win_se <= gt.DEFAULT_ACCURACY and tb.p_win_se <= gt.DEFAULT_ACCURACY
        assert abs(ta.p_win - tb.p_win) < 4 * math.hypot(ta.p_win_se, tb.p_win_se), ta.throw


# ------------------------------------------------------------------------------------------
# against whole games, played to the end without the board
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant, cards, role, mine, theirs", [
    ("six-card", HAND, "dealer", 118, 116),
    ("six-card", "2c 3d 4h 9s qc kd", "pone", 113, 117),
    ("six-card", "5c 5d 10h js qc 2d", "dealer", 119, 112),
    ("five-card", "5h 6h 7c jd qs", "pone", 55, 58),
])
def test_against_whole_games(variant, cards, role, mine, theirs):
    """The board's best throw, the points throw and the worst, each played out in 20,000 whole
    games (this deal's opponent and starter random, then random deals by points to the end: no
    board): each P(win) within its errors of the games', and the same best throw where the gap
    is clear."""
    a = gt.score_throws(cards, role, mine, theirs, variant)
    s = setup(cards, role, mine, theirs, variant)
    idx = {frozenset(s["codes"][list(ix)].tolist()): q
           for q, ix in enumerate(combinations(range(len(s["codes"])), 2))}
    n = 20_000
    sims = {}
    for t in {a.best.throw: a.best, a.points.throw: a.points, a.throws[-1].throw: a.throws[-1]}.values():
        q = idx[frozenset(c.code for c in t.throw)]
        wins, _ = kbg.games_from(11, n, s["codes"], q, 1 if role == "dealer" else 2, mine, theirs, s["gm_in"],
                                 s["b"].target, s["b"].skunk, s["k"]["stop_at_go"])
        p = wins / n
        se = math.sqrt(p * (1 - p) / n)
        assert abs(p - t.p_win) < 4 * math.hypot(se, t.p_win_se) + t.table_se, (t.throw, p, t.p_win)
        sims[t.throw] = (p, se)
    if a.differs and a.best.vs_points > 6 * math.sqrt(2) * max(se for _, se in sims.values()):
        assert sims[a.best.throw][0] > sims[a.points.throw][0]


# ------------------------------------------------------------------------------------------
# what playing to the board is worth: the committed games against the code
# ------------------------------------------------------------------------------------------


def test_committed_board_play_matches_the_code():
    """The first games of the committed measurement recomputed, and its summary from its rows."""
    games = bp.committed_games()
    summary = bp.committed()
    assert summary["games"] == games["rows"].shape[0] and summary["win_rate_se"] <= 0.003
    got = bp.BoardPlay.part(summary["seed"], 0, 4)
    assert np.array_equal(got["rows"], games["rows"][:4]) and np.array_equal(got["bands"], games["bands"][:4])
    again = bp.summarise(games["rows"], games["bands"], summary["seed"], summary["seconds"])
    assert json.loads(json.dumps(again)) == summary


def test_replayed_game_finds_the_recorded_changes():
    """A committed game in which A threw for the board, replayed deal by deal: as many changes
    as the kernel recorded, each a throw the points player would not make."""
    games = bp.committed_games()
    g = int(np.nonzero(games["rows"][:, kbg.G_FIRST_BAND] >= 0)[0][0])
    found = bp.changes(g, bp.committed()["seed"])
    assert len(found) == int(games["bands"][g, :, kbg.B_DIFFERS].sum()) > 0
    assert all(c["board_throw"] != c["points_throw"] and max(c["mine"], c["theirs"]) >= bp.BOARD_FROM for c in found)


# ------------------------------------------------------------------------------------------
# the command
# ------------------------------------------------------------------------------------------


def test_command_text_json_csv(cli):
    code, out, _ = cli("discard", *HAND.split(), "--dealer", "--score", "118", "116")
    assert code == 0 and "the board changes the throw: J♦ Q♠" in out and "6♥ 7♣" in out
    code, out, _ = cli("discard", *HAND.split(), "--pone", "--score", "0", "0", "--json", "--top", "2")
    d = json.loads(out)
    assert code == 0 and d["command"] == "discard" and d["score"] == {"mine": 0, "theirs": 0, "target": 121,
                                                                      "skunk_below": 91, "skunk_name": "skunk",
                                                                      "deals": "opponent"}
    assert d["rank_by"] == "board" and d["seed"] == 0 and len(d["throws"]) >= 2
    assert all(t["p_win_se"] <= 0.002 for t in d["throws"]) and "board" in d["error_covers"]
    code, out, _ = cli("discard", "5h", "6h", "7c", "jd", "qs", "--variant", "five-card", "--pone", "--score", "55",
                       "58", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and len(rows) == 10 and sum(r["points_throw"] == "true" for r in rows) == 1
    assert rows[0]["throw"] == "6♥ 7♣" and float(rows[0]["p_win"]) > float(rows[1]["p_win"])


@pytest.mark.parametrize("argv, words", [
    (["--dealer", "--score", "121", "100"], "the game is over at 121"),
    (["--pone", "--score", "100", "125"], "THEIRS is 125"),
    (["--pone", "--score", "-3", "100"], "impossible"),
    (["--pone", "--score", "x", "100"], "whole number"),
    (["--pone", "--score", "1", "2", "--pegging", "greedy"], "--pegging cannot go with --score"),
    (["--pone", "--score", "1", "2", "--crib-model", "hessel"], "--crib-model cannot go with --score"),
    (["--pone", "--seed", "3"], "go with --score"),
    (["--pone", "--score", "1", "2", "--accuracy", "0"], "--accuracy must be between 0 and 1"),
])
def test_command_bad_input(cli, argv, words):
    code, out, err = cli("discard", *HAND.split(), *argv)
    assert code == 2 and out == "" and words in err and err.count("\n") == 1, err
    code, _, err = cli("discard", "5h", "6h", "7c", "jd", "qs", "--variant", "five-card", "--dealer", "--score", "61",
                       "0")
    assert code == 2 and "the game is over at 61" in err
    code, _, err = cli("discard", "5h", "6h", "7c", "jd", "qs", "--variant", "three-player", "--dealer", "--score",
                       "1", "0")
    assert code == 2 and "three-player takes three scores" in err  # (tests/game/test_boardthrow_three.py)


def test_command_board_play(cli):
    s = bp.committed()
    code, out, _ = cli("game", "--board-play")
    assert code == 0 and f"A's win rate   {100 * s['win_rate']:.2f}% ± {100 * s['win_rate_se']:.2f}" in out
    code, out, _ = cli("game", "--board-play", "--json")
    assert code == 0 and json.loads(out)["board_play"] == s
    for argv, words in ((["--at", "1", "2", "--dealer"], "cannot go with --board-play"),
                        (["--seed", "3"], "go with --board-play GAMES"), (["3"], "come in pairs")):
        code, out, err = cli("game", "--board-play", *argv)
        assert code == 2 and out == "" and words in err and err.count("\n") == 1, err


@pytest.mark.slow  # over 2 s on 2 cores
def test_kernel_warmup():
    """Each module's warmup, in a fresh process, compiles (or loads) every kernel of it that Python
    calls. In a fresh process: a kernel loaded from the cache brings its callees' code with it but
    compiles none of them, so in a worker where earlier tests had called them this passed with
    board_decide, split and walk missing from boardgames.warmup (CI's cold worker failed)."""
    from test_policies import warmed_up

    assert warmed_up("boardthrow", "crib_stats.kernels.boardthrow", ["my_tables", "objective_throw", "keep_rows",
                                                                     "deal_setup", "sampled_values",
                                                                     "stratum_values"]) == []
    assert warmed_up("boardtable", "crib_stats.kernels.boardtable", ["table_values"]) == []
    assert warmed_up("boardgames", "crib_stats.kernels.boardgames", ["board_games", "games_from", "board_decide",
                                                                     "split", "walk"]) == []
    assert warmed_up("boardthrow3", "crib_stats.kernels.boardthrow3", ["table3_values"]) == []
