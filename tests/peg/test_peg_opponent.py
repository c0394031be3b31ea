"""E[peg] of a keep against the equilibrium opponent: an opponent dealt six of the cards you have
not seen who throws by the solved discard game's purified strategy for their role.

The kernel (crib_stats.kernels.pegvalue) against the naive twin that reads the strategy file row
by row and enumerates the opponent's six-card rank multisets with itertools; and against a
card-level enumeration of every one of the C(46, 6) opponent hands of one deal."""

import json
import random
from fractions import Fraction
from itertools import chain, combinations
from math import comb

import numpy as np
import pytest

import reference
from crib_stats.peg import opponent as peg_opponent, tables as playvalue
from crib_stats.peg import value as peg_value
from crib_stats.discard.analysis import DiscardError, analyse
from crib_stats.kernels import pegvalue

ROLES = ("dealer", "pone")


def other(role):
    return "pone" if role == "dealer" else "dealer"


@pytest.fixture(scope="module")
def twin_keeps():
    """The twin's purified keeps per role, read straight from the committed Parquet file."""
    return {role: reference.equilibrium_purified(peg_opponent.STRATEGY_PATH, role) for role in ROLES}


def greedy_twin_value(pone, dealer):
    pts = reference.greedy_twin(list(pone), list(dealer))
    return pts[1] - pts[0]


def random_deals(n, seed):
    rng = random.Random(seed)
    return [sorted(rng.sample(range(52), 6)) for _ in range(n)]


# ------------------------------------------------------------------------ the purified strategy


@pytest.mark.slow  # over 2 s on 2 cores
def test_purified_keeps_are_the_files_most_probable_throws(twin_keeps):
    for role in ROLES:
        hands, kept = peg_opponent.equilibrium_keeps(role)
        ms = playvalue.multisets()
        assert len(hands) == len(twin_keeps[role]) == 18395
        for counts, k in zip(hands, kept):
            six = tuple(r + 1 for r in range(13) for _ in range(int(counts[r])))
            assert tuple(r + 1 for r in range(13) for _ in range(int(ms[k][r]))) == twin_keeps[role][six]
    # the roles' strategies differ (the pone keeps away from the dealer's crib)
    assert (peg_opponent.equilibrium_keeps("dealer")[1] != peg_opponent.equilibrium_keeps("pone")[1]).any()


def test_purified_keeps_take_the_first_most_probable_throw_on_a_tie():
    hand = np.array([0, 0, 0, 1, 1], np.int64)
    kept = np.array([10, 11, 12, 20, 21], np.int64)
    prob = np.array([0.25, 0.5, 0.5, 0.1, 0.9])
    assert peg_opponent.purified_keeps(hand, kept, prob, 2).tolist() == [11, 21]
    with pytest.raises(playvalue.PlayValueError, match="without a throw"):
        peg_opponent.purified_keeps(hand, kept, prob, 3)


# ------------------------------------------------------------------------ kernel against twin


@pytest.mark.parametrize("policy", ["greedy", pytest.param("minimax", marks=pytest.mark.slow)])
def test_equilibrium_peg_ev_against_the_twin(twin_keeps, policy):
    # random deals, both roles; every value from scratch: the greedy twin's own play, or the
    # plain-Python minimax over the two hands (one keep per deal: a few thousand pairs each)
    value_of = greedy_twin_value if policy == "greedy" else reference.minimax_pair_value
    for d, dealt in enumerate(random_deals(3 if policy == "greedy" else 1, seed=13)):
        keeps = [list(k) for k in combinations(dealt, 4)][d::5 if policy == "greedy" else 15]
        for role in ROLES:
            got = peg_value.peg_evs(dealt, keeps, role, policy, opponent="equilibrium")
            for keep, ev in zip(keeps, got):
                assert ev == reference.peg_ev_equilibrium_twin(dealt, keep, role, value_of, twin_keeps[other(role)])


