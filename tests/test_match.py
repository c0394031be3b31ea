"""Matches (crib_stats.match): the whole-game kernel's greedy games are the referee's own, byte
for byte (its naive twin is the Python referee: every deal, card, point, position); a match
never depends on its shards or its engine; a killed match resumes with only the missing shards;
the summary's figures are the stated arithmetic; any registered player can play."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from crib_stats.match import play_match
from crib_stats.match import run as match_run
from crib_stats.match.greedy_games import lines as kernel_lines
from crib_stats.match.summary import summarise
from crib_stats.players import GreedyPlayer, RandomPlayer, registry
from crib_stats.referee import SEATS, Game, play_game

NAMES = {SEATS[0]: "greedy", SEATS[1]: "greedy"}


def untimed(record: dict) -> dict:
    """The record with its decisions' measured times null (the only field that is not a
    function of the seed)."""
    for deal in record["deals"]:
        for d in deal["decisions"]:
            d["seconds"] = None
    return record


def compact(record: dict) -> bytes:
    return (json.dumps(record, separators=(",", ":")) + "\n").encode()


@pytest.mark.parametrize("variant, seed, decks", [
    ("six-card", 0, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
    ("six-card", 7, [0, 3, 250, 4_099, 123_456]),
    ("five-card", 0, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
    ("five-card", 11, [5, 77, 1_000_003]),
])
def test_the_kernels_games_are_the_referees_byte_for_byte(variant, seed, decks):
    """A sample of the kernel's records against the Python referee's own greedy games of the same
    decks (its decisions untimed), and replayed through the referee (Game.from_record: every
    decision legal, every field what the rules give)."""
    got = kernel_lines(seed, np.array(decks), variant, NAMES)
    assert len(got) == len(decks)
    heels = five_card_last = 0
    for deck, line in zip(decks, got):
        want = untimed(play_game((GreedyPlayer(), GreedyPlayer()), seed, deck, variant))
        assert line == compact(want), (variant, seed, deck)
        record = json.loads(line)
        Game.from_record(record)
        heels += sum(d["heels"] for d in record["deals"])
        five_card_last += record["deals"][0]["first_deal_last"]
    assert heels > 0  # the sample has his heels in it
    assert five_card_last == (3 * len(decks) if variant == "five-card" else 0)


def test_the_kernel_deals_the_referees_packs():
    from crib_stats.kernels import wholegames
    from crib_stats.referee import deck

    assert wholegames.DEALS_PER_DECK == deck.DEALS_PER_DECK  # deal j of deck k: the stream's k * 256 + j


def test_a_game_that_ends_in_the_play_or_on_his_heels_is_cut_where_it_ends():
    """Every way a kernel game can end (a card, a go, a show, his heels) appears in 400 games
    of each variant, and each record's last deal stops at the point that reached the target."""
    ends = set()
    for variant in ("six-card", "five-card"):
        for line in kernel_lines(2, np.arange(400), variant, NAMES):
            rec = json.loads(line)
            last = rec["deals"][-1]
            win = rec["result"]["winner"]
            assert rec["result"]["scores"][win] >= rec["target"] > rec["result"]["scores"][
                SEATS[1 - SEATS.index(win)]]
            if len(last["shows"]):
                ends.add("show")
            elif last["plays"]:
                ends.add("go" if last["plays"][-1].get("go") else "card")
            else:
                ends.add("heels")
    assert {"show", "card", "go"} <= ends, ends


def lines_of(m) -> list[bytes]:
    return [compact(untimed(json.loads(x))) for x in m.lines()]


@pytest.mark.slow  # over 2 s on 2 cores
def test_a_match_never_depends_on_its_shards_or_its_engine(tmp_path):
    pytest.importorskip("distributed")
    from distributed import LocalCluster

    one = play_match("greedy", "greedy", 40, seed=5, shards=1, cache_dir=False)
    three = play_match("greedy", "greedy", 40, seed=5, shards=3, cache_dir=False)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://",
                      dashboard_address=None) as cluster:
        dask = play_match("greedy", "greedy", 40, seed=5, shards=3, scheduler=cluster.scheduler_address,
                          cache_dir=tmp_path)
        mixed = play_match("greedy", "random", 12, seed=5, shards=3, scheduler=cluster.scheduler_address,
                           cache_dir=False)
    assert list(one.lines()) == list(three.lines()) == list(dask.lines())  # byte for byte: the kernel's are untimed
    assert (one.rows == three.rows).all() and (one.rows == dask.rows).all()
    # the referee's games (greedy against random): the same records but for the measured times
    here = [play_match("greedy", "random", 12, seed=5, shards=s, cache_dir=False) for s in (1, 3)]
    assert lines_of(here[0]) == lines_of(here[1]) == lines_of(mixed)
    assert (here[0].rows == here[1].rows).all() and (here[0].rows == mixed.rows).all()
    d = here[0].decisions  # each side's first decision in the shard apart: one a side in one shard
    assert d[0, 2] == d[1, 2] == 1 and d[0, 0] + d[1, 0] + 2 == sum(
        len(x["decisions"]) for r in here[0].records() for x in r["deals"])
    s1, s3 = one.summary(), three.summary()
    for key in ("win_rate", "win_rate_raw_se", "first_dealer_win_rate", "deals_mean", "skunks", "game_points"):
        assert s1[key] == s3[key], key


