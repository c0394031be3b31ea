"""The three-player board (``game --variant three-player``): the deal model's kernel against its
naive twin (the deal played by the rule book, the counts point by point), the committed model
reproduced by a reduced run, both inductions against plain recursions, the board against whole
games of greedy players, and the command in every format with its bad input."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import reference as ref
from crib_stats.game import board3 as gb3
from crib_stats.game import model3 as gm3
from crib_stats.kernels import board3 as kb3
from crib_stats.kernels.game import NEEDS
from crib_stats.kernels.game3 import B3


def kernel_scripts3(seed, lo, hi):
    return [s["events"] for s in gm3.scripts3(seed, lo, hi)]


@pytest.mark.slow  # over 2 s on 2 cores (the exact discard evaluations of the twin)
def test_deal_scripts_match_twin():
    """Every event (which turn scores how much, in order) and every per-turn figure of deal 9 (his
    heels; the throws are the whole games' kernel's, tested there too): the kernel against the plain-Python deal (the exact discard.evaluate of the
    three-player game, greedy round the table, the hands from the dealer's left, the crib of
    three throws and the pack's card)."""
    for k in (9,):
        (g,) = gm3.scripts3(11, k, k + 1)
        events, figures = ref.board_deal_three(ref.board_deal_cards(11, k, 17))
        assert g["events"] == ref.board_merge(events), k
        assert {n: g[n] for n in figures} == figures, k
    assert gm3.scripts3(11, 9, 10)[0]["heels"] == 2


def _dense(model):
    hist = {tuple(int(v) for v in c): int(x) for c, x in zip(model.cells, model.hist.sum(axis=0))}
    k = model.first_keys
    keys = zip(k // (B3 * B3 * NEEDS), (k // (B3 * B3)) % NEEDS, (k // B3) % B3, k % B3)
    first = {tuple(int(v) for v in key): int(x) for key, x in zip(keys, model.first.sum(axis=0))}
    return hist, first


def test_counts_match_twin():
    """The kernel's sparse counts of 2000 deals equal the twin's tallies of the kernel's scripts,
    and the per-turn sums the scripts' figures."""
    seed, n = 5, 2000
    m = gm3.deal_model3(n, seed, groups=2, cache_dir=False)
    scripts = kernel_scripts3(seed, 0, n)
    assert _dense(m) == ref.board_counts3(scripts)
    figures = gm3.scripts3(seed, 0, n)
    for i, name in enumerate(gm3.STATS3):
        assert m.stats[:, i].sum() == sum(f[name] for f in figures)
        assert m.squares[:, i].sum() == sum(f[name] ** 2 for f in figures)


def test_every_deal_is_one_of_four_outcomes():
    """With needs (n0, n1, n2) a deal ends with exactly one turn first, or below every need."""
    m = gm3.deal_model3(1500, 3, groups=2, cache_dir=False)
    hist, first = _dense(m)
    for needs in [(1, 1, 1), (5, 9, 2), (17, 30, 40), (121, 121, 121), (3, 60, 12)]:
        total = sum(x for d, x in hist.items() if all(d[t] < needs[t] for t in range(3)))
        for (i, n, x, y), c in first.items():
            if n == needs[i] and x < needs[(i + 1) % 3] and y < needs[(i + 2) % 3]:
                total += c
        assert total == 1500, needs


@pytest.mark.slow  # over 2 s on 2 cores: 200,000 deals
def test_the_committed_model_is_reproduced_by_a_reduced_run():
    """Group 0 of the committed model (its first 200,000 deals), sampled again, count for count."""
    committed = gm3.load3(gm3.committed_path3())
    assert (committed.deals, committed.seed, committed.groups) == (4_000_000, 0, 20)
    n = committed.deals // committed.groups
    part = gm3.DealSample3.part(0, 0, n)
    B = B3
    keys = (committed.cells[:, 0] * B + committed.cells[:, 1]) * B + committed.cells[:, 2]
    got = dict(zip(part["hist_keys"].tolist(), part["hist_counts"].tolist()))
    want = {int(k): int(c) for k, c in zip(keys, committed.hist[0]) if c}
    assert got == want
    got = dict(zip(part["first_keys"].tolist(), part["first_counts"].tolist()))
    want = {int(k): int(c) for k, c in zip(committed.first_keys, committed.first[0]) if c}
    assert got == want
    assert part["stats"].tolist() == committed.stats[0].tolist()


def _kernel_inputs(scripts):
    m = len(scripts)
    hist, first = ref.board_counts3(scripts)
    cells = np.array(list(hist), np.int64)
    w = np.array([hist[tuple(c)] for c in cells.tolist()], np.float64) / m
    dense = np.zeros((3, NEEDS, 64, 64), np.int64)
    for (i, n, x, y), c in first.items():
        dense[i, n, x, y] = c
    return cells, w, kb3.prefix_first(dense, 1.0 / m)


def small_scripts(n, seed):
    """``n`` made-up scripts of a few small events each (one to five events of 1 to 3 points, any
    turn): games to a small target then last several deals, so the recursion's passing deal
    is exercised as much as the crossings (real deals mostly end a game to 11 at once)."""
    import random

    rng = random.Random(seed)
    return [ref.board_merge([(rng.randrange(3), rng.randint(1, 3)) for _ in range(rng.randint(1, 5))])
            for _ in range(n)]


SCRIPTS = {"real": lambda: kernel_scripts3(2, 0, 16), "small": lambda: small_scripts(12, 3)}


@pytest.mark.parametrize("source", SCRIPTS)
def test_exact_induction_matches_recursion_twin(source):
    """The exact induction on the counts of 16 real deals (or 12 made-up small ones) equals a
    plain recursion over positions that plays each deal's script point by point (target 11,
    skunked below 6)."""
    scripts = SCRIPTS[source]()
    cells, w, F = _kernel_inputs(scripts)
    T, skunk = 11, 6
    got = kb3.induction3(cells[:, 0].copy(), cells[:, 1].copy(), cells[:, 2].copy(), w, F, T, skunk, 0)
    twin = ref.board_induction3_twin(tuple(tuple(s) for s in scripts), T, skunk)
    for a in [(0, 0, 0), (10, 10, 10), (3, 9, 10), (10, 0, 7), (8, 8, 2), (9, 10, 9), (0, 10, 1)]:
        assert np.allclose(got[a], twin(*a), rtol=0, atol=1e-12), a
    assert np.allclose(got[..., :3].sum(axis=-1), 1.0, atol=1e-12)


@pytest.mark.parametrize("source", SCRIPTS)
def test_product_induction_matches_its_twin(source):
    """The product form on the same deals equals its plain twin (sums over every (d0, d1, d2) of
    the marginal totals, scaled to the deals' own share below the needs), target 8."""
    scripts = SCRIPTS[source]()[:10]
    cells, w, F = _kernel_inputs(scripts)
    counts = (w * len(scripts)).round().astype(np.int64)
    size = int(cells.max()) + 1
    marg = [np.bincount(cells[:, t], weights=w, minlength=size) for t in range(3)]
    Hc = kb3.box_mass(cells[:, 0].copy(), cells[:, 1].copy(), cells[:, 2].copy(), counts, 1.0 / len(scripts), size)
    T, skunk = 8, 5
    got = kb3.induction3p_many(*(x[None] for x in (*marg, Hc, F)), T, skunk)[0]
    twin = ref.board_induction3p_twin(tuple(tuple(s) for s in scripts), T, skunk)
    for a in [(0, 0, 0), (7, 7, 7), (3, 7, 4), (7, 0, 6), (5, 5, 2), (1, 2, 3)]:
        assert np.allclose(got[a], twin(*a), rtol=0, atol=2e-6), a  # the kernel's float32


@pytest.fixture(scope="module")
def small_board():
    """A board to 61 from a reduced model (6,000 deals, 3 groups): what the command's tests read."""
    return gb3.solve3(gm3.deal_model3(6_000, 1, groups=3, cache_dir=False), 61)


def test_the_board_reads_as_probabilities(small_board):
    b = small_board
    assert (b.values[:6] >= 0).all() and (b.values[:6] <= 1).all()
    assert np.allclose(b.values[:3].sum(axis=0), 1.0, atol=1e-5)  # somebody wins
    assert (b.se[:6] >= 0).all() and np.isfinite(b.se).all()
    assert b.values[2, 0, 0, 60] == 1.0  # the dealer at 60 pegs at least the go, or his heels
    assert b.values[3:6, 40:, 40:, 40:].max() == 0.0  # nobody at 31 or more is skunked to 61
    p = b.position((0, 0, 0), 0)
    assert p["p_win"][0] > max(p["p_win"][1:])  # the first dealer is favoured


def test_seats_are_a_rotation_of_turns(small_board):
    """The same scores with each seat dealing: the seats' figures follow the turns round."""
    b = small_board
    scores = (50, 44, 38)
    for d in range(3):
        p = b.position(scores, d)
        q = b.position((scores[1], scores[2], scores[0]), (d - 1) % 3)
        assert p["p_win"] == [q["p_win"][2], q["p_win"][0], q["p_win"][1]]


@pytest.mark.slow  # over 2 s on 2 cores: 2,000 whole games
def test_the_board_agrees_with_whole_games(small_board):
    """2,000 whole games of the whole-game kernel (greedy in every seat, the same throws) to 61
    from the start, against the reduced board (6,000 deals): the first dealer's share and the deals a game,
    within 3.5 combined standard errors."""
    from crib_stats.kernels import wholegames as kw
    from crib_stats.match.greedy_games import play_decks
    from crib_stats.model.variants import variant

    n = 2000
    games, _, _ = play_decks(7, np.arange(n), variant("three-player", 61))
    first = (games[:, kw.W_WINNER] == 0).mean()
    p = small_board.headline()
    w, se = p["p_win"][0], p["p_win_se"][0]
    assert abs(first - w) < 3.5 * math.hypot(math.sqrt(w * (1 - w) / n), se), (first, w)
    deals = games[:, kw.W_DEALS]
    assert abs(deals.mean() - p["deals_left"]) < 3.5 * math.hypot(deals.std(ddof=1) / math.sqrt(n),
                                                                   p["deals_left_se"])


@pytest.fixture
def game(capsys, monkeypatch, small_board):
    from crib_stats.presentation.cli import main

    monkeypatch.setattr(gb3, "committed3", lambda target=None: small_board)

    def run(*argv):
        code = main(["game", "--variant", "three-player", *argv])
        out, err = capsys.readouterr()
        return code, out, err

    return run


def test_the_start_and_a_position_in_every_format(game, small_board):
    code, out, err = game("--target", "61")
    assert code == 0 and err == ""
    p = small_board.headline()
    assert "three-player, to 61" in out and f"{100 * p['p_win'][0]:7.3f}% ± {100 * p['p_win_se'][0]:.3f}" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    code, out, _ = game("--at", "50", "50", "45", "--dealer", "first_left")
    q = small_board.position((50, 50, 45), 1)
    assert code == 0 and "at 50-50-45, first_left deals next" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert f"{100 * q['p_win'][2]:7.3f}% ± {100 * q['p_win_se'][2]:.3f}" in out
    code, out, _ = game("--at", "50", "50", "45", "--dealer", "1", "--json")
    doc = json.loads(out)
    assert doc["at"] == {"scores": {"first_dealer": 50, "first_left": 50, "first_right": 45}, "dealer": "first_left"}
    assert doc["seats"]["first_right"]["p_win"] == q["p_win"][2]
    assert "independent" in doc["model"]["assumes"]["induction"]
    code, out, _ = game("--at", "50", "50", "45", "--dealer", "1", "--csv")
    header, row = out.strip().splitlines()
    cells = dict(zip(header.split(","), row.split(",")))
    assert cells["dealer"] == "first_left" and float(cells["p_win_first_dealer"]) == q["p_win"][0]


def test_the_whole_table_as_csv(game):
    code, out, _ = game("--csv")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 1 + 61**3
    assert lines[0].startswith("left,right,dealer,p_win_left")


def test_the_plot(game, tmp_path):
    path = tmp_path / "three.png"
    code, _, err = game("--plot", str(path), "--third", "30")
    assert code == 0 and path.stat().st_size > 10_000


@pytest.mark.parametrize("argv, words", [
    (["--target", "61", "--at", "61", "50", "45", "--dealer", "0"], "first_dealer's score is 61: the game is over"),
    (["--at", "50", "-1", "45", "--dealer", "0"], "--at"),
    (["--at", "50", "45", "--dealer", "0"], "takes three scores"),
    (["--at", "50", "50", "45"], "say who deals next with --dealer K"),
    (["--at", "50", "50", "45", "--dealer", "3"], "say who deals next with --dealer K"),
    (["--at", "50", "50", "45", "--pone"], "--pone cannot go with three players"),
    (["--dealer", "0"], "--dealer K needs --at"),
    (["--target", "91"], "played to 121, 61, not 91"),
    (["--third", "10"], "--third: the slice's third score goes with --plot"),
    (["--deals", "1000", "--out", "x"], "--deals cannot go with --out"),
    (["--seed", "3"], "--seed, --scheduler, --workers, --shards and --fresh go with --deals N"),
    (["--deals", "10"], "--deals must be at least 40, got 10"),
])
def test_bad_input_is_one_line(game, argv, words, tmp_path):
    code, out, err = game(*argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err, err
    assert list(tmp_path.iterdir()) == []


def test_deals_solve_a_board_of_their_own(game, small_board, tmp_path, monkeypatch):
    """``--deals N --seed S`` samples a new deal model and solves its board to the target: the
    same deals as the library's sample (``small_board``: 6,000 deals of seed 1, 3 groups) give
    the same figures and errors, each within 4 of its errors of the committed board's (an
    independent sample of the same model). The command's 20 groups are cut to the fixture's 3
    here: the jackknife's 20 solves would be most of the test's time."""
    sample = gm3.deal_model3
    monkeypatch.setattr(gm3, "deal_model3", lambda deals, seed, **kw: sample(deals, seed, groups=3, **kw))
    code, out, err = game("--target", "61", "--deals", "6000", "--seed", "1", "--json")
    assert code == 0, err
    doc = json.loads(out)
    seats = ("first_dealer", "first_left", "first_right")
    mine = small_board.headline()
    assert [doc["seats"][s]["p_win"] for s in seats] == [float(x) for x in mine["p_win"]]
    assert [doc["seats"][s]["p_win_se"] for s in seats] == [float(x) for x in mine["p_win_se"]]
    assert (doc["model"]["deals"], doc["model"]["seed"], doc["model"]["groups"]) == (6000, 1, 3)
    from crib_stats.game import board3_data  # the committed board (the fixture replaced committed3)

    values, se, _ = board3_data.read(61)
    ref = gb3.Board3(61, small_board.skunk, values, se, {}, None, 0.0).headline()
    for i, s in enumerate(seats):
        assert abs(doc["seats"][s]["p_win"] - ref["p_win"][i]) <= 4 * doc["seats"][s]["p_win_se"], s
    assert list(tmp_path.iterdir()) == []


def test_three_scores_for_two_players_is_one_line(capsys):
    from crib_stats.presentation.cli import main

    assert main(["game", "--at", "100", "100", "95", "--dealer"]) == 2
    err = capsys.readouterr().err
    assert "expected 2 arguments (MINE THEIRS) for six-card, got 3; three scores are for --variant three-player" in err


@pytest.mark.parametrize("T", [61, 121])
def test_the_committed_boards_corner_is_solved_again(T):
    """data/board_three-player.npz against the code: it names the committed deal model's bytes,
    and a reduced solve of that model (the corner where every score is at least T - 12, which
    needs nothing outside it) finds the stored figures there within their stated rounding."""
    from crib_stats.game import board3_data

    path = gm3.committed_path3()
    values, se, digest = board3_data.read(T)
    assert digest == board3_data.model_digest(path)
    assert values.shape == se.shape == (kb3.N_F3, T, T, T)
    lo = T - 12
    again = gb3.solve3(gm3.load3(path), T, lo=lo).values[:, lo:, lo:, lo:].astype(np.float64)
    got = values[:, lo:, lo:, lo:].astype(np.float64)
    off = np.abs(got - again).max(axis=(1, 2, 3))
    assert (off[[0, 1, 3, 4, 5]] <= 0.5 / board3_data.P_SCALE + 1e-6).all(), off
    assert off[2] <= 1 / board3_data.P_SCALE + 2e-6, off  # the dealer's: one minus the two stored
    assert off[6] <= 0.5 / board3_data.DEALS_SCALE + 1e-5, off
    assert (se >= 0).all() and se[:6].max() < 0.01 and 0 < se[6, 0, 0, 0] < 0.01
    assert (again[:, :, :, :] != 0).any()


def test_the_codec_rounds_as_it_says():
    """encode/decode on a random board: probabilities to 1/65535, the dealer's from the others,
    deals to 1/2000, errors rounded up to 1e-6 (never below the solve's)."""
    from crib_stats.game import board3_data as bd

    rng = np.random.default_rng(3)
    T = 9
    v = rng.random((kb3.N_F3, T, T, T))
    v[:3] /= v[:3].sum(axis=0)
    v[6] *= 12
    se = rng.random((kb3.N_F3, T, T, T)) * 0.004
    got, got_se = bd.decode(bd.encode(v.astype(np.float32), se.astype(np.float32)), T)
    assert np.abs(got[[0, 1, 3, 4, 5]] - v[[0, 1, 3, 4, 5]]).max() <= 0.5 / bd.P_SCALE + 1e-7
    assert np.abs(got[2] - v[2]).max() <= 1 / bd.P_SCALE + 1e-7
    assert np.abs(got[6] - v[6]).max() <= 0.5 / bd.DEALS_SCALE + 1e-6
    assert (got_se >= se.astype(np.float32) - 1e-9).all() and (got_se - se).max() <= 1e-6 + 1e-9


def test_out_writes_both_boards(capsys, monkeypatch, tmp_path, small_board):
    """``game --variant three-player --out DIR`` solves the committed model to 121 and 61 (here a
    small board stands in for each solve) and writes the file that committed3 reads."""
    from crib_stats.game import board3_data as bd
    from crib_stats.presentation.cli import main

    monkeypatch.setattr(bd, "TARGETS", (61,))
    monkeypatch.setattr(gb3, "solve3", lambda model, T: small_board)
    assert main(["game", "--variant", "three-player", "--out", str(tmp_path / "o"), "--target", "61"]) == 2
    assert "--target cannot go with --out" in capsys.readouterr().err and not (tmp_path / "o").exists()
    assert main(["game", "--variant", "three-player", "--out", str(tmp_path / "o")]) == 0
    values, se, digest = bd.read(61, tmp_path / "o" / bd.FILE)
    assert digest == bd.model_digest(gm3.committed_path3())
    assert np.abs(values[:2] - small_board.values[:2]).max() <= 0.5 / bd.P_SCALE + 1e-6
    assert "board_three-player.npz" in (tmp_path / "o" / "crib-stats-index.md").read_text()


def test_the_manuals_three_player_blocks_are_the_committed_boards(capsys):
    """docs/commands/game.md shows the committed boards' output cut short (``...``): every line it
    shows is the command's own, in order."""
    import re
    import shlex
    from pathlib import Path

    from crib_stats.presentation.cli import main

    page = (Path(__file__).resolve().parents[2] / "docs" / "commands" / "game.md").read_text(encoding="utf-8")
    shown = 0
    for block in re.findall(r"```text\n(\$ crib-stats game --variant three-player.*?)```", page, re.S):
        for part in re.split(r"^(?=\$ )", block, flags=re.M):
            if not part.strip():
                continue
            command, *lines = part.rstrip("\n").split("\n")
            lines = lines[:lines.index("...")] if "..." in lines else lines
            assert main(shlex.split(command)[2:]) == 0
            assert capsys.readouterr().out.splitlines()[:len(lines)] == lines, command
            shown += 1
    assert shown == 3
