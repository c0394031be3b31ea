"""The sweep: the naive twin on reduced decks, per-deal values against the discard analysis,
the pinned six-card figure, the committed data, and the engine (shards, cache, Dask)."""

import json
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import reference
from crib_stats.core import tables
from crib_stats.core.cards import Card, RANK_NAMES
from crib_stats.core.engine import SweepError
from crib_stats.core.errors import CribStatsError
from crib_stats.discard.analysis import evaluate
from crib_stats.discard.crib_models import get_model
from crib_stats.discard.shards import ROLES, memo, run_shard
from crib_stats.discard.sweep import FULL_DECK, SweepResult, run_sweep
from crib_stats.kernels import combinatorics, sweep as ks
from crib_stats.model.variants import variant as get_variant
from crib_stats.presentation.report import sweep_text

DATA = Path(__file__).resolve().parents[2] / "crib_stats" / "data"
VARIANTS = ("six-card", "five-card", "three-player", "four-player")


def as_twin(result: SweepResult) -> dict:
    """A result's JSON summary and tables in the twin's form (ranks 1..13)."""
    summary = result.as_dict()["roles"]
    tabs = result.tables()
    out = reference.new_sweep_tallies()
    num = lambda label: RANK_NAMES.index(label) + 1  # noqa: E731
    for role in ROLES:
        t = out[role]
        s = result.role(role)
        t.update(deals=s.deals, differs=s.differs, ties=s.ties, ties_after_hand=s.ties_after_hand,
                 ties_by_key=s.ties_by_key, differs_key=summary[role]["throws_other_ranks_than_hand_only"],
                 trade_sum=summary[role]["gain_over_best_hand_optimal_sum"])
        for k in ("hand_sum", "crib_sum", "objective_sum", "gain_sum"):
            t[k] = summary[role][k]
        assert Fraction(t["trade_sum"], result.crib_denominator) == s.mean_gain_trade
        th = tabs["throws"][(tabs["throws"]["role"] == role) & (tabs["throws"]["deals"] > 0)]
        for row in th.itertuples():
            key = (tuple(num(x) for x in row.throw.split()), None if row.suited is None else bool(row.suited))
            t["throws"][key] = [row.deals, row.hand_sum, row.crib_sum]
        kp = tabs["keeps"][tabs["keeps"]["role"] == role]
        for row in kp.itertuples():
            t["keeps"][tuple(num(x) for x in row.keep.split())] = [row.deals, row.hand_sum]
        hb = tabs["hand_bins"][(tabs["hand_bins"]["role"] == role) & (tabs["hand_bins"]["deals"] > 0)]
        t["bins"] = {int(round(row.hand_from * 2)): row.deals for row in hb.itertuples()}
    return out


# ------------------------------------------------------------------------------------------
# The naive twin: every deal of a reduced deck, every output
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("var, deck", [
    ("six-card", (2, 3, 4)),      # 3 4 5: runs, 5-5-5 and 3-3-4-5 fifteens
    ("six-card", (3, 4, 10)),     # 4 5 J: 5-J fifteens, nobs in hand and crib
    ("six-card", (9, 10, 11)),    # 10 J Q: runs with a jack, nobs
    ("five-card", (0, 4, 9)),     # A 5 10
    ("five-card", (3, 4, 10)),
    ("three-player", (2, 3, 4)),
    ("four-player", (3, 4, 10)),
])
def test_reduced_sweep_equals_naive_twin(var, deck):
    v = get_variant(var)
    got = run_sweep(var, deck_ranks=deck, cache_dir=False, shards=3)
    assert got.deals == comb(4 * len(deck), v.dealt)
    expected = reference.sweep(deck, v.dealt, v.throw, v.others_to_crib)
    twin = as_twin(got)
    for role in ROLES:
        assert twin[role] == expected[role], role