def test_a_duplicate_pair_deals_the_same_cards_to_the_same_seat():
    m = play_match("greedy", "random", 4, seed=9, cache_dir=False)
    recs = list(m.records())
    for k in range(2):
        a_first, b_first = recs[2 * k], recs[2 * k + 1]
        assert a_first["deck"] == b_first["deck"] == k
        assert a_first["players"] == {SEATS[0]: "greedy", SEATS[1]: "random"}
        assert b_first["players"] == {SEATS[0]: "random", SEATS[1]: "greedy"}
        assert a_first["deals"][0]["hands"] == b_first["deals"][0]["hands"]
        assert a_first["deals"][0]["starter"] == b_first["deals"][0]["starter"]


def test_a_killed_match_resumes_computing_only_the_missing_shards(tmp_path, monkeypatch):
    """A run stopped (Ctrl-C, in-process) after its second shard was saved; the rerun reads those
    two from the cache, computes the other three, and gives the uninterrupted match's records."""
    calls = []
    real = match_run.run_part

    def counted(*args):
        calls.append(args[-2:])
        return real(*args)

    monkeypatch.setattr(match_run, "run_part", counted)

    def stop_after_two(done, total):
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        play_match("greedy", "random", 20, seed=4, shards=5, cache_dir=tmp_path, progress=stop_after_two)
    assert len(calls) == 2 and len(list(tmp_path.rglob("shard-*.npz"))) == 2
    calls.clear()
    seen = []
    again = play_match("greedy", "random", 20, seed=4, shards=5, cache_dir=tmp_path,
                       progress=lambda d, n: seen.append(d))
    assert len(calls) == 3 and again.computed == 3 and seen[0] == 2 and seen[-1] == 5
    whole = play_match("greedy", "random", 20, seed=4, shards=5, cache_dir=False)
    assert lines_of(again) == lines_of(whole)


class Rows:
    """A stand-in match: rows and decisions only (the summary reads nothing else here)."""

    def __init__(self, rows, variant="six-card"):
        self.rows = np.array(rows, np.int64)
        self.games = len(rows)
        self.a, self.b, self.seed, self.variant = "x", "y", 0, variant
        self.time_limit, self.shards, self.kernel, self.seconds, self.computed = None, 1, False, 1.0, 1
        self.decisions = np.array([[10.0, 2.0, 1.0, 3.0], [5.0, 0.0, 1.0, 0.0]])  # A: 10 in 2 s, its first 3 s

    def records(self):
        return iter(())


def row(deck, a_first, a_won, skunk=0, double=0, forfeit=0, deals=9):
    first_dealer_won = a_won if a_first else 1 - a_won
    return [deck, a_first, a_won, 121 if a_won else 80, 80 if a_won else 121, skunk, double, 3 if skunk else 2,
            deals, forfeit, first_dealer_won]


def test_the_summary_is_the_stated_arithmetic():
    # pair 0: A wins once (w = 1/2); pair 1: A wins both, once with a skunk (w = 1)
    m = Rows([row(0, 1, 1), row(0, 0, 0, deals=11), row(1, 1, 1, skunk=1), row(1, 0, 1)])
    s = summarise(m)
    # paired: mean(1/2, 1) = 3/4, sd = sqrt(((1/4)^2 + (1/4)^2) / 1) = sqrt(1/8), se = sqrt(1/8) / sqrt(2) = 1/4
    assert s["win_rate"] == 0.75 and math.isclose(s["win_rate_se"], 0.25)
    # raw: mean(1, 0, 1, 1) = 3/4, sd = sqrt(3 x (1/4)^2 + (3/4)^2) / 3) = 1/2, se = 1/2 / 2 = 1/4
    assert s["win_rate_raw"] == 0.75 and math.isclose(s["win_rate_raw_se"], 0.25)
    # game points: A 2 + 0 + 3 + 2 = 7 (7/4 a game), B 2 (1/2); margins by pair (2 - 2) / 2 = 0, (3 + 2) / 2 = 5/2
    gp = s["game_points"]
    assert (gp["a"], gp["b"], gp["margin"], gp["a_total"], gp["b_total"]) == (1.75, 0.5, 1.25, 7, 2)
    assert math.isclose(gp["margin_se"], 1.25)  # sd of (0, 5/2) = (5/2) / sqrt 2; over sqrt 2 (pairs): 5/4
    assert s["skunks"] == {"by_a": 1, "by_b": 0, "double_by_a": 0, "double_by_b": 0, "name": "skunk"}
    # the first dealer won games 0, 1 (B dealt first and won), 2, and not 3: pairs (1, 1/2)
    assert s["first_dealer_win_rate"] == 0.75 and math.isclose(s["first_dealer_win_rate_se"], 0.25)
    assert s["deals_mean"] == 9.5 and s["forfeits"]["by_a"] == s["forfeits"]["by_b"] == 0
    assert s["speed"][0]["decisions_per_second"] == 5 and s["speed"][1]["decisions_per_second"] is None
    assert s["speed"][0]["first_microseconds"] == 3_000_000 and s["speed"][0]["decisions"] == 10
    assert math.isclose(gp["a_se"], 0.75) and gp["b_se"] == 0.5  # pairs (1, 5/2): sd 3/(2 sqrt 2), over sqrt 2; (1, 0)
    # a forfeit by B in pair 1: its pair leaves the first dealer's rate; five-card: lurches
    s = summarise(Rows([row(0, 1, 1), row(0, 0, 0), row(1, 1, 1, forfeit=2), row(1, 0, 1)], "five-card"))
    assert s["forfeits"]["by_b"] == 1 and s["first_dealer_pairs"] == 1 and s["first_dealer_win_rate"] == 1.0
    assert s["first_dealer_win_rate_se"] is None and s["skunks"]["name"] == "lurch"


