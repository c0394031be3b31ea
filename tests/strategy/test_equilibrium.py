"""The rank-level discard game: kernels against the naive twin on reduced decks, the solver's
exploitability checked by brute-force best responses, Hessel's iteration on the full deck."""

from __future__ import annotations

import numpy as np
import pytest

import reference as ref
from crib_stats.core.cards import RANK_NAMES, multiset_text
from crib_stats.strategy import equilibrium as eq
from crib_stats.strategy.card_removal import card_removal_error
from crib_stats.strategy.hessel import hessel
from crib_stats.strategy.solution import solution_tables

DECK = (0, 3, 4, 10)  # aces, fours, fives, jacks: fifteens, runs, pairs and nobs all occur
DECK5 = (1, 4, 8, 10, 12)  # 2 5 9 J K


def _ms(g, h):
    return tuple(r for r in range(13) for _ in range(int(g.counts[h, r])))


def _pair(key):
    return divmod(int(key), 13)


def _to_dict(g, sigma):
    out = {}
    for h in range(len(g.weights)):
        out[_ms(g, h)] = {_pair(g.tkeys[h, j]): float(sigma[h, j]) for j in range(g.nt[h]) if sigma[h, j] > 0}
    return out


@pytest.mark.parametrize("deck", [DECK, DECK5])
def test_hands_weights_and_hand_values_match_the_twin(deck):
    g = eq.game(deck)
    weights = ref.game_multisets(deck)
    assert {_ms(g, h): int(g.weights[h]) for h in range(len(g.weights))} == weights
    for h in range(len(g.weights)):
        ms = _ms(g, h)
        throws = ref.game_throws(ms)
        assert {_pair(g.tkeys[h, j]) for j in range(g.nt[h])} == set(throws)
        for j in range(g.nt[h]):
            want = ref.game_hand_value(deck, ms, _pair(g.tkeys[h, j]))
            assert g.hand_ev[h, j] == pytest.approx(float(want), abs=1e-12)


@pytest.mark.slow  # over 10 s on 2 cores
@pytest.mark.parametrize("deck", [DECK, DECK5])
def test_crib_values_match_the_twin_against_mixed_and_pure_strategies(deck):
    g = eq.game(deck)
    rng = np.random.default_rng(7)
    mixed = np.where(g.valid, rng.random(g.tkeys.shape), 0.0)
    mixed /= mixed.sum(axis=1, keepdims=True)
    pure = eq.best_response(g, g.hand_ev)
    values = g.crib(mixed, pure)
    for a, sigma in enumerate((mixed, pure)):
        as_dict = _to_dict(g, sigma)
        for h in range(0, len(g.weights), 3 if deck == DECK else 29):
            ms = _ms(g, h)
            for j in range(g.nt[h]):
                want = ref.game_crib_value(deck, ms, _pair(g.tkeys[h, j]), as_dict)
                assert values[a, h, j] == pytest.approx(want, rel=1e-12)


@pytest.mark.parametrize("deck", [DECK, DECK5, (1, 4, 6, 9, 10, 11, 12)])
def test_the_closed_form_cribs_against_the_random_strategy_are_the_kernels(deck):
    """Hessel's start: the cribs against the random strategy in closed form against the kernel's
    pass over every opponent hand (itself held to the twin above), on decks with and without jacks."""
    g = eq.game(deck)
    want = g.crib(eq.random_crib_start(g))[0]
    got = eq.random_cribs(g, rows=37)  # several row blocks, the last one short
    assert np.allclose(got, want, rtol=1e-12, atol=1e-12) and not np.allclose(got, 0)
    assert (got[~g.valid] == 0).all()


def test_crib_values_are_linear_so_differences_add_up():
    """Also when two hands swap throws of equal weight, so a pair's mass cancels but not the
    ranks of the hands behind it."""
    g = eq.game(DECK)
    rng = np.random.default_rng(1)
    for a, b in [(eq.random_crib_start(g), eq.best_response(g, g.hand_ev)),
                 (eq.best_response(g, g.hand_ev), eq.best_response(g, g.hand_ev + rng.random(g.tkeys.shape)))]:
        va, vb, vd = g.crib(a, b, b - a)
        assert np.allclose(np.where(g.valid, va + vd, 0), np.where(g.valid, vb, 0), atol=1e-12)