@pytest.mark.parametrize("var, deck", [("six-card", (3, 4, 10)), ("three-player", (9, 10, 11))])
def test_deal_values_equal_twin_on_every_class_of_a_reduced_deck(var, deck):
    v = get_variant(var)
    m = memo(v.name, deck)
    deals, _ = tables.suit_classes(v.dealt, deck)
    codes = [r * 4 + s for r in deck for s in range(4)]
    throws = combinatorics.combinations(v.dealt, v.throw)
    n = throws.shape[0]
    hs, cs, tk, kk = (np.zeros(n, np.int64) for _ in range(4))
    for cards in deals.astype(np.int64):
        key = 0
        for c in cards:
            key = key * 13 + (int(c) >> 2)
        ks.deal_values(cards, m["index"][key], m["rank_hand"], m["rank_crib"], throws, len(deck), 10 in deck,
                       v.others_to_crib, hs, cs, tk, kk)
        for q in range(n):
            thrown = tuple(int(cards[i]) for i in throws[q])
            assert (hs[q], cs[q]) == reference.throw_values(tuple(int(c) for c in cards), thrown,
                                                            v.others_to_crib, codes), (cards, thrown)


# ------------------------------------------------------------------------------------------
# Full deck: per-deal values against the discard analysis, one shard against the per-deal model
# ------------------------------------------------------------------------------------------


def _values(var, cards):
    v = get_variant(var)
    m = memo(v.name, FULL_DECK)
    key = 0
    for c in cards:
        key = key * 13 + (int(c) >> 2)
    throws = combinatorics.combinations(v.dealt, v.throw)
    n = throws.shape[0]
    hs, cs, tk, kk = (np.zeros(n, np.int64) for _ in range(4))
    ks.deal_values(np.asarray(cards, np.int64), m["index"][key], m["rank_hand"], m["rank_crib"], throws,
                   13, True, v.others_to_crib, hs, cs, tk, kk)
    return hs, cs


@pytest.mark.parametrize("var, n", [("six-card", 12), ("five-card", 8), ("three-player", 3)])
def test_deal_values_equal_discard_evaluate(var, n):
    v = get_variant(var)
    deals, _ = tables.suit_classes(v.dealt)
    rng = np.random.default_rng(11)
    picks = list(rng.choice(len(deals), n, replace=False))
    # a deal with jacks and a flush draw, whatever the sample
    picks.append(int(np.nonzero((deals[:, 0] == 40) & (deals[:, 1] == 41))[0][0]))
    unseen = 52 - v.dealt
    per = comb(unseen - 1, v.others_to_crib)
    for d in picks:
        cards = [int(c) for c in deals[d]]
        hs, cs = _values(var, cards)
        results = evaluate([str(Card.from_code(c)) for c in cards], role="dealer", variant=var)
        assert [r.hand_ev for r in results] == [Fraction(int(h), unseen) for h in hs], cards
        assert [r.crib_ev for r in results] == [Fraction(int(c), unseen * per) for c in cs], cards


@pytest.mark.parametrize("var, lo, hi", [("six-card", 500_000, 500_200), ("five-card", 70_000, 70_200)])
def test_shard_equals_per_deal_model_and_twin_rule(var, lo, hi):
    """Every tally of a slice of full-deck suit classes equals the twin's tie rule applied to
    the per-deal kernel of the discard analysis (unsymmetrised, card by card)."""
    v = get_variant(var)
    deals, weights = tables.suit_classes(v.dealt)
    arrays = run_shard(v.name, FULL_DECK, deals[lo:hi], weights[lo:hi])
    from crib_stats.discard.shards import Tallies

    unseen = 52 - v.dealt
    got = SweepResult(v.name, "random", FULL_DECK, int(weights[lo:hi].sum()), hi - lo, unseen,
                      comb(unseen - 1, v.others_to_crib), Tallies(**arrays), memo(v.name, FULL_DECK)["keep_sets"])
    model = get_model("random")
    expected = reference.new_sweep_tallies()
    splits = list(__import__("itertools").combinations(range(v.dealt), v.throw))
    for d in range(lo, hi):
        cards = [int(c) for c in deals[d]]
        throws = [tuple(cards[i] for i in s) for s in splits]
        keeps = np.array([[c for c in cards if c not in t] for t in throws], np.int64)
        out = model.outcomes(keeps, np.array(throws, np.int64), np.array([c for c in range(52) if c not in cards]),
                             v, -1, 1)
        values = [(int(out.hand_by_starter[q].sum()), int(out.crib_sum_by_starter[q].sum())) for q in range(len(throws))]
        reference.sweep_add_deal(expected, int(weights[d]), cards, throws, values, unseen, out.per_starter)
    twin = as_twin(got)
    for role in ROLES:
        assert twin[role] == expected[role], role