def test_the_first_dealers_error_shrinks_with_the_games():
    """A sampled figure's error: greedy against greedy, 400 and 6,400 games of seed 3, the
    first dealer's rate (the two games of a pair are one game here: both seats play alike),
    its error about sqrt(16) = 4 times smaller."""
    small = play_match("greedy", "greedy", 400, seed=3, cache_dir=False).summary()
    big = play_match("greedy", "greedy", 6_400, seed=3, cache_dir=False).summary()
    ratio = small["first_dealer_win_rate_se"] / big["first_dealer_win_rate_se"]
    assert 3.2 < ratio < 4.8, ratio
    assert abs(small["first_dealer_win_rate"] - big["first_dealer_win_rate"]) < 4 * small["first_dealer_win_rate_se"]
    assert big["win_rate"] == 0.5 and big["win_rate_se"] == 0.0  # the same player twice: every pair splits


def test_any_registered_player_plays_a_match():
    registry.register("test-uniform", lambda seed: RandomPlayer(seed + 1))
    try:
        m = play_match("test-uniform", "greedy", 4, cache_dir=False)
        assert [r["players"][SEATS[0]] for r in m.records()] == ["test-uniform", "greedy"] * 2
    finally:
        registry.MAKERS.pop("test-uniform")


def test_a_match_is_refused_in_one_line_before_any_game():
    from crib_stats.match import MatchError
    from crib_stats.players import PlayerError

    for games in (0, 1, 3, 7, 200_002, 10**22):
        with pytest.raises(MatchError, match="--games must be an even number from 2 to 200,000"):
            play_match("greedy", "random", games, cache_dir=False)
    with pytest.raises(MatchError, match="match: --variant: unknown variant 'seven-card'; the referee plays six-card "
                                         "or five-card"):
        play_match("greedy", "random", 4, variant="seven-card", cache_dir=False)
    with pytest.raises(MatchError, match="--shards must be 1 to 2"):
        play_match("greedy", "random", 4, shards=3, cache_dir=False)
    with pytest.raises(PlayerError, match="unknown player 'grredy'"):
        play_match("grredy", "random", 4, cache_dir=False)


@pytest.mark.slow  # over 2 s on 2 cores
def test_a_match_killed_by_ctrl_c_resumes_from_its_cache(tmp_path):
    """``crib-stats match`` in a child process, SIGINT once two shards are in its cache: exit 130;
    the same match run again here reads those shards and computes only the others."""
    import os
    import signal
    import subprocess
    import sys
    import time

    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    argv = ["match", "greedy", "random", "--games", "40", "--shards", "10", "--seed", "6"]
    proc = subprocess.Popen([sys.executable, "-c", "import signal, sys; signal.signal(signal.SIGINT, "
                             "signal.default_int_handler); from crib_stats.presentation.cli import main; "
                             "sys.exit(main(sys.argv[1:]))", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    deadline = time.monotonic() + 300
    while len(list(tmp_path.rglob("shard-*.npz"))) < 2 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert proc.poll() is None, "finished before it was interrupted"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    cached = len(list(tmp_path.rglob("shard-*.npz")))
    assert 2 <= cached < 10
    again = play_match("greedy", "random", 40, seed=6, shards=10, cache_dir=tmp_path / "cache" / "crib-stats" / "match")
    assert again.computed == 10 - cached
    assert lines_of(again) == lines_of(play_match("greedy", "random", 40, seed=6, shards=10, cache_dir=False))


def test_the_warmups_compile_what_a_match_calls():
    """kernels.warmup() gives the two whole-game kernels the signatures a match calls them with:
    a match and its records after the warmups add none."""
    from crib_stats.kernels import gamerecords, wholegames

    wholegames.warmup()
    gamerecords.warmup()
    before = (list(wholegames.greedy_games.signatures), list(gamerecords.write_records.signatures))
    assert all(len(s) == 1 for s in before)
    list(play_match("greedy", "greedy", 4, cache_dir=False).lines())
    assert (list(wholegames.greedy_games.signatures), list(gamerecords.write_records.signatures)) == before