def test_a_strategy_has_the_same_cribs_alone_as_in_a_stack():
    """Hessel's and the solver's start compute the crib against the random start once for both
    sides; that is the stack's values bit for bit."""
    g = eq.game(DECK)
    rnd, br = eq.random_crib_start(g), eq.best_response(g, g.hand_ev)
    stacked = g.crib(rnd, br, rnd)
    assert np.array_equal(g.crib(rnd)[0], stacked[0]) and np.array_equal(stacked[0], stacked[2])
    assert np.array_equal(g.crib(br)[0], stacked[1])


@pytest.mark.slow  # over 2 s on 2 cores
def test_exploitability_of_a_known_pair_matches_brute_force_best_responses():
    g = eq.game(DECK)
    sd = eq.best_response(g, g.hand_ev)  # the hand-only policy for both
    sp = eq.random_crib_start(g)  # every card throw equally likely
    e = eq.exploitability(g, sd, sp)
    d_gain, p_gain, value = ref.game_exploitability(DECK, _to_dict(g, sd), _to_dict(g, sp))
    assert e.dealer_gain == pytest.approx(d_gain, abs=1e-12)
    assert e.pone_gain == pytest.approx(p_gain, abs=1e-12)
    assert e.value == pytest.approx(value, abs=1e-12)
    assert e.pone_gain > 0.01  # throwing at random is far from a best response


@pytest.mark.slow  # over 10 s on 2 cores
def test_the_solver_reaches_an_epsilon_equilibrium_certified_by_brute_force():
    """The brute-force best responses bracket the game value: the dealer's strategy guarantees
    at least value - pone gain, the pone's at most value + dealer gain; the solver's reported
    exploitability must be what the twin finds and below the target."""
    g = eq.game(DECK)
    sol = eq.solve(g, target=1e-3, max_iter=500)
    assert sol.exploitability[-1] < 1e-3
    assert sol.exploitability[0] > 1e-3  # it started away from equilibrium
    d_gain, p_gain, value = ref.game_exploitability(DECK, _to_dict(g, sol.sigma_dealer), _to_dict(g, sol.sigma_pone))
    assert d_gain + p_gain == pytest.approx(sol.exploitability[-1], abs=1e-9)
    assert value == pytest.approx(sol.value, abs=1e-9)
    # pure best-response iteration from the same start does not settle in this game
    assert sol.iterations > 2


def test_hessel_iteration_on_a_small_deck_ends_in_a_fixed_point_or_a_cycle():
    g = eq.game(DECK5)
    res = hessel(g)
    assert res.cycle >= 1
    # at a fixed point each side's throws are best responses to the tables
    thrown = res.sigma_dealer.argmax(1)
    obj = np.where(g.valid, g.hand_ev + np.nan_to_num(res.dealer)[np.maximum(g.tkeys, 0)], -np.inf)
    if res.cycle == 1:
        assert np.all(obj[np.arange(len(obj)), thrown] == obj.max(1))


@pytest.mark.slow  # over 10 s on 2 cores
def test_exact_full_card_cribs_match_the_twin():
    from itertools import combinations

    from crib_stats.kernels import equilibrium as ke
    from crib_stats.core.tables import rank_table

    g = eq.game(DECK)
    sigma = eq.best_response(g, g.hand_ev + np.random.default_rng(3).random(g.tkeys.shape))
    sigma = 0.5 * sigma + 0.5 * eq.random_crib_start(g)
    deck = np.array([r * 4 + s for r in DECK for s in range(4)], np.int64)
    rng = np.random.default_rng(11)
    deals = np.sort(np.array([rng.choice(deck, 6, replace=False) for _ in range(4)]), axis=1)
    other = eq.random_crib_start(g)
    got = ke.exact_cribs(deals, deck, ke.rank_rows(g.counts), g.tkeys, g.nt, np.stack([sigma, other]), rank_table(5))
    for a, s in enumerate((sigma, other)):
        as_dict = _to_dict(g, s)
        for d, deal in enumerate(deals.tolist()):
            for t, (i, j) in enumerate(combinations(range(6), 2)):
                want = ref.game_exact_crib(DECK, deal, (deal[i], deal[j]), as_dict)
                assert got[a, d, t] == pytest.approx(want, rel=1e-12)


# --- committed data (crib-stats crib-table --solve) ---------------------------------------------

