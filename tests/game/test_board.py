"""crib-stats game: the deal model kernel against its naive twin, the induction against a plain
recursion and against whole games played card by card, a hand-worked endgame, the errors
shrinking with the sample, the committed model, and the command."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import reference as ref
from crib_stats.core.data import data_file
from crib_stats.core.errors import CribStatsError
from crib_stats.game import board as gb
from crib_stats.game import model as gm
from crib_stats.kernels import board as kb, game as kg


def model_of(scripts, variant="six-card", groups=2):
    """A DealModel whose deals are ``scripts`` (lists of (player, points), 1 the dealer),
    tallied by the naive twin, deals cut into ``groups`` as the sampler cuts them."""
    arrays = {k: [] for k in gm.DealModel.ARRAYS}
    n = len(scripts)
    for lo, hi in [(g * n // groups, (g + 1) * n // groups) for g in range(groups)]:
        hist, dfirst, pfirst = ref.board_counts(scripts[lo:hi])
        h = np.zeros((kg.B, kg.B), np.int64)
        d = np.zeros((kg.NEEDS, kg.B), np.int64)
        p = np.zeros((kg.NEEDS, kg.B), np.int64)
        for arr, counts in ((h, hist), (d, dfirst), (p, pfirst)):
            for key, c in counts.items():
                arr[key] = c
        arrays["hist"].append(h)
        arrays["dealer_first"].append(d)
        arrays["pone_first"].append(p)
        arrays["stats"].append(np.zeros(kg.N_STATS, np.int64))
        arrays["squares"].append(np.zeros(kg.N_STATS, np.int64))
    return gm.DealModel(variant, n, 0, "objective", "greedy", **{k: np.stack(v) for k, v in arrays.items()})


def kernel_scripts(seed, lo, hi, variant="six-card"):
    return [[(1 if w == "dealer" else 0, x) for w, x in s["events"]] for s in gm.scripts(variant, seed, lo, hi)]


# ------------------------------------------------------------------------------------------
# the deal model: kernel vs twin
# ------------------------------------------------------------------------------------------


def test_deal_stream_matches_twin():
    out = np.zeros(13, np.int64)
    for seed, k in [(0, 0), (0, 1), (7, 123456), (2**40 + 3, 999), (2**63 - 1, 2**31)]:
        kg.deal_cards(seed, k, 13, out)
        assert out.tolist() == ref.board_deal_cards(seed, k, 13)
        assert len(set(out.tolist())) == 13


@pytest.mark.parametrize("variant, n_cards, discard", [("six-card", 13, "objective"), ("five-card", 11, "objective"),
                                                       ("six-card", 13, "equilibrium")])
@pytest.mark.slow  # over 2 s on 2 cores
def test_deal_scripts_match_twin(variant, n_cards, discard):
    """Every event (who scores how much, in order) and every per-seat figure of 12 deals: the
    kernel against the plain-Python deal (the exact discard.evaluate with the written tie rule,
    greedy play, the show; the five-card play stops at the first go or 31)."""
    got = gm.scripts(variant, 11, 0, 12, discard)
    for k, g in enumerate(got):
        events, figures = ref.board_deal(ref.board_deal_cards(11, k, n_cards), variant, discard)
        assert [(1 if w == "dealer" else 0, x) for w, x in g["events"]] == ref.board_merge(events), k
        assert {n: g[n] for n in figures} == figures, k


def test_four_player_deal_scripts_match_twin():
    """Four players in partnership: every event by side (who scores how much, in order) and
    every per-side figure of 7 deals (27: his heels), the kernel against the plain-Python deal
    (the exact discard.evaluate of the variant, greedy round the table, the shows from the
    dealer's left, the crib)."""
    deals = [0, 1, 2, 3, 4, 5, 27]
    for k in deals:
        (g,) = gm.scripts("four-player", 11, k, k + 1)
        events, figures = ref.board_deal_four(ref.board_deal_cards(11, k, 21))
        assert [(1 if w == "dealer" else 0, x) for w, x in g["events"]] == ref.board_merge(events), k
        assert {n: g[n] for n in figures} == figures, k
    assert gm.scripts("four-player", 11, 27, 28)[0]["heels"] == 2


@pytest.mark.parametrize("variant", ["six-card", "four-player"])
def test_counts_match_twin(variant):
    """The kernel's tallies of 3000 deals equal the twin's tallies of the kernel's scripts."""
    seed, n = 5, 3000
    m = gm.deal_model(variant, n, seed, groups=2, cache_dir=False)
    scripts = kernel_scripts(seed, 0, n, variant)
    twin = model_of(scripts, variant, groups=2)
    for name in ("hist", "dealer_first", "pone_first"):
        assert np.array_equal(getattr(m, name), getattr(twin, name)), name
    figures = gm.scripts(variant, seed, 0, n)
    for i, name in enumerate(gm.STATS):
        assert m.stats[:, i].sum() == sum(f[name] for f in figures)
        assert m.squares[:, i].sum() == sum(f[name] ** 2 for f in figures)


@pytest.mark.parametrize("variant", ["six-card", "four-player"])
def test_every_deal_is_one_of_three_outcomes(variant):
    m = gm.deal_model(variant, 2000, 3, groups=2, cache_dir=False)
    h, d, p = m.hist.sum(0), m.dealer_first.sum(0), m.pone_first.sum(0)
    for nd in (1, 2, 5, 17, 40, 121):
        for np_ in (1, 3, 9, 30, 121):
            total = d[nd, :np_].sum() + p[np_, :nd].sum() + h[:nd, :np_].sum()
            assert total == 2000


def test_shards_never_change_the_model(tmp_path):
    a = gm.deal_model("six-card", 300, 9, groups=3, parts=1, cache_dir=False)
    b = gm.deal_model("six-card", 300, 9, groups=3, parts=4, cache_dir=tmp_path)
    c = gm.deal_model("six-card", 300, 9, groups=3, parts=4, cache_dir=tmp_path)  # all from the cache
    assert c.from_cache == 12
    for name in gm.DealModel.ARRAYS:
        assert np.array_equal(getattr(a, name), getattr(b, name))
        assert np.array_equal(getattr(b, name), getattr(c, name))


# ------------------------------------------------------------------------------------------
# the induction
# ------------------------------------------------------------------------------------------


def test_induction_matches_recursion_twin():
    """The induction on the counts of 40 real deals equals a plain recursion over positions
    that plays each deal's script point by point (target 61, skunk lines 46 and 31)."""
    scripts = kernel_scripts(2, 0, 40)
    m = model_of(scripts)
    h, d, p = m.hist.sum(0), m.dealer_first.sum(0), m.pone_first.sum(0)
    T, skunk, double = 61, 46, 31
    got = kb.induction(h, d, p, len(scripts), T, skunk, double)
    twin = ref.board_induction_twin(tuple(tuple(s) for s in scripts), T, skunk, double)
    for a in range(0, T, 3):
        for b in range(0, T, 4):
            assert np.allclose(got[:, a, b], twin(a, b), rtol=0, atol=1e-12), (a, b)


def test_endgame_hand_worked():
    """Three deals, equally likely: (A) the pone pegs 1 first, then the dealer 3; (B) the dealer
    2 (his heels), then the pone 5; (C) the dealer 1, the pone 1, the dealer 4.
    Both at 120: the first point wins, so the dealer wins in B and C: 2/3.
    Dealer 119, pone 120 (the dealer needs 2): A the pone's 1 wins; B the dealer's 2 wins; C the
    dealer gets to 120 and the pone's 1 wins: 1/3.
    Dealer 120, pone 116 (pone needs 5): A dealer 3 after the pone's 1 wins; B, C the dealer first: 1.
    Dealer 0, pone 0 with target 2 (lines of skunk at 1): A the pone 1 (1), the dealer 3: dealer
    wins, pone at 1 (no skunk); B dealer 2 wins with the pone at 0 (a skunk); C dealer 1, pone 1,
    dealer 4: wins, pone at 1."""
    scripts = [[(0, 1), (1, 3)], [(1, 2), (0, 5)], [(1, 1), (0, 1), (1, 4)]]
    m = model_of(scripts, groups=3)
    b = gb.solve(m)
    third = 1 / 3
    assert b.values[b.row("win"), 120, 120] == pytest.approx(2 * third, abs=1e-15)
    assert b.values[b.row("win"), 119, 120] == pytest.approx(third, abs=1e-15)
    assert b.values[b.row("win"), 120, 116] == pytest.approx(1.0, abs=1e-15)
    assert b.values[b.row("deals"), 120, 120] == pytest.approx(1.0)
    assert b.values[b.row("one_point"), 120, 120] == pytest.approx(1.0)  # the loser is always at 120
    small = kb.induction(m.hist.sum(0), m.dealer_first.sum(0), m.pone_first.sum(0), 3, 2, 1, 0)
    assert small[kb.G_WIN, 0, 0] == pytest.approx(1.0)
    assert small[kb.G_SKUNK_WIN, 0, 0] == pytest.approx(third)
    # the pone's side of a position is the dealer's turned round
    pos = b.position(120, 119, "pone")
    assert pos["p_win"] == pytest.approx(1 - third)


def test_endgame_both_at_120_real_deals():
    """Both at 120, real deals: the dealer wins exactly when his heels come up or he scores
    first in the play (the pone leads, so the dealer can be first with a 15, a pair or a run; the
    pone scores first otherwise, at the latest with his hand). Counted on the twin's deals."""
    n = 30
    m = gm.deal_model("six-card", n, 4, groups=2, cache_dir=False)
    b = gb.solve(m)
    first = 0
    for k in range(n):
        events, _ = ref.board_deal(ref.board_deal_cards(4, k, 13))
        first += events[0][0] == 1
    assert b.values[b.row("win"), 120, 120] == pytest.approx(first / n, abs=1e-12)


@pytest.mark.slow  # over 2 s on 2 cores
def test_error_shrinks_with_the_sample():
    """N vs 4N deals: the jackknife error of the first dealer's P(win) about halves, and the two
    estimates agree within their errors."""
    small = gb.solve(gm.deal_model("six-card", 10_000, 21, cache_dir=False))
    large = gb.solve(gm.deal_model("six-card", 40_000, 22, cache_dir=False))
    for row in ("win", "skunk_win", "deals"):
        s1, s4 = small.se[small.row(row), 0, 0], large.se[large.row(row), 0, 0]
        assert 0.3 < s4 / s1 < 0.8, (row, s1, s4)
        diff = abs(small.values[small.row(row), 0, 0] - large.values[large.row(row), 0, 0])
        assert diff < 4 * math.hypot(s1, s4), row


@pytest.mark.slow
def test_jackknife_error_matches_the_spread_over_seeds():
    """The jackknife error of the first dealer's P(win) against the standard deviation of the
    estimate over 10 independent models (10,000 deals each)."""
    wins, errors = [], []
    for seed in range(10):
        b = gb.solve(gm.deal_model("six-card", 10_000, 500 + seed, cache_dir=False))
        wins.append(b.values[b.row("win"), 0, 0])
        errors.append(b.se[b.row("win"), 0, 0])
    ratio = float(np.std(wins, ddof=1) / np.mean(errors))
    assert 0.5 < ratio < 1.6, ratio


@pytest.mark.slow
def test_whole_games_card_by_card_agree():
    """A reduced game (to 31, skunk below 21): 100 whole games dealt and played card by card in
    plain Python against the induction on the kernel's deal model (to 31, same rules)."""
    games = ref.board_whole_games(100, seed=3, target=31, skunk=21)
    m = gm.deal_model("six-card", 100_000, 8, cache_dir=False)
    v = kb.induction(m.hist.sum(0), m.dealer_first.sum(0), m.pone_first.sum(0), m.deals, 31, 21, 11)
    n = len(games)
    for got, want in ((sum(g[0] for g in games) / n, v[kb.G_WIN, 0, 0]),
                      (sum(g[0] and g[1] for g in games) / n, v[kb.G_SKUNK_WIN, 0, 0])):
        se = math.sqrt(max(want * (1 - want), 1e-4) / n)
        assert abs(got - want) < 3.5 * se, (got, want)
    lengths = [g[2] for g in games]
    mean = sum(lengths) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in lengths) / (n - 1))
    assert abs(mean - v[kb.G_DEALS, 0, 0]) < 3.5 * sd / math.sqrt(n)