# ------------------------------------------------------------------------------------------
# The pinned figure and the committed data
# ------------------------------------------------------------------------------------------


def test_six_card_hand_only_mean_is_pinned():
    r = run_sweep("six-card", cache_dir=False)
    assert r.deals == comb(52, 6) and r.classes == 962_988
    assert r.role("hand").mean_hand == Fraction(11422361, 1377194)


@pytest.mark.parametrize("var", VARIANTS)
def test_committed_data_equals_a_fresh_sweep(var):
    """Drift detector: the sweep files are written by this code; the sweep is held to the naive twin by
    test_reduced_sweep_equals_naive_twin."""
    r = run_sweep(var, cache_dir=False)
    committed = json.loads((DATA / "sweep_summary.json").read_text(encoding="utf-8"))[var]
    assert committed == json.loads(json.dumps(r.as_dict()))
    for name, df in r.tables().items():
        stored = pd.read_parquet(DATA / f"sweep_{var}_{name}.parquet")
        pd.testing.assert_frame_equal(stored, df, check_dtype=False)


def test_write_keeps_other_variants_and_round_trips(tmp_path):
    a = run_sweep("six-card", deck_ranks=(2, 3, 4), cache_dir=False)
    b = run_sweep("three-player", deck_ranks=(2, 3, 4), cache_dir=False)
    a.write(tmp_path)
    paths = b.write(tmp_path)
    assert sorted(p.name for p in paths) == ["sweep_summary.json", "sweep_three-player_hand_bins.parquet",
                                            "sweep_three-player_keeps.parquet", "sweep_three-player_throws.parquet"]
    summary = json.loads((tmp_path / "sweep_summary.json").read_text(encoding="utf-8"))
    assert sorted(summary) == ["six-card", "three-player"]
    assert summary["six-card"]["deck_ranks"] == ["3", "4", "5"]
    mean = summary["six-card"]["roles"]["dealer"]["mean_objective_exact"]
    assert Fraction(mean) == a.role("dealer").mean_objective
    assert Fraction(summary["six-card"]["roles"]["dealer"]["objective_sum"], a.crib_denominator) == Fraction(mean)
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "sweep_six-card_keeps.parquet"), a.tables()["keeps"])


def test_three_and_four_player_agree_under_the_random_model():
    # the random crib model sees the same 3 other cards whoever supplies them
    a, b = (run_sweep(v, cache_dir=False) for v in ("three-player", "four-player"))
    assert a.tallies == b.tallies


def test_summary_and_tables_shapes():
    r = run_sweep("five-card", cache_dir=False)
    tabs = r.tables()
    assert len(tabs["throws"]) == 3 * 169
    for role in ROLES:
        assert tabs["throws"][tabs["throws"]["role"] == role]["deals"].sum() == comb(52, 5)
        assert tabs["keeps"][tabs["keeps"]["role"] == role]["deals"].sum() == comb(52, 5)
        assert tabs["hand_bins"][tabs["hand_bins"]["role"] == role]["deals"].sum() == comb(52, 5)
        s = r.role(role)
        assert s.mean_objective == s.mean_hand + {"hand": 0, "dealer": 1, "pone": -1}[role] * s.mean_crib
    d, p, h = (r.role(x) for x in ("dealer", "pone", "hand"))
    assert h.mean_hand >= max(d.mean_hand, p.mean_hand)  # hand-only maximises E[hand] deal by deal
    assert d.mean_crib >= h.mean_crib >= p.mean_crib
    assert d.mean_gain > 0 and p.mean_gain > 0 and h.mean_gain == 0 and h.differs == 0
    assert h.mean_gain_trade == 0 and h.differs_key == 0
    assert 0 < d.mean_gain_trade <= d.mean_gain and 0 < p.mean_gain_trade <= p.mean_gain  # max over hand-optimal
    ks.warmup()  # compiles every sweep kernel on the smallest inputs without raising
    text = sweep_text(r)
    assert "five-card sweep" in text and "2,598,960 deals" in text and str(h.mean_hand) in text