def _data(name):
    from crib_stats.core.data import DATA_DIR as DATA

    path = DATA / name
    if not path.exists():
        pytest.skip(f"{name} not generated")
    return path


def test_the_reduced_solution_committed_is_what_the_code_computes():
    """Drift detector: data/equilibrium_reduced.json is written by this code; the solver is held to
    brute force by test_the_solver_reaches_an_epsilon_equilibrium_certified_by_brute_force."""
    import json

    from crib_stats.strategy.solution import reduced_result

    committed = json.loads(_data("equilibrium_reduced.json").read_text())
    fresh = json.loads(json.dumps(reduced_result()))
    assert fresh["summary"]["iterations"] == committed["summary"]["iterations"]
    for key in ("value", "mean_hand_dealer", "mean_hand_pone", "mean_crib", "exploitability"):
        assert fresh["summary"][key] == pytest.approx(committed["summary"][key], abs=1e-9)
    for a, b in zip(fresh["table"], committed["table"]):
        assert (a["r1"], a["r2"]) == (b["r1"], b["r2"])
        assert a["dealer_own_crib"] == pytest.approx(b["dealer_own_crib"], abs=1e-9)
        assert a["pone_into_dealer_crib"] == pytest.approx(b["pone_into_dealer_crib"], abs=1e-9)


def test_the_committed_summary_is_consistent_with_itself_and_the_strategies():
    import json

    import pandas as pd

    s = json.loads(_data("equilibrium_summary.json").read_text())
    assert s["exploitability"] < 0.005 <= s["trajectory"][0]
    assert s["exploitability"] == s["trajectory"][-1]
    assert s["value"] == pytest.approx(s["mean_hand_dealer"] + s["mean_crib"] - s["mean_hand_pone"], abs=1e-12)
    strat = pd.read_parquet(_data("equilibrium_strategy.parquet"))
    for role in ("dealer", "pone"):  # every hand's probabilities sum to one, every hand present
        sums = strat.groupby("hand")[role].sum()
        assert len(sums) == 18395 and np.allclose(sums, 1.0)
    weights = strat.groupby("hand").weight.first()
    assert int(weights.sum()) == 20358520  # C(52, 6)
    pairs = pd.read_parquet(_data("equilibrium_pairs.parquet"))
    assert len(pairs) == 91
    assert pairs.dealer_freq.sum() == pytest.approx(1.0) and pairs.pone_freq.sum() == pytest.approx(1.0)
    # the mean crib is the frequency-weighted mean of the pair table, from either side
    thrown_d = pairs.dealer_freq > 0
    assert (pairs.dealer_freq * pairs.dealer_own_crib)[thrown_d].sum() == pytest.approx(s["mean_crib"], abs=1e-9)
    thrown_p = pairs.pone_freq > 0
    assert (pairs.pone_freq * pairs.pone_into_dealer_crib)[thrown_p].sum() == pytest.approx(s["mean_crib"], abs=1e-9)


def test_the_equilibrium_table_model_reads_the_committed_csv():
    from crib_stats.discard.model_tables import crib_table, model_table
    from crib_stats.discard.crib_tables import render_csv

    _data("equilibrium_crib_table.csv")
    df = crib_table("equilibrium")
    assert len(df) == 91
    assert render_csv(model_table("equilibrium")) == _data("equilibrium_crib_table.csv").read_text()


def _committed_solution():
    """The committed strategies and their cribs (equilibrium_strategy.parquet) as the game's
    (H, 15) arrays: sigma_dealer, sigma_pone, crib_vs_pone, crib_vs_dealer."""
    import pandas as pd

    g = eq.game()
    strat = pd.read_parquet(_data("equilibrium_strategy.parquet"))
    names = {multiset_text(c): h for h, c in enumerate(g.counts)}
    h = np.array([names[x] for x in strat.hand])
    keys = np.array([RANK_NAMES.index(a) * 13 + RANK_NAMES.index(b) for a, b in (t.split() for t in strat.throw)])
    j = np.argmax(g.tkeys[h] == keys[:, None], axis=1)
    assert np.array_equal(g.tkeys[h, j], keys)
    assert len(set(zip(h.tolist(), j.tolist()))) == len(strat) == g.valid.sum()  # every throw, once
    arrays = []
    for column in ("dealer", "pone", "dealer_crib", "pone_crib"):
        a = np.zeros(g.tkeys.shape)
        a[h, j] = strat[column].to_numpy()
        arrays.append(a)
    return g, arrays


