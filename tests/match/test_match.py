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
from crib_stats.model.seats import names as seat_names, team_names
from crib_stats.model.variants import variant as get_variant
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


def names_of(v) -> dict:
    """{seat: "greedy"} for every seat of the variant."""
    return {s: "greedy" for s in seat_names(v.players)}


KERNEL_VARIANTS = [("six-card", None), ("five-card", None), ("three-player", None), ("three-player", 61),
                   ("four-player", None)]


@pytest.mark.parametrize("variant, target, seed, decks", [
    ("six-card", None, 0, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
    ("six-card", None, 7, [0, 3, 250, 4_099, 123_456]),
    ("five-card", None, 0, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
    ("five-card", None, 11, [5, 77, 1_000_003]),
    *(pytest.param(*case, marks=pytest.mark.slow) for case in (  # each over 2 s on 2 cores
        ("three-player", None, 0, [0, 1, 2, 3, 4, 5, 6, 7]),
        ("three-player", None, 13, [9, 511, 2_000_001]),
        ("three-player", 61, 0, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
        ("four-player", None, 0, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        ("four-player", None, 17, [3, 255, 3_000_001]),
        ("six-card muggins", None, 1, [0, 1, 2, 3]),
        ("three-player muggins", 61, 1, [0, 1, 2, 3]),
        ("four-player muggins", None, 1, [0, 1, 2, 3]))),
])
def test_the_kernels_games_are_the_referees_byte_for_byte(variant, target, seed, decks):
    """A sample of the kernel's games (their decisions, recorded by the referee) against the
    Python referee's own greedy games of the same decks, greedy in every seat (its decisions
    untimed), and replayed through the referee (Game.from_record: every decision legal, every
    field what the rules give). With muggins the built-in players claim every show's true count:
    the kernel's games, their claims read off its shows."""
    variant, muggins = variant.split()[0], variant.endswith("muggins")
    v = get_variant(variant, target, muggins or None)
    got = kernel_lines(seed, np.array(decks), v, names_of(v))
    assert len(got) == len(decks)
    heels = five_card_last = 0
    for deck, line in zip(decks, got):
        want = untimed(play_game([GreedyPlayer() for _ in range(v.players)], seed, deck, v))
        assert line == compact(want), (variant, target, seed, deck)
        record = json.loads(line)
        Game.from_record(record)
        heels += sum(d["heels"] for d in record["deals"])
        five_card_last += record["deals"][0]["first_deal_last"]
    assert heels > 0  # the sample has his heels in it
    assert five_card_last == (3 * len(decks) if variant == "five-card" else 0)


@pytest.mark.parametrize("variant, target", KERNEL_VARIANTS[:2] + [pytest.param(*case, marks=pytest.mark.slow)
                                                                  for case in KERNEL_VARIANTS[2:]])  # over 2 s
def test_the_kernels_points_are_the_referees_point_for_point(variant, target):
    """The kernel scores its games itself (every card's points and their parts, every go and last
    card, every show's parts, every deal's scores by side, the winner and the final scores): all
    of it equals what the referee scores for the same decisions, in its record."""
    from crib_stats.kernels import wholegames as kw
    from crib_stats.match.greedy_games import play_decks

    v = get_variant(variant, target)
    sides = list(team_names(v.teams)) if v.teams else list(seat_names(v.players))
    seats = seat_names(v.players)
    decks = np.arange(40)
    games, deals, plays = play_decks(3, decks, v)
    d = p = 0
    for g, line in enumerate(kernel_lines(3, decks, v, names_of(v), (games, deals, plays))):
        rec = json.loads(line)
        assert len(rec["deals"]) == games[g, kw.W_DEALS]
        for j, deal in enumerate(rec["deals"]):
            row = deals[d + j]
            entries = plays[p:p + row[kw.D_PLAYS]]
            p += row[kw.D_PLAYS]
            assert [e["by"] for e in deal["plays"]] == [seats[e[kw.P_BY]] for e in entries]
            assert [e["points"] for e in deal["plays"]] == list(entries[:, kw.P_POINTS])
            assert [e.get("count") for e in deal["plays"]] == [None if e[kw.P_CARD] < 0 else e[kw.P_COUNT]
                                                                for e in entries]
            assert [bool(e.get("go")) for e in deal["plays"]] == list(entries[:, kw.P_CARD] < 0)
            assert [e.get("last", False) for e in deal["plays"]] == [bool(e[kw.P_LAST]) for e in entries]
            parts = [[s[k] for k in ("fifteens", "pairs", "runs", "flush", "nobs")] for s in deal["shows"]]
            assert parts == [list(row[kw.D_SHOW + 5 * s:kw.D_SHOW + 5 * s + 5]) for s in range(row[kw.D_SHOWS])]
            assert (deal["heels"], deal["first_deal_last"]) == (row[kw.D_HEELS], row[kw.D_FIRST_LAST])
            assert [deal["scores"][s] for s in sides] == list(row[kw.D_SCORE:kw.D_SCORE + len(sides)])
        d += games[g, kw.W_DEALS]
        assert rec["result"]["winner"] == sides[games[g, kw.W_WINNER]]
        assert [rec["result"]["scores"][s] for s in sides] == list(games[g, kw.W_SCORE:kw.W_SCORE + len(sides)])


@pytest.mark.parametrize("variant, target", KERNEL_VARIANTS)
def test_the_kernel_deals_the_referees_packs(variant, target):
    """Every deal's cards in the kernel's arrays are the referee's pack of (seed, deck, deal), in
    the order dealt (the dealer's, each seat's from the dealer's left, the crib's card, the
    starter): decks spaced as the referee spaces them (the three-player game's by 512)."""
    from crib_stats.kernels import wholegames as kw
    from crib_stats.match.greedy_games import play_decks
    from crib_stats.referee import deck

    v = get_variant(variant, target)
    decks = np.array([0, 1, 77, 2_000_003])
    games, deals, _ = play_decks(5, decks, v)
    d = 0
    for g, k in enumerate(decks):
        for j in range(games[g, kw.W_DEALS]):
            pk = deck.pack(5, int(k), j, v)
            want = [c.code for h in pk.hands for c in h] + ([pk.crib_card.code] if pk.crib_card else []) + [
                pk.starter.code]
            assert list(deals[d + j, kw.D_CARDS:]) == want
        d += games[g, kw.W_DEALS]


@pytest.mark.slow  # over 2 s on 2 cores (every variant's rank memo loaded)
def test_a_game_that_ends_in_the_play_or_on_his_heels_is_cut_where_it_ends():
    """Every way a kernel game can end (a card, a go, a show) appears in 2,000 games of each
    variant, and each game's last deal stops at the point that reached the target: the winner's
    side at the target or past it, every other side below it (the kernel's arrays, which the
    test above holds to the referee's records point for point)."""
    from crib_stats.kernels import wholegames as kw
    from crib_stats.match.greedy_games import play_decks

    for variant, target in KERNEL_VARIANTS:
        v = get_variant(variant, target)
        games, deals, plays = play_decks(2, np.arange(2000), v)
        ends = set()
        last_deal = np.cumsum(games[:, kw.W_DEALS]) - 1
        last_play = np.cumsum(games[:, kw.W_PLAYS]) - 1
        for g in range(len(games)):
            scores = games[g, kw.W_SCORE:kw.W_SCORE + v.sides]
            win = games[g, kw.W_WINNER]
            assert scores[win] >= v.target > np.delete(scores, win).max()
            row = deals[last_deal[g]]
            assert list(row[kw.D_SCORE:kw.D_SCORE + v.sides]) == list(scores)
            if row[kw.D_SHOWS]:
                ends.add("show")
            elif row[kw.D_PLAYS]:
                ends.add("go" if plays[last_play[g], kw.P_CARD] < 0 else "card")
            else:
                ends.add("heels")
        assert {"show", "card", "go"} <= ends, (variant, target, ends)


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
        from crib_stats.model.variants import variant as get_variant

        self.players, self.seed, self.variant = ("x", "y"), 0, variant
        self.a, self.b = self.players
        self.rules = get_variant(variant)
        self.target, self.muggins = self.rules.target, False
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
    with pytest.raises(MatchError, match="match: unknown variant 'seven-card'; choose one of six-card, five-card, "
                                         "three-player, four-player"):
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
    """kernels.warmup() gives the whole-game kernel the signature a match calls it with: a
    match and its records after the warmup add none, nor the games of any other variant."""
    from crib_stats.kernels import wholegames

    from crib_stats.match.greedy_games import play_decks

    wholegames.warmup()
    before = list(wholegames.greedy_games.signatures)
    assert len(before) == 1
    list(play_match("greedy", "greedy", 4, cache_dir=False).lines())
    for variant, target in KERNEL_VARIANTS:  # every variant's games: the same kernel, the same types
        play_decks(0, np.arange(2), get_variant(variant, target))
    assert list(wholegames.greedy_games.signatures) == before


@pytest.mark.slow  # over 2 s on 2 cores
@pytest.mark.parametrize("players, variant, target, muggins", [
    (("greedy", "greedy", "greedy"), "three-player", 61, False), (("greedy", "greedy"), "four-player", None, False),
    (("greedy", "greedy"), "six-card", 91, True)])
def test_a_greedy_match_of_any_variant_is_the_referees_match(monkeypatch, players, variant, target, muggins):
    """Every rotation of a deck, in the kernel's match, is the game the referee plays with greedy
    players in the rotation's seats: the same rows (every player's wins, scores, skunks, the
    first dealer's) and the same records."""
    from crib_stats.match import run

    a, b, *c = players
    kw = dict(c=c[0] if c else None, target=target, muggins=muggins, cache_dir=False)
    fast = play_match(a, b, 3 * len(players), 5, variant, **kw)
    monkeypatch.setattr(run, "uses_kernel", lambda *args: False)
    slow = play_match(a, b, 3 * len(players), 5, variant, **kw)
    assert fast.kernel and not slow.kernel
    assert np.array_equal(fast.rows, slow.rows)
    assert lines_of(fast) == lines_of(slow)
    assert fast.summary()["games"] == slow.summary()["games"] == 3 * len(players)