# ------------------------------------------------------------------------------------------
# the committed model
# ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module", params=list(gm.COMMITTED), ids=lambda p: "-".join(p))
def committed(request):
    return gm.load(gm.committed_path(*request.param))


def test_committed_group_matches_the_code(committed):
    """A reduced version: the committed model's last group, recomputed from its seed."""
    model, _ = committed
    n, g = model.deals, model.groups
    lo, hi = (g - 1) * n // g, n
    arrays = gm.DealSample.part(model.variant, model.seed, lo, hi, model.discard)
    for name in gm.DealModel.ARRAYS:
        assert np.array_equal(arrays[name], getattr(model, name)[g - 1]), name


@pytest.mark.slow  # over 2 s on 2 cores
def test_committed_board_matches_the_induction(committed):
    model, rest = committed
    b = gb.solve(model)
    assert np.allclose(b.values, rest["values"], rtol=0, atol=1e-12)
    assert np.allclose(b.se, rest["se"], rtol=0, atol=1e-12)
    assert b.se[b.row("win"), 0, 0] <= 0.001  # the target for the start of a game


def test_committed_seat_means_agree_with_the_seats_sample(committed):
    """The deal model's per-seat means against the committed seats sample (10,000 real deals,
    objective keeps, greedy play; data/seats_summary.json) within 3.5 combined standard errors."""
    model, _ = committed
    if model.variant != "six-card" or model.discard != "objective":
        pytest.skip("the seats sample is six-card, objective discards")
    sample = json.loads(data_file("seats_summary.json").read_text())["sample"]["greedy"]["estimates"]
    for name, (mean, se) in model.seat_means().items():
        s = sample[name]
        assert abs(float(mean) - s["mean"]) < 3.5 * math.hypot(se, s["se"]), name