def test_the_committed_pair_table_is_made_of_the_committed_strategies_and_cribs():
    """The pair table (equilibrium_pairs.parquet) is the strategies' mean of the cribs the
    strategy file commits beside them, exactly as the solver's tables are made."""
    import pandas as pd

    g, (sd, sp, vs_p, vs_d) = _committed_solution()
    fresh = solution_tables(eq.Solution(g, sd, sp, vs_p, vs_d))
    pairs = pd.read_parquet(_data("equilibrium_pairs.parquet"))
    for column in ("dealer_own_crib", "pone_into_dealer_crib", "dealer_freq", "pone_freq"):
        assert np.allclose(fresh[column], pairs[column], atol=1e-9, rtol=0), column


@pytest.mark.slow  # a few seconds: a twentieth of the crib's pass over every hand
def test_the_committed_cribs_are_what_the_kernel_computes_against_the_committed_strategies():
    """Drift detector, reduced: the crib of every throw of eight runs of hands from seeded starts
    spread over the hands (a twentieth of them in all: hands of every lowest rank), computed again
    against the committed strategies of the whole deck, is the committed crib (the whole pass
    takes half a minute: crib-stats crib-table --solve recomputes it; the kernel itself is held
    to the twin by test_crib_values_match_the_twin_*)."""
    g, (sd, sp, vs_p, vs_d) = _committed_solution()
    hands, runs = len(g.weights), 8
    n = hands // 20 // runs
    rng = np.random.default_rng(20)
    stack = np.ascontiguousarray(np.stack([sp, sd]))
    for k in range(runs):  # one run in each eighth of the hands
        lo = k * hands // runs + int(rng.integers(0, hands // runs - n))
        _, fresh = eq.crib_rows(g.deck_ranks, stack, lo, lo + n)
        valid = g.valid[lo:lo + n]
        assert np.allclose(fresh[0][valid], vs_p[lo:lo + n][valid], atol=1e-9, rtol=0), lo
        assert np.allclose(fresh[1][valid], vs_d[lo:lo + n][valid], atol=1e-9, rtol=0), lo


@pytest.mark.slow  # over 10 s on 2 cores
def test_kernel_warmup_compiles_every_equilibrium_kernel():
    from crib_stats.kernels import equilibrium as ke

    ke.warmup()
    assert all(f.signatures for f in (ke.game_hands, ke.hand_values, ke.crib_values, ke.exact_cribs, ke.rank_rows))


def test_hessel_reproduction_is_within_three_hundredths_of_the_published_table():
    import pandas as pd

    from crib_stats.core.data import DATA_DIR as DATA
    from crib_stats.discard.crib_tables import load_table

    published = load_table(DATA / "hessel_tables.csv")
    ours = pd.read_csv(_data("hessel_reproduction.csv"), dtype={"r1": str, "r2": str})
    for side, arr in (("dealer", published.dealer), ("pone", published.pone)):
        diffs = [getattr(r, f"{side}_ours") - arr[RANK_NAMES.index(r.r1), RANK_NAMES.index(r.r2)]
                 for r in ours.itertuples()]
        assert len(diffs) == 91 and np.mean(np.abs(diffs)) <= 0.03


def test_hessel_reduced_committed_is_what_the_code_computes():
    """Drift detector, reduced: Hessel's iteration on the A 4 5 J deck (13 iterations into a cycle
    of 6, a third of a second), committed beside the reduced solution by the job that writes
    hessel_reproduction.csv (the full deck's, 20 s: crib-stats crib-table --solve); the full
    deck's table is held to Hessel's published one by
    test_hessel_reproduction_is_within_three_hundredths_of_the_published_table."""
    import json

    from crib_stats.strategy.solution import REDUCED, hessel_tables

    committed = json.loads(_data("equilibrium_reduced.json").read_text())["hessel"]
    g = eq.game(REDUCED)
    fresh = hessel_tables(hessel(g), g.deck_ranks)
    assert (fresh["iterations"], fresh["cycle"]) == (committed["iterations"], committed["cycle"]) and fresh["cycle"] > 1
    for a, b in zip(fresh["table"], committed["table"], strict=True):
        assert (a["r1"], a["r2"]) == (b["r1"], b["r2"])
        assert a["dealer"] == pytest.approx(b["dealer"], abs=1e-9) and a["pone"] == pytest.approx(b["pone"], abs=1e-9)