# ------------------------------------------------------------------------------------------
# The engine: shards, the cache, Dask
# ------------------------------------------------------------------------------------------


def test_shard_count_does_not_change_the_result():
    results = [run_sweep("five-card", shards=n, cache_dir=False) for n in (1, 7, 64)]
    assert results[0] == results[1] == results[2]


def test_killed_run_resumes_from_the_cache(tmp_path):
    seen = []

    def stop_after_three(done, total):
        seen.append((done, total))
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep("six-card", deck_ranks=(2, 3, 4, 10), shards=8, cache_dir=tmp_path, progress=stop_after_three)
    assert seen[0] == (0, 8) and seen[-1] == (3, 8)
    files = sorted(p.name for p in tmp_path.rglob("shard-*.npz"))
    assert len(files) == 3 and not list(tmp_path.rglob("*.tmp"))
    calls = []
    resumed = run_sweep("six-card", deck_ranks=(2, 3, 4, 10), shards=8, cache_dir=tmp_path,
                        progress=lambda d, t: calls.append(d))
    assert resumed.from_cache == 3 and calls == [3, 4, 5, 6, 7, 8]
    fresh = run_sweep("six-card", deck_ranks=(2, 3, 4, 10), shards=8, cache_dir=tmp_path, fresh=True)
    assert fresh.from_cache == 0 and fresh == resumed
    again = run_sweep("six-card", deck_ranks=(2, 3, 4, 10), shards=8, cache_dir=tmp_path)
    assert again.from_cache == 8 and again == resumed
    # another shard count is another key: nothing shared
    assert run_sweep("six-card", deck_ranks=(2, 3, 4, 10), shards=5, cache_dir=tmp_path).from_cache == 0


@pytest.mark.slow  # a subprocess loads numba and the kernels: a few seconds
def test_process_killed_mid_run_resumes(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time

    script = (
        "import time\n"
        "from crib_stats.discard.sweep import run_sweep\n"
        "def hang(done, total):\n"
        "    if done == 3:\n"
        "        time.sleep(600)\n"
        f"run_sweep('five-card', deck_ranks=(2, 3, 4, 10), shards=6, cache_dir={str(tmp_path)!r}, progress=hang)\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=root, env=env)
    try:
        deadline = time.monotonic() + 120
        while len(list(tmp_path.rglob("shard-*.npz"))) < 3 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert len(list(tmp_path.rglob("shard-*.npz"))) == 3
    resumed = run_sweep("five-card", deck_ranks=(2, 3, 4, 10), shards=6, cache_dir=tmp_path)
    assert resumed.from_cache == 3
    assert resumed == run_sweep("five-card", deck_ranks=(2, 3, 4, 10), shards=6, cache_dir=False)


@pytest.mark.slow  # two clusters start: about 10 s on 2 idle cores
def test_dask_clusters_give_the_in_process_result(tmp_path):
    pytest.importorskip("distributed")
    from distributed import LocalCluster

    here = run_sweep("five-card", shards=6, cache_dir=False)
    local = run_sweep("five-card", shards=6, cache_dir=tmp_path / "a", scheduler="local", workers=2)
    assert local == here and local.from_cache == 0
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        remote = run_sweep("five-card", shards=4, cache_dir=tmp_path / "b", scheduler=cluster.scheduler_address)
    assert remote == here


@pytest.mark.parametrize("kwargs, fragment", [
    ({"variant": "seven-card"}, "unknown variant"),
    ({"crib_model": "smart"}, "unknown crib model"),
    ({"scheduler": "udp://x"}, "scheduler must be local or a Dask address"),
    ({"shards": 0}, "shards must be a positive"),
    ({"deck_ranks": (3, 14)}, "deck ranks are 0"),
    ({"deck_ranks": (3, 4)}, "too small"),
    ({"deck_ranks": ("five",)}, "deck ranks are 0"),
])
def test_bad_requests(kwargs, fragment):
    with pytest.raises(CribStatsError, match=fragment):
        run_sweep(**{"cache_dir": False, **kwargs})
    assert issubclass(SweepError, CribStatsError)