def test_default_opponent_is_a_random_four_of_the_unseen_cards():
    # without opponent=..., E[peg] is the mean over every 4-card hand of the 46 unseen cards
    # (itertools: C(46, 4) = 163,185 hands), each played out by the greedy twin
    dealt = [16, 17, 24, 40, 45, 51]
    keeps = [list(k) for k in combinations(dealt, 4)][::4]
    for role in ROLES:
        for keep, ev in zip(keeps, peg_value.peg_evs(dealt, keeps, role, "greedy")):
            assert ev == reference.peg_ev_twin(dealt, keep, role, greedy_twin_value)


def test_the_opponent_model_changes_e_peg():
    dealt = [16, 17, 24, 40, 45, 51]
    keeps = [list(k) for k in combinations(dealt, 4)]
    for role in ROLES:
        rnd = peg_value.peg_evs(dealt, keeps, role, "minimax")
        eq = peg_value.peg_evs(dealt, keeps, role, "minimax", opponent="equilibrium")
        assert all(a != b for a, b in zip(rnd, eq))


# ------------------------------------------------------------------------ weights


def test_keep_weights_count_every_opponent_hand():
    # the six-card multisets' weights sum to C(46, 6); each 4-card keep's weight is at most the
    # number of ways to hold those four ranks times C(42, 2) throws
    ranks, counts, kept = peg_opponent.kernel_input("equilibrium", "dealer")  # the dealer's opponent
    ms = playvalue.multisets()
    for dealt in random_deals(4, seed=5):
        unseen = np.full(13, 4, np.int64)
        for c in dealt:
            unseen[c // 4] -= 1
        w, total = pegvalue.keep_weights(unseen, ranks, counts, kept, len(ms))
        assert total == int(w.sum()) == comb(46, 6)
        hold4 = np.array([np.prod([comb(int(u), int(k)) for u, k in zip(unseen, row)]) for row in ms])
        assert (w <= hold4 * comb(42, 2)).all() and (w[hold4 == 0] == 0).all()
        ones = np.ones((len(ms), len(ms)), np.int8)
        sums, bad = pegvalue.weighted_peg_sums(np.array([0, 5], np.int64), w, ones, True)
        assert bad == 0 and sums.tolist() == [total, total]
        sums, _ = pegvalue.weighted_peg_sums(np.array([7], np.int64), w, ones, False)
        assert sums.tolist() == [-total]


def test_weighted_sums_report_hands_that_do_not_fit():
    w = np.array([0, 3, 2], np.int64)
    values = np.full((3, 3), playvalue.INVALID, np.int8)
    values[1, 0] = 4
    sums, bad = pegvalue.weighted_peg_sums(np.array([0], np.int64), w, values, True)
    assert sums.tolist() == [12] and bad == 1       # row 2 skipped and counted


# ------------------------------------------------------------------------ every card hand


@pytest.fixture(scope="module")
def opponent_six_card_hands():
    """Every one of the C(46, 6) opponent card hands of one deal, counted by rank multiset: the
    hands are listed (numpy, from itertools), their ranks sorted and encoded, and np.unique
    counts how many card hands share each rank multiset."""
    dealt = [0, 5, 10, 14, 27, 33]  # A♣ 2♦ 3♥ 4♥ 7♠ 9♦
    unseen = np.array([c for c in range(52) if c not in dealt], np.int64)
    n = comb(46, 6)
    idx = np.fromiter(chain.from_iterable(combinations(range(46), 6)), np.int8, count=6 * n).reshape(n, 6)
    ranks = (unseen // 4).astype(np.int8)[idx]
    del idx
    ranks.sort(axis=1)
    key = np.zeros(n, np.int64)
    for j in range(6):
        key = key * 13 + ranks[:, j]
    del ranks
    keys, hands = np.unique(key, return_counts=True)
    sixes = []
    for k in keys.tolist():
        digits = []
        for _ in range(6):
            k, r = divmod(k, 13)
            digits.append(r + 1)
        sixes.append(tuple(reversed(digits)))
    return dealt, sixes, hands.tolist()


@pytest.mark.slow  # over 2 s on 2 cores
def test_equilibrium_peg_ev_over_every_card_hand(opponent_six_card_hands, twin_keeps):
    # E[peg] = sum over the opponent's card hands of the play value against what they keep,
    # over C(46, 6); the values from the play tables
    dealt, sixes, hands = opponent_six_card_hands
    assert sum(hands) == comb(46, 6)
    hands = np.array(hands, np.int64)
    keeps = [list(k) for k in combinations(dealt, 4)]
    row = playvalue.multiset_row
    for role in ROLES:
        theirs = np.array([row([r - 1 for r in twin_keeps[other(role)][six]]) for six in sixes])
        for policy in playvalue.POLICIES:
            values = playvalue.value_matrix(policy).astype(np.int64)
            got = peg_value.peg_evs(dealt, keeps, role, policy, opponent="equilibrium")
            for keep, ev in zip(keeps, got):
                mine = row([c // 4 for c in keep])
                margin = values[theirs, mine] if role == "dealer" else -values[mine, theirs]
                assert (margin != playvalue.INVALID).all() and (margin != -playvalue.INVALID).all()
                assert ev == Fraction(int((hands * margin).sum()), comb(46, 6))


# ------------------------------------------------------------------------ errors and the API


def test_opponent_errors():
    dealt = [16, 17, 24, 40, 45, 51]
    with pytest.raises(playvalue.PlayValueError, match="random or equilibrium"):
        peg_value.peg_evs(dealt, [dealt[:4]], "dealer", "greedy", opponent="smart")
    with pytest.raises(DiscardError, match="needs pegging"):
        analyse("5h 6h 7c jd qs kd", role="dealer", peg_opponent="equilibrium")
    with pytest.raises(playvalue.PlayValueError, match="random or equilibrium"):
        analyse("5h 6h 7c jd qs kd", role="dealer", pegging="greedy", peg_opponent="smart")
    with pytest.raises(playvalue.PlayValueError, match="dealer or pone"):
        peg_opponent.equilibrium_keeps("both")


@pytest.mark.parametrize("role", ROLES)
def test_analyse_adds_the_equilibrium_opponents_e_peg(role):
    plain = analyse("5h 6h 7c jd qs kd", role=role, pegging="minimax")
    a = analyse("5h 6h 7c jd qs kd", role=role, pegging="minimax", peg_opponent="equilibrium")
    assert a.peg_opponent == a.peg_opponent_model == "equilibrium" and plain.peg_opponent is None
    assert plain.peg_opponent_model == "random"
    assert a.peg_opponent_assumes == peg_opponent.OPPONENT_ASSUMES["equilibrium"]
    before = {r.throw: r for r in plain.throws}
    dealt = [c.code for c in a.dealt]
    want = peg_value.peg_evs(dealt, [[c.code for c in r.keep] for r in a.throws], role, "minimax",
                             opponent="equilibrium")
    for r, peg in zip(a.throws, want):
        assert r.peg_ev == peg and r.net_ev == before[r.throw].net_ev - before[r.throw].peg_ev + peg
    assert [r.net_ev for r in a.throws] == sorted((r.net_ev for r in a.throws), reverse=True)
    # (what the default opponent computes is held to an enumeration by
    # test_default_opponent_is_a_random_four_of_the_unseen_cards)


# ------------------------------------------------------------------------ the command line

ARGS = ("discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone", "--pegging", "greedy")
DEALT = [18, 22, 24, 41, 47, 49]  # 5♥ 6♥ 7♣ J♦ Q♠ K♦
BEST_KEEP = [18, 41, 47, 49]      # 5♥ J♦ Q♠ K♦ (throw 6♥ 7♣)


@pytest.fixture(scope="module")
def best_keep_twin(twin_keeps):
    """The pone's E[peg] of 5♥ J♦ Q♠ K♦ against the equilibrium dealer, by the naive twin: every
    six-card rank multiset the dealer may hold (itertools), its purified keep read row by row
    from the strategy file, each pair played out by the greedy twin."""
    return reference.peg_ev_equilibrium_twin(DEALT, BEST_KEEP, "pone", greedy_twin_value, twin_keeps["dealer"])


def test_cli_peg_opponent_text(cli, best_keep_twin):
    code, out, err = cli(*ARGS, "--peg-opponent", "equilibrium", "--top", "3")
    assert code == 0 and err == ""
    flat = " ".join(out.split())
    assert "play greedy against opponent model equilibrium" in flat
    assert "opponent model equilibrium: " + peg_opponent.OPPONENT_ASSUMES["equilibrium"] in flat
    assert max(len(line) for line in out.splitlines()) <= 80
    # the best throw's E[peg] (README: -1.620) is the twin's, not the library's own call
    assert "best: throw 6♥ 7♣, keep 5♥ J♦ Q♠ K♦" in flat and f"E[peg] {float(best_keep_twin):.3f}" in flat


def test_cli_without_the_flag_names_no_opponent_model(cli):
    for fmt in ((), ("--json",), ("--csv",)):
        code, out, _ = cli(*ARGS, *fmt)
        assert code == 0 and "opponent model" not in out and "peg_opponent" not in out


def test_cli_peg_opponent_needs_pegging(cli):
    code, out, err = cli("discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone", "--peg-opponent", "equilibrium")
    assert code == 2 and out == ""
    assert err == "crib-stats: error: discard: --peg-opponent needs --pegging POLICY (greedy or minimax)\n"
    code, out, err = cli(*ARGS, "--peg-opponent", "smart")
    assert code == 2 and out == "" and err.count("\n") == 1 and "invalid choice: 'smart'" in err


def test_cli_peg_opponent_json(cli, best_keep_twin):
    code, out, _ = cli(*ARGS, "--peg-opponent", "equilibrium", "--json")
    assert code == 0
    d = json.loads(out)
    assert d["pegging"] == "greedy" and d["peg_opponent"] == "equilibrium"
    assert d["peg_opponent_assumes"] == peg_opponent.OPPONENT_ASSUMES["equilibrium"]
    best = next(t for t in d["throws"] if t["keep"] == ["5♥", "J♦", "Q♠", "K♦"])
    assert Fraction(best["peg_ev_exact"]) == best_keep_twin
    for t in d["throws"]:
        assert Fraction(t["hand_ev_exact"]) - Fraction(t["crib_ev_exact"]) + Fraction(t["peg_ev_exact"]) == \
            Fraction(t["net_ev_exact"])


def test_cli_peg_opponent_csv(cli, best_keep_twin):
    import csv
    import io

    code, out, _ = cli(*ARGS, "--peg-opponent", "equilibrium", "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 15
    # the CSV says what the JSON says (two renderers of one analysis) and its best row is the twin's
    throws = json.loads(cli(*ARGS, "--peg-opponent", "equilibrium", "--json")[1])["throws"]
    for row, t in zip(rows, throws):
        assert row["peg_opponent"] == "equilibrium"
        assert row["peg_opponent_assumes"] == peg_opponent.OPPONENT_ASSUMES["equilibrium"]
        assert Fraction(row["peg_ev_exact"]) == Fraction(t["peg_ev_exact"])
    assert Fraction(rows[0]["peg_ev_exact"]) == best_keep_twin and throws[0]["keep"] == ["5♥", "J♦", "Q♠", "K♦"]
    code, random_out, _ = cli(*ARGS, "--peg-opponent", "random", "--csv")
    code, plain_out, _ = cli(*ARGS, "--csv")
    for got, plain in zip(csv.DictReader(io.StringIO(random_out)), csv.DictReader(io.StringIO(plain_out))):
        assert got.pop("peg_opponent") == "random" and got.pop("peg_opponent_assumes")
        assert got == plain


def test_assumptions_are_one_csv_field():
    for text in peg_opponent.OPPONENT_ASSUMES.values():
        assert not set(text) & {",", '"', "\n"}


@pytest.mark.slow  # over 2 s on 2 cores
def test_kernel_warmup_compiles_every_pegvalue_kernel():
    # in a fresh process the package's warmup() (crib_stats.kernels.warmup) leaves no pegvalue
    # kernel without a signature (behaviour, not the text of the warm-up's source)
    from test_policies import warmed_up

    assert warmed_up("pegvalue", "crib_stats.kernels", ["keep_weights", "weighted_peg_sums"]) == []