# --- the solver on the engine: shards, Dask, a killed run -------------------------------------

_STATE = ("sigma_dealer", "sigma_pone", "crib_vs_pone", "crib_vs_dealer")


def _same_solution(a, b):
    return (all(np.array_equal(getattr(a, k), getattr(b, k)) for k in _STATE)
            and a.exploitability == b.exploitability and a.gains == b.gains)


def test_crib_values_do_not_depend_on_the_shards():
    g = eq.game(DECK5)
    rng = np.random.default_rng(5)
    sigma = np.where(g.valid, rng.random(g.tkeys.shape), 0.0)
    sigma /= sigma.sum(axis=1, keepdims=True)
    whole = g.crib(sigma, eq.random_crib_start(g))
    for shards in (2, 7, len(g.weights) + 3):  # more shards than hands: empty shards too
        assert np.array_equal(g.crib(sigma, eq.random_crib_start(g), shards=shards), whole)


def test_fictitious_play_is_the_same_on_any_number_of_shards():
    g = eq.game(DECK)
    one = eq.solve(g, target=1e-3, max_iter=60)
    assert _same_solution(eq.solve(g, target=1e-3, max_iter=60, shards=4), one)


def test_a_killed_solve_resumes_from_its_checkpoint_and_ends_where_an_unbroken_run_ends(tmp_path):
    g = eq.game(DECK)
    unbroken = eq.solve(g, target=1e-3, max_iter=40)

    def kill_at_12(i, e):
        if i == 12:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        eq.solve(g, target=1e-3, max_iter=40, checkpoint=eq.Checkpoint(g.deck_ranks, tmp_path), progress=kill_at_12)
    seen = []
    resumed = eq.solve(g, target=1e-3, max_iter=40, checkpoint=eq.Checkpoint(g.deck_ranks, tmp_path),
                       progress=lambda i, e: seen.append(i))
    assert resumed.resumed_from == 12 and seen[0] == 12  # iterations 1..12 were not redone
    assert _same_solution(resumed, unbroken)
    fresh = eq.solve(g, target=1e-3, max_iter=40, checkpoint=eq.Checkpoint(g.deck_ranks, tmp_path, fresh=True))
    assert fresh.resumed_from == 0 and _same_solution(fresh, unbroken)


def test_a_checkpoint_of_another_deck_is_not_read(tmp_path):
    a, b = eq.Checkpoint(DECK, tmp_path), eq.Checkpoint(DECK5, tmp_path)
    assert a.dir != b.dir
    eq.solve(eq.game(DECK), target=1e-3, max_iter=3, checkpoint=a)
    assert a.load()["t"] == 3 and b.load() is None


def test_card_removal_is_the_same_on_any_shards_and_resumes_from_its_cache(tmp_path):
    g = eq.game(DECK)
    sol = eq.solve(g, target=1e-3, max_iter=30)
    whole = card_removal_error(sol, n_deals=6, seed=3)
    slices = []
    cut = card_removal_error(sol, n_deals=6, seed=3, shards=4, cache_root=tmp_path,
                                progress=lambda d, n: slices.append(d))
    assert cut.equals(whole) and slices == [1, 2, 3, 4]
    again = []
    cached = card_removal_error(sol, n_deals=6, seed=3, shards=4, cache_root=tmp_path,
                                   progress=lambda d, n: again.append(d))
    assert cached.equals(whole) and again == []  # every slice came from the cache


@pytest.mark.slow
def test_fictitious_play_on_a_dask_cluster_is_bit_for_bit_the_in_process_solution():
    from crib_stats.core.engine import Executor

    g = eq.game(DECK)
    here = eq.solve(g, target=1e-3, max_iter=15)
    with Executor("local", 2) as ex:
        there = eq.solve(g, target=1e-3, max_iter=15, executor=ex, shards=3)
    assert _same_solution(there, here)


def test_a_result_computed_by_other_kernel_sources_is_refused():
    from crib_stats.core.engine import SweepError, checked
    from crib_stats.runtime.cache import source_digest

    assert checked((source_digest(), "payload")) == "payload"
    with pytest.raises(SweepError, match="other kernel sources"):
        checked(("0" * 16, "payload"))