# ------------------------------------------------------------------------------------------
# the command
# ------------------------------------------------------------------------------------------


@pytest.fixture
def game(capsys):
    from crib_stats.presentation.cli import main

    def run(*argv):
        code = main(["game", *argv])
        out, err = capsys.readouterr()
        return code, out, err

    return run


def test_command_headline(game):
    code, out, err = game()
    assert code == 0 and err == ""
    assert "first dealer wins" in out and "Colvert" in out and "±" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_command_at(game):
    code, out, _ = game("--at", "35", "37", "--dealer", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["schema_version"] == 1 and doc["command"] == "game" and doc["variant"] == "six-card"
    mine = doc["figures"]["p_win"]["p_win"]
    code, out, _ = game("--at", "37", "35", "--pone", "--json")
    theirs = json.loads(out)["figures"]["p_win"]["p_win"]
    assert mine + theirs == pytest.approx(1.0)
    code, out, _ = game("--at", "120", "120", "--pone")
    assert code == 0 and "P(win)" in out


@pytest.mark.parametrize("argv, words", [
    (["--at", "121", "0", "--dealer"], "MINE is 121: the game is over at 121"),
    (["--at", "0", "-1", "--pone"], "THEIRS must be from 0 to 120"),
    (["--at", "5", "5"], "say who deals next"),
    (["--dealer"], "needs --at"),
    (["--variant", "three-player", "--at", "5", "5", "--dealer"], "takes three scores"),
    (["--discard", "hopeful"], "unknown discard policy"),
    (["--seed", "3"], "go with --deals"),
    (["--plot", "x.svg"], ".png"),
])
def test_command_bad_input(game, argv, words):
    code, out, err = game(*argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err


def test_command_five_card(game):
    code, out, _ = game("--variant", "five-card")
    assert code == 0 and "to 61" in out and "lurch" in out and "the pone starts at 3" in out
    code, out, _ = game("--variant", "five", "--at", "60", "60", "--pone", "--json")
    assert code == 0 and json.loads(out)["variant"] == "five-card"
    code, _, err = game("--variant", "five-card", "--at", "61", "0", "--dealer")
    assert code == 2 and "the game is over at 61" in err


def test_command_equilibrium_discards(game):
    code, out, _ = game("--discard", "equilibrium")
    assert code == 0 and "discards: equilibrium" in out
    code, _, err = game("--discard", "equilibrium", "--variant", "five-card")
    assert code == 2 and "six-card game" in err


def test_command_csv_out_plot(game, tmp_path):
    code, out, _ = game("--csv")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 1 + 121 * 121 * 2
    assert lines[0].startswith("mine,theirs,deals_next,p_win")
    code, _, err = game("--out", str(tmp_path / "t"), "--plot", str(tmp_path / "b.png"))
    assert code == 0
    assert (tmp_path / "t" / "game_table_six-card.csv").exists() and (tmp_path / "b.png").stat().st_size > 1000


def test_command_new_model(game, tmp_path):
    code, out, err = game("--deals", "400", "--seed", "2", "--json", "--out", str(tmp_path))
    assert code == 0
    doc = json.loads(out)
    assert doc["model"]["deals"] == 400 and doc["model"]["seed"] == 2
    model, rest = gm.load(tmp_path / "game_six-card_400-deals_seed-2.npz")
    assert model.deals == 400 and "values" in rest


def test_a_killed_run_resumes(tmp_path):
    """Shards finished before a kill are read back; the rest are computed; the model is the same."""
    whole = gm.deal_model("six-card", 400, 13, groups=4, parts=2, cache_dir=False)
    gm.deal_model("six-card", 400, 13, groups=4, parts=2, cache_dir=tmp_path)
    shards = sorted(tmp_path.glob("*/shard-*.npz"))
    assert len(shards) == 8
    for path in shards[3:]:  # as if killed after three shards
        path.unlink()
    calls = []
    again = gm.deal_model("six-card", 400, 13, groups=4, parts=2, cache_dir=tmp_path,
                          progress=lambda done, total: calls.append((done, total)))
    assert again.from_cache == 3 and calls[0] == (3, 8) and calls[-1] == (8, 8)
    for name in gm.DealModel.ARRAYS:
        assert np.array_equal(getattr(whole, name), getattr(again, name))


def test_game_jobs_draw_the_console_bar_only_on_a_terminal(monkeypatch):
    """crib-stats game's long jobs use the console's one bar: none when stderr is a pipe."""
    import io

    from crib_stats.presentation import game_cli

    class Tty(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr("sys.stderr", io.StringIO())
    assert game_cli.bar_if_tty("deals", "shards") is None
    out = Tty()
    monkeypatch.setattr("sys.stderr", out)
    draw = game_cli.bar_if_tty("deals", "shards")
    draw(0, 4)
    draw(2, 4)
    draw(4, 4)
    text = out.getvalue()
    assert "2/4 shards" in text and "left" in text and text.endswith("\n")
